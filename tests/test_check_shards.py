"""``docbuild check`` of a site folder: each doctrove-shard@3's index chunks are there, are the
files the head lists, and with the head make a sound FTS5 index; every problem names the file."""

from __future__ import annotations

import gzip
import hashlib
import re
import shutil
import sqlite3
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import Any

import orjson
import pytest
from click.testing import CliRunner

from builder.check_shards import ShardInvalid, check_search_shards
from builder.cli import main
from schemas.body_packs import MAX_PACK_BYTES
from schemas.shards import CHUNKED_FORMAT, DERIVED_FORMAT, PLAIN_COLUMNS_FORMAT
from schemas.term_chunks import MAX_CHUNK_RAW_BYTES, chunk_path, chunk_refs
from tests.test_section_columns import as_earlier_head

LIBRARY, VERSION = "python", "3.11.2"


@pytest.fixture
def site(chunked_examples_site: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "site"
    shutil.copytree(chunked_examples_site, copy)
    return copy


def run_check(site: Path) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["check", str(site)])
    return result.exit_code, result.output


def head_path(site: Path) -> str:
    catalog = orjson.loads((site / "catalog.json").read_bytes())
    (entry,) = (e for e in catalog["entries"] if e["id"] == LIBRARY)
    return str(entry["shards"][VERSION]["path"])


def chunk_files(site: Path) -> list[str]:
    """The chunk paths the python head lists, in page order."""
    with closing(sqlite3.connect(":memory:")) as conn:
        conn.deserialize(gzip.decompress((site / head_path(site)).read_bytes()))
        return [chunk_path(LIBRARY, ref.sha256) for ref in chunk_refs(conn)]


# The columns of a chunks row that name and describe its file.
NAMED = "sha256, bytes, raw_bytes"


def rewrite_head(site: Path, *statements: str) -> None:
    """Change the python head with ``statements`` and list the new head in catalog.json, as a
    build that wrote a wrong head would."""
    path = head_path(site)
    with closing(sqlite3.connect(":memory:", isolation_level=None)) as conn:
        conn.deserialize(gzip.decompress((site / path).read_bytes()))
        for statement in statements:
            conn.execute(statement)
        data = gzip.compress(conn.serialize(), mtime=0)
    (site / path).write_bytes(data)
    catalog = orjson.loads((site / "catalog.json").read_bytes())
    (entry,) = (e for e in catalog["entries"] if e["id"] == LIBRARY)
    entry["shards"][VERSION].update(sha256=hashlib.sha256(data).hexdigest(), bytes=len(data))
    list_catalog(site, catalog)


def list_catalog(site: Path, catalog: dict[str, Any]) -> None:
    """Write ``catalog`` as the site's catalog.json, and list it in lookup.json, as a build does
    (docbuild check compares the two)."""
    body = orjson.dumps(catalog)
    (site / "catalog.json").write_bytes(body)
    lookup = orjson.loads((site / "lookup.json").read_bytes())
    lookup["catalog"].update(sha256=hashlib.sha256(body).hexdigest(), bytes=len(body))
    (site / "lookup.json").write_bytes(orjson.dumps(lookup))


def checked_after(site: Path, change: str) -> tuple[int, str]:
    """``docbuild check``'s exit code and output once the head is changed by ``change``."""
    rewrite_head(site, change)
    return run_check(site)


def test_a_sound_chunked_site_passes(site: Path) -> None:
    code, output = run_check(site)
    assert code == 0, output
    checked = check_search_shards(site)
    assert checked.heads >= 2 and checked.chunks > checked.heads
    assert checked.split >= checked.heads and checked.packs > checked.split
    assert f"all {checked.packs} packs present and sound" in output
    assert f"all {checked.chunks} chunks present and sound" in output


def missing(site: Path, chunk: str) -> None:
    (site / chunk).unlink()


