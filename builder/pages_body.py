"""Render a section body (the index's readable plain text) as safe HTML for the site's pages.

Bodies are untrusted text: every character of them goes through ``html.escape`` (without
``quote``: quotes mean nothing in an element's text, and code samples are full of them), and
the only markup added is a small fixed set: paragraphs, fenced code blocks, inline code, simple
lists and "cell | cell" tables. Everything runs in time linear in the body, so a 10 MB line or
a body full of stray backticks cannot stall the build.
"""

from __future__ import annotations

import functools
import re
from bisect import bisect_right
from collections.abc import Iterator
from html import escape as escape_with_quotes

from markupsafe import Markup

# A backtick fence's info string holds no backtick, so "```x```" stays inline code.
_FENCE = re.compile(r"^( *)(`{3,}(?=[^`\n]*$)|~{3,})[ \t]*(\S*).*$", re.MULTILINE)
_BLANK_LINES = re.compile(r"\n(?:[ \t]*\n)+")
_ITEM = re.compile(r"^( *)([-*+]|(\d{1,9})[.)]) (.*)$")
_TICKS = re.compile(r"`+")
_LANGUAGE_CHARS = re.compile(r"[^A-Za-z0-9_+#.-]")
_CELL_SEPARATOR = " | "


def escape(text: str) -> str:
    """``text`` safe as an element's text: "&", "<" and ">" replaced, quotes kept (Python
    3.11's docs hold 43,000 in their sections, 0.2 MB more as character references)."""
    return escape_with_quotes(text, quote=False)


def render_body(body: str) -> Markup:
    """The HTML of one section body; an empty body gives an empty string."""
    html: list[str] = []
    for kind, lines, language in _blocks(body):
        if kind == "code":
            html.append(_code_block(lines, language))
        elif _ITEM.match(lines[0]):
            html.append(_list(lines))
        elif _is_table(lines):
            html.append(_table(lines))
        else:
            text = _inline("\n".join(line.strip() for line in lines))
            html.append("<p>" + text.replace("\n", "<br>\n") + "</p>")
    return Markup("\n".join(html))


def _blocks(body: str) -> Iterator[tuple[str, list[str], str]]:
    """Split the body into ("code", code lines, language) and ("text", lines, "") blocks.

    Text blocks end at blank lines; a code block runs from an opening fence to a closing fence
    of the same character at least as long, or to the end of the body (as CommonMark does).
    Regexes find the fences and blank lines, so long bodies are not walked line by line.
    """
    if "```" not in body and "~~~" not in body:  # no fence can open: skip the line scan
        yield from _text_blocks(body)
        return
    position = 0
    while True:
        fence = _next_fence(body, position)
        yield from _text_blocks(body[position : fence.start() if fence else len(body)])
        if fence is None:
            return
        indent, marker = len(fence.group(1)), fence.group(2)
        start = fence.end() + 1
        close = _next_closing_fence(body, marker, start)
        code = body[start : close.start() - 1 if close else len(body)]
        lines = code.split("\n") if code else []
        if indent:
            # Code inside a list item is indented with the item; drop that indent only.
            lines = [
                line[indent:] if line[:indent].isspace() else line.lstrip(" ") for line in lines
            ]
        yield "code", lines, _LANGUAGE_CHARS.sub("", fence.group(3))
        if close is None:
            return
        position = close.end()


def _text_blocks(text: str) -> Iterator[tuple[str, list[str], str]]:
    for paragraph in _BLANK_LINES.split(text):
        lines = [line for line in paragraph.split("\n") if line.strip()]
        if lines:
            yield "text", lines, ""


def _next_fence(body: str, position: int) -> re.Match[str] | None:
    """``_FENCE.search(body, position)``, found sooner: only a line holding three backticks or
    tildes can open a fence."""
    return _matched_at_line_starts(body, _FENCE, ("```", "~~~"), position)


def _next_closing_fence(body: str, marker: str, start: int) -> re.Match[str] | None:
    """``_closing_fence(marker[0], len(marker)).search(body, start)``, found sooner: only a
    line holding a run of ``marker`` can close the block."""
    return _matched_at_line_starts(body, _closing_fence(marker[0], len(marker)), (marker,), start)


def _matched_at_line_starts(
    body: str, pattern: re.Pattern[str], needles: tuple[str, ...], start: int
) -> re.Match[str] | None:
    """The first match of ``pattern`` (anchored at a line start) on a line from ``start`` on
    that holds one of ``needles``: what a regex search finds, but a search tries every
    character of the text, where this tries the start of those lines alone, in order."""
    position = start
    while True:
        found = [at for at in (body.find(needle, position) for needle in needles) if at >= 0]
        if not found:
            return None
        at = min(found)
        line_start = body.rfind("\n", 0, at) + 1
        if line_start >= start:  # a line starting before start cannot match from it
            match = pattern.match(body, line_start)
            if match is not None:
                return match
        line_end = body.find("\n", at)
        if line_end < 0:
            return None
        position = line_end + 1


