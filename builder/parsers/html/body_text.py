"""Render HTML elements as the readable plain text every parser's section bodies share.

``render_blocks`` turns a block element into a list of text blocks (joined later by blank lines):
paragraphs with collapsed whitespace, fenced code blocks, "- item" lists, "a | b" table rows,
"Note: text" admonitions. ``render_inline`` turns phrasing content into one line, keeping inline
code in backticks. Recursion stops at ``MAX_DEPTH``: deeper markup is flattened to its text, so
pathological nesting costs neither a RecursionError nor structure anywhere shallower.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator

from lxml import etree
from lxml.etree import _Element as Element

from builder.parsers.html.class_names import ClassVerdicts, classes, has_class
from builder.parsers.html.code_blocks import fence
from builder.parsers.html.element_text import is_element, text_of
from builder.parsers.html.table_records import table_records

MAX_DEPTH = 120

HEADING_TAGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
BLOCK_TAGS = HEADING_TAGS | frozenset(
    {
        "address", "article", "aside", "blockquote", "caption", "center", "dd", "details",
        "dialog", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "header",
        "hgroup", "hr", "li", "main", "nav", "ol", "p", "pre", "section", "summary", "table",
        "tbody", "td", "tfoot", "th", "thead", "tr", "ul",
    }
)  # fmt: skip
_CODE_TAGS = frozenset({"code", "tt", "kbd", "samp"})
# Permalink widgets themes put in headings and signatures; never part of the text.
# Doxygen's is "permalink", a "◆" before each member's title.
_SKIPPED_CLASSES = frozenset(
    {
        "headerlink", "viewcode-link", "viewcode-back", "hash-link", "permalink",
        # YARD's script links: "collapse" in a summary's heading (its constants' too), "show
        # all" under a class's ancestors.
        "summary_toggle", "constants_summary_toggle", "inheritanceTree",
        # JSDoc's "opt" set small after an optional parameter's name in a signature, which
        # ran into the name ("previousopt"); its parameter list says "<optional>".
        "signature-attributes",
        # Texinfo's "¶" link after each table item and index entry it anchors (makeinfo 6.8's
        # "copiable-anchor", texi2any 7's "copiable-link"), which stayed in the item's term.
        "copiable-anchor", "copiable-link",
        # Docco's "¶" link beside each comment of its annotated source, read as a paragraph.
        "pilcrow",
    }
)  # fmt: skip

# VitePress' permalink (markdown-it-anchor's a.header-anchor) shows a zero-width space, which
# its stylesheet replaces by "#": "Usage \u200b" was every heading of its pages.
_PERMALINK_MARK = re.compile(r"(?:\s*[¶§🔗\u200b]|\s+#)+$")
# The last characters a permalink mark can end with: text ending otherwise has none.
_PERMALINK_ENDINGS = ("¶", "§", "🔗", "#", "\u200b")
_SPACE_CHARACTERS = " \t\n\r\f\v"  # what ``space`` collapses: ASCII whitespace
_OTHER_SPACE_CHARACTERS = "\t\r\f\v"  # the same but for the space and the line break
_MANY_SPACES = re.compile(r" {2,}")
_SPACE_AROUND_NEWLINE = re.compile(r" *\n *")

# A Python cross-reference that names the intersphinx inventory it is in (":class:`python:bytes`"),
# which Sphinx writes as it is when it cannot resolve it: a build without network, as Debian's
# are (Hypothesis 6.67.1's "Generates python:bytes."). The reST reader drops the prefix too.
_UNRESOLVED_INVENTORY = re.compile(r"[A-Za-z][\w-]*:(?=[A-Za-z_])")
_LINE_NUMBERED_CODE = etree.XPath(".//td[contains(@class, 'code')]//pre")
# The text of a code block's gutter: line numbers, one or more.
_LINE_NUMBERS = re.compile(r"\s*\d[\d\s]*")
# A table's rows: its own and those of its head, bodies and foot, in document order.
_ROW_GROUPS = frozenset({"thead", "tbody", "tfoot"})
_CELL_TAGS = frozenset({"td", "th"})


_SKIPPED_BY_CLASS = ClassVerdicts(_SKIPPED_CLASSES)
# docutils' classifier of a definition list's term ("x : int"), whose colon Sphinx's and
# numpydoc's stylesheets draw; without it a parameter read "rightDataFrame or named Series".
_CLASSIFIER_BY_CLASS = ClassVerdicts(frozenset({"classifier"}))


def is_block(element: Element) -> bool:
    return element.tag in BLOCK_TAGS


def render_blocks(element: Element, depth: int = 0) -> list[str]:
    """Render one block element as text blocks, in document order."""
    if depth > MAX_DEPTH:
        flat = collapse(text_of(element))
        return [flat] if flat else []
    tag = element.tag
    if tag == "pre":
        return [fence(element)]
    if tag in ("ul", "ol"):
        return _nonempty(render_list(element, depth))
    if tag == "table":
        return _nonempty(render_table(element, depth))
    if tag == "tr":  # a row of a table that holds a heading (walked row by row)
        return _nonempty(render_row(element, depth))
    if tag == "dl":
        return _nonempty(render_definitions(element, depth))
    if tag == "hr":
        return []
    if tag == "details" or has_class(element, "admonition"):
        return render_admonition(element, depth)
    if tag == "div" and (has_class(element, "fragment") or has_class(element, "summary-table")):
        block = generator_block(element, depth)
        if block is not None:
            return _nonempty(block)
    return render_flow(element, depth)


def render_flow(element: Element, depth: int = 0, leave_out: Element | None = None) -> list[str]:
    """Render mixed content: runs of inline text become paragraphs between the block children.
    ``leave_out`` is a child rendered elsewhere (an admonition's title); its tail stays."""
    blocks: list[str] = []
    text = element.text
    run: list[str] = [space(text)] if text and not text.isspace() else []
    # Called for most elements of a page: the tests are inlined, and empty text is skipped,
    # as is whitespace that would open a run (``join_inline`` strips it).
    for child in element:
        tag = child.tag
        if child is leave_out or not isinstance(tag, str):
            pass
        elif tag in BLOCK_TAGS:
            if run:
                _flush(run, blocks)
            blocks.extend(render_blocks(child, depth + 1))
        else:
            run.append(render_inline(child, depth + 1))
        tail = child.tail
        if tail and (run or not tail.isspace()):
            run.append(space(tail))
    if run:
        _flush(run, blocks)
    return blocks


def render_inline(element: Element, depth: int = 0, ticks: bool = True) -> str:
    """Render phrasing content as one string: spaces collapsed, ``<br>`` kept as a newline.

    Inline code is wrapped in backticks unless ``ticks`` is False (headings are plain text).
    """
    tag = element.tag
    # Most inline elements have no class; a value is split into its names once (ClassVerdicts).
    value = element.get("class")
    if value and _SKIPPED_BY_CLASS[value]:
        return ""
    if value and _CLASSIFIER_BY_CLASS[value]:
        # docutils before 0.18 wrote the colon itself, in a "classifier-delimiter" span.
        before = element.getprevious()
        written = before is not None and "classifier-delimiter" in (before.get("class") or "")
        colon = " " if written else " : "
        return colon + collapse(render_inline_children(element, depth, ticks))
    if tag == "br":
        return "\n"
    if tag == "img":
        alt = element.get("alt")
        # docutils writes an image's address as its alt text when the source gives none
        # ("../_images/plot_ols_001.png"): a path, not words a reader has.
        return "" if alt is None or alt == element.get("src") else space(alt)
    if tag in _CODE_TAGS and ticks and depth <= MAX_DEPTH:
        code = collapse(text_of(element))
        if not code:
            return ""
        if value and "xref" in value and _UNRESOLVED_INVENTORY.match(code) and _unresolved(element):
            code = code.partition(":")[2]
        tick = "``" if "`" in code else "`"
        pad = " " if code.startswith("`") or code.endswith("`") else ""
        return f"{tick}{pad}{code}{pad}{tick}"
    if depth > MAX_DEPTH:
        return space(text_of(element))
    return render_inline_children(element, depth, ticks)


def _unresolved(code: Element) -> bool:
    """Whether ``code`` is a Python cross-reference Sphinx could not resolve (no link)."""
    parent = code.getparent()
    return {"xref", "py"} <= classes(code) and (parent is None or parent.tag != "a")


def render_inline_children(element: Element, depth: int, ticks: bool) -> str:
    """The element's text and its children's, rendered as ``render_inline`` renders them."""
    text = element.text
    parts = [space(text)] if text else []
    for child in element:
        if isinstance(child.tag, str):  # an element, not a comment
            parts.append(render_inline(child, depth + 1, ticks))
        tail = child.tail
        if tail:
            parts.append(space(tail))
    text = "".join(parts)
    # Code meets code only between two pieces (most elements have one), which the joined
    # text then shows; only then are the pieces walked again.
    return "".join(code_joined(parts)) if len(parts) > 1 and "``" in text else text


def code_joined(parts: list[str]) -> list[str]:
    """Rendered inline pieces, each code span that comes right after another continuing it.

    Sphinx writes reST literals written back to back (psycopg's ``EnumInfo`` then ``.fetch()``,
    joined by an escaped space) as adjacent ``<code>`` elements, drawn as one run of code.
    Rendered apart they would read as one Markdown span holding two backticks."""
    joined: list[str] = []
    for part in parts:
        if part[:1] == "`" and joined:
            before = joined[-1]
            # Both single-backtick spans, the earlier one ending the piece before.
            if before[-1:] == "`" and before[-2:-1] not in ("`", "", " ") and part[1:2] not in "` ":
                joined[-1] = before[:-1] + part[1:]
                continue
        joined.append(part)
    return joined


def inline_text(element: Element) -> str:
    """The element's phrasing content as one clean line (headings, signatures, table cells)."""
    return collapse(render_inline(element).replace("\n", " "))


def heading_text(heading: Element) -> str:
    """A heading's plain text without the permalink mark (¶, §, a lone #) themes append."""
    collapsed = collapse(render_inline(heading, ticks=False))
    text = without_permalink_mark(collapsed)
    # A mark the pattern took was the permalink ("C# #" -> "C#"): the "#" left is the text's.
    if text == collapsed and text.endswith("#") and _has_hash_permalink(heading):
        return text[:-1].rstrip()
    return text


def _has_hash_permalink(heading: Element) -> bool:
    """Whether the heading's last link is a "#" pointing at a fragment: a permalink written
    right after the text (Node.js' ``File system<span><a href="#file-system">#</a></span>``),
    which the mark pattern, wanting a space before a "#" so that "C#" stays, leaves."""
    # The last link that shows text: Node.js puts an empty legacy anchor after the mark.
    shown = [link for link in heading.iter("a") if text_of(link).strip()]
    if not shown:
        return False
    last = shown[-1]
    return text_of(last).strip() == "#" and str(last.get("href", "")).startswith("#")


def plain_text(element: Element) -> str:
    """All text under ``element`` on one line, markup ignored, any permalink mark removed."""
    return without_permalink_mark(collapse(text_of(element)))


def without_permalink_mark(text: str) -> str:
    """``text`` (collapsed: no line break at its end) without a trailing permalink mark."""
    # The regex tries every position of the text, some fifteen microseconds for a signature;
    # a mark is always last, so text that does not end with one is returned as it is.
    if not text.endswith(_PERMALINK_ENDINGS):
        return text
    return _PERMALINK_MARK.sub("", text)


def select(element: Element, query: etree.XPath) -> list[Element]:
    """The elements a compiled XPath ``query`` finds under ``element``, typed as such.

    Queries are compiled once, at import: compiling one costs more than running it."""
    found = query(element)
    return [node for node in found if isinstance(node, Element)] if isinstance(found, list) else []


def line_of(element: Element) -> int:
    """The 1-based source line where ``element`` starts, 0 when lxml does not know it."""
    line = element.sourceline
    return line if isinstance(line, int) else 0


def collapse(text: str) -> str:
    """Collapse every whitespace run to one space and trim the ends."""
    return space(text).strip()


def generator_block(element: Element, depth: int) -> str | None:
    """A block laid out by Doxygen or javadoc, read by builder.parsers.html.generator_blocks
    (imported here, not at the top: it reads this module's helpers); None when the element
    only has the class name of one."""
    from builder.parsers.html.generator_blocks import render_generator_block

    return render_generator_block(element, depth)


def render_list(element: Element, depth: int) -> str:
    """Items as "- item" or "1. item"; later blocks and nested lists indented two spaces."""
    ordered = element.tag == "ol"
    number = _start(element) if ordered else 1
    lines: list[str] = []
    for item in element:
        if not is_element(item):
            continue
        blocks = (
            render_flow(item, depth + 1) if item.tag == "li" else render_blocks(item, depth + 1)
        )
        if not blocks:
            continue
        marker = f"{number}. " if ordered else "- "
        number += 1
        first, *rest = "\n".join(blocks).split("\n")
        lines.append(marker + first)
        lines.extend(f"  {line}" if line else "" for line in rest)
    return "\n".join(lines)


def render_table(element: Element, depth: int) -> str:
    """One line per row, cells joined by " | "; Sphinx's line-numbered code keeps only the code,
    and a table with code in a cell is read as records (builder.parsers.html.table_records)."""
    if has_class(element, "highlighttable"):
        code = select(element, _LINE_NUMBERED_CODE)
        if code:
            return fence(code[0])
    gutter_code = _code_beside_line_numbers(element)
    if gutter_code is not None:
        return fence(gutter_code)
    rows: list[str] = []
    # Children read in Python: an XPath per table and per row cost more than the loops.
    for caption in element.iterchildren("caption"):
        text = inline_text(caption)
        if text:
            rows.append(text)
    # Doxygen's declaration, and DocBook XSL's function prototype (a cell for "int pam_start(",
    # then one per parameter): each one line of code, not rows of cells.
    if has_class(element, "memname") or has_class(element, "funcprototype-table"):
        return generator_block(element, depth) or ""
    records = table_records(
        list(table_rows(element)), lambda cell: render_flow(cell, depth + 2), inline_text
    )
    if records is not None:
        return "\n\n".join([*rows, records])
    cells = _without_empty_columns([_row_cells(row, depth) for row in table_rows(element)])
    rows.extend(" | ".join(row).rstrip() for row in cells if any(row))
    return "\n".join(rows)


def _without_empty_columns(rows: list[list[str]]) -> list[list[str]]:
    """``rows`` without the columns empty in each of them, when they are all as wide: a
    layout's margins and gutters (groff's manual pages indent each option's row with an empty
    cell, and set a cell between it and its text: "| -f |  | backup is ...")."""
    filled = [row for row in rows if any(row)]
    if len({len(row) for row in filled}) != 1:
        return rows
    kept = [i for i in range(len(filled[0])) if any(row[i] for row in filled)]
    return [[row[i] for i in kept] for row in filled]


def _code_beside_line_numbers(table: Element) -> Element | None:
    """The ``<pre>`` of a table that lays out code beside its line numbers: one row, a last
    cell holding only the code, and before it cells holding only a ``<pre>`` of consecutive
    numbers, a line of the code each (YARD's ``table.source_code``, Rouge's
    ``table.rouge-table``); None for any other table, whose rows read a line each (which ran
    the numbers and every line of code into one)."""
    rows = table_rows(table)
    row = next(rows, None)
    if row is None or next(rows, None) is not None:
        return None
    cells = [cell for cell in row if cell.tag in _CELL_TAGS]
    if len(cells) < 2:
        return None
    code = next(cells[-1].iter("pre"), None)
    if code is None or text_of(cells[-1]).strip() != text_of(code).strip():
        return None
    lines = len(_pre_text(code).rstrip("\n").split("\n"))
    return code if all(_numbers_lines(gutter, lines) for gutter in cells[:-1]) else None


def _pre_text(pre: Element) -> str:
    """The text of ``pre`` as a browser shows it: without the one newline right after the start
    tag, which HTML ignores and libxml2 keeps (YARD 0.9.24 writes its gutter ``<pre class=
    "lines">`` so, its numbers then counting a line more than its code)."""
    return text_of(pre).removeprefix("\n")


def _numbers_lines(cell: Element, lines: int) -> bool:
    """Whether ``cell`` is a gutter of ``lines`` lines: a ``<pre>`` of consecutive numbers,
    line by line (YARD's leaves a line blank for its code's "# File" line). A row of a number
    beside other text is a table's."""
    gutter = next(cell.iter("pre"), None)
    if gutter is None or not _LINE_NUMBERS.fullmatch(text_of(cell)):
        return False
    written = _pre_text(gutter).rstrip("\n")
    words = written.split()
    if len(written.split("\n")) != lines or any(len(word) > 9 for word in words):
        return False
    numbers = [int(word) for word in words]
    if lines == 1 and numbers != [1]:  # a year, a count: one number beside one line is a row
        return False
    return all(after == before + 1 for before, after in itertools.pairwise(numbers))


def render_row(row: Element, depth: int) -> str:
    """A table row as its cells joined by " | "; "" when every cell is empty."""
    cells = _row_cells(row, depth)
    return " | ".join(cells).rstrip() if any(cells) else ""


def _row_cells(row: Element, depth: int) -> list[str]:
    return [
        collapse(" ".join(render_flow(cell, depth + 2))) for cell in row if cell.tag in _CELL_TAGS
    ]


def table_rows(table: Element) -> Iterator[Element]:
    """What XPath's ``./tr | ./thead/tr | ./tbody/tr | ./tfoot/tr`` finds, in its order."""
    for child in table:
        if child.tag == "tr":
            yield child
        elif child.tag in _ROW_GROUPS:
            yield from child.iterchildren("tr")


def render_definitions(element: Element, depth: int) -> str:
    """Terms on their own lines, each definition's lines indented two spaces beneath. A field
    list's name ends in a colon: Sphinx before 5 wrote none ("Parameters"), its stylesheet
    shows one (``dl.field-list > dt:after``), as later versions write it."""
    lines: list[str] = []
    colon = has_class(element, "field-list")
    for child in element:
        if not is_element(child):
            continue
        if child.tag == "dd":
            text = "\n".join(render_flow(child, depth + 1))
            lines.extend(f"  {line}" if line else "" for line in text.split("\n"))
        else:
            term = inline_text(child)
            if term and colon and not term.endswith(":"):
                term += ":"
            if term:
                lines.append(term)
    return "\n".join(lines).strip("\n")


def render_admonition(element: Element, depth: int) -> list[str]:
    """``div.admonition`` (or ``<details>``) as "Title: text", the title from its title element;
    a title that ends a sentence gets no colon, as the reST reader writes it (de4e5901): a
    built page's "Need more information?" read "Need more information?:", and
    sphinx-immaterial's "Added in version 2.0." (a title alone) "Added in version 2.0.:"."""
    title = next((c for c in element if is_element(c) and _is_title(c)), None)
    label = "" if title is None else inline_text(title).rstrip(":").strip()
    blocks = render_flow(element, depth, leave_out=title)
    if not label:
        return blocks
    colon = "" if label.endswith(_SENTENCE_ENDS) else ":"
    if not blocks:
        return [f"{label}{colon}"]
    return [f"{label}{colon} {blocks[0]}", *blocks[1:]]


# The marks a title can end with that a colon after would double.
_SENTENCE_ENDS = ("?", "!", ".")


def _is_title(element: Element) -> bool:
    return element.tag == "summary" or has_class(element, "admonition-title")


def _start(element: Element) -> int:
    value = element.get("start", "1").strip()
    return int(value) if value.isdigit() and len(value) < 9 else 1


def space(text: str | None) -> str:
    """Whitespace runs as single spaces, ends kept (they separate inline pieces)."""
    if not text:
        return ""
    # Called for every text node: return it as it is when nothing would change (printable text
    # holds no tab or line break; a non-breaking space is not printable, so it takes the rest).
    if text.isprintable() and "  " not in text:
        return text
    # Most of the rest are lines of a paragraph broken in the source: when each line break
    # stands alone (no whitespace next to it) it is the whole run, and one space replaces it.
    joined = text.replace("\n", " ")
    if "  " not in joined and joined.isprintable():
        return joined
    if not text.strip(_SPACE_CHARACTERS):  # whitespace alone, such as blank lines between tags
        return " "
    # The rest, mostly sentences with two spaces after a full stop: each other whitespace
    # character becomes a space, then runs of spaces shrink until single. str methods scan
    # several times faster than a regex search for a run (which starts a match at every
    # character); runs halve on each pass, so a long run costs a few passes.
    for character in _OTHER_SPACE_CHARACTERS:
        joined = joined.replace(character, " ")
    while "  " in joined:
        joined = joined.replace("  ", " ")
    return joined


def _flush(run: list[str], blocks: list[str]) -> None:
    """Close the current run of inline text as one paragraph."""
    text = join_inline(run)
    if "``" in text:  # code may meet code: code_joined
        text = join_inline(code_joined(run))
    if text:
        blocks.append(text)
    run.clear()


def join_inline(run: list[str]) -> str:
    """One paragraph from rendered inline pieces: single spaces, no spaces around line breaks.

    Whitespace before the first other character is stripped, so a run need not start with a
    piece that is whitespace alone: the blank lines between a container's block children then
    make no run to join (two in three of the runs of a Sphinx page)."""
    text = "".join(run)
    if "  " in text:
        text = _MANY_SPACES.sub(" ", text)
    if "\n" in text:
        text = _SPACE_AROUND_NEWLINE.sub("\n", text)
    return text.strip()


def _nonempty(text: str) -> list[str]:
    return [text] if text.strip() else []
