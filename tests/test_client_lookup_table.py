"""client.lookup_table answers as LibraryIndex does over the whole catalog: same ids, scores,
reasons and totals, on the compat index, the examples site and a synthetic catalog."""

from __future__ import annotations

import gc
import gzip
import random
import sqlite3
from collections.abc import Iterator, Mapping, Sequence
from contextlib import closing
from pathlib import Path
from typing import Any

import orjson
import pytest

from builder.lookup_site import write_lookup_table
from client.errors import ClientError, InvalidRequest
from client.lookup import LibraryIndex, LookupResult
from client.lookup_table import LookupTable
from client.model import CatalogEntry, Provenance

COMPAT = Path(__file__).resolve().parent.parent / "examples" / "compat"
SOURCE = Provenance("remote", "test", None, False, None, None)
FIXED_QUERIES = (
    "web framework",
    "date",
    "schema validation",
    "js",
    "e",
    "Express",
    "npm:",
    "npm:express",
    "日期",
    "日期处理库",
    "模板引擎",
    "命令行工具",
    "date library",
    "web 框架",
    "library",
    "nonexistent library",
    "expresso",
    "flask web",
    "http client",
    "The",
    "  ZOD  ",
    "python web framework",
    "redis client for node.js",
    "serialization library",
    "web crawler",
    "import yaml",
    'require("express")',
    "expresso2",
    "express.js",
    "zod3",
    "comander",
    "expressjss",
    "web frame work",
    "minimalist typescript schema validation for node.js",
    "python web framework for node.js",
    "pinyin for python",
    "framew",
    "schema validat",
    "fast minimal web framework for express and koa users on node",
)


def catalog_entry(raw: Mapping[str, Any]) -> CatalogEntry:
    return CatalogEntry(
        raw["id"],
        raw["name"],
        raw.get("summary", ""),
        tuple(raw.get("aliases", ())),
        tuple(raw.get("packages", ())),
        float(raw.get("popularity", 0)),
        raw.get("homepage"),
        tuple(raw["versions"]),
        {},
        SOURCE,
    )


def open_table(tmp_path: Path, raw: Sequence[dict[str, Any]]) -> LookupTable:
    ordered = sorted(raw, key=lambda e: e["id"])
    described = write_lookup_table(tmp_path, ordered, ["0" * 64] * len(ordered))
    return unpacked(tmp_path, tmp_path / described["path"])


def unpacked(tmp_path: Path, packed: Path) -> LookupTable:
    raw = tmp_path / "lookup.sqlite"
    raw.write_bytes(gzip.decompress(packed.read_bytes()))
    return LookupTable(raw, SOURCE)


def queries(raw: Sequence[Mapping[str, Any]]) -> Iterator[str]:
    yield from FIXED_QUERIES
    for entry in raw:
        yield entry["id"]
        yield entry["name"]
        yield entry["id"][:2]
        yield entry["id"][:3]
        yield from entry.get("aliases", ())
        for package in entry.get("packages", ()):
            yield package
            yield package.split(":", 1)[-1]
        summary = entry.get("summary", "").split()
        yield " ".join(summary[:2]) or entry["id"]
        yield from summary[:4]


def answers(result: LookupResult) -> tuple[int, list[tuple[str, float, tuple[str, ...]]]]:
    return result.total, [(hit.entry.id, hit.score, hit.matches) for hit in result.hits]


def assert_same_answers(
    table: LookupTable,
    raw: Sequence[Mapping[str, Any]],
    sample: Sequence[Mapping[str, Any]] | None = None,
) -> int:
    """Compare every query made from ``sample`` (default: every entry); how many were."""
    index = LibraryIndex([catalog_entry(e) for e in raw])
    compared = 0
    for query in dict.fromkeys(queries(raw if sample is None else sample)):
        if not query.strip():
            continue
        for limit in (1, 5, 50):
            expected = answers(index.search(query, limit))
            assert answers(table.search(query, limit)) == expected, (query, limit)
            compared += 1
    return compared


