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
