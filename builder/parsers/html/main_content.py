"""Load an HTML page and find its main content: the article, without the site's chrome.

Themes wrap the same article in different markup, so the content root is the first of: an
element with ``role="main"`` (Sphinx basic, Read the Docs, Furo, PyData), the one division of
``<body>`` on a page DocBook XSL wrote (``div.chapter``, ``div.refentry``...), Sphinx ``div.body``,
YUI grids' ``#yui-main`` (Django's theme), Sphinx ``div.document``, Doxygen's ``div.contents``,
Node.js' ``#apicontent``, openstackdocstheme's ``div.docs-body``, a lone ``<article>`` (MkDocs
Material), ``<main>``, a ``div#main-content``, ``#content``, ``<body>``.
Inside it, navigation, sidebars, footers, scripts, forms and permalink widgets are removed.
"""

from __future__ import annotations

import html
import json
import re

from lxml import etree
from lxml.etree import _Element as Element

from builder.parsers.html.body_text import HEADING_TAGS, heading_text, select
from builder.parsers.html.chrome_attributes import chrome_by_attribute, may_hold_chrome_attributes
from builder.parsers.html.class_names import ClassVerdicts
from builder.parsers.html.dropped import drop_keeping_tails
from builder.parsers.html.element_text import text_of
from builder.parsers.html.fragment_lists import fragment_lists
from builder.parsers.html.generator_chrome import class_test, generator_chrome
from builder.parsers.html.heading_ends import matched_heading_ends
from builder.parsers.html.page_head import DOCBOOK_XSL, PageHead
from builder.parsers.html.top_links import top_links

# A str that declares its own encoding is refused by lxml; the text is already decoded.
XML_DECLARATION = re.compile(r"^\s*<\?xml[^>]*\?>")
_INVISIBLE = re.compile(
    r"<(script|style|template)\b.*?</\1\s*>|<!--.*?-->", re.IGNORECASE | re.DOTALL
)
_TAG = re.compile(r"</?[A-Za-z][^>]*>")
# Closing a block element ends a paragraph even when the source puts the next one on the same line.
_BLOCK_BOUNDARY = re.compile(r"</(?:p|div|h[1-6]|li|tr|pre|section)\s*>(?!\n)", re.IGNORECASE)
# Sphinx's "<page> — <project> documentation" and similar "<page> | <site>" titles.
_TITLE_SUFFIX = re.compile(r"\s+[—|]\s+[^—|]*\bdoc[^—|]*$", re.IGNORECASE)
# MkDocs' readthedocs theme titles a page "<page> - <site>" and names the page alone in a
# script of its head: a page with no <h1> (58 of python-typer-doc 0.7.0's 60) was headed
# "First Steps - Typer", and each of its sections' paths with it.
# MkDocs' default theme names the page only in that <title>, and the site in its Bootstrap
# navbar's brand link (as other Bootstrap layouts do).
_NAVBAR_BRAND = etree.XPath(f"descendant::a[{class_test('navbar-brand')}][1]")
_SITE_NAME_SEPARATORS = (" - ", " | ", " \u2014 ", " \u00b7 ")
_MKDOCS_PAGE_NAME_MARK = "mkdocs_page_name"
_MKDOCS_PAGE_NAME = re.compile(r'\bvar mkdocs_page_name = ("(?:[^"\\\n]|\\.){0,500}");')


