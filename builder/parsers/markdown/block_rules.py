"""The markdown-it parsers the Markdown reader uses: the block parser, with every block rule
the docs tools add (admonitions, containers, pymdownx blocks and tabs, mkdocstrings blocks and
Hugging Face's autodoc lines, MyST fences, field lists and math, Pandoc divs), and the inline
parser body text runs lazily.
"""

from __future__ import annotations

import bisect
import re

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock, fence, reference
from markdown_it.token import Token
from mdit_py_plugins.colon_fence import colon_fence_plugin
from mdit_py_plugins.deflist import deflist_plugin
from mdit_py_plugins.front_matter import front_matter_plugin
from mdit_py_plugins.myst_blocks import myst_block_plugin
from mdit_py_plugins.myst_role import myst_role_plugin

from builder.parsers.markdown.admonitions import admonition_rule
from builder.parsers.markdown.containers import container_plugin
from builder.parsers.markdown.customblocks import customblocks_rule
from builder.parsers.markdown.dollar_math import dollar_math_plugin
from builder.parsers.markdown.hf_autodoc import hf_autodoc_rule
from builder.parsers.markdown.mdx_blocks import mdx_blocks_plugin, open_at_any_indent
from builder.parsers.markdown.mdx_esm import MDX_ESM, mdx_esm_rule
from builder.parsers.markdown.mkdocs_flavor import hash_heading_rule, python_markdown_renders
from builder.parsers.markdown.mkdocstrings import TOKEN_TYPE, mkdocstrings_rule
from builder.parsers.markdown.myst_syntax import amsmath_rule, field_list_rule
from builder.parsers.markdown.pandoc_divs import pandoc_divs_rule
from builder.parsers.markdown.tabbed import plugin_tab_rule, tabbed_rule

# Docusaurus-style ":::tip Title" containers, and remark-directive's ":::tip[Title]{icon=x}"
# (Starlight, Docusaurus 3); MyST's ":::{tip}" is a colon fence directive.
_CONTAINER_NAME = re.compile(
    r"[A-Za-z][\w-]*(?:\[[^\]\n]*\])?(?:\{[^{}\n]*\})?(?:\s.*)?", re.DOTALL
)
# pymdownx.blocks' "/// tip | Title" header: a name, then a title after a bar.
_BLOCK_HEADER = re.compile(r"[A-Za-z][\w-]*(?:[ \t]*\|.*)?", re.DOTALL)


def _build_parser() -> MarkdownIt:
    md = MarkdownIt("commonmark").enable(["table", "strikethrough"])
    md.use(front_matter_plugin)
    # Python-Markdown's admonitions interrupt a paragraph, as the plugin's did.
    md.block.ruler.before(
        "fence", "admonition", admonition_rule,
        {"alt": ["paragraph", "reference", "blockquote", "list"]},
    )  # fmt: skip
    # markdown-customblocks' "::: field-list": the lines indented under it, no closing fence;
    # before mkdocstrings, whose "::: module" a lone "::: note" over text is not.
    md.block.ruler.before("fence", "customblocks", customblocks_rule)
    # mkdocstrings' "::: package" before the containers and the colon fence, which would take
    # it as an unclosed container or fence and swallow the rest of the page.
    md.block.ruler.before("fence", TOKEN_TYPE, mkdocstrings_rule)
    md.block.ruler.before("fence", "hf_autodoc", hf_autodoc_rule)
    md.block.ruler.at(
        "fence", _fence_rule, {"alt": ["paragraph", "reference", "blockquote", "list"]}
    )
    md.block.ruler.at("reference", _reference_rule)
    md.block.ruler.before(
        "heading", "hash_heading", hash_heading_rule,
        {"alt": ["paragraph", "reference", "blockquote"]},
    )  # fmt: skip
    # MDX reads a tag alone on its line as a block, what lies between as Markdown, and has
    # no indented code.
    md.use(mdx_blocks_plugin)
    # MDX reads an import or export as JavaScript to its end, blank lines and fences in it too.
    md.block.ruler.before("table", MDX_ESM, mdx_esm_rule)
    md.use(container_plugin, name="admonition", validate=_is_container_name)
    # pymdownx.blocks ("/// tip", "//// tab | Title"): a block nests in one of another length.
    md.use(container_plugin, name="blocks", marker="/", validate=_is_block_header, exact_close=True)
    # A tab's title interrupts a paragraph or a list too: pymdownx.tabbed, like admonitions,
    # starts a tab at any line of a block.
    md.block.ruler.before(
        "fence", "tabbed", tabbed_rule, {"alt": ["paragraph", "reference", "blockquote", "list"]}
    )
    md.block.ruler.before("fence", "plugin_tab", plugin_tab_rule)
    # MyST: registered after the container so that only ":::{name}" fences reach it.
    md.use(colon_fence_plugin).use(myst_block_plugin).use(deflist_plugin)
    md.block.ruler.before(
        "paragraph", "fieldlist", field_list_rule, {"alt": ["paragraph", "reference", "blockquote"]}
    )
    # Pandoc's fenced divs (Quarto's ":::{.callout-note}") read as the directives they mean.
    md.core.ruler.after("block", "pandoc_divs", pandoc_divs_rule)
    md.use(dollar_math_plugin)
    # An amsmath environment ("\begin{align}" to "\end{align}") is display math, as MyST's
    # amsmath extension and MathJax in a notebook read it; as a paragraph its lines ran
    # together and each "\\" line break lost a backslash.
    md.block.ruler.before(
        "blockquote", "amsmath", amsmath_rule,
        {"alt": ["paragraph", "reference", "blockquote", "list", "footnote_def"]},
    )  # fmt: skip
    # Inline parsing runs lazily in body_text, and only where a paragraph needs it.
    md.disable("inline")
    md.disable("text_join")
    # Deeply nested quotes and lists are rare but legal; markdown-it drops anything nested
    # past this limit, and the Python stack comfortably holds this many levels.
    md.options["maxNesting"] = 128
    open_at_any_indent(md)
    return md


