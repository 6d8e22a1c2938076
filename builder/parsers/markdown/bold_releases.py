"""A Markdown changelog's release written as a bold paragraph (``**5.12.1 / 2026-11-13**``)
heads a section, as it does in a reST one (builder.parsers.rst.release_paragraphs).

fast-xml-parser's CHANGELOG.md has no heading at all: each release is a bold line over its
list of changes, and the whole history read as one section cut in six parts by size, a
question about one release finding a part that holds twenty. In a file named as a changelog,
a top-level paragraph of one line that is all bold (a date in parentheses or after a dash may
follow) and names a release becomes a heading one level below the heading above it (level 2
with none above: a level 1 first heading would title the page).
"""

from __future__ import annotations

from markdown_it.token import Token

from builder.parsers.release_lines import BOLD_RELEASE
from schemas.changelogs import CHANGELOG_FILE, is_release_heading

_DEEPEST = 6


def head_bold_releases(tokens: list[Token], lines: list[str], relpath: str) -> None:
    """Turn each bold release paragraph of the changelog ``relpath`` into a heading, in place
    (the tokens keep their count, so the closers matched over them still hold)."""
    if not CHANGELOG_FILE.search(relpath):
        return
    above = 1  # the level of the last heading written as one
    for index, token in enumerate(tokens):
        if token.level != 0:
            continue
        if token.type == "heading_open":
            above = int(token.tag[1])
        elif token.type == "paragraph_open" and _is_bold_release(token, lines):
            tag = f"h{min(above + 1, _DEEPEST)}"
            token.type, token.tag, token.markup = "heading_open", tag, "#"
            close = tokens[index + 2]
            close.type, close.tag, close.markup = "heading_close", tag, "#"


def _is_bold_release(token: Token, lines: list[str]) -> bool:
    """Whether the paragraph ``token`` is one line, all bold, naming a release."""
    if token.map is None or token.map[1] - token.map[0] != 1:
        return False
    line = lines[token.map[0]].strip()
    # The bold span holds no "*", so its markers are the line's only "**".
    return BOLD_RELEASE.fullmatch(line) is not None and is_release_heading(line.replace("**", ""))
