"""Docusaurus' ``<CodeBlock language="python" title="app.py">{`...`}</CodeBlock>`` read as the
code block it shows.

MDX pages write a code block as a component when it sits in JSX (Haystack's side-by-side
comparisons in ``<div className="code-comparison">``) or builds its text: the code is a template
literal child. Read as Markdown, its lines were prose: a ``# comment`` line was a heading that
cut the code into sections, indents and line breaks were gone. Each such component, its tag
opening a line and its end closing one, is rewritten as a fenced block of its ``language``
under its ``title`` before Markdown is read; the literal's escapes (``\\```, ``\\${``, ``\\\\``)
read as the characters they stand for, and an interpolation (``${name}``) as written. Code
fences are left as they are: a page showing the component shows its source.
"""

from __future__ import annotations

import re

from builder.parsers.markdown.code_blocks import fenced
from builder.parsers.markdown.spliced import SpliceBuilder, Spliced, lines_outside_fences

_NAME = "<CodeBlock"
# The opening tag (its props bounded, a prop's braces holding no others) and the literal's
# opening.
MAX_PROPS_CHARS = 2000
_OPENING = re.compile(
    r"[ \t]*<CodeBlock\b((?:[^<>{}]|\{[^<>{}\n]{0,200}\}){0," + str(MAX_PROPS_CHARS) + r"})>\s*\{`"
)
_CLOSING = re.compile(r"\s*\}\s*</CodeBlock\s*>[ \t]*(?:\n|$)")
_PROP = re.compile(
    r"""\b(language|title)\s*=\s*(?:"([^"\n]*)"|'([^'\n]*)'|\{\s*["'`]([^"'`\n]*)["'`]\s*\})"""
)
_ESCAPE = re.compile(r"\\(.)", re.DOTALL)


def has_code_block_components(text: str) -> bool:
    """The quick test: a page without the tag's name has no such component."""
    return _NAME in text


def code_block_fences(page: Spliced) -> Spliced:
    """``page`` with each ``<CodeBlock>`` of a template literal written as a fenced block."""
    text = page.text
    lines = text.split("\n")
    prose = lines_outside_fences(lines)
    starts = _line_starts(lines)
    builder = SpliceBuilder()
    number = 0
    unclosed = len(text) + 1  # a literal never closed from here on: none later closes either
    while number < len(lines):
        found = None
        if number in prose and _NAME in lines[number] and starts[number] < unclosed:
            opening = _OPENING.match(text, starts[number])
            end = _literal_end(text, opening.end()) if opening else None
            if opening is not None and end is None:
                unclosed = starts[number]
            elif opening is not None and end is not None:
                found = _component(text, opening, end)
        if found is None:
            builder.add(lines[number], number)
            number += 1
            continue
        block, after = found
        last = text.count("\n", starts[number], after - 1) + number
        shown = block.split("\n")
        # The fence on the tag's line, each line of code on its own, the closing on the last.
        for offset, line in enumerate(shown):
            origin = last if offset == len(shown) - 1 else min(number + max(offset - 1, 0), last)
            builder.add(line, origin)
        number = last + 1
    return builder.build(page)


def _component(text: str, opening: re.Match[str], end: int) -> tuple[str, int] | None:
    """The fenced block of the component whose literal runs from ``opening`` to ``end``, and
    where its line ends; None when the literal does not close the component."""
    closing = _CLOSING.match(text, end + 1)
    if closing is None:
        return None
    props = {m.group(1): _value(m) for m in _PROP.finditer(opening.group(1))}
    code = _ESCAPE.sub(_unescaped, text[opening.end() : end])
    block = fenced(props.get("language", ""), code.removesuffix("\n"))
    title = props.get("title", "").replace('"', "'")
    if title:
        first, _, rest = block.partition("\n")
        block = f'{first} title="{title}"\n{rest}'
    return block, closing.end()


def _value(match: re.Match[str]) -> str:
    return next((group for group in match.groups()[1:] if group is not None), "")


def _literal_end(text: str, start: int) -> int | None:
    """Where the template literal whose text starts at ``start`` ends (its closing backtick);
    None when it never does."""
    position = start
    while (tick := text.find("`", position)) != -1:
        backslashes = tick - len(text[position:tick].rstrip("\\")) - position
        if backslashes % 2 == 0:
            return tick
        position = tick + 1
    return None


def _unescaped(match: re.Match[str]) -> str:
    character = match.group(1)
    return character if character in "`$\\" else match.group(0)


def _line_starts(lines: list[str]) -> list[int]:
    starts: list[int] = []
    position = 0
    for line in lines:
        starts.append(position)
        position += len(line) + 1
    return starts
