"""Render MyST directive fences with the reST parser's directive renderer, content as Markdown.

A MyST directive means what the reST directive of the same name means, so each fence is
handed to :func:`builder.parsers.rst.directives.render_directive`: admonitions, version notes,
code, tables, and Python API descriptions (``{autoclass}``, ``{py:function}``...) that open a
section of their own. What differs is the content, which MyST parses as Markdown: the
renderer given to the reST side parses it again with this file's Markdown parser.
``{eval-rst}`` content is reST and goes to the reST block renderer itself, and a
``{list-table}``'s cells are Markdown read here (the reST side read their roles and links as
reST, leaving ``{ref}`x``` and ``[text](page.md)`` as written).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from markdown_it import MarkdownIt
from markdown_it.token import Token

from builder.parsers.markdown.body_text import render_blocks, render_inline
from builder.parsers.markdown.document import Document, match_closers
from builder.parsers.markdown.flavor import MYSTMD, reading_flavor
from builder.parsers.markdown.front_matter import KERNEL_LANGUAGES
from builder.parsers.markdown.myst_syntax import MystDirective, directive_name, read_directive
from builder.parsers.rst.blocks import render_blocks as render_rst_blocks
from builder.parsers.rst.directive_names import ADMONITIONS, CARDS, TITLED
from builder.parsers.rst.directives import render_directive
from builder.parsers.rst.events import (
    Context,
    DocState,
    Event,
    Text,
    dedent,
    fence,
    join_events,
)
from builder.parsers.rst.glossary import GlossaryEntry, glossary_entries, glossary_events
from builder.parsers.rst.markup_lines import CODE_DIRECTIVES
from builder.parsers.rst.numbered_blocks import NUMBERED_BLOCKS
from builder.parsers.rst.parser import split_lines
from builder.parsers.rst.table_blocks import render_records
from builder.parsers.rst.tables import GridCells, read_list_cells, read_list_table

# Directives nest only as deep as their fences grow; past this depth the content is kept as
# plain text, so a hostile file cannot exhaust the Python stack.
MAX_DIRECTIVE_DEPTH = 24
# MyST's names for code directives that reST spells "code-block".
_CODE_CELLS = frozenset({"code-cell", "jupyter-execute", "execute"})
# The languages of Quarto's and R Markdown's executable chunks (```{python}, ```{r}): their
# content is code even when it reads as no statement ("t1.year.mean() + t1.year.std()", which
# an unknown directive's guess took for text; ibis 12.0.0's docs).
_CHUNK_LANGUAGES = frozenset({"python", "r", "julia", "bash", "sql", "ojs"})
# A code cell's tags that take its code off the page (myst-nb's, as in a notebook's metadata).
_HIDDEN_CODE_TAGS = frozenset({"remove-cell", "remove-input"})
_TAG = re.compile(r"[\w-]+")
# (A version note's text after the version is a paragraph of its own, in MyST as in reST.)
_ARGUMENT_IS_CONTENT = frozenset(ADMONITIONS)
_FENCE = re.compile(r"\s*(?:`{3,}|:{3,})")
# The characters reST inline markup starts or ends with.
_REST_INLINE = re.compile(r"[\\*_`|]")
# Arguments that are a title a reader sees, written in Markdown.
_TITLE_ARGUMENTS = (
    TITLED | NUMBERED_BLOCKS | {"admonition", "rubric", "centered", "figure", "table"}
)
# mystmd's directive that shows a piece of MyST and what it renders.
_DEMO = "myst"
# A card's options that hold text shown above and below its body.
_CARD_BANDS = ("header", "footer")
# How mystmd's boolean options say no (a literalinclude's ":filename: false").
_FALSE_FLAGS = frozenset({"false", "no"})


@dataclass(frozen=True)
class Directives:
    """What rendering one file's directives shares: its Markdown parser and its reST state."""

    parser: MarkdownIt
    rst: DocState
    depth: int = 0
    kernel_language: str = ""  # a code cell's language when it names none (the page's kernel)

    def render_text(self, doc: Document, token: Token) -> str:
        """A directive fence inside another block: its text, without sections of its own."""
        return join_events(self.events(doc, token, Context(sections=False)))

    def events(self, doc: Document, token: Token, ctx: Context) -> list[Event]:
        """Body blocks (and, where ``ctx`` allows sections, API headings) of a directive fence."""
        directive = read_directive(token.info, token.content)
        if directive is None:
            return []
        line = token.map[0] + 1 if token.map else 1
        first = line + 1 + directive.content_offset
        name = directive.name
        if self.depth >= MAX_DIRECTIVE_DEPTH:
            words = (part.strip() for part in directive.content if not _FENCE.match(part))
            text = " ".join(word for word in words if word)
            return [Text(text)] if text else []
        if name == "eval-rst":
            lines = dedent(split_lines("\n".join(directive.content)))
            return render_rst_blocks(lines, first, ctx, self.rst)
        if name == _DEMO:
            # mystmd's {myst} shows its MyST source beside what it renders; the source is the
            # syntax the page teaches. A demo in a demo is one level deeper, as other
            # directives are: demos nested hundreds deep recursed without a bound.
            source = "\n".join(directive.content)
            deeper = Directives(self.parser, self.rst, self.depth + 1, self.kernel_language)
            rendered = deeper.markdown_events(doc, source, first, Context(sections=False))
            return [Text(fence(directive.content, "markdown")), *rendered]
        if name == "glossary":
            return self._glossary(doc, directive, first, ctx)
        if name == "list-table":
            cells = read_list_cells(list(directive.content), _header_rows(directive))
            if any(_FENCE.match(line) for _, row in cells.rows for cell in row for line in cell):
                return self._list_table_records(doc, directive, cells, first)
            return _list_table(doc, directive)
        argument = directive.argument
        if name in ADMONITIONS and argument and reading_flavor(MYSTMD):
            # mystmd reads a note's argument as its title (MyST-Parser, as its first words).
            name = "admonition"
        if name in _CHUNK_LANGUAGES and not argument:
            if not any(line.strip() for line in directive.content):
                return []  # an empty chunk shows nothing
            argument, name = name, "code-block"
        if name in _CODE_CELLS:
            if _HIDDEN_CODE_TAGS.intersection(_cell_tags(directive.options)):
                return []
            argument = KERNEL_LANGUAGES.get(argument, argument) or self.kernel_language
            name = "code-block"
        if name in _TITLE_ARGUMENTS and argument:
            argument = render_inline(doc, argument)[0]
        options = [_option_line(doc, key, value) for key, value in directive.options]
        # A blank line ends the options, so the content's first lines are never read as
        # further arguments the way an indented reST directive body's could be; an
        # admonition's argument is the start of its content, so there it would split a paragraph.
        blank = [""] if options or name not in _ARGUMENT_IS_CONTENT else []
        body = [*options, *blank, *directive.content]
        # The reST side numbers content lines as if ``body`` followed the fence line directly.
        shift = first - (line + 1 + len(options) + len(blank))
        nested = Directives(self.parser, self.rst, self.depth + 1, self.kernel_language)
        markdown = doc

        def render(lines: list[str], first: int, ctx: Context, doc: DocState) -> list[Event]:
            return nested.markdown_events(markdown, "\n".join(lines), first + shift, ctx)

        events = render_directive(name, argument, body, line, ctx, self.rst, render)
        if name in CODE_DIRECTIVES and (filename := _filename(directive)):
            # mystmd shows a code block's ":filename: myst.yml" in a bar above the code.
            return [Text(filename), *events]
        if name in CARDS:
            # mystmd's cards write their header and footer as options (":header: Install
            # with `pip`"); each is a line of Markdown shown above or below the card's body.
            header, footer = (_option_text(doc, directive, key) for key in _CARD_BANDS)
            return [*header, *events, *footer]
        return events

    def markdown_events(self, doc: Document, text: str, first: int, ctx: Context) -> list[Event]:
        """Events of Markdown content whose first line is source line ``first``."""
        tokens = self.parser.parse(text, doc.env)
        for token in tokens:
            if token.map:  # count lines in the file, so API headings get their real line
                token.map = [token.map[0] + first - 1, token.map[1] + first - 1]
        nested = Document(
            tokens, match_closers(tokens), doc.md, doc.env, doc.mdx, doc.labels,
            doc.substitutions, self.render_text, doc.footnotes, text.split("\n"), first - 1,
        )  # fmt: skip
        events: list[Event] = []
        index = 0
        while index < len(tokens):
            token = tokens[index]
            close = nested.closers[index]
            if token.type in ("fence", "colon_fence") and directive_name(token.info):
                events.extend(self.events(nested, token, ctx))
            else:
                events.extend(Text(block) for block in render_blocks(nested, index, close + 1))
            index = close + 1
        return events

    def _list_table_records(
        self, doc: Document, directive: MystDirective, cells: GridCells, first: int
    ) -> list[Event]:
        """A list-table with a code block or directive in a cell (Jupyter Book's MyST cheat
        sheet: syntax, example, note), read as reST tables with code are: a record per row,
        each cell's Markdown blocks under its column's header."""

        markdown = doc

        def render(lines: list[str], first: int, ctx: Context, doc: DocState) -> list[Event]:
            return self.markdown_events(markdown, "\n".join(lines), first, ctx)

        argument = directive.argument
        caption: list[Event] = [Text(render_inline(doc, argument)[0])] if argument else []
        return [
            *caption,
            *render_records(cells, first - 1, Context(sections=False), self.rst, render),
        ]

    def _glossary(
        self, doc: Document, directive: MystDirective, first: int, ctx: Context
    ) -> list[Event]:
        """Terms start at the margin, their definitions (Markdown) are indented below them."""

        def definition(entry: GlossaryEntry, inner: Context) -> list[Event]:
            text = "\n".join(dedent(list(entry.definition)))
            events = self.markdown_events(doc, text, entry.first, inner)
            return [event for event in events if isinstance(event, Text)]

        sort = any(key == "sorted" for key, _ in directive.options)
        entries = glossary_entries(directive.content, first)
        return glossary_events(
            entries, ctx, self.rst, lambda term: render_inline(doc, term)[0], definition, sort=sort
        )


