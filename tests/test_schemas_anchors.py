"""schemas.anchors: the names of a section's parts, made by the builder and read back by the
ranker and the evaluation."""

from __future__ import annotations

from schemas.anchors import part_names, whole_anchor, whole_heading


def test_a_parts_names_read_back_as_the_sections() -> None:
    assert part_names("json.dumps", "json.dumps", 1, 3) == ("json.dumps", "json.dumps")
    heading, anchor = part_names("json.dumps", "json.dumps", 2, 3)
    assert (heading, anchor) == ("json.dumps (part 2 of 3)", "json.dumps-part-2")
    assert whole_heading(heading) == "json.dumps"
    assert whole_anchor(heading, anchor) == "json.dumps"


def test_a_section_never_cut_keeps_an_anchor_that_ends_like_a_part() -> None:
    assert whole_anchor("Multi-part forms", "multi-part-2") == "multi-part-2"
    assert whole_heading("Multi-part forms") == "Multi-part forms"
