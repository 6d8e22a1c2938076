"""Find the links back to the top of the page a site sets under each of its sections.

Apache httpd's manual ends each section with a div.top holding an arrow image, its alt text
"top", linking to the page's header: read as a line "top" at the end of 1,519 of the manual's
3,565 sections. Such a link (to a fragment of the page, its text or image's alt text "top" or
"back to top") alone in its block is navigation, whatever site writes it; the pages whose bytes
hold no such text are not searched.
"""

from __future__ import annotations

import re

from lxml import etree
from lxml.etree import _Element as Element

from builder.parsers.html.body_text import select

# Its text or an image's alt text is the word alone, as the page's bytes (lowercased) write
# it: "top" ended by a space, tag or quote, after a tag or an alt attribute's opening. The search
# looks for the end first, a literal the regex engine finds fast, then looks back at most
# LOOK_BACK bytes: one pattern that began with the alternatives tried every '>' of the page,
# 0.6 s of a cold build of Python's 498 pages (now 0.06 s).
_TOP_END = re.compile(rb"""top(?:\s|[<>/"'])""")
_BEFORE_TOP = re.compile(rb"""(?:>|alt=["']?)\s*(?:back to )?\Z""")
LOOK_BACK = 64
_TOP_LINKS = etree.XPath(
    "descendant::a[starts-with(@href, '#')]"
    "[translate(normalize-space(concat(., img/@alt)), 'BACKTOP', 'backtop') = 'top'"
    " or translate(normalize-space(concat(., img/@alt)), 'BACKTOP', 'backtop') = 'back to top']"
)


def top_links(root: Element, source: bytes | None) -> list[Element]:
    """The blocks under ``root`` holding a link back to the page's top and nothing else
    (``source``: the page's UTF-8 when the caller has it); a link in a line of text is a word
    of it."""
    if source is not None and not _may_hold(source):
        return []
    found: list[Element] = []
    for link in select(root, _TOP_LINKS):
        parent = link.getparent()
        if parent is not None and _holds_alone(parent, link, root):
            found.append(parent)
    return found


def _holds_alone(block: Element, link: Element, root: Element) -> bool:
    """Whether ``block`` (not ``root``) holds ``link`` and nothing else."""
    if block is root or len(block) != 1:
        return False
    return not (block.text or "").strip() and not (link.tail or "").strip()


def _may_hold(source: bytes) -> bool:
    """Whether the page's bytes write a link text or alt text "top" or "back to top"."""
    lowered = source.lower()
    for end in _TOP_END.finditer(lowered):
        if _BEFORE_TOP.search(lowered, max(0, end.start() - LOOK_BACK), end.start()):
            return True
    return False
