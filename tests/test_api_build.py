"""End to end: a catalog whose docs sit beside their package, built with generated API pages."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest

import builder.stages.parse
from builder.config import load_catalog
from builder.model import ParsedFile
from builder.pipeline import build_site
from builder.report import render_report_streams
from tests.api_support import write_package

CATALOG = """
[site]
title = "T"
base_url = "https://docs.example/"

[[libraries]]
id = "shapes"
name = "Shapes"
  [[libraries.versions]]
  version = "1.0.0"
  path = "shapes/docs"
"""


def make_project(root: Path) -> Path:
    docs = root / "shapes" / "docs"
    docs.mkdir(parents=True)
    (docs / "api.rst").write_text(
        "API\n===\n\n.. autoclass:: shapes.Circle\n   :members:\n\n.. autofunction:: shapes.Gone\n",
        encoding="utf-8",
    )
    (docs / "guide.md").write_text("# Guide\n\nDraw a circle.\n", encoding="utf-8")
    write_package(root / "shapes" / "src")
    (root / "docbuild.toml").write_text(CATALOG, encoding="utf-8")
    return root / "docbuild.toml"


def sections(site: Path) -> dict[str, str]:
    index = orjson.loads((site / "index.json").read_bytes())
    (entry,) = index["entries"]
    return {s["heading"]: s["body"] for s in entry["volumes"]["1.0.0"]["sections"]}


def test_api_pages_are_built_from_the_code_beside_the_docs(tmp_path: Path) -> None:
    catalog = make_project(tmp_path)
    report = build_site(load_catalog(catalog), tmp_path / "site")
    built = sections(tmp_path / "site")
    assert built["shapes.Circle"].startswith("`shapes.Circle(radius: float, *, name: str = 'c')`")
    assert built["shapes.Circle.scale"].startswith("`scale(factor: float) -> Circle`")
    assert built["shapes.Gone"] == "`shapes.Gone`"
    text = "\n".join(render_report_streams(report))
    assert f"API from code in {tmp_path / 'shapes' / 'src'}: 2 objects" in text
    assert "api.rst:7: autofunction shapes.Gone: not found in the code" in text


def test_a_code_change_reparses_only_the_api_pages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    catalog = make_project(tmp_path)
    cache = tmp_path / "cache"
    parsed: list[str] = []
    real_parse = builder.stages.parse.parse_file

    def counting_parse(
        relpath: str,
        text: str,
        api: object = None,
        utf8: bytes | None = None,
        includes: object = None,
    ) -> ParsedFile | None:
        parsed.append(relpath)
        return real_parse(relpath, text, api, utf8, includes)  # type: ignore[arg-type]

    monkeypatch.setattr(builder.stages.parse, "parse_file", counting_parse)
    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    assert sorted(parsed) == ["api.rst", "guide.md"]
    parsed.clear()
    (tmp_path / "shapes" / "docs" / "guide.md").write_text("# Guide\n\nNew.\n", encoding="utf-8")
    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    assert parsed == ["guide.md"]  # the unchanged code kept api.rst's entry
    parsed.clear()
    circle = tmp_path / "shapes" / "src" / "shapes" / "circle.py"
    circle.write_text(circle.read_text().replace("A round shape.", "A disc."), encoding="utf-8")
    build_site(load_catalog(catalog), tmp_path / "site", cache_dir=cache)
    assert parsed == ["api.rst"]
    assert "A disc." in sections(tmp_path / "site")["shapes.Circle"]
    build_site(load_catalog(catalog), tmp_path / "cold")
    assert sections(tmp_path / "cold") == sections(tmp_path / "site")


def test_source_dir_names_the_code_folder(tmp_path: Path) -> None:
    catalog = make_project(tmp_path)
    (tmp_path / "shapes" / "src").rename(tmp_path / "code")
    build_site(load_catalog(catalog), tmp_path / "without")
    assert sections(tmp_path / "without")["shapes.Circle"] == "`shapes.Circle`"
    catalog.write_text(CATALOG + '  source_dir = "code"\n', encoding="utf-8")
    build_site(load_catalog(catalog), tmp_path / "with")
    assert "A round shape." in sections(tmp_path / "with")["shapes.Circle"]
