"""builder.lookup_site: lookup.json, the lookup table and each library's record, and
catalog.json left out of a site too large for it."""

from __future__ import annotations

import gzip
import hashlib
import sqlite3
from contextlib import closing
from pathlib import Path

import orjson
import pytest
from click.testing import CliRunner

from builder.cli import main
from schemas.catalog_rules import catalog_problems
from schemas.documents import LOOKUP_DECODER
from schemas.lookup_table import TABLE_FORMAT


def write_catalog(root: Path) -> Path:
    lines = ['[site]\ntitle = "T"\nbase_url = "https://docs.example/"\n']
    for name in ("alpha", "beta"):
        (root / name).mkdir(parents=True)
        (root / name / "a.md").write_text(f"# {name}\n\n{name} text\n", encoding="utf-8")
        lines.append(
            f'[[libraries]]\nid = "{name}"\nname = "{name.title()}"\naliases = ["{name}js"]\n'
            f'  [[libraries.versions]]\n  version = "1.0.0"\n  path = "{name}"\n'
        )
    catalog = root / "docbuild.toml"
    catalog.write_text("\n".join(lines), encoding="utf-8")
    return catalog


def test_a_site_too_large_for_catalog_json_has_lookup_json_records_and_a_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    catalog, out = write_catalog(tmp_path / "src"), tmp_path / "_site"
    monkeypatch.setattr("builder.stages.site_files.SMALL_CATALOG_BYTES", 0)
    result = CliRunner().invoke(
        main, ["build", "--no-site-search", "-c", str(catalog), "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert not (out / "catalog.json").exists()
    body = (out / "lookup.json").read_bytes()
    lookup = LOOKUP_DECODER.decode(body)
    assert lookup.libraries == 2 and "catalog" not in orjson.loads(body)
    packed = (out / lookup.table.path).read_bytes()
    assert hashlib.sha256(packed).hexdigest() == lookup.table.sha256
    assert lookup.table.path.startswith(f"catalog/lookup.{lookup.table.sha256[:16]}.")
    table = tmp_path / "table.sqlite"
    table.write_bytes(gzip.decompress(packed))
    with closing(sqlite3.connect(table)) as conn:
        rows = conn.execute("SELECT id, record FROM libraries ORDER BY row").fetchall()
        assert conn.execute("SELECT value FROM meta WHERE key = 'format'").fetchone() == (
            TABLE_FORMAT,
        )
    assert [library_id for library_id, _ in rows] == ["alpha", "beta"]
    for library_id, sha256 in rows:
        record = (out / "libs" / library_id / "catalog.json").read_bytes()
        assert catalog_problems(record) == [] and hashlib.sha256(record).hexdigest() == sha256
        assert [e["id"] for e in orjson.loads(record)["entries"]] == [library_id]
    # A site without catalog.json is still known as an earlier build, and rebuilds alike.
    before = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    result = CliRunner().invoke(
        main, ["build", "--no-site-search", "-c", str(catalog), "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
