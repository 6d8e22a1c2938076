"""How big a doctrove-shard@3 chunk should be: first-answer bytes per chunk size, same ranking.

    python bench/term_split.py --site _site --library python [--chunk-kb 8 16 32]

For each chunk size, cuts the version's whole search shard into a head and chunks with
``schemas.term_chunks.cut_into_head`` (what docbuild does), then asks each question of a new
in-memory head through the client's own code (client.index_chunks, as docclient opens a head)
and checks that the ranking (client.search.sections.rank_sections) gives the same sections and
scores as the whole shard. Prints the head's and the chunks' gzipped bytes, the bytes a cold
client fetches before each first answer (catalog, head, the question's chunks; the body packs
are the same for every size and left out) and what each later question adds.
"""

from __future__ import annotations

import argparse
import gzip
import sqlite3
import sys
import tempfile
from pathlib import Path

import orjson

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from first_answer import search_shard_site  # noqa: E402
from python_questions import MORE_QUESTIONS  # noqa: E402
from python_questions import QUESTIONS as PYTHON_QUESTIONS  # noqa: E402

from builder.shard_gzip import HEAD_GZIP_LEVEL, HEAD_PIECES, gzip_bytes, gzip_data  # noqa: E402
from client.disk_cache import DiskCache  # noqa: E402
from client.index_chunks import ChunkedConnection, IndexChunks  # noqa: E402
from client.search.model import default_model  # noqa: E402
from client.search.query import parse_focus  # noqa: E402
from client.search.sections import rank_sections  # noqa: E402
from schemas.section_columns import restore_rows  # noqa: E402
from schemas.shards import content_name, read_shard_meta  # noqa: E402
from schemas.term_chunks import chunk_path, cut_into_head, head_segment  # noqa: E402

QUESTIONS = (*PYTHON_QUESTIONS, *MORE_QUESTIONS)


def ranking(conn: sqlite3.Connection, question: str) -> list[tuple[int, float]]:
    ranked = rank_sections(conn, parse_focus(question), default_model()).ranked
    return [(r.described.candidate.section_id, round(r.score, 9)) for r in ranked]


def cut(whole: Path, library: str, chunk_kb: int, work: Path) -> tuple[bytes, dict[str, bytes]]:
    """The gzipped head and the published chunks by path, cut at ``chunk_kb`` KB raw and
    compressed as docbuild compresses them."""
    head = work / f"head-{chunk_kb}.sqlite"
    head.write_bytes(whole.read_bytes())
    conn = sqlite3.connect(head, isolation_level=None)
    published = cut_into_head(conn, gzip_bytes, chunk_kb * 1024, min_index_bytes=0)
    shard_format = read_shard_meta(conn)["format"]
    conn.execute("VACUUM")
    conn.close()
    chunks = {chunk_path(library, content_name(p.sha256, shard_format)): p.data for p in published}
    return gzip_data(head.read_bytes(), level=HEAD_GZIP_LEVEL, rule=HEAD_PIECES), chunks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, required=True)
    parser.add_argument("--library", required=True)
    parser.add_argument("--chunk-kb", type=int, nargs="+", default=[8, 16, 32])
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        search_shard_site(args.site, work / "site")  # every head put back whole
        catalog = orjson.loads((work / "site" / "catalog.json").read_bytes())
        entry = next(e for e in catalog["entries"] if e["id"] == args.library)
        ref = entry["shards"][entry["versions"][0]]
        whole = work / "whole.sqlite"
        whole.write_bytes(gzip.decompress((work / "site" / ref["path"]).read_bytes()))
        catalog_bytes = (args.site / "catalog.json").stat().st_size
        reference = sqlite3.connect(f"file:{whole}?mode=ro", uri=True)
        print(f"whole search shard {ref['bytes']:,} B gzipped; catalog {catalog_bytes:,} B")
        for chunk_kb in args.chunk_kb:
            head, chunks = cut(whole, args.library, chunk_kb, work)
            raw_head = gzip.decompress(head)
            print(
                f"{chunk_kb} KB chunks: head {len(head):,} B, {len(chunks)} chunks "
                f"{sum(map(len, chunks.values())):,} B in all"
            )
            fetched: set[str] = set()
            cold: list[int] = []
            later: list[int] = []
            differ = 0
            for question in QUESTIONS:
                asked: list[str] = []

                def fetch(
                    path: str,
                    _size: int,
                    _sha256: str,
                    _kept_as: str,
                    asked: list[str] = asked,
                    chunks: dict[str, bytes] = chunks,
                ) -> bytes:
                    asked.append(path)
                    return chunks[path]

                conn = sqlite3.connect(":memory:", factory=ChunkedConnection)
                conn.deserialize(raw_head)
                restore_rows(conn, int(ref["sections"]))  # a head's sections, as a client does
                segment = head_segment(conn)
                assert segment is not None
                cache = DiskCache(work / f"cache-{chunk_kb}-{len(cold)}")
                conn.chunks = IndexChunks(conn, args.library, segment, cache, fetch, str(args.site))
                try:
                    differ += ranking(conn, question) != ranking(reference, question)
                except sqlite3.DatabaseError as error:  # a page the chunks did not bring
                    differ += 1
                    print(f"  {question!r}: {error}")
                conn.close()
                cold.append(catalog_bytes + len(head) + sum(len(chunks[p]) for p in asked))
                later.append(sum(len(chunks[p]) for p in set(asked) - fetched))
                fetched.update(asked)
            cold.sort()
            print(
                f"  cold first answer {cold[0]:,} - {cold[-1]:,} B "
                f"(median {cold[len(cold) // 2]:,}) over {len(QUESTIONS)} questions; "
                f"later questions add {min(later[1:]):,} - {max(later[1:]):,} B; "
                f"rankings unlike the whole shard's: {differ}"
            )
        reference.close()


if __name__ == "__main__":
    main()
