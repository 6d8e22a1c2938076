"""Tell the pages Sphinx, DocBook XSL and Doxygen generate around the documentation from the
documentation itself.

A built Sphinx site holds its general index (``genindex.html``, or one page per letter), its
module index (``py-modindex.html``) and its search page next to the written pages. They only
list names and link to the entries, so indexing them would put a list of every API name above
the entries it points to; the build skips them, with the reason in its report. So it does the
highlighted source of each module that the viewcode extension writes under ``_modules/``:
Sphinx's own search leaves those out, and indexing them would put every docstring a second
time, roles and all, beside the entries made from it; their index (``_modules/index.html``,
"All modules for which code is available") is a list of those pages. A book DocBook XSL built
has its index too (GTK-Doc's ``api-index-full.html``, PostgreSQL's ``bookindex.html``).
Doxygen's source browser writes each header's listing (``<file>_source.html``) beside the
file's documentation page, which holds its declarations and their comments: the viewcode
pages of a C library.
Doxygen's indexes (every member with its class, the class list, the file list, the class
hierarchy...) are its general and module indexes: names linking to the pages that document them.
So are pydoctor's (every name, every class, every module, every undocumented name), with its
list of every page with its summary, and its help page about its own pages, as Doxygen's legend
of its graphs is. Haddock's hyperlinked source (``src/Data.Aeson.Types.html``, a module's code
with its comments) is its viewcode, and its index of names (``doc-index.html``, one page per
letter or symbol, ``doc-index-All.html``) its general index: aeson 2.0.3.0's made 263 of its
941 sections and 72% of its text. javadoc's indexes (every name, every class, every package;
the class hierarchy, of all packages and of each), its pages of the uses of each class and
package (every member that names it, linking to it) and its help page about its own pages
made 179 of argparse4j 0.4.4's 816 sections and 40% of its text. YARD's lists of every class,
method and file (the frame beside its pages, one a line) and its alphabetic index
(``_index.html``) are its indexes, and RDoc's table of contents (``table_of_contents.html``:
every class, method and page heading, each linking to it) is its. Material for MkDocs' blog
plugin lists its posts' excerpts on the blog's index, archive and category pages, each
excerpt the start of a post read on its own page.
"""

from __future__ import annotations

import re

from lxml.etree import _Element as Element

from builder.parsers.html.generator_entries import built_by_sphinx
from builder.parsers.html.page_head import (
    DOCBOOK_XSL,
    DOXYGEN,
    HADDOCK,
    HADDOCK_SOURCE,
    JAVADOC,
    MKDOCS_MATERIAL,
    PYDOCTOR,
    RDOC,
    YARD,
    YARD_LIST,
    PageHead,
)

# What marks each page in every theme built on Sphinx's basic one (alabaster, furo, the
# Read the Docs theme, pydata): the class of the index table, the search results' box.
_MARKS = (
    ("modindextable", "//table[contains(concat(' ', @class, ' '), ' modindextable ')]",
     "Sphinx's module index (a list of modules, linking to their pages)"),
    # Furo writes its own (a domainindex.html of its theme, since 2021): the page was read
    # as a section "Python Module Index" of module names.
    ("domainindex-table", "//table[contains(concat(' ', @class, ' '), ' domainindex-table ')]",
     "Sphinx's module index (a list of modules, linking to their pages)"),
    # The general index's table; on the page of one letter (html_split_index: genindex-A.html
    # and so on) it is an "indextable" alone, as the module index's is looked for first.
    ("indextable", "//table[contains(concat(' ', @class, ' '), ' indextable ')]",
     "Sphinx's general index (a list of names, linking to the entries)"),
    ("search-results", "//div[@id='search-results']",
     "Sphinx's search page (filled in by a script)"),
    # MkDocs' readthedocs theme writes a search page too ("Search Results", "Searching..."),
    # the results its article; its mkdocs theme (the default) has the same box on every page,
    # in the search dialog after the article.
    ("mkdocs-search-results", "//*[@role='main']//div[@id='mkdocs-search-results']",
     "MkDocs' search page (filled in by a script)"),
    ("viewcode-block", "//div[contains(concat(' ', @class, ' '), ' viewcode-block ')]",
     "Sphinx's highlighted source of a module (viewcode; its own search leaves it out)"),
)  # fmt: skip


