"""Keep apart the labels Doxygen writes beside a member's declaration, and the names
gi-docgen's headings separate with its stylesheet alone.

Doxygen shows a member's qualifiers as boxes beside its signature, each a ``span.mlabel`` with
nothing between them (``<span class="mlabel">inline</span><span class="mlabel">protected
</span>``): their text ran together, "inlineprotected", "virtualdefault", "strongprotected",
and a search for "protected" or "virtual" found none of them. Each label after another is set
off by a space, as the boxes are on the page.

gi-docgen heads a member's page with its namespace, type and name, an empty ``span.sep``
between them that its stylesheet draws as "▸": read as "GgitIndexEntryget_flags" (826 pages
of libgit2-glib 1.1.0's), a name no search finds. Each reads as the dot of the qualified name
the page's metadata gives ("Ggit.IndexEntry.get_flags").
"""

from __future__ import annotations

from lxml import etree
from lxml.etree import _Element as Element

from builder.parsers.html.body_text import select
from builder.parsers.html.page_head import DOXYGEN, GI_DOCGEN, PageHead

# A label right after another: its element is the next one, with no text between them.
# The label before each is looked for in Python: libxml2 reads "preceding-sibling::*[1]" by
# listing every earlier sibling, and 16,000 labels in a row took 1.8 s.
_LABELS = etree.XPath("descendant::span[@class='mlabel']")
_SEPARATORS = etree.XPath("descendant::span[@class='sep'][not(node())]")


def space_member_labels(root: Element, head: PageHead) -> None:
    """Set off each Doxygen member label that follows another under ``root`` by a space, on a
    page whose head ``head`` names Doxygen."""
    if not head.names(DOXYGEN):
        return
    for label in select(root, _LABELS):
        previous = label.getprevious()
        while previous is not None and not isinstance(previous.tag, str):  # a comment
            previous = previous.getprevious()
        if (
            previous is not None
            and previous.tag == "span"
            and previous.get("class") == "mlabel"
            and not (previous.tail or "").strip()
        ):
            previous.tail = " "


def show_name_separators(root: Element, head: PageHead) -> None:
    """Give each empty gi-docgen separator under ``root`` the dot of a qualified name, on a
    page whose head ``head`` names gi-docgen."""
    if head.names(GI_DOCGEN):
        for separator in select(root, _SEPARATORS):
            separator.text = "."
