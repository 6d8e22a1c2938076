"""Split a docstring into its sections: text, and lists such as Parameters, Returns, Raises.

Google and NumPy docstrings go through griffe's parsers; epytext's are read as Sphinx-style
ones (``builder.api.epytext``). Sphinx-style field lists
(``:param x:``, ``:raises E:``) are read by ``builder.api.sphinx_fields`` instead, because
griffe's Sphinx parser drops the text that follows them (``.. versionchanged::`` notes, most
often). Text keeps its markup;
the renderer reduces it to readable text the way the page's parser does.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterable
from dataclasses import astuple, replace
from typing import Any, Literal

from builder.api.decorator_placeholders import without_decorator_placeholders
from builder.api.empty_sections import without_empty_sections
from builder.api.epytext import is_epytext, to_sphinx
from builder.api.escaped_names import unescaped_item_names
from builder.api.method_sections import GRIFFE_FUNCTIONS_TITLE, methods_titled
from builder.api.model import DocField, DocPart
from builder.api.section_indents import sections_dedented
from builder.api.section_underlines import dashed_underlines
from builder.api.see_also import see_also_entries
from builder.api.sphinx_fields import read_sphinx_fields
from builder.api.substitution import substituted_docstring
from builder.parsers.markdown.spliced import lines_outside_fences

# mkdocstrings' "docstring_style: auto": griffe infers each docstring's style (Sphinx, Google
# or NumPy, by the sections it holds), Google when it finds none.
INFERRED_STYLE = "inferred"
# mkdocstrings' "sphinx" style: griffe reads a field's description on to the next line that
# starts with ":", so a line of it written without indent is still its (ormar's ":param
# follow: flag to trigger deep save -" then "by default only directly related ..."), where
# docutils ends the field list there.
GRIFFE_SPHINX = "sphinx (griffe)"
# Sphinx-style docstrings are told apart before griffe is asked (see read_sphinx_fields).
_AUTO_ORDER: list[Literal["google", "numpy", "sphinx", "auto"]] = ["google", "numpy"]
# "Returns: int: The sum." names the type, as Google's guide and napoleon read it.
_GOOGLE: dict[str, Any] = {"returns_named_value": False, "warnings": False}
# Sphinx's napoleon (the "auto" style: a conf.py that loads it) reads the lines of a Returns or
# Yields section as one item, the type before the first colon; griffe, as mkdocstrings calls
# it, starts an item at each line, which cut a wrapped description into items named by its words.
_NAPOLEON_GOOGLE: dict[str, Any] = {**_GOOGLE, "returns_multiple_items": False}
# griffe splits an item at its first colon, so a role in its type ("param2 (:obj:`str`,
# optional): ...", as napoleon's own example writes it) cut the item inside the role, which
# napoleon steps over: the roles' colons are shielded from griffe and given back after.
_ROLE_COLONS = re.compile(r"(?<![\w`:]):(?:[A-Za-z][\w.+-]*:)+(?=`)")
_SHIELDED_COLON = "\ue000"
# A line of dashes with spaces between them ("- - - - -", ERFA's banners that pyerfa quotes
# in a literal block of its Notes): griffe reads it as a section's underline, which neither
# napoleon nor numpydoc does (theirs are unbroken), so it ended the Notes and the line above
# it was taken for a section's title. Its spaces are shielded from griffe and given back.
_SPACED_DASHES = re.compile(r"^[ \t]*-(?: +-)+[ \t]*$", re.M)
_SHIELDED_SPACE = "\ue001"
# At the docstring's margin only: an indented field belongs to the block around it, as in
# docutils (typeguard's ".. attribute:: debug_instrumentation" with its ":type: bool" option).
_SPHINX_SIGN = re.compile(
    r"^:(?:param|parameter|arg|type|returns?|rtype|raises?|yields?|ivar|cvar|var)\b", re.M
)
# A NumPy section's underline, and an item's "name : type" line ("name: type" is read too).
_NUMPY_UNDERLINE = re.compile(r"^[ \t]*-{3,}[ \t]*$", re.M)
# Two blank lines and an unindented line: the end of a NumPy section, as napoleon reads it
# (loguru writes a sentence there, then the next section); griffe read on, taking the
# sentence's first word for a parameter and dropping the rest. A run of blank lines is found
# whole and what follows it looked at after: a pattern asking for the unindented line tried
# again from each line of a run not followed by one (24 KB of blank lines: 20 s).
_BLANK_LINES = re.compile(r"\n(?:[ \t]*\n)+")
_NUMPY_PARAMETER = re.compile(
    r"^[ \t]*(\*{0,2}\w+(?:[ \t]*,[ \t]*\*{0,2}\w+)*)[ \t]*:[ \t]+(\S.*)$", re.M
)
_GOOGLE_OPTIONAL = re.compile(r"([ \t]+)(\*{0,2}\w+)[ \t]*\(([^\n]*?,[ \t]*optional)\)[ \t]*:")
_GOOGLE_HEADER = re.compile(r"([ \t]*)([A-Za-z][A-Za-z ]*):[ \t]*(?:[^\s:][^:]*)?")
# The Google sections of parameters, by griffe's kind of each.
_TYPED_SECTION_KINDS = {
    "args": "parameters", "arguments": "parameters", "params": "parameters",
    "parameters": "parameters", "keyword args": "other parameters",
    "keyword arguments": "other parameters", "other args": "other parameters",
    "other arguments": "other parameters", "other params": "other parameters",
    "other parameters": "other parameters",
}  # fmt: skip
# The section titles napoleon reads in a Google docstring (its _sections, "Args:" and the like).
_NAPOLEON_SECTIONS = frozenset({
    "args", "arguments", "attention", "attributes", "caution", "danger", "error", "example",
    "examples", "hint", "important", "keyword args", "keyword arguments", "methods", "note",
    "notes", "other parameters", "parameters", "receive", "receives", "return", "returns",
    "raise", "raises", "references", "see also", "tip", "todo", "warning", "warnings", "warn",
    "warns", "yield", "yields",
})  # fmt: skip
# A title at the docstring's margin over a line of dashes, as reST writes a heading; napoleon
# reads it as a NumPy section only when it knows the title (celery.states: "States", "Misc";
# celery.contrib.rdb: "``CELERY_RDB_HOST``"). Not a Markdown fence, a field or a list item.
# The title keeps its trailing spaces (its readers strip it): a lazy title before optional
# spaces took the square of a run of spaces in any line.
_PLAIN_TITLE = re.compile(r"^((?!```|:|- )\S[^\n]*)\n-{3,}[ \t]*$", re.M)
_SECTION_HEADER = re.compile(r"^([ \t]*)([A-Za-z][A-Za-z ]*):[ \t]*$")
# At the margin only, as napoleon reads a section's title (an indented one is text).
_KEYWORD_HEADER = re.compile(r"(keyword arg(?:ument)?s)[ \t]*:[ \t]*", re.I)
_GRIFFE_TITLES = {
    "parameters": "Parameters", "other parameters": "Other Parameters", "raises": "Raises",
    "warns": "Warns", "returns": "Returns", "yields": "Yields", "receives": "Receives",
    "attributes": "Attributes", "functions": GRIFFE_FUNCTIONS_TITLE, "classes": "Classes",
    "modules": "Modules", "type parameters": "Type Parameters", "type aliases": "Type Aliases",
}  # fmt: skip


def parse_docstring(docstring: Any, style: str) -> tuple[DocPart, ...]:
    """The parts of a griffe ``Docstring`` in ``style`` ("auto", "google", "numpy", "numpydoc",
    "sphinx", or INFERRED_STYLE). "auto" and "numpydoc" are a Sphinx conf.py's: napoleon's and
    numpydoc's reading, where Sphinx info fields (``:param x:``) are read as fields too."""
    filled = substituted_docstring(docstring)
    filled = without_decorator_placeholders(docstring, filled or docstring.value)
    if filled != docstring.value:
        import griffe

        docstring = griffe.Docstring(filled, parent=docstring.parent)
    text = docstring.value.strip("\n")
    if not text.strip():
        return ()
    if style == INFERRED_STYLE:
        import griffe

        inferred, _ = griffe.infer_docstring_style(docstring)
        # griffe infers nothing from one ":param x:" field alone (pyinstrument's
        # Profiler.output), which Google's reading leaves as text; nor from NumPy sections
        # other than a list of parameters (unyt's "Examples" over a line of dashes alone),
        # whose title Google's reading left over its dashes and whose prompts read as quotes.
        fallback = (
            "sphinx" if _SPHINX_SIGN.search(text) else "numpy" if _numpy_title(text) else "google"
        )
        style = inferred.value if inferred is not None else fallback
        style = GRIFFE_SPHINX if style == "sphinx" else style  # mkdocstrings infers so
    if is_epytext(text):  # pydoctor's format: its fields are Sphinx's under other names
        return read_sphinx_fields(to_sphinx(text))
    if style == GRIFFE_SPHINX:
        return read_sphinx_fields(text, griffe=True)
    if style == "sphinx" or (style in ("auto", "numpydoc") and _SPHINX_SIGN.search(text)):
        parts = read_sphinx_fields(text)
        return _google_sections_read(parts, docstring) if style == "auto" else parts
    import griffe

    value = docstring.value
    shielded = _ROLE_COLONS.sub(
        lambda role: role.group().replace(":", _SHIELDED_COLON), unescaped_item_names(value)
    )
    shielded = _SPACED_DASHES.sub(lambda dashes: _shielded_spaces(dashes.group()), shielded)
    if style == "auto":
        shielded = _raises_items_closed(shielded)
    if shielded != value:
        docstring = _rewritten(shielded, docstring, griffe)
    return tuple(_unshielded(part) for part in _griffe_parts(docstring, style, griffe))


