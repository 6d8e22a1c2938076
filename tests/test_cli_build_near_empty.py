"""The build report's near-empty counts: API entries that only name an object, and --strict
failing a version that has too many of them, with or without the build cache."""

from __future__ import annotations

from pathlib import Path

import orjson

from tests.test_cli_build import run, write_catalog


def test_report_counts_thin_sections_and_strict_fails_on_too_many(tmp_path: Path) -> None:
    catalog = write_catalog(tmp_path)
    docs = tmp_path / "docs"
    (docs / "guide.rst").write_text(
        "Guide\n=====\n\n" + "Plenty of explanation in this guide. " * 4 + "\n\n"
        "Timeouts\n--------\n\n"
        ".. function:: timeout(delay)\n\n   Limit the time spent waiting. More text here.\n\n"
        "Empty\n-----\n\n"
        # Prose this short counts for nothing: fastify's and pino's docs failed --strict on a
        # few such sections, told to point source_dir at their code.
        "Testing\n-------\n\nSee `pino-test`.\n",
        encoding="utf-8",
    )
    (docs / "api.rst").write_text(
        "API\n===\n\n.. module:: demo\n\n"
        + "".join(f".. autofunction:: f{n}\n\n" for n in range(6)),
        encoding="utf-8",
    )
    out = tmp_path / "_site"
    code, output = run("build", "-c", str(catalog), "--out", str(out), "--no-cache")
    assert code == 0, output
    volume = orjson.loads((out / "index.json").read_bytes())["entries"][0]["volumes"]["1.0.0"]
    by_heading = {s["heading"]: s["body"] for s in volume["sections"]}
    assert by_heading["Timeouts"] == "- timeout(delay): Limit the time spent waiting."
    assert by_heading["API"] == "\n".join(f"- demo.f{n}" for n in range(6))
    assert "Empty" not in by_heading
    # Dropped: "Empty"; near-empty: the six f{n}, which are only their names.
    assert (
        "1 empty section(s) dropped, 6 near-empty API entries (under 40 characters, 54.5% of "
        "sections)"
    ) in output
    assert "most near-empty: api.rst (6)" in output
    assert "so --strict fails: if they are API entries that only name an object" in output
    code, output = run("build", "-c", str(catalog), "--out", str(out), "--no-cache", "--strict")
    assert code == 1
    assert "more than 1% of a version's sections are API entries of under 40 characters" in output
    assert "demo 1.0.0 has 6 of 11, most on api.rst (6)" in output
    assert "point the version's source_dir at the package's code" in output
    (docs / "api.rst").unlink()
    code, output = run("build", "-c", str(catalog), "--out", str(out), "--no-cache", "--strict")
    assert code == 0, output


def test_thin_section_counts_survive_the_build_cache(tmp_path: Path) -> None:
    catalog = write_catalog(tmp_path)
    docs = tmp_path / "docs"
    (docs / "api.rst").write_text("API\n===\n\n.. autofunction:: f\n\nEmpty\n-----\n")
    (docs / "other.rst").write_text("Other\n=====\n\nA page with enough text to say something.\n")
    out, cache = tmp_path / "_site", str(tmp_path / "cache")
    expected = "2 empty section(s) dropped, 1 near-empty"
    for change in ("", "the version", "one file"):
        if change == "one file":
            (docs / "other.rst").write_text(
                "Other\n=====\n\nChanged, and still long enough to count as text.\n"
            )
        code, output = run("build", "-c", str(catalog), "--out", str(out), "--cache-dir", cache)
        assert code == 0 and expected in output and "most near-empty: api.rst (1)" in output, change