# Every mark holds one of these: four scans of a page's text for its six marks, each about
# 0.3% of the instructions of the Python 3.11 docs' build.
_PROBES = ("indextable", "domainindex-table", "search-results", "viewcode-block")

# DocBook XSL's index of a book (names, each linking to its entry, under a heading a letter:
# 127 KB on GLib 2.74's reference, read as 33 sections). Its mark is looked for only on a page
# whose <head> names the stylesheets, so other pages pay a scan of their head alone; a
# span.index is the link to it in the book's table of contents. Only an index that is the
# page's article (a child of <body>, as the chunked output writes it) makes the page one: a
# book written as one page holds its index inside div.book, after all of its chapters.
_DOCBOOK_INDEX_MARK = 'class="index"'
_DOCBOOK_INDEX = "//body/div[@class='index']"
_DOCBOOK_INDEX_REASON = "DocBook's index of the book (a list of names, linking to the entries)"


def may_be_generated(text: str, head: PageHead) -> bool:
    """Whether ``text`` (its head ``head``) may hold a mark of a generated page
    (``generated_page`` then looks for the marks and at the page's tree)."""
    return any(probe in text for probe in _PROBES) or _may_be_docbook_index(text, head)


def _may_be_docbook_index(text: str, head: PageHead) -> bool:
    return head.names(DOCBOOK_XSL) and _DOCBOOK_INDEX_MARK in text


def generated_page(text: str, head: PageHead, document: Element) -> str:
    """Why ``document`` (parsed from ``text``, its head ``head``) is a page Sphinx or DocBook
    XSL generated, or ""."""
    for mark, xpath, reason in _MARKS:
        # The substring test is a scan of the text; the XPath runs only on likely pages.
        if mark in text and document.xpath(xpath):
            return reason
    if _may_be_docbook_index(text, head) and document.xpath(_DOCBOOK_INDEX):
        return _DOCBOOK_INDEX_REASON
    return ""


# Doxygen names a file's listing after the file's page ("_s_d_l__audio_8h.html" and
# "_s_d_l__audio_8h_source.html"); the generator is named in the <head>, a scan of it alone.
# The file name's dot is "_8" before the suffix: a struct, class or group whose name ends in
# "source" (structwl__event__source.html, class_data_source.html) is a page of its own. With
# SHORT_NAMES every page is named by a number ("a00002.html", its listing "a00002_source.html":
# libpqxx), so no page of a name of the code's ends in _source.html.
_DOXYGEN_LISTING_NAME = re.compile(r"(?:_8(?:_?[0-9a-z])+|(?:^|/)a[0-9]+)_source\.html$")
_DOXYGEN_LISTING_REASON = "Doxygen's listing of a source file (its page documents the file)"
# Doxygen's page on how to read its graphs (graph_legend.html, the "[legend]" links' target),
# the same in every project: example classes (Invisible, Truncated, PublicBase...) read as a
# section of the project's own.
_DOXYGEN_LEGEND_NAME = re.compile(r"(?:^|/)graph_legend\.html$")
_DOXYGEN_LEGEND_REASON = "Doxygen's legend of its graphs (the same page in every project)"


# Doxygen's indexes, by the names it gives them (a page of the code's names is "class...",
# "struct...", "group__...", a file's "..._8h", a Markdown page's "md_..."): the members of
# classes, of files and of namespaces (functions.html, functions_func_b.html, functions_0x7e.html
# for "~", globals_defs.html, namespacemembers_type.html), and the lists of classes, files,
# namespaces, modules, related pages and examples, and the class hierarchy. A related page is
# named by its label, though, and "\page examples Examples" or "@page modules Modules" writes
# examples.html or modules.html, prose whose text is all in div.textblock (a div.toc above it):
# an index holds its list beside that block (a div.directory, a ul, a div.classindex).
# Doxygen 1.9.8 lists groups as "topics" (topics.html, where modules.html had them) and C++20
# modules' members in modulemembers*.html; Slice and IDL projects get lists of interfaces,
# structs and exceptions, each with its annotated list and hierarchy.
_DOXYGEN_INDEX_NAME = re.compile(
    r"(?:^|/)(?:(?:functions|globals|namespacemembers|modulemembers)"
    r"(?:_(?:[a-z]{4}|[a-z]|0x[0-9a-f]{2}))*"
    r"|annotated(?:interfaces|structs|exceptions)?|(?:interface|exception)?(?:hierarchy|inherits)"
    r"|classes|concepts|examples|files|modules|namespaces|pages|topics"
    r"|interfaces|structs|exceptions)\.html$"
)
_DOXYGEN_INDEX_REASON = "Doxygen's index of the documented names (a list linking to their pages)"
_DOXYGEN_RELATED_PAGE = (
    "//div[@class='contents'][div[@class='textblock']]"
    "[not(*[not(self::div[@class='textblock' or @class='toc'])])]"
)


