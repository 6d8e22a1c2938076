"""Choose the parser for a file by its name and content, and run it.

Every parser module exposes ``parse(text: str, relpath: str) -> ParsedFile``: pure, no I/O.
Splitting long sections and making anchors unique happen later, in ``builder.sections``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import PurePosixPath
from typing import TYPE_CHECKING

from builder.errors import UnreadableDocument
from builder.model import ParsedFile
from builder.parsers.office import OFFICE_SUFFIXES
from builder.parsers.search_opt_out import OPTED_OUT, opts_out_of_search

if TYPE_CHECKING:
    # builder.includes imports builder.sources, which imports this package; the API modules
    # are imported by the parsers that document code.
    from builder.api.model import ApiSource
    from builder.includes import IncludeReader

Parser = Callable[[str, str], ParsedFile]

# Quarto's .qmd pages are Pandoc Markdown: YAML front matter, {python} code chunks, fenced divs.
MARKDOWN_SUFFIXES = frozenset({".md", ".markdown", ".mdx", ".qmd"})
RST_SUFFIXES = frozenset({".rst", ".rest"})
HTML_SUFFIXES = frozenset({".html", ".htm", ".xhtml"})
TEXT_SUFFIXES = frozenset({".txt", ".text"})
NOTEBOOK_SUFFIXES = frozenset({".ipynb"})
ASCIIDOC_SUFFIXES = frozenset({".adoc", ".asciidoc"})
# PDF and Office files are read as bytes, by builder.parsers.office.
SUPPORTED_SUFFIXES = (
    MARKDOWN_SUFFIXES
    | RST_SUFFIXES
    | HTML_SUFFIXES
    | TEXT_SUFFIXES
    | NOTEBOOK_SUFFIXES
    | ASCIIDOC_SUFFIXES
    | OFFICE_SUFFIXES
)

# A title underlined (or over- and underlined) with one punctuation character repeated, or an
# explicit markup block: the signs that a .txt file is really reStructuredText.
_RST_SIGNS = re.compile(
    r"^(?:[^\s].*\n([=\-`:'\"~^_*+#<>])\1{2,}[ \t]*$|\.\. [\w:-]+::|\.\. _[^:]+:)",
    re.MULTILINE,
)


def detect_format(relpath: str, text: str) -> str | None:
    """Return "markdown", "rst", "html", "notebook", "asciidoc" or "text" for a file, or None
    when it is none of them."""
    suffix = PurePosixPath(relpath).suffix.lower()
    if suffix in MARKDOWN_SUFFIXES:
        return "markdown"
    if suffix in RST_SUFFIXES:
        return "rst"
    if suffix in HTML_SUFFIXES:
        return "html"
    if suffix in NOTEBOOK_SUFFIXES:
        return "notebook"
    if suffix in ASCIIDOC_SUFFIXES:
        return "asciidoc"
    if suffix in TEXT_SUFFIXES:
        return "rst" if _RST_SIGNS.search(text[:20000]) else "text"
    return None


def parser_for(fmt: str) -> Parser:
    """Import lazily: a build that reads no HTML never loads lxml."""
    if fmt == "markdown":
        from builder.parsers.markdown.parser import parse as parse_markdown

        return parse_markdown
    if fmt == "rst":
        from builder.parsers.rst.parser import parse as parse_rst

        return parse_rst
    if fmt == "html":
        from builder.parsers.html.parser import parse as parse_html

        return parse_html
    if fmt == "notebook":
        from builder.parsers.notebook import parse as parse_notebook

        return parse_notebook
    if fmt == "asciidoc":
        from builder.parsers.asciidoc import parse as parse_asciidoc

        return parse_asciidoc
    from builder.parsers.plain_text import parse as parse_plain_text

    return parse_plain_text


def parse_file(
    relpath: str,
    text: str,
    api: ApiSource | None = None,
    utf8: bytes | None = None,
    includes: IncludeReader | None = None,
) -> ParsedFile | None:
    """Parse one file, or return None when its format is not one docbuild reads. ``api`` is
    the version's code, which reST and Markdown pages fill their API directives from; ``utf8``
    is the text's UTF-8 when the caller has it, which the HTML parser reads; ``includes``
    reads the files reST and Markdown pages include. Raise UnreadableDocument for a page its
    metadata leaves out of search (builder.parsers.search_opt_out)."""
    fmt = detect_format(relpath, text)
    if fmt is None:
        return None
    if opts_out_of_search(fmt, text):
        raise UnreadableDocument(OPTED_OUT)
    if fmt == "rst":
        from builder.parsers.rst.parser import parse as parse_rst

        return parse_rst(text, relpath, api, includes)
    if fmt == "markdown":
        from builder.parsers.markdown.parser import parse as parse_markdown

        return parse_markdown(text, relpath, api, includes)
    if fmt == "html":
        from builder.parsers.html.parser import parse as parse_html

        return parse_html(text, relpath, utf8)
    if fmt == "notebook":
        from builder.parsers.notebook import parse as parse_notebook

        return parse_notebook(text, relpath, api, includes)
    if fmt == "asciidoc":
        from builder.parsers.asciidoc import parse as parse_asciidoc

        return parse_asciidoc(text, relpath, api, includes)
    return parser_for(fmt)(text, relpath)
