"""Vocs sites: init reads a site's pages/ folder (builder.survey_vocs), and the sidebar of its
vocs.config.* orders them (builder.projects.vocs), read without running the config."""

from __future__ import annotations

from pathlib import Path

from builder.config import VersionConfig
from builder.projects import project_listing
from builder.survey import survey_project

# viem 2.55.19's site/vocs.config.ts, cut down: one sidebar per part of the site.
CONFIG = """\
import { defineConfig } from 'vocs'
import pkg from '../src/package.json' with { type: 'json' }

export default defineConfig({
  title: 'Viem',
  sidebar: {
    '/docs/': [
      {
        text: 'Introduction',
        items: [
          { text: 'Why Viem', link: '/docs/introduction' },
          { text: 'Getting Started', link: '/docs/getting-started' },
        ],
      },
      { text: 'Clients', items: [{ text: 'Public Client', link: '/docs/clients/public' }] },
      { text: 'GitHub', link: 'https://github.com/wevm/viem' },
    ],
    '/account-abstraction/': [{ text: 'Overview', link: '/account-abstraction' }],
  },
})
"""

PAGES = {
    "site/vocs.config.ts": CONFIG,
    "site/snippets/publicClient.ts": "export const publicClient = 1\n",
    "site/pages/index.mdx": "# Viem\n",
    "site/pages/account-abstraction.mdx": "# Account Abstraction\n",
    "site/pages/account-abstraction/accounts.md": "# Accounts\n",
    "site/pages/docs/introduction.md": "# Why Viem\n",
    "site/pages/docs/getting-started.mdx": "# Getting Started\n",
    "site/pages/docs/clients/public.md": "# Public Client\n",
    "examples/README.md": "# Examples\n",
    "src/package.json": '{"name": "viem", "version": "2.55.19"}',
    "README.md": "# viem\n",
}


def _write(root: Path, files: dict[str, str]) -> None:
    for relpath, text in files.items():
        (root / relpath).parent.mkdir(parents=True, exist_ok=True)
        (root / relpath).write_text(text, encoding="utf-8")


def test_init_reads_a_vocs_sites_pages(tmp_path: Path) -> None:
    # viem 2.55.19: init read the whole repository, 668 Markdown files (its examples' READMEs,
    # .github's templates), in path order; its site's pages/ holds 635.
    _write(tmp_path, PAGES)
    survey = survey_project(tmp_path)
    assert (survey.kind, survey.docs) == ("vocs", "site/pages")
    assert "site/vocs.config.ts: Vocs, pages in site/pages/ in the order of its sidebar" in (
        survey.found
    )


def test_the_sidebar_orders_the_pages(tmp_path: Path) -> None:
    _write(tmp_path, PAGES)
    pages = tmp_path / "site" / "pages"
    config = VersionConfig("1.0.0", pages, None, None, (), (), None, None, project="auto")
    layout, listing = project_listing(config)
    assert (layout.kind, layout.config_file) == ("vocs", "../vocs.config.ts")
    assert [c.relpath for c in listing.candidates] == [
        "docs/introduction.md",
        "docs/getting-started.mdx",
        "docs/clients/public.md",
        "account-abstraction.mdx",
        "index.mdx",
        "account-abstraction/accounts.md",
    ]
    assert layout.notes == (
        "2 page(s) not in sidebar, listed after it: account-abstraction/accounts.md, index.mdx",
    )


def test_a_pages_folder_without_a_vocs_config_is_no_vocs_site(tmp_path: Path) -> None:
    _write(tmp_path, {"site/pages/a.md": "# A\n", "site/next.config.js": "module.exports = {}\n"})
    pages = tmp_path / "site" / "pages"
    config = VersionConfig("1.0.0", pages, None, None, (), (), None, None, project="auto")
    layout, _ = project_listing(config)
    assert layout.kind != "vocs"
