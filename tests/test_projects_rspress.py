"""builder.projects.rspress and builder.survey_rspress: an Rspress site's pages are its
language folder's, in the order of its _nav.json and _meta.json files."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from builder.projects.detect import complete_layout, read_project_layout
from builder.projects.layout import ProjectLayout
from builder.projects.rspress import read_rspress
from builder.sources import Candidate
from builder.survey import survey_project


def project_listing_of(layout: ProjectLayout, candidates: list[Candidate]) -> list[str]:
    """The candidates the layout's exclude leaves."""
    return [c.relpath for c in candidates if not re.fullmatch(layout.exclude, c.relpath)]


def _write(root: Path, files: dict[str, object]) -> None:
    for relpath, content in files.items():
        (root / relpath).parent.mkdir(parents=True, exist_ok=True)
        text = content if isinstance(content, str) else json.dumps(content)
        (root / relpath).write_text(text)


# rsbuild's website/ in small: English and Chinese folders, a navigation bar, sidebars.
SITE: dict[str, object] = {
    "website/package.json": {"devDependencies": {"@rspress/core": "2.0.0"}},
    "website/README.md": "# Run the site\n\npnpm dev\n",
    "website/docs/en/_nav.json": [
        {"text": "Guide", "link": "/guide/start/", "activeMatch": "/guide/"},
        {"text": "Config", "link": "/config/"},
        {"text": "More", "items": [{"text": "Changelog", "link": "https://example.com/"}]},
    ],
    "website/docs/en/index.mdx": "---\npageType: home\n---\n\nWelcome.\n",
    "website/docs/en/guide/_meta.json": [
        {"type": "dir-section-header", "name": "start", "label": "Start"},
        {"type": "dir-section-header", "name": "advanced", "label": "Advanced"},
    ],
    "website/docs/en/guide/start/_meta.json": ["index", "quick-start", "features"],
    "website/docs/en/guide/start/index.mdx": "# Introduction\n",
    "website/docs/en/guide/start/features.mdx": "# Features\n",
    "website/docs/en/guide/start/quick-start.mdx": "# Quick start\n",
    "website/docs/en/guide/advanced/alias.mdx": "# Alias\n",
    "website/docs/en/guide/advanced/ssr.md": "# SSR\n",
    "website/docs/en/guide/advanced/index.mdx": "# Advanced\n",
    "website/docs/en/config/_meta.json": [
        {"type": "section-header", "label": "Overview"},
        {"type": "file", "name": "index", "label": "Config overview"},
        {"type": "divider"},
        "root.mdx",
        "mode",
        {"type": "custom-link", "label": "Rspack", "link": "https://rspack.rs/"},
        {"type": "dir", "name": "dev", "label": "Dev options"},
        {"type": "dir", "name": "output"},
        "gone",
    ],
    "website/docs/en/config/index.mdx": "Options.\n",
    "website/docs/en/config/mode.mdx": "# mode\n",
    "website/docs/en/config/root.mdx": "# root\n",
    "website/docs/en/config/dev.mdx": "# Dev options\n",
    "website/docs/en/config/dev/hmr.mdx": "# dev.hmr\n",
    "website/docs/en/config/dev/client.mdx": "# dev.client\n",
    "website/docs/en/config/output/index.mdx": "# Output options\n",
    "website/docs/en/config/output/target.mdx": "# output.target\n",
    "website/docs/en/shared/onExit.mdx": "Called when the process exits.\n",
    "website/docs/zh/_nav.json": [{"text": "指南", "link": "/guide/start/"}],
    "website/docs/zh/guide/start/index.mdx": "# 介绍\n",
}


