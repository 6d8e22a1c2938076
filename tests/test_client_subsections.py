"""doc_extract names the subsections of an answered section that match the focus too, in its
structured answer and in its text rendering, so an agent answered with a parent section still
sees which child to read; the names are spent from the token budget, never in place of the
section's own text."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from msgspec import UNSET, to_builtins

from builder.shards import build_database
from client.render import render_extract
from client.search.sections import MAX_SUBSECTIONS, SearchResult, search_sections
from client.search.trim import CHARS_PER_TOKEN
from client.section_bodies import add_section_views
from client.service import DocService
from tests.site_data_support import SITE, Clock, FakeHost, data, make_site


def hook_record(heading: str, path: list[str], body: str) -> dict[str, object]:
    anchor = heading.lower().replace(" ", "-")
    return {
        "heading": heading,
        "headingPath": path,
        "body": body,
        "path": f"https://docs.example/hooks.html#{anchor}",
        "anchor": anchor,
        "source": "hooks.md",
    }


HOOK_RECORDS = [
    hook_record("Hooks", [], "Hooks let a plugin run code around each request."),
    hook_record("Before hooks", ["Hooks"], "A before hook runs before the request is sent."),
    hook_record("After hooks", ["Hooks"], "An after hook runs once the response arrives."),
    hook_record("Installation", ["Hooks"], "Install the package with pip."),
    hook_record("Hook order", ["Hooks", "After hooks"], "After hooks run in reverse order."),
]


def test_an_answer_lists_the_matching_subsections_of_its_sections(tmp_path: Path) -> None:
    make_site(tmp_path / "site", {"hk": {"1.0": HOOK_RECORDS}})
    docs = DocService(data(tmp_path, FakeHost(tmp_path / "site", SITE), Clock(), SITE))
    answer = docs.extract("hk", "1.0", "hooks")
    sections = {s["heading"]: s for s in to_builtins(answer)["sections"]}
    assert {(s["heading"], s["anchor"]) for s in sections["Hooks"]["subsections"]} == {
        ("Before hooks", "before-hooks"),
        ("After hooks", "after-hooks"),
    }
    # A section none of whose subsections match has no such key (the answer stays short).
    assert "subsections" not in sections["Before hooks"]
    text = render_extract(answer)
    block = text.split("\n## Hooks  [", 1)[1].split("\n## ", 1)[0]  # the Hooks section's lines
    listed = next(line for line in block.splitlines() if line.startswith("Subsections"))
    assert "Before hooks hooks.md#before-hooks" in listed
    assert "After hooks hooks.md#after-hooks" in listed
    assert all(s.subsections is UNSET or s.subsections for s in answer.sections)


def test_an_answered_section_names_its_subsections_that_match_too(tmp_path: Path) -> None:
    build_database(tmp_path / "hooks.sqlite", "tiny", "1.0.0", HOOK_RECORDS)
    conn = sqlite3.connect(tmp_path / "hooks.sqlite")
    add_section_views(conn, None)
    found = {s.heading: s for s in search_sections(conn, "hooks", min_confidence=0.0).sections}
    conn.close()
    # Direct subsections only, those that match only, best first, each with its anchor.
    assert {(s.heading, s.anchor) for s in found["Hooks"].subsections} == {
        ("Before hooks", "before-hooks"),
        ("After hooks", "after-hooks"),
    }
    assert [s.heading for s in found["After hooks"].subsections] == ["Hook order"]
    assert found["Before hooks"].subsections == ()


def spent(found: SearchResult) -> int:
    """The characters an answer spends: headings, bodies and the subsections named."""
    return sum(
        len(s.heading)
        + len(s.body)
        + sum(len(f" {sub.heading} #{sub.anchor}") for sub in s.subsections)
        for s in found.sections
    )


def test_the_subsections_a_section_names_are_spent_from_the_token_budget(tmp_path: Path) -> None:
    long = "A hook runs around each request and may change it. " * 12
    records = [{**r, "body": r["body"] + " " + long} for r in HOOK_RECORDS]
    build_database(tmp_path / "hooks.sqlite", "tiny", "1.0.0", records)
    conn = sqlite3.connect(tmp_path / "hooks.sqlite")
    add_section_views(conn, None)
    named = 0
    for max_tokens in range(100, 1000, 25):
        found = search_sections(conn, "hooks", max_tokens=max_tokens, min_confidence=0.0)
        assert spent(found) <= max_tokens * CHARS_PER_TOKEN
        named += any(s.subsections for s in found.sections)
    conn.close()
    assert named  # some answers did name subsections


def test_the_subsections_a_section_names_never_push_out_its_text(tmp_path: Path) -> None:
    """Long subsection headings (API names, say) in a small budget: the section's text comes
    first, and the names spent beside it stay within maxTokens."""
    parent = "Request hooks let a plugin run code around each request. " * 3
    records = [hook_record("Request hooks", [], parent)]
    for i in range(8):
        heading = f"Variant {i} " + "with an exceedingly long heading about something else " * 2
        body = f"These request hooks number {i}. " + "Other text entirely. " * 30
        records.append(hook_record(heading.strip(), ["Request hooks"], body))
    build_database(tmp_path / "hooks.sqlite", "tiny", "1.0.0", records)
    conn = sqlite3.connect(tmp_path / "hooks.sqlite")
    add_section_views(conn, None)
    try:
        for max_tokens in (100, 150, 200):
            found = search_sections(conn, "request hooks", max_tokens=max_tokens, min_confidence=0)
            first = found.sections[0]
            assert first.heading == "Request hooks" and first.body.strip() == parent.strip()
            assert spent(found) <= max_tokens * CHARS_PER_TOKEN
        found = search_sections(conn, "request hooks", max_tokens=4000, min_confidence=0)
        assert len(found.sections[0].subsections) == MAX_SUBSECTIONS
    finally:
        conn.close()


def test_a_section_names_no_subsection_of_another_page(tmp_path: Path) -> None:
    """An index that did not record sources (a doctrove index may not): a section under the
    same heading path on another page is no subsection of it."""
    records = [
        {k: v for k, v in hook_record(heading, path, body).items() if k != "source"}
        for heading, path, body in [
            ("Hooks", [], "Hooks let a plugin run code around each request."),
            ("Before hooks", ["Hooks"], "A before hook runs before the request is sent."),
        ]
    ]
    records[1]["path"] = "https://docs.example/other.html#before-hooks"
    build_database(tmp_path / "hooks.sqlite", "tiny", "1.0.0", records)
    conn = sqlite3.connect(tmp_path / "hooks.sqlite")
    add_section_views(conn, None)
    try:
        found = {s.heading: s for s in search_sections(conn, "hooks", min_confidence=0).sections}
    finally:
        conn.close()
    assert found["Hooks"].source is None
    assert found["Hooks"].subsections == ()