# Compiled once; each asks for the first match only, so libxml2 stops there instead of
# collecting every element of the page that matches.
_MAIN_CANDIDATES = tuple(
    etree.XPath(f"descendant-or-self::{query}[1]")
    for query in (
        f"div[{class_test('body')}]",
        # YUI grids' main column, beside the header, sidebar and footer (Django's docs theme).
        "div[@id='yui-main']",
        f"div[{class_test('document')}]",
        # Doxygen's article, after its title area, menus and the header's jump links (its
        # page title is the <title>); beside the tree view, in #doc-content.
        "div[@class='contents'][preceding-sibling::div[@class='header' or @id='top']"
        " or parent::div[@id='doc-content']]",
        # Node.js' API doc tool: the module's text, after the column of every module's link,
        # the header's pickers and the page's table of contents (none of them marked as
        # navigation); its title is the <title>.
        "div[@id='apicontent']",
        # openstackdocstheme's article (every OpenStack project's docs), after the theme's
        # own copy of the page title and its "updated: 2022-09-22 20:06" byline, which, read
        # from <body>, made a section of their own and took the page title's #anchor.
        f"div[{class_test('docs-body')}]",
    )
)
_ARTICLES = etree.XPath("descendant-or-self::article")
# Links to the index, module index and search page Sphinx writes beside the written pages.
_GENERATED_PAGES = frozenset({"genindex.html", "py-modindex.html", "search.html"})
# sphinx-quickstart's items are :ref: links, which Sphinx writes with 'class="reference internal"'
# first (docutils sorts a tag's attributes): a page whose source has no such link to those pages
# is not searched, since the query walks every element (6% of a cold build of the Python docs,
# none of whose 498 pages has one). See links_generated_page.
_REFERENCE_HREF = b'class="reference internal" href="'
# The names' endings, each looked for once: "index.html" stands for genindex and modindex.
_GENERATED_PAGE_ENDINGS = ((b"index.html", (b"gen", b"mod")), (b"search.html", (b"",)))
# Any link, not ".//li//a": on a page of nested lists that query visits each link once per list
# around it, and Python's contents.html (a toctree seven lists deep) took 102 s instead of 0.05
# (_lone_item checks the list item).
_GENERATED_PAGE_LINKS = etree.XPath(
    ".//a[contains(@href, 'genindex.html') or contains(@href, 'modindex.html')"
    " or contains(@href, 'search.html')]"
)
# DocBook XSL writes a page's article as the one division of its <body>, between the navigation
# bars and whatever a project's stylesheets add around them: Boost's header of links ("Home |
# Libraries | People | FAQ | More"), its "Prev Up Home Next" images and copyright table.
_DOCBOOK_DIVISIONS = frozenset(
    {
        "set", "book", "part", "chapter", "appendix", "preface", "article", "reference",
        "refentry", "section", "sect1", "glossary", "bibliography", "index", "colophon",
        "dedication", "acknowledgements", "setindex", "qandaset",
    }
)  # fmt: skip
# A div#main-content is the article column of Bootstrap layouts beside their navbar and
# sidebar (Django REST framework's MkDocs theme); the id is also a skip link's target, so only
# a division that holds elements counts (an empty one is the target alone, the article after
# it), and it comes before #content, which often holds the sidebar too. Apache httpd's
# manual writes its article as div#page-content, after its header of links and breadcrumbs.
_FALLBACK_ROOTS = tuple(
    etree.XPath(f"descendant-or-self::{query}[1]")
    for query in (
        "main", "div[@id='main-content'][*]", "div[@id='page-content'][*]", "*[@id='content']",
        "body",
    )
)  # fmt: skip
# The first <title> and <h1>. lxml's iter() looks for the next match as it hands over one, so
# stopping after the first still walked the rest of the page: a twentieth of the parse time.
_FIRST_TITLE = etree.XPath("descendant-or-self::title[1]")
_FIRST_H1 = etree.XPath("descendant-or-self::h1[1]")
_HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")
# Elements that frame the article on every page of a site rather than belong to it.
_CHROME_TAGS = frozenset(
    {
        "head", "nav", "header", "footer", "script", "style", "noscript", "template", "form",
        "button", "svg", "iframe", "link", "meta", "input", "select", "textarea",
    }
)  # fmt: skip
_CHROME_CLASSES = frozenset(
    {
        "sphinxsidebar", "related", "footer", "breadcrumbs", "wy-breadcrumbs", "toctree-wrapper",
        "headerlink", "viewcode-link",
        # pydoctor's "¶" permalink beside each member's signature
        "headerLink", "rst-versions", "sidebar-drawer", "toc-drawer",
        # gi-docgen's (and rustdoc's before 1.58) "[src]" link beside a heading, to the code
        "srclink",
        "skip-link", "md-sidebar", "bd-sidebar-secondary", "bd-header-article",
        # PyData's and the book theme's (before 0.10) "Contents" column of the page's headings
        "bd-toc",
        # rustdoc: the logo, the page's "1.0.0 · source · [−]", the examples' "Run" button,
        # the "ⓘ Notable traits" tooltip inside a method's heading.
        "sub-logo-container", "out-of-band", "test-arrow", "notable-traits",
        # DocBook XSL's "Prev | Up | Home | Next" table above and below every page, and GTK-Doc's
        # table.navigation above each ("Top | Description | Home | Up | Prev | Next"); sites
        # name their menus "navigation" too.
        "navheader", "navfooter", "navigation",
        # Doxygen's caption of a graph it draws ("+ Include dependency graph for x.h:", "Here
        # is the call graph for this function:"), whose image, folded under it, has no text.
        "dynheader",
        # A side menu written inside the article's division (lxml's pages: "Menu", a donation
        # box and the whole site's tree atop each page); sites name their menus so.
        "sidemenu",
        # QDoc's (Qt's) breadcrumb bar above every page, and the page's "Contents" box of its
        # own headings beside the text; other tools' "toc" boxes are such lists too.
        "navigationbar", "toc",
        # TypeDoc's breadcrumb links above a page's title.
        "tsd-breadcrumb",
        # Apache httpd's manual: the links to the page in each other language ("Available
        # Languages: en | fr | ja") above and below it.
        "toplang", "bottomlang",
        # PyData's and the book theme's "previous | next" page links under the article.
        "prev-next-area",
        # sphinx-gallery's notes around each example: "Click here to download the full
        # example code" above it, its running time, download links and signature below.
        "sphx-glr-download-link-note", "sphx-glr-timing", "sphx-glr-footer",
        "sphx-glr-signature",
    }
)  # fmt: skip
# rustdoc's each item's "1.0.0 · source" and "Expand description": names other sites give
# their own layout (a hand-made page's content column beside its menu is "rightside"), so
# chrome only on a page rustdoc built (<body class="rustdoc ...">).
_RUSTDOC_CHROME_CLASSES = frozenset({"rightside", "hideme"})
# sphinx_celery's banner atop every page of Celery, Kombu, Billiard and Vine ("This document
# describes the current stable version of Celery (5.2). For development docs, go here."): a
# news site's "deck" is its article's subtitle, so chrome only on a page Sphinx built.
_SPHINX_CHROME_CLASSES = frozenset({"deck"})
# Chrome by classes that name it only together. docutils' ".. contents::" box, the list of the
# page's own headings, is a <nav class="contents"> from docutils 0.18 (chrome by its tag) but a
# div.contents.topic before it and in its HTML 4 writer (Sphinx builds of those years, lxml's
# and docutils' own pages); a div.contents alone is Doxygen's article.
_CHROME_CLASS_GROUPS = (frozenset({"contents", "topic"}),)
_CHROME_BY_CLASS = ClassVerdicts(_CHROME_CLASSES, _CHROME_CLASS_GROUPS)
_RUSTDOC_CHROME_BY_CLASS = ClassVerdicts(
    _CHROME_CLASSES | _RUSTDOC_CHROME_CLASSES, _CHROME_CLASS_GROUPS
)
_SPHINX_CHROME_BY_CLASS = ClassVerdicts(
    _CHROME_CLASSES | _SPHINX_CHROME_CLASSES, _CHROME_CLASS_GROUPS
)
_HEADER_HEADINGS = HEADING_TAGS | {"hgroup"}
_CONTENT_TABLE_CLASSES = frozenset({"related"})
# The id Sphinx's singlehtml builder gives the mark of each document it inlines.
_INLINED_DOCUMENT_ID = "document-"
# Docutils puts footnotes, topics and some admonitions in <aside>: those are content.
_CONTENT_ASIDES = frozenset({"admonition", "footnote", "footnote-list", "topic"})
# So is its sidebar directive's box, an aside.sidebar that opens with its p.sidebar-title (the
# Python docs' "Tutorial" box on the argparse page, "Important" on enum's); a theme's
# aside.sidebar of navigation has no such title.
_SIDEBAR_TITLE = etree.XPath(f"*[1][self::p][{class_test('sidebar-title')}]")


