"""mdBook's {{#include}}, {{#rustdoc_include}}, {{#playground}} and {{#title}} links."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.includes import IncludeReader, include_root
from builder.model import ParsedFile
from builder.parsers.include_budget import MAX_INCLUDE_TAGS
from builder.parsers.markdown.mdbook_links import selected_lines
from builder.parsers.markdown.parser import parse

LISTING = """\
use std::io;
// ANCHOR: main
fn main() {
    // ANCHOR: inner
    run();
    // ANCHOR_END: inner
}
// ANCHOR_END: main
"""


def parse_in(project: Path, relpath: str, text: str) -> ParsedFile:
    (project / "src" / "guide").mkdir(parents=True)
    (project / "book.toml").write_text("[book]\n", encoding="utf-8")
    (project / "listings").mkdir()
    (project / "listings" / "main.rs").write_text(LISTING, encoding="utf-8")
    (project / "CHANGELOG.md").write_text("## 1.0\n\nFirst.\n", encoding="utf-8")
    (project / "src" / "guide" / "part.md").write_text(
        "Shared text {{#include ../../listings/main.rs:2}}\n", encoding="utf-8"
    )
    reader = IncludeReader(include_root(project / "src", None, project))
    return parse(text, relpath, None, reader)


@pytest.mark.parametrize(
    ("selector", "expected"),
    [
        ("", ["a", "b", "c", "d"]),
        ("2", ["b"]),
        ("2:3", ["b", "c"]),
        ("3:", ["c", "d"]),
        (":2", ["a", "b"]),
        ("2:x", ["b", "c", "d"]),
        ("missing", []),
    ],
)
def test_selectors_take_lines_as_mdbook_does(selector: str, expected: list[str]) -> None:
    assert selected_lines("a\nb\nc\nd\n", selector) == expected


def test_an_anchor_takes_its_lines_without_any_anchor_line() -> None:
    assert selected_lines(LISTING, "main") == ["fn main() {", "    run();", "}"]


def test_includes_are_spliced_in_code_blocks_and_text(tmp_path: Path) -> None:
    page = (
        "# Guide\n\n```rust\n{{#rustdoc_include ../../listings/main.rs:inner}}\n```\n\n"
        "{{#include part.md}}\n\n{{#include ../../CHANGELOG.md}}\n"
    )
    parsed = parse_in(tmp_path, "guide/page.md", page)
    assert [(s.heading, s.body) for s in parsed.sections] == [
        ("Guide", "```rust\n    run();\n```\n\nShared text // ANCHOR: main"),
        ("1.0", "First."),
    ]
    # Each section names the page's own lines: the changelog's is the include's line.
    assert (parsed.sections[1].line_start, parsed.sections[1].line_end) == (9, 9)


def test_playground_title_and_escaped_links(tmp_path: Path) -> None:
    page = (
        "{{#title Custom}}\n# Run\n\n{{#playground ../../listings/main.rs editable}}\n\n"
        "Write `\\{{#include file.rs}}`; {{#each items}} is Handlebars'.\n\n"
        "An escaped link runs to the line's last: `\\{{#include a.rs}}, {{#include ../../x.md}}`\n"
    )
    parsed = parse_in(tmp_path, "guide/run.md", page)
    body = parsed.sections[0].body
    assert body.startswith("```rust,editable\nuse std::io;\n// ANCHOR: main\n")
    assert body.endswith(
        "Write `{{#include file.rs}}`; {{#each items}} is Handlebars'.\n\n"
        "An escaped link runs to the line's last: `{{#include a.rs}}, {{#include ../../x.md}}`"
    )
    assert parsed.title == "Run"


def test_a_missing_file_and_a_loop_are_warnings(tmp_path: Path) -> None:
    looping = "# Loop\n\nA {{#include loop.md}} B\n"
    parsed = parse_in(tmp_path, "guide/page.md", looping)
    (tmp_path / "src" / "guide" / "loop.md").write_text(looping, encoding="utf-8")
    parsed = parse(
        looping,
        "guide/loop.md",
        None,
        IncludeReader(include_root(tmp_path / "src", None, tmp_path)),
    )
    assert parsed.sections[0].body.startswith("A ")
    assert any("nest in a loop or too deep" in w.message for w in parsed.warnings)
    (tmp_path / "x").mkdir()
    parsed = parse(
        "# Gone\n\n{{#include gone.md}}\n",
        "gone.md",
        None,
        IncludeReader(include_root(tmp_path / "x", None, tmp_path)),
    )
    assert [w.message for w in parsed.warnings] == [
        "mdBook include not read: gone.md was not found"
    ]
    assert parsed.warnings[0].where == "gone.md:3"


def test_includes_bring_a_bounded_page(tmp_path: Path) -> None:
    # Three files each including the next a hundred times: a million links from 30
    # kilobytes. A page follows at most MAX_INCLUDE_TAGS, with one warning for the rest.
    (tmp_path / "parts").mkdir()
    for name, tag in (("b", "c"), ("c", "d")):
        (tmp_path / "parts" / f"{name}.md").write_text(f"{{{{#include {tag}.md}}}}\n" * 100)
    (tmp_path / "parts" / "d.md").write_text("Word.\n")
    page = "# Page\n\n" + "{{#include ../parts/b.md}}\n" * 100
    parsed = parse_in(tmp_path, "page.md", page)
    # The first thousand: one of b, ten of c, 989 of d.
    assert parsed.sections[0].body.count("Word.") == MAX_INCLUDE_TAGS - 1 - 10
    assert [w.message for w in parsed.warnings] == [
        f"include tags past the first {MAX_INCLUDE_TAGS} show nothing"
    ]
