"""Parse Markdown and MDX into sections, one per heading, with exact source line numbers.

markdown-it (CommonMark plus tables and strikethrough) decides what is a heading, so ``#``
lines inside code blocks and HTML comments never are; ``<h1>``..``<h6>`` written as HTML
are. Front matter supplies the title; in ``.mdx`` files top-level ``import``/``export``
blocks are dropped and JSX tags give way to their text. Bodies come from
:mod:`builder.parsers.markdown_render`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any

from markdown_it import MarkdownIt
from mdit_py_plugins.admon import admon_plugin
from mdit_py_plugins.container import container_plugin
from mdit_py_plugins.front_matter import front_matter_plugin

from builder.anchors import slugify
from builder.model import ParsedFile, Section, Warning_
from builder.parsers.markdown_front_matter import split_toml_front_matter, yaml_title
from builder.parsers.markdown_html import HtmlHeading, split_html
from builder.parsers.markdown_mdx import bracket_balance, is_esm
from builder.parsers.markdown_render import (
    MAX_INLINE_CHARS,
    Document,
    match_closers,
    render_blocks,
    render_inline,
)

# A heading attribute list such as "{#custom-id}" or "{: #id .class }" at the end of a heading.
_HEADING_ATTRIBUTES = re.compile(r"\{:?[ \t]*#([^\s{}]+)[^{}]*\}")
_CONTAINER_NAME = re.compile(r"\{?[A-Za-z][\w-]*\}?(?:\s.*)?", re.DOTALL)
# The title section sits above the first heading; "top" is the fragment browsers scroll to
# the top of a page for, so it never collides with a heading's own slug.
TITLE_ANCHOR = "top"


def _build_parser() -> MarkdownIt:
    md = MarkdownIt("commonmark").enable(["table", "strikethrough"])
    md.use(front_matter_plugin).use(admon_plugin)
    md.use(container_plugin, name="admonition", validate=_is_container_name)
    # Inline parsing runs lazily in markdown_render, and only where a paragraph needs it.
    md.disable("inline")
    md.disable("text_join")
    # Deeply nested quotes and lists are rare but legal; markdown-it drops anything nested
    # past this limit, and the Python stack comfortably holds this many levels.
    md.options["maxNesting"] = 128
    return md


def _is_container_name(params: str, _markup: str) -> bool:
    return _CONTAINER_NAME.fullmatch(params.strip()) is not None


_MD = _build_parser()
# Inline parsing keeps markdown-it's default nesting limit: unclosed brackets cost time in
# proportion to it, and no prose nests links or emphasis twenty deep.
_INLINE_MD = MarkdownIt("commonmark").enable(["strikethrough"])


_Note = tuple[int, str]  # a warning's 1-based line and its message


@dataclass(frozen=True)
class _Heading:
    level: int
    text: str
    anchor: str
    line: int  # 0-based


@dataclass(frozen=True)
class _Text:
    text: str
    line: int  # 0-based line where the text's block starts


def _normalize(text: str) -> str:
    text = text.removeprefix("\ufeff")
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text.replace("\0", "\ufffd") if "\0" in text else text


def _heading(doc: Document, content: str, level: int, line: int) -> _Heading:
    """A Markdown heading: explicit ``{#id}`` or inline ``<a id>`` wins over the slug."""
    explicit = ""
    stripped = content.rstrip()
    if stripped.endswith("}"):
        opening = stripped.rfind("{")
        attributes = _HEADING_ATTRIBUTES.fullmatch(stripped, opening) if opening >= 0 else None
        if attributes:
            explicit, content = attributes.group(1), stripped[:opening]
    text, inline_id = render_inline(doc, content, heading=True)
    return _Heading(level, text, explicit or inline_id or slugify(text), line)


def _events(doc: Document, lines: list[str], warn: list[_Note]) -> list[_Heading | _Text]:
    """Walk the top-level blocks in order, turning each into headings and text."""
    events: list[_Heading | _Text] = []
    tokens = doc.tokens
    index, esm_balance = 0, 0
    while index < len(tokens):
        token = tokens[index]
        close = doc.closers[index]
        start = token.map[0] if token.map else 0
        next_index = close + 1
        if esm_balance > 0 and token.type != "heading_open" and token.map:
            # The rest of an export statement whose brackets span a blank line.
            esm_balance += bracket_balance("\n".join(lines[token.map[0] : token.map[1]]))
        elif token.type == "heading_open":
            esm_balance = 0
            level = int(token.tag[1])
            events.append(_heading(doc, tokens[index + 1].content, level, start))
        elif token.type == "html_block":
            _check_comment(token.content, start, warn)
            for part in split_html(token.content, mdx=doc.mdx):
                if isinstance(part, HtmlHeading):
                    anchor = part.anchor or slugify(part.text)
                    events.append(_Heading(part.level, part.text, anchor, start + part.line))
                else:
                    events.append(_Text(part.text, start + part.line))
        elif doc.mdx and token.type == "paragraph_open" and is_esm(tokens[index + 1].content):
            esm_balance = bracket_balance(tokens[index + 1].content)
        else:
            if token.type == "fence":
                _check_fence(token.markup, token.map, lines, warn)
            text = "\n".join(render_blocks(doc, index, next_index))
            if text:
                events.append(_Text(text, start))
        index = next_index
    return events


def _check_fence(markup: str, span: list[int] | None, lines: list[str], warn: list[_Note]) -> None:
    if not span or span[1] < len(lines) - 1:
        return  # content follows the fence, so it was closed
    last = lines[span[1] - 1].strip()
    closed = span[1] - 1 > span[0] and last.startswith(markup) and not last.strip(markup[0])
    if not closed:
        warn.append((span[0] + 1, "code fence never closed; the rest of the file is code"))


def _check_comment(content: str, start: int, warn: list[_Note]) -> None:
    if content.startswith("<!--") and "-->" not in content:
        warn.append((start + 1, "HTML comment never closed; the rest of the file is hidden"))


def _last_content_line(lines: list[str], start: int, stop: int) -> int:
    """The last non-blank 0-based line in ``[start, stop)``, or ``start`` if all are blank."""
    line = stop - 1
    while line > start and not lines[line].strip():
        line -= 1
    return line


def _sections(
    events: list[_Heading | _Text], lines: list[str], title: str, relpath: str
) -> list[Section]:
    """Group text under the heading above it and give every section its path and lines."""
    sections: list[Section] = []
    headings = [(i, event) for i, event in enumerate(events) if isinstance(event, _Heading)]
    boundaries = [*headings, (len(events), _Heading(0, "", "", len(lines)))]
    first = boundaries[0][0]
    preamble = [event for event in events[:first] if isinstance(event, _Text)]
    if preamble:
        start = preamble[0].line
        end = _last_content_line(lines, start, boundaries[0][1].line)
        body = _tidy_body("\n\n".join(event.text for event in preamble))
        sections.append(Section(title, (), body, relpath, start + 1, end + 1, TITLE_ANCHOR, 0))
    stack: list[_Heading] = []
    for (position, heading), (next_position, next_heading) in zip(
        headings, boundaries[1:], strict=True
    ):
        while stack and stack[-1].level >= heading.level:
            stack.pop()
        texts = events[position + 1 : next_position]
        body = _tidy_body("\n\n".join(e.text for e in texts if isinstance(e, _Text)))
        end = _last_content_line(lines, heading.line, next_heading.line)
        path = tuple(ancestor.text for ancestor in stack)
        sections.append(
            Section(
                heading.text, path, body, relpath, heading.line + 1, end + 1, heading.anchor,
                heading.level,
            )
        )  # fmt: skip
        stack.append(heading)
    return sections


def _tidy_body(body: str) -> str:
    """No trailing whitespace on any line (code included), no leading or trailing blank lines."""
    return "\n".join(line.rstrip() for line in body.split("\n")).strip("\n")


def parse(text: str, relpath: str) -> ParsedFile:
    """Parse one Markdown or MDX file into sections; never raises on odd input."""
    mdx = PurePosixPath(relpath).suffix.lower() == ".mdx"
    toml_title, text = split_toml_front_matter(_normalize(text))
    env: dict[str, Any] = {}
    tokens = _MD.parse(text, env)
    doc = Document(tokens, match_closers(tokens), _INLINE_MD, env, mdx)
    lines = text.split("\n")
    warn: list[_Note] = []
    events = _events(doc, lines, warn)
    warn.extend(
        (token.map[0] + 1, f"{len(token.content)} characters without a break kept as raw text")
        for token in tokens
        if token.type == "inline" and token.map and len(token.content) > MAX_INLINE_CHARS
    )
    warn.sort()
    front_title = next((yaml_title(t.content) for t in tokens if t.type == "front_matter"), "")
    first_h1 = next((e.text for e in events if isinstance(e, _Heading) and e.level == 1), "")
    title = front_title or toml_title or first_h1 or PurePosixPath(relpath).stem
    sections = tuple(_sections(events, lines, title, relpath))
    warnings = tuple(Warning_(f"{relpath}:{line}", message) for line, message in warn)
    return ParsedFile(relpath, title, sections, warnings)