def load_document(text: str, utf8: bytes | None = None) -> Element | None:
    """Parse ``text`` as HTML, or return None when lxml cannot build a tree of all of it.
    ``utf8`` is the text's UTF-8 when the caller has it (a file's bytes)."""
    declaration = XML_DECLARATION.match(text)
    if declaration is not None:
        text, utf8 = text[declaration.end() :], None
    if not text or text.isspace():  # not text.strip(), which copies the page
        return None
    # UTF-8 bytes with their encoding named are read by libxml2 as they are, a fifth sooner
    # than a str, which lxml hands over in a wider form to be converted. A str holding a lone
    # surrogate (no decoded file does) has no UTF-8 form and is parsed as the str it is.
    source: str | bytes | None = utf8
    if source is None:
        try:
            source = text.encode("utf-8")
        except UnicodeEncodeError:
            source = text
    return parse_html_bytes(source)


def parse_html_bytes(source: str | bytes) -> Element | None:
    """The tree of ``source`` (UTF-8 when bytes), or None when lxml cannot build a tree of all
    of it."""
    if isinstance(source, bytes):  # a str holds a lone surrogate: no page's text does
        source = matched_heading_ends(source)
    # huge_tree lifts libxml2's limits on text node size and nesting depth (256 levels otherwise).
    # The plain etree parser, not lxml.html's: its per-element class lookup costs a fifth of
    # the parse time, and nothing here needs HtmlElement's methods. Nothing looks elements up
    # by id either, so libxml2 keeps no table of them.
    parser = etree.HTMLParser(
        encoding="utf-8" if isinstance(source, bytes) else None,
        collect_ids=False,
        huge_tree=True,
        remove_comments=True,
        remove_pis=True,
    )
    try:
        document = etree.fromstring(source, parser=parser)
    except (etree.ParserError, etree.XMLSyntaxError, ValueError):
        return None
    # libxml2 stops at a fatal error (nesting deeper than 2048) and silently drops the rest.
    if any(error.level_name == "FATAL" for error in parser.error_log):
        return None
    return document


