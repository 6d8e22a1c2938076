"""builder.projects.mintlify: a Mintlify site's pages are those its navigation lists, in its
order."""

from __future__ import annotations

import json
from pathlib import Path

from builder.projects.detect import read_project_layout
from builder.projects.mintlify import find_mintlify_config, read_mintlify
from builder.survey import survey_project

NAVIGATION = {
    "$schema": "https://mintlify.com/docs.json",
    "name": "mem0",
    "navigation": {
        "anchors": [
            {
                "anchor": "Documentation",
                "tabs": [
                    {"tab": "Start", "groups": [{"group": "Here", "pages": ["introduction"]}]},
                    {
                        "tab": "Platform",
                        "groups": [
                            {
                                "group": "Features",
                                "pages": [
                                    "platform/quickstart",
                                    {"group": "Essentials", "pages": ["/platform/add.md"]},
                                    "https://example.org/x",
                                    "../outside",
                                    "missing/page",
                                ],
                            }
                        ],
                    },
                ],
            }
        ]
    },
}


def _write(root: Path, files: dict[str, str]) -> None:
    for relpath, text in files.items():
        (root / relpath).parent.mkdir(parents=True, exist_ok=True)
        (root / relpath).write_text(text)


def test_a_mintlify_site_s_pages_are_its_navigation_s(tmp_path: Path) -> None:
    # mem0 2.0.18's docs/: its 12 authoring templates ("DO NOT COPY") and 4 snippets read as
    # pages, all in path order -> the navigation's 230 pages in its order; 2,805 sections
    # -> 2,717.
    _write(
        tmp_path,
        {
            "docs/docs.json": json.dumps(NAVIGATION),
            "docs/introduction.mdx": "# Intro\n",
            "docs/platform/quickstart.mdx": "# Quickstart\n",
            "docs/platform/add.md": "# Add\n",
            "docs/templates/cookbook_template.mdx": "# DO NOT COPY\n",
            "docs/_snippets/get-help.mdx": "Help.\n",
        },
    )
    survey = survey_project(tmp_path)
    assert (survey.kind, survey.docs) == ("mintlify", "docs")
    assert "docs/docs.json: Mintlify, pages in the order of its navigation" in survey.found
    layout = read_project_layout(tmp_path / "docs", "auto", None, tmp_path)
    assert layout.order == ("introduction.mdx", "platform/quickstart.mdx", "platform/add.md")
    assert not layout.admits("templates/cookbook_template.mdx")


def test_odd_configs_are_read_safely(tmp_path: Path) -> None:
    _write(tmp_path, {"a/docs.json": '{"navigation": []}'})  # no name, no schema: not Mintlify's
    assert find_mintlify_config(tmp_path / "a") is None
    _write(tmp_path, {"b/mint.json": "{not json"})
    assert read_mintlify(tmp_path / "b") is None
    deep = '{"pages": [' * 5_000 + '"introduction"' + "]}" * 5_000
    _write(tmp_path, {"c/mint.json": f'{{"navigation": {deep}}}', "c/introduction.mdx": ""})
    layout = read_mintlify(tmp_path / "c")  # too deep for JSON's parser or the walk: no crash
    assert layout is None or layout.order in ((), ("introduction.mdx",))
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "mint.json").write_bytes(b'{"navigation": []' + b" " * 3_000_000 + b"}")
    assert read_mintlify(tmp_path / "d") is None  # too big to read
    _write(tmp_path, {"e/mint.json": '{"navigation": [{"pages": ["x\\u0000y", 7, null]}]}'})
    empty = read_mintlify(tmp_path / "e")
    assert empty is not None and empty.order == () and not empty.only_listed


def test_a_navigation_entry_longer_than_a_file_name_can_be_is_no_page(tmp_path: Path) -> None:
    pages = ["a" * 300, "b/" * 3_000, "introduction"]
    _write(tmp_path, {"mint.json": json.dumps({"navigation": [{"pages": pages}]})})
    _write(tmp_path, {"introduction.mdx": ""})
    layout = read_mintlify(tmp_path)
    assert layout is not None and layout.order == ("introduction.mdx",)
