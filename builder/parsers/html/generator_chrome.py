"""Find the chrome particular generators write inside a page's article, each looked for only
where the page says that generator wrote it.

Texinfo's node navigation, tables of contents and indices, and texi2html's button bars and
footer; groff's list of a manual page's sections; Doxygen's graphs, "More..." links and links
to a file's listing; Haddock's table of contents and synopsis; pydoctor's label of a page's
kind and its links to the class index; matplotlib's plot links; nbsphinx's execution counts;
pdoc's hidden (or folded) source; SQLite's blocks left out of its own search; VitePress' labels
of a code block's language; TypeDoc's sidebar and the flags before a member's name. A
generator's marks are looked for where its page names it in its ``<head>`` (or, for nbsphinx,
pdoc and SQLite, where the page's bytes name their classes): a scan of the whole page for each
costs about 1.4% of the parse of a Sphinx page.
"""

from __future__ import annotations

from collections.abc import Iterator

from lxml import etree
from lxml.etree import _Element as Element

from builder.parsers.html.body_text import select
from builder.parsers.html.element_text import text_of
from builder.parsers.html.page_head import (
    DOXYGEN,
    GROFF,
    HADDOCK,
    PLOT_DIRECTIVE,
    PYDOCTOR,
    TEXI2HTML,
    TEXINFO,
    TYPEDOC,
    VITEPRESS,
    PageHead,
)


def class_test(name: str) -> str:
    """An XPath test that an element's class attribute holds the class ``name``."""
    return f"contains(concat(' ', normalize-space(@class), ' '), ' {name} ')"


def generator_chrome(
    root: Element, source: bytes | None = None, head: PageHead | None = None
) -> set[Element]:
    """The generators' chrome under ``root``; ``source`` is the page's UTF-8 and ``head`` its
    head, when the caller has them (else every generator's marks are looked for)."""
    found: set[Element] = set(_node_navigation(root))
    if head is None or head.names(TEXINFO):
        found.update(select(root, _TEXINFO_CONTENTS))
    if head is None or head.names(TEXINFO) or head.names(TEXI2HTML):
        found.update(select(root, _TEXINFO_INDEX_TABLES))
    if head is None or head.names(TEXI2HTML):
        found.update(_button_bars(root))
        found.update(select(root, _TEXI2HTML_FOOTER))
    if head is None or head.names(GROFF):
        found.update(_groff_contents(root))
    if head is None or head.names(DOXYGEN):
        found.update(select(root, _DOXYGEN_GRAPHS))
        found.update(select(root, _DOXYGEN_MORE_LINKS))
        found.update(select(root, _DOXYGEN_LISTING_LINKS))
    if head is None or head.names(HADDOCK):
        found.update(select(root, _HADDOCK_OUTLINES))
    if head is None or head.names(PYDOCTOR):
        found.update(select(root, _PYDOCTOR_KIND_LABEL))
        found.update(select(root, _PYDOCTOR_HIERARCHY_LINKS))
    if head is None or head.names(PLOT_DIRECTIVE):
        found.update(_plot_format_links(root))
    if head is None or head.names(VITEPRESS):
        found.update(select(root, _VITEPRESS_CODE_LABELS))
    if head is None or head.names(TYPEDOC):
        found.update(select(root, _TYPEDOC_SIDEBAR))
        found.update(select(root, _TYPEDOC_HEADING_FLAGS))
    if _may_hold_notebook_cells(source):
        found.update(select(root, _NOTEBOOK_PROMPTS))
    if source is None or _PDOC_SOURCE_TOGGLE.encode() in source:
        found.update(select(root, _PDOC_HIDDEN_SOURCE))
    if source is None or _PDOC_SOURCE_SUMMARY.encode() in source:
        found.update(select(root, _PDOC_FOLDED_SOURCE))
    if source is None or _UNSEARCHED.encode() in source:
        found.update(select(root, _UNSEARCHED_BLOCKS))
    return found


# VitePress' label of a code block's language, shown in its corner beside the copy button
# (<div class="language-python"><button class="copy"></button><span class="lang">python</span>
# <pre>): read as a paragraph "python" above each block, which names its language already.
_VITEPRESS_CODE_LABELS = etree.XPath(
    "descendant::div[starts-with(@class, 'language-')]/span[@class='lang'][following-sibling::pre]"
)


