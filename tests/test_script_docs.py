"""The folders a package.json's scripts run VitePress or VuePress on."""

from __future__ import annotations

import json
from pathlib import Path

from builder.script_docs import script_docs_folders


def test_the_folder_after_the_command_is_read_and_options_are_passed_over(tmp_path: Path) -> None:
    scripts = {
        "docs": "vitepress dev packages --open",  # VueUse 14.4.0
        "docs:build": 'NODE_OPTIONS="--max-old-space-size=5120" vitepress build packages',
        "site": "vuepress build ./site && echo done",
        "port": "vitepress dev --port 3000",  # 3000 is the option's value, no folder
        "out": "vitepress build ../elsewhere",
        "top": "vitepress dev",
        "not": "vitepressed dev nope",
        "count": 3,
    }
    (tmp_path / "package.json").write_text(json.dumps({"scripts": scripts}), encoding="utf-8")
    assert script_docs_folders(tmp_path, "vitepress") == ("packages",)
    assert script_docs_folders(tmp_path, "vuepress") == ("site",)


def test_a_package_json_without_scripts_names_no_folder(tmp_path: Path) -> None:
    assert script_docs_folders(tmp_path, "vitepress") == ()
    (tmp_path / "package.json").write_text("[1, 2]", encoding="utf-8")
    assert script_docs_folders(tmp_path, "vitepress") == ()
    (tmp_path / "package.json").write_text("{not json", encoding="utf-8")
    assert script_docs_folders(tmp_path, "vitepress") == ()
