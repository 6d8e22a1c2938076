"""builder.api.section_indents: NumPy sections indented under their titles read as numpydoc does."""

from __future__ import annotations

import griffe

from builder.api.docstrings import parse_docstring
from builder.api.model import DocField, DocPart
from builder.api.section_indents import sections_dedented

# pyasn1 0.6.5's Asn1Type.isSuperTypeOf: items four spaces in from their section's title.
_INDENTED = (
    "Examine the type.\n\n"
    "Parameters\n----------\n"
    "    other: a pyasn1 type object\n        Class instance.\n\n"
    "Returns\n-------\n"
    "    : :class:`bool`\n        :obj:`True` if a subtype.\n"
)


def test_indented_items_are_read_as_items() -> None:
    for style in ("auto", "numpy", "numpydoc"):
        parts = parse_docstring(griffe.Docstring(_INDENTED), style)
        other = DocField("other", "a pyasn1 type object", "Class instance.")
        returns = DocField("", ":class:`bool`", ":obj:`True` if a subtype.")
        assert parts == (
            DocPart("", "Examine the type."),
            DocPart("Parameters", fields=(other,)),
            DocPart("Returns", fields=(returns,)),
        )


def test_only_sections_indented_past_their_titles_move() -> None:
    flush = "Parameters\n----------\nx : int\n    The x.\n"
    assert sections_dedented(flush) == flush
    assert sections_dedented("  Notes\n  -----\n      Text.\n  Next line.") == (
        "  Notes\n  -----\n  Text.\n  Next line."
    )
