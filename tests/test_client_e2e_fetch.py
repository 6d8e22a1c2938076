"""End to end: the example site built by docbuild, served by builder.serve, fetched by SiteData;
304s on a warm start, a plain index.json host, processes sharing a cache, a killed download."""

from __future__ import annotations

import gzip
import io
import os
import shutil
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import orjson
import pytest

from builder.serve import start_server
from client.config import Settings
from client.disk_cache import DiskCache
from client.errors import NetworkError
from client.site_data import SiteData

REPO = Path(__file__).resolve().parents[1]
COMPAT = REPO / "examples" / "compat" / "doctrove-demo-index.json"
START = 1_800_000_000.0


@pytest.fixture
def site(examples_site: Path) -> Path:
    """The session's examples site: these tests serve and read it, never change it."""
    return examples_site


def settings(cache: Path, url: str, ttl: int = 600) -> Settings:
    return Settings(
        index_urls=(url,),
        local_index=None,
        cache_ttl=ttl,
        timeout_ms=20000,
        cooldown_seconds=30.0,
        min_confidence=None,
        cache_size=256,
        cache_dir=cache,
        debug=False,
        config_file=None,
    )


def requests_in(log: io.StringIO) -> list[str]:
    """'GET /path status' for each line of builder.serve's access log."""
    lines = [line for line in log.getvalue().splitlines() if '"GET ' in line]
    return [
        " ".join(line.split('"')[1].split()[:2] + line.split('"')[2].split()[:1]) for line in lines
    ]


def test_happy_path_then_a_warm_start_revalidates_with_one_304(site: Path, tmp_path: Path) -> None:
    catalog = orjson.loads((site / "catalog.json").read_bytes())
    versions = sum(len(e["versions"]) for e in catalog["entries"])
    log = io.StringIO()
    with start_server(site, access_log=log) as server:
        first = SiteData(settings(tmp_path, server.url), clock=lambda: START)
        assert [e.id for e in first.entries()] == [e["id"] for e in catalog["entries"]]
        summary = first.sync()
        assert (summary["downloaded"], summary["failures"]) == (versions, [])
        packs = {p.name for p in site.glob("shards/*/bodies/*.json.gz")}
        assert summary["packs"] == len(packs) > 0
        with first.reading_shard("werkzeug", "3.1.3") as shard:
            (count,) = shard.connection.execute("SELECT count(*) FROM sections").fetchone()
        (werkzeug,) = [e for e in catalog["entries"] if e["id"] == "werkzeug"]
        assert count == werkzeug["shards"]["3.1.3"]["sections"] > 0
        first.close()
        cold = requests_in(log)
        # sync re-checks the catalog whatever its age: a 304 right after the first fetch. (Each
        # request is logged after its response is sent, by its own thread: under load the next
        # request's line may come first, so lines are compared as a set, not in order.)
        assert sorted(cold[:2]) == ["GET /catalog.json 200", "GET /catalog.json 304"]
        assert len(cold) == 2 + versions + len(packs)
        assert sum("/bodies/" in request for request in cold) == len(packs)
        # A new process, the copy now older than the TTL: one conditional GET, nothing else.
        second = SiteData(settings(tmp_path, server.url), clock=lambda: START + 601)
        for entry in second.entries():
            for version in entry.versions:
                with second.reading_shard(entry.id, version):
                    pass
        assert second.entry("attrs").provenance.kind == "remote"  # type: ignore[union-attr]
        second.close()
    assert requests_in(log)[len(cold) :] == ["GET /catalog.json 304"]


def test_a_plain_index_host_gets_shards_identical_to_the_builders(
    site: Path, tmp_path: Path
) -> None:
    plain = tmp_path / "plain"
    plain.mkdir()
    shutil.copy(site / "index.json", plain / "index.json")
    catalog = orjson.loads((site / "catalog.json").read_bytes())
    log = io.StringIO()
    with start_server(plain, access_log=log) as server:
        data = SiteData(settings(tmp_path / "cache", server.url), clock=lambda: START)
        assert data.sync()["built"] == sum(len(e["versions"]) for e in catalog["entries"])
        data.close()
    # In this order; logged by one thread per request, so compared as a set (above).
    assert sorted(requests_in(log)) == [
        "GET /catalog.json 404",
        "GET /index.json 200",
        "GET /lookup.json 404",
    ]
    # The client builds whole shards (doctrove-shard@1), the builder search shards (@2): their
    # full-text indexes and section rows must be the same, so both rank alike.
    shards = tmp_path / "cache" / "v1" / "built"
    built = {_search_parts(p.read_bytes()) for p in shards.glob("*.sqlite")}
    published = {
        _search_parts(gzip.decompress((site / s["path"]).read_bytes()))
        for e in catalog["entries"]
        for s in e["shards"].values()
    }
    assert built == published