def strip_tags(text: str) -> str:
    """The text of a page lxml refused, tags and scripts removed, entities decoded, lines kept."""
    text = _INVISIBLE.sub("", text)
    text = _BLOCK_BOUNDARY.sub("\n", text)
    return html.unescape(_TAG.sub("", text))


def find_main(document: Element, head: PageHead | None = None) -> Element:
    """The element holding the page's article; ``<body>`` or the page when none stands out.
    ``head``: the page's head, when the caller has it (DocBook XSL's article is known by it)."""
    # role="main" through ElementPath: it stops at the first match, five times sooner than
    # libxml2's XPath on these pages; class tests need XPath.
    if document.get("role") == "main":
        return document
    found_main = document.find(".//*[@role='main']")
    if found_main is not None:
        return found_main
    if head is not None and head.names(DOCBOOK_XSL):
        division = _docbook_division(document)
        if division is not None:
            return division
    for query in _MAIN_CANDIDATES:
        found = select(document, query)
        if found:
            return found[0]
    articles = select(document, _ARTICLES)
    if len(articles) == 1:
        return articles[0]
    for query in _FALLBACK_ROOTS:
        found = select(document, query)
        if found:
            return found[0]
    return document


def _docbook_division(document: Element) -> Element | None:
    """The one DocBook division among the children of ``document``'s ``<body>``, or None."""
    body = document.find("body")
    if body is None:
        return None
    divisions = [
        child for child in body.iterchildren("div") if child.get("class") in _DOCBOOK_DIVISIONS
    ]
    return divisions[0] if len(divisions) == 1 else None


