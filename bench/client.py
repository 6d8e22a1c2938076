"""Benchmark docclient on a synthetic catalog of 10,000 libraries x 3 versions over HTTP.

    python bench/client.py                   # 10,000 libraries, 200 calls per kind
    python bench/client.py --libraries 2000 --calls 50
    python bench/client.py --libraries 100000  # a large site: lookup.json, no catalog.json

Prints, side by side from one run: catalog_lookup and doc_extract medians after warm-up,
resident memory, process start to first answer with a cold and a warm disk cache (and the bare
interpreter's start for reference), the load average, and the bytes a first doc_extract
fetches next to the size of the full index.json. The site is served by
``python -m builder.serve``.

The site is written as the builder writes it: catalog.json while it is small enough
(builder.stages.site_files.SMALL_CATALOG_BYTES), and always lookup.json, the lookup table and
each library's record (builder.lookup_site). Only the first SHARDED libraries get real shards
(writing 30,000 shards would dominate the run); the others are listed with shard records no
call asks for. index.json is written only up to WHOLE_INDEX_UP_TO libraries (at 100,000 it
would be some 2 GB, and no client reads it).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import orjson

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from builder.catalog import catalog_bytes, catalog_document, file_description  # noqa: E402
from builder.config import SiteConfig  # noqa: E402
from builder.index import entry_skeleton, write_index  # noqa: E402
from builder.lookup_site import write_lookup_files  # noqa: E402
from builder.model import CompiledVersion  # noqa: E402
from builder.shards import ShardInfo, write_shard  # noqa: E402
from builder.stages.parse import encode_record  # noqa: E402
from builder.stages.site_files import SMALL_CATALOG_BYTES  # noqa: E402
from builder.stages.volume import volume_bytes  # noqa: E402
from client.assemble import make_service  # noqa: E402
from client.config import resolve_settings  # noqa: E402

VERSIONS = ("2.0.0", "1.1.0", "1.0.0")
SHARDED = 50
WHOLE_INDEX_UP_TO = 20_000
WORDS = [
    "http",
    "client",
    "server",
    "request",
    "response",
    "session",
    "cookie",
    "cache",
    "router",
    "handler",
    "middleware",
    "schema",
    "validate",
    "parse",
    "format",
    "date",
    "time",
    "json",
    "yaml",
    "token",
    "auth",
    "stream",
    "socket",
    "queue",
    "worker",
    "task",
    "async",
    "event",
    "logger",
    "config",
    "path",
    "file",
    "image",
    "color",
]
TOPICS = (
    "Installation",
    "Quickstart",
    "Configuration",
    "Timeouts",
    "Authentication",
    "Error handling",
    "Streaming responses",
    "Testing",
    "Deployment",
    "API reference",
)


def _word(rng: random.Random) -> str:
    """A made-up word: summaries of real catalogs use thousands of distinct words, not 34."""
    return "".join(rng.choice("bcdfghjklmnprstvz") + rng.choice("aeiou") for _ in range(3))


def _library(i: int, rng: random.Random) -> dict[str, object]:
    a, b = rng.choice(WORDS), rng.choice(WORDS)
    return {
        "id": f"{a}-{b}-{i}",
        "name": f"{a.title()}{b.title()} {i}",
        "summary": " ".join([rng.choice(WORDS), *(_word(rng) for _ in range(7))]),
        "aliases": (f"{a}{b}{i}",),
        "packages": (f"npm:{a}-{b}-{i}",),
        "popularity": rng.randint(0, 100_000),
    }


def _records(library_id: str, version: str, rng: random.Random) -> list[dict[str, object]]:
    records = []
    for n, topic in enumerate(TOPICS):
        body = " ".join(rng.choice(WORDS) for _ in range(80))
        body += f"\n\n```python\nclient.{rng.choice(WORDS)}_{n}(timeout={n})\n```"
        anchor = topic.lower().replace(" ", "-")
        records.append(
            {
                "heading": topic,
                "headingPath": [library_id],
                "body": body,
                "anchor": anchor,
                "path": f"https://docs.example/{library_id}/{version}/#{anchor}",
                "source": "index.md",
                "lines": [n * 10 + 1, n * 10 + 9],
                "sha256": hashlib.sha256(body.encode()).hexdigest(),
            }
        )
    return records


def make_site(root: Path, libraries: int) -> tuple[Path, list[dict[str, Any]]]:
    """The site, and its libraries' catalog fields in id order (what lookups are made of)."""
    rng = random.Random(7)
    site = root / "site"
    site.mkdir(parents=True)
    entries, shards = [], []
    index_entries = []
    for i in range(libraries):
        lib = _library(i, rng)
        skeleton = entry_skeleton(
            library_id=str(lib["id"]),
            name=str(lib["name"]),
            summary=str(lib["summary"]),
            aliases=lib["aliases"],
            homepage=None,  # type: ignore[arg-type]
            popularity=lib["popularity"],
            packages=lib["packages"],  # type: ignore[arg-type]
            versions=list(VERSIONS),
        )
        volumes = {}
        for version in VERSIONS:
            records = _records(skeleton["id"], version, rng)  # always: keeps rng in step
            if libraries <= WHOLE_INDEX_UP_TO:
                encoded = tuple(encode_record(record) for record in records)
                compiled = CompiledVersion(skeleton["id"], version, None, encoded)
                volumes[version] = volume_bytes(compiled)
            if i < SHARDED:
                shards.append(write_shard(site, skeleton["id"], version, records))
            else:  # listed, never fetched
                digest = hashlib.sha256(f"{i}{version}".encode()).hexdigest()
                shards.append(
                    ShardInfo(
                        skeleton["id"],
                        version,
                        f"shards/{skeleton['id']}/{version}.{digest[:16]}.sqlite.gz",
                        digest,
                        9000,
                        40000,
                        len(records),
                        "gzip",
                    )
                )
        entries.append(skeleton)
        if libraries <= WHOLE_INDEX_UP_TO:
            index_entries.append((skeleton, volumes))
    whole: dict[str, dict[str, Any]] = {}
    if libraries <= WHOLE_INDEX_UP_TO:
        with (site / "index.json").open("wb") as handle:
            write_index(handle, index_entries, "2026-11-30T00:00:00.000Z")
        whole["index"] = file_description(site / "index.json", "index.json")
    config = SiteConfig("Synthetic", "http://127.0.0.1/")
    document = catalog_document(
        site=config,
        entries=entries,
        shards=shards,
        builder_version="bench",
        updated_at="2026-11-30T00:00:00.000Z",
        index=whole.get("index"),
    )
    data = catalog_bytes(document)
    if len(data) <= SMALL_CATALOG_BYTES:
        (site / "catalog.json").write_bytes(data)
        whole["catalog"] = file_description(site / "catalog.json", "catalog.json")
    # No library's own index.json: the synthetic site's records list none.
    write_lookup_files(
        site, config, document["entries"], "bench", "2026-11-30T00:00:00.000Z", whole, {}
    )
    return site, document["entries"]


