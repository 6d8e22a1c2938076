"""doc_extract names the subsections of an answered section that match the focus too, in its
structured answer and in its text rendering, so an agent answered with a parent section still
sees which child to read."""

from __future__ import annotations

from pathlib import Path

from msgspec import UNSET, to_builtins

from client.render import render_extract
from client.service import DocService
from tests.test_client_search import HOOK_RECORDS
from tests.test_client_site_data import SITE, Clock, FakeHost, data, make_site


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
