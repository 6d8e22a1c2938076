"""What a search shard split by term would cost a first answer, checked against the real ranking.

    python bench/term_split.py --site _site --library corpus [--chunk-kb 16]

The design issue 16 still lacks: the client fetches a version's *head* (the search shard without
its FTS5 index pages: sections, document sizes, the index's structure and page directory) and
then only the index pages that hold the focus' tokens, grouped into chunks of consecutive pages
(a term range each). FTS5 keeps one segment after the builder's optimize; its leaves are sorted
by term and the ``%_idx`` table names the first term of each leaf page, so the pages a token can
occupy are known before any query runs: from the page where the token would start up to and
including the page where the next listed term starts (a doclist may end there). Doclist-index
pages go with the leaf they index.

For each question this inserts into a copy of the head exactly the chunks its tokens need and
runs the client's ranking (client.search.sections.rank_sections) on it and on the whole shard:
the two must give the same sections and scores, or the design is wrong. It prints the head's
and the chunks' gzipped bytes, cold for each question and cumulative over all of them, beside
today's whole search shard. Nothing here is used by docbuild or docclient yet.
"""

from __future__ import annotations

import argparse
import bisect
import gzip
import sqlite3
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import orjson

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from python_questions import QUESTIONS as PYTHON_QUESTIONS  # noqa: E402

from client.search.model import default_model  # noqa: E402
from client.search.query import parse_focus  # noqa: E402
from client.search.sections import in_docs_language, rank_sections  # noqa: E402
from schemas.shards import FTS_TABLE  # noqa: E402

QUESTIONS = (
    *PYTHON_QUESTIONS,
    "how do I make a temporary directory that is removed afterwards",
    "sort a list of dicts by a key",
    "parse command line arguments with subcommands",
    "http server that serves the current directory",
    "compare floating point numbers approximately",
    "run a function in a thread pool and collect the results",
    "logging to a file with rotation",
    "pathlib glob recursive",
    "what does the walrus operator do",
    "读取 JSON 文件",
)
# FTS5 rowids of its %_data table: segment above bit 37, then a doclist-index flag, a height
# and the page number in the low 31 bits (fts5Int.h).
_SEGMENT_SHIFT, _PAGE_BITS = 37, 31
_PAGE_MASK = (1 << _PAGE_BITS) - 1


@dataclass(frozen=True)
class Split:
    head: bytes  # the head database, gzipped
    chunk_of_page: dict[int, int]  # leaf page -> chunk number
    chunks: list[list[tuple[int, bytes]]]  # per chunk: its %_data rows (id, block)
    chunk_bytes: list[int]  # per chunk: gzipped size
    first_terms: list[bytes]  # %_idx: first term of each listed leaf page, sorted
    first_pages: list[int]
    last_page: int


def split_shard(shard: Path, chunk_bytes: int, work: Path) -> Split:
    """Cut ``shard`` into a head and chunks of about ``chunk_bytes`` raw bytes of index pages,
    cut only where a listed term starts a page."""
    conn = sqlite3.connect(shard)
    segments = {s for (s,) in conn.execute(f"SELECT DISTINCT segid FROM {FTS_TABLE}_idx")}
    if len(segments) != 1:
        raise SystemExit(f"{shard}: {len(segments)} FTS5 segments; an optimized shard has one")
    (segment,) = segments
    listed = conn.execute(
        f"SELECT term, pgno FROM {FTS_TABLE}_idx WHERE segid = ? ORDER BY term", (segment,)
    ).fetchall()
    pages: dict[int, list[tuple[int, bytes]]] = {}
    for rowid, block in conn.execute(f"SELECT id, block FROM {FTS_TABLE}_data"):
        if rowid >> _SEGMENT_SHIFT == segment:  # a leaf or doclist-index page of the segment
            pages.setdefault(rowid & _PAGE_MASK, []).append((rowid, bytes(block)))
    conn.close()
    # %_idx stores a page number shifted left by one, its low bit saying whether the doclist
    # that starts there has a doclist index.
    starts = {int(pgno) >> 1 for _, pgno in listed}
    chunk_of_page: dict[int, int] = {}
    chunks: list[list[tuple[int, bytes]]] = [[]]
    size = 0
    for page in sorted(pages):
        if size >= chunk_bytes and page in starts:
            chunks.append([])
            size = 0
        chunks[-1].extend(pages[page])
        size += sum(len(block) for _, block in pages[page])
        chunk_of_page[page] = len(chunks) - 1
    head_path = work / "head.sqlite"
    head_path.write_bytes(shard.read_bytes())
    head = sqlite3.connect(head_path)
    head.execute(f"DELETE FROM {FTS_TABLE}_data WHERE id >> {_SEGMENT_SHIFT} = ?", (segment,))
    head.commit()
    head.execute("VACUUM")
    head.close()
    return Split(
        head=gzip.compress(head_path.read_bytes(), 6),
        chunk_of_page=chunk_of_page,
        chunks=chunks,
        chunk_bytes=[len(gzip.compress(_packed(chunk), 6)) for chunk in chunks],
        first_terms=[bytes(term) for term, _ in listed],
        first_pages=[int(pgno) >> 1 for _, pgno in listed],
        last_page=max(pages),
    )


