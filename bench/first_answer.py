"""Bytes and time to a cold client's first doc_extract, and to the next five questions.

    python bench/first_answer.py --site _site --library python
    python bench/first_answer.py --corpus py311/usr/share/doc/python3.11/html   # as the issue
    python bench/first_answer.py --site _site --library python --latency-ms 50
    python bench/first_answer.py --site _site --library python --latency-ms 50 --mbit 20
    python bench/first_answer.py --site _site --library python --each   # 16 cold questions

Serves the built site with ``python -m builder.serve`` over loopback as built (on a large
version a doctrove-shard@6 head, its sections sent as columns that leave out what rows derive
from each other and its packs and chunks named by 128 bits of their sha256, whose index chunks
are fetched per query, plus body packs fetched per answered page) and, for reference in the
same run, five copies of it: one whose heads are doctrove-shard@5 (the head the builder
published before: fewer codes, whole names), one whose heads send every value of their columns
(doctrove-shard@4), one whose heads hold their sections as rows (doctrove-shard@3, the head
before columns), one whose catalog points at each head put back together as one
doctrove-shard@2 search shard (what the builder published before heads), and one pointing at
the whole doctrove-shard@1 shard it wrote before that (built from the site's index.json with
the same code). The copies' heads are gzipped at level 6, as those builders wrote them. Each
request waits ``--latency-ms`` before it is sent (a round trip added in the client's
transport), and 0 ms for comparison; with ``--mbit`` every response shares a link of that
bandwidth (else loopback's). For each format and latency it asks six
different questions with an empty cache (cold), then the same six from a new client on the warm
disk cache, and prints the bytes on the wire, the requests and the wall time of each answer and
of all six; it also checks that every format answers every question with the same sections.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import orjson

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from pagefind import stage_corpus  # noqa: E402
from python_questions import MORE_QUESTIONS, QUESTIONS  # noqa: E402

from client.assemble import make_service  # noqa: E402
from client.config import resolve_settings  # noqa: E402
from schemas.body_packs import pack_path  # noqa: E402
from schemas.column_encoding import move_rows_to_columns  # noqa: E402
from schemas.digests import file_sha256  # noqa: E402
from schemas.section_columns import COLUMNS_TABLE, restore_rows  # noqa: E402
from schemas.shard_build import build_database  # noqa: E402
from schemas.shards import (  # noqa: E402
    CHUNKED_FORMAT,
    DERIVED_FORMAT,
    HEAD_FORMATS,
    PLAIN_COLUMNS_FORMAT,
    SECTION_COLUMN_FORMATS,
    SHARD_FORMAT,
    SPLIT_FORMAT,
    name_digits,
)
from schemas.term_chunks import (  # noqa: E402
    chunk_path,
    chunk_refs,
    decode_rows,
    head_segment,
    inflate_chunk,
    insert_rows,
)


class Link:
    """A link of ``mbit`` megabits a second that every response shares (None: unlimited): a
    body's bytes arrive no faster than the link carries them after those before them."""

    def __init__(self, mbit: float | None) -> None:
        self.bytes_per_second = None if mbit is None else mbit * 1e6 / 8
        self.free_at = 0.0
        self.lock = threading.Lock()

    def carry(self, size: int) -> None:
        if self.bytes_per_second is None:
            return
        with self.lock:
            now = time.perf_counter()
            self.free_at = max(now, self.free_at) + size / self.bytes_per_second
            wait = self.free_at - now
        time.sleep(wait)


class CountingStream(httpx.SyncByteStream):
    def __init__(self, stream: httpx.SyncByteStream, owner: DelayingTransport) -> None:
        self.stream, self.owner = stream, owner

    def __iter__(self) -> Iterator[bytes]:
        for chunk in self.stream:
            self.owner.link.carry(len(chunk))
            with self.owner.lock:
                self.owner.received += len(chunk)
            yield chunk

    def close(self) -> None:
        self.stream.close()


class DelayingTransport(httpx.HTTPTransport):
    """Adds a round trip's latency to each request; counts requests and body bytes received."""

    def __init__(self, latency: float, link: Link) -> None:
        super().__init__()
        self.latency, self.link, self.received, self.requests = latency, link, 0, 0
        self.lock = threading.Lock()  # packs and chunks arrive on several threads

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        time.sleep(self.latency)
        with self.lock:
            self.requests += 1
        response = super().handle_request(request)
        stream = response.stream
        if not isinstance(stream, httpx.SyncByteStream):
            raise TypeError("expected a synchronous response stream")
        return httpx.Response(
            response.status_code,
            headers=response.headers,
            stream=CountingStream(stream, self),
            extensions=response.extensions,
            request=request,
        )


