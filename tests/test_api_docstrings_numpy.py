"""builder.api.docstrings: NumPy-style docstrings (numpydoc's sections, underlines, See Also
lists and items), read as their sections and lists."""

from __future__ import annotations

from builder.api.docstrings import INFERRED_STYLE
from builder.api.model import DocField, DocPart
from tests.test_api_docstrings import _parts


def test_numpy_sections_are_read_when_asked_or_detected() -> None:
    text = "Scale.\n\nParameters\n----------\nfactor : float\n    How much.\n"
    expected = (
        DocPart("", "Scale."),
        DocPart("Parameters", fields=(DocField("factor", "float", "How much."),)),
    )
    assert _parts(text, "numpy") == expected
    assert _parts(text) == expected
    assert _parts(text, "numpydoc") == expected


def test_two_blank_lines_inside_a_fence_of_a_numpy_examples_section_are_code() -> None:
    # psygnal 0.15.1's EventedModel: ruff's two blank lines after a class in the example cut
    # the docstring there, and each half of the fence ran into one line of text.
    code = "```python\nclass M(Model):\n    x: int = 1\n\n\nm = M()\n```"
    text = f"A model.\n\nExamples\n--------\nStandard:\n\n{code}\n"
    for style in ("numpy", "auto"):
        (_, examples) = _parts(text, style)
        assert examples == DocPart(
            "Examples", fields=(DocField("", "", f"Standard:\n\n{code}"),), code=True
        )


def test_numpydoc_style_reads_numpy_sections_and_sphinx_fields() -> None:
    # networkx's conf.py loads numpydoc, not napoleon: its sections were read as reST, with
    # "Parameters ---------- G : graph" as one line of text.
    numpy = _parts("Degree.\n\nParameters\n----------\nG : graph\n    A graph.\n", "numpydoc")
    assert numpy[1] == DocPart("Parameters", fields=(DocField("G", "graph", "A graph."),))
    fields = _parts("Degree.\n\n:param G: A graph.\n", "numpydoc")
    assert fields[1] == DocPart("Parameters", fields=(DocField("G", "", "A graph."),))


def test_a_numpy_item_line_is_read_whole() -> None:
    # griffe takes "default ..." and ", optional" off the type and repeats a shared entry per
    # name; numpydoc shows the line whole, once.
    parts = _parts(
        "Draw.\n\nParameters\n----------\n"
        "canvas : Axes, optional\n    Where.\n"
        'node_pos : string or function, default "pos"\n    Positions.\n'
        "x, y : int\n    Coordinates.\n"
        "S : collection\n    Nodes.\nT : collection\n    Nodes.\n"
        "weight: string ('in','out')\n    Which.\n"
        "vmin,vmax : float\n    Scale.\n",
        "numpy",
    )
    assert parts[1].fields == (
        DocField("canvas", "Axes, optional", "Where."),
        DocField("node_pos", 'string or function, default "pos"', "Positions."),
        DocField("x, y", "int", "Coordinates."),
        DocField("S", "collection", "Nodes."),
        DocField("T", "collection", "Nodes."),
        DocField("weight", "string ('in','out')", "Which."),
        DocField("vmin, vmax", "float", "Scale."),
    )


def test_a_numpy_items_lines_keep_their_shape() -> None:
    # pvlib 0.16.1's haydavies: "Keys/columns are:" over an indented list, which napoleon
    # dedents with its first line (Sphinx shows a definition list); dedented apart from it,
    # the first item ran into the line ("Keys/columns are: * poa_sky_diffuse: ... on a").
    text = (
        "Diffuse.\n\n"
        "Returns\n-------\n"
        "diffuse_components : dict\n"
        "    Keys/columns are:\n"
        "        * poa_sky_diffuse: The sky diffuse component on a\n"
        "          tilted plane.\n"
        "        * poa_isotropic: The isotropic part.\n"
    )
    for style in ("auto", "numpy"):
        (field,) = _parts(text, style)[1].fields
        assert field.description == (
            "Keys/columns are:\n    * poa_sky_diffuse: The sky diffuse component on a\n"
            "      tilted plane.\n    * poa_isotropic: The isotropic part."
        )


