"""Read an AsciiDoc page (``.adoc``, ``.asciidoc``) as the Markdown page it reads as, and parse
that page.

A bounded reading of what Asciidoctor shows, not Asciidoctor: section titles (``==``) with
their ``[#id]``/``[[id]]`` anchors (else Asciidoctor's ``_section_title`` ids), paragraphs,
listing and literal blocks as fenced code (``[source,ruby]`` names the language), admonitions
(``NOTE:`` paragraphs and ``[NOTE]`` blocks), example, sidebar, quote and open blocks as
their content, lists, description lists, tables (``|===``, a row a line) and
``include::`` (``tag=``/``tags=``, ``lines=``; Antora's ``partial$`` and ``example$``), through
the version's include reader, so no file outside the project is read, at most MAX_INCLUDE_TAGS
of them a page. Attribute entries
(``:name: value``, and an Antora component's, ``antora_component``) fill ``{name}``
references; comments, conditionals and block macros other
than images are left out. A section's lines are those of the AsciiDoc page.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import TYPE_CHECKING

from builder.model import ParsedFile, Warning_
from builder.parsers.antora_component import component_attributes
from builder.parsers.asciidoc_includes import (
    antora_path,
    selected_lines,
    without_tag_markers,
)
from builder.parsers.converted_lines import on_source_lines
from builder.parsers.include_budget import IncludeBudget

if TYPE_CHECKING:
    from builder.api.model import ApiSource
    from builder.includes import IncludeReader

MAX_INCLUDE_DEPTH = 4  # includes inside included files, as deep as this
MAX_LINES = 200_000  # lines read from a page and its includes; the rest is left out
# Blocks in blocks deeper than this read their delimiters as text: each level looks ahead for
# its closing line, and Python's stack is not a page's to use up.
MAX_NESTED_BLOCKS = 8
# Characters attribute references may add to a page: ":a: {a}{a}" doubles the value each time
# it is written, so thirty lines would make a gigabyte. Past this, references stay as written.
MAX_SUBSTITUTED_CHARS = 1_000_000

# A title's closing marks and anchor are cut off apart (_title_text): a pattern that looked for
# them after a lazy title tried each blank of a run, and a 100 KB title took over 20 s.
_HEADING = re.compile(r"(={1,6}|#{1,6})[ \t]+(\S.*)$")
_ANCHOR_AT_END = re.compile(r"\[\[([\w:.-]++)(?:,[^\[\]]*)?\]\]$")
_BLOCK_ANCHOR = re.compile(r"\[\[([\w:.-]+)(?:,[^\]]*)?\]\]$")
_BLOCK_ATTRIBUTES = re.compile(r"\[([^\[\]]*)\]$")
_ID_IN_ATTRIBUTES = re.compile(r"(?:^|[,\s])#([\w:-]+)")
_ATTRIBUTE_ENTRY = re.compile(r":(!?[\w][\w-]*!?):(?:[ \t]+(.*))?$")
_BLOCK_TITLE = re.compile(r"\.([^\s.].*)$")
_DELIMITER = re.compile(r"(-{4,}|\.{4,}|={4,}|\*{4,}|_{4,}|\+{4,}|/{4,}|--|[|!]={3,})$")
# Asciidoctor reads Markdown's fenced code too: three backticks and a language, to three.
_MARKDOWN_FENCE = re.compile(r"```([\w+#.-]*)(?:,[^`]*)?$")
_INCLUDE = re.compile(r"include::([^\[\s][^\[]*)\[(.*)\]$")
# Both branches of a conditional are read (which attributes the site sets is unknown); the
# one-line form, ifdef::name[text], holds its text in its brackets.
_CONDITIONAL = re.compile(r"(ifdef|ifndef|ifeval|endif)::[^\[]*\[(.*)\]$")
_BLOCK_MACRO = re.compile(r"([a-z]+)::(\S*)\[(.*)\]$")
_LIST_ITEM = re.compile(r"([ \t]*)(\*{1,5}|-|\.{1,5}|\d{1,9}\.)[ \t]+(.*)$")
_DESCRIPTION_ITEM = re.compile(r"(\S.*?)(:{2,4}|;;)(?:[ \t]+(.*))?$")
_ADMONITION_PARAGRAPH = re.compile(r"(NOTE|TIP|IMPORTANT|WARNING|CAUTION):[ \t]+(.*)$")
_ADMONITIONS = frozenset({"NOTE", "TIP", "IMPORTANT", "WARNING", "CAUTION"})
_CODE_STYLES = frozenset({"source", "listing", "literal"})
_ATTRIBUTE_REFERENCE = re.compile(r"\{([\w][\w-]*)\}")
_BUILT_IN_ATTRIBUTES = {
    "nbsp": " ", "sp": " ", "empty": "", "zwsp": "", "plus": "+", "amp": "&", "lt": "<",
    "gt": ">", "startsb": "[", "endsb": "]", "vbar": "|", "caret": "^", "asterisk": "*",
    "tilde": "~", "backslash": "\\", "backtick": "`", "apos": "'", "quot": '"', "deg": "°",
    "brvbar": "¦", "two-colons": "::", "two-semicolons": ";;", "blank": "",
}  # fmt: skip
# Inline macros whose bracketed text is what the page shows: xref:page.adoc[Text],
# link:url[Text], https://host/path[Text], kbd:[Ctrl+T], footnote:[...], pass:[...].
# Each is tried at every place its name starts, so what it reads there stops at the next
# bracket and a target is at most _MACRO_TARGET characters, read possessively: a 100 KB line of
# "kbd:[" or "link:" would otherwise be read to its end from each place, 20 s and more.
_MACRO_TARGET = "{0,1024}+"
_BRACKETED = r"\[([^\[\]]*)\]"
_LINK_MACRO = re.compile(r"\b(?:xref|link|mailto):([^\s\[]" + _MACRO_TARGET + ")" + _BRACKETED)
_URL_MACRO = re.compile(r"\b((?:https?|ftp|irc)://[^\s\[\]<>]" + _MACRO_TARGET + ")" + _BRACKETED)
_CROSS_REFERENCE = re.compile(r"<<([\w:./#-]++)(?:,([^<>]*))?>>")
_TEXT_MACRO = re.compile(
    r"\b(?:kbd|btn|footnote|pass|indexterm2|stem|latexmath|asciimath):[\w,]*+" + _BRACKETED
)
_MENU_MACRO = re.compile(r"\bmenu:([^\s\[]" + _MACRO_TARGET + ")" + _BRACKETED)
_IMAGE_MACRO = re.compile(
    r"\b(?:image|icon):[^\s\[]" + _MACRO_TARGET + r"\[([^\[\],]*+)[^\[\]]*+\]"
)
_PASSTHROUGH_CODE = re.compile(r"`\+([^`]+?)\+`")
_HARD_BREAK = re.compile(r"[ \t]\+$")
# Asciidoctor's cell spec: a span or repeat ("2+", ".3+", "3*"), alignments ("^", ".>", "<.^")
# and a style letter; a bare number is text. Looked for in at most _SPEC_CHARS characters, so a
# long run of digits is not tried every way the spec's parts could split it.
_SPEC_CHARS = 16
_CELL_SPEC = re.compile(
    r"(?:(?:\d{1,4}(?:\.\d{0,4})?|\.\d{1,4})[*+])?"
    r"(?:[<^>](?:\.[<^>]?)?|(?:[<^>]?\.)?[<^>])?[adehlmsv]?"
)
_LAST_WORD = re.compile(rf"\s(\S{{1,{_SPEC_CHARS}}})$")
_ID_JUNK = re.compile(r"[^\w]+")
_FENCE = re.compile(r"`{3,}")


@dataclass
class _Page:
    """The Markdown being written for one page, each line with the page line it came from."""

    relpath: str
    includes: IncludeReader | None
    lines: list[str] = field(default_factory=list)
    origins: list[int] = field(default_factory=list)
    attributes: dict[str, str] = field(default_factory=dict)
    warnings: list[Warning_] = field(default_factory=list)
    warned: set[str] = field(default_factory=set)
    read: int = 0  # lines read, includes counted
    nesting: int = 0  # blocks open around the lines being read
    substituted: int = 0  # characters attribute references added
    current: str = ""  # the included file being read (from the docs folder); "" for the page
    budget: IncludeBudget = field(default_factory=IncludeBudget)  # the includes it may follow

    def emit(self, line: str, origin: int) -> None:
        self.lines.append(line)
        self.origins.append(origin)

    def warn(self, origin: int, message: str) -> None:
        """Warn once of each thing: an include read thousands of times is one warning."""
        if message not in self.warned:
            self.warned.add(message)
            self.warnings.append(Warning_(f"{self.relpath}:{origin}", message))


def parse(
    text: str,
    relpath: str,
    api: ApiSource | None = None,
    includes: IncludeReader | None = None,
) -> ParsedFile:
    """Parse one AsciiDoc page into sections."""
    from builder.parsers.markdown.parser import parse as parse_markdown

    document, origins, warnings = asciidoc_markdown(text, relpath, includes)
    parsed = parse_markdown(document, relpath)
    mapped = on_source_lines(parsed, origins)
    return dataclasses.replace(mapped, warnings=(*parsed.warnings, *warnings))


def asciidoc_markdown(
    text: str, relpath: str, includes: IncludeReader | None = None
) -> tuple[str, list[int], tuple[Warning_, ...]]:
    """The Markdown page of an AsciiDoc page, for each of its lines the AsciiDoc line it came
    from, and the warnings (includes not read)."""
    page = _Page(relpath, includes)
    page.attributes.update(component_attributes(relpath, includes))
    lines = text.splitlines()
    _convert(page, lines, [number + 1 for number in range(len(lines))], depth=0)
    return "\n".join(page.lines) + "\n", page.origins, tuple(page.warnings)


def _convert(page: _Page, lines: list[str], origins: list[int], depth: int) -> None:
    """Write ``lines`` (each from the page line ``origins`` gives) to ``page`` as Markdown."""
    anchor = ""
    attributes = ""
    index = 0
    in_header = False
    while index < len(lines):
        page.read += 1
        if page.read > MAX_LINES:
            return
        line, origin = lines[index].rstrip(), origins[index]
        index += 1
        stripped = line.strip()
        header_line = in_header and stripped and not line.startswith("//")
        if header_line and not _ATTRIBUTE_ENTRY.match(line):
            continue  # the author and revision lines under the document title
        in_header = in_header and bool(stripped)
        if not stripped:
            page.emit("", origin)
            continue
        if line.startswith("//") and not line.startswith("////"):
            continue
        conditional = _CONDITIONAL.match(line)
        if conditional:
            if conditional.group(1) in ("ifdef", "ifndef") and conditional.group(2).strip():
                page.emit(_prose(page, conditional.group(2)), origin)
            continue
        entry = _ATTRIBUTE_ENTRY.match(line)
        if entry:
            name = entry.group(1)
            if name.startswith("!") or name.endswith("!"):
                page.attributes.pop(name.strip("!"), None)
            else:
                page.attributes[name] = _substitute(page, entry.group(2) or "")
            continue
        include = _INCLUDE.match(line)
        if include:
            _include(page, include.group(1), include.group(2), origin, depth)
            continue
        block_anchor = _BLOCK_ANCHOR.match(line)
        if block_anchor:
            anchor = block_anchor.group(1)
            continue
        fence = _MARKDOWN_FENCE.match(line)
        if fence:
            end = _closing(lines, index, "```")
            language = fence.group(1) or _language(attributes)
            _code(page, language, [row.rstrip() for row in lines[index:end]], origin)
            index = min(end + 1, len(lines))
            anchor, attributes = "", ""
            continue
        delimiter = _DELIMITER.match(line)
        if delimiter and page.nesting < MAX_NESTED_BLOCKS:
            end = _closing(lines, index, line)
            _block(page, line, attributes, lines[index:end], origins[index:end], origin, depth)
            index = min(end + 1, len(lines))
            anchor, attributes = "", ""
            continue
        block_attributes = _BLOCK_ATTRIBUTES.match(line)
        if block_attributes and not line.startswith("[["):
            attributes = block_attributes.group(1)
            named = _ID_IN_ATTRIBUTES.search(attributes)
            anchor = named.group(1) if named else anchor
            continue
        heading = _HEADING.match(line)
        if heading:
            title = _title_text(heading.group(2), heading.group(1))
            at_end = _ANCHOR_AT_END.search(title) if title.endswith("]]") else None
            if at_end:
                anchor, title = at_end.group(1), title[: at_end.start()].rstrip()
            title = _inline(page, title)
            page.emit(f'<a id="{anchor or _section_id(title)}"></a>', origin)
            page.emit("", origin)
            page.emit(f"{'#' * len(heading.group(1))} {title}", origin)
            page.emit("", origin)
            in_header = len(heading.group(1)) == 1 and depth == 0 and index <= 2
            anchor, attributes = "", ""
            continue
        block_title = _BLOCK_TITLE.match(line)
        if block_title and index < len(lines) and lines[index].strip():
            page.emit(_inline(page, block_title.group(1)) + ":", origin)
            page.emit("", origin)
            continue
        macro = _BLOCK_MACRO.match(line)
        if macro:
            if macro.group(1) == "image":
                alt = macro.group(3).split(",")[0].strip().strip('"')
                if alt:
                    page.emit(_inline(page, alt), origin)
            continue
        if stripped in ("+", "'''", "<<<"):
            continue
        style = _first_attribute(attributes)
        if style in ("quote", "verse"):
            # A quoted paragraph, then who said it.
            end = index
            while end < len(lines) and lines[end].strip():
                end += 1
            paragraph = zip(lines[index - 1 : end], origins[index - 1 : end], strict=True)
            for row, row_origin in paragraph:
                page.emit(_prose(page, row), row_origin)
            page.emit("", origins[end - 1])
            _attribution(page, attributes, origins[end - 1])
            index, attributes, anchor = end, "", ""
            continue
        if style in _ADMONITIONS:
            page.emit(f"{style.capitalize()}: {_inline(page, stripped)}", origin)
            attributes = ""
            continue
        indented = line[:1] in (" ", "\t") and not _LIST_ITEM.match(line)
        if style in _CODE_STYLES or (indented and not _goes_on(lines, index - 1)):
            # A literal paragraph: the lines up to a blank one, as code.
            end = index
            while end < len(lines) and lines[end].strip():
                end += 1
            code = [line, *lines[index:end]]
            _code(page, _language(attributes), [row.rstrip() for row in code], origin)
            index, attributes, anchor = end, "", ""
            continue
        page.emit(_prose(page, line), origin)
        attributes = ""


def _goes_on(lines: list[str], index: int) -> bool:
    """Whether the line at ``index`` goes on the paragraph, list item or term above it (an
    indented line there is its text, "Term::" then "  Definition", not a literal paragraph)."""
    above = lines[index - 1].strip() if index > 0 else ""
    return bool(above) and not above.startswith(("[", ".", "+", "//"))


def _title_text(title: str, marks: str) -> str:
    """A section title without its closing marks (``== Title ==``)."""
    if title.endswith(marks) and title[: -len(marks)].endswith((" ", "\t")):
        return title[: -len(marks)].rstrip()
    return title


def _prose(page: _Page, line: str) -> str:
    """One line of a paragraph, list item or admonition as Markdown."""
    admonition = _ADMONITION_PARAGRAPH.match(line)
    if admonition:
        return f"{admonition.group(1).capitalize()}: {_inline(page, admonition.group(2))}"
    item = _LIST_ITEM.match(line)
    if item:
        marker = item.group(2)
        nesting = len(marker) - 1 if marker[0] in "*." else 0
        bullet = "1." if marker[0] == "." or marker[0].isdigit() else "-"
        return f"{'  ' * nesting * 2}{bullet} {_inline(page, item.group(3))}"
    description = _DESCRIPTION_ITEM.match(line)
    if description:
        term = _inline(page, description.group(1))
        rest = _inline(page, description.group(3) or "")
        return f"- {term}: {rest}" if rest else f"- {term}:"
    text = _inline(page, line.strip())
    # What Markdown would read as markup of its own: at the start of a line, or a line of "="
    # or "-" alone, which makes the line above it a heading.
    markup = text[:1] in ("#", "<", ">", "|") or not text.strip("=- ")
    return "\\" + text if markup and text else text


def _block(
    page: _Page,
    delimiter: str,
    attributes: str,
    lines: list[str],
    origins: list[int],
    origin: int,
    depth: int,
) -> None:
    """A delimited block: code, a table, a comment, or a container of blocks."""
    kind = delimiter[0]
    style = _first_attribute(attributes)
    if kind == "/":
        return
    if (kind in "-." and delimiter != "--") or style in _CODE_STYLES:
        code, _ = _with_includes(page, lines, origins, depth)
        _code(page, _language(attributes), [row.rstrip() for row in code], origin)
        return
    if kind in "|!":
        # A table's rows are often kept in a file of their own, included where it is shown.
        rows, row_origins = _with_includes(page, lines, origins, depth)
        _table(page, kind, attributes, rows, row_origins, origin)
        return
    if kind == "+":
        for row, line_origin in zip(lines, origins, strict=True):
            page.emit(_inline(page, row.strip()), line_origin)
        page.emit("", origin)
        return
    if style in _ADMONITIONS:
        page.emit(f"{style.capitalize()}:", origin)
        page.emit("", origin)
    page.nesting += 1
    _convert(page, lines, origins, depth)
    page.nesting -= 1
    page.emit("", origin)
    _attribution(page, attributes, origins[-1] if origins else origin)


def _with_includes(
    page: _Page, lines: list[str], origins: list[int], depth: int
) -> tuple[list[str], list[int]]:
    """A block's lines with each include:: line replaced by the lines it includes, as they are
    written (a code block's or a table's), and the page line each came from."""
    read: list[str] = []
    read_origins: list[int] = []
    for row, line_origin in zip(lines, origins, strict=True):
        if page.read > MAX_LINES:
            break
        include = _INCLUDE.match(row.strip())
        if include is None:
            read.append(row)
            read_origins.append(line_origin)
            continue
        before = len(page.lines)
        _include(page, include.group(1), include.group(2), line_origin, depth, as_code=True)
        read.extend(page.lines[before:])
        read_origins.extend(page.origins[before:])
        del page.lines[before:], page.origins[before:]
    return read, read_origins


def _attribution(page: _Page, attributes: str, origin: int) -> None:
    """A quote's or verse's author and source (``[quote, Author, Source]``), below it."""
    if _first_attribute(attributes) not in ("quote", "verse"):
        return
    parts = [part.strip() for part in attributes.split(",")[1:]]
    named: dict[str, str] = {}
    for part in parts:
        key, equals, value = part.partition("=")
        if equals:
            named[key.strip()] = value
    positional = [part for part in parts if "=" not in part][:2]
    positional += [named.get(key, "") for key in ("attribution", "citetitle")][len(positional) :]
    cited = ", ".join(_inline(page, part.strip().strip('"')) for part in positional if part)
    if cited:
        page.emit(f"— {cited}", origin)
        page.emit("", origin)


def _code(page: _Page, language: str, lines: list[str], origin: int) -> None:
    while lines and not lines[-1].strip():
        lines.pop()
    longest = max((len(run) for row in lines for run in _FENCE.findall(row)), default=0)
    ticks = "`" * max(3, longest + 1)
    page.emit(f"{ticks}{language}", origin)
    for offset, row in enumerate(lines):
        page.emit(without_tag_markers(row), origin + offset + 1)
    page.emit(ticks, origin + len(lines) + 1)
    page.emit("", origin + len(lines) + 1)


def _table(
    page: _Page, kind: str, attributes: str, lines: list[str], origins: list[int], origin: int
) -> None:
    """A table as a row a line, cells joined by " | " (the first row when the table has a
    header row, the cells of a line when it does not say how many columns)."""
    separator = "|" if kind == "|" else "!"
    columns = _column_count(attributes)
    cells: list[tuple[str, int]] = []
    first_row = 0
    for row, line_origin in zip(lines, origins, strict=True):
        if not row.strip():
            continue
        parts = row.split(separator)
        if len(parts) > 1 and not first_row:
            first_row = len(parts) - 1
        # A cell's spec ("2+", "a", "m") sits just before its separator, at the end of the
        # part before it (all of it at a line's start); a line's last part has none.
        texts = [
            _without_spec(part, line_start=not number) for number, part in enumerate(parts[:-1])
        ]
        texts.append(parts[-1].strip())
        if texts[0] and cells:  # a cell's text going on over lines
            text, cell_origin = cells[-1]
            cells[-1] = (f"{text} {_inline(page, texts[0])}".strip(), cell_origin)
        for text in texts[1:]:
            cells.append((_inline(page, text), line_origin))
    width = columns or first_row or 1
    for start in range(0, len(cells), width):
        row_cells = cells[start : start + width]
        page.emit(" | ".join(text for text, _ in row_cells), row_cells[0][1])
        page.emit("", row_cells[0][1])
    if not cells:
        page.emit("", origin)


def _without_spec(part: str, *, line_start: bool) -> str:
    """A part of a table's line without the spec of the cell after it: its last word, or all
    of it at the line's start."""
    stripped = part.strip()
    if line_start and len(stripped) <= _SPEC_CHARS and _CELL_SPEC.fullmatch(stripped):
        return ""
    last = _LAST_WORD.search(stripped)
    if last and _CELL_SPEC.fullmatch(last.group(1)):
        return stripped[: last.start(1)].strip()
    return stripped


