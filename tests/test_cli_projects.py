"""End-to-end: ``docbuild build`` lists a version's pages in its MkDocs nav or Sphinx toctree
order, and says what it detected."""

import re
from pathlib import Path

from click.testing import CliRunner

from builder.cli import main

CATALOG = """\
[site]
title = "T"
base_url = "https://docs.example/"

[[libraries]]
id = "demo"
name = "Demo"
  [[libraries.versions]]
  version = "1.0.0"
  path = "project/docs"
"""


def build(root: Path, extra: str = "") -> tuple[int, str, Path]:
    catalog = root / "docbuild.toml"
    catalog.write_text(CATALOG + extra, encoding="utf-8")
    out = root / "_site"
    result = CliRunner().invoke(main, ["build", "-c", str(catalog), "--out", str(out)])
    return result.exit_code, result.output, out


def write(root: Path, files: dict[str, str]) -> None:
    for relpath, text in files.items():
        path = root / relpath
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def page_titles(out: Path) -> list[str]:
    html = (out / "libs/demo/1.0.0/index.html").read_text(encoding="utf-8")
    return re.findall(r'<a class="page" href="[^"]*">([^<]*)</a>', html)


def llms_pages(out: Path) -> list[str]:
    text = (out / "libs/demo/1.0.0/llms.txt").read_text(encoding="utf-8")
    return re.findall(r"^## (.*)$", text, re.MULTILINE)


MKDOCS = {
    "project/mkdocs.yml": (
        "site_name: Demo\n"
        "plugins:\n  - mkdocstrings:\n      handler: !!python/name:pkg.handler\n"
        "nav:\n  - Zebra: zebra.md\n  - Topics:\n      - Middle: topics/middle.md\n"
        "  - Alpha: alpha.md\n"
    ),
    "project/docs/alpha.md": "# Alpha\n\nFirst in the alphabet, last in nav.\n",
    "project/docs/zebra.md": "Text of a page without a heading.\n",
    "project/docs/topics/middle.md": "# Middle\n\nIn a nav section.\n",
    "project/docs/overrides/main.html": "{% extends 'base.html' %}\n",
}


def test_mkdocs_nav_orders_the_version_page(tmp_path: Path) -> None:
    write(tmp_path, MKDOCS)
    code, output, out = build(tmp_path)
    assert code == 0, output
    assert "project: mkdocs from mkdocs.yml, 3 pages in its order" in output
    assert page_titles(out) == ["Zebra", "Middle", "Alpha"]
    assert llms_pages(out) == ["Zebra", "Middle", "Alpha"]
    assert not (out / "libs/demo/1.0.0/overrides").exists()


def test_project_none_keeps_path_order(tmp_path: Path) -> None:
    write(tmp_path, MKDOCS)
    code, output, out = build(tmp_path, '  project = "none"\n')
    assert code == 0, output
    assert "project: none (read as a folder of files)" in output
    # overrides/main.html is the theme's Jinja template, skipped with its reason, not a page.
    assert page_titles(out) == ["Alpha", "Middle", "zebra"]
    assert "skipped overrides/main.html: a template of the site's theme" in output


SPHINX = {
    "project/docs/conf.py": "import os\nmaster_doc = 'start'\nhtml_logo = os.getenv('X')\n",
    "project/docs/start.rst": (
        "Start\n=====\n\nFirst.\n\n.. toctree::\n\n   zulu\n   nested/index\n"
    ),
    "project/docs/zulu.rst": "Zulu\n====\n\nSecond.\n",
    "project/docs/nested/index.rst": "Nested\n======\n\nThird.\n\n.. toctree::\n\n   beta\n",
    "project/docs/nested/beta.rst": "Beta\n====\n\nFourth.\n",
    "project/docs/alpha.rst": "Alpha\n=====\n\nIn no toctree: last.\n",
    "project/docs/_templates/page.html": "<html>{{ body }}</html>\n",
}


def test_sphinx_toctrees_order_the_version_page(tmp_path: Path) -> None:
    write(tmp_path, SPHINX)
    code, output, out = build(tmp_path)
    assert code == 0, output
    assert "project: sphinx from conf.py, 5 pages in its order" in output
    assert page_titles(out) == ["Start", "Zulu", "Nested", "Beta", "Alpha"]
    assert llms_pages(out) == ["Start", "Zulu", "Nested", "Beta", "Alpha"]


def test_an_unknown_project_kind_is_a_catalog_error(tmp_path: Path) -> None:
    write(tmp_path, SPHINX)
    code, output, _ = build(tmp_path, '  project = "hugo"\n')
    assert code == 2
    kinds = "auto, mkdocs, vitepress, docusaurus, mdbook, jupyterbook, sphinx, none"
    assert f"project: must be one of {kinds}" in output
