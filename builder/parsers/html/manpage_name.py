"""Find the NAME section of an AsciiDoc manual page, which it writes in the page's header.

AsciiDoc and Asciidoctor render a manpage (Git's) as ``#header`` holding the title, then the
NAME heading and its one line ("git-var - Show a Git logical variable"), beside ``#content``
holding every other section. The content root is ``#content``, so that line, the page's
summary, would be left with the header's chrome.
"""

from __future__ import annotations

from itertools import pairwise

from lxml.etree import _Element as Element

from builder.parsers.html.class_names import has_class
from builder.parsers.html.element_text import is_element


def adopt_manpage_name(root: Element) -> None:
    """Move the NAME heading and its text from the ``#header`` before ``root`` (an AsciiDoc
    ``#content``) to the start of ``root``; leave any other page as it is."""
    if root.get("id") != "content":
        return
    header = root.getprevious()
    while header is not None and not is_element(header):
        header = header.getprevious()
    if header is None or header.get("id") != "header":
        return
    children = [child for child in header if is_element(child)]
    for heading, body in pairwise(children):
        if heading.tag == "h2" and body.tag == "div" and has_class(body, "sectionbody"):
            root.insert(0, body)
            root.insert(0, heading)
            return
