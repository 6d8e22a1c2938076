"""The Markdown flavour of the pages being parsed: which tool's own syntax they are written in
(a project's ``markdown_flavor``: docsify, mdBook, mystmd, VitePress, Docusaurus, Sphinx),
entered once around a page's parse (builder.stages.reader_settings) and asked by the readers of
that syntax.
MkDocs' flavour carries settings of its own (builder.parsers.markdown.mkdocs_flavor)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from schemas.anchors import github_slug, slugify

DOCSIFY = "docsify"
MDBOOK = "mdbook"
MYSTMD = "mystmd"
VITEPRESS = "vitepress"
# VuePress: only its slug is its own (one dash for a run, as VitePress').
VUEPRESS = "vuepress"
# Docusaurus compiles its .md pages as MDX too: their import and export paragraphs are code.
DOCUSAURUS = "docusaurus"
# Sphinx reading Markdown with myst-parser: a heading's id is docutils', as a reST title's.
SPHINX = "sphinx"
# Sphinx whose notebooks nbsphinx reads: its MyST pages as SPHINX's, and a notebook's heading
# ids Jupyter's (builder.parsers.notebook).
NBSPHINX = "nbsphinx"

_FLAVOR: ContextVar[str | None] = ContextVar("markdown_flavor", default=None)
# The flavours (None or "": plain Markdown) whose tool slugs a heading as GitHub does.
_GITHUB_SLUGS = frozenset({None, "", DOCUSAURUS, MDBOOK})


@contextmanager
def markdown_flavor(flavor: str | None) -> Iterator[None]:
    """Read the pages parsed within as ``flavor``'s tool reads them (None: plain Markdown)."""
    token = _FLAVOR.set(flavor)
    try:
        yield
    finally:
        _FLAVOR.reset(token)


def heading_slug(text: str) -> str:
    """The id the tool of the pages being parsed gives a heading written ``text``: GitHub's
    for plain Markdown (a README), Docusaurus' and mdBook's, which keep each dash
    ("Methods & Events" is #methods--events); the collapsed slug for MkDocs' toc, VitePress',
    VuePress' and docsify's, which make one dash of a run ("methods-events")."""
    if _FLAVOR.get() in _GITHUB_SLUGS:
        return github_slug(text)
    return slugify(text)


def reading_flavor(flavor: str) -> bool:
    """Whether the pages being parsed are written in ``flavor``."""
    return _FLAVOR.get() == flavor
