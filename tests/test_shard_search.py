"""Smoke test of search over shards of the real example corpus, queried the way a client will.

The examples are built with the real builder; each version's records from the fresh index.json
go through the shard stage, and the reference bm25() query must put the section a reader would
want in the top three.
"""

import gzip
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import orjson
import pytest

from builder.shards import search_shard, write_shard
from schemas.shards import SPLIT_FORMAT, verify_shard_meta, verify_shard_schema

Shards = dict[tuple[str, str], sqlite3.Connection]


@pytest.fixture(scope="module")
def shards(tmp_path_factory: pytest.TempPathFactory, examples_site: Path) -> Iterator[Shards]:
    root = tmp_path_factory.mktemp("examples")
    index = orjson.loads((examples_site / "index.json").read_bytes())
    connections: Shards = {}
    for entry in index["entries"]:
        for version, volume in entry["volumes"].items():
            info = write_shard(root / "staging", entry["id"], version, volume["sections"])
            raw = root / f"{entry['id']}-{version}.sqlite"
            raw.write_bytes(gzip.decompress((root / "staging" / info.path).read_bytes()))
            conn = sqlite3.connect(f"file:{raw}?mode=ro", uri=True)
            conn.execute("PRAGMA trusted_schema = OFF")
            assert verify_shard_schema(conn, SPLIT_FORMAT) == []
            sections = len(volume["sections"])
            assert verify_shard_meta(conn, entry["id"], version, sections, SPLIT_FORMAT) == []
            connections[entry["id"], version] = conn
    yield connections
    for conn in connections.values():
        conn.close()


@pytest.mark.parametrize(
    ("library", "version", "query", "heading", "source"),
    [
        # Identifiers, whole and by their parts.
        ("python", "3.11.2", "json.dumps", "json.dumps", "library/json.html"),
        ("python", "3.11.2", "pathlib glob", "pathlib.Path.glob", "library/pathlib.html"),
        ("python", "3.11.2", "Path.glob", "pathlib.Path.glob", "library/pathlib.html"),
        ("python", "3.11.2", "os.path.join", "os.path.join", "library/os.path.html"),
        # The API section itself, now that autodoc pages are filled from the code.
        (
            "werkzeug",
            "3.1.3",
            "Request.get_data",
            "werkzeug.wrappers.Request.get_data",
            "wrappers.rst",
        ),
        ("attrs", "25.3.0", "attrs.define", "attrs.define", "api.rst"),
        (
            "cbor2",
            "5.4.6",
            "CBOREncoder.encode_to_bytes",
            "cbor2.encoder.CBOREncoder.encode_to_bytes",
            "modules/encoder.html",
        ),
        # camelCase, whole and split.
        (
            "werkzeug",
            "3.1.3",
            "RequestTimeout",
            "werkzeug.exceptions.RequestTimeout",
            "exceptions.rst",
        ),
        ("vconsole", "3.15.1", "ignoreUrlRegExp", "3.15.1 (2023-06-01)", "CHANGELOG.md"),
        (
            "werkzeug",
            "3.1.3",
            "OrderedMultiDict",
            "werkzeug.datastructures.OrderedMultiDict",
            "datastructures.rst",
        ),
        # English word forms.
        ("attrs", "25.3.0", "default values", "Defaults", "init.md"),
        ("werkzeug", "3.1.3", "timeouts", "werkzeug.exceptions.RequestTimeout", "exceptions.rst"),
        # Chinese, one and two characters, and a longer run.
        ("pypinyin", "0.55.0", "声调", "0.3.0 (2013-09-26)", "CHANGELOG.rst"),
        ("vconsole", "3.15.1", "插件", "v3.0.0 (2017-09-27)", "CHANGELOG_CN.md"),
    ],
)
def test_expected_section_is_in_the_top_three(
    shards: Shards, library: str, version: str, query: str, heading: str, source: str | None
) -> None:
    conn = shards[library, version]
    top = [row[0] for row in search_shard(conn, query, limit=3)]
    found = [
        conn.execute("SELECT heading, source FROM sections WHERE id = ?", (i,)).fetchone()
        for i in top
    ]
    assert (heading, source) in found, found


def test_the_right_version_answers(shards: Shards) -> None:
    # The same query over two versions of a library reads each version's own shard.
    for version in ("3.1.3", "2.3.8"):
        conn = shards["werkzeug", version]
        top = search_shard(conn, "OrderedMultiDict", limit=1)[0][1]
        assert top == "werkzeug.datastructures.OrderedMultiDict"
        meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
        assert meta["version"] == version