def strip_chrome(
    root: Element, source: bytes | None = None, head: PageHead | None = None, sphinx: bool = False
) -> None:
    """Remove navigation, sidebars, scripts and permalink widgets, keeping the text after them.
    ``source`` is the page's UTF-8 as libxml2 read it (``lines_source``), when the caller has
    it: roles and labels are then looked for in its lines under ``root`` first. ``head``: the
    page's head, when the caller has it (else each generator's marks are looked for in the
    tree). ``sphinx``: the page was built by Sphinx, whose themes' own widgets are chrome
    too."""
    # Chrome by tag or by role and label is rare, and libxml2 finds it without a Python call
    # per element: a tag filter, and an XPath over the two attributes (faster than two get()
    # calls per element). The one pass left in Python reads each element's class alone, and
    # judges each class value once for the build (ClassVerdicts).
    flagged = chrome_by_attribute(root) if may_hold_chrome_attributes(root, source) else set()
    flagged.update(
        element for element in root.iter(*_CHROME_TAGS, "aside") if _is_chrome_tag(element)
    )
    flagged.update(generator_chrome(root, source, head))
    flagged.update(top_links(root, source))
    flagged.update(fragment_lists(root))
    if sphinx and (source is None or links_generated_page(source)):
        flagged.update(_generated_page_items(root))
    # One comprehension over the page's elements, a known class value a plain dict hit.
    verdicts = _class_verdicts(root, sphinx)
    doomed = [
        element
        for element in root.iter()
        if (verdicts[element.get("class")] and not _is_content(element)) or element in flagged
    ]
    drop_keeping_tails(element for element in doomed if element is not root)


def _is_content(element: Element) -> bool:
    """Whether ``element``, whose class names chrome elsewhere, is content: Apache httpd's
    table.related lists a page's related modules and directives, where Sphinx's div.related is
    its bar of links to the index and the next page; and Sphinx's singlehtml builder (Read the
    Docs' single-page HTML download) writes each document a toctree names inside the toctree's
    div.toctree-wrapper, each after a <span id="document-quickstart">, where a toctree is
    otherwise a list of links: the whole manual but its first page was left out."""
    if element.tag == "table":
        return element.get("class") in _CONTENT_TABLE_CLASSES
    return element.tag == "div" and any(
        str(span.get("id", "")).startswith(_INLINED_DOCUMENT_ID)
        for span in element.iterchildren("span")
    )


def links_generated_page(source: bytes) -> bool:
    r"""Whether ``source`` writes a :ref: link to a page Sphinx generates: what the pattern
    ``class="reference internal" href="[^"]*(?:genindex|modindex|search)\.html`` finds.

    Looked for from each name back to the quote before it, which must end the link's opening:
    the pattern, searched for, started at every internal link of a page (hundreds on each
    page of the Python docs, whose bars above the article name genindex.html and
    py-modindex.html on every page) and tried each place in its address for a name."""
    for ending, stems in _GENERATED_PAGE_ENDINGS:
        # The quote before a name is looked for back to the last name only (else that one's
        # quote holds): a long run without quotes (a <pre> naming genindex.html on each of
        # its lines) was scanned again from each name, in time the square of its length.
        at, looked_to, opened = source.find(ending), 0, 0
        while at >= 0:
            for stem in stems:
                name = at - len(stem)
                if name < 0 or not source.startswith(stem, name):
                    continue
                if name > looked_to:
                    quote = source.rfind(b'"', looked_to, name)
                    opened, looked_to = (quote + 1 if quote >= 0 else opened), name
                start = opened - len(_REFERENCE_HREF)  # where the address starts, if a link's
                if opened and start >= 0 and source.startswith(_REFERENCE_HREF, start):
                    return True
            at = source.find(ending, at + 1)
    return False


def _generated_page_items(root: Element) -> list[Element]:
    """The list items that only link a page Sphinx generates (sphinx-quickstart's "Indices and
    tables": "Index", "Module Index", "Search Page"), which a doctrove site does not have; the
    reST reader leaves the same items out of a page's source."""
    return [
        item
        for link in select(root, _GENERATED_PAGE_LINKS)
        if (item := _lone_item(link)) is not None
        and link.get("href", "").rpartition("/")[2] in _GENERATED_PAGES
    ]


def _lone_item(link: Element) -> Element | None:
    """The ``<li>`` (its text in a ``<p>`` or not) that holds ``link`` and nothing else."""
    item = link.getparent()
    if item is not None and item.tag == "p":
        item = item.getparent()
    if item is None or item.tag != "li":
        return None
    return item if text_of(item).strip() == text_of(link).strip() else None


def _class_verdicts(root: Element, sphinx: bool) -> ClassVerdicts:
    """The class values that make an element chrome on this page: a few of them only on a
    page Sphinx or rustdoc built."""
    if sphinx:
        return _SPHINX_CHROME_BY_CLASS
    return _RUSTDOC_CHROME_BY_CLASS if _built_by_rustdoc(root) else _CHROME_BY_CLASS