def test_the_compat_index_is_looked_up_alike(tmp_path: Path) -> None:
    raw = orjson.loads((COMPAT / "doctrove-demo-index.json").read_bytes())["entries"]
    with closing(open_table(tmp_path, raw)) as table:
        assert assert_same_answers(table, raw) > 50


def test_the_examples_site_is_looked_up_alike_from_its_own_table(
    examples_site: Path, tmp_path: Path
) -> None:
    raw = orjson.loads((examples_site / "catalog.json").read_bytes())["entries"]
    lookup = orjson.loads((examples_site / "lookup.json").read_bytes())
    with closing(unpacked(tmp_path, examples_site / lookup["table"]["path"])) as table:
        assert table.libraries == len(raw) == lookup["libraries"]
        assert assert_same_answers(table, raw) > 200


def synthetic(count: int) -> list[dict[str, Any]]:
    rng = random.Random(11)
    stems = ["http", "client", "date", "time", "json", "schema", "parse", "web", "router", "日期"]
    entries = []
    for i in range(count):
        a, b = rng.choice(stems), rng.choice(stems)
        entries.append(
            {
                "id": f"{a}-{b}-{i}",
                "name": f"{a.title()}{b.title()} {i}",
                "summary": " ".join(rng.choice(stems) for _ in range(5)),
                "aliases": [f"{a}{b}{i}"],
                "packages": [f"npm:{a}-{b}-{i % 50}"],
                "popularity": rng.choice([0, 1, 7, 1000, rng.randint(0, 10**6)]),
                "versions": ["1.0.0"],
            }
        )
    return entries


def test_a_synthetic_catalog_with_many_ties_is_looked_up_alike(tmp_path: Path) -> None:
    raw = synthetic(600)
    with closing(open_table(tmp_path, raw)) as table:
        assert assert_same_answers(table, raw, raw[:60] + raw[-20:]) > 500


def test_chinese_summaries_are_told_past_other_words_after_kana(tmp_path: Path) -> None:
    # Bopomofo sorts after kana and before the ideographs, and is no CJK word: a hundred of
    # its words come first among the summary words at or after U+3040.
    letters = [chr(code) for code in range(0x3105, 0x310F)]
    raw = [
        {
            "id": "zhuyin",
            "name": "Zhuyin",
            "summary": " ".join(a + b for a in letters for b in letters),
            "versions": ["1.0.0"],
        },
        {
            "id": "dayjs",
            "name": "Day.js",
            "summary": "轻量级 JavaScript 日期处理库",
            "versions": ["1.0.0"],
        },
    ]
    with closing(open_table(tmp_path, raw)) as table:
        assert [hit.entry.id for hit in table.search("date library").hits] == ["dayjs"]
        assert assert_same_answers(table, raw) > 10


def test_names_and_ids_are_read_from_the_table(tmp_path: Path) -> None:
    raw = orjson.loads((COMPAT / "doctrove-demo-index.json").read_bytes())["entries"]
    with closing(open_table(tmp_path, raw)) as table:
        found = table.entry("express")
        assert found is not None and found[0] == catalog_entry(
            next(e for e in raw if e["id"] == "express")
        )
        assert table.entry("nope") is None
        assert table.named("ExpressJS") == ["express"]
        assert table.named("express") == []  # an id, not an alias
        assert table.nearest_ids("expres") == LibraryIndex(map(catalog_entry, raw)).nearest_ids(
            "expres"
        )
        with pytest.raises(InvalidRequest, match="empty"):
            table.search("   ")


def test_a_pypi_name_is_read_from_the_table_as_pypi_compares_names(tmp_path: Path) -> None:
    # "pypi:more_itertools" named no library though the library's package is
    # "pypi:more-itertools", which PyPI reads as the same name.
    raw = [
        {
            "id": "more-itertools",
            "name": "more-itertools",
            "packages": ["pypi:more-itertools", "npm:left-pad"],
            "versions": ["10.7.0"],
        }
    ]
    with closing(open_table(tmp_path, raw)) as table:
        assert table.named("pypi:more_itertools") == ["more-itertools"]
        assert table.named("PyPI:More.Itertools") == ["more-itertools"]
        assert table.named("npm:left_pad") == []  # npm's names are not PyPI's


