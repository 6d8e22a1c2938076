"""Put each tab's label of a pymdownx tab set above its own content, as the reader picks them.

pymdownx.tabbed's alternate style (Material for MkDocs' default) writes a set's labels together
in ``div.tabbed-labels`` and the tabs' contents after them in ``div.tabbed-content``, one
``div.tabbed-block`` each; read in document order the labels ran into one word ("Same as
'admonition'Same as 'details'", markdown-callouts' docs) over contents that no label named.
Sphinx-design and the older pymdownx style write each label before its content already.
"""

from __future__ import annotations

from lxml import etree
from lxml.etree import _Element as Element

from builder.parsers.html.body_text import select
from builder.parsers.html.element_text import text_of

_MARK = "tabbed-labels"  # looked for in the page's text before its tree is searched
_TAB_SETS = etree.XPath("descendant::div[contains(concat(' ', @class, ' '), ' tabbed-set ')]")
_LABELS = etree.XPath("div[contains(concat(' ', @class, ' '), ' tabbed-labels ')]")
_LABEL = etree.XPath("label")
_BLOCKS = etree.XPath(
    "div[contains(concat(' ', @class, ' '), ' tabbed-content ')]"
    "/div[contains(concat(' ', @class, ' '), ' tabbed-block ')]"
)


def interleave_tab_labels(root: Element, text: str) -> None:
    """Move each label of every alternate-style tab set under ``root`` (``text``: the page's)
    to the start of its tab's content, as a paragraph; a set whose labels and contents do not
    pair up is left as it is."""
    if _MARK not in text:
        return
    for tab_set in select(root, _TAB_SETS):
        boxes = select(tab_set, _LABELS)
        if len(boxes) != 1:
            continue
        labels, blocks = select(boxes[0], _LABEL), select(tab_set, _BLOCKS)
        if not labels or len(labels) != len(blocks):
            continue
        for label, block in zip(labels, blocks, strict=True):
            paragraph = etree.Element("p")
            paragraph.text = " ".join(text_of(label).split())
            paragraph.tail = "\n"
            block.insert(0, paragraph)
        tab_set.remove(boxes[0])