def test_an_rspress_site_s_pages_come_in_its_sidebars_order(tmp_path: Path) -> None:
    # rsbuild (Rspress 2) website/: read as a folder of Markdown, in path order, its guide
    # began with its advanced topics, its config pages with dev/, and the site's README was a
    # page -> English's folder, each sidebar the navigation bar opens in its _meta.json order.
    _write(tmp_path, SITE)
    survey = survey_project(tmp_path)
    assert (survey.kind, survey.docs) == ("rspress", "website/docs/en")
    assert (
        "website/package.json: Rspress, pages in website/docs/en/ in the order of its "
        "_meta.json files"
    ) in survey.found
    docs = tmp_path / "website" / "docs" / "en"
    layout = read_project_layout(docs, "auto", None, tmp_path)
    assert layout.kind == "rspress"
    assert layout.order == (
        "index.mdx",
        "guide/start/index.mdx",
        "guide/start/quick-start.mdx",
        "guide/start/features.mdx",
        # No _meta.json: the index first, then by name; a section header shows no link page.
        "guide/advanced/index.mdx",
        "guide/advanced/alias.mdx",
        "guide/advanced/ssr.md",
        "config/index.mdx",
        "config/root.mdx",
        "config/mode.mdx",
        "config/dev.mdx",  # the page of the folder's name is its group's link
        "config/dev/client.mdx",
        "config/dev/hmr.mdx",
        "config/output/index.mdx",  # else its index
        "config/output/target.mdx",
    )
    assert dict(layout.titles) == {"config/index.mdx": "Config overview"}
    candidates = [
        Candidate(path.relative_to(docs).as_posix(), path) for path in sorted(docs.rglob("*.md*"))
    ]
    completed = complete_layout(layout, candidates)
    assert "1 page(s) not in sidebar, listed after it: shared/onExit.mdx" in completed.notes


def test_the_pages_route_exclude_leaves_out_are_no_pages(tmp_path: Path) -> None:
    # rsbuild's website/rstack.config.ts: route.exclude ['**/zh/shared/**', '**/en/shared/**'],
    # the fragments its pages import (hooks.mdx's <OnExit />); each read as a page of its own
    # too, 20 of them.
    _write(tmp_path, SITE)
    _write(
        tmp_path,
        {
            "website/rstack.config.ts": (
                "define.doc({\n  route: {\n    cleanUrls: true,\n"
                "    // exclude: ['**/guide/**'],\n"
                "    exclude: ['**/zh/shared/**', '**/en/shared/**', 'components/**'],\n  },\n"
                "  themeConfig: { exclude: ['config/**'] },\n})\n"
            ),
        },
    )
    docs = tmp_path / "website" / "docs" / "en"
    layout = read_project_layout(docs, "auto", None, tmp_path)
    assert layout.exclude_patterns == ("**/zh/shared/**", "shared/**", "**/en/shared/**")
    candidates = [
        Candidate(path.relative_to(docs).as_posix(), path) for path in sorted(docs.rglob("*.md*"))
    ]
    kept = project_listing_of(layout, candidates)
    assert "shared/onExit.mdx" not in kept and "config/root.mdx" in kept
    assert "guide/start/index.mdx" in kept  # the commented-out exclude is none


def test_a_sidebar_at_the_top_and_rspress_1_s_navigation_bar(tmp_path: Path) -> None:
    site: dict[str, object] = {
        "one/_meta.json": ["intro", {"type": "dir", "name": "api"}],
        "one/intro.md": "# Intro\n",
        "one/api/_meta.json": ["index", "b", "a"],
        "one/api/index.md": "# API\n",
        "one/api/a.md": "# A\n",
        "one/api/b.md": "# B\n",
        # Rspress 1 kept the navigation bar in the top folder's _meta.json.
        "two/_meta.json": [{"text": "API", "link": "/api/"}, {"text": "Guide", "link": "/guide/"}],
        "two/guide/_meta.json": ["z", "y"],
        "two/guide/y.md": "# Y\n",
        "two/guide/z.md": "# Z\n",
        "two/api/_meta.json": ["only"],
        "two/api/only.md": "# Only\n",
    }
    _write(tmp_path, site)
    one = read_rspress(tmp_path / "one")
    assert one is not None and one.config_file == "_meta.json"
    # The index _meta.json names is a page of its sidebar, not the group's link twice.
    assert one.order == ("intro.md", "api/index.md", "api/b.md", "api/a.md")
    two = read_rspress(tmp_path / "two")
    assert two is not None and two.order == ("api/only.md", "guide/z.md", "guide/y.md")