def one_byte_changed(site: Path, chunk: str) -> None:
    data = bytearray((site / chunk).read_bytes())
    data[len(data) // 2] ^= 0x01
    (site / chunk).write_bytes(bytes(data))


def truncated(site: Path, chunk: str) -> None:
    (site / chunk).write_bytes((site / chunk).read_bytes()[:-10])


@pytest.mark.parametrize(
    ("damage", "problem"),
    [
        (missing, "cannot be read"),
        (one_byte_changed, "its sha256 is not the one its name and head give"),
        (truncated, r"it is \d+ bytes, its head lists \d+"),
    ],
)
def test_a_missing_or_damaged_chunk_fails_the_check_naming_the_file(
    site: Path, damage: Callable[[Path, str], None], problem: str
) -> None:
    chunk = chunk_files(site)[1]
    damage(site, chunk)
    code, output = run_check(site)
    assert code == 1
    assert re.search(re.escape(f"{chunk} (chunk 2 of {head_path(site)}): ") + problem, output)
    assert "damaged search shards" in output
    with pytest.raises(ShardInvalid) as raised:
        check_search_shards(site)
    assert len(raised.value.problems) == 1 and raised.value.code == "invalid-shard"


def test_a_chunk_that_holds_other_pages_than_its_head_lists_fails_the_check(site: Path) -> None:
    # The first two chunks' rows name each other's files: present, their sizes and sha256
    # right, but their pages are not the ones the rows say.
    rewrite_head(
        site,
        "INSERT INTO chunks SELECT 99, first_page, last_page, sha256, bytes, raw_bytes "
        "FROM chunks WHERE id = 1",
        f"UPDATE chunks SET ({NAMED}) = (SELECT {NAMED} FROM chunks WHERE id = 2) WHERE id = 1",
        f"UPDATE chunks SET ({NAMED}) = (SELECT {NAMED} FROM chunks WHERE id = 99) WHERE id = 2",
        "DELETE FROM chunks WHERE id = 99",
    )
    code, output = run_check(site)
    assert code == 1 and "(chunk 2 of" in output and "outside its pages" in output


@pytest.mark.parametrize(
    "change",
    [
        "UPDATE packs SET sha256 = sha256 || sha256 WHERE id = 2",  # an earlier format's name
        "UPDATE packs SET sha256 = substr(sha256, 1, 31) WHERE id = 2",
        "UPDATE packs SET sha256 = upper(sha256) WHERE id = 2",
        "UPDATE packs SET sha256 = sha256 || char(10) WHERE id = 2",
        "UPDATE packs SET sha256 = '../../catalog' WHERE id = 2",
        "UPDATE packs SET sha256 = 12345678901234567890123456789012 WHERE id = 2",
    ],
)
def test_a_head_whose_packs_are_not_named_as_its_format_names_them_fails(
    site: Path, change: str
) -> None:
    code, output = checked_after(site, change)
    assert code == 1 and f"{head_path(site)}: pack 2: its sha256 " in output
    assert "is not 32 lowercase hex digits of a sha256" in output
    assert "Traceback" not in output


@pytest.mark.parametrize(
    "change",
    [
        "UPDATE packs SET bytes = 'abc' WHERE id = 2",
        "UPDATE packs SET bytes = 0 WHERE id = 2",
        f"UPDATE packs SET bytes = {MAX_PACK_BYTES + 1} WHERE id = 2",
    ],
)
def test_a_head_whose_pack_sizes_a_client_refuses_fails(site: Path, change: str) -> None:
    code, output = checked_after(site, change)
    assert code == 1 and f"{head_path(site)}: pack 2: its size " in output


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ("UPDATE chunks SET sha256 = 'zz' WHERE id = 2", "is not 32 lowercase hex digits"),
        ("UPDATE chunks SET sha256 = upper(sha256) WHERE id = 2", "is not 32 lowercase hex"),
        # A whole sha256 is an earlier format's name, not a doctrove-shard@6 head's.
        (
            "UPDATE chunks SET sha256 = sha256 || sha256 WHERE id = 2",
            "is not 32 lowercase hex digits",
        ),
        ("UPDATE chunks SET first_page = 'abc' WHERE id = 2", "must be integers"),
        ("UPDATE chunks SET raw_bytes = -5 WHERE id = 2", "out of range"),
        (f"UPDATE chunks SET raw_bytes = {MAX_CHUNK_RAW_BYTES + 1} WHERE id = 2", "out of range"),
        ("UPDATE chunks SET bytes = raw_bytes * 2 + 4096 WHERE id = 2", "out of range"),
        ("UPDATE chunks SET first_page = 0, last_page = 2147483647", "overlap"),
    ],
)
def test_a_head_whose_chunks_table_is_not_sound_fails_the_check(
    site: Path, change: str, problem: str
) -> None:
    code, output = checked_after(site, change)
    assert code == 1 and problem in output