def _google_sections_read(parts: tuple[DocPart, ...], docstring: Any) -> tuple[DocPart, ...]:
    """``parts`` read from Sphinx fields, with the Google sections of their text read too, as
    napoleon turns them into fields beside the ones written so (pycryptodome's "Args:" over
    ":return:" and ":raise:"); they were left as text. A list that follows one of the same
    title joins it, as Sphinx shows the fields of one list together."""
    import griffe

    read: list[DocPart] = []
    for part in parts:
        lines = part.text.split("\n")
        google = not part.title and any(
            line[:1].isalpha() and _opens_section(line, lines, index + 1)
            for index, line in enumerate(lines)
        )
        found = (
            parse_docstring(griffe.Docstring(part.text, parent=docstring.parent), "auto")
            if google
            else (part,)
        )
        for piece in found:
            if read and piece.title and piece.fields and read[-1].title == piece.title:
                read[-1] = replace(read[-1], fields=(*read[-1].fields, *piece.fields))
            else:
                read.append(piece)
    return tuple(read)


def _numpy_title(text: str) -> bool:
    """Whether ``text`` holds a section title napoleon knows, at the margin over its dashes."""
    return any(
        match.group(1).strip().lower() in _NAPOLEON_SECTIONS
        for match in _PLAIN_TITLE.finditer(text)
    )


