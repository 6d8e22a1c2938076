"""The two readings of an lxml node every HTML module shares: whether it is an element, and
its text."""

from __future__ import annotations

from lxml import etree
from lxml.etree import _Element as Element


def is_element(node: object) -> bool:
    """True for elements; comments and processing instructions have a non-str tag."""
    return isinstance(getattr(node, "tag", None), str)


def text_of(element: Element) -> str:
    """All text under ``element``, markup ignored, whitespace as in the source."""
    return etree.tostring(element, method="text", encoding="unicode", with_tail=False)