def test_a_head_that_leaves_pages_out_of_its_chunks_fails_fts5s_check(site: Path) -> None:
    # Every listed chunk is sound, but the pages of one are in none: the index is broken.
    rewrite_head(site, "DELETE FROM chunks WHERE id = 2")
    code, output = run_check(site)
    assert code == 1 and "its index with every chunk fails FTS5's check" in output


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ("UPDATE section_columns SET data = '[' WHERE name = 'anchor'", "'anchor' is not JSON"),
        ("DELETE FROM section_columns WHERE name = 'pack'", "missing ['pack']"),
        (
            # One run of as many sections as the head holds, its value past 64 bits; the count
            # read from the head, as a fixed one breaks when the example corpus reads anew.
            "UPDATE section_columns SET data = '[[18446744073709551615, ' || "
            "(SELECT value FROM meta WHERE key = 'sections') || ']]' WHERE name = 'pack'",
            "'pack' holds a number past SQLite's 64-bit integers",
        ),
        # A count a client refuses: it reads meta's count as the text the catalog's makes.
        ("UPDATE meta SET value = '5_91' WHERE key = 'sections'", "meta sections is '5_91'"),
        ("UPDATE meta SET value = '²' WHERE key = 'sections'", "meta sections is '²'"),
        # Columns that make rows, but rows the client refuses (a line number 1.5).
        (
            "UPDATE section_columns SET data = (SELECT json_group_array(1.5) FROM json_each("
            "(SELECT data FROM section_columns WHERE name = 'heading'))) "
            "WHERE name = 'line_start'",
            "section 1: line_start, line_end not as",
        ),
        # Section 2 the child of section 1, whose path is an array nested 300 deep (orjson
        # reads it, and refused to write the child's: the check stopped with a TypeError).
        (
            "UPDATE section_columns SET data = json_set(data, '$[0]', "
            f"'{'[' * 300}{']' * 300}', '$[1]', 1) WHERE name = 'heading_path'",
            "a heading path that is not a JSON array of strings has a child",
        ),
    ],
)
def test_a_head_whose_section_columns_are_damaged_fails_the_check(
    site: Path, change: str, problem: str
) -> None:
    code, output = checked_after(site, change)
    assert code == 1 and f"{head_path(site)}: " in output
    assert problem in output


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ("UPDATE meta SET value = 'other' WHERE key = 'library_id'", "meta library_id is 'other'"),
        ("UPDATE meta SET value = '9.9' WHERE key = 'version'", "meta version is '9.9'"),
        ("UPDATE meta SET value = 'doctrove-shard@3' WHERE key = 'format'", "meta format is"),
        # doctrove-shard@4 has the same schema: only meta and catalog tell the two apart.
        ("UPDATE meta SET value = 'doctrove-shard@4' WHERE key = 'format'", "meta format is"),
    ],
)
def test_a_head_whose_meta_is_not_the_version_its_catalog_lists_fails_the_check(
    site: Path, change: str, problem: str
) -> None:
    # A client refuses such a head ("meta library_id is ..., expected ..."); the check must too.
    code, output = checked_after(site, change)
    assert code == 1 and f"{head_path(site)}: {problem}" in output


@pytest.mark.parametrize("shard_format", [CHUNKED_FORMAT, PLAIN_COLUMNS_FORMAT, DERIVED_FORMAT])
def test_a_head_of_an_earlier_builder_passes_the_check(site: Path, shard_format: str) -> None:
    path = head_path(site)
    with closing(sqlite3.connect(":memory:", isolation_level=None)) as conn:
        conn.deserialize(gzip.decompress((site / path).read_bytes()))
        catalog = orjson.loads((site / "catalog.json").read_bytes())
        (entry,) = (e for e in catalog["entries"] if e["id"] == LIBRARY)
        raw = as_earlier_head(
            conn, entry["shards"][VERSION]["sections"], shard_format, site, LIBRARY
        )
    data = gzip.compress(raw, mtime=0)
    (site / path).write_bytes(data)
    entry["shards"][VERSION].update(
        sha256=hashlib.sha256(data).hexdigest(),
        bytes=len(data),
        rawBytes=len(raw),
        format=shard_format,
    )
    list_catalog(site, catalog)
    code, output = run_check(site)
    assert code == 0, output