def _raises_items_closed(text: str) -> str:
    """``text`` with each Google "Raises:" item that has no colon (``:exc:`TypeError```, its
    role's colons shielded, or a bare ``TypeError``) ended with one, its lines joined: griffe
    drops such an item, which napoleon shows as the exception raised."""
    lines = text.split("\n")
    kept: list[str] = []
    header_indent = item_indent = -1
    index = 0
    while index < len(lines):
        line = lines[index]
        index += 1
        header = _SECTION_HEADER.match(line)
        if header is not None and not header.group(1):  # napoleon's titles are at the margin
            raises = header.group(2).strip().lower() in ("raises", "exceptions")
            header_indent = 0 if raises else -1
            item_indent = -1
            kept.append(line)
            continue
        indent = len(line) - len(line.lstrip())
        if header_indent < 0 or not line.strip() or indent <= header_indent:
            if line.strip() and indent <= header_indent:
                header_indent = -1  # back at the header's indent: the section has ended
            kept.append(line)
            continue
        item_indent = indent if item_indent < 0 else item_indent
        if indent != item_indent:
            kept.append(line)
            continue
        item = [line.rstrip()]
        while index < len(lines) and lines[index].strip():
            following = lines[index]
            if len(following) - len(following.lstrip()) <= item_indent:
                break
            item.append(following.strip())
            index += 1
        if ":" in item[0]:
            kept.extend(lines[index - len(item) : index])
        else:
            kept.append(" ".join(item) + ":")
    return "\n".join(kept)


