"""The ``include`` and ``literalinclude`` directives: the named file's text joins the page.

An included reST file is read as if its lines stood where the directive is, as docutils does:
its titles open sections of the page (only at the page's top level, where titles may stand),
and they share the page's title styles. Every section it opens is placed on the directive's
line of the page, the one source line that holds it. ``literalinclude`` shows the file's
selected lines as code. Without a reader (a page parsed on its own) both bring in nothing but
the file's name, as before. A page follows at most MAX_INCLUDE_TAGS includes of all kinds (a
csv-table's ``:file:`` too), as its Markdown includes (include_budget): files each including
the next a hundred times made a million includes. The text they bring is bounded by the
reader, as none is repeated.
"""

from __future__ import annotations

import re
from dataclasses import replace

from builder.includes import MAX_INCLUDE_DEPTH, IncludedText, IncludeReader, IncludeRefused
from builder.parsers.included_lines import (
    SelectionError,
    language_of,
    select_include,
    select_literal,
)
from builder.parsers.notebook import notebook_page
from builder.parsers.rst.events import (
    Context,
    DocState,
    Event,
    Heading,
    RenderBlocks,
    Resume,
    Text,
    fence,
    split_lines,
)
from builder.parsers.rst.inline import render_inline
from builder.parsers.rst.substitutions import define_included
from builder.sources import MAX_FILE_BYTES

# The options that choose which part of a file an include takes.
_CUT_OPTIONS = ("start-line", "end-line", "start-after", "end-before")
# ":parser: myst_parser.sphinx_" (or another Markdown parser) reads the file as Markdown.
_MARKDOWN_PARSERS = re.compile(r"myst|markdown|commonmark", re.IGNORECASE)
_INCLUDE = re.compile(r"( *)\.\. +include ?:: *(.*)$")
# What in an included file may take a footnote number: a numbered or auto-numbered footnote
# ("[3]", "[#]", "[#name]"), a Markdown one ("[^1]"), or a file it includes in turn.
_NUMBERS_FOOTNOTES = re.compile(
    r"^ *\.\. +\[(?:\d+|#[^\]]*)\]|\[\^|\.\. +include ?::", re.MULTILINE
)
# rst.linker (in every project made from jaraco's skeleton: keyring, zipp, inflect) writes
# "NEWS (links).rst" as the build starts, NEWS.rst with its issue numbers made links, and
# the history page includes that file, which no release holds: it shows NEWS.rst's text.
_LINKED = re.compile(r"(.+) \(links\)(\.\w+)")


def render_include(
    argument: str,
    options: dict[str, str],
    line: int,
    ctx: Context,
    doc: DocState,
    render: RenderBlocks,
) -> list[Event]:
    """The events of the file ``.. include:: argument`` names, placed at source ``line``."""
    included = _read(argument, line, doc)
    if included is None:
        return []
    path, text = included
    try:
        text = select_include(text, options)
    except SelectionError as exc:
        doc.warn(line, f"include {argument}: {exc}; nothing included")
        return []
    if "literal" in options or "code" in options:
        language = options.get("code", "") or ""
        return [Text(fence(text.split("\n"), language.split()[0] if language else ""))]
    if _MARKDOWN_PARSERS.search(options.get("parser", "")):
        return [_placed(event, line) for event in _markdown_events(text, path, ctx, doc)]
    # docutils refuses a file already being included with the same options, or the page.
    cut = tuple(options.get(name, "") for name in _CUT_OPTIONS)
    if (path, cut) in doc.include_chain or (path == (doc.page or doc.relpath) and not any(cut)):
        doc.warn(line, f"include {argument}: circular inclusion; nothing included")
        return []
    including, doc.relpath = doc.relpath, path
    page, doc.page = doc.page, doc.page or including
    doc.include_depth += 1
    doc.include_chain.append((path, cut))
    try:
        lines = split_lines(text)
        define_included(lines)
        events = render(lines, 1, ctx, doc)
    finally:
        doc.relpath, doc.page = including, page
        doc.include_depth -= 1
        doc.include_chain.pop()
    return [_placed(event, line) for event in events]


def render_notebook(
    argument: str, options: dict[str, str], line: int, ctx: Context, doc: DocState
) -> list[Event]:
    """nbsite's ``.. notebook:: project path.ipynb`` (HoloViews' user guide): the
    notebook's cells from its ``:offset:`` on (those before, its title, left out), read as
    its Markdown page is, in the page's place. An argument naming no notebook gives nothing."""
    path = argument.split()[-1] if argument.split() else ""
    if not path.endswith(".ipynb"):
        return []
    offset = options.get("offset", "0").strip()
    included = _read(path, line, doc)
    if included is None:
        return []
    page = notebook_page(included[1], int(offset) if offset.isdigit() else 0)
    if page is None:
        doc.warn(line, f"notebook {path}: not a Jupyter notebook (JSON); nothing included")
        return []
    return [_placed(event, line) for event in _markdown_events(page, included[0], ctx, doc)]


def render_literal_include(
    argument: str, options: dict[str, str], line: int, doc: DocState
) -> list[Event]:
    """A ``literalinclude``: the caption (or the file's name), then the selected lines."""
    label = render_inline(options.get("caption", "")) or f"Source file: `{argument}`"
    if doc.includes is None:
        return [Text(label)] if argument else []
    included = _read(argument, line, doc)
    if included is None:
        return [Text(label)]
    try:
        lines = select_literal(included[1], options)
    except SelectionError as exc:
        doc.warn(line, f"literalinclude {argument}: {exc}; nothing included")
        return [Text(label)]
    language = options.get("language") or language_of(argument, doc.highlight)
    return [Text(label), Text(fence(lines, language.split()[0] if language else ""))]