def _built_by_rustdoc(root: Element) -> bool:
    body = root.getroottree().getroot().find("body")
    return body is not None and "rustdoc" in (body.get("class") or "").split()


def lines_source(text: str, utf8: bytes | None) -> bytes | None:
    """The bytes whose lines are those of the tree ``load_document(text, utf8)`` gives: the
    file's own, unless an XML declaration was cut from its text (or there are none)."""
    return utf8 if utf8 is not None and XML_DECLARATION.match(text) is None else None


def _is_chrome_tag(element: Element) -> bool:
    """True when an element's tag (with its class and first child, for ``<aside>``) makes it
    chrome."""
    if element.tag == "header":
        return not _heads_its_section(element)
    if element.tag in _CHROME_TAGS:
        return True
    if element.tag != "aside":
        return False
    classes = (element.get("class") or "").split()
    if not _CONTENT_ASIDES.isdisjoint(classes):
        return False
    return "sidebar" not in classes or not _SIDEBAR_TITLE(element)


def _heads_its_section(header: Element) -> bool:
    """Whether a ``<header>`` holds its section's heading alone, no menu or logo: RDoc's over
    each list of a class's members ("Constants", "Public Instance Methods"), whose names
    were read into the class's description (ruby-rubymail-doc 1.1.4)."""
    children = list(header)
    return (
        bool(children)
        and all(child.tag in _HEADER_HEADINGS for child in children)
        and not (header.text or "").strip()
        and not any((child.tail or "").strip() for child in children)
    )


def first_h1(root: Element) -> str:
    """The text of the content's first non-empty ``<h1>``, or ""."""
    for first in select(root, _FIRST_H1):
        text = heading_text(first)
        if text:
            return text
    for heading in root.iter("h1"):  # the first is empty: look through them all
        text = heading_text(heading)
        if text:
            return text
    return ""


def opens_with_title(root: Element, title: str) -> bool:
    """Whether the content's first heading (of any level) reads as ``title``, spaces of any
    kind alike (DocBook XSL titles a section's page "3.1. What can be expected" and heads it
    "3.1.&nbsp;What can be expected"), and no other heading is of its level: it heads all the
    page, as an <h1> would."""
    headings = [heading for heading in root.iter(*_HEADINGS) if heading_text(heading)]
    if not headings or heading_text(headings[0]).split() != title.split():
        return False
    return all(heading.tag != headings[0].tag for heading in headings[1:])


def has_title(document: Element) -> bool:
    """Whether ``document`` has a ``<title>`` (the one ``head_title`` reads)."""
    return bool(select(document, _FIRST_TITLE))


def head_title(document: Element, head: PageHead | None = None) -> str:
    """The page's ``<title>`` without a "— Project documentation" suffix, or "". On a page
    whose head (``head``) names it, the page's own name MkDocs' readthedocs theme gives."""
    if head is not None and _MKDOCS_PAGE_NAME_MARK in head.text:
        page_name = _mkdocs_page_name(head.text)
        if page_name:
            return page_name
    for title in select(document, _FIRST_TITLE):
        return _TITLE_SUFFIX.sub("", " ".join(text_of(title).split()))
    return ""


def without_site_name(title: str, document: Element) -> str:
    """``title`` without the site's name after it ("Authentication - HTTPX"), when the page's
    navbar brand names the site."""
    for brand in select(document, _NAVBAR_BRAND):
        name = " ".join(text_of(brand).split())
        for separator in _SITE_NAME_SEPARATORS:
            suffix = separator + name
            if name and title.endswith(suffix) and len(title) > len(suffix):
                return title[: -len(suffix)]
    return title


def _mkdocs_page_name(head: str) -> str:
    """The page's name a ``var mkdocs_page_name = "First Steps";`` in ``head`` gives, or ""."""
    found = _MKDOCS_PAGE_NAME.search(head)
    if found is None:
        return ""
    try:
        name = json.loads(found.group(1))
    except ValueError:
        return ""
    return " ".join(name.split()) if isinstance(name, str) else ""
