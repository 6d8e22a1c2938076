"""builder.api.method_sections: NumPy Methods sections titled and listed as numpydoc shows them."""

from __future__ import annotations

import griffe

from builder.api.docstrings import parse_docstring
from builder.api.model import DocField, DocPart

_DOCSTRING = (
    "A stream.\n\n"
    "Methods\n-------\nread(n)\n    Read n frames.\nclose()\n    Close it.\n\n"
    "Functions\n---------\nhelper()\n    Help.\n"
)
_METHODS = DocPart(
    "Methods",
    fields=(DocField("read(n)", "", "Read n frames."), DocField("close()", "", "Close it.")),
)


def test_a_methods_section_keeps_its_title_and_its_lines() -> None:
    # griffe read imageio 2.38.2's plugins' "Methods" as "Functions:" over "- read (read(n))".
    parts = parse_docstring(griffe.Docstring(_DOCSTRING), "numpydoc")
    assert parts == (
        DocPart("", "A stream."),
        _METHODS,
        DocPart("Functions", fields=(DocField("helper()", "", "Help."),)),
    )


def test_napoleon_reads_methods_alone() -> None:
    parts = parse_docstring(griffe.Docstring(_DOCSTRING), "auto")
    assert parts[:2] == (DocPart("", "A stream."), _METHODS)
    assert "Functions" not in [part.title for part in parts]
