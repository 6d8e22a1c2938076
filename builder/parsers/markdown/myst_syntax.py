"""Read MyST Markdown's own syntax: directive fences into their parts, roles into their text.

A directive is a code fence (or ``:::`` colon fence) whose info string starts with
``{name}``: the rest of the first line is its argument, then come its options, either as
``:key: value`` lines or as a ``---`` delimited YAML block, then its content. A role is
``{name}`text```; it reads the way Sphinx shows it, and a ``{ref}`` to a label in the same
file reads as that section's heading, as Sphinx renders it. A field list (the fieldlist
extension's ``:name: body`` lines) is a list of fields, not a paragraph of them run together;
in a Sphinx project whose conf.py names MyST's extensions (``myst_enable_extensions``: see
builder.parsers.markdown.myst_extensions), only when it names that one. An amsmath
environment (``\\begin{align}`` to ``\\end{align}``) is display math.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

from markdown_it.rules_block import StateBlock
from markdown_it.token import Token
from mdit_py_plugins.amsmath import RE_OPEN as _AMSMATH_OPEN
from mdit_py_plugins.amsmath import amsmath_block
from mdit_py_plugins.field_list import _fieldlist_rule

from builder.parsers.markdown.emoji_shortcodes import EMOJI
from builder.parsers.markdown.front_matter import yaml_unquote
from builder.parsers.markdown.mkdocs_flavor import mkdocs_markdown
from builder.parsers.markdown.myst_extensions import (
    FIELD_LISTS,
    myst_configured,
    myst_enables,
)
from builder.parsers.markdown.python_markdown import THEME_ICON
from builder.parsers.reference_titles import (
    document_title,
    humane_label,
    label_title,
    other_project_document,
)
from builder.parsers.rst.inline import numbered_title
from builder.parsers.rst.inline import render_role as render_rst_role

_DIRECTIVE_INFO = re.compile(r"\{([A-Za-z0-9][\w.+:-]*)\}[ \t]*(.*)", re.DOTALL)
_OPTION = re.compile(r":([^:\s][^:]*):(?:[ \t]+(.*))?$")
_YAML_OPTION = re.compile(r"([\w-]+)[ \t]*:[ \t]*(.*)$")
# YAML's indicator of a value on the lines below: folded or literal, chomping, indentation.
_BLOCK_INDICATOR = re.compile(r"[>|](?:[+-]?\d?|\d[+-]?)")
_YAML_FENCE = "---"
_EXPLICIT_TITLE = re.compile(r"(.*?)\s*<([^<>]*)>", re.DOTALL)
# A Markdown heading line, which no LaTeX environment holds ("#" is not math).
_HEADING_LINE = re.compile(r"#{1,6}(?:[ \t]|$)")
# Roles whose bare target is a label or a document, not text a reader can use as it is.
_REFERENCE_ROLES = frozenset({"ref", "numref", "doc", "eq"})
# A line opening with ":name: ", which is an emoji when GitHub knows the name.
_OPENING_SHORTCODE = re.compile(r":([a-z0-9_+-]+):[ \t]")


@dataclass(frozen=True)
class MystDirective:
    """One directive fence: name, first-line argument, options, content lines.

    ``content_offset`` counts the lines between the opening fence and the first content line
    (the options, and the blank line after them).
    """

    name: str
    argument: str
    options: tuple[tuple[str, str], ...]
    content: tuple[str, ...]
    content_offset: int


def directive_name(info: str) -> str:
    """The lowercase directive name of a fence's info string, or "" for a plain code fence."""
    match = _DIRECTIVE_INFO.match(info.strip())
    return match.group(1).lower() if match else ""


def top_level_directives(tokens: Iterable[Token], name: str) -> Iterator[tuple[Token, int, int]]:
    """The fences of directive ``name`` among ``tokens`` that stand at the page's top level
    (not in a list, a quote or another block), each with its first line and the line after."""
    for token in tokens:
        if token.level or token.type not in ("fence", "colon_fence") or not token.map:
            continue
        if directive_name(token.info) == name:
            yield token, token.map[0], token.map[1]


def read_directive(info: str, content: str) -> MystDirective | None:
    """Split a directive fence into its parts, or None when the fence is plain code."""
    match = _DIRECTIVE_INFO.match(info.strip())
    if not match:
        return None
    lines = content.split("\n")
    if lines and not lines[-1]:
        lines.pop()  # the fence's content ends with a newline
    options, offset = _read_options(lines)
    return MystDirective(
        name=match.group(1).lower(),
        argument=match.group(2).strip(),
        options=tuple(options),
        content=tuple(lines[offset:]),
        content_offset=offset,
    )