def test_odd_files_are_read_safely_and_nextra_s_meta_is_not_rspress(tmp_path: Path) -> None:
    assert read_rspress(tmp_path) is None  # nothing of Rspress
    _write(tmp_path, {"nextra/_meta.json": {"index": "Welcome"}, "nextra/index.md": "# W\n"})
    assert read_rspress(tmp_path / "nextra") is None
    assert read_project_layout(tmp_path / "nextra", "auto", None, tmp_path).kind == "nextra"
    odd: dict[str, object] = {
        "odd/_meta.json": [
            7,
            None,
            {"type": "file"},
            {"type": "file", "name": "../outside"},
            {"type": "dir", "name": "missing"},
            {"type": "unknown", "name": "page"},
            "page",
        ],
        "odd/page.md": "# Page\n",
        "odd/sub/_meta.json": "[not json",
        "odd/sub/x.md": "# X\n",
        "outside.md": "# Outside\n",
    }
    _write(tmp_path, odd)
    layout = read_rspress(tmp_path / "odd")
    assert layout is not None and layout.order == ("page.md",)
    (tmp_path / "odd" / "loop").symlink_to(tmp_path / "odd")
    looped = read_rspress(tmp_path / "odd")
    assert looped is not None and looped.order == ("page.md",)
    broken = read_rspress(tmp_path / "odd" / "sub")
    assert broken is None  # its only _meta.json is no list


def test_a_dir_entry_names_only_a_folder_below_its_own(tmp_path: Path) -> None:
    # A "dir" entry "." read its own folder again, each visit a fan-out of its entries to
    # MAX_FOLDER_DEPTH (three of them: 531,441 reads, 22 s; six: hours), and "../.." or a
    # path through a link walked folders outside the docs, listing their pages.
    _write(
        tmp_path,
        {
            "outside/away.md": "# Away\n",
            "docs/_meta.json": [
                "index",
                {"type": "dir", "name": "guide"},
                {"type": "dir", "name": "../outside"},
                {"type": "dir", "name": str(tmp_path / "outside")},
                {"type": "dir", "name": "linked/inner"},
            ],
            "docs/index.md": "# Home\n",
            "docs/guide/_meta.json": [*[{"type": "dir", "name": "."}] * 3, "start"],
            "docs/guide/start.md": "# Start\n",
            "elsewhere/inner/far.md": "# Far\n",
        },
    )
    (tmp_path / "docs" / "linked").symlink_to(tmp_path / "elsewhere")
    layout = read_rspress(tmp_path / "docs")
    assert layout is not None and layout.order == ("index.md", "guide/start.md")


def test_a_config_of_lists_left_open_is_read_in_linear_time(tmp_path: Path) -> None:
    """The exclude list was read by a pattern that ran to the config's end from each
    "exclude: [" left open (quadratic: a config of 100,000 of them, within MAX_CONFIG_BYTES,
    some minutes). The subprocess's timeout guards against that hang; it is no timing."""
    _write(
        tmp_path,
        {
            "site/rspress.config.ts": "route: {" + "exclude:[" * 100_000 + "}",
            "site/docs/_meta.json": ["index"],
            "site/docs/index.md": "# Home\n",
        },
    )
    script = (
        "import sys\nfrom pathlib import Path\n"
        "from builder.projects.rspress import read_rspress\n"
        "layout = read_rspress(Path(sys.argv[1]) / 'site' / 'docs')\n"
        "print(layout.order, layout.exclude_patterns)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path)],
        capture_output=True, text=True, timeout=60, check=True, cwd=Path(__file__).parent.parent,
    )  # fmt: skip
    assert done.stdout == "('index.md',) ()\n"
