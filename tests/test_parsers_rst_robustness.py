"""The reST reader on inputs at and past what real pages hold: huge lines, deep nesting, junk.
It must end in time, never raise, and degrade to plain text."""

from __future__ import annotations

import random
import string

from tests.counted import CountedLines
from tests.rst_support import _parse, _sections


def test_ten_megabyte_line() -> None:
    (section,) = _sections("word " * 2_000_000)
    assert (section.heading, len(section.body), section.line_end) == ("page", 9_999_999, 1)


def test_unclosed_markup_in_a_huge_paragraph() -> None:
    text = "**a ``b *c |d `e " * 500_000
    (section,) = _sections(text)
    assert section.body == text.strip()


def test_fifty_nested_heading_levels() -> None:
    chars = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"
    text = "".join(
        f"T{k}\n{chars[k] * 5}\n\n"
        if k < 32
        else f"{chars[k - 32] * 5}\nO{k}\n{chars[k - 32] * 5}\n\n"
        for k in range(50)
    )
    sections = _sections(text)
    assert [s.level for s in sections] == list(range(1, 51))
    assert sections[-1].heading_path == tuple(f"T{k}" for k in range(32)) + tuple(
        f"O{k}" for k in range(32, 49)
    )


def test_fifty_nested_lists_and_quotes() -> None:
    lists = "".join("  " * k + f"- item {k}\n\n" for k in range(50))
    (section,) = _sections(lists)
    lines = section.body.split("\n")
    assert (len(lines), lines[0], lines[-1]) == (50, "- item 0", "  " * 49 + "- item 49")
    quotes = "".join("  " * k + f"level {k}\n\n" for k in range(50))
    (section,) = _sections(quotes)
    assert section.body == "\n\n".join(f"level {k}" for k in range(50))


def test_thousand_nested_levels_degrade_to_text() -> None:
    (section,) = _sections("".join(" " * k + f"- x{k}\n" for k in range(1000)))
    assert section.body.startswith("- x0 - x1")
    assert section.body.endswith("x999")


def test_ten_thousand_character_title() -> None:
    (section,) = _sections("x" * 10_000 + "\n" + "=" * 10_000 + "\n\nBody.\n")
    assert (len(section.heading), section.anchor, section.body) == (10_000, "x" * 80, "Body.")


def test_binary_ish_junk_does_not_raise() -> None:
    alphabet = string.printable + "\u00e9\u4e2d\u200b\ufeff"
    junk = "".join(random.Random(7).choices(alphabet, k=200_000))
    parsed = _parse(junk)
    assert sum(len(s.body) for s in parsed.sections) > 100_000
    assert all(line == line.rstrip() for s in parsed.sections for line in s.body.split("\n"))


def test_a_run_of_targets_is_read_once() -> None:
    # Each target looked for the blank line ending its paragraph, so a run of them with no blank
    # line between read the rest of the run again for each (20,000 targets: 17.5 s).
    from builder.parsers.rst.blocks import render_blocks
    from builder.parsers.rst.events import Context, DocState

    count = 5000
    lines = CountedLines(
        [*(f".. _t{n}: https://example.org/{n}" for n in range(count)), "", "Body."]
    )
    events = render_blocks(lines, 1, Context(), DocState(relpath="page.rst"))
    assert lines.touched < 20 * count
    assert [getattr(event, "text", None) for event in events] == ["Body."]
    (section,) = _sections(
        "".join(f".. _t{n}: https://example.org/{n}\n" for n in range(count)) + "\nBody.\n"
    )
    assert section.body == "Body."