class CountingStream(httpx.SyncByteStream):
    def __init__(self, stream: httpx.SyncByteStream, owner: CountingTransport) -> None:
        self.stream, self.owner = stream, owner

    def __iter__(self) -> Iterator[bytes]:
        for chunk in self.stream:
            self.owner.received += len(chunk)
            yield chunk

    def close(self) -> None:
        self.stream.close()


class CountingTransport(httpx.HTTPTransport):
    """Counts the body bytes on the wire (before any content decoding)."""

    def __init__(self) -> None:
        super().__init__()
        self.received = 0

    def handle_request(self, request: httpx.Request) -> httpx.Response:
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


def _rss_mb() -> tuple[float, float]:
    status = Path("/proc/self/status").read_text()
    fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
    return (int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024)


PROBE = """
import os, sys
from client.assemble import make_service
from client.config import resolve_settings
service = make_service(resolve_settings({"index_urls": sys.argv[1]}, os.environ))
if sys.argv[3] == "extract":
    service.extract(sys.argv[2], None, "timeouts")
else:
    service.lookup(sys.argv[2])
status = dict(line.split(":", 1) for line in open("/proc/self/status") if ":" in line)
print(int(status["VmRSS"].split()[0]) // 1024, int(status["VmHWM"].split()[0]) // 1024)
"""