def _index_entries(site: Path, catalog: dict[str, Any]) -> list[dict[str, Any]]:
    """The index.json entries of the catalog's libraries: the whole site's index.json, or,
    where the builder left it out for its size (a large version), each library's own."""
    whole = site / "index.json"
    if whole.is_file():
        return list(orjson.loads(whole.read_bytes())["entries"])
    return [
        entry
        for listed in catalog["entries"]
        for entry in orjson.loads((site / "libs" / listed["id"] / "index.json").read_bytes())[
            "entries"
        ]
    ]


def whole_shard_site(site: Path, target: Path) -> None:
    """``target``: the site's catalog with every version's whole doctrove-shard@1 shard, as the
    builder published it before the search shard and body packs."""
    catalog = orjson.loads((site / "catalog.json").read_bytes())
    volumes = {e["id"]: e["volumes"] for e in _index_entries(site, catalog)}
    for entry in catalog["entries"]:
        for version, ref in entry["shards"].items():
            raw = target / "whole.sqlite"
            raw.unlink(missing_ok=True)
            sections = volumes[entry["id"]][version]["sections"]
            build_database(raw, entry["id"], version, sections)
            packed = gzip.compress(raw.read_bytes(), compresslevel=6, mtime=0)
            stem = ref["path"].rsplit(".", 3)[0]
            (target / "whole.gz").write_bytes(packed)
            sha256 = file_sha256(target / "whole.gz")
            path = f"{stem}.{sha256[:16]}.sqlite.gz"
            (target / path).parent.mkdir(parents=True, exist_ok=True)
            (target / "whole.gz").rename(target / path)
            ref.update(
                path=path,
                sha256=sha256,
                bytes=len(packed),
                rawBytes=raw.stat().st_size,
                format=SHARD_FORMAT,
            )
            raw.unlink()
    (target / "catalog.json").write_bytes(orjson.dumps(catalog, option=orjson.OPT_SORT_KEYS))


def rows_head_site(site: Path, target: Path) -> None:
    """``target``: a copy of the site whose catalog points at each head with its sections put
    back in their table: the doctrove-shard@3 head the builder published before section
    columns (chunks and packs are the same files)."""
    _rewrite_heads(site, target, CHUNKED_FORMAT, lambda _site, _entry, _conn: None)


def plain_columns_site(site: Path, target: Path) -> None:
    """``target``: a copy of the site whose heads send every value of their section columns:
    the doctrove-shard@4 head the builder published before doctrove-shard@5."""

    def send_every_value(_site: Path, _entry: dict[str, Any], conn: sqlite3.Connection) -> None:
        move_rows_to_columns(conn, PLAIN_COLUMNS_FORMAT)

    _rewrite_heads(site, target, PLAIN_COLUMNS_FORMAT, send_every_value)


def derived_columns_site(site: Path, target: Path) -> None:
    """``target``: a copy of the site whose heads are doctrove-shard@5, the head the builder
    published before doctrove-shard@6 (fewer codes, packs and chunks named in full)."""

    def send_fewer_codes(_site: Path, _entry: dict[str, Any], conn: sqlite3.Connection) -> None:
        move_rows_to_columns(conn, DERIVED_FORMAT)

    _rewrite_heads(site, target, DERIVED_FORMAT, send_fewer_codes)


def search_shard_site(site: Path, target: Path) -> None:
    """``target``: a copy of the site whose catalog points at each head with all its chunks put
    back as one doctrove-shard@2 search shard (the body packs are the same files)."""

    def put_chunks_back(site: Path, entry: dict[str, Any], conn: sqlite3.Connection) -> None:
        segment = head_segment(conn)
        assert segment is not None
        for chunk in chunk_refs(conn):
            data = (site / chunk_path(entry["id"], chunk.sha256)).read_bytes()
            insert_rows(conn, decode_rows(inflate_chunk(data, chunk), segment, chunk))
        conn.execute("DROP TABLE chunks")

    _rewrite_heads(site, target, SPLIT_FORMAT, put_chunks_back)


