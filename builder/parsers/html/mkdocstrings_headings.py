"""Name each object mkdocstrings documents by its path, its signature the first line of its text.

mkdocstrings writes an object's signature as its heading (``<h2 id="httpx.Client.request"
class="doc doc-heading"><code>request(method, url, *, content=None, ...)</code>``), which a
section's heading holds only so far: cut there, a long signature lost its last parameters
(httpx's ``request`` its ``timeout`` and ``extensions``), and a short one named the entry by a
call rather than the object. Sphinx's entries are named by their object and open with their
signature; these now read so too.
"""

from __future__ import annotations

from lxml import etree
from lxml.etree import _Element as Element

from builder.parsers.html.body_text import select
from builder.parsers.html.class_names import has_class
from builder.parsers.html.dropped import drop_keeping_tails
from builder.parsers.html.element_text import is_element, text_of

_MARK = "doc-heading"  # looked for in the page's text before its tree is searched
_HEADINGS = etree.XPath(
    "descendant::*[contains(concat(' ', @class, ' '), ' doc-heading ')][@id]"
    "[self::h1 or self::h2 or self::h3 or self::h4 or self::h5 or self::h6]"
)
_LABELS = etree.XPath("span[contains(concat(' ', @class, ' '), ' doc-labels ')]")


def name_signature_headings(root: Element, text: str) -> None:
    """Under ``root`` (``text``: the page's), give each mkdocstrings heading whose code is a
    signature its object's path, and put the signature before the object's text."""
    if _MARK not in text:
        return
    for heading in select(root, _HEADINGS):
        code = next((child for child in heading if _is_signature(child)), None)
        path = str(heading.get("id", ""))
        if code is None or not path:
            continue
        signature = " ".join(text_of(code).split())
        if signature in (path, path.rpartition(".")[2]):
            continue  # the object's name alone: nothing a heading cuts
        drop_keeping_tails([code])
        shown = etree.Element("p")
        shown.append(code)
        # Its labels ("async", "classmethod") go with the signature, as Sphinx's do.
        for labels in select(heading, _LABELS)[:1]:
            drop_keeping_tails([labels])
            code.tail = " "
            shown.append(labels)
        shown.tail = "\n"
        heading.text = path + (heading.text or "")
        heading.addnext(shown)


def _is_signature(child: Element) -> bool:
    """Whether a heading's child is its signature's code: not the empty <code> that draws the
    object's kind (``show_symbol_type_heading``), which comes first where it is shown."""
    return is_element(child) and child.tag == "code" and not has_class(child, "doc-symbol")
