"""What the Markdown parser reads a page's top-level blocks as, in order: headings, text, and
the end of a directive fence that held only API descriptions."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PageHeading:
    level: int
    text: str
    anchor: str
    line: int  # 0-based
    claim: int = -1  # 0-based first line the section owns, above the heading for a target
    kind: str = "text"  # "api" for an API description read from a directive
    last: int = -1  # 0-based last line of a description a fence ends; -1: the next heading's
    banner: bool = False  # an HTML heading centred or showing only images

    @property
    def first_line(self) -> int:
        return self.line if self.claim < 0 else self.claim


@dataclass(frozen=True)
class PageText:
    text: str
    line: int  # 0-based line where the text's block starts


@dataclass(frozen=True)
class FenceEnd:
    """The end of a directive fence that held only API descriptions: the last ``headings``
    headings before this are its own, and ``line`` (0-based) is its last line."""

    headings: int
    line: int