def _rewrite_heads(
    site: Path,
    target: Path,
    shard_format: str,
    change: Callable[[Path, dict[str, Any], sqlite3.Connection], None],
) -> None:
    """``target``: a copy of the site whose heads are changed by ``change`` (with their rows in
    their table first) and published as ``shard_format``."""
    shutil.copytree(site, target, copy_function=os.link, dirs_exist_ok=True)
    catalog = orjson.loads((site / "catalog.json").read_bytes())
    for entry in catalog["entries"]:
        for ref in entry["shards"].values():
            if ref["format"] not in HEAD_FORMATS:
                continue
            raw = target / "search.sqlite"
            raw.write_bytes(gzip.decompress((site / ref["path"]).read_bytes()))
            conn = sqlite3.connect(raw, isolation_level=None)
            if ref["format"] in SECTION_COLUMN_FORMATS:
                restore_rows(conn, int(ref["sections"]))
                conn.execute(f"DROP TABLE {COLUMNS_TABLE}")
            change(site, entry, conn)
            if name_digits(shard_format) != name_digits(ref["format"]):
                _name_in_full(conn, site, target, entry["id"])
            conn.execute("UPDATE meta SET value = ? WHERE key = 'format'", (shard_format,))
            conn.execute("VACUUM")
            conn.close()
            packed = gzip.compress(raw.read_bytes(), compresslevel=6, mtime=0)
            sha256 = hashlib.sha256(packed).hexdigest()
            path = f"{ref['path'].rsplit('.', 3)[0]}.{sha256[:16]}.sqlite.gz"
            (target / path).write_bytes(packed)
            ref.update(
                path=path,
                sha256=sha256,
                bytes=len(packed),
                rawBytes=raw.stat().st_size,
                format=shard_format,
            )
            raw.unlink()
    (target / "catalog.json").unlink()
    (target / "catalog.json").write_bytes(orjson.dumps(catalog, option=orjson.OPT_SORT_KEYS))