def _read_options(lines: list[str]) -> tuple[list[tuple[str, str]], int]:
    """The options at the top of a directive's content and the index of the first content line."""
    options: list[tuple[str, str]] = []
    if lines and lines[0].strip() == _YAML_FENCE:
        end = next((i for i in range(1, len(lines)) if lines[i].strip() == _YAML_FENCE), -1)
        if end > 0:
            for line in lines[1:end]:
                match = _YAML_OPTION.match(line)
                if match and not line[:1].isspace():
                    options.append((match.group(1).lower(), yaml_unquote(match.group(2).strip())))
                elif options and line.strip():  # a value continued on the next lines
                    options[-1] = _continued(options[-1], line.strip())
            return options, _skip_blank(lines, end + 1)
    index = 0
    while index < len(lines):
        line = lines[index]
        if options and line[:1] == ":" and line[1:2].isspace():
            # MyST reads the ":" lines as YAML: an indented one continues the option above
            # (MyST-NB's ":mystnb:" then ":  code_prompt_show: ...").
            options[-1] = _continued(options[-1], line[1:].strip())
            index += 1
            continue
        match = _OPTION.match(line.strip()) if line[:1] == ":" else None
        if not match:
            break
        options.append((match.group(1).lower(), yaml_unquote((match.group(2) or "").strip())))
        index += 1
    return options, _skip_blank(lines, index) if options else index


def _continued(option: tuple[str, str], more: str) -> tuple[str, str]:
    """``option`` with the line ``more`` of its value added. After YAML's block indicator
    alone (``:header: >`` over the header's line, as MyST-Parser's own csv-table example
    writes it), the lines are the value, the indicator no text of it; an option's lines read
    as one, as a folded block's do."""
    key, value = option
    if _BLOCK_INDICATOR.fullmatch(value):
        return key, more
    return key, f"{value} {more}".strip()


def _skip_blank(lines: list[str], index: int) -> int:
    while index < len(lines) and not lines[index].strip():
        index += 1
    return index


def render_role(name: str, text: str, labels: Mapping[str, str], *, heading: bool = False) -> str:
    """Readable text of ``{name}`text```: the explicit title, else what Sphinx would show.

    A reference without a title reads as the heading its label names in ``labels`` (label to
    heading text, for this file) or elsewhere in the version (a document as its title), else
    as the label itself with dashes turned to spaces.
    """
    base = name.lower().rpartition(":")[2]
    if base not in _REFERENCE_ROLES:
        return render_rst_role(name, text, heading=heading)
    match = _EXPLICIT_TITLE.fullmatch(text)
    title = match.group(1).strip() if match else ""
    target = (match.group(2) if match else text).strip()
    if title and base == "numref":
        return numbered_title(
            title, labels.get(target.lower()) or label_title(target) or humane_label(target)
        )
    if title:
        return title
    if base == "eq":
        return target
    if base == "doc":
        name = target.rstrip("/").rpartition("/")[2].removesuffix(".md")
        return document_title(target) or other_project_document(target) or humane_label(name)
    return labels.get(target.lower()) or label_title(target) or humane_label(target)


def field_list_rule(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """markdown-it block rule: MyST's field list, outside MkDocs pages (Python-Markdown has
    none) and not from a line that opens with a theme's icon (``:material-check: Done``) or,
    outside a Sphinx project that enables them, with a GitHub emoji shortcode (``:warning:
    Streams are Node.js only``, a README's note; MyST shows no emoji, and ``:date:`` is one).
    In a Sphinx project that does not enable MyST's fieldlist extension, the lines are a
    paragraph: sphinx-book-theme's pages read as they show."""
    if mkdocs_markdown() is not None or not myst_enables(FIELD_LISTS):
        return False
    at = state.bMarks[start] + state.tShift[start]
    if THEME_ICON.match(state.src, at):
        return False
    opening = _OPENING_SHORTCODE.match(state.src, at)
    if opening is not None and opening.group(1) in EMOJI and not myst_configured():
        return False
    return _fieldlist_rule(state, start, end, silent)


def amsmath_rule(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """markdown-it block rule: an amsmath environment, as MyST's amsmath extension reads it,
    unless before its closing tag comes a heading or a line with the tag and text after it (a
    notebook's "\\end{align} where ...", which MathJax reads): the plugin seeks a line that
    ends with the tag, past blank lines, and took the sections up to the next environment's
    closing line into the math."""
    first = state.src[state.bMarks[start] + state.tShift[start] : state.eMarks[start]]
    opening = re.match(_AMSMATH_OPEN, first)
    if opening is None:
        return False
    closing = rf"\end{{{opening.group(1)}{opening.group(2)}}}"
    for line in range(start, end):
        text = state.src[state.bMarks[line] + state.tShift[line] : state.eMarks[line]].rstrip()
        if closing in text:
            return text.endswith(closing) and amsmath_block(state, start, end, silent)
        if line > start and _HEADING_LINE.match(text):
            return False
    return False
