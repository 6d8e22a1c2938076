"""builder.shards publishing a version's full-text index in chunks (doctrove-shard@3): the
published head and chunk files answer every term as the whole shard does, the same records give
the same files, and only an index that reaches the site's threshold is cut."""

from __future__ import annotations

import gzip
import hashlib
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import orjson
import pytest

from builder.shard_gzip import (
    GZIP_LEVEL,
    HEAD_GZIP_LEVEL,
    HEAD_PIECES,
    SHARD_PIECES,
    PieceRule,
    gzip_data,
)
from builder.shards import write_shard_files
from schemas.shards import BM25_WEIGHTS, FTS_TABLE, SHORT_NAMES_FORMAT, SPLIT_FORMAT
from schemas.term_chunks import (
    CHUNKS_FOLDER,
    ChunkRef,
    chunk_path,
    chunk_refs,
)
from schemas.text import match_expression
from tests.conftest import CHUNKED_LIBRARIES
from tests.test_incremental import site_files
from tests.test_term_chunks import Assembler

WEIGHTS = ", ".join(str(w) for w in BM25_WEIGHTS)
RANKED = (
    f"SELECT rowid, bm25({FTS_TABLE}, {WEIGHTS}) FROM {FTS_TABLE} "
    f"WHERE {FTS_TABLE} MATCH ? ORDER BY rowid"
)
QUERIES = ("os.path.join", "json dumps indent", "asyncio.TaskGroup", "拼音 风格", "汉字转拼音")


def catalog_shards(site: Path) -> dict[tuple[str, str], dict[str, Any]]:
    catalog = orjson.loads((site / "catalog.json").read_bytes())
    return {
        (entry["id"], version): shard
        for entry in catalog["entries"]
        for version, shard in entry["shards"].items()
    }


def opened(site: Path, shard: dict[str, Any]) -> sqlite3.Connection:
    """The published shard (or head) in memory, writable."""
    data = (site / shard["path"]).read_bytes()
    conn = sqlite3.connect(":memory:", isolation_level=None)
    conn.deserialize(gzip.decompress(data) if shard["path"].endswith(".gz") else data)
    return conn


def ranked(conn: sqlite3.Connection, expression: str) -> list[tuple[int, float]]:
    return [(int(rowid), float(score)) for rowid, score in conn.execute(RANKED, (expression,))]


def volume_records(site: Path, library_id: str, version: str) -> list[dict[str, Any]]:
    index = orjson.loads((site / "libs" / library_id / "index.json").read_bytes())
    (entry,) = index["entries"]
    return list(entry["volumes"][version]["sections"])


def index_bytes(conn: sqlite3.Connection) -> int:
    """What cut_into_head weighs against the threshold: the blocks of the index's segment."""
    (segment,) = conn.execute(f"SELECT DISTINCT segid FROM {FTS_TABLE}_idx").fetchone()
    return int(
        conn.execute(
            f"SELECT sum(length(block)) FROM {FTS_TABLE}_data WHERE id >= ? AND id < ?",
            (segment << 37, (segment + 1) << 37),
        ).fetchone()[0]
    )


@pytest.mark.parametrize("library_id", CHUNKED_LIBRARIES)
def test_published_head_and_chunks_answer_every_term_as_the_whole_shard(
    examples_site: Path, chunked_examples_site: Path, library_id: str
) -> None:
    whole_shards = catalog_shards(examples_site)
    chunked_shards = catalog_shards(chunked_examples_site)
    versions = [key for key in chunked_shards if key[0] == library_id]
    assert versions
    for key in versions:
        whole, chunked = whole_shards[key], chunked_shards[key]
        assert (whole["format"], chunked["format"]) == (SPLIT_FORMAT, SHORT_NAMES_FORMAT)
        with closing(opened(examples_site, whole)) as uncut:
            uncut.execute(f"CREATE VIRTUAL TABLE temp.v USING fts5vocab(main, {FTS_TABLE}, 'row')")
            vocabulary = [str(term) for (term,) in uncut.execute("SELECT term FROM temp.v")]
            with closing(opened(chunked_examples_site, chunked)) as raw:
                head_bytes = raw.serialize()

            def chunk_data(ref: ChunkRef, library_id: str = library_id) -> bytes:
                return (chunked_examples_site / chunk_path(library_id, ref.sha256)).read_bytes()

            with closing(Assembler(head_bytes, chunk_data)) as head:
                assert len(chunk_refs(head.directory)) > 1
                for term in vocabulary:
                    expression = '"' + term.replace('"', '""') + '"'
                    assert head.answer(expression) == ranked(uncut, expression), (key, term)
                for query in QUERIES:
                    expression = match_expression(query)
                    assert head.answer(expression) == ranked(uncut, expression), (key, query)