# TypeDoc's column beside the article (0.25 on): its "Settings" (member visibility, theme),
# the page's "On This Page" list of its members and the site's navigation tree, read as a
# "Settings" section on every page and an "On This Page" one on each with members (cheerio
# 1.2.0's API built with TypeDoc 0.28: 20 and 7 of 213 sections).
_TYPEDOC_SIDEBAR = etree.XPath(
    f"descendant::div[{class_test('col-sidebar')}]"
    f"[preceding-sibling::div[{class_test('col-content')}]]"
)
# The flags TypeDoc writes in a member's heading before its name (<code class="tsd-tag">
# Optional</code><span>xmlMode</span>), and in the page's title after it ("Class
# Cheerio<T><code class="tsd-tag">Abstract</code>"), run into the name: "OptionalxmlMode",
# "Cheerio<T>Abstract", words no question holds; the signature below says them.
_TYPEDOC_HEADING_FLAGS = etree.XPath(
    f"descendant::*[self::h1 or self::h3[{class_test('tsd-anchor-link')}]]"
    f"/code[{class_test('tsd-tag')}]"
)


# SQLite's pages (sqlite3-doc 3.40.1) mark what its site search leaves out div.nosearch: the
# banner, tagline, menus and search form atop each page, and a long page's title and table of
# contents. They read as the first section of all 766 pages. An API page's title (its h2) is
# in one too, and is kept.
_UNSEARCHED = "nosearch"
_UNSEARCHED_BLOCKS = etree.XPath(
    f"descendant::div[{class_test(_UNSEARCHED)}][not(descendant::h1 or descendant::h2"
    " or descendant::h3 or descendant::h4 or descendant::h5 or descendant::h6)]"
)


# Texinfo's node navigation above each node ("Next: ..., Previous: ..., Up: ... [Contents]"):
# makeinfo 6 writes it as div.header, 7 as div.nav-panel; a class that plain may be anything
# else (Doxygen's title area is a div.header), so only one holding such a link is. The copy
# below the node has rel only on its [Contents] and [Index] links.
_NODE_NAVIGATION_PATHS = (".//div[@class='header']", ".//div[@class='nav-panel']")
_NODE_LINK_RELS = ("next", "prev", "up", "contents", "index")
# texi2html's buttons say "[ << ]", "[ Up ]", "[Contents]"; a bracketed cell of more is text.
_LONGEST_BUTTON = 12


# Texinfo's table of contents (and short one) in a single-page manual: a list of every
# heading, read as a section "Table of Contents". makeinfo 6 and 7 name the division holding
# it differently (Contents_element, element-contents); the heading it opens with is the same.
# Looked for on a page whose <head> names texi2any or makeinfo its generator.
_TEXINFO_CONTENTS = etree.XPath(
    "descendant::div[*[1][self::h2][@class='contents-heading' or @class='shortcontents-heading']]"
)

# Texinfo's indices (@printindex: "Concept index", "Function and variable index"), a table of
# entries each linking to its section between two "Jump to:" rows of letters, as Sphinx's
# general index is; a manual written as one page had each as sections of these rows alone.
# makeinfo 6 writes table.index-cp (index-fn...) and letter tables of a.summary-letter,
# makeinfo 7 table.cp-entries-printindex and table.cp-letters-header-printindex.
# texi2html writes them as makeinfo 6 does (table.index-pg, letters of a.summary-letter):
# GNU gettext 0.21's twelve index pages read as 19 sections of entries.
_TEXINFO_INDEX_TABLES = etree.XPath(
    "descendant::table[starts-with(@class, 'index-') or contains(@class, '-printindex')"
    " or descendant::a[@class='summary-letter']]"
)

# groff -Thtml's list of a manual page's sections at its top, a link each, named as its
# section and with a <br> after it: read as the first section of each page ("NAME SYNOPSIS
# DESCRIPTION OPTIONS AUTHOR", GNU gettext 0.21's 26 pages of its programs).
# The <br> after each is looked for in Python: libxml2 reads "following-sibling::*[1]" by
# listing every later sibling, and a body of 16,000 such links took 4.4 s.
_GROFF_LINKS = etree.XPath(
    "descendant::a[parent::body][starts-with(@href, '#')][substring(@href, 2) = normalize-space(.)]"
)