def test_a_folder_that_is_no_doctrove_site_is_named_as_such(tmp_path: Path) -> None:
    # A user's likely slip: the URL of some other site, or of a folder below the doctrove site.
    # The error named only the last file tried (index.json answered HTTP 404), not what the
    # address lacks or which address to give instead.
    other = tmp_path / "other"
    other.mkdir()
    (other / "index.html").write_text("<h1>Not docs</h1>", encoding="utf-8")
    with start_server(other) as server:
        data = SiteData(settings(tmp_path / "cache", server.url), clock=lambda: START)
        with pytest.raises(NetworkError) as failure:
            data.entries()
        data.close()
    message = str(failure.value)
    assert f"{server.url} is not a doctrove site" in message
    assert "catalog.json, lookup.json and index.json all answered 404" in message
    assert "the folder docbuild build wrote" in message


def _search_parts(database: bytes) -> tuple[object, ...]:
    """What ranking reads from a shard of either format: the FTS5 index and the rows."""
    conn = sqlite3.connect(":memory:")
    try:
        conn.deserialize(database)
        meta = dict(conn.execute("SELECT key, value FROM meta WHERE key != 'format'"))
        rows = conn.execute(
            "SELECT heading, heading_path, path, anchor, source, line_start, line_end "
            "FROM sections ORDER BY id"
        ).fetchall()
        index = [
            conn.execute(f"SELECT * FROM sections_fts_{name}").fetchall()
            for name in ("data", "idx", "docsize", "config")
        ]
        return (tuple(sorted(meta.items())), tuple(rows), repr(index))
    finally:
        conn.close()


def test_the_demo_index_of_the_node_implementation_is_served_from_a_plain_host(
    tmp_path: Path,
) -> None:
    plain = tmp_path / "plain"
    plain.mkdir()
    shutil.copy(COMPAT, plain / "index.json")
    with start_server(plain) as server:
        data = SiteData(settings(tmp_path / "cache", server.url), clock=lambda: START)
        assert [e.id for e in data.entries()] == ["express", "zod", "dayjs"]
        with data.reading_shard("zod", "3.24.1") as shard:
            headings = [row[0] for row in shard.connection.execute("SELECT heading FROM sections")]
        data.close()
    assert headings and all(isinstance(h, str) and h for h in headings)


SYNC = """
import sys
from pathlib import Path
from client.config import resolve_settings
from client.site_data import SiteData
data = SiteData(resolve_settings({"index_urls": sys.argv[1], "cache_dir": sys.argv[2]}, {}))
summary = data.sync()
print(summary["shards"], len(summary["failures"]))
"""


def test_two_processes_syncing_one_cache_leave_it_consistent(site: Path, tmp_path: Path) -> None:
    cache = tmp_path / "shared-cache"
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    with start_server(site) as server:
        processes = [
            subprocess.Popen(
                [sys.executable, "-c", SYNC, server.url, str(cache)],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=env,
            )
            for _ in range(2)
        ]
        outputs = [p.communicate(timeout=120) for p in processes]
    catalog = orjson.loads((site / "catalog.json").read_bytes())
    versions = sum(len(e["versions"]) for e in catalog["entries"])
    assert [out.decode().split() for out, _err in outputs] == [[str(versions), "0"]] * 2
    assert not list(cache.glob("v1/*/.tmp-*"))
    # Offline now: every shard must open from the cache, verified against its sidecar.
    offline = SiteData(settings(cache, server.url), clock=lambda: START + 10**6)
    assert {e.provenance.kind for e in offline.entries()} == {"disk"}
    for entry in offline.entries():
        for version in entry.versions:
            with offline.reading_shard(entry.id, version):
                pass
    status = DiskCache(cache).status()
    assert (status["shards"]["files"], status["copies"]["files"]) == (versions, 1)