def test_the_same_records_give_the_same_head_and_chunks(
    examples_site: Path, tmp_path: Path
) -> None:
    records = volume_records(examples_site, "python", "3.11.2")
    first, written = write_shard_files(
        tmp_path / "a", "python", "3.11.2", records, split_index_bytes=0
    )
    second, _ = write_shard_files(tmp_path / "b", "python", "3.11.2", records, split_index_bytes=0)
    files = site_files(tmp_path / "a")
    assert files == site_files(tmp_path / "b") and first == second
    chunks = {path: data for path, data in files.items() if f"/{CHUNKS_FOLDER}/" in path}
    assert first.format == SHORT_NAMES_FORMAT and first.chunks == len(chunks) > 1
    assert first.chunk_bytes == sum(len(data) for data in chunks.values())
    # Every file written is in the map the build cache keeps, under its real sha256.
    assert written == {path: hashlib.sha256(data).hexdigest() for path, data in files.items()}
    with closing(opened(tmp_path / "a", {"path": first.path})) as head:
        assert {chunk_path("python", ref.sha256) for ref in chunk_refs(head)} == set(chunks)
        assert hashlib.sha256(files[first.path]).hexdigest() == first.sha256


def test_only_an_index_that_reaches_the_threshold_is_cut(
    examples_site: Path, tmp_path: Path
) -> None:
    records = volume_records(examples_site, "python", "3.11.2")
    whole = catalog_shards(examples_site)[("python", "3.11.2")]
    with closing(opened(examples_site, whole)) as conn:
        size = index_bytes(conn)
    below, _ = write_shard_files(tmp_path / "below", "python", "3.11.2", records, None)
    at, _ = write_shard_files(tmp_path / "at", "python", "3.11.2", records, split_index_bytes=size)
    above, _ = write_shard_files(
        tmp_path / "above", "python", "3.11.2", records, split_index_bytes=size + 1
    )
    assert (at.format, at.chunks > 0) == (SHORT_NAMES_FORMAT, True)
    assert (above.format, above.chunks, above.chunk_bytes) == (SPLIT_FORMAT, 0, 0)
    assert below.format == SPLIT_FORMAT  # the default threshold: the examples are small
    assert not (tmp_path / "above" / "shards" / "python" / CHUNKS_FOLDER).exists()
    # The head is a fraction of the whole search shard; with its chunks it is no larger, since
    # its sections travel as columns (schemas.section_columns), which compress better.
    assert above.bytes > 5 * at.bytes and above.bytes > at.chunk_bytes


@pytest.mark.parametrize(
    ("split_index_bytes", "way", "other_ways"),
    [
        (
            0,
            (HEAD_GZIP_LEVEL, HEAD_PIECES),
            [(GZIP_LEVEL, HEAD_PIECES), (HEAD_GZIP_LEVEL, SHARD_PIECES)],
        ),
        (1 << 40, (GZIP_LEVEL, SHARD_PIECES), [(HEAD_GZIP_LEVEL, SHARD_PIECES)]),
    ],
)
def test_a_head_is_deflated_at_the_head_level_and_a_search_shard_at_the_usual_one(
    examples_site: Path,
    tmp_path: Path,
    split_index_bytes: int,
    way: tuple[int, PieceRule],
    other_ways: list[tuple[int, PieceRule]],
) -> None:
    # A cold client downloads a head before its first answer: it is worth level 9's time, and
    # small pieces, which a one-page edit deflates few of again (builder.shard_gzip).
    records = volume_records(examples_site, "python", "3.11.2")
    info, _ = write_shard_files(
        tmp_path, "python", "3.11.2", records, split_index_bytes=split_index_bytes
    )
    published = (tmp_path / info.path).read_bytes()
    raw = gzip.decompress(published)
    level, rule = way
    assert info.path.endswith(".sqlite.gz") and gzip_data(raw, level=level, rule=rule) == published
    for other_level, other_rule in other_ways:
        assert gzip_data(raw, level=other_level, rule=other_rule) != published


def test_the_examples_stay_whole_shards_under_the_default_threshold(examples_site: Path) -> None:
    # So the bundled site (client/bundled) is unchanged by the chunked format.
    assert {shard["format"] for shard in catalog_shards(examples_site).values()} == {SPLIT_FORMAT}
    assert not list(examples_site.glob(f"shards/*/{CHUNKS_FOLDER}"))