def _cell_tags(options: tuple[tuple[str, str], ...]) -> list[str]:
    """A code cell's tags, written ``:tags: [remove-input]`` or as a YAML list."""
    return [tag for key, value in options if key == "tags" for tag in _TAG.findall(value)]


def _option_line(doc: Document, key: str, value: str) -> str:
    """A directive option as the reST side reads it. A caption is Markdown text a reader
    sees; it is handed over escaped so that reST reads it back as that text, not as markup
    of its own (python-statemachine's ':caption: from_.any()' lost its underscore to a
    reference)."""
    if key == "caption":
        value = _REST_INLINE.sub(r"\\\g<0>", render_inline(doc, value)[0])
    return f":{key}: {value}".rstrip()


def _option_text(doc: Document, directive: MystDirective, key: str) -> list[Event]:
    """The option ``key`` of a directive, read as a line of Markdown, or nothing."""
    value = next((value for name, value in directive.options if name == key), "")
    text = render_inline(doc, value)[0] if value.strip() else ""
    return [Text(text)] if text else []


def _filename(directive: MystDirective) -> str:
    """The file a code block's ``filename`` option names, as written ("false" hides it)."""
    value = next((value for key, value in directive.options if key == "filename"), "").strip()
    return "" if value.lower() in _FALSE_FLAGS else value


def _header_rows(directive: MystDirective) -> int:
    rows = next((value for key, value in directive.options if key == "header-rows"), "")
    return int(rows) if rows.strip().isdigit() else 0


def _list_table(doc: Document, directive: MystDirective) -> list[Event]:
    """A list-table's caption and rows, its cells read as Markdown, as MyST reads them."""
    rows = read_list_table(list(directive.content))
    cells = (" | ".join(render_inline(doc, cell)[0] for cell in row).rstrip() for row in rows)
    argument = directive.argument
    caption: list[Event] = [Text(render_inline(doc, argument)[0])] if argument else []
    return [*caption, Text("\n".join(cells))] if rows else caption