class HeldShardServer(ThreadingHTTPServer):
    """Serves a site's files; while ``hold`` is set it sends half of a shard, then waits."""

    daemon_threads = True

    def __init__(self, root: Path) -> None:
        super().__init__(("127.0.0.1", 0), HeldShardHandler)
        self.root = root
        self.hold = threading.Event()
        self.half_sent = threading.Event()
        self.release = threading.Event()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/"


class HeldShardHandler(BaseHTTPRequestHandler):
    server: HeldShardServer

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        path = self.server.root / self.path.lstrip("/")
        if not path.is_file():
            self.send_error(404)
            return
        data = path.read_bytes()
        self.send_response(200)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if self.server.hold.is_set() and self.path.startswith("/shards/"):
            self.wfile.write(data[: len(data) // 2])
            self.wfile.flush()
            self.server.half_sent.set()
            self.server.release.wait(30)
            return
        self.wfile.write(data)


@pytest.fixture
def held(site: Path) -> Iterator[HeldShardServer]:
    server = HeldShardServer(site)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.release.set()
    server.shutdown()
    server.server_close()


OPEN = """
import sys
from client.config import resolve_settings
from client.site_data import SiteData
data = SiteData(resolve_settings({"index_urls": sys.argv[1], "cache_dir": sys.argv[2]}, {}))
with data.reading_shard("python", "3.11.2"):
    pass
"""


def test_a_process_killed_mid_download_leaves_nothing_corrupt(
    held: HeldShardServer, tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    held.hold.set()
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    process = subprocess.Popen(
        [sys.executable, "-c", OPEN, held.url, str(cache)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        assert held.half_sent.wait(60)
    finally:
        process.kill()  # SIGKILL on POSIX, TerminateProcess on Windows
        process.wait(30)
    held.release.set()
    shards = cache / "v1" / "shards"
    assert list(shards.glob(".tmp-*"))  # the half download the process was writing
    assert not list(shards.glob("*.sqlite")) and not list(shards.glob("*.json"))
    # The next process finds the catalog copy intact and completes the download.
    held.hold.clear()
    data = SiteData(settings(cache, held.url), clock=lambda: START)
    with data.reading_shard("python", "3.11.2") as shard:
        assert shard.connection.execute("SELECT count(*) FROM sections").fetchone()[0] > 100
    data.close()


def test_a_shard_the_stopped_site_cannot_send_is_named_with_its_version_and_retry(
    site: Path, tmp_path: Path
) -> None:
    # The site stopped after its catalog was read: the first question about a version not yet
    # fetched got only "could not fetch http://…/shards/werkzeug/3.1.3.<hash>.sqlite.gz:
    # ConnectError", the shard's URL as its hint, while the same question a moment later said
    # which version, which site, and when it is tried again.
    with start_server(site) as server:
        data = SiteData(settings(tmp_path, server.url), clock=lambda: START)
        assert data.entries()
    first = f"the shard of werkzeug 3.1.3 is not cached and {server.url} failed (could not fetch"
    for _call in ("downloads and fails", "in the cooldown"):
        with pytest.raises(NetworkError) as failed, data.reading_shard("werkzeug", "3.1.3"):
            pass
        assert failed.value.message.startswith(first), failed.value.message
        assert failed.value.message.endswith("; it is tried again in 30 s")
        assert failed.value.hints == [server.url]
    data.close()


def test_a_version_the_stopped_site_cannot_send_names_the_versions_the_cache_answers(
    site: Path, tmp_path: Path
) -> None:
    # With the site down, an agent asking for werkzeug 3.1.3 was told only that its shard was
    # not cached, not that 2.3.8, read a moment before, still answers from the cache.
    with start_server(site) as server:
        data = SiteData(settings(tmp_path, server.url), clock=lambda: START)
        with data.reading_shard("werkzeug", "2.3.8"):
            pass
    for _call in ("downloads and fails", "in the cooldown"):
        with pytest.raises(NetworkError) as failed, data.reading_shard("werkzeug", "3.1.3"):
            pass
        assert "; cached, answering now: werkzeug 2.3.8; it is tried" in failed.value.message
        with pytest.raises(NetworkError) as failed, data.reading_shard("attrs", "25.3.0"):
            pass
        assert "; no version of attrs is cached; it is tried" in failed.value.message
    with data.reading_shard("werkzeug", "2.3.8") as shard:
        # answered from the cache, as the error said
        assert shard.connection.execute("SELECT count(*) FROM sections").fetchone()[0] > 0
    data.close()
