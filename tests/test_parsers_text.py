"""Tests for builder.parsers.plain_text: paragraphs grouped into bounded, exactly-lined sections."""

from __future__ import annotations

import re

import pytest

from builder.model import Section
from builder.parsers import plain_text
from builder.parsers.plain_text import Chunk, group_chunks, parse, split_chunk, split_line


def test_readme_title_heads_the_file() -> None:
    text = "Hello World\n\npara one\nline two   \n\n\n  indented para  \n"
    parsed = parse(text, "docs/README.txt")
    assert parsed.title == "Hello World"
    assert parsed.sections == (
        Section(
            heading="Hello World",
            heading_path=(),
            body="para one\nline two\n\n  indented para",
            source="docs/README.txt",
            line_start=1,
            line_end=7,
            anchor="hello-world",
            level=1,
        ),
    )


def test_stem_is_the_title_when_the_first_line_is_prose() -> None:
    text = "This first paragraph spans\ntwo lines.\n\nSecond.\n"
    parsed = parse(text, "notes/changes.txt")
    assert parsed.title == "changes"
    assert [(s.heading, s.line_start, s.line_end, s.body) for s in parsed.sections] == [
        ("changes", 1, 4, "This first paragraph spans\ntwo lines.\n\nSecond.")
    ]


def test_single_line_file_is_body_not_title() -> None:
    parsed = parse("just one line", "LICENSE")
    assert [(s.heading, s.body, s.anchor) for s in parsed.sections] == [
        ("LICENSE", "just one line", "license")
    ]


def test_paragraphs_group_into_numbered_parts_with_exact_lines() -> None:
    paragraph = ("x" * 99 + "\n") * 5  # 500 characters per paragraph, five lines each
    text = "Guide\n\n" + "\n".join([paragraph] * 4)
    parsed = parse(text, "guide.txt")
    assert [
        (s.heading, s.anchor, s.line_start, s.line_end, len(s.body)) for s in parsed.sections
    ] == [
        # Three 499-character paragraphs would make 1,501 characters with their separators.
        ("Guide", "guide", 1, 13, 1000),
        ("Guide (part 2)", "guide-2", 15, 25, 1000),
    ]


def test_crlf_and_blank_only_files() -> None:
    assert parse("", "a.txt").sections == ()
    assert parse(" \n\t\n", "a.txt").sections == ()
    parsed = parse("Title\r\n\r\nbody\r\nmore\r\n", "a.txt")
    assert [(s.heading, s.body, s.line_start, s.line_end) for s in parsed.sections] == [
        ("Title", "body\nmore", 1, 4)
    ]


def test_huge_paragraph_splits_at_line_boundaries() -> None:
    lines = [f"line {n:03d} " + "y" * 90 for n in range(30)]  # 99 characters each
    chunk = Chunk("\n".join(lines), 10, 39)
    pieces = list(split_chunk(chunk, 1500))
    assert [(p.line_start, p.line_end) for p in pieces] == [(10, 24), (25, 39)]
    assert pieces[0].text == "\n".join(lines[:15])
    assert pieces[1].text == "\n".join(lines[15:])


def test_enormous_line_splits_near_the_limit_at_spaces() -> None:
    assert list(split_line("aaaa bbbb cccc dddd", 10)) == ["aaaa bbbb", "cccc dddd"]
    assert list(split_line("abcdefghijklmnopqrstuvwxyz", 10)) == [
        "abcdefghij",
        "klmnopqrst",
        "uvwxyz",
    ]
    parsed = parse("word " * 600, "w.txt")
    assert [(s.heading, s.line_start, s.line_end, len(s.body)) for s in parsed.sections] == [
        ("w", 1, 1, 1499),
        ("w (part 2)", 1, 1, 1499),
    ]


def test_groups_never_split_a_paragraph_that_fits() -> None:
    chunks = [Chunk("a" * 700, 1, 1), Chunk("b" * 700, 3, 3), Chunk("c" * 700, 5, 5)]
    groups = list(group_chunks(chunks, 1500))
    assert [[c.line_start for c in group] for group in groups] == [[1, 3], [5]]
    exact = [Chunk("a" * 749, 1, 1), Chunk("b" * 749, 3, 3), Chunk("c", 5, 5)]
    assert [len(group) for group in group_chunks(exact, 1500)] == [2, 1]


