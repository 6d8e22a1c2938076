"""A built changelog's release written as a bold paragraph (``<p><strong>5.4.6</strong>
(2022-12-07)</p>``) heads a section, as it does in the reST and Markdown it was built from
(builder.parsers.rst.release_paragraphs, builder.parsers.markdown.bold_releases).

python-cbor2-doc 5.4.6's versionhistory.html writes each release so under its one title: the
history read as two sections cut by size, a question about one release finding a part that
holds twenty. In a page named as a changelog, a paragraph holding one bold element alone (a
date in parentheses or after a dash may follow) that names a release is such a heading.
"""

from __future__ import annotations

from lxml.etree import _Element as Element

from builder.parsers.html.element_text import text_of
from builder.parsers.release_lines import BOLD_RELEASE
from schemas.changelogs import CHANGELOG_FILE, is_release_heading

_BOLD_TAGS = frozenset({"strong", "b"})


def is_changelog(relpath: str) -> bool:
    """Whether the page at ``relpath`` is named as a changelog, where bold release lines head
    sections."""
    return CHANGELOG_FILE.search(relpath) is not None


def release_title(paragraph: Element) -> str | None:
    """The release ``paragraph`` of a changelog names, when it is a bold release line."""
    if len(paragraph) != 1 or (paragraph.text or "").strip():
        return None
    bold = paragraph[0]
    if bold.tag not in _BOLD_TAGS or len(bold):
        return None
    name, tail = " ".join(text_of(bold).split()), " ".join((bold.tail or "").split())
    if not BOLD_RELEASE.fullmatch(f"**{name}**" + (f" {tail}" if tail else "")):
        return None
    title = f"{name} {tail}".strip()
    return title if is_release_heading(title) else None