def _rewritten(value: str, docstring: Any, griffe: Any) -> Any:
    """A griffe Docstring of ``value``, text taken from ``docstring`` (already cleaned), with
    its indents as they are: griffe cleans the text it is given as ``inspect.cleandoc`` does,
    which took the common indent of the lines after the first off them again, so a piece
    that starts with ".. versionchanged:: 0.9.0" lost the indent of the note under it and the
    note read as a paragraph of its own. A first line left empty keeps every indent."""
    return griffe.Docstring(
        "\n" + value, lineno=docstring.lineno, endlineno=docstring.endlineno,
        parent=docstring.parent,
    )  # fmt: skip


def _shielded_spaces(line: str) -> str:
    """``line`` with the spaces between its dashes shielded, its indent kept."""
    indent = len(line) - len(line.lstrip(" \t"))
    return line[:indent] + line[indent:].replace(" ", _SHIELDED_SPACE)


def _unshielded(part: DocPart) -> DocPart:
    """``part`` with the colons of its roles and the spaces of its dash lines given back."""

    def given_back(value: str) -> str:
        return value.replace(_SHIELDED_COLON, ":").replace(_SHIELDED_SPACE, " ")

    fields = tuple(
        DocField(*(given_back(value) for value in astuple(field))) for field in part.fields
    )
    return replace(part, title=given_back(part.title), text=given_back(part.text), fields=fields)


def _griffe_parts(docstring: Any, style: str, griffe: Any) -> tuple[DocPart, ...]:
    """The parts of a Google or NumPy ``docstring`` as griffe's parsers read it."""
    text = docstring.value.strip("\n")
    dashed = dashed_underlines(docstring.value, style, _NAPOLEON_SECTIONS)
    dashed = dashed if style == "google" else without_empty_sections(sections_dedented(dashed))
    if dashed != docstring.value:
        docstring = _rewritten(dashed, docstring, griffe)
        text = dashed.strip("\n")
    if style == "auto":
        chunks_apart = _cut_before_titles(docstring.value)
        if len(chunks_apart) > 1:
            return tuple(
                part
                for title, chunk in chunks_apart
                for part in (
                    *((DocPart("", title),) if title else ()),
                    *parse_docstring(_rewritten(chunk, docstring, griffe), style),
                )
            )
        docstring = _keyword_titles(_napoleon_headers_closed(docstring, griffe), griffe)
    chunks = [docstring]
    if style != "google" and _NUMPY_UNDERLINE.search(text):
        values = _split_at_section_ends(docstring.value)
        if len(values) > 1:
            chunks = [_rewritten(value, docstring, griffe) for value in values]
    try:
        read = [_griffe_sections(chunk, style, griffe) for chunk in chunks]
    except Exception:  # a docstring griffe cannot split is still worth reading whole
        return (DocPart("", text),)
    types = _numpy_type_lines(text) if _NUMPY_UNDERLINE.search(text) else {}
    optional = _optional_google_types(text) if style == "auto" else {}
    parts = tuple(
        part
        for sections, numpy in read
        for part in (
            _part(section, {**optional.get(section.kind.value, {}), **types}, numpy)
            for section in sections
        )
        if part
    )
    return methods_titled(parts, text, napoleon=style == "auto")


