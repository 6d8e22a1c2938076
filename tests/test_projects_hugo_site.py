"""builder.projects.hugo_site: init reads a Hugo site's content folder, not its themes'
templates."""

from __future__ import annotations

from pathlib import Path

from builder.projects.hugo_site import hugo_docs
from builder.survey import survey_project

TEMPLATE = '<h1>{{ i18n "error_page_title" }}</h1>\n<p>{{ .Site.Home.Permalink }}</p>\n'


def _write(root: Path, files: dict[str, str]) -> None:
    for relpath, text in files.items():
        (root / relpath).parent.mkdir(parents=True, exist_ok=True)
        (root / relpath).write_text(text)


def test_a_hugo_site_s_pages_are_its_content_folder(tmp_path: Path) -> None:
    # prometheus client_python 0.25.0's docs/: 51 sections of hugo-geekdoc's templates and
    # none of its 29 pages -> 130 sections, every page.
    theme = {f"docs/themes/geekdoc/layouts/p{n}.html": TEMPLATE for n in range(40)}
    _write(
        tmp_path,
        {
            "docs/hugo.toml": 'baseURL = "http://localhost"\ntheme = "geekdoc"\n',
            "docs/archetypes/default.md": "---\ntitle: {{ .Name }}\n---\n",
            "docs/content/_index.md": "---\ntitle: client\n---\n\nHello.\n",
            "docs/content/instrumenting/counter.md": "---\ntitle: Counter\nweight: 1\n---\n",
            **theme,
        },
    )
    survey = survey_project(tmp_path)
    assert (survey.kind, survey.docs) == ("hugo", "docs/content")
    assert "docs/hugo.toml: Hugo, pages in docs/content/ in the order of their weights" in (
        survey.found
    )
    assert survey.include == ("**/*.md",)


def test_a_multilingual_site_s_pages_are_its_default_language_s(tmp_path: Path) -> None:
    # Docsy's example site: config/_default/hugo.yaml, each language's content folder.
    _write(
        tmp_path,
        {
            "website/config/_default/hugo.yaml": (
                "defaultContentLanguage: en\nlanguages:\n"
                "  en: {contentDir: content/en}\n  fa: {contentDir: content/fa}\n"
            ),
            "website/content/en/_index.md": "# Home\n",
            "website/content/fa/_index.md": "# Home\n",
        },
    )
    assert hugo_docs(tmp_path, "website") == (
        "website/config/_default/hugo.yaml",
        "website/content/en",
    )


def test_a_config_that_is_not_hugo_s_or_leads_away_is_none(tmp_path: Path) -> None:
    # config.toml is many tools' name: Hugo's only when it names a theme or a baseURL.
    _write(tmp_path, {"a/config.toml": "[tool]\nx = 1\n", "a/content/x.md": "# X\n"})
    assert hugo_docs(tmp_path, "a") is None
    # A content folder outside the site, or a link out of it, is never read.
    _write(tmp_path, {"b/hugo.toml": 'contentDir = "../a/content"\n'})
    assert hugo_docs(tmp_path, "b") is None
    _write(tmp_path, {"c/hugo.json": '{"contentDir": "/etc"}'})
    assert hugo_docs(tmp_path, "c") is None
    _write(tmp_path, {"d/hugo.toml": 'theme = "x"\n'})
    (tmp_path / "d" / "content").symlink_to(tmp_path / "a" / "content")
    assert hugo_docs(tmp_path, "d") is None
    # Malformed, empty, huge, cyclic or a folder where the file should be: no site, no crash.
    _write(tmp_path, {"e/hugo.toml": "theme = [\n", "e/content/x.md": "# X\n"})
    assert hugo_docs(tmp_path, "e") is None
    _write(tmp_path, {"f/hugo.yaml": "a: &a [*a]\nb: : :\n", "f/content/x.md": "# X\n"})
    assert hugo_docs(tmp_path, "f") is None
    _write(tmp_path, {"g/hugo.json": "[" * 100_000, "g/content/x.md": "# X\n"})
    assert hugo_docs(tmp_path, "g") is None
    (tmp_path / "h" / "content").mkdir(parents=True)
    (tmp_path / "h" / "hugo.toml").write_bytes(b"#" * 3_000_000)
    assert hugo_docs(tmp_path, "h") is None
    (tmp_path / "i" / "hugo.toml").mkdir(parents=True)
    assert hugo_docs(tmp_path, "i") is None
    assert hugo_docs(tmp_path, "missing") is None
    # An empty hugo.toml is Hugo's defaults: the content folder.
    _write(tmp_path, {"j/hugo.toml": "", "j/content/x.md": "# X\n"})
    assert hugo_docs(tmp_path, "j") == ("j/hugo.toml", "j/content")


def test_a_content_folder_named_longer_than_a_file_name_can_be_is_none(tmp_path: Path) -> None:
    _write(tmp_path, {"a/hugo.toml": f'contentDir = "{"c" * 300}"\n'})
    assert hugo_docs(tmp_path, "a") is None


def test_a_default_language_that_is_no_name_is_hugo_s_default(tmp_path: Path) -> None:
    config = 'theme = "x"\ndefaultContentLanguage = ["en"]\n[languages.en]\ncontentDir = "c"\n'
    _write(tmp_path, {"a/hugo.toml": config, "a/content/x.md": "# X\n"})
    assert hugo_docs(tmp_path, "a") == ("a/hugo.toml", "a/content")


def test_a_content_folder_in_a_linked_folder_that_leads_away_is_none(tmp_path: Path) -> None:
    _write(tmp_path, {"outside/en/secret.md": "# Secret\n", "a/hugo.toml": 'theme = "x"\n'})
    (tmp_path / "a" / "link").symlink_to(tmp_path / "outside")
    _write(tmp_path, {"a/hugo.toml": 'theme = "x"\ncontentDir = "link/en"\n'})
    assert hugo_docs(tmp_path, "a") is None
