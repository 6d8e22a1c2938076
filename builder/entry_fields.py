"""Fold an API entry's field subsections (Parameters, Returns, Example...) into the entry.

Generated API references written as Markdown head each part of an entry: typedoc-plugin-
markdown puts "#### Parameters" (a "##### name" for each one), "#### Returns", "#### Type
Parameters" and "Defined in" under a method's "### get()", lodash's docdown "#### Since",
"#### Arguments", "#### Returns" and "#### Example" under "### _.chunk(array, [size=1])". Read
as sections, an entry came apart into a part per heading, most of them a line ('`this`',
'3.0.0'), and a question about what a method returns landed on a "Returns" of another one.
A section whose subsections are all such fields, one of them naming its parameters or what it
returns, takes their text, each under its heading as a label, and they go: one section per
entry, as pdoc's and Sphinx's entries read. A long one is split later, like any section.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from builder.model import Section

# Headings of the parts of an entry, as typedoc-plugin-markdown, docdown, jsdoc-to-markdown
# and API Extractor's documenter write them (lower-cased, a trailing colon dropped); typedoc
# heads a block tag by its name ("### Param" for an overload's @param).
_FIELDS = frozenset(
    {
        "parameters", "parameter", "params", "param", "arguments", "argument", "type parameters",
        "returns", "return", "return value", "return type", "throws", "exceptions",
        "defined in", "overrides", "inherited from", "implementation of", "implements",
        "extends", "call signature", "index signature", "get signature", "set signature",
        "type declaration", "signature",
        "since", "deprecated", "remarks", "see", "see also", "example", "examples",
        "default value", "aliases", "alias", "source", "category", "type literal",
    }
)  # fmt: skip
# A field's own subsections name a parameter or a property ("##### options?", "`name`") or are
# fields of it ("###### Returns"); words are a guide's ("### Argument Descriptions" under
# strawberry's "## Arguments", a page's part, not an entry's field).
_WORDS = re.compile(r"[^\W\d_][\w'’-]*[ \t]+[^\W\d_]")
_TYPE_PARAMETERS = "type parameters"
# At least one of these says the section is an entry, not a guide's "Example".
_ENTRY_FIELDS = frozenset(
    {
        "parameters", "params", "param", "arguments", "type parameters", "returns", "return value",
        "call signature", "index signature", "get signature", "set signature",
        "type declaration", "defined in", "inherited from", "overrides", "implementation of",
    }
)  # fmt: skip


def fold_entry_fields(sections: Sequence[Section]) -> list[Section]:
    """``sections`` (one file's, in document order) with each entry's fields folded in."""
    folded: list[Section] = []
    index = 0
    while index < len(sections):
        end = _fields_end(sections, index)
        if end is None:
            end = _type_parameters_end(sections, index)
        if end is None:
            folded.append(sections[index])
            index += 1
        else:
            folded.append(_with_fields(sections[index], sections[index + 1 : end]))
            index = end
    return folded


def _field_name(heading: str) -> str:
    return heading.strip().rstrip(":").strip().casefold()


def _fields_end(sections: Sequence[Section], index: int) -> int | None:
    """The index after the subsections of ``sections[index]`` when its direct subsections
    are all fields, one an entry's, and theirs names or fields; else None. The look stops at
    the first that is none."""
    level = sections[index].level
    child_level = 0
    entry = False
    end = index + 1
    while end < len(sections) and sections[end].level > level:
        section = sections[end]
        name = _field_name(section.heading)
        if child_level == 0 or section.level <= child_level:
            child_level = section.level
            if name not in _FIELDS:
                return None
            entry = entry or name in _ENTRY_FIELDS
        elif name not in _FIELDS and _WORDS.search(name):
            return None
        end += 1
    return end if entry else None


def _type_parameters_end(sections: Sequence[Section], index: int) -> int | None:
    """The index after a class's "Type Parameters" section and its subsections when each of
    them names one (typedoc-plugin-markdown 4's "### T", "### TCopy" under a class page's
    "## Type Parameters", each a section of a line: "`TCopy` = `never`"); else None."""
    section = sections[index]
    if _field_name(section.heading) != _TYPE_PARAMETERS:
        return None
    end = index + 1
    while end < len(sections) and sections[end].level > section.level:
        child = sections[end]
        if child.level != section.level + 1 or _WORDS.search(_field_name(child.heading)):
            return None
        end += 1
    return end if end > index + 1 else None


def _with_fields(entry: Section, fields: Sequence[Section]) -> Section:
    parts = [entry.body.strip()] if entry.body.strip() else []
    for field in fields:
        body = field.body.strip()
        # typedoc-plugin-markdown 2 writes its own colon ("#### Type declaration:").
        label = field.heading.rstrip().removesuffix(":") + ":"
        parts.append(f"{label}\n{body}" if body else label)
    return replace(
        entry,
        body="\n\n".join(parts),
        line_end=max(entry.line_end, *(field.line_end for field in fields)),
    )
