"""builder.survey_html: an app's empty HTML shell and a coverage report are no docs folder, so
an npm package that ships them beside its README is read from its README (hotkeys-js 4.1.2)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from builder.survey import survey_project
from builder.survey_html import holds_text, shown_text

_SHELL = (
    "<!DOCTYPE html><html lang='en'><head><meta charset='UTF-8' /><title>hotkeys.js</title>"
    "<script type='module' src='./assets/index.js'></script></head>\n"
    "<body>\n  <div id='root'></div>\n  <!-- the demo -->\n</body></html>\n"
)


def test_a_shell_holds_no_text_and_a_page_does(tmp_path: Path) -> None:
    shell = tmp_path / "index.html"
    shell.write_text(_SHELL, encoding="utf-8")
    page = tmp_path / "guide.html.gz"
    page.write_bytes(gzip.compress(b"<html><body><p>Install it.</p></body></html>"))
    assert not holds_text(shell)
    assert holds_text(page)
    assert not holds_text(tmp_path / "missing.html")


def test_an_npm_package_with_a_demo_shell_and_coverage_report_is_read_from_its_readme(
    tmp_path: Path,
) -> None:
    (tmp_path / "package.json").write_text(
        json.dumps({"name": "hotkeys-js", "version": "4.1.2"}), encoding="utf-8"
    )
    (tmp_path / "README.md").write_text("# Hotkeys\n\n## Usage\n\nBind keys.\n", encoding="utf-8")
    doc = tmp_path / "doc"
    (doc / "lcov-report").mkdir(parents=True)
    (doc / "index.html").write_text(_SHELL, encoding="utf-8")
    for name in ("index.html", "hotkeys-js.umd.cjs.html"):
        (doc / "lcov-report" / name).write_text(
            "<html><body><h1>All files hotkeys-js.umd.cjs</h1><pre>1 2 3</pre></body></html>",
            encoding="utf-8",
        )
    survey = survey_project(tmp_path)
    assert (survey.kind, survey.docs, survey.include) == ("markdown", ".", ("**/*.md",))
    assert "lcov-report" in survey.exclude


def test_the_html_built_from_the_folders_markdown_leaves_the_markdown_the_docs(
    tmp_path: Path,
) -> None:
    # npm 11.21.3 ships docs/content/**/*.md and docs/output/**/*.html built from them, one
    # more HTML page than Markdown ones.
    (tmp_path / "package.json").write_text(
        json.dumps({"name": "npm", "version": "11.21.3"}), encoding="utf-8"
    )
    (tmp_path / "README.md").write_text("# npm\n\nThe package manager.\n", encoding="utf-8")
    content, output = tmp_path / "docs" / "content", tmp_path / "docs" / "output"
    content.mkdir(parents=True)
    output.mkdir(parents=True)
    for name in ("npm-install", "npm-ci"):
        (content / f"{name}.md").write_text(f"---\ntitle: {name}\n---\n\nText.\n", "utf-8")
        (output / f"{name}.html").write_text(f"<html><body><h1>{name}</h1></body></html>", "utf-8")
    (output / "index.html").write_text("<html><body><h1>npm</h1></body></html>", "utf-8")
    survey = survey_project(tmp_path)
    assert (survey.kind, survey.include) == ("markdown", ("/README.md", "docs/**/*.md"))


def test_shown_text_reads_tags_elements_and_comments() -> None:
    html = (
        "<html><HEAD><title>t</title></head><body><p>One</p><!-- c --><SCRIPT>x</script >"
        "<script>open, read as a tag</p> two <!-- open 3 < 4"
    )
    assert shown_text(html).split() == [
        "One",
        "open,",
        "read",
        "as",
        "a",
        "tag",
        "two",
        "<!--",
        "open",
        "3",
        "<",
        "4",
    ]
    assert shown_text("<!-->").split() == []
    assert shown_text("a < b").split() == ["a", "<", "b"]


def test_unclosed_tags_are_read_in_one_pass() -> None:
    # Each '<' made the regex read to the end of the file: a megabyte of them took minutes.
    for html in ("<" * 1_000_000, "<script " * 200_000, "<!--" * 250_000, "<a <b" * 200_000):
        assert shown_text(html).strip()


def test_a_template_is_no_page_and_a_page_about_templates_is(tmp_path: Path) -> None:
    templates = {
        "statement.html": '{% extends "base.html" %}<h1>Databases</h1><p>{{ count }}</p>',
        "expression.html": "<p>Powered by Datasette {{ version }}</p>",
        "comment.html": "{# -*- engine: jinja -*- #}\n<div><p>Functions</p></div>",
    }
    for name, text in templates.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
        assert not holds_text(tmp_path / name), name
    page = tmp_path / "templates.html"
    page.write_text(
        "<html><body><p>Loop with <code>{% for x in items %}</code>:</p>"
        "<PRE class='highlight'>{{ x.name }}\n{# note #}</pre><p>Done.</p></body></html>",
        encoding="utf-8",
    )
    assert holds_text(page)
    # Hostile pages: a code element left open hides the rest (it is still a page), and
    # thousands of closed ones are each read once.
    unclosed = tmp_path / "unclosed.html"
    unclosed.write_text("<p>Text</p><pre>" + "{% if x %}<code>" * 50_000, encoding="utf-8")
    assert holds_text(unclosed)
    many = tmp_path / "many.html"
    many.write_text("<p>Text</p>" + "<code>{{ a }}</code>" * 50_000 + "{{ b }}", "utf-8")
    assert not holds_text(many)


def test_a_package_with_its_templates_beside_its_readme_is_read_from_its_readme(
    tmp_path: Path,
) -> None:
    # datasette 0.65.5's source archive: README.md and datasette/templates/*.html, Jinja
    # templates that showed text; read as HTML docs, the README was left out and 19
    # templates were the docs' pages.
    (tmp_path / "setup.py").write_text("from setuptools import setup\nsetup()\n", "utf-8")
    (tmp_path / "README.md").write_text("# Datasette\n\n## Installation\n\nRun it.\n", "utf-8")
    templates = tmp_path / "datasette" / "templates"
    templates.mkdir(parents=True)
    (tmp_path / "datasette" / "__init__.py").write_text("", encoding="utf-8")
    for name in ("base.html", "index.html", "table.html"):
        (templates / name).write_text(
            '{% extends "base.html" %}{% block content %}<h1>{{ name }}</h1>'
            "<p>Powered by Datasette</p>{% endblock %}",
            encoding="utf-8",
        )
    survey = survey_project(tmp_path)
    assert (survey.kind, survey.docs, survey.include) == ("markdown", ".", ("**/*.md",))


def test_html_fixtures_of_the_tests_leave_the_readme_the_docs(tmp_path: Path) -> None:
    # needle 3.5.0 ships two saved pages its tests parse (test/files/Appalachia.html) beside
    # its README: counted as pages, they made the package's docs HTML, and the test folders
    # the project's top is read without left no page at all.
    (tmp_path / "package.json").write_text(
        json.dumps({"name": "needle", "version": "3.5.0"}), encoding="utf-8"
    )
    (tmp_path / "README.md").write_text("# Needle\n\n## Usage\n\nGet a URL.\n", encoding="utf-8")
    (tmp_path / "test" / "files").mkdir(parents=True)
    for name in ("Appalachia.html", "tomcat_charset.html"):
        (tmp_path / "test" / "files" / name).write_text(
            "<html><body><h1>County Economic Status</h1><p>A table.</p></body></html>",
            encoding="utf-8",
        )
    survey = survey_project(tmp_path)
    assert (survey.kind, survey.docs, survey.include) == ("markdown", ".", ("**/*.md",))
    assert "test" in survey.exclude
