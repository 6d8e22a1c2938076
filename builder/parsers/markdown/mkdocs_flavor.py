"""How an MkDocs project's pages are read: as Python-Markdown with the extensions its
``mkdocs.yml`` enables (builder.projects.mkdocs), not as CommonMark.

The settings are on for the pages of one version while ``mkdocs_pages`` holds them, as
docsify's are (builder.parsers.markdown.docsify). Python-Markdown's hash headings need no space
after the hashes (``#Title`` is a level 1 heading, as in Markdown.pl); CommonMark's do, so
:func:`hash_heading_rule` reads such lines as headings in these pages only.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    # Only a type here: the build's stages import this module to set MkDocs' settings, and
    # importing markdown-it for them cost a build of HTML pages 15-25 ms of start.
    from markdown_it.rules_block import StateBlock


@dataclass(frozen=True)
class MkDocsMarkdown:
    """What an MkDocs project sets of its Markdown: the extensions ``markdown_extensions``
    names (``pymdownx.mark``), its theme's ``features`` (``content.code.annotate``) and the
    plugins it loads that rewrite a page's text before Markdown reads it
    (``include-markdown``), and mkdocs-macros' macros read from the project's module."""

    extensions: frozenset[str] = frozenset()
    features: frozenset[str] = frozenset()
    plugins: frozenset[str] = frozenset()
    macros: tuple[tuple[str, str], ...] = ()
    file_blocks: tuple[tuple[str, str], ...] = ()  # (block name, option naming the file)


_MKDOCS: ContextVar[MkDocsMarkdown | None] = ContextVar("mkdocs_pages", default=None)
# mkdocs-macros renders every page as a Jinja template before Markdown reads it, or only the
# pages whose front matter says "render_macros: true" (render_by_default: false); these are
# the names builder.projects.mkdocs_macros puts among the plugins for each.
MACROS = "macros"
MACROS_OPT_IN = "macros (opt-in)"
# Its j2_line_comment_prefix, when set, put among the plugins after this label ("#$": each
# line's text from "#$" on is a comment, which the template never shows).
MACROS_LINE_COMMENT = "macros line comment "
_RENDER_MACROS = re.compile(r"^render_macros:[ \t]*['\"]?(\w+)", re.MULTILINE)


@contextmanager
def mkdocs_pages(markdown: MkDocsMarkdown | None) -> Iterator[None]:
    """Read the pages parsed within as MkDocs renders them with ``markdown`` (None: not an
    MkDocs project's pages)."""
    token = _MKDOCS.set(markdown)
    try:
        yield
    finally:
        _MKDOCS.reset(token)


def mkdocs_markdown() -> MkDocsMarkdown | None:
    """The settings of the MkDocs pages being read, or None outside an MkDocs project."""
    return _MKDOCS.get()


def renders_macros(text: str) -> bool:
    """Whether mkdocs-macros renders the page ``text``: every page but one whose front matter
    says ``render_macros: false``, or, rendering none unless asked, one whose says ``true``."""
    mkdocs = _MKDOCS.get()
    if mkdocs is None or not {MACROS, MACROS_OPT_IN} & mkdocs.plugins:
        return False
    by_default = MACROS in mkdocs.plugins
    end = text.find("\n---", 3) if text.startswith("---") else -1
    asked = _RENDER_MACROS.search(text, 0, end) if end > 0 else None
    if asked is None:
        return by_default
    return asked.group(1).lower() in ("true", "yes", "on")


def macros_line_comment() -> str:
    """The prefix of the line comments of mkdocs-macros' templates ("" for none)."""
    mkdocs = _MKDOCS.get()
    for name in mkdocs.plugins if mkdocs is not None else ():
        if name.startswith(MACROS_LINE_COMMENT):
            return name.removeprefix(MACROS_LINE_COMMENT)
    return ""


# mkdocstrings renders a docstring with Python-Markdown, on any page its block is in.
_DOCSTRING: ContextVar[bool] = ContextVar("mkdocstrings_docstring", default=False)


@contextmanager
def mkdocstrings_docstrings() -> Iterator[None]:
    """Read the text parsed within as a docstring mkdocstrings renders."""
    token = _DOCSTRING.set(True)
    try:
        yield
    finally:
        _DOCSTRING.reset(token)


def python_markdown_renders() -> bool:
    """Whether the text being read is rendered by Python-Markdown: an MkDocs project's page
    or a docstring of a mkdocstrings block."""
    return _MKDOCS.get() is not None or _DOCSTRING.get()


def hash_heading_rule(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """markdown-it block rule: Python-Markdown's ``#Title`` heading, hashes right against the
    text, in MkDocs pages only (CommonMark's own rule reads ``# Title``). As Python-Markdown
    reads it, the line starts its block, the text runs to the line's end and trailing hashes go."""
    if _MKDOCS.get() is None or state.sCount[start] != state.blkIndent:
        return False
    begin = state.bMarks[start] + state.tShift[start]
    stop = state.eMarks[start]
    line = state.src[begin:stop]
    hashes = len(line) - len(line.lstrip("#"))
    if not 1 <= hashes <= 6 or hashes == len(line) or line[hashes] in " \t#":
        return False
    if silent:
        return True
    text = line[hashes:].rstrip().rstrip("#").strip()
    state.line = start + 1
    tag = f"h{hashes}"
    token = state.push("heading_open", tag, 1)
    token.markup = "#" * hashes
    token.map = [start, state.line]
    token = state.push("inline", "", 0)
    token.content = text
    token.map = [start, state.line]
    token.children = []
    token = state.push("heading_close", tag, -1)
    token.markup = "#" * hashes
    return True
