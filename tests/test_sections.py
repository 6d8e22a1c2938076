"""Section finalization: empty parents, splitting at block boundaries, bounds, unique anchors."""

import itertools

from builder.model import ParsedFile, Section
from builder.sections import MAX_HEADING_CHARS, finalize_sections, split_section


def section(
    heading: str,
    body: str,
    level: int = 1,
    anchor: str = "a",
    path: tuple[str, ...] = (),
    lines: tuple[int, int] = (1, 1),
) -> Section:
    return Section(heading, path, body, "doc.md", lines[0], lines[1], anchor, level)


def test_empty_parent_dropped_but_kept_in_child_path() -> None:
    parsed = ParsedFile(
        "doc.md",
        "Doc",
        (
            section("Guide", "", 1, "guide"),
            section("Install", "pip install x", 2, "install", ("Guide",)),
            section("Empty leaf", "", 2, "empty-leaf", ("Guide",)),
        ),
    )
    sections, warnings = finalize_sections(parsed)
    assert [(s.heading, s.heading_path) for s in sections] == [
        ("Install", ("Guide",)),
        ("Empty leaf", ("Guide",)),
    ]
    assert warnings == []


def test_anchors_are_unique_within_a_file() -> None:
    parsed = ParsedFile(
        "doc.md",
        "Doc",
        (
            section("Example", "one", anchor="example"),
            section("Example", "two", anchor="example"),
            section("Example 1", "three", anchor="example-1"),
        ),
    )
    sections, _ = finalize_sections(parsed)
    assert [s.anchor for s in sections] == ["example", "example-1", "example-1-1"]


def test_split_at_paragraphs_keeps_heading_path_and_ranges() -> None:
    paragraphs = [f"p{i} " + "word " * 50 for i in range(6)]  # ~255 chars each
    whole = section("Big", "\n\n".join(paragraphs), anchor="big", path=("Top",), lines=(10, 70))
    parts = split_section(whole, limit=600)
    assert [p.heading for p in parts] == ["Big", "Big (part 2 of 3)", "Big (part 3 of 3)"]
    assert [p.anchor for p in parts] == ["big", "big-part-2", "big-part-3"]
    assert all(p.heading_path == ("Top",) for p in parts)
    assert "\n\n".join(p.body for p in parts) == whole.body
    assert parts[0].line_start == 10 and parts[-1].line_end == 70
    assert all(a.line_end < b.line_start for a, b in itertools.pairwise(parts))


def test_code_block_split_is_refenced_and_never_cut_mid_line() -> None:
    code = "\n".join(f"line_{i} = {i}" for i in range(200))
    whole = section("Code", f"```python\n{code}\n```", anchor="code", lines=(1, 203))
    parts = split_section(whole, limit=1000)
    assert len(parts) > 1
    for part in parts:
        assert part.body.startswith("```python\n") and part.body.endswith("\n```")
        assert len(part.body) <= 1000
    rejoined = [ln for p in parts for ln in p.body.split("\n")[1:-1]]
    assert rejoined == code.split("\n")


def test_blank_lines_inside_code_do_not_split_the_block() -> None:
    body = "```\na\n\nb\n```"
    assert split_section(section("C", body), limit=1000)[0].body == body


def test_single_enormous_line_is_cut_into_bounded_parts() -> None:
    whole = section("Huge", "x" * 25_000)
    parts = split_section(whole, limit=6000)
    assert [len(p.body) for p in parts] == [6000, 6000, 6000, 6000, 1000]


def test_overlong_heading_and_deep_path_are_cut_with_warnings() -> None:
    deep = tuple(f"level {i}" for i in range(50))
    parsed = ParsedFile("doc.md", "Doc", (section("H" * 10_000, "body", 51, "h", deep),))
    (result,), warnings = finalize_sections(parsed)
    assert len(result.heading) == MAX_HEADING_CHARS and result.heading.endswith("…")
    assert result.heading_path[0] == "level 0" and result.heading_path[-1] == "level 49"
    assert len(result.heading_path) == 12
    assert len(warnings) == 2
