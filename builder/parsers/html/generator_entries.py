"""Recognise the API entries that Ruby's RDoc and Haskell's Haddock write without a heading
element, and the labels erl_docgen and TypeDoc write as headings.

RDoc (its Darkfish pages) writes each method as ``div.method-detail`` (id ``method-i-parse``)
holding ``div.method-heading`` (the name and arguments) and the description; Haddock writes each
declaration as ``div.top`` whose first child ``p.src`` is the signature, its name an
``a.def`` with the anchor (``v:object``). Neither is an ``<hN>``, so each method's text joined
the class's section. Read as entries, each is a section headed by its name, as a Sphinx
``<dl class="py function">`` is. Erlang/OTP's pages (erl_docgen) head each function with an
``<h4>`` and then, inside it, the list of its argument types with an ``<h3>`` "Types": a level
above the function's, so it closed the function's section, left empty, and every function's
description landed under a heading "Types". TypeDoc heads a member with an ``<h3>``, then
its "Parameters" with an ``<h4>``, each parameter with an ``<h5>`` and "Returns ..." with an
``<h4>``: a method was cut into four or five sections of a line each. JSDoc heads a member
with ``h4.name`` and its parameters, return value, type and examples each with an ``<h5>``.
GTK-Doc heads a function or struct with an ``<h3>`` and its "Parameters", "Returns" and
"Members" with an ``<h4>``: each function was three sections. Texinfo heads each footnote at
the end of a node with an ``<h5>`` "(1)", "(2)"...: a section of a line each. pdoc writes each
member of a module as a ``<section>`` and each member of a class as a ``div.classattr``, with
the member's name in the module as its id ("Session.get") and its signature a ``div.attr``,
and heads the parts of a docstring ("Parameters", "Returns") with an ``<h6>``: a module was
one section, cut at each "Parameters". pydoctor writes each member as a ``div.basemethod``
(``basefunction``, ``baseinstancevariable``...) holding anchors of its qualified and its short
name, its signature (``div.functionHeader``) and its docstring: a class was one section.
"""

from __future__ import annotations

from dataclasses import dataclass

from lxml import etree
from lxml.etree import _Element as Element

from builder.parsers.html.api_entries import ApiEntry
from builder.parsers.html.body_text import plain_text, select
from builder.parsers.html.class_names import has_class
from builder.parsers.html.dropped import drop_keeping_tails
from builder.parsers.html.element_text import is_element
from builder.parsers.html.page_head import DOCBOOK_XSL, GTK_DOC, SPHINX, TEXINFO, PageHead
from schemas.anchors import slugify

_ENTRY_MARKS = ('class="top"', "method-detail", 'class="attr ', 'class="functionHeader"')
_PYDOCTOR_MEMBERS = "descendant::div[starts-with(@class, 'base')][div[@class='functionHeader']]"
# pdoc's members: a module's (<section id="Session">) and a class's (div.classattr), each
# holding its signature (div.attr) and its docstring (div.docstring), in its main.pdoc.
_PDOC_MEMBER = (
    "[@id][div[contains(concat(' ', normalize-space(@class), ' '), ' attr ')]]"
    "[ancestor::main[@class='pdoc']]"
)
_PDOC_MEMBERS = (
    f"descendant::section{_PDOC_MEMBER} | descendant::div[@class='classattr']{_PDOC_MEMBER}"
)
# pdoc 16 heads the module's section.module-info with it, pdoc 7 a <section> without a class.
_PDOC_MODULE_NAME = etree.XPath("ancestor::main[1]/section/h1[@class='modulename'][1]")
_PDOC_LABELS = etree.XPath(
    f"descendant::section{_PDOC_MEMBER}/div[@class='docstring']/h6"
    f" | descendant::div[@class='classattr']{_PDOC_MEMBER}/div[@class='docstring']/h6"
)
# One query for the four generators' entries, run on a page that names their classes: the
# queries look at every element, a sixth of a Sphinx page's parse time when run on all.
_ENTRIES = etree.XPath(
    "descendant::div[@class='top'][*[1][self::p][@class='src']]"
    " | descendant::div[contains(concat(' ', normalize-space(@class), ' '), ' method-detail ')]"
    "[div[contains(concat(' ', normalize-space(@class), ' '), ' method-heading ')]]"
    f" | {_PDOC_MEMBERS} | {_PYDOCTOR_MEMBERS}"
)
# erl_docgen's "Types" inside a function.
_ERL_DOCGEN_LABELS = etree.XPath("descendant::h3[@class='func-types-title']")
# TypeDoc's "Parameters", each parameter and "Returns ..." inside a member (below its h3), and
# the same parts of a page's own signature (a type alias, a function's page).
_TYPEDOC_MEMBERS = etree.XPath(
    "descendant::section[contains(concat(' ', normalize-space(@class), ' '), ' tsd-member ')]"
)
_TYPEDOC_LABELS = etree.XPath(
    "descendant::h4[@class='tsd-parameters-title' or @class='tsd-returns-title'"
    " or @class='tsd-type-parameters-title']"
    " | descendant::ul[contains(@class, 'tsd-parameter-list')"
    " or contains(@class, 'tsd-type-parameter-list')]/li/*[self::h4 or self::h5]"
)
# The widgets inside a signature: RDoc's "click to toggle source", Haddock's "Source" link (to
# the highlighted module) and "#" (a link to the entry itself).
_SIGNATURE_WIDGETS = etree.XPath(
    "descendant::span[@class='method-click-advice']"
    " | descendant::a[@class='link' and starts-with(@href, 'src/')]"
    " | descendant::a[@class='selflink']"
)
_DEFINED_NAME = etree.XPath("descendant::a[@class='def'][@id][1]")
_METHOD_NAME = etree.XPath("descendant::span[@class='method-name'][1]")


