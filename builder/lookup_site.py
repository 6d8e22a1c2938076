"""Write a site's lookup files: the lookup table, one catalog record per library, lookup.json.

A client of a large site reads lookup.json (a few hundred bytes), then the lookup table only to
look a library up, and a library's record only when asked about that library: never a
catalog.json of every library (schemas/lookup_table.py). Everything is written from the built
catalog entries alone, in id order, with a fixed page size, VACUUMed and gzipped without a
timestamp, so the same entries always give the same bytes.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from builder.catalog import catalog_bytes, catalog_of, with_build_id, write_catalog
from builder.config import SiteConfig
from schemas.gzip_member import gzip_member
from schemas.library_keys import library_keys, name_words, summary_words
from schemas.lookup_table import (
    LOOKUP_FILE,
    LOOKUP_FORMAT,
    NAME_FIELD,
    PAGE_SIZE,
    RECORD_PATH,
    STORED_PREFIX,
    SUMMARY_FIELD,
    TABLE_FORMAT,
    encode_rows,
    record_path,
    table_ddl,
)
from schemas.text import TOKENIZER

TABLE_FOLDER = "catalog"


@dataclass(frozen=True)
class LookupFiles:
    table_path: str
    table_bytes: int
    lookup_bytes: int


def write_lookup_files(
    site_dir: Path,
    site: SiteConfig,
    entries: Sequence[dict[str, Any]],
    builder_version: str,
    updated_at: str | None,
    files: Mapping[str, Mapping[str, Any]],
    library_indexes: Mapping[str, Mapping[str, Any]],
) -> LookupFiles:
    """Write every library's record, the lookup table and lookup.json. ``entries`` are the
    catalog entries in id order; ``files`` the whole-site files written ("catalog", "index");
    ``library_indexes`` each library's own index.json written, by id, which its record lists."""
    records = [
        _write_record(
            site_dir, site, entry, builder_version, updated_at, library_indexes.get(entry["id"])
        )
        for entry in entries
    ]
    table = write_lookup_table(site_dir, entries, records)
    document: dict[str, Any] = {
        "format": LOOKUP_FORMAT,
        "builderVersion": builder_version,
        "site": {"title": site.title, "baseUrl": site.base_url},
        "libraries": len(entries),
        "table": table,
        "records": RECORD_PATH,
        **{name: dict(description) for name, description in files.items()},
    }
    size = write_catalog(site_dir, with_build_id(document, updated_at), LOOKUP_FILE)
    return LookupFiles(table["path"], table["bytes"], size)


def _write_record(
    site_dir: Path,
    site: SiteConfig,
    entry: dict[str, Any],
    builder_version: str,
    updated_at: str | None,
    index: Mapping[str, Any] | None,
) -> str:
    """Write one library's doctrove-catalog@1 record (listing ``index``, the library's own
    index.json, when it was written); the sha256 of its bytes."""
    data = catalog_bytes(catalog_of(site, [entry], builder_version, updated_at, index))
    path = site_dir / record_path(str(entry["id"]))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return hashlib.sha256(data).hexdigest()


def _ranked(entries: Sequence[dict[str, Any]]) -> list[int]:
    """Indexes of ``entries`` by rank: most popular first, then by id (the table's rows)."""
    return sorted(
        range(len(entries)),
        key=lambda i: (-float(entries[i].get("popularity", 0)), str(entries[i]["id"])),
    )


def _rows(entries: Sequence[dict[str, Any]], records: Sequence[str]) -> tuple[list[Any], ...]:
    libraries: list[Any] = []
    keys: set[tuple[str, int, int]] = set()
    found: dict[tuple[str, int], set[int]] = defaultdict(set)
    for row, i in enumerate(_ranked(entries)):
        entry, record = entries[i], records[i]
        aliases, packages = entry.get("aliases", []), entry.get("packages", [])
        libraries.append(
            (
                row,
                entry["id"],
                entry["name"],
                entry.get("summary", ""),
                orjson.dumps(aliases).decode(),
                orjson.dumps(packages).decode(),
                float(entry.get("popularity", 0)),
                entry.get("homepage"),
                orjson.dumps(entry["versions"]).decode(),
                record,
            )
        )
        for key, kind, _label in library_keys(entry["id"], entry["name"], aliases, packages):
            keys.add((key, int(kind in ("id", "name")), row))
        for word in name_words(entry["id"], entry["name"], aliases):
            found[(word, NAME_FIELD)].add(row)
        for word in summary_words(entry.get("summary", ""), packages):
            found[(word, SUMMARY_FIELD)].add(row)
    count = len(libraries)
    word_rows = [
        (word, field, *encode_rows(sorted(rows), count))
        for (word, field), rows in sorted(found.items())
    ]
    ordered = sorted(keys)
    return libraries, ordered, _prefix_rows(ordered, count), word_rows


def _prefix_rows(keys: Sequence[tuple[str, int, int]], count: int) -> list[Any]:
    """(prefix, named, dense, rows) for every prefix of more than STORED_PREFIX keys."""
    starting: Counter[str] = Counter()
    for key, _named, _row in keys:
        starting.update(key[:length] for length in range(1, len(key) + 1))
    stored = {prefix for prefix, n in starting.items() if n > STORED_PREFIX}
    rows: dict[tuple[str, int], set[int]] = {(p, n): set() for p in stored for n in (0, 1)}
    for key, named, row in keys:
        for length in range(1, len(key) + 1):
            if key[:length] in stored:
                rows[(key[:length], named)].add(row)
    return [(p, n, *encode_rows(sorted(found), count)) for (p, n), found in sorted(rows.items())]


def write_lookup_table(
    site_dir: Path, entries: Sequence[dict[str, Any]], records: Sequence[str]
) -> dict[str, Any]:
    """Write the gzipped lookup table of ``entries`` (catalog entries in id order, ``records``
    the sha256 of each one's record) under ``site_dir``; its description for lookup.json."""
    folder = site_dir / TABLE_FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    raw = folder / f".lookup.{os.getpid()}.tmp.sqlite"
    raw.unlink(missing_ok=True)
    libraries, keys, prefixes, found = _rows(entries, records)
    conn = sqlite3.connect(raw)
    try:
        conn.execute(f"PRAGMA page_size = {PAGE_SIZE}")
        conn.execute("PRAGMA journal_mode = OFF")
        conn.executescript(table_ddl())
        meta = [
            ("format", TABLE_FORMAT),
            ("tokenizer", TOKENIZER),
            ("libraries", str(len(libraries))),
        ]
        conn.executemany("INSERT INTO meta VALUES (?, ?)", meta)
        conn.executemany(f"INSERT INTO libraries VALUES ({', '.join('?' * 10)})", libraries)
        conn.executemany("INSERT INTO keys VALUES (?, ?, ?)", keys)
        conn.executemany("INSERT INTO prefixes VALUES (?, ?, ?, ?)", prefixes)
        conn.executemany("INSERT INTO words VALUES (?, ?, ?, ?)", found)
        conn.commit()
        conn.execute("VACUUM")
    finally:
        conn.close()
    data = raw.read_bytes()
    raw.unlink()
    packed = gzip_member(data, 6)
    sha256 = hashlib.sha256(packed).hexdigest()
    path = f"{TABLE_FOLDER}/lookup.{sha256[:16]}.sqlite.gz"
    (site_dir / path).write_bytes(packed)
    return {
        "path": path,
        "sha256": sha256,
        "bytes": len(packed),
        "rawBytes": len(data),
        "format": TABLE_FORMAT,
        "tokenizer": TOKENIZER,
    }