def _name_in_full(conn: sqlite3.Connection, site: Path, target: Path, library_id: str) -> None:
    """Name the packs and chunks a head lists by their whole sha256, as builders before
    doctrove-shard@6 did: in its tables, and as files in ``target`` (links to ``site``'s)."""
    tables = [t for (t,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    for table, path_of in (("packs", pack_path), ("chunks", chunk_path)):
        if table not in tables:
            continue  # put_chunks_back dropped the chunks
        for row_id, name in conn.execute(f"SELECT id, sha256 FROM {table}").fetchall():
            file = site / path_of(library_id, name)
            full = file_sha256(file)
            linked = target / path_of(library_id, full)
            if not linked.exists():
                os.link(file, linked)
            conn.execute(f"UPDATE {table} SET sha256 = ? WHERE id = ?", (full, row_id))


def built_corpus(corpus: Path, work: Path) -> Path:
    """The site docbuild builds from ``corpus`` staged as bench/pagefind.py stages it."""
    stage_corpus(corpus, work)
    site = work / "site"
    command = ["build", "-c", str(work / "docbuild.toml"), "--out", str(site)]
    options = ["--no-cache", "-q", "--no-site-search"]
    subprocess.run([sys.executable, "-m", "builder.cli", *command, *options], check=True, cwd=REPO)
    return site


def serve(site: Path) -> tuple[subprocess.Popen[str], str]:
    server = subprocess.Popen(
        [sys.executable, "-m", "builder.serve", str(site), "--port", "0", "--quiet"],
        stdout=subprocess.PIPE,
        text=True,
        cwd=REPO,
    )
    assert server.stdout is not None
    return server, server.stdout.readline().rsplit(" at ", 1)[1].strip()


def ask(url: str, cache: Path, library: str, latency: float, link: Link) -> list[dict[str, Any]]:
    """Each question's bytes, requests, seconds and answer, from one new client on ``cache``."""
    transport = DelayingTransport(latency, link)
    settings = resolve_settings({"index_urls": url}, {"DOCTROVE_CACHE_DIR": str(cache)})
    service = make_service(settings, transport=transport)
    rows = []
    try:
        for question in QUESTIONS:
            received, requests = transport.received, transport.requests
            started = time.perf_counter()
            answer = service.extract(library, None, question)
            rows.append(
                {
                    "bytes": transport.received - received,
                    "requests": transport.requests - requests,
                    "seconds": time.perf_counter() - started,
                    "sections": [(s.anchor, s.body) for s in answer.sections],
                }
            )
    finally:
        service.data.close()
    return rows


def each_cold(url: str, work: Path, library: str) -> None:
    """Print the bytes a cold client fetches before its first answer to each of the sixteen
    questions (a new cache each), over loopback: the spread the six questions above hide."""
    sizes = []
    for number, question in enumerate((*QUESTIONS, *MORE_QUESTIONS)):
        transport = DelayingTransport(0.0, Link(None))
        cache = {"DOCTROVE_CACHE_DIR": str(work / f"each-{number}")}
        settings = resolve_settings({"index_urls": url}, cache)
        service = make_service(settings, transport=transport)
        try:
            service.extract(library, None, question)
        finally:
            service.data.close()
        sizes.append(transport.received)
    sizes.sort()
    print(
        f"cold first answer over {len(sizes)} questions, each from an empty cache: median "
        f"{statistics.median(sizes):,.0f} B, {sizes[0]:,} - {sizes[-1]:,} B"
    )


def report(label: str, rows: list[dict[str, Any]]) -> None:
    first, rest = rows[0], rows[1:]
    total_bytes = sum(r["bytes"] for r in rows)
    total_ms = sum(r["seconds"] for r in rows) * 1000
    print(
        f"{label:44} first {first['bytes']:>10,} B {first['requests']:>3} req "
        f"{first['seconds'] * 1000:>5.0f} ms | next five "
        + " ".join(f"{r['bytes'] / 1000:>5.0f}K/{r['seconds'] * 1000:>4.0f}ms" for r in rest)
        + f" | all six {total_bytes:>10,} B {total_ms:>5.0f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--site", type=Path, help="a site docbuild built")
    source.add_argument(
        "--corpus",
        type=Path,
        help="a folder of HTML pages (the Python 3.11 docs), staged as bench/pagefind.py "
        "stages it and built here into a site of one library, 'corpus'",
    )
    parser.add_argument("--library", help="the library id to ask (with --site)")
    parser.add_argument("--latency-ms", type=float, default=50.0)
    parser.add_argument(
        "--mbit", type=float, help="a link of this many megabits a second (default: loopback)"
    )
    parser.add_argument(
        "--each",
        action="store_true",
        help="only the site as built: each of 16 questions from an empty cache, over loopback",
    )
    args = parser.parse_args()
    if args.site is not None and args.library is None:
        parser.error("--site needs --library: the id of the library to ask")
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        if args.corpus is not None:
            args.site, args.library = built_corpus(args.corpus, tmp / "corpus"), "corpus"
        if args.each:
            server, url = serve(args.site)
            try:
                each_cold(url, tmp, args.library)
            finally:
                server.terminate()
                server.wait(timeout=10)
            return
        search = tmp / "search"
        search_shard_site(args.site, search)
        rows_head = tmp / "rows-head"
        rows_head_site(args.site, rows_head)
        plain_columns = tmp / "plain-columns"
        plain_columns_site(args.site, plain_columns)
        derived_columns = tmp / "derived-columns"
        derived_columns_site(args.site, derived_columns)
        before = tmp / "before"
        before.mkdir()
        whole_shard_site(args.site, before)
        servers = {"as built (@6 head + chunks + packs)": serve(args.site)}
        servers["@5 head (fewer codes) + chunks + packs"] = serve(derived_columns)
        servers["@4 head (every value) + chunks + packs"] = serve(plain_columns)
        servers["@3 head (rows) + chunks + packs"] = serve(rows_head)
        servers["search shard + packs (@2)"] = serve(search)
        servers["whole shard (@1)"] = serve(before)
        answers: dict[tuple[str, float], list[Any]] = {}
        print(f"link: {'loopback' if args.mbit is None else f'{args.mbit:g} Mbit/s shared'}")
        try:
            # Unreported: the process's first questions pay for what it loads once (the search's
            # word tables), which would count against whichever format is asked first.
            for number, (_server, url) in enumerate(servers.values()):
                ask(url, tmp / f"warm-up-{number}", args.library, 0.0, Link(None))
            for latency in (0.0, args.latency_ms / 1000):
                for label, (_server, url) in servers.items():
                    cache = tmp / f"cache-{len(answers)}"
                    cold = ask(url, cache, args.library, latency, Link(args.mbit))
                    warm = ask(url, cache, args.library, latency, Link(args.mbit))
                    report(f"{label}, +{latency * 1000:.0f} ms, cold", cold)
                    report(f"{label}, +{latency * 1000:.0f} ms, warm", warm)
                    answers[label, latency] = [r["sections"] for r in cold + warm]
        finally:
            for server, _url in servers.values():
                server.terminate()
                server.wait(timeout=10)
        first = next(iter(servers))
        same = all(answers[first, latency] == found for (_, latency), found in answers.items())
        print(f"every format gives the same sections for every question: {same}")


if __name__ == "__main__":
    main()
