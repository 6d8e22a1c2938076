"""A changelog's release written as a bold paragraph (``**3.11.3**``) heads a section.

APScheduler's version history writes each release so, with no title over it: the whole history
read as one section (cut in parts by size), and a question about one release found a part
holding twenty. In a file named as a changelog, a paragraph of one line that is all bold (a
date in parentheses or after a dash may follow) and names a release is a heading one level
below the title around it. So is the term of a definition list whose term is a version alone,
its definition the release's text (blessed's history.rst: "1.53", its changes indented under it;
the history read as six parts of twenty releases each).
"""

from __future__ import annotations

from builder.parsers.docutils_ids import docutils_id
from builder.parsers.release_lines import BOLD_RELEASE
from builder.parsers.rst.events import DocState, Heading
from builder.parsers.rst.inline import render_inline
from schemas.changelogs import CHANGELOG_FILE, VERSION_FIRST, is_release_heading


def release_heading(lines: list[str], i: int, first: int, doc: DocState) -> Heading | None:
    """The heading the paragraph at ``lines[i]`` is, when it is a changelog's bold release."""
    if i + 1 < len(lines) and lines[i + 1]:  # a paragraph of more than one line
        return None
    if not BOLD_RELEASE.fullmatch(lines[i]) or not CHANGELOG_FILE.search(doc.relpath):
        return None
    return _release_at(lines[i], first + i)


def release_term(lines: list[str], i: int, first: int, doc: DocState) -> Heading | None:
    """The heading the definition list term at ``lines[i]`` is, when it is a changelog's
    release: it starts with a version, and names nothing else ("Python 3.8" under a release
    may be a term of its list)."""
    if i + 1 >= len(lines) or not lines[i + 1].startswith(" "):
        return None
    if not VERSION_FIRST.match(lines[i]) or not CHANGELOG_FILE.search(doc.relpath):
        return None
    return _release_at(lines[i], first + i)


def _release_at(text: str, line: int) -> Heading | None:
    """The one-line heading ``text`` at ``line`` is, when what it reads as names a release."""
    title = " ".join(render_inline(text, heading=True).split())
    if not is_release_heading(title):
        return None
    return Heading(title=title, line=line, last_line=line, claim_line=line,
                   anchor=docutils_id(title), below_title=1)  # fmt: skip