def _time_first_answer(
    url: str, library_id: str, cache: Path, runs: int, call: str = "extract"
) -> tuple[float, str]:
    """Median seconds from spawning a fresh process to its first answer, and the memory
    (resident at the end and peak, MB) that process reported."""
    env = {**os.environ, "DOCTROVE_CACHE_DIR": str(cache), "PYTHONPATH": str(REPO)}
    seconds, memory = [], ""
    for _ in range(runs):
        started = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-c", PROBE, url, library_id, call],
            env=env,
            check=True,
            capture_output=True,
            text=True,
        )
        seconds.append(time.perf_counter() - started)
        memory = done.stdout.strip()
    return statistics.median(seconds), memory


COLD_RUNS = 3  # each with an empty cache folder of its own; one run swings with the load


def _time_cold(url: str, library_id: str, folder: Path, call: str) -> float:
    """Median seconds from spawning a process with an empty disk cache to its first answer."""
    return statistics.median(
        _time_first_answer(url, library_id, folder / str(run), 1, call)[0]
        for run in range(COLD_RUNS)
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--libraries", type=int, default=10_000)
    parser.add_argument("--calls", type=int, default=200)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="docclient-bench-") as tmp:
        started = time.perf_counter()
        site, libraries = make_site(Path(tmp), args.libraries)
        catalog_size = _size(site / "catalog.json")
        index_bytes = _size(site / "index.json")
        lookup = orjson.loads((site / "lookup.json").read_bytes())
        print(
            f"site: {args.libraries} libraries x {len(VERSIONS)} versions, catalog.json "
            f"{_described(catalog_size)}, lookup table {lookup['table']['bytes'] / 1e6:.1f} MB "
            f"gzipped ({lookup['table']['rawBytes'] / 1e6:.1f} MB), index.json "
            f"{_described(index_bytes)}, made in {time.perf_counter() - started:.0f} s"
        )
        server = subprocess.Popen(
            [sys.executable, "-m", "builder.serve", str(site), "--port", "0", "--quiet"],
            stdout=subprocess.PIPE,
            text=True,
            cwd=REPO,
        )
        try:
            assert server.stdout is not None
            url = server.stdout.readline().rsplit(" at ", 1)[1].strip()
            _measure(url, Path(tmp), args, libraries, index_bytes)
        finally:
            server.terminate()
            server.wait(timeout=10)


def _size(path: Path) -> int | None:
    return path.stat().st_size if path.is_file() else None


def _described(size: int | None) -> str:
    return "not written" if size is None else f"{size / 1e6:.1f} MB"


