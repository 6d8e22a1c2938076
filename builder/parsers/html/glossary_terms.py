"""Sphinx glossaries in built HTML: each term a section of its own, anchored as Sphinx anchors
it (``#term-coroutine``).

A glossary is one ``<dl class="glossary">`` of terms, each ``<dt id="term-...">`` (several dt for
one definition when a term has synonyms) over its ``<dd>``. Read as one list, the Python
docs' 200 terms made one section cut into nine parts by size, so a question about one term
was answered with a part holding twenty others, and the term's own address was lost.
"""

from __future__ import annotations

from lxml.etree import _Element as Element

from builder.parsers.docutils_ids import GLOSSARY_TERM_PREFIX
from builder.parsers.html.class_names import classes, has_class
from builder.parsers.html.element_text import is_element

# How the id Sphinx gives a glossary term's dt starts.
TERM_ID = f"{GLOSSARY_TERM_PREFIX}-"
# Blocks (and admonitions) a glossary in which stays their text, its terms above their
# definitions, as the reST reader reads one in a note or a list: a section opened there took
# the rest of the block with it, and a list lost its items' marks.
_TEXT_BLOCKS = frozenset({"li", "td", "th", "blockquote", "details"})
# A tab's content, which shows only under its label as a dropdown's does: sphinx-design's
# tab-item, sphinx-inline-tabs', sphinx-tabs' panel (role="tabpanel"), pymdownx.tabbed's block.
_TAB_PANELS = frozenset({"sd-tab-content", "tab-content", "sphinx-tabs-panel", "tabbed-block"})


def is_glossary_list(element: Element) -> bool:
    """True for a ``<dl>`` Sphinx wrote for a glossary: its class says so and its first term
    has a term's id (a glossary written by hand in another tool may have neither)."""
    if element.tag != "dl" or "glossary" not in classes(element) or _in_text_block(element):
        return False
    first = next((child for child in element if is_element(child) and child.tag == "dt"), None)
    return first is not None and str(first.get("id", "")).startswith(TERM_ID)


def _in_text_block(element: Element) -> bool:
    """Whether a list item, table cell, quote, admonition or tab holds ``element`` inside the
    section it is in."""
    node = element.getparent()
    while node is not None and node.tag != "section" and not has_class(node, "section"):
        if (
            node.tag in _TEXT_BLOCKS
            or has_class(node, "admonition")
            or node.get("role") == "tabpanel"
            or not _TAB_PANELS.isdisjoint(classes(node))
        ):
            return True
        node = node.getparent()
    return False
