"""Python-Markdown's raw HTML: the blank lines inside a block-level element, filled."""

from builder.parsers.markdown.raw_html_blocks import _closing_lines, join_html_blocks


def test_each_element_opening_a_line_is_paired_with_the_line_closing_it() -> None:
    lines = ["<div>", "  <div>", "<p>a</p>", "  </div>", "<DIV/>", "</div>", "<div>", "</p>"]
    # Nested elements of one name pair inside out; a self-closing one and a stray closing tag
    # open and close nothing; an element closed nowhere has no line.
    assert _closing_lines(lines) == {0: 5, 1: 3, 2: 2}
    far = ["<div>", *[""] * 398, "</div>", "<div>", *[""] * 399, "</div>"]
    assert _closing_lines(far) == {0: 399}  # not looked for 400 lines on or more


def test_many_elements_read_in_one_pass_keep_their_blank_lines_filled() -> None:
    # Each element's closing tag was looked for apart, up to 400 lines on: 20,000 lines of
    # <div> read 8 million lines (5 s for one page); the pairs now come from one pass.
    page = "<div>\n" * 20_000 + "<div>\n\n    <p>card</p>\n</div>\n"
    lines = join_html_blocks(page).split("\n")
    assert lines[20_001:20_003] == ["<!-- -->", "    <p>card</p>"]
    assert lines[:20_001] == ["<div>"] * 20_001