# Sphinx's general index split by letter (html_split_index) opens on a page of the letters
# alone, each linking to its page, with no index table to tell it by (bidict 0.22.1's Debian
# docs: a section "Index", "_ | A | B | C..."). Furo names Sphinx in a comment of the head
# only, so the page is told by its name and its box of letters.
_SPLIT_INDEX_NAME = re.compile(r"(?:^|/)genindex\.html$")
_SPLIT_INDEX = "//div[contains(concat(' ', @class, ' '), ' genindex-jumpbox ')]"
_SPLIT_INDEX_REASON = "Sphinx's general index (the letters of a split one, linking to their pages)"
# Material's blog plugin writes the blog's index, each archive, category and author page and
# their further pages as the excerpts of the posts they list (an article.md-post--excerpt
# each, "Continue reading"): each excerpt read again beside the post that holds it, four or
# five times over (Material for MkDocs 9.7.6's own blog: 13 such pages).
_BLOG_EXCERPTS = "//article[contains(concat(' ', @class, ' '), ' md-post--excerpt ')]"
_BLOG_EXCERPTS_REASON = "Material's list of blog posts (their excerpts, each read in its post)"


# viewcode's list of the modules whose source it highlighted, each linking to its page.
_VIEWCODE_INDEX_NAME = re.compile(r"(?:^|/)_modules/index\.html$")
_VIEWCODE_INDEX_REASON = "Sphinx's list of the modules whose source it highlighted (viewcode)"


# pydoctor's, by the names it gives them (a page of the code's names is named by it in full:
# "requests.Session.html").
_PYDOCTOR_INDEX_NAME = re.compile(
    r"(?:^|/)(?:nameIndex|classIndex|moduleIndex|undoccedSummary|all-documents)\.html$"
)
_PYDOCTOR_INDEX_REASON = "pydoctor's index of the documented names (a list linking to their pages)"
_PYDOCTOR_HELP_NAME = re.compile(r"(?:^|/)apidocs-help\.html$")
_PYDOCTOR_HELP_REASON = "pydoctor's help page (how its pages are laid out)"


# Haddock's, by the names it gives them: a module's source under src/ by the module's name, the
# index by letter ("doc-index-A.html"), by a symbol's code point ("doc-index-62.html") or whole.
_HADDOCK_SOURCE_NAME = re.compile(r"(?:^|/)src/[A-Z][\w']*(?:\.[A-Z][\w']*)*\.html$")
_HADDOCK_SOURCE_REASON = "Haddock's hyperlinked source of a module (its page documents the module)"
_HADDOCK_INDEX_NAME = re.compile(r"(?:^|/)doc-index(?:-(?:All|[A-Z]|[0-9]+))?\.html$")
_HADDOCK_INDEX_REASON = "Haddock's index of the documented names (a list linking to their entries)"

