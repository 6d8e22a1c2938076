"""Read the blocks API documentation generators lay out in their own markup as the text they
show: Doxygen's declarations (a table of cells) and code fragments (a ``div`` per line), and
javadoc's summary tables (a CSS grid of ``div`` cells, no ``<table>``) and member headings,
and the name a Doxygen member's empty title leaves to its declaration; javadoc's doc comments.
"""

from __future__ import annotations

import re
import textwrap

from lxml import etree
from lxml.etree import _Element as Element

from builder.parsers.html.body_text import collapse, render_flow, select, table_rows
from builder.parsers.html.class_names import has_class
from builder.parsers.html.element_text import is_element, text_of

_CELL_TAGS = frozenset({"td", "th"})
# A Doxygen fragment's lines, then the tooltips (div.ttc: the declaration and definition of each
# name the code links, hidden until the pointer rests on it) it writes after them when the
# source browser is on (SOURCE_TOOLTIPS, on by default): in a listing of a header's source and
# in an inline function's body on its documentation page.
_FRAGMENT_CHILD_CLASSES = ("line", "ttc")
# javadoc's grid says its width in a class; the header cells say it too.
_GRID_COLUMNS = {"two-column-summary": 2, "three-column-summary": 3, "four-column-summary": 4}
# The name a declaration ends with, past its scope ("union { ... } SDL_SysWMinfo::info").
_DECLARED_NAME = re.compile(r"([A-Za-z_]\w*)\s*$")


def render_generator_block(element: Element, depth: int) -> str | None:
    """The text of a block ``body_text`` hands over: a Doxygen ``table.memname`` (or DocBook
    XSL's ``table.funcprototype-table``, laid out the same way) or ``div.fragment``, or a
    javadoc ``div.summary-table``; None for a div of that class that is none of them."""
    if element.tag == "table":
        return _declaration(element)
    if not _is_generator_block(element):
        return None
    if has_class(element, "fragment"):
        return _line_fragment(element)
    return _summary_grid(element, depth)


def _is_generator_block(element: Element) -> bool:
    """Whether a div is Doxygen's code (a ``div.fragment`` of a ``div.line`` per line) or
    javadoc's grid (a ``div.summary-table`` of ``div`` cells), and nothing else. Other sites
    give those names to blocks of any content, of which only the lines' text would be kept or
    each child read as one line: reveal.js a slide's steps, a Sphinx page (PennyLane
    Catalyst's) a div around an autosummary table."""
    if has_class(element, "fragment"):
        cell_classes: tuple[str, ...] = _FRAGMENT_CHILD_CLASSES
    elif has_class(element, "summary-table"):
        cell_classes = ()
    else:
        return False
    if element.text and not element.text.isspace():
        return False
    children = [child for child in element if isinstance(child.tag, str)]
    return bool(children) and all(
        child.tag == "div"
        and (not cell_classes or any(has_class(child, name) for name in cell_classes))
        for child in children
    )


def _declaration(table: Element) -> str:
    """Doxygen's ``table.memname``: a declaration laid out in cells (return type and name, "(",
    each parameter's type and name, ")"), read as the one line of code it is."""
    rows = (
        collapse(" ".join(collapse(text_of(cell)) for cell in row if cell.tag in _CELL_TAGS))
        for row in table_rows(table)
    )
    code = " ".join(row for row in rows if row)
    code = code.replace(" ( ", "(", 1).replace("( ", "(").replace(" )", ")")
    return f"`{code}`" if code else ""


def _line_fragment(fragment: Element) -> str:
    """Doxygen's code block (``\\code``, a macro's value, a listing): a ``div.fragment`` of one
    ``div.line`` per line, each perhaps led by its number (``span.lineno``), as a fenced block."""
    lines: list[str] = []
    for line in fragment.iterchildren("div"):
        if not has_class(line, "line"):  # a tooltip, no part of the code shown
            continue
        text = text_of(line)
        for number in line.iterfind(".//span[@class='lineno']"):
            text = text.replace(text_of(number), "", 1)
        lines.append(text.rstrip())
    code = textwrap.dedent("\n".join(lines)).strip("\n")
    ticks = "````" if "```" in code else "```"
    return f"{ticks}\n{code}\n{ticks}" if code else f"{ticks}\n{ticks}"


