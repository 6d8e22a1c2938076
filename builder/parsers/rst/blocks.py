"""Walk reStructuredText body lines block by block and render each block as readable text.

The walker looks at the line where the next block starts and picks its kind the way docutils'
body state does: titles (document level only), explicit markup, block quotes, doctest blocks,
lists, field and option lists, tables, line blocks, then paragraphs, which may introduce a
literal block (``::``) or be the term of a definition list item. Nested blocks are rendered by
calling the walker again on their dedented lines.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from builder.api.sphinx_fields import is_info_field
from builder.parsers.docutils_ids import docutils_id
from builder.parsers.reference_titles import names_a_generated_page
from builder.parsers.rst.api_descriptions import CLASS_LEVEL, MODULE_LEVEL
from builder.parsers.rst.description_runs import shared_run
from builder.parsers.rst.directives import render_directive
from builder.parsers.rst.events import (
    MAX_DEPTH,
    METADATA_FIELDS,
    Context,
    DocState,
    Event,
    Heading,
    Text,
    dedent,
    fence,
    indent_of,
    indent_text,
    indented_end,
    join_events,
    skip_blank,
)
from builder.parsers.rst.info_fields import info_field_events
from builder.parsers.rst.inline import render_inline
from builder.parsers.rst.markup_lines import (
    DIRECTIVE,
    FOOTNOTE,
    SUBSTITUTION,
    TARGET,
    markup_line_numbers,
)
from builder.parsers.rst.release_paragraphs import release_heading, release_term
from builder.parsers.rst.releases import (
    Release,
    entry_lead,
    is_releases_list,
    release_group,
    release_item,
)
from builder.parsers.rst.substitutions import define
from builder.parsers.rst.table_blocks import (
    describes_objects,
    holds_code,
    render_described_objects,
    render_records,
    render_rows,
)
from builder.parsers.rst.tables import (
    GridCells,
    Row,
    grid_rows,
    is_grid_border,
    is_simple_border,
    read_grid_cells,
    read_grid_table,
    read_simple_cells,
    simple_rows,
)
from builder.parsers.rst.titles import ADORNMENT_CHARS, adornment_char, is_transition, match_title
from builder.parsers.wide_breaks import join_lines

_BULLET = re.compile(r"[-*+\u2022\u2023\u2043](?: +|$)")
_ENUMERATOR = r"(?:\d+|#|[a-zA-Z]|[ivxlcdm]+|[IVXLCDM]+)"
_ENUMERATED = re.compile(rf"(?:({_ENUMERATOR})[.)]|\(({_ENUMERATOR})\))(?: +|$)")
# A list item that is only a link (with or without a title), left out when it links a page Sphinx
# generates (sphinx-quickstart's "Indices and tables"), which a doctrove site does not have: by
# the ref role, or by the any role or the default role (jsonschema's default_role = "any").
_REF_ONLY = re.compile(r":(?:std:)?ref:`(?:([^`<]+)|[^`<]*<([^`>]+)>)`\.?")
_OTHER_ONLY = re.compile(r"(?::any:)?`(genindex|modindex|py-modindex|search)`\.?")
_FIELD = re.compile(r":((?:[^:`\\]|\\.)+?):(?: +|$)")
_OPTION = r"(?:--?|/)[A-Za-z0-9][\w-]*(?:[ =](?:<[^>]+>|[A-Za-z_][\w-]*))?"
_OPTION_LIST = re.compile(rf"({_OPTION}(?:, {_OPTION})*)(?:  +|$)")
_LINE_BLOCK = re.compile(r"\|(?: +|$)")
_INLINE_LITERAL = re.compile(r"``.+?``")
_QUOTED_LITERAL = re.compile(r"[!-/:-@\[-`{-~]")
# Fields docutils turns into topics of the page rather than docinfo, which Sphinx removes.
_BIBLIOGRAPHIC_TOPICS = frozenset({"abstract", "dedication"})
# Directives whose output docutils lets stand above a page's docinfo: nothing, or only
# raw, index, target and meta nodes.
_BEFORE_DOCINFO_DIRECTIVES = frozenset({
    "raw", "meta", "index", "role", "default-role", "title", "currentmodule",
    "py:currentmodule",
})  # fmt: skip
_PYTHON_LANGUAGES = ("", "python", "py", "python3", "pycon", "default")


def render_blocks(lines: list[str], first: int, ctx: Context, doc: DocState) -> list[Event]:
    """Events for ``lines`` (right-stripped, dedented); ``lines[0]`` is source line ``first``."""
    if ctx.depth > MAX_DEPTH:
        text = " ".join(line.strip() for line in lines if line)
        return [Text(text)] if text else []
    events: list[Event] = []
    i, n = skip_blank(lines, 0), len(lines)
    while i < n:
        produced, i = _render_block(lines, i, first, ctx, doc)
        if ctx.depth == 0 and produced and not _is_title(produced[0]):
            doc.labels.clear()
        events.extend(produced)
        i = skip_blank(lines, i)
    return events


def _is_title(event: Event) -> bool:
    return isinstance(event, Heading) and bool(event.style)


def _render_block(
    lines: list[str], i: int, first: int, ctx: Context, doc: DocState
) -> tuple[list[Event], int]:
    """Events of the block starting at ``lines[i]`` and the index after it."""
    line = lines[i]
    if line[0] == " ":
        end = indented_end(lines, i)
        # A block quote: indentation alone changes nothing a reader of plain text needs.
        return render_blocks(dedent(lines[i:end]), first + i, ctx.nested(), doc), end
    if line.startswith("..") and (len(line) == 2 or line[2] == " "):
        return _render_explicit(lines, i, first, ctx, doc)
    plain = line[0].isalnum()
    if ctx.depth == 0 and (plain or not _starts_body_construct(line)):
        title = _render_title(lines, i, first, doc)
        if title:
            return title
    if ctx.depth == 0 and line.startswith("**"):
        release = release_heading(lines, i, first, doc)
        if release is not None:
            return [release], i + 1
    if ctx.depth == 0 and plain and (release := release_term(lines, i, first, doc)) is not None:
        end = indented_end(lines, i + 1)
        notes = render_blocks(dedent(lines[i + 1 : end]), first + i + 1, ctx.nested(), doc)
        return [release, *notes], end
    if plain and not _ENUMERATED.match(line):
        return _render_paragraph(lines, i, first, ctx, doc)
    if line.startswith("__ "):
        return [], indented_end(lines, i + 1) if i + 1 < len(lines) else i + 1
    if is_transition(lines, i) and not is_simple_border(line):
        return [], i + 1
    if line.startswith(">>>"):
        end = _paragraph_end(lines, i)
        return [Text(fence(lines[i:end], "pycon"))], end
    if _BULLET.match(line) or _is_enumerated_item(lines, i):
        return _render_list(lines, i, first, ctx, doc)
    if _FIELD.match(line):
        return _render_field_list(lines, i, first, ctx, doc)
    if _OPTION_LIST.match(line) and _is_option_item(lines, i):
        return _render_option_list(lines, i, first, ctx, doc)
    if is_grid_border(line):
        cells, end = read_grid_cells(lines, i)
        if cells is None:  # borders that do not close: read column by column
            rows, end = read_grid_table(lines, i)
            return [Text(render_rows(rows))], end
        return _render_cells(cells, first + i, ctx, doc, grid_rows), end
    if is_simple_border(line) and i + 1 < len(lines) and lines[i + 1]:
        cells, end = read_simple_cells(lines, i)
        return _render_cells(cells, first + i, ctx, doc, simple_rows), end
    if _LINE_BLOCK.match(line):
        end = _paragraph_end(lines, i)
        text = "\n".join(render_inline(row[1:].strip()) for row in lines[i:end])
        return [Text(text)], end
    return _render_paragraph(lines, i, first, ctx, doc)


def _render_cells(
    cells: GridCells,
    first: int,
    ctx: Context,
    doc: DocState,
    rows_of: Callable[[GridCells], list[Row]],
) -> list[Event]:
    """A table read from its cells: objects described in each, records of cells holding code,
    else "cell | cell" rows (builder.parsers.rst.table_blocks). ``first`` is the source line
    of its top border."""
    if describes_objects(cells):
        return render_described_objects(cells, first, ctx, doc, render_blocks)
    if holds_code(cells):
        return render_records(cells, first, ctx, doc, render_blocks)
    return [Text(render_rows(rows_of(cells)))]


def _render_title(
    lines: list[str], i: int, first: int, doc: DocState
) -> tuple[list[Event], int] | None:
    """The section title starting at ``lines[i]``, with the labels written above it."""
    title = match_title(lines, i)
    line = first + i
    if not title:
        if adornment_char(lines[i]) and i + 2 < len(lines) and adornment_char(lines[i + 2]):
            doc.warn(line, "Title overline & underline mismatch.")
            return [], i + 1  # read the overline as a transition and go on
        return None
    if title.warning:
        doc.warn(line, title.warning)
    anchor, claim = "", line
    if doc.labels:
        anchor, claim = docutils_id(doc.labels[0][0]), doc.labels[0][1]
        doc.labels.clear()
    heading = Heading(
        title=" ".join(render_inline(title.text.strip(), heading=True).split()),
        line=line,
        last_line=first + title.end - 1,
        claim_line=claim,
        anchor=anchor,
        style=title.style,
    )
    return [heading], title.end


def _starts_body_construct(line: str) -> bool:
    # A line block's "|" (pygame's blank line, a "|" alone) is one before it is an adornment,
    # as docutils tries the line block first.
    return bool(
        _BULLET.match(line)
        or _FIELD.match(line)
        or line.startswith(">>>")
        or _LINE_BLOCK.match(line)
    )


def _render_explicit(
    lines: list[str], i: int, first: int, ctx: Context, doc: DocState
) -> tuple[list[Event], int]:
    """Directives, labels, footnotes, substitution definitions and comments."""
    line = lines[i]
    end = indented_end(lines, i + 1) if i + 1 < len(lines) else i + 1
    if line == ".." and (i + 1 >= len(lines) or not lines[i + 1]):
        end = i + 1  # an empty comment ends at the blank line; what follows is a block quote
    end = max(end, i + 1)
    directive = DIRECTIVE.match(line)
    before: tuple[str, ...] = ()
    at = i  # the directive read: the last of a run of descriptions that share its text
    if directive and (run := shared_run(lines, i, end)):
        before, at = run
        end = max(indented_end(lines, at + 1), at + 1)
        directive = DIRECTIVE.match(lines[at])
    if directive:
        body = lines[at + 1 : end]
        name, rest = directive.group(1), (directive.group(2) or "").strip()
        after = skip_blank(lines, end)
        # A label shows nothing: the directive stands before what follows it (scrapy's
        # ".. setting:: SCHEDULER_PRIORITY_QUEUE", a label, then the title naming it).
        while after < len(lines) and TARGET.match(lines[after]):
            after = skip_blank(lines, after + 1)
        following = lines[after] if after < len(lines) else ""
        events = render_directive(
            name, rest, body, first + at, ctx, doc, render_blocks, following, before, first + i
        )
        return events, end
    target = TARGET.match(line)
    if target:
        # As docutils reads a target: to the first blank line. An indented block after it is a
        # block quote (babel's pattern table below its specification's link).
        # Looked for no further than ``end``: a run of targets with no blank line between them
        # would otherwise read the whole run again for each of its targets.
        end = _paragraph_end(lines, i, end)
        name, url = target.group(1).strip("`"), target.group(2)
        if ctx.depth == 0 and not url and end == i + 1 and name and name != "_":
            doc.labels.append((" ".join(name.split()), first + i))
        return [], end
    if SUBSTITUTION.match(line):
        define(lines, i)  # one a docstring holds applies to the rest of the page
        return [], end
    footnote = FOOTNOTE.match(line)
    if footnote:
        body = [footnote.group(2) or "", *dedent(lines[i + 1 : end])]
        label = doc.footnote_label(footnote.group(1))
        text = join_events(render_blocks(body, first + i, ctx.nested(sections=False), doc))
        return [Text(f"[{label}] {text}".rstrip())], end
    return [], end  # a comment


def footnote_labels(
    lines: list[str], numbered: frozenset[str], included_footnotes: bool = False
) -> dict[str, str]:
    """The label each footnote and citation the page's ``lines`` define is shown with, by the
    label written in its references: a numbered one's and a citation's as written, a named
    auto-numbered one's ("#t1") its number, counted as ``DocState.footnote_label`` counts,
    and an anonymous one's ("#") or a symbol one's ("*") when it is the page's only one of
    its kind, with one mark ("[#]_", "[*]_"). A page whose included files number footnotes
    too (``included_footnotes``) leaves its auto-numbered ones out."""
    labels: dict[str, str] = {}
    counted = not included_footnotes
    number = 0
    anonymous: list[str] = []
    marks = {"#": 0, "*": 0}  # anonymous and symbol marks, outside literals
    symbols = 0
    for line in (lines[i] for i in markup_line_numbers(lines)):
        for mark in marks if "]_" in line else ():
            marks[mark] += _INLINE_LITERAL.sub("", line).count(f"[{mark}]_")
        footnote = FOOTNOTE.match(line.lstrip()) if ".. [" in line else None
        if footnote is None:
            continue
        label = footnote.group(1)
        if label.startswith("#"):
            number += 1
            while str(number) in numbered:
                number += 1
            if counted and len(label) > 1:
                labels[label] = str(number)
            elif counted:
                anonymous.append(str(number))
        elif label == "*":
            symbols += 1
        else:
            labels[label] = label
    # docutils gives the anonymous marks the anonymous footnotes' numbers in order; which
    # mark is which is not known here but when there is one of each (Sphinx's quickstart,
    # SQLAlchemy's ORM tutorial, setuptools' configfile page, each "[#]_" once).
    if len(anonymous) == 1 and marks["#"] == 1:
        labels["#"] = anonymous[0]
    if symbols == 1 and marks["*"] == 1:  # Celery's security guide: pickle "insecure [*]_"
        labels["*"] = "*"
    return labels


def numbered_footnotes(lines: list[str]) -> frozenset[str]:
    """The numbers the page's manually numbered footnotes (``.. [3]``) take, before or after
    its auto-numbered ones, and the names that are numbers (``.. [#3]``, named "3"): docutils
    numbers no footnote with a name the page already gives, and scikit-learn's "[#1]" to
    "[#8]" show as [9] to [16]."""
    return frozenset(
        footnote.group(1).removeprefix("#")
        for line in (lines[i] for i in markup_line_numbers(lines))
        if ".. [" in line
        and (footnote := FOOTNOTE.match(line.lstrip())) is not None
        and footnote.group(1).removeprefix("#").isdigit()
    )


def _paragraph_end(lines: list[str], i: int, stop: int | None = None) -> int:
    """The index of the first blank line from ``lines[i]`` on, or of the end, or ``stop``
    when that comes first."""
    end, stop = i, len(lines) if stop is None else min(stop, len(lines))
    while end < stop and lines[end]:
        end += 1
    return end


def _is_enumerated_item(lines: list[str], i: int) -> bool:
    # As in docutils: "A. Smith wrote" is a paragraph unless the next line fits a list item.
    if not _ENUMERATED.match(lines[i]):
        return False
    if i + 1 >= len(lines):
        return True
    following = lines[i + 1]
    return not following or following[0] == " " or bool(_ENUMERATED.match(following))


def _is_option_item(lines: list[str], i: int) -> bool:
    match = _OPTION_LIST.match(lines[i])
    if match and match.end() < len(lines[i]):
        return True
    return i + 1 < len(lines) and lines[i + 1][:1] == " "


def _item_body(lines: list[str], i: int, marker_end: int, *, known: bool) -> tuple[list[str], int]:
    """An item's lines (marker removed, dedented) and the index after them.

    docutils dedents a list item that has text after its marker by the marker's width (a
    ``known`` indent), and other items by their least indented line; a list item indented less
    than its marker is still read as its continuation rather than as a stray block quote. The
    item's own lines are cut by the marker's width and such a continuation by its own indent:
    cut together to the continuation's, the item's second line read as a block quote, apart
    from its first (scrapy's "*   :ref:`Install ...", the role's target on the next line, over
    a paragraph indented by two, kept the role as written).
    """
    end = indented_end(lines, i + 1) if i + 1 < len(lines) else i + 1
    end = max(end, i + 1)
    rest = lines[i + 1 : end]
    if known and lines[i][marker_end:].strip():
        own = next(
            (k for k, line in enumerate(rest) if line and indent_of(line) < marker_end), len(rest)
        )
        after = rest[own:]
        cut = min((indent_of(line) for line in after if line), default=0)
        return [
            lines[i][marker_end:].strip(),
            *(line[marker_end:] for line in rest[:own]),
            *(line[cut:] for line in after),
        ], end
    cut = min((indent_of(line) for line in rest if line), default=0)
    return [lines[i][marker_end:].strip(), *(line[cut:] for line in rest)], end


def _render_list(
    lines: list[str], i: int, first: int, ctx: Context, doc: DocState
) -> tuple[list[Event], int]:
    bullet = lines[i][0] if _BULLET.match(lines[i]) else ""
    releases = bool(bullet) and ctx.depth == 0 and is_releases_list(lines, i, bullet)
    events: list[Event] = []
    run: list[tuple[Release, int]] = []  # release items with no entries after them yet
    items: list[str] = []
    dropped = 0  # items left out as links to generated pages
    number = 0
    style = ""
    while i < len(lines):
        if bullet:
            marker = _BULLET.match(lines[i]) if lines[i][0] == bullet else None
        else:
            marker = _ENUMERATED.match(lines[i]) if _is_enumerated_item(lines, i) else None
            if marker and items and _enumeration_style(marker) != style:
                break
        if not marker:
            break
        if not items and not bullet:
            style = _enumeration_style(marker)
        body, end = _item_body(lines, i, marker.end(), known=True)
        if releases and (release := release_item(body)) is not None:
            if items or (run and run[-1][0].date != release.date):
                events += release_group(run, _list_events(items), ctx)
                run, items = [], []
            run.append((release, first + i))
            i = skip_blank(lines, end)
            continue
        if releases:
            body[0] = entry_lead(body[0])
        if len(body) == 1 and _links_to_a_generated_page(body[0], after_one=dropped > 0):
            dropped += 1
            i = skip_blank(lines, end)
            continue
        if bullet and ctx.sections and _describes_an_object(body[0]):
            # A list of descriptions, one an item (Django's on_delete values, '* .. attribute::
            # CASCADE'; llvmlite's functions): each is an entry, as Sphinx gives each a target,
            # where read as the item's text it had no anchor.
            events += _list_events(items) + render_blocks(body, first + i, ctx, doc)
            items = []
            i = skip_blank(lines, end)
            continue
        text = join_events(render_blocks(body, first + i, ctx.nested(sections=False), doc))
        if bullet:
            prefix = "- "
        else:
            enumerator = marker.group(1) or marker.group(2)
            number = int(enumerator) if enumerator.isdigit() else number + 1
            numbered = enumerator == "#" or enumerator.isdigit()
            prefix = f"{number}. " if numbered else f"{enumerator}. "
        items.append(_hang(prefix, text, " " * len(prefix)))
        i = skip_blank(lines, end)
    return events + release_group(run, _list_events(items), ctx), i


def _describes_an_object(line: str) -> bool:
    """Whether ``line`` opens a hand-written description of a Python object."""
    directive = DIRECTIVE.match(line)
    kind = directive.group(1).lower().removeprefix("py:") if directive else ""
    return kind in MODULE_LEVEL or kind in CLASS_LEVEL


def _list_events(items: list[str]) -> list[Event]:
    """The list of ``items`` (each marked and hung), if any."""
    return [Text("\n".join(items), is_list=True)] if items else []


def _links_to_a_generated_page(item: str, *, after_one: bool) -> bool:
    """Whether a list item is only a link to a page Sphinx generates. A bare or any-role
    `search` counts only ``after_one`` such item of its list: alone, it may name the project's
    own function."""
    link = _REF_ONLY.fullmatch(item)
    if link is not None:
        return names_a_generated_page(link.group(1) or link.group(2))
    other = _OTHER_ONLY.fullmatch(item)
    if other is None or (other.group(1) == "search" and not after_one):
        return False
    return names_a_generated_page(other.group(1))


def _enumeration_style(marker: re.Match[str]) -> str:
    """Numbers, letters or roman numerals and their punctuation; a change starts a new list."""
    enumerator = marker.group(1) or marker.group(2)
    kind = (
        "1" if enumerator.isdigit() or enumerator == "#" else "a" if len(enumerator) == 1 else "i"
    )
    return kind + marker.group(0).strip().replace(enumerator, "")


def _hang(prefix: str, text: str, pad: str) -> str:
    """``prefix`` before the first line of ``text``, the other lines indented by ``pad``."""
    if not text:
        return prefix.rstrip()
    if text.startswith("```"):
        return prefix.rstrip() + "\n" + indent_text(text, pad)
    head, _, tail = text.partition("\n")
    return prefix + head + ("\n" + indent_text(tail, pad) if tail else "")


def _render_field_list(
    lines: list[str], i: int, first: int, ctx: Context, doc: DocState
) -> tuple[list[Event], int]:
    fields: list[str] = []
    start = i
    if ctx.api_depth and (field := _FIELD.match(lines[i])) and is_info_field(field.group(1)):
        # In a Python description, ":param str name:" fields read as a docstring's do.
        while i < len(lines) and (field := _FIELD.match(lines[i])):
            i = skip_blank(lines, _item_body(lines, i, field.end(), known=False)[1])
        end = i
        while end > start and not lines[end - 1]:
            end -= 1
        return info_field_events(lines[start:end], first + start, ctx, doc), i
    # A field list that opens the page (comments may stand above it) is the page's metadata,
    # which Sphinx keeps off the page whatever its fields (a theme's ':notoc:', sphinx-design's
    # ':sd_hide_title:'); elsewhere the fields Sphinx reads as metadata are left out alone.
    metadata = ctx.depth == 0 and first == 1 and not doc.include_depth
    metadata = metadata and docinfo_may_follow(lines, start)
    topics: set[str] = set()  # docutils makes the first Abstract and Dedication page topics
    while i < len(lines) and (field := _FIELD.match(lines[i])):
        body, end = _item_body(lines, i, field.end(), known=False)
        name = render_inline(field.group(1))
        kept = not metadata
        if metadata and (topic := " ".join(name.lower().split())) in _BIBLIOGRAPHIC_TOPICS:
            kept = topic not in topics and any(body)
            topics.add(topic)
        if kept and not (ctx.depth == 0 and name.lower() in METADATA_FIELDS):
            text = join_events(render_blocks(body, first + i, ctx.nested(sections=False), doc))
            fields.append(_hang(f"{name}: ", text, "  "))
        i = skip_blank(lines, end)
    return ([Text("\n".join(fields), is_list=True)] if fields else []), i


def docinfo_may_follow(lines: list[str], i: int) -> bool:
    """Whether ``lines[:i]`` hold nothing but blank lines and what docutils lets stand before a
    page's docinfo (its PreBibliographic nodes): comments, targets, substitution definitions,
    and directives that leave nothing on the page or only such nodes (``raw``, ``index``...)."""
    k = 0
    while k < i:
        line = lines[k]
        if not line:
            k += 1
            continue
        directive = DIRECTIVE.match(line)
        if not line.startswith("..") or FOOTNOTE.match(line):
            return False
        if directive and directive.group(1).lower() not in _BEFORE_DOCINFO_DIRECTIVES:
            return False
        k = max(indented_end(lines, k + 1) if k + 1 < len(lines) else k + 1, k + 1)
    return True


def _render_option_list(
    lines: list[str], i: int, first: int, ctx: Context, doc: DocState
) -> tuple[list[Event], int]:
    options: list[str] = []
    while i < len(lines) and (option := _OPTION_LIST.match(lines[i])) and _is_option_item(lines, i):
        body, end = _item_body(lines, i, option.end(), known=False)
        text = join_events(render_blocks(body, first + i, ctx.nested(sections=False), doc))
        options.append(_hang(f"{option.group(1)}: ", text, "  "))
        i = skip_blank(lines, end)
    return [Text("\n".join(options), is_list=True)], i


def _render_paragraph(
    lines: list[str], i: int, first: int, ctx: Context, doc: DocState
) -> tuple[list[Event], int]:
    end = i + 1
    while end < len(lines) and lines[end] and lines[end][0] != " ":
        end += 1
    # A title inside a block: Sphinx allows one in a description's content (pytest's hook
    # docstrings: "Use in conftest plugins" over '='), docutils refuses it elsewhere. Either
    # way it reads as a line of its own, not run into its underline (the page's own titles
    # were read before any paragraph).
    if ctx.depth and end > i + 1 and lines[i + 1][0] in ADORNMENT_CHARS:
        title = match_title(lines, i)
        if title:
            return [Text(render_inline(title.text.strip()))], title.end
    text = join_lines(lines[i:end])
    if text.endswith("::"):
        return _render_literal_paragraph(text, lines, end, first, doc)
    if end == i + 1 and end < len(lines) and lines[end][:1] == " ":
        return _render_definition(lines, i, first, ctx, doc)
    # Stripped: markup that reads as nothing (an icon, a footnote mark) may open or end it.
    return [Text(render_inline(text).strip())], end


def _render_literal_paragraph(
    text: str, lines: list[str], end: int, first: int, doc: DocState
) -> tuple[list[Event], int]:
    """A paragraph ending in ``::`` and the literal block after it."""
    if text == "::":
        text = ""
    elif text[-3].isspace():
        text = text[:-3].rstrip()
    else:
        text = text[:-1]
    events: list[Event] = [Text(render_inline(text))] if text else []
    start = skip_blank(lines, end)
    if start < len(lines) and lines[start][0] == " ":
        block_end = indented_end(lines, start)
        code = dedent(lines[start:block_end])
        events.append(Text(fence(code, _literal_language(code, doc.highlight))))
        return events, block_end
    if start < len(lines) and start > end and _QUOTED_LITERAL.match(lines[start]):
        quote, block_end = lines[start][0], start
        while block_end < len(lines) and lines[block_end][:1] == quote:
            block_end += 1
        events.append(Text(fence(lines[start:block_end])))
        return events, block_end
    doc.warn(first + end - 1, "Literal block expected; none found.")
    return events, end


def _literal_language(code: list[str], highlight: str) -> str:
    if code and code[0].startswith(">>>") and highlight in _PYTHON_LANGUAGES:
        return "pycon"
    return highlight


def _render_definition(
    lines: list[str], i: int, first: int, ctx: Context, doc: DocState
) -> tuple[list[Event], int]:
    """A definition list item: a one-line term, then its indented definition."""
    end = indented_end(lines, i + 1)
    term, *classifiers = lines[i].split(" : ")
    label = render_inline(term.strip())
    if classifiers:
        label += " (" + ", ".join(render_inline(c.strip()) for c in classifiers) + ")"
    body = render_blocks(dedent(lines[i + 1 : end]), first + i + 1, ctx.nested(sections=False), doc)
    text = join_events(body)
    return [Text(f"{label}\n{indent_text(text, '  ')}" if text else label)], end
