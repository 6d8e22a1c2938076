"""builder.api.doc_comments: the ``#:`` comments autodoc reads as an attribute's docstring."""

from __future__ import annotations

from builder.api.doc_comments import doc_comment


def test_a_comment_after_the_assignment_documents_it_before_the_lines_above() -> None:
    # Sphinx's analyzer reads '#:' after the assignment too: trio's and flask's enums and
    # constants document their values so ('GREEN = 2  #: Green.'), which were listed as
    # members without a description.
    lines = [
        "class Color(enum.Enum):",
        "    #: Above red.",
        "    RED = 1  #: Red.",
        "    GREEN = (",
        "        2,",
        "    )  #: Green, on the assignment's last line.",
        "    #: Blue, on two",
        "    #: lines.",
        "    BLUE = 3  # a plain comment",
        "    HASH = '#: not a comment'",
        "    OPEN = '''#: inside",
    ]
    assert doc_comment(lines, 3, 3) == "Red."
    assert doc_comment(lines, 4, 6) == "Green, on the assignment's last line."
    assert doc_comment(lines, 9, 9) == "Blue, on two\nlines."
    assert doc_comment(lines, 10, 10) == ""
    assert doc_comment(lines, 11, 11) == ""
    assert doc_comment(lines, 12, 12) == ""  # past the end: nothing to read


def test_a_comment_after_a_multi_line_string_documents_it() -> None:
    # Read alone, the last line ('"""  #: ...') opens a string instead of closing one.
    lines = [
        'TEMPLATE = """',
        "<p>{body}</p>",
        '"""  #: The page template.',
        'NAME = """a',
        'b"""  #: The name.',
        'TEXT = """a',
        '#: not a comment"""',
    ]
    assert doc_comment(lines, 1, 3) == "The page template."
    assert doc_comment(lines, 4, 5) == "The name."
    assert doc_comment(lines, 6, 7) == ""