def _column_count(attributes: str) -> int:
    match = re.search(r"cols=\"?([^\"\]]*)\"?", attributes)
    if not match:
        return 0
    spec = match.group(1).strip()
    repeated = re.fullmatch(r"(\d{1,6})\*.*", spec)
    if repeated:
        return int(repeated.group(1))
    return len([column for column in re.split(r"[,;]", spec) if column.strip()])


def _include(
    page: _Page, target: str, options: str, origin: int, depth: int, *, as_code: bool = False
) -> None:
    """The lines of an included file (``tag``/``tags``/``lines``), converted in place unless
    they are a code block's (``as_code``) or the file is not AsciiDoc."""
    from builder.includes import IncludeRefused

    target = _substitute(page, target.strip())
    if page.includes is None or page.read > MAX_LINES:
        return
    # Lines read are bounded, but an empty or missing file adds none: files each including
    # the next a hundred times made a million reads (include_budget).
    refused = page.budget.follow()
    if refused is not None:
        if refused:
            page.warn(origin, refused)
        return
    try:
        if "://" in target:
            raise IncludeRefused("a URL; only the project's files are read")
        if depth >= MAX_INCLUDE_DEPTH:
            raise IncludeRefused(f"includes nest deeper than {MAX_INCLUDE_DEPTH}")
        # A relative path in an included file starts from that file's folder, as Asciidoctor's.
        included = page.includes.read(
            page.relpath, antora_path(page.relpath, target), included_by=page.current
        )
        lines = selected_lines(included.text.splitlines(), options)
    except IncludeRefused as error:
        page.warn(origin, f"include::{target}[] not read: {error}")
        return
    page.read += len(lines)
    if not as_code and PurePosixPath(target).suffix.lower() in (".adoc", ".asciidoc", ".txt"):
        outer, page.current = page.current, included.path
        _convert(page, lines, [origin] * len(lines), depth + 1)
        page.current = outer
    else:
        for line in lines:
            page.emit(line.rstrip(), origin)


