"""MyST and notebook math through the Markdown parser: amsmath environments."""

from __future__ import annotations

from builder.parsers.markdown.parser import parse


def test_an_amsmath_environment_never_takes_in_the_sections_after_it() -> None:
    # A notebook's "\end{align}." (MathJax reads it) or a paragraph line that opens with
    # "\begin{align}" in words: the closing tag was sought past blank lines to the next
    # environment's, and the sections between read as its math.
    text = (
        "# Math\n"
        "\n"
        "\\begin{align}\n"
        "a &= b\n"
        "\\end{align} where a is one.\n"
        "\n"
        "## Words\n"
        "\n"
        "\\begin{align} opens an environment.\n"
        "\n"
        "## More\n"
        "\n"
        "\\begin{align}\n"
        "c = d\n"
        "\\end{align}\n"
    )
    parsed = parse(text, "math.md")
    assert [(s.heading, s.body) for s in parsed.sections] == [
        ("Math", "\\begin{align} a &= b \\end{align} where a is one."),
        ("Words", "\\begin{align} opens an environment."),
        ("More", "```math\n\\begin{align}\nc = d\n\\end{align}\n```"),
    ]
