"""Find the fragment that scrolls a built HTML page to one of its headings.

Generators put a heading's id in different places: on the heading, on the section it opens
(Sphinx) or the division it starts (DocBook's ``<div class="refsect1" id="..."><h2>``), in its
permalink (``<a href="#id">¶</a>``; Node.js' ``#`` links to ``comparison-details_1`` where a
slug would say ``comparison-details-1``), on the division DocBook XSL wraps its title in
(``<div class="sect1" id="DATATYPE-NUMERIC"><div class="titlepage">...<h2>``), on an
empty anchor just before it (makeinfo's ``<span id="Architecture-1"></span>``), or on an
anchor inside it (Doxygen's ``<h2 class="groupheader"><a id="define-members"></a>Macros``,
GTK-Doc's page titles, older pages' ``<h2><a name="install">Install</a></h2>``), or on an
empty anchor before the list whose first item it opens (javadoc 8 to 15's members). A slug of
the heading's text is the last resort, and names no element of a page that has none of these.
"""

from __future__ import annotations

from lxml.etree import _Element as Element

from builder.parsers.html.body_text import HEADING_TAGS, heading_text
from builder.parsers.html.class_names import has_class
from builder.parsers.html.element_text import is_element, text_of
from schemas.anchors import slugify

# The characters a permalink shows (as body_text removes them from headings).
# VitePress' permalink shows a zero-width space (its stylesheet draws "#").
_PERMALINK_MARKS = frozenset({"¶", "§", "🔗", "#", "\u200b"})
# DocBook XSL nests a title this deep in its div.titlepage (titlepage > div > div > h2).
_MAX_TITLEPAGE_DEPTH = 4


def heading_anchor(heading: Element) -> str:
    """The fragment of ``heading`` in its page: the first id one of the places above holds,
    else a slug of its text."""
    ident = str(heading.get("id", "")).strip()
    if ident:
        return ident
    parent = heading.getparent()
    if parent is not None and parent.get("id"):
        opens_parent = parent.tag == "section" or has_class(parent, "section")
        if opens_parent and _first_heading(parent) is heading:
            return str(parent.get("id", "")).strip()
        # DocBook's reference sections (<div class="refsect1" id="SQL-LOAD-DESCRIPTION"><h2>):
        # a division whose first element is the heading.
        if parent.tag == "div" and _first_element(parent) is heading:
            return str(parent.get("id", "")).strip()
    return (
        _permalink_target(heading)
        or _titlepage_owner_id(heading)
        or _anchor_before(heading)
        or _anchor_inside(heading)
        or _anchor_before_list(heading)
        or slugify(heading_text(heading))
    )


def _first_element(element: Element) -> Element | None:
    return next((child for child in element if is_element(child)), None)


def _first_heading(element: Element) -> Element | None:
    for child in element:
        if is_element(child) and child.tag in HEADING_TAGS:
            return child
    return None


def _permalink_target(heading: Element) -> str:
    """The fragment of a permalink inside ``heading``: a link to ``#id`` showing only a mark."""
    for link in heading.iter("a"):
        href = str(link.get("href", ""))
        if href.startswith("#") and len(href) > 1:
            shown = text_of(link).strip()
            if shown in _PERMALINK_MARKS:
                return href[1:]
    return ""


def _titlepage_owner_id(heading: Element) -> str:
    """The id of the element whose DocBook ``div.titlepage`` holds ``heading``, or ""."""
    node = heading.getparent()
    for _ in range(_MAX_TITLEPAGE_DEPTH):
        if node is None:
            return ""
        if has_class(node, "titlepage"):
            owner = node.getparent()
            return str(owner.get("id", "")).strip() if owner is not None else ""
        node = node.getparent()
    return ""


def _anchor_before(heading: Element) -> str:
    """The id (or name) of an empty ``<span>`` or ``<a>`` right before ``heading``, with only
    whitespace between (makeinfo's, older pages' ``<a name>``); else ""."""
    before = heading.getprevious()
    if before is None or before.tag not in ("span", "a") or len(before):
        return ""
    if (before.text or "").strip() or (before.tail or "").strip():
        return ""
    return str(before.get("id") or before.get("name") or "").strip()


def _anchor_before_list(heading: Element) -> str:
    """The anchor right before the list whose first item ``heading`` opens: javadoc 8 to 15
    write a member as ``<a id="nargs(int)"></a><ul class="blockList"><li class="blockList">
    <h4>nargs</h4>``, and a slug of "nargs" named no element, twice for two overloads."""
    item = heading.getparent()
    if item is None or item.tag != "li" or _first_element(item) is not heading:
        return ""
    listing = item.getparent()
    if listing is None or listing.tag != "ul" or _first_element(listing) is not item:
        return ""
    return _anchor_before(listing)


def _anchor_inside(heading: Element) -> str:
    """The name (or id) of the first ``<a>`` inside ``heading`` that is a target, not a link
    (no href), or of an empty ``<span>`` there; else ""."""
    for anchor in heading.iter("a", "span"):
        ident = str(anchor.get("id") or anchor.get("name") or "").strip()
        if not ident:
            continue
        if anchor.tag == "a" and anchor.get("href") is None:
            return ident
        if anchor.tag == "span" and not len(anchor) and not (anchor.text or "").strip():
            return ident
    return ""