def _summary_grid(grid: Element, depth: int) -> str:
    """javadoc's ``div.summary-table`` (JDK 16 and later): header cells, then each row's cells,
    all siblings; one line a row, cells joined by " | " as a table's are. Read cell by cell,
    a member's description could be cut from its name when a long summary is split."""
    cells = [child for child in grid if is_element(child)]
    headers = sum(1 for cell in cells if has_class(cell, "table-header"))
    columns = headers or next(
        (width for name, width in _GRID_COLUMNS.items() if has_class(grid, name)), 0
    )
    if columns < 2:  # div cells (_is_generator_block) of no width known: not javadoc's grid
        return "\n\n".join(render_flow(grid, depth))
    texts = [collapse(" ".join(render_flow(cell, depth + 2))) for cell in cells]
    rows = (texts[start : start + columns] for start in range(0, len(texts), columns))
    return "\n".join(" | ".join(row).rstrip() for row in rows if any(row))


def javadoc_member_heading(heading: Element, text: str) -> str:
    """A javadoc member's heading with its parameters (``abbreviate(String str, int
    maxWidth)``), taken from the signature under it: the heading alone names the method, and
    its overloads (StringUtils has four abbreviate) would be sections of one heading."""
    parent = heading.getparent()
    if parent is not None and parent.tag == "li" and has_class(parent, "blockList"):
        return _listed_member_heading(heading, text)
    if parent is None or parent.tag != "section" or not has_class(parent, "detail"):
        return text
    signature = heading.getnext()
    if signature is None or not has_class(signature, "member-signature"):
        return text
    # A descendant: libxml2 knows no <wbr> and nests what follows it inside.
    for parameters in signature.iterfind(".//span[@class='parameters']"):
        listed = collapse(text_of(parameters).replace("\xa0", " "))
        if listed.startswith("("):
            return text + listed
    return text


def _listed_member_heading(heading: Element, text: str) -> str:
    """The heading of a member javadoc 8 to 15 writes in a ``li.blockList`` (``<h4>nargs</h4>``
    over ``<pre>Argument nargs(int n)</pre>``) with the parameters its signature lists."""
    signature = heading.getnext()
    # An empty heading names no member: "(" was found at the signature's start.
    if not text or signature is None or signature.tag != "pre":
        return text
    # javadoc 9 on writes a zero-width space between a method's name and its parameters.
    shown = collapse(text_of(signature).replace("\xa0", " ").replace("\u200b", ""))
    start = shown.find(f"{text}(")
    if start < 0 or (start > 0 and not shown[start - 1].isspace()):
        return text
    opened = start + len(text)
    depth = 0
    for index in range(opened, len(shown)):
        depth += {"(": 1, ")": -1}.get(shown[index], 0)
        if depth == 0:
            return text + shown[opened : index + 1]
    return text


def unnamed_member_heading(heading: Element) -> str:
    """The name of a member whose Doxygen title (``h2.memtitle``) is empty, from the declaration
    in the ``div.memitem`` under it; "" for any other heading. Doxygen leaves the title of a
    field of an anonymous union or struct empty (SDL 2.26.5's ``union { ... }
    SDL_SysWMinfo::info``): 13 sections of SDL's had no heading."""
    item = heading.getnext() if has_class(heading, "memtitle") else None
    if item is None or not has_class(item, "memitem"):
        return ""
    for cell in item.iterfind(".//td[@class='memname']"):
        match = _DECLARED_NAME.search(collapse(text_of(cell)).rpartition("::")[2])
        return match.group(1) if match else ""
    return ""


# javadoc (8 to 17) writes each doc comment, the class's and each member's, in a div.block.
_JAVADOC_COMMENTS = etree.XPath("descendant::div[@class='block']")


def javadoc_comments(root: Element) -> frozenset[Element]:
    """The doc comments of a page javadoc wrote, whose own headings stay inside them: Commons
    IO 2.11.0's DirectoryWalker comment heads its parts with <h2>, as javadoc heads the class,
    and its summaries and every member's detail were read under the last ("3. Cancellation")."""
    return frozenset(select(root, _JAVADOC_COMMENTS))
