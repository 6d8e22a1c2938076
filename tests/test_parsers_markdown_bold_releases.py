"""builder.parsers.markdown.bold_releases: a Markdown changelog's bold release lines head
sections."""

from __future__ import annotations

from builder.parsers import parse_file

HISTORY = (
    "Note: minor releases without a change are not listed.\n\n"  # 1-2
    "**5.12.1 / 2026-11-13**\n"  # 3
    "- deps: fast-xml-builder v1.3.2\n\n"  # 4-5
    "**⚠️ 4.0.0-beta.2 / 2021-11-19**\n"  # 6
    "- fix: a stall\n\n"  # 7-8
    "**Note** that this is a sentence.\n\n"  # 9-10
    "**3.0 was large**\n"  # 11
    "and this paragraph goes on.\n\n"  # 12-13
    "> **3.1.0**\n"  # 14
)


def test_a_bold_release_line_heads_a_section_of_a_markdown_changelog() -> None:
    # fast-xml-parser 5.12.1's CHANGELOG.md writes every release so, with no heading at all:
    # the history was one section, cut in six parts by size.
    parsed = parse_file("CHANGELOG.md", HISTORY)
    assert parsed is not None
    assert [(s.heading, s.level, s.line_start, s.body) for s in parsed.sections] == [
        ("CHANGELOG", 0, 1, "Note: minor releases without a change are not listed."),
        ("5.12.1 / 2026-11-13", 2, 3, "- deps: fast-xml-builder v1.3.2"),
        (
            "⚠️ 4.0.0-beta.2 / 2021-11-19",
            2,
            6,
            "- fix: a stall\n\nNote that this is a sentence.\n\n"
            "3.0 was large and this paragraph goes on.\n\n> 3.1.0",
        ),
    ]


def test_a_bold_release_sits_below_the_heading_above_it() -> None:
    parsed = parse_file("changes.md", "# Changes\n\n## 2.x\n\n**2.1.0**\n\nFixed a loop.\n")
    assert parsed is not None
    assert [(s.heading, s.heading_path, s.level) for s in parsed.sections] == [
        ("Changes", (), 1),
        ("2.x", ("Changes",), 2),
        ("2.1.0", ("Changes", "2.x"), 3),
    ]


def test_a_bold_release_line_outside_a_changelog_stays_text() -> None:
    parsed = parse_file("guide.md", "# Guide\n\n**2.1.0**\n\nFixed a loop.\n")
    assert parsed is not None
    assert [(s.heading, s.body) for s in parsed.sections] == [("Guide", "2.1.0\n\nFixed a loop.")]
