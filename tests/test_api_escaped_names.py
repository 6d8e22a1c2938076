"""builder.api.escaped_names: names written with reST escapes read as docutils shows them."""

from __future__ import annotations

import griffe
import pytest

from builder.api.docstrings import parse_docstring
from builder.api.escaped_names import unescaped_item_names
from builder.api.model import DocField, DocPart


@pytest.mark.parametrize("style", ["auto", "google"])
def test_google_item_names_lose_their_escapes(style: str) -> None:
    # "\*\*kwargs: Extra." read "\*\*kwargs" where napoleon's page shows "**kwargs".
    text = (
        "Do.\n\nArgs:\n    \\*args: Positional.\n    \\*\\*kwargs: Extra.\n    type\\_ (str): T.\n"
    )
    assert parse_docstring(griffe.Docstring(text), style)[1] == DocPart(
        "Parameters",
        fields=(
            DocField("*args", "", "Positional."),
            DocField("**kwargs", "", "Extra."),
            DocField("type_", "str", "T."),
        ),
    )


@pytest.mark.parametrize("style", ["auto", "numpy"])
def test_numpy_items_with_escaped_names_are_parameters(style: str) -> None:
    # griffe took no "\*args : int" line for a parameter: the whole section stayed text,
    # "Parameters\n----------\n\*args : int" and all.
    text = (
        "Do.\n\nParameters\n----------\n\\*args : int\n    Positional.\n\\*\\*kwargs\n    Extra.\n"
    )
    assert parse_docstring(griffe.Docstring(text), style) == (
        DocPart("", "Do."),
        DocPart(
            "Parameters",
            fields=(DocField("*args", "int", "Positional."), DocField("**kwargs", "", "Extra.")),
        ),
    )


def test_only_line_leading_names_with_an_escape_change() -> None:
    text = "Use \\*args here.\n\\*\\*Note\\*\\*: kept.\n    plain: kept\n    name\\_ : int\n"
    assert unescaped_item_names(text) == (
        "Use \\*args here.\n\\*\\*Note\\*\\*: kept.\n    plain: kept\n    name_ : int\n"
    )