def _cut_before_titles(text: str) -> list[tuple[str, str]]:
    """(title, text) pieces of ``text``, cut before each reST title napoleon does not read as
    a section; the first piece has no title. Read whole, griffe took such a title for a NumPy
    section of its own and its text, titles below it and all, for one paragraph."""
    pieces: list[tuple[str, str]] = []
    title, start = "", 0
    for match in _PLAIN_TITLE.finditer(text):
        if match.group(1).strip().lower() in _NAPOLEON_SECTIONS:
            continue
        pieces.append((title, text[start : match.start()]))
        title, start = match.group(0), match.end()
    return [*pieces, (title, text[start:])]


def _split_at_section_ends(text: str) -> list[str]:
    """``text`` cut at each run of two or more blank lines followed by an unindented line,
    outside fenced code: two blank lines between a class and the code after it, as ruff
    formats an example (psygnal's EventedModel), are code, and a cut there ran the fence's
    two halves into paragraphs."""
    chunks: list[str] = []
    start = 0
    prose = lines_outside_fences(text.split("\n"))
    line = counted = 0  # the line number at offset ``counted``, counted as the runs go
    for run in _BLANK_LINES.finditer(text):
        after = text[run.end() : run.end() + 1]
        line += text.count("\n", counted, run.start())
        counted = run.start()
        if line + 1 not in prose:  # the run's first blank line is inside a fence
            continue
        if run.group().count("\n") >= 3 and after and not after.isspace():
            chunks.append(text[start : run.start()])
            start = run.end()
    return [*chunks, text[start:]]


def _griffe_sections(docstring: Any, style: str, griffe: Any) -> tuple[list[Any], bool]:
    """The sections griffe reads, and whether it read them as NumPy's."""
    if style == "google":
        return list(griffe.parse_google(docstring, **_GOOGLE)), False
    if style in ("numpy", "numpydoc"):
        return list(griffe.parse_numpy(docstring, warnings=False)), True
    options: Any = {"google": _NAPOLEON_GOOGLE, "numpy": {"warnings": False}}
    # napoleon reads Google and NumPy sections both; griffe's guess by pattern takes Google at
    # any "word:" line, and a NumPy docstring's underlined sections were then one paragraph
    # ("Parameters ---------- sink : ..."): with an underline in the text, the style that
    # finds more sections reads it.
    underlined = bool(_NUMPY_UNDERLINE.search(docstring.value))
    if underlined:
        google = list(griffe.parse_google(docstring, **_NAPOLEON_GOOGLE))
        numpy = list(griffe.parse_numpy(docstring, warnings=False))
        # Counted as lists of fields: griffe's Google parser takes any "word:" line over an
        # indented one for an admonition, which napoleon reads only under a title it knows
        # ("Note:"), so jupyter_server's "action : str" items and pint's "For example:" made
        # more Google sections and the NumPy Parameters and Returns went unread.
        fields = (_field_sections(google), _field_sections(numpy))
        if fields[0] != fields[1]:
            return (google, False) if fields[0] > fields[1] else (numpy, True)
        # A See Also (or Notes, Warnings) section alone, set apart by two blank lines (xarray's
        # DataArray.groupby): griffe's NumPy reading has the one section, the Google one reads
        # it all as text, and its title and entries were one paragraph of the docstring.
        if fields[1] == 0 and _only_text(google) and not _only_text(numpy):
            return numpy, True
    lines = docstring.value.split("\n")
    if not underlined and _opens_section(lines[0], lines, 1):
        # griffe's guess finds a Google section only after a blank line; napoleon reads one
        # that opens the docstring (an __init__'s lone "Args:", python-telegram-bot's
        # mention_html "Args: ... Returns: ..."), which was left as text.
        return list(griffe.parse_google(docstring, **_NAPOLEON_GOOGLE)), False
    method: Literal["heuristics", "max_sections"] = "max_sections" if underlined else "heuristics"
    sections = griffe.parse_auto(
        docstring, method=method, style_order=_AUTO_ORDER, per_style_options=options
    )
    return list(sections), underlined


def _only_text(sections: list[Any]) -> bool:
    return all(section.kind.value == "text" for section in sections)