def _closing(lines: list[str], start: int, delimiter: str) -> int:
    """The index of the line that closes a block opened by ``delimiter`` (the end when none
    does, as Asciidoctor reads an unclosed block)."""
    for index in range(start, len(lines)):
        if lines[index].rstrip() == delimiter:
            return index
    return len(lines)


def _first_attribute(attributes: str) -> str:
    first = attributes.split(",", 1)[0].strip()
    return first.split("#", 1)[0].split(".", 1)[0].split("%", 1)[0].strip()


def _language(attributes: str) -> str:
    """``[source,ruby]`` and ``[,ruby]``: the language."""
    parts = [part.strip() for part in attributes.split(",")]
    if len(parts) >= 2 and _first_attribute(attributes) in ("source", "") and "=" not in parts[1]:
        return parts[1] if re.fullmatch(r"[\w+#.-]{1,30}", parts[1]) else ""
    return ""


def _inline(page: _Page, text: str) -> str:
    """A line's inline markup as the text it shows."""
    text = _substitute(page, text)
    text = _LINK_MACRO.sub(_link_text, text)
    text = _URL_MACRO.sub(
        lambda match: f"[{match.group(2) or match.group(1)}]({match.group(1)})", text
    )
    text = _CROSS_REFERENCE.sub(
        lambda match: (match.group(2) or "").strip() or match.group(1), text
    )
    text = _MENU_MACRO.sub(lambda match: f"{match.group(1)} > {match.group(2)}", text)
    text = _TEXT_MACRO.sub(lambda match: match.group(1), text)
    text = _IMAGE_MACRO.sub(lambda match: match.group(1), text)
    text = _PASSTHROUGH_CODE.sub(lambda match: f"`{match.group(1)}`", text)
    return _HARD_BREAK.sub("", text)


def _link_text(match: re.Match[str]) -> str:
    target, text = match.group(1), match.group(2).split(",")[0]
    if text:
        return text
    return PurePosixPath(target.split("#")[0].split("$")[-1].split(":")[-1]).stem or target


def _substitute(page: _Page, text: str) -> str:
    if "{" not in text:
        return text

    def value(match: re.Match[str]) -> str:
        name = match.group(1)
        found = page.attributes.get(name, _BUILT_IN_ATTRIBUTES.get(name))
        if found is None:
            return match.group(0)
        if page.substituted + len(found) > MAX_SUBSTITUTED_CHARS:
            if page.substituted <= MAX_SUBSTITUTED_CHARS:
                message = (
                    f"attribute references past {MAX_SUBSTITUTED_CHARS} characters left as written"
                )
                page.warnings.append(Warning_(page.relpath, message))
                page.substituted = MAX_SUBSTITUTED_CHARS + 1
            return match.group(0)
        page.substituted += len(found)
        return found

    return _ATTRIBUTE_REFERENCE.sub(value, text)


def _section_id(title: str) -> str:
    """Asciidoctor's id for a section without one: ``_`` and the title's words, lowercase."""
    return "_" + _ID_JUNK.sub("_", title.lower()).strip("_")