# Where the parse's env keeps, per text and fence mark, the lines that may close a fence.
_CLOSINGS = "python-markdown fence closings"
# A line that may close a fence in some block: whatever a container takes off its start
# (indent, quote marks, a list marker), then one mark's run alone.
_CLOSING_LINE = re.compile(r"^[^\n`~]*?(`{3,}|~{3,})[^\S\n]*$", re.MULTILINE)
# The most such lines after a fence looked at for its closing: each line of thousands of
# fences that quoted lines after them do not close ("~~~x" lines, then "> ~~~" ones) read all
# of them again (10,000 lines: 10 s). Further on, the fence is read as closed nowhere.
_MAX_CLOSING_TRIES = 256


def _reference_rule(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """markdown-it's link reference definition, except a footnote's definition: "[^1]:
    https://example.org" (a definition of one word, a link or "Ibid.") is a valid reference
    definition to CommonMark, which took it out of the page, and its "[^1]" marks read as
    links to it; a paragraph, it is read as the footnote it is (body_text)."""
    line = state.src[state.bMarks[start] + state.tShift[start] : state.eMarks[start]]
    if line.startswith("[^"):
        return False
    return reference(state, start, end, silent)


def _fence_rule(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """markdown-it's fence, except where Python-Markdown renders the text: its fenced_code
    reads code only between two fences, so a fence nothing closes is text there. A docstring's
    reST title underlined with tildes ("freezegun" over "~~~~~~~~~") made the rest of the
    docstring code, where mkdocstrings shows it as prose."""
    if python_markdown_renders() and not _closed_later(state, start, end):
        return False
    return fence(state, start, end, silent)


def _closed_later(state: StateBlock, start: int, end: int) -> bool:
    """Whether a line after ``start`` closes the fence that line opens (a run of its mark at
    least as long, alone on its line, indented less than code is); True when it opens none."""
    line = state.src[state.bMarks[start] + state.tShift[start] : state.eMarks[start]]
    mark = line[:1]
    run = len(line) - len(line.lstrip(mark)) if mark in ("`", "~") else 0
    if run < 3:
        return True
    # Each line of a page of unclosed fences is asked, and searching to the end from each was
    # quadratic (runs of one mark shorter on each line: 12 s for 10,000 lines). Only the lines
    # that may close one are looked at, in the block as it is now (a blockquote takes its
    # marks off its lines as it reads them, so what a line is depends on when it is asked),
    # and none when the longest of them after ``start`` is too short.
    lines, longest = _closing_lines(state, mark)
    after = bisect.bisect_right(lines, start)
    if after == len(lines) or longest[after] < run:
        return False
    for index in range(after, min(len(lines), after + _MAX_CLOSING_TRIES)):
        following = lines[index]
        if following >= end or longest[index] < run:
            return False
        text = state.src[
            state.bMarks[following] + state.tShift[following] : state.eMarks[following]
        ]
        closing = text.rstrip()
        if (
            state.sCount[following] - state.blkIndent < 4
            and len(closing) >= run
            and closing == mark * len(closing)
        ):
            return True
    return False


def _closing_lines(state: StateBlock, mark: str) -> tuple[list[int], list[int]]:
    """The numbers of the lines of the text that may close a fence of ``mark``, in order, and
    the longest run of the mark on any of them from each on."""
    known = state.env.setdefault(_CLOSINGS, {})
    found: tuple[list[int], list[int]] | None = known.get((mark, state.src))
    if found is None:
        lines: list[int] = []
        longest: list[int] = []
        number = offset = 0
        for closing in _CLOSING_LINE.finditer(state.src):
            if closing.group(1)[0] == mark:
                number += state.src.count("\n", offset, closing.start())
                offset = closing.start()
                lines.append(number)
                longest.append(len(closing.group(1)))
        for index in range(len(longest) - 2, -1, -1):
            longest[index] = max(longest[index], longest[index + 1])
        found = known[(mark, state.src)] = (lines, longest)
    return found


def _is_container_name(params: str, _markup: str) -> bool:
    return _CONTAINER_NAME.fullmatch(params.strip()) is not None


def _is_block_header(params: str, _markup: str) -> bool:
    return _BLOCK_HEADER.fullmatch(params.strip()) is not None


BLOCK_MD = _build_parser()


def block_tokens(text: str) -> list[Token]:
    """The block tokens ``parse`` reads a Markdown text into, before its rewrites."""
    return BLOCK_MD.parse(text, {})


# Inline parsing keeps markdown-it's default nesting limit: unclosed brackets cost time in
# proportion to it, and no prose nests links or emphasis twenty deep.
INLINE_MD = MarkdownIt("commonmark").enable(["strikethrough"]).use(myst_role_plugin)
INLINE_MD.use(dollar_math_plugin)