def _groff_contents(root: Element) -> Iterator[Element]:
    """groff's links to a manual page's sections under ``root``: those a <br> follows."""
    for link in select(root, _GROFF_LINKS):
        following = link.getnext()
        while following is not None and not isinstance(following.tag, str):  # a comment
            following = following.getnext()
        if following is not None and following.tag == "br":
            yield link


# Doxygen's graphs (a class's inheritance and collaboration, a file's includes), each in a
# div.dyncontent under its caption (the dynheader): an image whose alt names it ("Inheritance
# graph", "Collaboration graph") and a "[legend]" link, read as two lines wherever a class has
# a base. Only a box with no other text: the class is any page's to use, and an author may
# fold a table in one. Looked for on a page whose <head> names Doxygen.
_DOXYGEN_GRAPHS = etree.XPath(
    "descendant::div[@class='dyncontent']"
    "[not(.//text()[normalize-space()][not(ancestor::span[@class='legend'])])]"
)

# Doxygen's "More..." link after each brief description (in a member table's td.mdescRight,
# and after the page's own brief at the top of div.contents), to the detailed description
# below: a link without a class (its cross-references are a.el) to a fragment, its text
# ending in "..." in every language Doxygen writes ("More...", "Mehr...").
_ELLIPSIS_TEXT = "substring(normalize-space(.), string-length(normalize-space(.)) - 2) = '...'"
_DOXYGEN_MORE_LINKS = etree.XPath(
    f"descendant::td[@class='mdescRight']/a[not(@class)][contains(@href, '#')][{_ELLIPSIS_TEXT}]"
    " | descendant-or-self::div[@class='contents']/p/a[not(@class)][contains(@href, '#details')]"
    f"[{_ELLIPSIS_TEXT}]"
)

# Doxygen's "Go to the source code of this file." under a file's includes: a paragraph that is
# a link to the file's listing alone, a page the build skips (generated_pages).
_DOXYGEN_LISTING_LINKS = etree.XPath(
    "descendant-or-self::div[@class='contents']/p[count(*) = 1]"
    "[a[not(@class)][contains(@href, '_source.html')]][normalize-space(.) = normalize-space(a)]"
)


# Haddock's outlines of a module above its declarations: the "Contents" list of its groups'
# headings, and the synopsis (folded under a "Synopsis" toggle), every declaration's signature
# again, each linking to its entry: aeson 2.0.3.0's Data.Aeson read as a first section of
# three parts, two of them signatures its entries hold.
_HADDOCK_OUTLINES = etree.XPath("descendant::div[@id='table-of-contents' or @id='synopsis']")


# pydoctor's label under each page's title ("class documentation", "module documentation"),
# read as the first line of every page; a class's signature under it says "class" again.
_PYDOCTOR_KIND_LABEL = etree.XPath("descendant::div[@class='categoryHeader']")

# pydoctor's "View In Hierarchy" under a class's signature: a paragraph that is a link alone to
# the class's place in its class index, a page the build skips (generated_pages); read as a
# line of every class's first section.
_PYDOCTOR_HIERARCHY_LINKS = etree.XPath(
    "descendant::div[@class='extrasDocstring']/p[count(*) = 1]"
    "[a[starts-with(@href, 'classIndex.html#')]][normalize-space(.) = normalize-space(a)]"
)


# matplotlib's plot directive writes "(Source code, png, hires.png, pdf)", links to the script
# and the figure's files, in a paragraph right above each figure it draws (img.plot-directive),
# or as the caption of each when the code draws several: a line of file names in the section's
# text wherever a plot is. Links alone, between parentheses and commas; looked for on a page
# that loads the directive's stylesheet (Sphinx adds it to every page, from matplotlib 3.3).
_PLOT_IMAGE = "img[contains(concat(' ', normalize-space(@class), ' '), ' plot-directive ')]"
_ONLY_LINKS = "[not(.//text()[not(ancestor::a)][normalize-space(translate(., '(),', '')) != ''])]"
# The element after each paragraph is looked at in Python: libxml2 reads
# "following-sibling::*[1]" by listing every later sibling, and a body of 16,000 paragraphs
# of links took 2.3 s.
_LINK_PARAGRAPHS = etree.XPath(f"descendant::p[a][not(*[not(self::a)])]{_ONLY_LINKS}")
# The figure (or the image, or its link) itself, no section that holds a plot somewhere below.
_IS_PLOT = etree.XPath(f"boolean(self::{_PLOT_IMAGE} or {_PLOT_IMAGE} or a/{_PLOT_IMAGE})")
_PLOT_CAPTION_LINKS = etree.XPath(
    f"descendant::figcaption[.//a]{_ONLY_LINKS}[parent::figure[{_PLOT_IMAGE}]]"
)


