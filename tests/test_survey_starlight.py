"""builder.survey_starlight: init reads an Astro Starlight site's src/content/docs."""

from __future__ import annotations

from pathlib import Path

from builder.survey import survey_project
from builder.survey_starlight import starlight_docs

CONFIG = (
    "import { defineConfig } from 'astro/config';\n"
    "import starlight from '@astrojs/starlight';\n\n"
    "export default defineConfig({ integrations: [starlight({ title: 'Docs' })] });\n"
)


def _write(root: Path, files: dict[str, str]) -> None:
    for relpath, text in files.items():
        (root / relpath).parent.mkdir(parents=True, exist_ok=True)
        (root / relpath).write_text(text)


def test_a_starlight_site_s_pages_are_its_content_docs(tmp_path: Path) -> None:
    # Starlight 0.41.7's docs/ (443 sections -> 437: its README and grammars no pages);
    # expressive-code 0.44's, 564 -> 460 (its TypeDoc templates, copies of its pages);
    # biome's website, 5,957 -> 5,926 (src/components' partials no pages).
    _write(
        tmp_path,
        {
            "docs/astro.config.mjs": CONFIG,
            "docs/README.md": "# The website\n\nRun pnpm dev.\n",
            "docs/src/components/partial.md": "Shown inside a page.\n",
            "docs/src/content/docs/index.mdx": "---\ntitle: Home\n---\n\nWelcome.\n",
            "docs/src/content/docs/guides/start.md": "# Start\n",
            "docs/scripts/templates/start.md": "# Start\n",
        },
    )
    survey = survey_project(tmp_path)
    assert (survey.kind, survey.docs) == ("starlight", "docs/src/content/docs")
    found = "docs/astro.config.mjs: Astro Starlight, pages in docs/src/content/docs/"
    assert f"{found} in the order of its sidebar" in survey.found
    assert "**/*.mdx" in survey.include


def test_an_astro_site_without_starlight_or_its_content_folder_is_none(tmp_path: Path) -> None:
    _write(tmp_path, {"astro.config.ts": "export default {};\n", "src/content/docs/a.md": "A"})
    assert starlight_docs(tmp_path, ".") is None  # Astro, not Starlight
    _write(tmp_path / "site", {"astro.config.mjs": CONFIG})
    assert starlight_docs(tmp_path, "site") is None  # no src/content/docs
    (tmp_path / "site" / "src" / "content").mkdir(parents=True)
    (tmp_path / "site" / "src" / "content" / "docs").symlink_to(tmp_path)
    assert starlight_docs(tmp_path, "site") is None  # a link out of the site
    (tmp_path / "big").mkdir()
    (tmp_path / "big" / "astro.config.js").write_bytes(b" " * 3_000_000 + CONFIG.encode())
    (tmp_path / "big" / "src" / "content" / "docs").mkdir(parents=True)
    assert starlight_docs(tmp_path, "big") is None  # the import past the bytes read
    assert starlight_docs(tmp_path, "missing") is None