def test_a_plain_text_changelog_is_cut_at_its_release_lines() -> None:
    # Beautiful Soup's changelog (Debian's changelog.gz): read as "changelog (part 1..49)",
    # a question naming a release found it in whichever part the cut put it.
    text = (
        "Note: support for Python 2\nended in 2021.\n\n"
        "= 4.11.2 (20230131)\n\n* Fixed test failures.\n\n* Fixed a crash.\n\n"
        "= 4.11.1 (20220408)\nThis release packages the tests.\n\n"
        "= 4.11.0 (20220407)\n\n* Ported unit tests to pytest.\n\n"
        "= 4.11.0 (20220407)\n\n* The same heading twice.\n"
    )
    parsed = parse(text, "changelog.txt")
    outline = [(s.heading, s.heading_path, s.level, s.anchor, s.line_start, s.body)
               for s in parsed.sections]  # fmt: skip
    assert outline == [
        ("changelog", (), 1, "changelog", 1, "Note: support for Python 2\nended in 2021."),
        ("4.11.2 (20230131)", ("changelog",), 2, "4112-20230131", 4,
         "* Fixed test failures.\n\n* Fixed a crash."),
        ("4.11.1 (20220408)", ("changelog",), 2, "4111-20220408", 10,
         "This release packages the tests."),
        ("4.11.0 (20220407)", ("changelog",), 2, "4110-20220407", 13,
         "* Ported unit tests to pytest."),
        ("4.11.0 (20220407)", ("changelog",), 2, "4110-20220407", 17,
         "* The same heading twice."),
    ]  # fmt: skip


def test_release_lines_in_their_usual_spellings() -> None:
    text = (
        "Changes\n\nVersion 1.5\n\nNew.\n\n"
        "v1.4 - 2020-01-02\n\nOld.\n\n1.3 (unreleased)\n\nOlder.\n"
    )
    parsed = parse(text, "CHANGES.txt")
    assert [(s.heading, s.heading_path, s.body) for s in parsed.sections] == [
        ("Version 1.5", ("Changes",), "New."),
        ("v1.4 - 2020-01-02", ("Changes",), "Old."),
        ("1.3 (unreleased)", ("Changes",), "Older."),
    ]


def test_numbered_chapters_and_a_few_version_lines_stay_in_parts() -> None:
    chapters = "Guide\n\n3.1 Overview\n\nText.\n\n3.2 Setup\n\nMore.\n\n3.3 Usage\n\nEnd.\n"
    assert [s.heading for s in parse(chapters, "g.txt").sections] == ["Guide"]
    two = "Notes\n\n1.0 (2020-01-01)\n\nFirst.\n\n1.1 (2020-02-01)\n\nSecond.\n"
    assert [s.heading for s in parse(two, "n.txt").sections] == ["Notes"]


def test_only_a_short_first_line_is_matched_as_a_release_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A run of digits and dots can be split between the version's parts in as many ways as it
    # is long: e to 8,000 places and a comma took the pattern 10 s, growing with the square.
    pattern = plain_text._RELEASE_LINE
    matched: list[int] = []

    class Recording:
        def fullmatch(self, line: str) -> re.Match[str] | None:
            matched.append(len(line))
            return pattern.fullmatch(line)

    monkeypatch.setattr(plain_text, "_RELEASE_LINE", Recording())
    digits = "2." + "7182818284" * 800 + ", and so on"
    text = f"Constants\n\n{digits}\n\n1.0 (2020-01-01)\n\nFirst.\n\n1.1\n\nA.\n\n1.2\n\nB.\n"
    parsed = parse(text, "e.txt")
    releases = [s.heading for s in parsed.sections if s.heading_path == ("Constants",)]
    assert releases == ["1.0 (2020-01-01)", "1.1", "1.2"]
    assert max(matched) <= plain_text.MAX_TITLE_CHARS


def test_a_changelog_that_opens_with_its_newest_release_keeps_it_a_release() -> None:
    # With no title line before it, the newest release was read as the file's title, with
    # the older releases under it and its notes as the file's introduction.
    text = (
        "= 4.12.3 (20240117)\n\n* Spanish docs.\n\n= 4.12.2 (20230407)\n\n* Fixed.\n\n"
        "= 4.12.1 (20230405)\n\n* More.\n"
    )
    parsed = parse(text, "doc/CHANGELOG")
    assert parsed.title == "CHANGELOG"
    assert [(s.heading, s.heading_path, s.level, s.line_start, s.body)
            for s in parsed.sections] == [
        ("4.12.3 (20240117)", ("CHANGELOG",), 2, 1, "* Spanish docs."),
        ("4.12.2 (20230407)", ("CHANGELOG",), 2, 5, "* Fixed."),
        ("4.12.1 (20230405)", ("CHANGELOG",), 2, 9, "* More."),
    ]  # fmt: skip