def _plot_format_links(root: Element) -> Iterator[Element]:
    """matplotlib's lines of links to a plot's files under ``root``: paragraphs of links
    right above their figure, and figures' captions of links."""
    for paragraph in select(root, _LINK_PARAGRAPHS):
        following = paragraph.getnext()
        while following is not None and not isinstance(following.tag, str):  # a comment
            following = following.getnext()
        if following is not None and _IS_PLOT(following):
            yield paragraph
    yield from select(root, _PLOT_CAPTION_LINKS)


# nbsphinx's execution count beside each notebook cell ("[2]:"), a <pre> of its own that read
# as a code block above every cell's code and output; a "prompt" elsewhere may be content.
_NOTEBOOK_PROMPTS = etree.XPath(
    f"descendant::div[{class_test('nbinput')} or {class_test('nboutput')}]"
    f"/div[{class_test('prompt')}]"
)


# pdoc writes each module's, class's and function's whole source under its signature, shown
# by a "View Source" toggle (an input.view-source-toggle-state before it, and its stylesheet's
# ".view-source-toggle-state ~ .pdoc-code {display: none}"): the code read beside every
# docstring, which it holds again, and the button's label read "View Source" in each
# signature. The code blocks in a docstring are inside div.docstring.
_PDOC_SOURCE_TOGGLE = "view-source-toggle-state"
_PDOC_HIDDEN_SOURCE = etree.XPath(
    f"descendant::div[{class_test('pdoc-code')}]"
    f"[preceding-sibling::input[{class_test(_PDOC_SOURCE_TOGGLE)}]]"
    f" | descendant::label[{class_test('view-source-button')}]"
)
# pdoc 7 folds it in a <details> instead, its <summary> the label, under each member's
# signature (and the module's docstring) in its main.pdoc: requests 2.34.2's pages read
# "View Source" 101 times, and 250,135 characters of which the source was most.
_PDOC_SOURCE_SUMMARY = "<summary>View Source</summary>"
_PDOC_FOLDED_SOURCE = etree.XPath(
    "descendant::details[ancestor::main[@class='pdoc']][summary[1][. = 'View Source']]"
    f"[*[2][self::div[{class_test('codehilite')}]]][count(*) = 2]"
)


def _may_hold_notebook_cells(source: bytes | None) -> bool:
    """False when the page's bytes name neither of nbsphinx's cell classes: the XPath that
    looks for its prompts tests the classes of every div of every page (1.5% of a cold build
    of the Python docs, which hold none), and a class is written in the page as it is named."""
    return source is None or b"nbinput" in source or b"nboutput" in source


# texi2html's line at the end of each page, naming who generated it, when and with what: read
# as the last line of 36 of GNU gettext's sections, the only one of an index page's.
_TEXI2HTML_FOOTER = etree.XPath(
    "descendant::p[.//a[contains(@href, '/texi2html/')]]"
    "[starts-with(normalize-space(.), 'This document was generated')]"
)


def _button_bars(root: Element) -> Iterator[Element]:
    """texi2html's button bars under ``root``: a table above and below each node whose cells
    are each a bracketed button or blank ("[ << ] | [ >> ] | [Top] | [Contents] | [Index] |
    [ ? ]"), read as a line of brackets over each section of GNU gettext's manual (34 of its
    854 sections held nothing else)."""
    for table in root.iter("table"):
        shown = [" ".join(text_of(cell).split()) for cell in table.iter("td")]
        if any(shown) and all(not text or _is_button(text) for text in shown):
            yield table


def _is_button(text: str) -> bool:
    return text.startswith("[") and text.endswith("]") and len(text) <= _LONGEST_BUTTON


def _node_navigation(root: Element) -> Iterator[Element]:
    """The Texinfo node navigation bars under ``root``."""
    # ElementPath walks the tree in C; the few matches are then looked into.
    for path in _NODE_NAVIGATION_PATHS:
        for bar in root.iterfind(path):
            if any(bar.find(f"p/a[@rel='{rel}']") is not None for rel in _NODE_LINK_RELS):
                yield bar