def test_napoleon_reads_numpy_sections_a_google_looking_line_and_two_blank_lines_end() -> None:
    # loguru's Logger.add: an indented "Examples: ..." line made griffe guess Google, and its
    # NumPy sections ran into one paragraph ("Parameters ---------- sink : ..."); the sentence
    # after two blank lines, which ends a NumPy section for napoleon, became a parameter "If".
    parts = _parts(
        "Add a sink.\n\n"
        "Parameters\n----------\n"
        "sink : str\n    Where messages go.\n\n"
        "      Examples: ``stderr``, a file\n      name.\n\n\n"
        "If the sink is a file, these apply:\n\n"
        "Parameters\n----------\n"
        "rotation : str, optional\n    When to start a new file.\n"
    )
    assert [(p.title, p.text, [(f.name, f.annotation) for f in p.fields]) for p in parts] == [
        ("", "Add a sink.", []),
        ("Parameters", "", [("sink", "str")]),
        ("", "If the sink is a file, these apply:", []),
        ("Parameters", "", [("rotation", "str, optional")]),
    ]
    assert "Examples: ``stderr``" in parts[1].fields[0].description


def test_napoleon_reads_numpy_fields_that_griffe_could_take_for_google_admonitions() -> None:
    # jupyter_server 2.14.2's Authorizer.is_authorized: blank lines between its NumPy items
    # let griffe's Google parser read "action : str" over its indented description as an
    # admonition titled "str", and more sections won: the parameters and the return value
    # were loose text. pint 0.24.3's ParserHelper lost its parameters to a "For example:"
    # line the same way. napoleon reads a Google section only under a title it knows.
    parts = _parts(
        "Check a request.\n\n"
        "For example:\n    ``check(user, 'read', 'contents')``\n\n"
        "Parameters\n----------\n"
        "user : User\n    Who asks.\n\n"
        "action : str\n    What they want to do.\n\n"
        "Returns\n-------\n"
        "bool\n    Whether they may.\n"
    )
    assert [(p.title, [(f.name, f.annotation) for f in p.fields]) for p in parts] == [
        ("", []),
        ("Parameters", [("user", "User"), ("action", "str")]),
        ("Returns", [("", "bool")]),
    ]
    assert parts[0].text.endswith("For example:\n    ``check(user, 'read', 'contents')``")


def test_a_long_run_of_blank_lines_in_a_numpy_docstring_is_read_once() -> None:
    # The section end was a pattern tried from each line of a run of blank lines, and a run
    # followed by an indented line never matched: 24 KB of such lines took 20 s (this, 100 KB,
    # minutes). A run before an unindented line still ends the section.
    parts = _parts(
        "Sum.\n\nParameters\n----------\nx : int\n    First.\n" + " \n" * 50_000
        + "    Still x.\n\n\nThen a sentence.\n"
    )  # fmt: skip
    assert [(p.title, p.text, [f.name for f in p.fields]) for p in parts] == [
        ("", "Sum.", []),
        ("Parameters", "", ["x"]),
        ("", "Then a sentence.", []),
    ]
    assert parts[1].fields[0].description.endswith("Still x.")


def test_a_numpy_return_type_written_as_a_role_keeps_its_colon() -> None:
    # loguru's Logger.add: "Returns\n-------\n:class:`int`" read "- class:`int`: ...".
    parts = _parts("Add.\n\nReturns\n-------\n:class:`int`\n    An identifier.\n", "numpy")
    assert parts[1] == DocPart("Returns", fields=(DocField("", ":class:`int`", "An identifier."),))


