"""FastAPI-style includes: ``{* file.py *}`` and ``{! file !}`` lines replaced by the file.

Two Python-Markdown extensions that FastAPI, Typer and SQLModel enable in ``mkdocs.yml``:
markdown-include-variants turns a ``{* path ln[1:3,8] hl[2] *}`` line into a code block of the
file (``ln`` picks lines, ``hl`` only highlights), and mdx_include puts a file's text in place of
``{! path !}``, most often inside a code fence the page opens itself (a ``+``, ``-`` or ``>``
after ``{!`` sets how it nests). Both read paths from the folder MkDocs runs in, as snippets do.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from builder.includes import IncludeReader, IncludeRefused
from builder.parsers.markdown.spliced import SpliceBuilder, Spliced

# The path names a file (a dot or a slash in it), so a line of code such as "{*rest*}" is not
# taken for an include and dropped when no such file is found.
_VARIANT = re.compile(
    r"^(?P<space>[ \t]*)\{\*[ \t]*(?P<path>[^\s*]*[./][^\s*]*)(?P<options>[^}]*?)\*\}[ \t]*$"
)
_LINES = re.compile(r"\bln\[([\d:, ]+)\]")
_MDX = re.compile(
    r"^(?P<space>[ \t]*)\{![+\->]?[ \t]*(?P<path>[^|!\s]*[./][^|!\s]*)"
    r"(?:[ \t]*\|[^!]*)?[ \t]*!\}[ \t]*$"
)
# A block's language, by the file's suffix; others are named by the suffix itself.
_LANGUAGES = {".py": "python", ".js": "javascript", ".ts": "typescript", ".sh": "bash"}


def has_include_variants(text: str) -> bool:
    """The quick test: a text without these signs has no such include."""
    return "{*" in text or "{!" in text


def splice_include_variants(page: Spliced, relpath: str, reader: IncludeReader) -> Spliced:
    """``page`` with each ``{* *}`` line replaced by a code block and each ``{! !}`` line by
    the file's text; a file that cannot be read leaves a warning and no text."""
    builder = SpliceBuilder()
    for number, line in enumerate(page.text.split("\n")):
        variant = _VARIANT.match(line) if "{*" in line else None
        mdx = _MDX.match(line) if variant is None and "{!" in line else None
        found = variant or mdx
        if found is None:
            builder.add(line, number)
            continue
        path = found.group("path").strip()
        try:
            text = reader.read(relpath, path, snippet=True).text
        except IncludeRefused as exc:
            builder.note(number, f"include not read: {exc}")
            continue
        lines = text.split("\n")
        if lines and not lines[-1]:
            lines.pop()
        if variant is not None:
            picked = _LINES.search(variant.group("options"))
            language = _LANGUAGES.get(PurePosixPath(path).suffix, PurePosixPath(path).suffix[1:])
            lines = [f"```{language}", *(_pick(lines, picked.group(1)) if picked else lines), "```"]
        for included in lines:
            builder.add(found.group("space") + included if included else included, number)
    return builder.build(page)


def _pick(lines: list[str], ranges: str) -> list[str]:
    """The lines ``ranges`` names (``1:3,8``: 1-based, inclusive), ``...`` between its parts."""
    picked: list[str] = []
    for part in ranges.replace(" ", "").split(","):
        first, _, last = part.partition(":")
        if not first.isdigit() or not (last or first).isdigit():
            continue
        if picked:
            picked.append("...")
        picked.extend(lines[int(first) - 1 : int(last or first)])
    return picked
