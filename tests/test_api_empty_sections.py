"""builder.api.empty_sections: a NumPy section with no text is empty, as numpydoc reads it."""

from __future__ import annotations

import griffe

from builder.api.docstrings import parse_docstring
from builder.api.empty_sections import without_empty_sections
from builder.api.model import DocField, DocPart

# seaborn 0.13.2's relplot, once its "{returns.facetgrid}" placeholder is gone: griffe read
# "Examples", its dashes and its doctest as three items of Returns.
_EMPTY_RETURNS = (
    "Draw a relational plot.\n\n"
    "Parameters\n----------\ndata : DataFrame\n    Input data.\n\n"
    "Returns\n-------\n\n"
    "Examples\n--------\n\n>>> relplot(data)\n"
)


def test_an_empty_section_leaves_the_next_one_whole() -> None:
    for style in ("auto", "numpy", "numpydoc"):
        parts = parse_docstring(griffe.Docstring(_EMPTY_RETURNS), style)
        assert parts == (
            DocPart("", "Draw a relational plot."),
            DocPart("Parameters", fields=(DocField("data", "DataFrame", "Input data."),)),
            DocPart("Examples", fields=(DocField("", "pycon", ">>> relplot(data)"),), code=True),
        ), style


def test_only_a_section_with_nothing_before_the_next_title_goes() -> None:
    kept = "Returns\n-------\nGrid\n    The grid.\n\nExamples\n--------\n>>> f()\n"
    assert without_empty_sections(kept) == kept
    # At the same indent only: an indented title over dashes is the section's text.
    assert without_empty_sections("    Notes\n    -----\n\n    See\n    ---\n    x\n") == (
        "    See\n    ---\n    x\n"
    )
    assert without_empty_sections("Notes\n-----\n\n    See\n    ---\n") == (
        "Notes\n-----\n\n    See\n    ---\n"
    )
    # The last section, empty, stays: nothing follows it to be misread.
    assert without_empty_sections("Text.\n\nReturns\n-------\n") == "Text.\n\nReturns\n-------\n"
