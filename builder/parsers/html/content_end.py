"""Parse a page only as far as the end of its main content, when that end can be found.

Sphinx themes write the sidebar, the related-pages bar and the footer after the article
(``role="main"``): a tenth of the Python 3.11 docs' bytes, which libxml2 would parse into a
tree and free again for nothing. libxml2 builds its tree in document order, so the tree of the
page's bytes up to the end tag that closes the article holds the article, its ancestors and
everything before it exactly as the whole page's tree does: the elements that start before
that point are the same elements, and the article is complete once it is closed.

The end tag is found by counting the article's own tag in the bytes after its start tag; a
marker element is parsed after it. The cut is taken only when the tree shows it is right: the
first ``role="main"`` element is closed before the marker (a count fooled by a tag written in
a comment or a script would leave it open) and the page's ``<title>`` is before the cut.
Otherwise the caller parses the whole page, as it must to look for anything after the main
content (``generated_pages`` does).
"""

from __future__ import annotations

import re

from lxml.etree import _Element as Element

from builder.parsers.html.main_content import XML_DECLARATION, has_title, parse_html_bytes

# An element no HTML names: its start tag closes no open element, so whatever is still open
# when it comes holds it.
_MARKER_TAG = "doctrove-cut"
_MARKER = f"<{_MARKER_TAG}>".encode()
_MAIN_ROLE = b'role="main"'
_TAG_NAME = re.compile(rb"<([A-Za-z][A-Za-z0-9]*)[\t\n\f\r ]")
# What may follow a tag's name in its start or end tag.
_AFTER_NAME = frozenset(b"\t\n\f\r />")


def load_main(text: str, utf8: bytes | None) -> tuple[Element, bytes] | None:
    """The main content element (``find_main``'s) of the page (``text``, decoded from
    ``utf8``) parsed up to that element's end, with the bytes parsed (the page up to the cut),
    or None when no safe cut was found (then parse the whole page). Its tree
    (``getroottree``) holds what comes before the cut, and its lines are those of the bytes."""
    if utf8 is None or XML_DECLARATION.match(text):
        return None
    at = utf8.find(_MAIN_ROLE)
    if at < 0:
        return None
    start = utf8.rfind(b"<", 0, at)
    name = _TAG_NAME.match(utf8, start) if start >= 0 else None
    if name is None:
        return None
    end = _closing_end(utf8, name.end(), name.group(1).lower())
    if end is None or end == len(utf8):
        return None
    parsed = utf8[:end]
    document = parse_html_bytes(parsed + _MARKER)
    if document is None or not has_title(document):
        return None
    main = _main_closed_before_marker(document)
    return None if main is None else (main, parsed)


def _closing_end(data: bytes, after: int, tag: bytes) -> int | None:
    """The offset after the end tag that closes the ``tag`` element whose start tag's name
    ends at ``after``, counting the start and end tags of ``tag`` (written in lowercase), or
    None when it is not found."""
    opening, closing = b"<" + tag, b"</" + tag
    depth = 1
    position = after
    next_open = _next_tag(data, opening, position)
    while True:
        close = _next_tag(data, closing, position)
        if close < 0:
            return None
        while 0 <= next_open < close:
            depth += 1
            next_open = _next_tag(data, opening, next_open + len(opening))
        depth -= 1
        position = close + len(closing)
        if depth == 0:
            end = data.find(b">", position)
            return None if end < 0 else end + 1


def _next_tag(data: bytes, written: bytes, start: int) -> int:
    """Where ``written`` (``<name`` or ``</name``) next starts a tag of that name, or -1."""
    at = data.find(written, start)
    while at >= 0:
        follows = at + len(written)
        if follows < len(data) and data[follows] in _AFTER_NAME:
            return at
        at = data.find(written, follows)
    return at


def _main_closed_before_marker(document: Element) -> Element | None:
    """The first ``role="main"`` element, which ``find_main`` takes, when the marker is the
    tree's last element and outside it; else None."""
    last = document
    while len(last):
        last = last[-1]
    if last.tag != _MARKER_TAG:
        return None
    main = document if document.get("role") == "main" else document.find(".//*[@role='main']")
    if main is None or any(ancestor is main for ancestor in last.iterancestors()):
        return None
    return main