def test_a_release_told_on_its_line_alone_keeps_that_line() -> None:
    # With no text under them, these releases were sections with no body, which the build
    # drops: the file had no section at all.
    text = (
        "Changes\n\n1.3 - Added the --quiet flag.\n\n1.2 - Fixed a crash on empty input.\n\n"
        "1.1 (2020-01-01)\nFirst release.\n"
    )
    parsed = parse(text, "CHANGES.txt")
    assert [(s.heading, s.line_start, s.line_end, s.body) for s in parsed.sections] == [
        ("1.3 - Added the --quiet flag.", 3, 3, "1.3 - Added the --quiet flag."),
        ("1.2 - Fixed a crash on empty input.", 5, 5, "1.2 - Fixed a crash on empty input."),
        ("1.1 (2020-01-01)", 7, 8, "First release."),
    ]


def test_an_agenda_or_numbered_steps_are_not_cut_as_releases() -> None:
    # Three lines of a number and a dash were releases: an agenda's times and a guide's steps
    # became sections 'Workshop day' > '09.00 - Registration', ... with nothing released.
    agenda = (
        "Workshop day\n\n09.00 - Registration\n\nCoffee.\n\n09.30 - Keynote\n\nTalk.\n\n"
        "10.30 - Break\n\n11.00 - Tutorials\n\nHands-on.\n"
    )
    steps = (
        "Setup\n\n1.1 - Install Python\n\nA.\n\n1.2 - Make a venv\n\nB.\n\n1.3 - Install\n\nC.\n"
    )
    for text in (agenda, steps):
        assert [s.heading for s in parse(text, "guide.txt").sections] == [text.split("\n")[0]]
    # The same steps in a file named as a changelog are its releases, as in CHANGES.txt.
    assert len(parse(steps, "CHANGES.txt").sections) == 3


def test_releases_are_told_by_a_date_a_word_or_numbers_that_fall() -> None:
    def releases(text: str) -> list[str]:
        return [s.heading for s in parse(text, "notes.txt").sections if s.heading_path]

    dated = "Notes\n\n1.1 - Fixes\n\nA.\n\n1.2 - 2020-03-01\n\nB.\n\n1.3 - More\n\nC.\n"
    assert releases(dated) == ["1.1 - Fixes", "1.2 - 2020-03-01", "1.3 - More"]
    worded = "Notes\n\n1.3 (unreleased)\n\nA.\n\n1.2 - Fixes\n\nB.\n\n1.1 - More\n\nC.\n"
    assert len(releases(worded)) == 3
    # Newest first, with nothing else to tell them by: times and steps rise as a file goes on.
    falling = "Notes\n\n2.0 - Rewrite\n\nA.\n\n1.10 - Fixes\n\nB.\n\n1.9 - More\n\nC.\n"
    assert releases(falling) == ["2.0 - Rewrite", "1.10 - Fixes", "1.9 - More"]
    rising = "Notes\n\n1.9 - Rewrite\n\nA.\n\n1.10 - Fixes\n\nB.\n\n2.0 - More\n\nC.\n"
    assert releases(rising) == []


def test_titled_text_after_a_changelog_is_the_file_s_not_its_last_release() -> None:
    # A license and credits after the oldest release ran into that release's notes.
    text = (
        "Changes\n\n= 1.2 (2020-03-01)\n\nBug fixes\n\n* Fixed a crash.\n\n"
        "= 1.1 (2020-02-01)\n\nBug fixes\n\n* Fixed a leak.\n\n"
        "= 1.0 (2020-01-01)\n\n* First release.\n\nBug fixes\n\n* None yet.\n\n"
        "License\n-------\n\nMIT.\n\nCredits\n\nThanks to all.\n"
    )
    parsed = parse(text, "CHANGES.txt")
    assert [(s.heading, s.heading_path, s.line_start, s.body) for s in parsed.sections] == [
        ("1.2 (2020-03-01)", ("Changes",), 3, "Bug fixes\n\n* Fixed a crash."),
        ("1.1 (2020-02-01)", ("Changes",), 9, "Bug fixes\n\n* Fixed a leak."),
        # "Bug fixes" heads a category in the releases before: the release's still.
        ("1.0 (2020-01-01)", ("Changes",), 15, "* First release.\n\nBug fixes\n\n* None yet."),
        ("License", ("Changes",), 23, "MIT."),
        ("Credits", ("Changes",), 28, "Thanks to all."),
    ]


def test_a_last_release_s_own_lines_stay_its_notes() -> None:
    # A sentence, a category ending in a colon, or a line with nothing after it is not a
    # title that ends the changelog.
    text = (
        "Changes\n\n1.2 (2020-03-01)\n\nA.\n\n1.1 (2020-02-01)\n\nB.\n\n"
        "1.0 (2020-01-01)\n\nFirst release.\n\nNew features:\n\n* All of them.\n\nEnjoy it\n"
    )
    (*_, last) = parse(text, "CHANGES.txt").sections
    assert (last.heading, last.body) == (
        "1.0 (2020-01-01)",
        "First release.\n\nNew features:\n\n* All of them.\n\nEnjoy it",
    )