def test_a_head_unlike_the_catalog_fails_the_check(site: Path) -> None:
    (site / head_path(site)).write_bytes(b"not the head")
    code, output = run_check(site)
    assert code == 1
    assert f"{head_path(site)}: its sha256 is not the one catalog.json lists" in output


def test_an_index_file_alone_is_checked_as_before(site: Path) -> None:
    # A path to index.json checks the index only: there is no site around it to read.
    shutil.rmtree(site / "shards")
    code, output = run_check(site / "index.json")
    assert code == 0 and "chunks" not in output


def test_a_site_without_a_whole_catalog_is_checked_through_each_librarys(site: Path) -> None:
    # A site of many libraries has no catalog.json (builder.lookup_site): libs/<id>/catalog.json.
    chunk = chunk_files(site)[0]
    (site / "catalog.json").unlink()
    (site / chunk).unlink()
    with pytest.raises(ShardInvalid, match=re.escape(f"{chunk} (chunk 1 of")):
        check_search_shards(site)


def pack_files(site: Path, library: str) -> list[str]:
    """The pack paths of a library's shard (a search shard or a head), in pack order."""
    catalog = orjson.loads((site / "catalog.json").read_bytes())
    (entry,) = (e for e in catalog["entries"] if e["id"] == library)
    (shard,) = (
        entry["shards"].values()
        if len(entry["shards"]) == 1
        else [entry["shards"][entry["versions"][0]]]
    )
    with closing(sqlite3.connect(":memory:")) as conn:
        conn.deserialize(gzip.decompress((site / shard["path"]).read_bytes()))
        rows = conn.execute("SELECT sha256 FROM packs ORDER BY id").fetchall()
    return [f"shards/{library}/bodies/{sha256}.json.gz" for (sha256,) in rows]


@pytest.fixture
def split_site(examples_site: Path, tmp_path: Path) -> Path:
    """The bundled examples, whose shards are search shards with packs (doctrove-shard@2)."""
    copy = tmp_path / "split"
    shutil.copytree(examples_site, copy)
    return copy


@pytest.mark.parametrize(
    ("which", "library"), [("site", LIBRARY), ("split_site", "werkzeug")]
)  # a head, and a search shard
@pytest.mark.parametrize(
    ("damage", "problem"),
    [
        (missing, "cannot be read"),
        (one_byte_changed, "its sha256 is not the one its name and shard give"),
        (truncated, r"it is \d+ bytes, its shard lists \d+"),
    ],
)
def test_a_missing_or_damaged_body_pack_fails_the_check_naming_the_file(
    request: pytest.FixtureRequest,
    which: str,
    library: str,
    damage: Callable[[Path, str], None],
    problem: str,
) -> None:
    site = request.getfixturevalue(which)
    assert run_check(site)[0] == 0
    pack = pack_files(site, library)[1]
    damage(site, pack)
    code, output = run_check(site)
    assert code == 1
    assert re.search(re.escape(f"{pack} (pack ") + r"\d+ of [^)]+\): " + problem, output)
    with pytest.raises(ShardInvalid) as raised:
        check_search_shards(site)
    assert len(raised.value.problems) == 1


def test_a_pack_that_holds_other_bodies_than_its_shard_says_fails_the_check(site: Path) -> None:
    # The head's second pack row names the first pack's file: present, its size and sha256
    # right for that name, but its bodies are not those of the sections put in pack 2.
    rewrite_head(
        site,
        "UPDATE packs SET sha256 = (SELECT sha256 FROM packs WHERE id = 1), "
        "bytes = (SELECT bytes FROM packs WHERE id = 1) WHERE id = 2",
    )
    code, output = run_check(site)
    assert code == 1 and f"(pack 2 of {head_path(site)}): " in output