def test_a_numpy_see_also_section_is_a_list_of_its_entries() -> None:
    # xarray 2026.07.0, polars 1.43.2, statsmodels 0.14.6: about a thousand See Also sections
    # ran into one paragraph ("pandas.Series.cov : corresponding pandas function xarray.corr
    # : respective function ...").
    text = (
        "Covariance.\n\nSee Also\n--------\n"
        "pandas.Series.cov : corresponding pandas\n    function.\n"
        "xarray.corr, :func:`~xarray.dot`\n"
        "numpy.cov\n"
        ":func:`Dataset.isel <xarray.Dataset.isel>`\n"
        ":func:`sum(a, b) <numpy.sum>`, :ref:`Grouping, binning <groupby>`\n"
    )
    for style in ("numpy", "auto"):
        assert _parts(text, style)[1] == DocPart(
            "See Also",
            fields=(
                DocField("`pandas.Series.cov`", "", "corresponding pandas function."),
                DocField("`xarray.corr`, `xarray.dot`", "", ""),
                DocField("`numpy.cov`", "", ""),
                DocField("`Dataset.isel`", "", ""),  # the title, not "<xarray.Dataset.isel>"
                # A comma in a role's title is no second name ("`:func:`sum(a`, `b) ...").
                DocField("`sum(a, b)`, :ref:`Grouping, binning <groupby>`", "", ""),
            ),
        )
    # Prose is not a list of names: it stays the section's text.
    prose = _parts("Sum.\n\nSee Also\n--------\nThe user guide on sums.\n", "numpy")
    assert prose[1] == DocPart("See Also", "The user guide on sums.")


def test_a_see_also_section_after_two_blank_lines_is_still_read() -> None:
    # xarray's DataArray.groupby: two blank lines end its Examples, and the See Also after
    # them, read on its own, was taken for text ("See Also -------- :ref:`groupby` ...").
    text = (
        "Group.\n\nExamples\n--------\n>>> f()\n1\n\n\n"
        "See Also\n--------\n:ref:`groupby`\n    The guide.\nDataArray.groupby\n"
    )
    assert _parts(text)[2] == DocPart(
        "See Also",
        fields=(
            DocField(":ref:`groupby`", "", "The guide."),
            DocField("`DataArray.groupby`", "", ""),
        ),
    )


def test_numpy_sections_underlined_with_equals_signs_are_sections() -> None:
    # sympy 1.14.0 underlines its sections with '=' (numpydoc reads '-' or '=', napoleon any
    # punctuation under a title it knows): 'Explanation =========== It will convert ...' ran
    # into the text, and no Examples or See Also section was read.
    text = (
        "Convert.\n\nExplanation\n===========\n\nIt converts.\n\n"
        "Examples\n========\n\n>>> sympify(2)\n2\n\nSee Also\n========\n\nBasic\n"
    )
    examples = DocPart("Examples", fields=(DocField("", "pycon", ">>> sympify(2)\n2"),), code=True)
    see_also = DocPart("See Also", fields=(DocField("`Basic`", "", ""),))
    assert _parts(text, "numpydoc") == (
        DocPart("", "Convert."), DocPart("Explanation", "\nIt converts."), examples, see_also,
    )  # fmt: skip
    # napoleon reads the titles it knows; an unknown one stays a reST title of the text.
    assert _parts(text, "auto") == (
        DocPart("", "Convert.\n\nExplanation\n===========\n\nIt converts."), examples, see_also,
    )  # fmt: skip
    # Shorter than its title, a line of '=' is no numpydoc underline.
    assert len(_parts("Convert.\n\nExamples\n===\n\n>>> f()\n", "numpydoc")) == 1


def test_an_inferred_style_reads_numpy_sections_griffe_infers_nothing_from() -> None:
    # unyt 3.2.0 (API pages from its code, each docstring's style inferred): "Examples" over
    # its dashes alone made griffe infer no style, and Google's reading left the title over
    # its dashes and the prompts as quotes ("> > > from unyt import g").
    text = "A LaTeX representation.\n\nExamples\n--------\n>>> g.latex_repr\n'g'\n"
    assert _parts(text, INFERRED_STYLE) == (
        DocPart("", "A LaTeX representation."),
        DocPart("Examples", fields=(DocField("", "pycon", ">>> g.latex_repr\n'g'"),), code=True),
    )
    # A title napoleon does not know is no section: the text stays Google's.
    assert _parts("Text.\n\nLegend\n------\nMore.\n", INFERRED_STYLE) == (
        DocPart("", "Text.\n\nLegend\n------\nMore."),
    )
