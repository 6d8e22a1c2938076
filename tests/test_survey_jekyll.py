"""builder.survey_jekyll: init reads a Jekyll site's HTML pages too, not its templates."""

from __future__ import annotations

from pathlib import Path

from builder.survey import survey_project
from builder.survey_jekyll import NO_PAGES, JekyllSite, jekyll_site


def _write(root: Path, files: dict[str, str]) -> None:
    for relpath, text in files.items():
        (root / relpath).parent.mkdir(parents=True, exist_ok=True)
        (root / relpath).write_text(text)


def test_a_jekyll_site_s_html_pages_are_pages(tmp_path: Path) -> None:
    # Leaflet 2.0.0-alpha.1's docs/: its API reference, reference.html and
    # reference-2.0.0.html, left out -> 673 sections; the build 919 sections -> 1,605.
    _write(
        tmp_path,
        {
            "docs/_config.yml": "exclude: [reference-tpl.html, build, vendor/bundle]\n",
            "docs/_layouts/v2.html": "<html>{{ content }}</html>\n",
            "docs/_includes/frame.html": "<iframe></iframe>\n",
            "docs/reference.html": "---\ntitle: Documentation\n---\n<h2>Map</h2>\n",
            "docs/reference-tpl.html": "---\n---\n{{ body }}\n",
            "docs/index.md": "# Leaflet\n",
            "docs/examples/quick.md": "# Quick start\n",
        },
    )
    survey = survey_project(tmp_path)
    assert survey.docs == "docs"
    assert "docs/_config.yml: Jekyll, its Markdown and HTML pages, not its templates" in (
        survey.found
    )
    assert {"**/*.md", "**/*.html"} <= set(survey.include)
    assert {*NO_PAGES, "reference-tpl.html"} <= set(survey.exclude)
    assert "build" not in survey.exclude  # not in the site


def test_a_config_without_jekyll_or_with_odd_entries_is_read_safely(tmp_path: Path) -> None:
    _write(tmp_path, {"a/_config.yml": "title: A book\n", "a/index.md": "# A\n"})
    assert jekyll_site(tmp_path / "a") is None  # no sign of Jekyll (a Jupyter Book's)
    _write(tmp_path, {"b/_config.yml": "title: B\n", "b/Gemfile": 'gem "github-pages"\n'})
    assert jekyll_site(tmp_path / "b") is not None
    entries = "[../../etc, /etc, '', 7, '*.tmp', 'x\\0y', " + "z, " * 5000 + "]"
    _write(tmp_path, {"c/_config.yml": f"theme: minima\nexclude: {entries}\n"})
    site = jekyll_site(tmp_path / "c")
    assert site is not None and site.exclude == (*NO_PAGES, "*.tmp")
    _write(tmp_path, {"d/_config.yml": "exclude: [\n: :\n", "d/_layouts/x.html": ""})
    assert jekyll_site(tmp_path / "d") == JekyllSite("_config.yml", NO_PAGES)
    (tmp_path / "e").mkdir()
    (tmp_path / "e" / "_config.yml").write_bytes(b"a: &a [*a]\n" + b"#" * 3_000_000)
    (tmp_path / "e" / "Gemfile").write_bytes(b"#" * 3_000_000 + b"jekyll")
    assert jekyll_site(tmp_path / "e") is None  # too big to read: no sign seen
    assert jekyll_site(tmp_path / "missing") is None
