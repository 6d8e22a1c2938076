"""builder.workspace_docs: a monorepo's docs site among its workspace members."""

from __future__ import annotations

import json
from pathlib import Path

from builder.survey import survey_project
from builder.workspace_docs import workspace_docs_folders
from tests.test_survey_starlight import CONFIG, _write


def test_a_monorepo_s_starlight_docs_package_is_found(tmp_path: Path) -> None:
    # knip (Aug 2026): its Starlight site is packages/docs, a pnpm workspace member; init
    # read the project's top as plain Markdown, its packages' READMEs and changelogs too.
    _write(
        tmp_path,
        {
            "package.json": json.dumps({"name": "@knip/root", "workspaces": ["packages/*"]}),
            "README.md": "# knip\n",
            "packages/knip/README.md": "# knip\n",
            "packages/docs/astro.config.ts": CONFIG,
            "packages/docs/src/content/docs/index.mdx": "---\ntitle: Home\n---\n\nWelcome.\n",
        },
    )
    survey = survey_project(tmp_path)
    where = (
        "packages/docs/astro.config.ts: Astro Starlight, pages in packages/docs/src/content/docs/"
    )
    assert f"{where} in the order of its sidebar" in survey.found
    assert "packages/docs/src/content/docs/**/*.mdx" in survey.include  # with the README
    assert not any(pattern.startswith("packages/knip") for pattern in survey.include)


def test_members_from_package_json_and_pnpm_workspace_named_like_docs(tmp_path: Path) -> None:
    for folder in ("apps/website", "apps/web", "tools/docs", "packages/site", "outside/docs"):
        (tmp_path / "repo" / folder).mkdir(parents=True)
    root = tmp_path / "repo"
    (root / "package.json").write_text(
        json.dumps({"workspaces": {"packages": ["apps/*", "../outside/*", "tools/d?cs", 7]}})
    )
    (root / "pnpm-workspace.yaml").write_text(
        "packages:\n  - 'packages/*' # the libraries\n\n  - \"!packages/site\"\n"
        "  - tools/docs\n  - /etc/*\ncatalog:\n  - apps/web\n"
    )
    assert workspace_docs_folders(root) == ("apps/website", "packages/site", "tools/docs")
    # A member that is a link out of the project is none; broken files are no members.
    (root / "apps" / "docs").symlink_to(tmp_path / "outside" / "docs")
    (root / "package.json").write_text("{" * 100_000)
    (root / "pnpm-workspace.yaml").write_text("packages:\n" + "  - apps/*\n" * 100_000)
    assert workspace_docs_folders(root) == ("apps/website",)


def test_a_package_json_nested_too_deep_for_json_names_no_member(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "package.json").write_text("[" * 200_000 + "]" * 200_000)
    assert workspace_docs_folders(tmp_path) == ()


def test_a_member_named_as_the_site_s_address_holds_its_hugo_site(tmp_path: Path) -> None:
    # docsy (Aug 2026): its user guide is the Hugo site docsy.dev/, a workspace member beside
    # theme/; init read the project's top, the theme's 97 HTML templates as pages.
    _write(
        tmp_path,
        {
            "package.json": json.dumps({"name": "docsy", "workspaces": ["docsy.dev", "theme"]}),
            "theme/layouts/_default/baseof.html": "<html><body>{{ block }}</body></html>\n",
            "theme/layouts/docs/list.html": "<html><body><h1>{{ .Title }}</h1></body></html>\n",
            "docsy.dev/config/_default/hugo.yaml": "baseURL: https://www.docsy.dev\n",
            "docsy.dev/content/en/_index.md": "---\ntitle: Docsy\n---\n\nA theme.\n",
            "docsy.dev/content/en/docs/get-started.md": "---\ntitle: Get started\n---\n",
        },
    )
    survey = survey_project(tmp_path)
    assert (survey.kind, survey.docs) == ("hugo", "docsy.dev/content")
    # From a glob too, among the folder's entries; never a file, nor a folder outside.
    (tmp_path / "sites" / "example.org").mkdir(parents=True)
    (tmp_path / "sites" / "notes.txt").write_text("x")
    (tmp_path / "sites" / "www.a-b.io").symlink_to(tmp_path.parent)
    (tmp_path / "package.json").write_text(json.dumps({"workspaces": ["sites/*", "*"]}))
    assert workspace_docs_folders(tmp_path) == ("sites/example.org", "docsy.dev")
    # A glob whose folder holds a NUL names none (os.scandir raised ValueError).
    (tmp_path / "package.json").write_text(json.dumps({"workspaces": ["a\0b/*", "docs\0"]}))
    assert workspace_docs_folders(tmp_path) == ()
