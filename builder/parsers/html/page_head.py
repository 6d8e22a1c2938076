"""Tell which program wrote a page from what its ``<head>`` names: the generator in its meta
tag, and the scripts and stylesheets it loads.

The marks of one generator (Texinfo's tables of contents, GTK-Doc's labels, Doxygen's source
listings...) are looked for only on the pages whose head names that generator: a scan of the
head alone, where a scan of each page's whole text for each generator cost about 1.4% of the
parse of a Sphinx page. The head is read once per page (``read_head``) and asked about each
generator (``PageHead.names``), all with one rule: the head is the page up to its first
``</head>``, and a page without one is searched whole (HTML lets the end tag be left out).
"""

from __future__ import annotations

from dataclasses import dataclass

# Every page Sphinx (1.8 on) builds loads this script in its <head>; older ones set the same
# options inline (DOCUMENTATION_OPTIONS). Furo loads it at the end of <body>, and names
# Sphinx in its generator tag instead ('content="sphinx-5.3.0, furo 2022.09.29"').
SPHINX = ("documentation_options", "DOCUMENTATION_OPTIONS", 'content="sphinx-')
# makeinfo 6 writes <meta name="Generator" content="makeinfo">, 7 content="texi2any 7.0.2".
TEXINFO = ('content="texi2any', 'content="makeinfo')
# Doxygen's pages load its stylesheet whatever the header; a project's own HTML_HEADER may
# leave out the generator tag (CppUnit's).
DOXYGEN = ('content="Doxygen', "doxygen.css")
PYDOCTOR = ('content="pydoctor',)
# Haddock's pages load its script (haddock-util.js before 2.20); its hyperlinked source pages
# load only their own highlighter.
HADDOCK = ("haddock-bundle", "haddock-util")
HADDOCK_SOURCE = ('src="highlight.js"',)
GTK_DOC = ('content="GTK-Doc',)
# "DocBook XSL Stylesheets V1.79.1" (PostgreSQL's, GLib's books; GTK-Doc names itself).
DOCBOOK_XSL = ("DocBook XSL",)
# matplotlib's plot directive: Sphinx adds its stylesheet to every page (matplotlib 3.3 on).
PLOT_DIRECTIVE = ("plot_directive.css",)

_HEAD_END = "</head>"


@dataclass(frozen=True)
class PageHead:
    """A page's head: ``text`` (the page up to its first ``</head>``, or all of it), and
    whether the page closes its head (``closed``)."""

    text: str
    closed: bool

    def names(self, marks: tuple[str, ...]) -> bool:
        """Whether the head holds one of ``marks`` (one generator's, from this module)."""
        return any(mark in self.text for mark in marks)


def read_head(page: str) -> PageHead:
    """The head of the page ``page``."""
    end = page.find(_HEAD_END)
    return PageHead(page if end < 0 else page[:end], end >= 0)