def _field_sections(sections: list[Any]) -> int:
    """How many of griffe's ``sections`` are lists of fields: not text, not an admonition."""
    return sum(section.kind.value not in ("text", "admonition") for section in sections)


def _napoleon_headers_closed(docstring: Any, griffe: Any) -> Any:
    """``docstring`` without the blank lines between a Google section's title and its first
    item, which napoleon skips and griffe reads as the end of the section: jsonschema writes
    "Arguments:", a blank line, then the items, and its parameters read as loose text. A
    title at the margin right under a line of text gets the blank line above it that griffe
    needs and napoleon does not: websockets' "Raises:" under its last parameter was text."""
    lines = docstring.value.split("\n")
    kept: list[str] = []
    for index, line in enumerate(lines):
        if not line.strip() and kept and _opens_section(kept[-1], lines, index):
            continue
        if (
            kept
            and kept[-1].strip()
            and line[:1].isalpha()
            and _opens_section(line, lines, index + 1)
        ):
            kept.append("")
        kept.append(line)
    if kept == lines:
        return docstring
    return _rewritten("\n".join(kept), docstring, griffe)


def _keyword_titles(docstring: Any, griffe: Any) -> Any:
    """``docstring`` with its "Keyword Args:" headers titled: napoleon shows such a section
    under "Keyword Arguments" (its ``napoleon_use_keyword``), where griffe reads it as Other
    Parameters and keeps only a title written after the colon, which is given here. A
    header no items follow ("Keyword arguments:" over a bullet list) is text, left as is."""
    lines = docstring.value.split("\n")
    for index, line in enumerate(lines):
        header = _KEYWORD_HEADER.fullmatch(line)
        if header is not None and _opens_section(line, lines, index + 1):
            lines[index] = f"{header.group(1)}: Keyword Arguments"
    value = "\n".join(lines)
    if value == docstring.value:
        return docstring
    return _rewritten(value, docstring, griffe)


def _opens_section(previous: str, lines: list[str], index: int) -> bool:
    """Whether ``previous`` is a napoleon section title whose items start after the blank
    lines at ``index``, indented below it (napoleon's test for a section)."""
    header = _SECTION_HEADER.match(previous)
    if header is None or header.group(2).strip().lower() not in _NAPOLEON_SECTIONS:
        return False
    following = next((line for line in lines[index:] if line.strip()), "")
    indent = len(following) - len(following.lstrip())
    return indent > len(header.group(1))


def _numpy_type_lines(text: str) -> dict[str, tuple[str, str]]:
    """Each parameter's type and the names of its line, as a NumPy docstring writes them
    ("x, y : int, optional" gives "int, optional" and "x, y" for x and y): griffe keeps the
    type alone (its default apart, "optional" dropped, all of it when the colon has no space
    before it), where numpydoc shows the line whole."""
    types: dict[str, tuple[str, str]] = {}
    start = _NUMPY_UNDERLINE.search(text)
    for match in _NUMPY_PARAMETER.finditer(text, start.end() if start else 0):
        names = [name.strip() for name in match.group(1).split(",")]
        for name in names:
            types.setdefault(name, (match.group(2).strip(), ", ".join(names)))
    return types


def _optional_google_types(text: str) -> dict[str, dict[str, tuple[str, str]]]:
    """Each Google item's type that says the parameter is optional ("name (str, optional):"
    gives "str, optional" and "name"), which napoleon shows whole and griffe without its
    ", optional", by the kind of the parameters section it is in: an "Attributes:" item of a
    parameter's name is another entry."""
    types: dict[str, dict[str, tuple[str, str]]] = {}
    kind, indent = None, -1
    for line in text.split("\n"):
        header = _GOOGLE_HEADER.fullmatch(line)
        if header is not None and header.group(2).strip().lower() in _TYPED_SECTION_KINDS:
            kind = _TYPED_SECTION_KINDS[header.group(2).strip().lower()]
            indent = len(header.group(1).expandtabs())
            continue
        if line.strip() and len(line) - len(line.lstrip()) <= indent:
            kind, indent = None, -1  # a line back at the header's indent ends its section
        item = _GOOGLE_OPTIONAL.match(line)
        if kind is not None and item is not None:
            name = item.group(2)
            types.setdefault(kind, {}).setdefault(name, (item.group(3).strip(), name))
    return types