def _measure(
    url: str,
    tmp: Path,
    args: argparse.Namespace,
    libraries: list[dict[str, Any]],
    index_bytes: int | None,
) -> None:
    rng = random.Random(3)
    sharded = [f"{e}" for e in _sharded_ids(args.libraries)]
    # Bytes for a first doc_extract with an empty cache.
    counting = CountingTransport()
    settings = resolve_settings({"index_urls": url}, {"DOCTROVE_CACHE_DIR": str(tmp / "c1")})
    service = make_service(settings, transport=counting)
    service.extract(sharded[0], None, "timeouts")
    share = f": {counting.received / index_bytes * 100:.2f}% of it" if index_bytes else ""
    print(
        f"first doc_extract fetched {counting.received / 1e6:.2f} MB (catalog.json, or "
        f"lookup.json and the library's record, + one shard); the full index.json is "
        f"{_described(index_bytes)}{share}"
    )
    # In-process medians, warm.
    rss_before, _ = _rss_mb()
    # Result cache off (cache size 0), so every call does the work; the catalog TTL stays at
    # its default, so calls do not re-check the site.
    settings = resolve_settings(
        {"index_urls": url, "cache_size": "0"}, {"DOCTROVE_CACHE_DIR": str(tmp / "c1")}
    )
    service = make_service(settings)
    queries = []
    for _ in range(args.calls):  # the same mix, drawn the same way, as before lookup.json
        entry = rng.choice(libraries)
        queries.append(
            rng.choice(
                [
                    entry["id"],
                    entry["name"],
                    entry["id"][:5],
                    entry["aliases"][0],
                    " ".join(entry["summary"].split()[:2]),
                ]
            )
        )
    for query in queries[:20]:
        service.lookup(query)
    lookups = []
    for query in queries:
        started = time.perf_counter()
        service.lookup(query)
        lookups.append((time.perf_counter() - started) * 1000)
    focuses = [
        "timeouts",
        "error handling",
        "streaming responses",
        "client.cache_3",
        "configure authentication token",
        "deploy",
    ]
    for library_id in sharded:
        service.extract(library_id, None, "testing")  # fetch every shard once
    extracts = []
    for _ in range(args.calls):
        library_id, focus = rng.choice(sharded), rng.choice(focuses)
        version = rng.choice([None, "1", "1.0.0", "2"])
        started = time.perf_counter()
        service.extract(library_id, version, focus)
        extracts.append((time.perf_counter() - started) * 1000)
    rss, _ = _rss_mb()
    rss_growth = rss - rss_before
    print(
        f"catalog_lookup median {statistics.median(lookups):.2f} ms, p95 "
        f"{sorted(lookups)[int(len(lookups) * 0.95)]:.2f} ms ({len(lookups)} calls, result "
        "cache off)"
    )
    print(
        f"doc_extract    median {statistics.median(extracts):.2f} ms, p95 "
        f"{sorted(extracts)[int(len(extracts) * 0.95)]:.2f} ms ({len(extracts)} calls over "
        f"{len(sharded)} versions, result cache off)"
    )
    print(
        f"resident memory of this bench process grew {rss_growth:.0f} MB while the client "
        f"loaded and answered (the generator's leftovers make its total {rss:.0f} MB)"
    )
    bare = statistics.median(_bare_start() for _ in range(5))
    cold = _time_cold(url, sharded[1], tmp / "cold-extract", "extract")
    cold_lookup = _time_cold(url, sharded[1], tmp / "cold-lookup", "lookup")
    warm, memory = _time_first_answer(url, sharded[1], tmp / "c1", 5)
    warm_lookup, lookup_memory = _time_first_answer(url, sharded[1], tmp / "c1", 5, "lookup")
    print(
        f"process start to first answer, warm disk cache: doc_extract {warm * 1000:.0f} ms, "
        f"catalog_lookup {warm_lookup * 1000:.0f} ms (the interpreter alone starts in "
        f"{bare * 1000:.0f} ms); cold cache (median of {COLD_RUNS}), doc_extract "
        f"{cold * 1000:.0f} ms, catalog_lookup {cold_lookup * 1000:.0f} ms"
    )
    for label, figures in (("doc_extract", memory), ("catalog_lookup", lookup_memory)):
        now_mb, peak_mb = figures.split()
        print(
            f"fresh client process after its first {label}: resident {now_mb} MB, peak {peak_mb} MB"
        )
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


def _bare_start() -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", "pass"], check=True)
    return time.perf_counter() - started


def _sharded_ids(libraries: int) -> list[str]:
    rng = random.Random(7)
    ids = []
    for i in range(min(libraries, SHARDED)):
        lib = _library(i, rng)
        ids.append(str(lib["id"]))
        for version in VERSIONS:  # keep the generator in step with make_site
            _records(str(lib["id"]), version, rng)
    return ids


if __name__ == "__main__":
    main()