@dataclass(frozen=True)
class GeneratorEntry:
    """An entry: its name, anchor and signature, and the element holding the signature."""

    entry: ApiEntry
    signature: Element


# JSDoc's templates head each member with an h4.name (its id the anchor) and its parts with
# a bare h5 ("Parameters:", "Returns:", "Type:", "Example").
_JSDOC_MEMBER = etree.XPath("descendant::h4[@class='name'][@id][1]")
_BARE_H5 = etree.XPath("descendant::h5[not(@*)]")


# GTK-Doc's labels: an h4 in a div.refsect3 right after an anchor named "<symbol>.parameters",
# ".returns" or ".members"; the headings authors write there ("Examples", "Thread safety") have
# anchors of their own names. Looked for on a page whose <head> names GTK-Doc.
_GTK_DOC_SUBSECTION_HEADINGS = etree.XPath("descendant::div[@class='refsect3']/h4")
_GTK_DOC_LABEL_ANCHORS = (".parameters", ".returns", ".members")
# DocBook XSL heads each author (editor, corporate author...) on a book's title page with an
# <h3>: the book's sections opened with one per author, the abstract and version under the
# last one's name (Linux-PAM 1.5.2's guides: "Thorsten Kukuk" held the Application Developers'
# Guide's abstract). Looked for on a page whose <head> names the stylesheets.
_DOCBOOK_CREDITS = etree.XPath(
    "descendant::div[@class='titlepage']//h3"
    "[@class='author' or @class='corpauthor' or @class='editor' or @class='othercredit']"
)
# Texinfo's footnote labels (makeinfo 6 and 7): the h5 after its h4.footnotes-heading, on a
# page whose <head> names makeinfo or texi2any (a class that plain is any page's to use).
_TEXINFO_FOOTNOTES_MARK = "footnotes-heading"
_TEXINFO_FOOTNOTE_LABELS = etree.XPath(
    "descendant::h4[@class='footnotes-heading']/following-sibling::h5"
)


def built_by_sphinx(head: PageHead) -> bool:
    """Whether the page whose head is ``head`` was built by Sphinx. Unlike the other
    generators', Sphinx's marks count only in a head the page closes: every page Sphinx
    writes closes it, its marks are names an article about Sphinx writes in its text (an
    option, a script), and a page taken for Sphinx's loses the chrome classes of Sphinx
    themes and is not searched for the other generators' entries."""
    return head.closed and head.names(SPHINX)


def generator_entries(root: Element, text: str) -> list[Element]:
    """The RDoc, Haddock, pdoc and pydoctor entries under ``root`` (``text`` is the page's,
    looked at first)."""
    if not any(mark in text for mark in _ENTRY_MARKS):
        return []
    return select(root, _ENTRIES)


def drop_haddock_links(root: Element, text: str) -> None:
    """Remove Haddock's "Source" and "#" links from a page's every row and signature (an
    instance list repeats them on each line)."""
    if 'class="selflink"' in text:
        drop_keeping_tails(select(root, _SIGNATURE_WIDGETS))


