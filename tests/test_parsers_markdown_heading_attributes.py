"""builder.parsers.markdown.heading_attributes: the anchor a heading's attribute list or
bracketed id names, and the heading text left without it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from builder.parsers.markdown.parser import parse
from tests.test_parsers_markdown import outline


def test_explicit_heading_ids_win() -> None:
    text = (
        "# Title {#custom-id}\n"
        "## Options { #opts .wide }\n"
        '## <a name="legacy"></a>Old `api()` name\n'
        "## Literal `{#not-an-id}`\n"
    )
    parsed = parse(text, "x.md")
    assert outline(parsed) == [
        (1, "Title", (), "custom-id", 1, 1),
        (2, "Options", ("Title",), "opts", 2, 2),
        (2, "Old api() name", ("Title",), "legacy", 3, 3),
        (2, "Literal {#not-an-id}", ("Title",), "literal-not-an-id", 4, 4),
    ]


def test_a_bracketed_id_after_a_heading_is_its_anchor() -> None:
    # Fumadocs' "## Title [#id]" (SWR's docs: 145 English headings), the space before it
    # optional; a link in brackets stays text.
    text = (
        "# Announcing SWR 1.0\n"
        "## Smaller Size [#smaller-size]\n"
        "## Issue [#123](https://example.invalid/123)\n"
        "## Mount[#revalidate-on-mount]\n"
    )
    assert outline(parse(text, "blog.mdx")) == [
        (1, "Announcing SWR 1.0", (), "announcing-swr-10", 1, 1),
        (2, "Smaller Size", ("Announcing SWR 1.0",), "smaller-size", 2, 2),
        (2, "Issue #123", ("Announcing SWR 1.0",), "issue-123", 3, 3),
        (2, "Mount", ("Announcing SWR 1.0",), "revalidate-on-mount", 4, 4),
    ]


def test_a_long_heading_attribute_list_that_fails_costs_one_pass() -> None:
    # "{#" then a long id and a brace inside: each way of splitting the id from what follows
    # was tried, 20,000 characters in 3 s (this 100,000, minutes); "{: #id .class }" and
    # "{#a.b}" read as before.
    text = "# T {#" + "a" * 100_000 + "}x}\n\n## B {: #bee .wide }\n\n## C {#a.b}\n"
    assert [(s.heading[:8], s.anchor[:8]) for s in parse(text, "x.md").sections] == [
        ("T {#aaaa", "t-aaaaaa"),
        ("B", "bee"),
        ("C", "a.b"),
    ]


def test_a_bracketed_issue_number_after_a_heading_stays_its_text() -> None:
    # A changelog cites an issue after a heading; no Fumadocs id is a bare number.
    parsed = parse("# Changes\n## Fix a leak [#1234]\n", "CHANGES.md")
    assert [(s.heading, s.anchor) for s in parsed.sections][1:] == [
        ("Fix a leak [#1234]", "fix-a-leak-1234")
    ]


def test_a_heading_with_a_long_run_of_blanks_is_read_in_linear_time() -> None:
    """The bracketed id's leading blanks were tried from each blank of a run: a heading
    ending in ']' with 100 KB of spaces inside took over 5 s (quadratic). The subprocess's
    timeout guards against that hang; it is not a timing."""
    script = (
        "from builder.parsers.markdown.heading_attributes import split_heading_id\n"
        "print(split_heading_id('x' + ' ' * 1_000_000 + 'y]')[1] == '')\n"
        "print(split_heading_id('Size' + ' ' * 3 + '[#size]'))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True, text=True, timeout=120, check=True, cwd=Path(__file__).parent.parent,
    )  # fmt: skip
    assert done.stdout.split("\n")[:2] == ["True", "('Size', 'size')"]


def test_closing_hashes_before_an_attribute_list_are_dropped() -> None:
    # hatch 1.18.2's history: "## [1.18.2](...) - 2026-10-27 ## {: #hatch-v1.18.2 }" was the
    # heading "1.18.2 - 2026-10-27 ##" (Python-Markdown's attr_list drops the closing hashes).
    text = (
        "# History\n"
        "## [1.18.2](https://example.invalid/1.18.2) - 2026-10-27 ## {: #hatch-v1.18.2 }\n"
        "## C# {#c-sharp}\n"
    )
    assert [(s.heading, s.anchor) for s in parse(text, "history.md").sections] == [
        ("History", "history"),
        ("1.18.2 - 2026-10-27", "hatch-v1.18.2"),
        ("C#", "c-sharp"),
    ]
