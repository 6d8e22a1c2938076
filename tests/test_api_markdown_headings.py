"""A docstring's Markdown headings, split as mkdocstrings renders them."""

from __future__ import annotations

from builder.api.markdown_headings import DocHeading, split_headings


def test_headings_outside_fences_split_the_text_with_toc_ids() -> None:
    text = (
        "Lead.\n\n# Usage #\n\n~~~~\n## not one\n~~~\nstill code\n~~~~\n\n"
        "## Usage\n\n### Usage\n\n#nospace\n    # indented code\n#\n"
    )
    lead, headings = split_headings(text, "pkg.mod")
    assert lead == "Lead."
    assert headings == [
        DocHeading(1, "Usage", "pkg.mod--usage", "~~~~\n## not one\n~~~\nstill code\n~~~~"),
        DocHeading(2, "Usage", "pkg.mod--usage_1", ""),
        DocHeading(3, "Usage", "pkg.mod--usage_2", "#nospace\n    # indented code\n#"),
    ]


def test_hash_lines_in_an_html_comment_are_no_headings() -> None:
    # odmantic's Field docstring hides darglint's noqa lines in "<!--- ... -->";
    # each was a heading, the last one a section of its own holding "-->".
    text = "Lead.\n\n<!---\n# noqa: DAR201\n# noqa: DAR101\n-->\n\n<!-- one line -->\n# Usage\n"
    lead, headings = split_headings(text, "pkg.f")
    assert lead == "Lead.\n\n<!---\n# noqa: DAR201\n# noqa: DAR101\n-->\n\n<!-- one line -->"
    assert headings == [DocHeading(1, "Usage", "pkg.f--usage", "")]


def test_a_comment_mark_in_the_text_hides_no_heading() -> None:
    # "<!--" anywhere in a line was taken for a comment's start, so a docstring that names
    # the mark (in code or prose) kept each heading after it as text: "# Examples" and all.
    text = "Strip each `<!--` comment, and <!-- too.\n\n# Examples\n\nCall it.\n"
    lead, headings = split_headings(text, "pkg.strip")
    assert lead == "Strip each `<!--` comment, and <!-- too."
    assert headings == [DocHeading(1, "Examples", "pkg.strip--examples", "Call it.")]
