"""The data that flows between build stages: small frozen dataclasses, no behaviour beyond views."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Section:
    """One addressable piece of a document, as a parser produces it.

    ``heading_path`` holds the headings above this one, outermost first; it never includes
    ``heading`` itself. ``body`` is readable plain text with code kept as fenced blocks
    (three backticks, an optional language, the code, three backticks). Lines are 1-based and
    inclusive, counted in the source file. ``anchor`` is the id a reader of the rendered page
    links to; parsers propose one, and the pipeline makes it unique within its file.
    ``kind`` is "api" for the description of one API object (a function, a class...), whose
    body starts with its signatures as inline code, and "text" for everything else.
    """

    heading: str
    heading_path: tuple[str, ...]
    body: str
    source: str
    line_start: int
    line_end: int
    anchor: str
    level: int = 1
    kind: str = "text"

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.body.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class SourceFile:
    """A file admitted into a version: its path relative to the version root, its text, and
    the sha256 of the bytes that text was decoded from (what the build cache keys on).
    A PDF or Office file has no text yet: its bytes are in ``data``, for its reader."""

    relpath: str
    text: str
    sha256: str = ""
    data: bytes | None = None

    @property
    def size(self) -> int:
        return len(self.data) if self.data is not None else len(self.text.encode("utf-8"))


@dataclass(frozen=True)
class SkippedFile:
    """A file left out of a version, and the reason a user reads in the build report."""

    relpath: str
    reason: str


@dataclass(frozen=True)
class Warning_:
    """A problem that does not stop the build unless ``--strict`` is given."""

    where: str
    message: str


@dataclass(frozen=True)
class ApiUse:
    """What a file's API directives (autodoc, mkdocstrings) took from the version's code."""

    objects: int = 0  # objects documented from code
    without_code: str = ""  # the first API directive ("automodule at page:line") with no code


@dataclass(frozen=True)
class ParsedFile:
    """What one parser made of one file."""

    relpath: str
    title: str
    sections: tuple[Section, ...]
    warnings: tuple[Warning_, ...] = field(default=())
    api: ApiUse | None = None  # None when the file has no API directive
