"""Find a page's quick index: the lists, in a box of headings and lists alone, that only
link to places in their own page.

Apache httpd's manual opens each page with a div#quickview of such lists ("Topics",
"Directives": a link to each section below), read as sections of their own that repeat the
page's headings. Such a list is navigation, whatever site writes it. A list with any text of
its own, a link to another page or to an anchor the page lacks, stays: so does one among a
section's paragraphs (the manual's "See also" under a directive, which names a directive of the
same page), and the box's list of other pages (its "See also").
"""

from __future__ import annotations

from lxml import etree
from lxml.etree import _Element as Element

from builder.parsers.html.body_text import select
from builder.parsers.html.element_text import text_of

_LINKS = etree.XPath("descendant::a")
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
_LISTS = frozenset({"ul", "ol"})
_ANCHORS = etree.XPath("//@id | //a/@name")


def fragment_lists(root: Element) -> list[Element]:
    """The lists under ``root`` (not ``root`` itself) whose items only link to anchors of the
    page."""
    # Every list, walked in C (an XPath asking each list for a fragment link and no list
    # above cost 0.3 s over the Python docs' 498 pages); the few after a heading are asked
    # the rest here. A nested list is judged with its own.
    candidates = [
        found
        for found in root.iter("ul", "ol")
        if found is not root and _in_index_box(found) and not _nested(found)
    ]
    if not candidates:
        return []
    anchors: set[str] | None = None
    found: list[Element] = []
    for listing in candidates:
        links = select(listing, _LINKS)
        targets = [link.get("href", "") for link in links]
        if not links or not all(target.startswith("#") and target[1:] for target in targets):
            continue
        if "".join(text_of(listing).split()) != "".join(
            "".join(text_of(link).split()) for link in links
        ):
            continue  # text of its own beside the links
        if anchors is None:
            values = _ANCHORS(root)
            anchors = {str(value) for value in values} if isinstance(values, list) else set()
        if all(target[1:] in anchors for target in targets):
            found.append(listing)
    return found


def _nested(listing: Element) -> bool:
    return any(up.tag in _LISTS for up in listing.iterancestors())


def _in_index_box(listing: Element) -> bool:
    """Whether ``listing`` follows a heading in a box (its parent) of headings and lists
    alone, with no text of its own. A box of a list alone is a layout's (SQLite's columns of
    an object's methods, a table's cell) and stays."""
    box = listing.getparent()
    if box is None or (box.text or "").strip():
        return False
    heading = listing.getprevious()
    if heading is None or heading.tag not in _HEADINGS:
        return False
    return all(
        (child.tag in _HEADINGS or child.tag in _LISTS) and not (child.tail or "").strip()
        for child in box
    )
