"""The example corpus as the evaluation searches it: built with the builder, one shard per version.

The evaluation is not part of the client, so it may build the site itself. Shards are unpacked
from the built site exactly as a client would receive them.
"""

from __future__ import annotations

import gzip
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import Any, TypeVar

import orjson

from builder.config import load_catalog
from builder.pipeline import build_site
from client.disk_cache import DiskCache
from client.index_chunks import IndexChunks, load_index_for
from client.search.elsewhere import answered_elsewhere
from client.search.sections import search_sections
from client.section_bodies import SectionBodies
from client.shard_store import open_shard_file
from client.versions import select_version
from eval.gold import BuiltSection
from schemas.shards import FTS_TABLE, HEAD_FORMATS, SPLIT_FORMAT
from schemas.text import match_expression

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "docbuild.toml"
EVAL_LIMIT = 10


class Corpus:
    """Open shards by (library id, version), the versions each library lists, and where each
    version's docs were read from (None for versions imported from an index)."""

    def __init__(
        self,
        shards: dict[tuple[str, str], sqlite3.Connection],
        versions: dict[str, list[str]],
        docs: dict[tuple[str, str], Path | None],
        vectors: dict[tuple[str, str], Path] | None = None,
    ):
        self.shards = shards
        self.versions = versions
        self.docs = docs
        self.vectors = vectors or {}  # the .vec sidecar of each version, when built with embed

    def resolve_version(self, library: str, version: str | None) -> str:
        return select_version(version, self.versions[library]).version

    def shard(self, library: str, version: str | None) -> sqlite3.Connection:
        return self.shards[library, self.resolve_version(library, version)]

    def keys(self, conn: sqlite3.Connection) -> set[str]:
        """Every section key of a shard ("source#anchor", or "#anchor" without a source)."""
        return {section_key(s, a) for s, a in conn.execute("SELECT source, anchor FROM sections")}

    def sections(self, conn: sqlite3.Connection) -> list[BuiltSection]:
        rows = conn.execute("SELECT source, anchor, heading FROM sections ORDER BY id")
        return [BuiltSection(section_key(s, a), s or "", h) for s, a, h in rows]


def section_key(source: str | None, anchor: str) -> str:
    """How the evaluation names a section, gold and candidates alike: "source#anchor"."""
    return f"{source or ''}#{anchor}"


@contextmanager
def open_corpus(
    config: Path = EXAMPLES,
    *,
    site: Path | None = None,
    embed: str | None = None,
    cache_dir: Path | None = None,
) -> Iterator[Corpus]:
    """Build the examples into a temporary folder and open every shard read-only; ``site``
    is a site already built from ``config`` to open instead (the tests share one build); with
    ``embed``, also embed every section (vectors already in ``cache_dir`` are reused)."""
    catalog_config = load_catalog(config)
    docs = {
        (library.id, version.version): version.directory
        for library in catalog_config.libraries
        for version in library.versions
    }
    with TemporaryDirectory(prefix="doctrove-eval-") as folder:
        root = Path(folder)
        if site is None:
            site = root / "site"
            build_site(catalog_config, site, embed=embed, cache_dir=cache_dir)
        catalog = orjson.loads((site / "catalog.json").read_bytes())
        shards: dict[tuple[str, str], sqlite3.Connection] = {}
        versions: dict[str, list[str]] = {}
        vectors: dict[tuple[str, str], Path] = {}
        try:
            for entry in catalog["entries"]:
                versions[entry["id"]] = list(entry["versions"])
                for version, ref in entry["shards"].items():
                    shards[entry["id"], version] = open_built_shard(
                        site, root, entry["id"], version, ref
                    )
                    if "vectors" in ref:
                        vectors[entry["id"], version] = site / ref["vectors"]["path"]
            yield Corpus(shards, versions, docs, vectors)
        finally:
            for conn in shards.values():
                conn.close()


def open_built_shard(
    site: Path, root: Path, library_id: str, version: str, ref: dict[str, Any]
) -> sqlite3.Connection:
    """A version's shard from the built site, opened as the client opens it (a search shard's
    bodies read from the site's packs)."""
    packed = (site / ref["path"]).read_bytes()
    raw = root / f"{library_id}-{ref['sha256'][:16]}.sqlite"
    raw.write_bytes(gzip.decompress(packed) if ref["path"].endswith(".gz") else packed)
    cache = DiskCache(root / "cache")

    def read(path: str, _size: int, _sha256: str, _kept_as: str) -> bytes:
        return (site / path).read_bytes()

    def bodies(conn: sqlite3.Connection) -> SectionBodies:
        return SectionBodies(conn, library_id, cache, read, str(site))

    def chunks(conn: sqlite3.Connection, segment: int) -> IndexChunks:
        return IndexChunks(conn, library_id, segment, cache, read, str(site))

    shard_format = ref["format"]
    opened = open_shard_file(
        raw,
        library_id,
        version,
        ref["sections"],
        bodies if shard_format in (SPLIT_FORMAT, *HEAD_FORMATS) else None,
        chunks if shard_format in HEAD_FORMATS else None,
    )
    if isinstance(opened, list):
        raise RuntimeError(f"the built shard {ref['path']} is invalid: {opened[0]}")
    return opened


def search_ours(conn: sqlite3.Connection, text: str) -> list[str]:
    """The client's ranking: keys of up to EVAL_LIMIT sections, best first."""
    result = search_sections(conn, text, max_sections=EVAL_LIMIT, max_tokens=50_000)
    return [section_key(s.source, s.anchor) for s in result.sections]


Read = TypeVar("Read")


def answers_ours(corpus: Corpus) -> Callable[[sqlite3.Connection, str], list[str]]:
    """What doc_extract answers: the client's ranking, then its look at the version before and
    the latest one, for a focus word this version's docs never use or a section they lack
    (client.search.elsewhere)."""
    where = {id(conn): key for key, conn in corpus.shards.items()}

    def answer(conn: sqlite3.Connection, text: str) -> list[str]:
        library, version = where[id(conn)]
        result = search_sections(conn, text, max_sections=EVAL_LIMIT, max_tokens=50_000)

        def read(other: str, reader: Callable[[sqlite3.Connection], Read]) -> Read | None:
            return reader(corpus.shards[library, other])

        result = answered_elsewhere(result, text, corpus.versions[library], version, read)
        return [section_key(s.source, s.anchor) for s in result.sections]

    return answer


def search_baseline(conn: sqlite3.Connection, text: str) -> list[str]:
    """Plain FTS5: any of the query's words, unweighted bm25(), no reranking, no floor."""
    expression = match_expression(text)
    if not expression:
        return []
    load_index_for(conn, expression)
    rows = conn.execute(
        f"SELECT s.source, s.anchor FROM {FTS_TABLE} "
        f"JOIN sections AS s ON s.id = {FTS_TABLE}.rowid "
        f"WHERE {FTS_TABLE} MATCH ? ORDER BY bm25({FTS_TABLE}), s.id LIMIT ?",
        (expression, EVAL_LIMIT),
    )
    return [section_key(source, anchor) for source, anchor in rows]
