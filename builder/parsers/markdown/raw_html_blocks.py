"""Python-Markdown's raw HTML: a block-level element runs to its closing tag, blank lines and all.

CommonMark ends an HTML block at the first blank line, so a line indented by four spaces after
one inside a ``<div>`` reads as an indented code block. Python-Markdown (MkDocs' renderer)
keeps the whole element raw up to its closing tag: uvicorn's and Starlette's sponsorship pages
nest ``<div>`` cards a level deeper each, with a blank line between them, and the cards after
the first blank line were kept as code, their tags and styles as the section's text. In an
MkDocs project's pages, a blank line inside a closed block-level element that opens a line (at
most three spaces in, outside code fences, not marked ``markdown``, which md_in_html reads as
Markdown) is filled with an empty HTML comment when the next line is indented as code, so the
element stays one HTML block; no line is added or removed.

Python-Markdown sets fenced code apart before it reads raw HTML, so a fence inside an element
is code whatever lines it holds. CommonMark ends the element at a blank line in the fence and
reads the fence's rest as text, its closing line as the opening of a fence that runs on over
the page: Powertools for AWS Lambda centres its diagrams (``<center>``, a fenced mermaid
diagram with blank lines, ``</center>``), and everything after one, headings and all, read as
one block of code. An element whose tags stand on lines of their own, and whose first blank
line is in such a fence, loses the two tag lines (left blank), so the fence is read as the code
it is.
"""

from __future__ import annotations

import re

from builder.parsers.markdown.spliced import lines_outside_fences

# Python-Markdown's block_level_elements: a line opening with one of these starts raw HTML.
# Not pre, script, style and textarea, which CommonMark too reads to their closing tag.
_BLOCK_TAGS = (
    "address|article|aside|blockquote|body|canvas|center|colgroup|dd|details|div|dl|dt|"
    "fieldset|figcaption|figure|footer|form|group|h[1-6]|header|hgroup|hr|html|iframe|legend|"
    "li|main|map|math|menu|nav|noscript|object|ol|option|output|p|progress|section|summary|"
    "table|tbody|td|tfoot|th|thead|tr|ul|video"
)
_OPENING = re.compile(rf" {{0,3}}<({_BLOCK_TAGS})(?=[\s/>])([^<>]*)>", re.IGNORECASE)
# Any opening or closing tag of those elements, self-closing or not.
_TAG = re.compile(rf"<(/?)({_BLOCK_TAGS})(?=[\s/>])[^<>]*?(/?)>", re.IGNORECASE)
_MARKDOWN_ATTRIBUTE = re.compile(r"\smarkdown(?=[\s=/>]|$)")
# A line that is one opening or closing tag of those elements and nothing else.
_LONE_TAG = re.compile(rf" {{0,3}}</?({_BLOCK_TAGS})(?=[\s/>])[^<>]*>[ \t]*", re.IGNORECASE)
# What fills a blank line: a comment reads as nothing, and keeps the HTML block going.
_FILLER = "<!-- -->"
# An element is looked for its closing tag this many lines at most.
_MAX_ELEMENT_LINES = 400


def has_spaced_html(text: str) -> bool:
    """The quick test: a page needs a tag opening a line, and a line indented as code or a
    fence."""
    return ("\n    " in text or "```" in text or "~~~" in text) and re.search(
        r"^ {0,3}<[A-Za-z]", text, re.MULTILINE
    ) is not None


def join_html_blocks(text: str) -> str:
    """``text`` with the blank lines inside its raw block-level elements that CommonMark would
    end the element at, before code, filled."""
    lines = text.split("\n")
    prose = lines_outside_fences(lines)
    closing = _closing_lines(lines)
    # How many of the lines before each hold a markdown attribute: an element's lines are
    # asked in one subtraction, not read again for each element that starts in them.
    marked = [0]
    for line in lines:
        marked.append(marked[-1] + (_MARKDOWN_ATTRIBUTE.search(line) is not None))
    changed = False
    number = 0
    while number < len(lines):
        opening = _OPENING.match(lines[number]) if number in prose else None
        if opening is None or opening.group(2).rstrip().endswith("/"):
            number += 1
            continue
        end = closing.get(number)
        if end is None or marked[end] > marked[number]:
            number += 1
            continue
        if _wraps_spaced_fence(lines, prose, number, end):
            lines[number] = lines[end] = ""
            changed = True
            number += 1  # an element inside it may wrap the fence too
            continue
        for blank in range(number + 1, end):
            if blank not in prose or lines[blank].strip():
                continue
            if blank + 1 in prose and lines[blank + 1].startswith("    "):
                lines[blank] = _FILLER
                changed = True
        number = end + 1
    return "\n".join(lines) if changed else text


def _wraps_spaced_fence(lines: list[str], prose: set[int], opening: int, closing: int) -> bool:
    """Whether the element from line ``opening`` to line ``closing`` has each tag on a line of
    its own and its first blank line is in a fence: where CommonMark ends it (a blank line
    before the fence ends it before, and the fence reads as code: FastAPI's and Typer's
    ``<div class="termy">`` terminals)."""
    if _LONE_TAG.fullmatch(lines[opening]) is None or _LONE_TAG.fullmatch(lines[closing]) is None:
        return False
    blank = next((n for n in range(opening + 1, closing) if not lines[n].strip()), None)
    return blank is not None and blank not in prose


def _closing_lines(lines: list[str]) -> dict[int, int]:
    """For each line whose first tag opens a block-level element, the number of the line that
    closes it (nested elements of its name counted), when that is fewer than
    ``_MAX_ELEMENT_LINES`` lines on. One pass, each name's open elements on a stack: looking
    for each element's closing tag apart read up to that many lines again for every line a
    tag opens (20,000 lines of ``<div>``: 8 million lines read)."""
    open_elements: dict[str, list[tuple[int, bool]]] = {}
    closing: dict[int, int] = {}
    for number, line in enumerate(lines):
        if "<" not in line:
            continue
        for index, found in enumerate(_TAG.finditer(line)):
            stack = open_elements.setdefault(found.group(2).lower(), [])
            if not found.group(1):
                if not found.group(3):  # <br/>-style tags open nothing
                    stack.append((number, index == 0 and _OPENING.match(line) is not None))
            elif stack:
                opened, first = stack.pop()
                if first and number - opened < _MAX_ELEMENT_LINES:
                    closing[opened] = number
    return closing
