"""The markdown-it parsers the Markdown reader uses: the block parser, with every block rule
the docs tools add (admonitions, containers, pymdownx blocks and tabs, mkdocstrings blocks,
MyST fences, field lists and math, Pandoc divs), and the inline parser body text runs lazily.
"""

from __future__ import annotations

import re

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock, fence
from markdown_it.token import Token
from mdit_py_plugins.colon_fence import colon_fence_plugin
from mdit_py_plugins.deflist import deflist_plugin
from mdit_py_plugins.front_matter import front_matter_plugin
from mdit_py_plugins.myst_blocks import myst_block_plugin
from mdit_py_plugins.myst_role import myst_role_plugin

from builder.parsers.markdown.admonitions import admonition_rule
from builder.parsers.markdown.containers import container_plugin
from builder.parsers.markdown.dollar_math import dollar_math_plugin
from builder.parsers.markdown.mdx_blocks import mdx_blocks_plugin
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
    # mkdocstrings' "::: package" before the containers and the colon fence, which would take
    # it as an unclosed container or fence and swallow the rest of the page.
    md.block.ruler.before("fence", TOKEN_TYPE, mkdocstrings_rule)
    md.block.ruler.at(
        "fence", _fence_rule, {"alt": ["paragraph", "reference", "blockquote", "list"]}
    )
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
    md.block.ruler.before("fence", "tabbed", tabbed_rule)
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
    return md


# Where the parse's env keeps, per fence mark, the last search that found no closing fence.
_UNCLOSED = "python-markdown unclosed fence"


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
    # A search that found nothing from a line on, up to ``end``, answers for any later line
    # of a run as long or longer: each fence of a page of unclosed ones ("~~~a" on every line)
    # searched to its end again, which took a minute for 8,000 of them.
    unclosed = state.env.setdefault(_UNCLOSED, {})
    known = unclosed.get(mark)
    if known is not None and known[0] <= start and known[1] <= run and end <= known[2]:
        return False
    for following in range(start + 1, end):
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
    unclosed[mark] = (start, run, end)
    return False


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
