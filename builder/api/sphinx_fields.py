"""Read a docstring's Sphinx info fields (``:param x:``, ``:raises E:``, ``:rtype:``) into
titled lists, the text around them kept where it stands.

griffe's own Sphinx parser drops the text that follows a field list (``.. versionchanged::``
notes, most often), so builder.api.docstrings reads such docstrings here; the reST parser reads
the fields of an ``.. function::`` block here too (builder.parsers.rst.info_fields).
"""

from __future__ import annotations

import re
import textwrap

from builder.api.escaped_names import unescaped_name
from builder.api.model import DocField, DocPart

_FIELD = re.compile(r":([A-Za-z]+)((?:\s+[^:\s]+)*)\s*:(?:\s+(.*)|$)")
# Field names as Sphinx's Python domain groups them, and the section title each goes under.
_FIELD_SECTIONS = {
    "param": "Parameters", "parameter": "Parameters", "arg": "Parameters",
    "argument": "Parameters", "key": "Parameters", "keyword": "Parameters",
    "kwarg": "Parameters", "kwparam": "Parameters",
    "raises": "Raises", "raise": "Raises", "except": "Raises", "exception": "Raises",
    "var": "Attributes", "ivar": "Attributes", "cvar": "Attributes",
    "returns": "Returns", "return": "Returns", "yields": "Yields", "yield": "Yields",
    "meta": "",
}  # fmt: skip
_TYPE_FIELDS = {
    "type": "Parameters",
    "vartype": "Attributes",
    "rtype": "Returns",
    "ytype": "Yields",
}


def is_info_field(name: str) -> bool:
    """Whether ``:name ...:`` is one of the Python domain's info fields (``:param x:``). A
    bare ``:type:`` or ``:value:`` is an option of ``.. data::`` or ``.. attribute::``, not a
    field: only the fields about what a call gives back stand without a name."""
    words = name.lower().split()
    if not words or (words[0] not in _FIELD_SECTIONS and words[0] not in _TYPE_FIELDS):
        return False
    return len(words) > 1 or words[0] in _UNNAMED_FIELDS


# The info fields written without a name after them (":returns: text", ":rtype: int").
_UNNAMED_FIELDS = frozenset({"returns", "return", "rtype", "yields", "yield", "ytype", "raises"})


def read_sphinx_fields(text: str, griffe: bool = False) -> tuple[DocPart, ...]:
    """Sphinx info fields grouped into sections, the text around them kept in order; with
    ``griffe``, as griffe reads them for mkdocstrings: a line right after a field's, not
    indented and not a field, goes on with it (see GRIFFE_SPHINX)."""
    parts: list[DocPart] = []
    prose: list[str] = []
    groups: dict[str, list[DocField]] = {}
    types: dict[tuple[str, str], str] = {}
    lines = text.split("\n")
    index = 0
    while index < len(lines):
        # A field indented under a directive (".. attribute:: x" over ":type: int", a nested
        # ".. method::" with its ":param y:") is that block's, read with it as reST.
        match = _FIELD.match(lines[index].rstrip()) if lines[index][:1] not in " \t" else None
        name = match.group(1).lower() if match else ""
        if not match or (name not in _FIELD_SECTIONS and name not in _TYPE_FIELDS):
            prose.append(lines[index])
            index += 1
            continue
        indent = len(lines[index]) - len(lines[index].lstrip())
        body = [match.group(3) or ""]
        index += 1
        while index < len(lines) and (
            (not lines[index].strip() and _continues(lines, index, indent))
            or len(lines[index]) - len(lines[index].lstrip()) > indent
            or (griffe and _runs_on(lines, index))
        ):
            body.append(lines[index])
            index += 1
        if "\n".join(prose).strip():
            # Text between two field lists stays between them, as Sphinx shows each list
            # where it stands (dateutil's parse: "The **kwargs parameter takes the following
            # keyword arguments:" above the fields it introduces).
            parts.extend(_field_parts(groups, types))
            parts.append(DocPart("", "\n".join(prose).strip("\n")))
            groups, prose = {}, []
        # The lines after the first keep their shape (a list, a ``.. warning::``), dedented
        # as a block, for the renderer to read as reST.
        description = (body[0] + "\n" + textwrap.dedent("\n".join(body[1:]))).strip()
        words = unescaped_name(match.group(2)).split()
        if name in _TYPE_FIELDS:  # a type is one line, however it was wrapped
            types[(_TYPE_FIELDS[name], words[-1] if words else "")] = " ".join(description.split())
            groups.setdefault(_TYPE_FIELDS[name], [])
            continue
        title = _FIELD_SECTIONS[name]
        if not title:
            continue
        field_name = words[-1] if words else ""
        annotation = " ".join(words[:-1]) if title in ("Parameters", "Attributes") else ""
        if title == "Raises":
            field_name, annotation = " ".join(words), ""
        groups.setdefault(title, []).append(DocField(field_name, annotation, description))
    parts.extend(_field_parts(groups, types))
    if "\n".join(prose).strip():
        parts.append(DocPart("", "\n".join(prose).strip("\n")))
    return tuple(parts)


def _field_parts(
    groups: dict[str, list[DocField]], types: dict[tuple[str, str], str]
) -> list[DocPart]:
    """One field list's titled lists, each field given the type its ``:type x:`` names."""
    parts: list[DocPart] = []
    for title, fields in groups.items():
        typed = tuple(
            DocField(f.name, f.annotation or types.get((title, f.name), ""), f.description)
            for f in fields
        )
        if not typed and types.get((title, "")):
            typed = (DocField("", types[(title, "")], ""),)
        if typed:
            parts.append(DocPart(title, fields=typed))
    return parts


def _runs_on(lines: list[str], index: int) -> bool:
    """Line ``index`` goes on with the field line above it, as griffe reads one: it is not
    blank, follows a line that is not, and is no field."""
    line = lines[index]
    return bool(line.strip() and lines[index - 1].strip()) and not line.startswith(":")


def _continues(lines: list[str], index: int, indent: int) -> bool:
    """A blank line inside a field: the next non-blank line is still indented under it."""
    following = next((line for line in lines[index + 1 :] if line.strip()), "")
    return bool(following) and len(following) - len(following.lstrip()) > indent
