"""The Markdown/MDX parser on hostile input: fifty levels deep, huge headings and lines, empty
files, CRLF, BOM and NUL bytes, unclosed blocks and junk, parsed without raising or losing lines."""

from __future__ import annotations

from builder.model import ParsedFile, Warning_
from builder.parsers.markdown.parser import parse
from schemas.anchors import MAX_GITHUB_ANCHOR_LENGTH
from tests.test_parsers_markdown import bodies, outline


def test_nested_headings_fifty_deep() -> None:
    html = "".join(f"<h{min(i + 1, 6)}>h{i}</h{min(i + 1, 6)}>\n" for i in range(50))
    parsed = parse(html, "x.md")
    assert len(parsed.sections) == 50
    assert outline(parsed)[:7] == [
        (1, "h0", (), "h0", 1, 1),
        (2, "h1", ("h0",), "h1", 2, 2),
        (3, "h2", ("h0", "h1"), "h2", 3, 3),
        (4, "h3", ("h0", "h1", "h2"), "h3", 4, 4),
        (5, "h4", ("h0", "h1", "h2", "h3"), "h4", 5, 5),
        (6, "h5", ("h0", "h1", "h2", "h3", "h4"), "h5", 6, 6),
        (6, "h6", ("h0", "h1", "h2", "h3", "h4"), "h6", 7, 7),
    ]
    assert outline(parsed)[-1] == (6, "h49", ("h0", "h1", "h2", "h3", "h4"), "h49", 50, 50)
    markdown = "".join("#" * (i % 6 + 1) + f" m{i}\n" for i in range(50))
    assert outline(parse(markdown, "x.md"))[-3:] == [
        (6, "m47", ("m42", "m43", "m44", "m45", "m46"), "m47", 48, 48),
        (1, "m48", (), "m48", 49, 49),
        (2, "m49", ("m48",), "m49", 50, 50),
    ]


def test_fifty_deep_quotes_and_lists_keep_their_text() -> None:
    quotes = parse("# Q\n\n" + "> " * 50 + "deep\n", "x.md")
    assert quotes.sections[0].body == "> " * 49 + "> deep"
    lists = parse("# L\n\n" + "\n".join("  " * i + f"- i{i}" for i in range(50)) + "\n", "x.md")
    assert lists.sections[0].body.split("\n")[-1] == "  " * 49 + "- i49"


def test_ten_thousand_character_heading() -> None:
    heading = "word " * 2000
    parsed = parse(f"# {heading}\n\nBody.\n", "x.md")
    assert parsed.sections[0].heading == heading.strip()
    # GitHub's slug, cut at MAX_GITHUB_ANCHOR_LENGTH.
    assert parsed.sections[0].anchor == ("word-" * 2000)[:MAX_GITHUB_ANCHOR_LENGTH]
    assert bodies(parsed) == ["Body."]


def test_ten_megabyte_single_line_parses() -> None:
    line = "a_b `c` [link](u) " * 600_000  # markup that would be slow to parse inline
    parsed = parse("# Big\n\n" + line + "\n", "big.md")
    assert parsed.sections[0].body == line.strip()
    assert parsed.warnings == (
        Warning_("big.md:3", "10799999 characters without a break kept as raw text"),
    )


def test_empty_and_blank_files() -> None:
    assert parse("", "docs/empty.md") == ParsedFile("docs/empty.md", "empty", ())
    assert parse(" \n\t\n\n", "docs/blank.md") == ParsedFile("docs/blank.md", "blank", ())


def test_crlf_bom_and_nul_do_not_shift_lines() -> None:
    parsed = parse("\ufeff# A\r\n\r\ntext\x00here\r\n## B\r\n", "x.md")
    assert outline(parsed) == [(1, "A", (), "a", 1, 3), (2, "B", ("A",), "b", 4, 4)]
    assert bodies(parsed) == ["text\ufffdhere", ""]


def test_unclosed_fence_and_comment_warn() -> None:
    fence = parse("# A\n\n```py\n# not a heading\n", "f.md")
    assert outline(fence) == [(1, "A", (), "a", 1, 4)]
    assert fence.warnings == (
        Warning_("f.md:3", "code fence never closed; the rest of the file is code"),
    )
    comment = parse("# A\n\n<!-- open\n# hidden\n", "c.md")
    assert outline(comment) == [(1, "A", (), "a", 1, 4)]
    assert comment.warnings == (
        Warning_("c.md:3", "HTML comment never closed; the rest of the file is hidden"),
    )


def test_junk_input_does_not_raise() -> None:
    junk = "".join(chr(code) for code in range(1, 3000)) * 20
    parsed = parse(junk, "junk.mdx")
    assert parsed.relpath == "junk.mdx"
    assert all(section.line_start <= section.line_end for section in parsed.sections)