def render_script(argument: str, line: int, doc: DocState) -> list[Event]:
    """The Python script a ``plot`` directive shows the code of (builder.parsers.rst.plot_files),
    read as a ``literalinclude`` reads its file; nothing when it cannot be read."""
    included = _read(argument, line, doc)
    if included is None:
        return []
    lines = select_literal(included[1], {})
    return [Text(fence(lines, "python"))] if any(text.strip() for text in lines) else []


def includes_footnotes(lines: list[str], doc: DocState) -> bool:
    """Whether a file the page's ``lines`` include as text may number footnotes of the page
    (then its auto-numbered ones' numbers are not known from its own lines). Arrow 1.2.3's
    index includes its README, which has none, and the marks of its token table went. A file
    is read as ``render_include`` reads it, without a warning and without counting twice
    towards the page's size."""
    reader = doc.includes
    if reader is None:
        return False  # nothing is included
    looked_at: set[str] = set()
    budget = MAX_FILE_BYTES  # as much as the page may include, and no more read to tell
    for i, line in enumerate(lines):
        match = _INCLUDE.match(line) if "include" in line else None
        if match is None or match.group(2).strip() in looked_at:
            continue
        looked_at.add(match.group(2).strip())
        if _included_as_code(lines, i, len(match.group(1))):
            continue
        read = reader.bytes_read
        try:
            text = reader.read(doc.relpath, match.group(2)).text
        except IncludeRefused:
            continue  # nothing is included
        finally:
            budget -= reader.bytes_read - read
            reader.bytes_read = read
        if budget < 0 or _NUMBERS_FOOTNOTES.search(text):
            return True
    return False


def _included_as_code(lines: list[str], i: int, indent: int) -> bool:
    """Whether the include directive at ``lines[i]`` has a ``:literal:`` or ``:code:`` option."""
    for k in range(i + 1, len(lines)):
        option = lines[k]
        stripped = option.lstrip()
        if not stripped.startswith(":") or len(option) - len(stripped) <= indent:
            return False
        if stripped.startswith((":literal:", ":code:")):
            return True
    return False


def included_text(argument: str, line: int, doc: DocState) -> str | None:
    """The text of the file a directive option names (a csv-table's ``:file:``), read as an
    include is; None (with a warning) when it cannot be."""
    included = _read(argument, line, doc)
    return None if included is None else included[1]


def _read(argument: str, line: int, doc: DocState) -> tuple[str, str] | None:
    """The included file's path (relative to the docs) and text, or None with a warning."""
    if doc.includes is None or not argument:
        return None
    refused = doc.include_budget.follow()
    if refused is not None:
        if refused:
            doc.warn(line, refused)
        return None
    if doc.include_depth >= MAX_INCLUDE_DEPTH:
        doc.warn(line, f"include {argument}: includes nest deeper than {MAX_INCLUDE_DEPTH}")
        return None
    try:
        included = _read_file(doc.includes, argument, doc)
    except IncludeRefused as exc:
        linked = _linked_source(doc.includes, argument, doc)
        if linked is None:
            doc.warn(line, f"include not read: {exc}")
            return None
        included = linked
    return included.path, included.text


def _read_file(includes: IncludeReader, argument: str, doc: DocState) -> IncludedText:
    if doc.page:  # in an included file
        return includes.read(doc.page, argument, included_by=doc.relpath)
    return includes.read(doc.relpath, argument)


def _linked_source(includes: IncludeReader, argument: str, doc: DocState) -> IncludedText | None:
    """The file rst.linker writes the file ``argument`` names from ("NEWS.rst" for
    "NEWS (links).rst"), or None when it names none or that file cannot be read either."""
    linked = _LINKED.fullmatch(argument.strip())
    if linked is None:
        return None
    try:
        return _read_file(includes, linked[1] + linked[2], doc)
    except IncludeRefused:
        return None


def _markdown_events(text: str, path: str, ctx: Context, doc: DocState) -> list[Event]:
    """A Markdown file included into a reST page (``:parser: myst_parser.sphinx_``): its
    headings open sections below the page's title around the include, where titles may
    stand, without taking a title style from the page (MyST reads them apart), and its text
    follows each."""
    # Imported here: the Markdown parser renders its directives with this package's.
    from builder.parsers.markdown.parser import parse as parse_markdown

    parsed = parse_markdown(text, path, doc.api, doc.includes)
    doc.warnings.extend(parsed.warnings)
    events: list[Event] = []
    for section in parsed.sections:
        if section.level and ctx.sections and ctx.depth == 0:
            events.append(
                Heading(
                    title=section.heading,
                    line=1,
                    last_line=1,
                    claim_line=1,
                    anchor=section.anchor,
                    below_title=section.level,
                )
            )
        elif section.level:
            events.append(Text(section.heading))
        if section.body:
            events.append(Text(section.body))
    return events


def _placed(event: Event, line: int) -> Event:
    """An event of included text, moved to the line of the page that includes it."""
    if isinstance(event, Heading):
        return replace(event, line=line, last_line=line, claim_line=line)
    if isinstance(event, Resume):
        return Resume(line)
    return event
