"""End to end: a site whose indexes docbuild published in chunks (``[site] split_index_bytes``),
served by builder.serve and read by docclient, answers as the same site with whole search
shards, and a question fetches the head and only some of its chunks."""

from __future__ import annotations

import gzip
import io
import sqlite3
from contextlib import closing
from pathlib import Path

import msgspec
import orjson
import pytest

from builder.serve import start_server
from client.config import Settings
from client.service import DocService
from client.site_data import SiteData
from schemas.term_chunks import ChunkRef, chunk_path, chunk_refs

START = 1_800_000_000.0
FOCUSES = {
    "python": ("json.dumps indent", "asyncio TaskGroup cancel", "os.path.join", "f-string"),
    "pypinyin": ("拼音风格", "heteronym", "汉字转拼音"),
}


def settings(cache: Path, url: str) -> Settings:
    return Settings(
        index_urls=(url,),
        local_index=None,
        cache_ttl=600,
        timeout_ms=20000,
        cooldown_seconds=30.0,
        min_confidence=None,
        cache_size=256,
        cache_dir=cache,
        debug=False,
        config_file=None,
    )


def answers(site: Path, cache: Path, library_id: str) -> tuple[list[object], list[str]]:
    """doc_extract's sections for each focus, and the paths the client asked the host for."""
    log = io.StringIO()
    with start_server(site, access_log=log) as server:
        data = SiteData(settings(cache, server.url), clock=lambda: START)
        service = DocService(data, clock=lambda: START)
        found = [
            msgspec.to_builtins(service.extract(library_id, None, focus).sections)
            for focus in FOCUSES[library_id]
        ]
        data.close()
    requested = [line.split('"')[1].split()[1] for line in log.getvalue().splitlines()]
    return found, requested


@pytest.mark.parametrize(
    ("library_id", "some_only"),
    # pypinyin's latest head lists 3 chunks, which its questions all need.
    [("python", True), ("pypinyin", False)],
)
def test_a_chunked_site_answers_as_the_whole_one_fetching_the_chunks_it_needs(
    examples_site: Path,
    chunked_examples_site: Path,
    tmp_path: Path,
    library_id: str,
    some_only: bool,
) -> None:
    whole, _ = answers(examples_site, tmp_path / "whole", library_id)
    site = chunked_examples_site
    chunked, requested = answers(site, tmp_path / "chunked", library_id)
    assert chunked == whole and all(whole)
    fetched = {path for path in requested if f"/shards/{library_id}/index/" in path}
    listed = {f"/{chunk_path(library_id, ref.sha256)}" for ref in latest_chunks(site, library_id)}
    # Only the served version's chunks, and on a larger index only some of them.
    assert fetched and fetched <= listed
    assert (fetched < listed) == some_only


def latest_chunks(site: Path, library_id: str) -> list[ChunkRef]:
    """The chunks the head of the library's latest version lists."""
    catalog = orjson.loads((site / "catalog.json").read_bytes())
    (entry,) = (e for e in catalog["entries"] if e["id"] == library_id)
    shard = entry["shards"][entry["versions"][0]]
    with closing(sqlite3.connect(":memory:")) as conn:
        conn.deserialize(gzip.decompress((site / shard["path"]).read_bytes()))
        return chunk_refs(conn)
