"""SiteData over a local index: a doctrove-index@1 file or a built site folder, checked at start,
serving its own shards, and read again when it is built again."""

from __future__ import annotations

import re
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from client.errors import ConfigError
from tests.site_data_support import (
    Clock,
    Router,
    data,
    have_shard,
    make_site,
    records,
)


def test_an_invalid_local_index_is_a_config_error_at_start(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(b'{"format": "doctrove-index@1", "entries": [{"id": "x"}]}')
    with pytest.raises(ConfigError, match=r"the local index .*bad\.json is invalid: .*'name'"):
        data(tmp_path, Router(), Clock(), local_index=bad)
    # These said "cannot read ...: No such file or directory", the folder's one naming
    # index.json, the last file looked for: not what a local index must be.
    with pytest.raises(ConfigError, match=r"missing\.json does not exist; give a doctrove-index@1"):
        data(tmp_path, Router(), Clock(), local_index=tmp_path / "missing.json")
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text("# Docs\n", encoding="utf-8")
    expected = (
        "docs holds none of catalog.json, lookup.json and index.json; give a doctrove-index@1 "
        "file, or the folder docbuild build wrote"
    )
    with pytest.raises(ConfigError, match=re.escape(expected)):
        data(tmp_path, Router(), Clock(), local_index=docs)
    with pytest.raises(ConfigError, match="not valid JSON"):
        bad.write_bytes(b"{")
        data(tmp_path, Router(), Clock(), local_index=bad)
    # The catalog, or its folder before a build (README: docclient list --local-index _site,
    # run beside docbuild.toml): "not valid JSON: unexpected character", and "holds none of".
    catalog = docs / "docbuild.toml"
    catalog.write_text('[site]\ntitle = "T"\n', encoding="utf-8")
    expected = (
        "docbuild.toml is a docbuild catalog (what a build reads, not what it writes): run "
        f"docbuild build -c {catalog} and give the folder it writes (_site by default)"
    )
    with pytest.raises(ConfigError, match=re.escape(expected)):
        data(tmp_path, Router(), Clock(), local_index=catalog)
    (docs / "pyproject.toml").write_text('[project]\nname = "x"\n', encoding="utf-8")
    with pytest.raises(ConfigError, match=re.escape("pyproject.toml is a TOML file, not a")):
        data(tmp_path, Router(), Clock(), local_index=docs / "pyproject.toml")
    expected = (
        "docs holds none of catalog.json, lookup.json and index.json, but a docbuild.toml: "
        "run docbuild build there and give the folder it writes (_site by default)"
    )
    with pytest.raises(ConfigError, match=re.escape(expected)):
        data(tmp_path, Router(), Clock(), local_index=docs)
    # Once built, both were still told to build: the site is named instead.
    (docs / "_site").mkdir()
    (docs / "_site" / "lookup.json").write_text("{}", encoding="utf-8")
    for given in (docs, catalog):
        with pytest.raises(ConfigError, match=re.escape(f"its build wrote, {docs / '_site'}")):
            data(tmp_path, Router(), Clock(), local_index=given)


def test_a_local_site_folder_serves_its_own_shards(tmp_path: Path) -> None:
    make_site(tmp_path / "built", {"attrs": {"25.3.0": records("attrs", "25.3.0")}})
    site = data(tmp_path, Router(), Clock(), local_index=tmp_path / "built")
    with site.reading_shard("attrs", "25.3.0") as opened:
        assert isinstance(opened.connection, sqlite3.Connection)
    shard = next((tmp_path / "built" / "shards" / "attrs").glob("*.sqlite*"))  # not bodies/
    shard.write_bytes(b"tampered")
    other = data(tmp_path / "elsewhere", Router(), Clock(), local_index=tmp_path / "built")
    with pytest.raises(ConfigError, match=r"is invalid: .*bytes, the catalog says"):
        have_shard(other, "attrs", "25.3.0")


def test_a_local_site_built_again_is_read_again(tmp_path: Path) -> None:
    # docclient serve --local-index _site, then docbuild build into _site (the folder replaced
    # whole): the agent was answered from the first build for the life of the process, a new
    # section "not found" and a new version unknown, with nothing saying so.
    site_folder = tmp_path / "_site"
    make_site(site_folder, {"thing": {"1.0": records("thing", "1.0")}})
    site = data(tmp_path, Router(), Clock(), local_index=site_folder)
    assert [e.versions for e in site.entries()] == [("1.0",)]
    assert site.refresh_if_due() is False  # unchanged: nothing read again
    before = site.generation
    rebuilt = tmp_path / "rebuilt"
    make_site(rebuilt, {"thing": {v: records("thing", v) for v in ("1.1", "1.0")}})
    shutil.rmtree(site_folder)
    rebuilt.rename(site_folder)
    assert site.refresh_if_due() is True and site.generation == before + 1
    assert [e.versions for e in site.entries()] == [("1.1", "1.0")]
    with site.reading_shard("thing", "1.1") as shard:
        assert shard.connection.execute("SELECT heading FROM sections").fetchall() == [
            ("thing 1.1 intro",)
        ]
    shutil.rmtree(site_folder)  # a build replacing it right now: the copy read stays
    assert site.refresh_if_due() is False
    assert [e.versions for e in site.entries()] == [("1.1", "1.0")]


def test_a_build_that_lands_while_the_local_site_is_read_is_read_next_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The stamp of what was read is the one taken before reading: a build that replaced the
    # folder just after the read was kept under the new build's stamp, never read again.
    import client.site_data as site_data_module

    site_folder = tmp_path / "_site"
    make_site(site_folder, {"thing": {"1.0": records("thing", "1.0")}})
    site = data(tmp_path, Router(), Clock(), local_index=site_folder)
    assert [e.versions for e in site.entries()] == [("1.0",)]
    read_layer = site_data_module.file_layer

    def read_then_rebuilt(*args: Any, **kwargs: Any) -> Any:
        layer = read_layer(*args, **kwargs)
        later = tmp_path / "later"
        make_site(later, {"thing": {v: records("thing", v) for v in ("1.2", "1.1", "1.0")}})
        shutil.rmtree(site_folder)
        later.rename(site_folder)
        return layer

    rebuilt = tmp_path / "rebuilt"
    make_site(rebuilt, {"thing": {v: records("thing", v) for v in ("1.1", "1.0")}})
    shutil.rmtree(site_folder)
    rebuilt.rename(site_folder)
    monkeypatch.setattr(site_data_module, "file_layer", read_then_rebuilt)
    assert site.refresh_if_due() is True
    assert [e.versions for e in site.entries()] == [("1.1", "1.0")]
    monkeypatch.setattr(site_data_module, "file_layer", read_layer)
    assert site.refresh_if_due() is True
    assert [e.versions for e in site.entries()] == [("1.2", "1.1", "1.0")]