def _part(section: Any, types: dict[str, tuple[str, str]], numpy: bool = False) -> DocPart | None:
    part = _untagged_part(section, types, numpy)
    return None if part is None else replace(part, kind=section.kind.value)


def _untagged_part(
    section: Any, types: dict[str, tuple[str, str]], numpy: bool = False
) -> DocPart | None:
    kind = section.kind.value
    value = section.value
    if kind == "text":
        return DocPart("", str(value))
    if kind == "examples":
        # Code blocks keep their language in ``annotation``; prose between them has none.
        blocks = tuple(
            DocField("", "" if getattr(sub, "value", sub) == "text" else "pycon", text)
            for sub, text in value
        )
        return DocPart(section.title or "Examples", fields=blocks, code=True)
    if kind == "admonition" and (section.title or "").lower() == "see also":
        entries = see_also_entries(str(value.description).replace(_SHIELDED_COLON, ":"))
        if entries:
            return DocPart(section.title, fields=entries)
    if kind == "admonition":
        return DocPart(section.title or value.annotation or "Note", str(value.description))
    if kind == "deprecated":
        return DocPart("Deprecated", f"{value.version or ''} {value.description}".strip())
    if isinstance(value, list):
        title = section.title or _GRIFFE_TITLES.get(kind, kind.replace("_", " ").title())
        typed = kind in ("parameters", "other parameters")
        fields = _joined_names(
            (
                DocField(
                    getattr(item, "name", "") or "",
                    _type_text(item, types if typed else {}),
                    _item_description(str(getattr(item, "description", "") or ""), numpy),
                )
                for item in value
            ),
            types if typed else {},
        )
        if not fields:
            return None
        return DocPart(title, fields=fields, attribute_items=kind == "attributes")
    return DocPart(section.title or "", str(value)) if value else None


def _joined_names(
    fields: Iterable[DocField], types: dict[str, tuple[str, str]]
) -> tuple[DocField, ...]:
    """The names of one entry ("x, y : int") shown once, together, as numpydoc does: griffe
    gives each name an item with the entry's whole description, and reads only the first of
    names written without a space ("vmin,vmax : float")."""
    joined: list[DocField] = []
    for field in fields:
        names = types[field.name][1] if field.name in types else field.name
        if joined and names != field.name and joined[-1].name == names:
            continue
        joined.append(DocField(names, field.annotation, field.description))
    return tuple(joined)


def _item_description(description: str, numpy: bool) -> str:
    """An item's description as napoleon passes it on: a NumPy item's lines were dedented as
    one block, their shape kept (pvlib's "Keys/columns are:" over an indented list, which
    Sphinx shows as a definition list; its first item ran into the line), a Google item's
    lines after the first apart from it."""
    return description if numpy else _dedent_continuation(description)


def _dedent_continuation(description: str) -> str:
    """The lines after an item's first dedented as a block, as napoleon does: griffe takes off
    a fixed indent, and what is left over reads as a reST block quote that breaks the
    paragraph (trio indents items by two and their continuation lines by four more)."""
    first, newline, rest = description.partition("\n")
    if not rest or first.rstrip().endswith("::"):  # a literal block keeps its indent
        return description
    return first + newline + textwrap.dedent(rest)


def _text(annotation: Any) -> str:
    return "" if annotation is None else str(annotation)


def _type_text(item: Any, types: dict[str, tuple[str, str]]) -> str:
    name = getattr(item, "name", "") or ""
    if name in types:
        return types[name][0]
    annotation = getattr(item, "annotation", None)
    text = _text(annotation)
    # "loglevel (int, str):" lists the types it takes; griffe reads them as a tuple, whose
    # text gains parentheses, and the field then showed "loglevel ((int, str))".
    if type(annotation).__name__ == "ExprTuple" and text[:1] == "(" and text[-1:] == ")":
        text = text[1:-1]
    return text
