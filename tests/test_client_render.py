"""The text rendering of doc_extract's answers (client/render.py), as the CLI prints it and
MCP sends it beside the structured content."""

from __future__ import annotations

from pathlib import Path

from client.render import render_extract, render_status
from client.service import DocService
from tests.site_data_support import SITE, Clock, FakeHost, data, make_site


def record(page: str, heading: str, path: list[str]) -> dict[str, object]:
    anchor = heading.lower().replace(" ", "-")
    return {
        "heading": heading,
        "headingPath": path,
        "body": f"What {heading.lower()} says.",
        "path": f"https://docs.example/{page}.html#{anchor}",
        "anchor": anchor,
        "source": f"{page}.rst",
    }


def test_a_heading_with_no_section_of_its_own_is_shown_above_its_subsections(
    tmp_path: Path,
) -> None:
    # marshmallow's extending.rst: its title "Extending Schemas" has no text before its first
    # subheading, and the builder drops empty sections. Its subsections were printed at depth
    # 1 right after custom_fields.rst's, so they read as parts of "Custom Fields".
    records = [
        record("custom_fields", "Custom Fields", []),
        record("custom_fields", "Method Fields", ["Custom Fields"]),
        record("extending", "Pre-processing Methods", ["Extending Schemas"]),
        record("extending", "Nested hooks", ["Extending Schemas", "Pre-processing Methods"]),
        record("extending", "Custom Error Handling", ["Extending Schemas"]),
    ]
    make_site(tmp_path / "site", {"mm": {"1.0": records}})
    docs = DocService(data(tmp_path, FakeHost(tmp_path / "site", SITE), Clock(), SITE))
    text = render_extract(docs.extract("mm", "1.0", None))
    toc = text.split("Table of contents (5 headings):\n", 1)[1].split("\n\n", 1)[0]
    assert toc.splitlines()[:6] == [
        "- Custom Fields custom_fields.rst#custom-fields",
        "  - Method Fields custom_fields.rst#method-fields",
        "- Extending Schemas",
        "  - Pre-processing Methods extending.rst#pre-processing-methods",
        "    - Nested hooks extending.rst#nested-hooks",
        "  - Custom Error Handling extending.rst#custom-error-handling",
    ]


def test_a_failed_check_beside_a_fresh_copy_reads_as_both() -> None:
    # "state failed, error its last check, by another docclient process, failed, ..., fresh"
    # read as a contradiction: the copy is fresh, the site's last check failed.
    status = {
        "libraries": 1,
        "versions": 1,
        "data": {
            "sources": [
                {
                    "kind": "remote",
                    "source": "https://docs.example/",
                    "state": "failed",
                    "stale": False,
                    "error": "the last check, by another docclient process, failed",
                }
            ]
        },
        "resultCache": {"hits": 0, "misses": 0, "size": 0, "maxEntries": 10, "ttlSeconds": 60},
    }
    line = render_status(status).splitlines()[1]
    assert "copy fresh" in line and "error: the last check, by another" in line