def test_a_file_that_is_no_table_is_refused_and_its_connection_closed(tmp_path: Path) -> None:
    path = tmp_path / "lookup.sqlite"
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("CREATE TABLE other (x)")  # a database, but no meta table
    opened: list[sqlite3.Connection] = []
    real_connect = sqlite3.connect

    def recording_connect(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        opened.append(real_connect(*args, **kwargs))
        return opened[-1]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sqlite3, "connect", recording_connect)
        with pytest.raises(ClientError, match=r"is invalid: unexpected or changed table 'other'"):
            LookupTable(path, SOURCE)
    gc.collect()
    assert opened  # the file's, and the empty table its schema is compared with (once)
    for conn in opened:
        with pytest.raises(sqlite3.ProgrammingError, match="closed"):
            conn.execute("SELECT 1")


TWO_LIBRARIES = [
    {"id": "attrs", "name": "attrs", "summary": "Classes", "aliases": ["attr"], "versions": ["1"]},
    {"id": "cattrs", "name": "cattrs", "summary": "Structuring", "versions": ["2", "1"]},
]


def forged(tmp_path: Path, *statements: str) -> Path:
    """The table of two libraries, changed by ``statements``: a site's own table, vouched for
    by its lookup.json."""
    described = write_lookup_table(tmp_path, TWO_LIBRARIES, ["0" * 64] * 2)
    path = tmp_path / "forged.sqlite"
    path.write_bytes(gzip.decompress((tmp_path / described["path"]).read_bytes()))
    with closing(sqlite3.connect(path)) as conn:
        for statement in statements:
            conn.execute(statement)
        conn.commit()
    return path


@pytest.mark.parametrize(
    ("statements", "problem"),
    [
        # Every lookup ran the site's SQL: this one never ended.
        (
            (
                "ALTER TABLE keys RENAME TO old_keys",
                "CREATE VIEW keys AS WITH RECURSIVE n(row) AS (SELECT 0 UNION ALL "
                "SELECT row + 1 FROM n) SELECT 'attrs' AS key, 1 AS named, 0 AS row FROM n",
            ),
            "unexpected or changed table 'old_keys'",
        ),
        (("CREATE TRIGGER t AFTER INSERT ON meta BEGIN SELECT 1; END",), "trigger 't'"),
        # Past the last library: 1 << row asked for half a gigabyte.
        (("UPDATE keys SET row = 4000000000",), "a row of keys does not hold"),
        (("UPDATE keys SET row = 'x'",), "a row of keys does not hold"),
        (("UPDATE libraries SET aliases = 'nope'",), "a row of libraries does not hold"),
        (("UPDATE libraries SET versions = '[1]'",), "a row of libraries does not hold"),
        (("UPDATE libraries SET popularity = 'hot'",), "a row of libraries does not hold"),
        (("UPDATE words SET rows = X'010203', dense = 0",), "words: a list of rows is not whole"),
        (("UPDATE words SET rows = X'FF000000', dense = 0",), "words: a set of rows names rows"),
        (("UPDATE meta SET value = '99999999999' WHERE key = 'libraries'",), "it has 2 libraries"),
    ],
    ids=[
        "recursive-view",
        "trigger",
        "row-past-end",
        "row-text",
        "aliases",
        "versions",
        "popularity",
        "odd-blob",
        "blob-past-end",
        "count",
    ],
)
def test_a_forged_table_is_refused_when_opened(
    tmp_path: Path, statements: tuple[str, ...], problem: str
) -> None:
    # Each of these hung, or raised JSONDecodeError, ValueError or TypeError from a lookup.
    path = forged(tmp_path, *statements)
    with pytest.raises(ClientError, match=f"the lookup table {path} is invalid: .*{problem}"):
        LookupTable(path, SOURCE)


def test_a_sound_table_passes_every_check(tmp_path: Path) -> None:
    table = LookupTable(forged(tmp_path), SOURCE)
    assert [hit.entry.id for hit in table.search("attrs").hits][:1] == ["attrs"]
    table.close()
