"""builder.parsers.markdown.docstring_directives: reST directives in docstrings as Markdown."""

from __future__ import annotations

from builder.parsers.markdown.docstring_directives import directive_lines, enclosing_lines


def test_each_line_is_enclosed_by_the_nearest_line_above_indented_less() -> None:
    lines = ["Intro", "", "- item", "  text", "", "    .. note:: deep", "  .. rubric:: R", "end"]
    assert enclosing_lines(lines) == [-1, -1, -1, 2, -1, 3, 2, -1]


def test_a_directive_under_a_list_item_among_thousands_takes_its_texts_indent() -> None:
    # Each directive looked back over every line above it for the line it sits under: a
    # docstring of thousands of directives took the square of its length.
    lines = ["- item", *(f"      .. rubric:: R{number}" for number in range(3000))]
    enclosing = enclosing_lines(lines)
    assert enclosing[1:] == [0] * 3000
    assert directive_lines(lines, 3000, list, enclosing) == (["", "  R2999"], 3001)


def test_a_directives_argument_keeps_the_spaces_inside_it() -> None:
    # A lazy argument before optional trailing spaces matched a run of spaces inside it in
    # the square of its length: 40,000 took 4.5 s.
    lines = [f".. code-block:: python{' ' * 20000}x  ", "", "    run()"]
    assert directive_lines(lines, 0, list, enclosing_lines(lines)) == (
        ["", "```python", "run()", "```"],
        3,
    )


def test_a_directive_with_a_space_before_its_colons_is_read() -> None:
    # docutils reads ".. code-block :: python" as the directive; it stayed as written.
    lines = [".. code-block :: python", "", "    run()", "", "..  versionadded ::  2.3"]
    enclosing = enclosing_lines(lines)
    assert directive_lines(lines, 0, list, enclosing) == (["", "```python", "run()", "```"], 3)
    shown, _ = directive_lines(lines, 4, list, enclosing)
    assert "2.3" in "\n".join(shown) and "::" not in "\n".join(shown)