def _packed(rows: list[tuple[int, bytes]]) -> bytes:
    """A chunk as a file would hold it: each row's id (8 bytes), length (4 bytes) and block."""
    return b"".join(
        rowid.to_bytes(8, "big") + len(block).to_bytes(4, "big") + block for rowid, block in rows
    )


def pages_of_token(split: Split, token: str) -> range:
    """The leaf pages a token's doclist may occupy (FTS5 seeks through %_idx the same way)."""
    key = b"0" + token.encode("utf-8")
    at = bisect.bisect_right(split.first_terms, key) - 1
    start = split.first_pages[at] if at >= 0 else 1
    following = split.first_pages[at + 1] if at + 1 < len(split.first_pages) else split.last_page
    return range(start, following + 1)


def tokens_of(conn: sqlite3.Connection, question: str) -> set[str]:
    """Every token the ranking may look up: the focus' own (the docs' language is checked
    with them) and those of the focus as the docs can hold it."""
    asked = parse_focus(question)
    focuses = (asked, in_docs_language(conn, asked))
    ways = [way for focus in focuses for concept in focus.concepts for way in concept.ways]
    return {token for way in ways for token in way.tokens}


def chunks_for(split: Split, tokens: set[str]) -> set[int]:
    return {
        split.chunk_of_page[page]
        for token in tokens
        for page in pages_of_token(split, token)
        if page in split.chunk_of_page
    }


def ranking(conn: sqlite3.Connection, question: str) -> list[tuple[int, float]]:
    ranked = rank_sections(conn, parse_focus(question), default_model()).ranked
    return [(r.described.candidate.section_id, round(r.score, 9)) for r in ranked]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, required=True)
    parser.add_argument("--library", required=True)
    parser.add_argument("--chunk-kb", type=int, default=16, help="raw index bytes per chunk")
    args = parser.parse_args()
    catalog = orjson.loads((args.site / "catalog.json").read_bytes())
    entry = next(e for e in catalog["entries"] if e["id"] == args.library)
    version = entry["versions"][0]
    ref = entry["shards"][version]
    whole_gz = (args.site / ref["path"]).stat().st_size
    catalog_bytes = (args.site / "catalog.json").stat().st_size
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        shard = work / "search.sqlite"
        shard.write_bytes(gzip.decompress((args.site / ref["path"]).read_bytes()))
        split = split_shard(shard, args.chunk_kb * 1024, work)
        whole = sqlite3.connect(f"file:{shard}?mode=ro", uri=True)
        print(
            f"whole search shard {whole_gz:,} B gzipped; head {len(split.head):,} B; "
            f"{len(split.chunks)} chunks of ~{args.chunk_kb} KB raw, {sum(split.chunk_bytes):,} "
            f"B gzipped in all; catalog {catalog_bytes:,} B"
        )
        fetched: set[int] = set()
        mismatches = 0
        for question in QUESTIONS:
            needed = chunks_for(split, tokens_of(whole, question))
            local = work / "local.sqlite"
            local.write_bytes(gzip.decompress(split.head))
            conn = sqlite3.connect(local)
            rows = [row for number in sorted(needed) for row in split.chunks[number]]
            conn.executemany(f"INSERT INTO {FTS_TABLE}_data(id, block) VALUES (?, ?)", rows)
            conn.commit()
            try:
                same = ranking(conn, question) == ranking(whole, question)
            except sqlite3.DatabaseError as error:  # a page the design failed to fetch
                same = False
                print(f"  {question!r}: {error}")
            conn.close()
            mismatches += not same
            cold = catalog_bytes + len(split.head) + sum(split.chunk_bytes[n] for n in needed)
            new = sum(split.chunk_bytes[n] for n in needed - fetched)
            fetched |= needed
            print(
                f"  {question[:48]:<48} {len(needed):>3} chunks; cold first answer {cold:>9,} B;"
                f" after the others {new:>7,} B more; same ranking: {'yes' if same else 'NO'}"
            )
        print(f"questions whose ranking differs from the whole shard's: {mismatches}")
        whole.close()


if __name__ == "__main__":
    main()