def demote_label_headings(root: Element, text: str, head: PageHead) -> None:
    """Read the headings erl_docgen, TypeDoc, JSDoc and GTK-Doc write inside an entry,
    Texinfo's footnote numbers and DocBook's credits on a title page, as the labels they are
    (``text`` is the page's and ``head`` its head: a query runs only where its generator's
    marks are)."""
    labels: list[Element] = []
    if "func-types-title" in text:
        labels += select(root, _ERL_DOCGEN_LABELS)
    if "tsd-" in text:
        labels += _typedoc_member_labels(root) + select(root, _TYPEDOC_LABELS)
    if 'class="name"' in text and "<h5" in text and select(root, _JSDOC_MEMBER):
        labels += select(root, _BARE_H5)
    if head.names(GTK_DOC):
        labels += [
            heading
            for heading in select(root, _GTK_DOC_SUBSECTION_HEADINGS)
            if _is_gtk_doc_label(heading)
        ]
    if 'class="attr ' in text:
        labels += select(root, _PDOC_LABELS)
    if _TEXINFO_FOOTNOTES_MARK in text and head.names(TEXINFO):
        labels += select(root, _TEXINFO_FOOTNOTE_LABELS)
    if head.names(DOCBOOK_XSL):
        labels += select(root, _DOCBOOK_CREDITS)
    for label in labels:
        label.tag = "p"


def _is_gtk_doc_label(heading: Element) -> bool:
    anchor = heading.getprevious()
    name = anchor.get("name", "") if anchor is not None and anchor.tag == "a" else ""
    return name.endswith(_GTK_DOC_LABEL_ANCHORS)


def _typedoc_member_labels(root: Element) -> list[Element]:
    """The h4, h5 and h6 inside TypeDoc's members, each member's searched once: a query from
    every member searched its members' again, and 250 members nested in one another over
    10,000 elements took 62 s."""
    labels: list[Element] = []
    searched: set[Element] = set()
    for member in select(root, _TYPEDOC_MEMBERS):
        if member not in searched:
            searched.update(member.iter("section"))
            labels += member.iter("h4", "h5", "h6")
    return labels


def read_generator_entry(element: Element) -> GeneratorEntry | None:
    """The entry an RDoc ``div.method-detail``, a Haddock ``div.top`` or a pdoc or pydoctor
    member describes; None for any other element."""
    if element.tag not in ("div", "section"):
        return None
    if element.get("class") == "top" and element.tag == "div":
        signature = next((child for child in element if is_element(child)), None)
        if signature is None or signature.tag != "p" or signature.get("class") != "src":
            return None
        named = select(signature, _DEFINED_NAME)
        name_element = named[0] if named else None
        anchor = name_element.get("id", "") if name_element is not None else ""
    elif element.tag == "div" and has_class(element, "method-detail"):
        heading = [child for child in element if is_element(child)]
        if not heading or not has_class(heading[0], "method-heading"):
            return None
        signature = heading[0]
        named = select(signature, _METHOD_NAME)
        name_element = named[0] if named else None
        anchor = element.get("id", "")
    elif (signature := _pdoc_signature(element)) is not None:
        anchor = element.get("id", "")
        module = select(element, _PDOC_MODULE_NAME)
        prefix = plain_text(module[0]) if module else ""
        text = plain_text(signature)
        name = f"{prefix}.{anchor}" if prefix else anchor
        entry = ApiEntry(name=name, anchor=anchor, signatures=(text,) if text else ())
        return GeneratorEntry(entry, signature)
    elif (signature := _pydoctor_signature(element)) is not None:
        # the qualified name's anchor, then the name's, which the member's permalink names
        names = [value for link in element.iterchildren("a") if (value := link.get("name"))]
        # pydoctor joins "def" and the name with a no-break space
        text = plain_text(signature).replace("\xa0", " ")
        name = (names[0] if names else "") or text or "entry"
        entry = ApiEntry(
            name=name,
            anchor=names[-1] if names else slugify(name),
            signatures=(text,) if text else (),
        )
        return GeneratorEntry(entry, signature)
    else:
        return None
    drop_keeping_tails(select(signature, _SIGNATURE_WIDGETS))
    text = plain_text(signature)
    name = (plain_text(name_element) if name_element is not None else "") or text or "entry"
    signatures = (text,) if text else ()
    entry = ApiEntry(name=name, anchor=anchor or slugify(name), signatures=signatures)
    return GeneratorEntry(entry, signature)


def _pdoc_signature(element: Element) -> Element | None:
    """The signature (div.attr) of a member pdoc wrote as ``element``, or None."""
    if not element.get("id") or not (
        element.tag == "section" or (element.tag == "div" and element.get("class") == "classattr")
    ):
        return None
    if not any(main.get("class") == "pdoc" for main in element.iterancestors("main")):
        return None
    return next(
        (child for child in element if child.tag == "div" and has_class(child, "attr")), None
    )


def _pydoctor_signature(element: Element) -> Element | None:
    """The signature (div.functionHeader) of a member pydoctor wrote as ``element``, or
    None."""
    if element.tag != "div" or not (element.get("class") or "").startswith("base"):
        return None
    return next(
        (
            child
            for child in element
            if child.tag == "div" and child.get("class") == "functionHeader"
        ),
        None,
    )
