"""builder.parsers.notebook: a Jupyter notebook read as the page the notebook tools make."""

from __future__ import annotations

import orjson

from builder.parsers import detect_format, parse_file
from builder.parsers.notebook import MAX_OUTPUT_CHARS


def _notebook(cells: list[dict[str, object]], language: str = "python") -> str:
    """A notebook laid out as Jupyter writes it: indented JSON, one key a line."""
    notebook = {
        "cells": cells,
        "metadata": {"kernelspec": {"language": language, "name": "k"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    return orjson.dumps(notebook, option=orjson.OPT_INDENT_2).decode()


def _code(
    source: str, outputs: list[dict[str, object]] | None = None, **metadata: object
) -> dict[str, object]:
    return {"cell_type": "code", "metadata": metadata, "source": source, "outputs": outputs or []}


def _markdown(source: str, **metadata: object) -> dict[str, object]:
    return {"cell_type": "markdown", "metadata": metadata, "source": source.splitlines(True)}


def test_cells_become_text_code_and_text_outputs() -> None:
    # emcee's tutorials (myst-nb) were no page at all: .ipynb was not a format docbuild read.
    text = _notebook([
        _markdown("# Quickstart\n\nSample a Gaussian:"),
        _code("import emcee\nsampler.run_mcmc(p0, 100)", [
            {"output_type": "stream", "name": "stdout", "text": ["running\n", "done\n"]},
            {"output_type": "execute_result", "data": {"text/plain": "State(...)"}},
            {"output_type": "display_data",
             "data": {"image/png": "iVBOR", "text/plain": "<Figure>"}},
        ]),
        _markdown("## Errors"),
        _code("1 / 0", [{"output_type": "error", "ename": "ZeroDivisionError",
                         "evalue": "division by zero", "traceback": ["\x1b[31m..."]}]),
        {"cell_type": "raw", "metadata": {}, "source": "raw text"},
    ])  # fmt: skip
    assert detect_format("tutorials/quickstart.ipynb", text) == "notebook"
    parsed = parse_file("tutorials/quickstart.ipynb", text)
    assert parsed is not None
    assert parsed.title == "Quickstart"
    first, errors = parsed.sections
    assert first.heading == "Quickstart"
    assert first.body == (
        "Sample a Gaussian:\n\n"
        "```python\nimport emcee\nsampler.run_mcmc(p0, 100)\n```\n\n"
        "```text\nrunning\ndone\nState(...)\n```"
    )
    assert errors.heading == "Errors"
    assert (
        errors.body == "```python\n1 / 0\n```\n\n```text\nZeroDivisionError: division by zero\n```"
    )
    # Lines are the notebook's: each section starts on the line of its first cell's JSON.
    lines = text.split("\n")
    assert '"cell_type"' in lines[first.line_start - 1]
    assert '"cell_type"' in lines[errors.line_start - 1]
    assert errors.line_start > first.line_start


def test_cells_the_tools_hide_are_left_out() -> None:
    text = _notebook([
        _markdown("# Page"),
        _code("setup()", tags=["remove-cell"]),
        _code("hidden()", nbsphinx="hidden"),
        _code("quiet()", [{"output_type": "stream", "text": "noise"}], tags=["remove-output"]),
        _code("secret()", [{"output_type": "stream", "text": "shown"}], tags=["remove-input"]),
    ], language="R")  # fmt: skip
    parsed = parse_file("page.ipynb", text)
    assert parsed is not None
    assert parsed.sections[0].body == "```r\nquiet()\n```\n\n```text\nshown\n```"


def test_a_long_output_is_cut_and_a_fence_in_code_is_kept_whole() -> None:
    text = _notebook([
        _markdown("# Page"),
        _code('fence = """\n```\n"""',
              [{"output_type": "stream", "text": "x" * (MAX_OUTPUT_CHARS + 500)}]),
    ])  # fmt: skip
    parsed = parse_file("page.ipynb", text)
    assert parsed is not None
    body = parsed.sections[0].body
    # The code's own fence does not end its block: the block's fence is longer.
    assert body.startswith('````python\nfence = """\n```\n"""\n````\n\n```text\nxxx')
    assert body.endswith("x" * 10 + "\n…\n```")
    assert len(body) < MAX_OUTPUT_CHARS + 100


def test_a_file_that_is_not_a_notebook_is_a_warning() -> None:
    for text in ("{not json", '{"cells": 3}', "[]"):
        parsed = parse_file("broken.ipynb", text)
        assert parsed is not None
        assert parsed.sections == ()
        assert [w.message for w in parsed.warnings] == ["not a Jupyter notebook (JSON)"]


def test_tags_that_are_not_strings_are_no_crash() -> None:
    # A tag list holding an object (hand-edited or machine-written JSON) made set() raise
    # TypeError (unhashable type: 'dict') and the whole notebook fail to parse.
    text = _notebook(
        [
            _markdown("# Title\n\nText."),
            _code("x = 1", tags=[{"remove": True}, ["remove-cell"], "remove-input"]),
            _code("y = 2", tags=[{}, "remove-cell"]),
        ]
    )
    parsed = parse_file("nb.ipynb", text)
    body = "\n".join(section.body for section in parsed.sections)
    assert "Text." in body
    assert "x = 1" not in body  # "remove-input" still honoured beside the odd tags
    assert "y = 2" not in body  # and "remove-cell"


def test_displayed_text_is_kept_and_object_reprs_are_not() -> None:
    # emcee 3.1.6's line.ipynb shows its fit with display(Math(...)): the values were lost.
    text = _notebook([
        _markdown("# Fit"),
        _code("display(Math(txt))\nplt.plot(x, y)", [
            {"output_type": "display_data", "data": {
                "text/latex": ["$\\displaystyle \\mathrm{m} = -1.007_{-0.081}^{0.077}$"],
                "text/plain": ["<IPython.core.display.Math object>"]}},
            {"output_type": "display_data", "data": {"text/markdown": "**b** = 4.55"}},
            {"output_type": "execute_result", "data": {
                "text/plain": "[<matplotlib.lines.Line2D at 0x7f3a2c1b0d30>]"}},
            {"output_type": "display_data", "data": {
                "image/png": "iVBOR", "text/plain": "<Figure size 640x480 with 1 Axes>"}},
            {"output_type": "execute_result", "data": {"text/plain": "<Quantity 3. m>"}},
        ]),
    ])  # fmt: skip
    parsed = parse_file("fit.ipynb", text)
    assert parsed is not None
    assert parsed.sections[0].body == (
        "```python\ndisplay(Math(txt))\nplt.plot(x, y)\n```\n\n"
        "```text\n$\\displaystyle \\mathrm{m} = -1.007_{-0.081}^{0.077}$\n**b** = 4.55\n"
        "<Quantity 3. m>\n```"
    )


def test_raw_cells_show_in_the_formats_nbsphinx_shows() -> None:
    # nbsphinx 0.9's raw-cells.ipynb: its reST, Markdown and HTML examples were left out.
    raw = [
        ({}, "No format."),
        (
            {"raw_mimetype": "text/restructuredtext"},
            "**reST** links :func:`example_python_function`.\n\n.. toctree::\n\n   subdir/a\n",
        ),
        ({"raw_mimetype": "text/markdown"}, "A [Markdown](https://example.org) cell."),
        ({"raw_mimetype": "text/html"}, "<p>An <b>HTML</b> cell.</p>"),
        ({"raw_mimetype": "text/latex"}, "\\textbf{LaTeX}"),
        ({"raw_mimetype": "text/x-python"}, "print('hidden')"),
    ]
    text = _notebook([
        _markdown("# Raw Cells"),
        *({"cell_type": "raw", "metadata": m, "source": source} for m, source in raw),
    ])  # fmt: skip
    parsed = parse_file("raw-cells.ipynb", text)
    assert parsed is not None
    assert parsed.sections[0].body == (
        "reST links `example_python_function`.\n\nA Markdown cell.\n\nAn HTML cell."
    )


def test_a_raw_cell_of_a_malformed_format_is_left_out() -> None:
    text = _notebook([
        _markdown("# Raw"),
        {"cell_type": "raw", "metadata": {"raw_mimetype": ["text/html"]}, "source": "<b>x</b>"},
        {"cell_type": "raw", "metadata": {"format": {"a": 1}}, "source": "y"},
    ])  # fmt: skip
    parsed = parse_file("raw.ipynb", text)
    assert parsed is not None
    assert parsed.sections[0].body == ""


def test_a_comment_or_fence_left_open_ends_with_its_cell() -> None:
    # Rendered alone, a cell's unclosed "<!--" hides the rest of that cell only; on the one
    # page made of the cells it hid every cell below it, headings and code included.
    text = _notebook([
        _markdown("# Guide"),
        {"cell_type": "raw", "metadata": {"raw_mimetype": "text/html"},
         "source": "<!-- a draft note\n<b>hidden</b>"},
        _markdown("## Install\n\nRun pip.\n\n<!-- TODO: conda"),
        _markdown("## Use\n\n```python\nimport thing"),
        _code("thing.run()"),
        _markdown("## Last\n\nThe end."),
    ])  # fmt: skip
    parsed = parse_file("guide.ipynb", text)
    assert parsed is not None
    assert [(s.heading, s.body) for s in parsed.sections] == [
        ("Guide", ""),
        ("Install", "Run pip."),
        ("Use", "```python\nimport thing\n```\n\n```python\nthing.run()\n```"),
        ("Last", "The end."),
    ]
    assert parsed.warnings == ()