@functools.lru_cache(maxsize=16)
def _closing_fence(character: str, length: int) -> re.Pattern[str]:
    return re.compile(rf"^[ \t]*{re.escape(character)}{{{length},}}[ \t]*$", re.MULTILINE)


def _code_block(lines: list[str], language: str) -> str:
    attribute = f' class="language-{language}"' if language else ""
    return f"<pre><code{attribute}>{escape(chr(10).join(lines))}</code></pre>"


def _list(lines: list[str]) -> str:
    """Nested <ul>/<ol> by indentation; lines that are not items continue the item above."""
    html: list[str] = []
    open_lists: list[tuple[int, str]] = []  # (indent, tag), each with an <li> still open
    for line in lines:
        item = _ITEM.match(line)
        if item is None:
            html.append("<br>" + _inline(line.strip()))
            continue
        indent, number, text = len(item.group(1)), item.group(3), item.group(4)
        tag = "ol" if number is not None else "ul"
        while open_lists and indent < open_lists[-1][0]:
            html.append(f"</li></{open_lists.pop()[1]}>")
        if open_lists and indent == open_lists[-1][0] and tag == open_lists[-1][1]:
            html.append("</li>")
        else:
            if open_lists and indent == open_lists[-1][0]:
                html.append(f"</li></{open_lists.pop()[1]}>")
            start = f' start="{int(number)}"' if number is not None and int(number) != 1 else ""
            html.append(f"<{tag}{start}>")
            open_lists.append((indent, tag))
        html.append("<li>" + _inline(text))
    html.extend(f"</li></{tag}>" for _, tag in reversed(open_lists))
    return "".join(html)


def _is_table(lines: list[str]) -> bool:
    """Rows of "cell | cell" with the same number of cells, as the parsers write tables."""
    if len(lines) < 2:  # most paragraphs are one line: no rows to count
        return False
    counts = {line.count(_CELL_SEPARATOR) for line in lines}
    return len(counts) == 1 and 0 not in counts


def _table(lines: list[str]) -> str:
    rows = (
        "<tr>"
        + "".join(f"<td>{_inline(cell.strip())}</td>" for cell in line.split(_CELL_SEPARATOR))
        + "</tr>"
        for line in lines
    )
    return '<div class="table"><table>' + "".join(rows) + "</table></div>"


def _inline(text: str) -> str:
    """Escape ``text`` and turn backtick spans into <code>, CommonMark-style.

    A run of N backticks opens a span closed by the next run of exactly N backticks; a run
    with no partner stays literal.
    """
    if "`" not in text:  # most text: no code span to look for
        return escape(text)
    if "``" not in text:  # most of the rest: Sphinx writes inline code in single backticks
        return _single_tick_spans(text)
    return _paired_spans(text)


def _paired_spans(text: str) -> str:
    """``_inline`` for any text. Runs are paired through per-length position lists, so the
    cost stays linear even with thousands of unmatched backticks."""
    runs = [m.span() for m in _TICKS.finditer(text)]
    by_length: dict[int, list[int]] = {}
    for index, (start, end) in enumerate(runs):
        by_length.setdefault(end - start, []).append(index)
    html: list[str] = []
    done = 0  # text before this offset is already in html
    index = 0
    while index < len(runs):
        start, end = runs[index]
        same = by_length[end - start]
        position = bisect_right(same, index)
        if position == len(same):
            index += 1
            continue
        closer = same[position]
        code = text[end : runs[closer][0]]
        if code.startswith(" ") and code.endswith(" ") and code.strip():
            code = code[1:-1]
        html.append(f"{escape(text[done:start])}<code>{escape(code)}</code>")
        done = runs[closer][1]
        index = closer + 1
    html.append(escape(text[done:]))
    return "".join(html)


def _single_tick_spans(text: str) -> str:
    """``_inline`` for text whose backtick runs are all single: each run closes the one before
    it, so the pieces between them alternate text and code (an odd last run stays literal)."""
    # Escaped once, whole: escaping neither adds nor removes a backtick or a space, so the
    # escaped text splits into the escaped pieces.
    pieces = escape(text).split("`")
    if len(pieces) % 2 == 0:
        pieces[-2:] = [pieces[-2] + "`" + pieces[-1]]
    for index in range(1, len(pieces), 2):
        code = pieces[index]
        if code.startswith(" ") and code.endswith(" ") and code.strip():
            code = code[1:-1]
        pieces[index] = f"<code>{code}</code>"
    return "".join(pieces)