# javadoc's, by the names it gives them (a page of the code's names is the class's,
# "ArgumentParser.html", or a package's "package-summary.html"): the index of every name, whole
# or one page per letter, the lists of all classes and packages (and the frames of JDK 8's
# pages), the class hierarchies; the uses of a package or a class; the help page.
_JAVADOC_INDEX_NAME = re.compile(
    r"(?:^|/)(?:index-all|index-files/index-[0-9]+|allclasses(?:-index|-frame|-noframe)?"
    r"|allpackages-index|overview-frame|package-frame|overview-tree|package-tree)\.html$"
)
_JAVADOC_INDEX_REASON = "javadoc's index of the documented names (a list linking to their pages)"
_JAVADOC_USES_NAME = re.compile(r"(?:^|/)(?:class-use/[^/]+|package-use)\.html$")
_JAVADOC_USES_REASON = "javadoc's uses of a class or package (links to what names it)"
_JAVADOC_HELP_NAME = re.compile(r"(?:^|/)help-doc\.html$")
_JAVADOC_HELP_REASON = "javadoc's help page (how its pages are laid out)"

# YARD's lists are told by their script alone; its index by its name too.
_YARD_LIST_REASON = "YARD's list of the classes, methods or files (the frame beside its pages)"
_YARD_INDEX_NAME = re.compile(r"(?:^|/)_index\.html$")
_YARD_INDEX_REASON = "YARD's alphabetic index (a list linking to the pages)"
# RDoc's, by its name (a class's page is named by the class, "Rinku.html").
_RDOC_INDEX_NAME = re.compile(r"(?:^|/)table_of_contents\.html$")
_RDOC_INDEX_REASON = "RDoc's table of contents (every class and method, linking to it)"


def generated_listing(head: PageHead, relpath: str) -> str:
    """Why the page whose head is ``head``, at ``relpath``, is a source listing or the graphs'
    legend Doxygen wrote, an index or the help page pydoctor wrote, a source listing or an
    index Haddock wrote, an index, a page of uses or the help page javadoc wrote, a list or
    the index YARD wrote, RDoc's table of contents, or viewcode's list of modules, or ""."""
    if _VIEWCODE_INDEX_NAME.search(relpath) and built_by_sphinx(head):
        return _VIEWCODE_INDEX_REASON
    if _PYDOCTOR_INDEX_NAME.search(relpath) and head.names(PYDOCTOR):
        return _PYDOCTOR_INDEX_REASON
    if _PYDOCTOR_HELP_NAME.search(relpath) and head.names(PYDOCTOR):
        return _PYDOCTOR_HELP_REASON
    if _DOXYGEN_LISTING_NAME.search(relpath) and head.names(DOXYGEN):
        return _DOXYGEN_LISTING_REASON
    if _DOXYGEN_LEGEND_NAME.search(relpath) and head.names(DOXYGEN):
        return _DOXYGEN_LEGEND_REASON
    if _HADDOCK_SOURCE_NAME.search(relpath) and head.names(HADDOCK_SOURCE):
        return _HADDOCK_SOURCE_REASON
    if _HADDOCK_INDEX_NAME.search(relpath) and head.names(HADDOCK):
        return _HADDOCK_INDEX_REASON
    if head.names(JAVADOC):
        if _JAVADOC_INDEX_NAME.search(relpath):
            return _JAVADOC_INDEX_REASON
        if _JAVADOC_USES_NAME.search(relpath):
            return _JAVADOC_USES_REASON
        if _JAVADOC_HELP_NAME.search(relpath):
            return _JAVADOC_HELP_REASON
    if head.names(YARD_LIST):
        return _YARD_LIST_REASON
    if _YARD_INDEX_NAME.search(relpath) and head.names(YARD):
        return _YARD_INDEX_REASON
    if _RDOC_INDEX_NAME.search(relpath) and head.names(RDOC):
        return _RDOC_INDEX_REASON
    return ""


def generated_index(head: PageHead, relpath: str, document: Element) -> str:
    """Why ``document``, whose head is ``head``, at ``relpath``, is an index Doxygen wrote,
    the first page of Sphinx's split general index or a list of Material's blog posts, or ""."""
    if _SPLIT_INDEX_NAME.search(relpath) and document.xpath(_SPLIT_INDEX):
        return _SPLIT_INDEX_REASON
    if head.names(MKDOCS_MATERIAL) and document.xpath(_BLOG_EXCERPTS):
        return _BLOG_EXCERPTS_REASON
    if (
        _DOXYGEN_INDEX_NAME.search(relpath)
        and head.names(DOXYGEN)
        and not document.xpath(_DOXYGEN_RELATED_PAGE)
    ):
        return _DOXYGEN_INDEX_REASON
    return ""
