"""Benchmark: builder.serve against `python -m http.server` on the same generated site.

    python bench/serve.py [--duration 3]

Cases: (a) revalidating catalog.json (a 304 with no body: builder.serve by If-None-Match,
http.server by If-Modified-Since, the only validator it knows) and (b) downloading a 1 MiB shard
in full, each with 1 and 32 concurrent clients. Both servers run as subprocesses on 127.0.0.1.

Fairness: http.server speaks HTTP/1.0 and closes every connection by default, and it logs every
request to stderr. Here it runs with protocol_version "HTTP/1.1" (keep-alive, as builder.serve)
and logging switched off (builder.serve runs with --quiet). Every client thread keeps one
connection open and writes pre-built requests on a raw socket, so the client does little work
per request; each case runs for a fixed duration and reports requests per second and the 99th
percentile latency. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

SHARD_BYTES = 1024 * 1024
HTTP_SERVER = """
import http.server, sys
class Quiet(http.server.SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def log_message(self, *args):
        pass
handler = lambda *a, **k: Quiet(*a, directory=sys.argv[2], **k)
http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), handler).serve_forever()
"""


@dataclass(frozen=True)
class Case:
    name: str
    path: str
    extra_header: str
    expected_status: int
    expected_length: int


@dataclass(frozen=True)
class Result:
    requests: int
    errors: int
    seconds: float
    p50_ms: float
    p99_ms: float

    @property
    def rps(self) -> float:
        return self.requests / self.seconds


def make_site(root: Path) -> str:
    entries = [
        {
            "id": f"library-{n}",
            "title": f"Library {n}",
            "description": "Documentation of a library, with versions and shards. " * 2,
            "versions": [{"version": f"1.{m}.0", "sections": 100 + m} for m in range(5)],
        }
        for n in range(120)
    ]
    (root / "catalog.json").write_text(json.dumps({"entries": entries}, indent=1))
    shard = os.urandom(SHARD_BYTES)
    digest = hashlib.sha256(shard).hexdigest()[:16]
    (root / "shards" / "lib").mkdir(parents=True)
    relpath = f"shards/lib/1.0.{digest}.sqlite"
    (root / relpath).write_bytes(shard)
    (root / "index.html").write_text("<h1>bench</h1>")
    return relpath


def start_builder_serve(root: Path) -> tuple[subprocess.Popen[str], int]:
    process = subprocess.Popen(
        [sys.executable, "-m", "builder.serve", str(root), "--port", "0", "--quiet"],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    return process, int(line.rsplit(":", 1)[1].rstrip("/\n"))


def start_http_server(root: Path) -> tuple[subprocess.Popen[str], int]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    process = subprocess.Popen([sys.executable, "-c", HTTP_SERVER, str(port), str(root)], text=True)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return process, port
        except OSError:
            time.sleep(0.05)
    process.kill()
    raise SystemExit("http.server did not start")


def exchange(connection: socket.socket, request: bytes, buffer: bytearray) -> tuple[int, int]:
    """Send one request and read its response; return (status, body length)."""
    connection.sendall(request)
    view = memoryview(buffer)
    filled = 0
    while True:
        count = connection.recv_into(view[filled:])
        if not count:
            raise ConnectionError("closed")
        filled += count
        end = bytes(view[: min(filled, 65536)]).find(b"\r\n\r\n")
        if end >= 0:
            break
        if filled >= 65536:
            raise ConnectionError("response head over 64 KiB")
    head = bytes(view[:end]).decode("latin-1")
    status = int(head.split(" ", 2)[1])
    length = 0
    for line in head.split("\r\n")[1:]:
        name, _, value = line.partition(":")
        if name.lower() == "content-length":
            length = int(value)
    if status == 304:
        length = 0
    remaining = length - (filled - end - 4)
    while remaining > 0:
        count = connection.recv_into(view, min(remaining, len(buffer)))
        if not count:
            raise ConnectionError("closed")
        remaining -= count
    return status, length


def run_case(port: int, case: Case, clients: int, duration: float) -> Result:
    request = (f"GET /{case.path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{case.extra_header}\r\n").encode()
    latencies: list[list[int]] = [[] for _ in range(clients)]
    errors = [0] * clients
    start_line = threading.Barrier(clients + 1)
    stop_at = [0.0]

    def worker(index: int) -> None:
        buffer = bytearray(256 * 1024)
        connection = socket.create_connection(("127.0.0.1", port))
        connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        start_line.wait()
        mine = latencies[index]
        with connection:
            while time.perf_counter() < stop_at[0]:
                began = time.perf_counter_ns()
                try:
                    status, length = exchange(connection, request, buffer)
                except OSError:
                    errors[index] += 1
                    connection = socket.create_connection(("127.0.0.1", port))
                    continue
                mine.append(time.perf_counter_ns() - began)
                if status != case.expected_status or length != case.expected_length:
                    errors[index] += 1

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(clients)]
    for thread in threads:
        thread.start()
    began = time.perf_counter()
    stop_at[0] = began + duration
    start_line.wait()
    for thread in threads:
        thread.join()
    seconds = time.perf_counter() - began
    merged = sorted(latency for per_thread in latencies for latency in per_thread)
    if not merged:
        return Result(0, sum(errors), seconds, 0.0, 0.0)
    p50 = merged[len(merged) // 2] / 1e6
    p99 = merged[min(len(merged) - 1, int(len(merged) * 0.99))] / 1e6
    return Result(len(merged), sum(errors), seconds, p50, p99)


def validators(port: int, path: str) -> dict[str, str]:
    with socket.create_connection(("127.0.0.1", port)) as connection:
        connection.sendall(f"GET /{path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while chunk := connection.recv(65536):
            data += chunk
    head = data.split(b"\r\n\r\n", 1)[0].decode("latin-1")
    fields = (line.partition(":") for line in head.split("\r\n")[1:])
    return {name.lower(): value.strip() for name, _, value in fields}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=float, default=3.0, help="seconds per case")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        root = Path(directory)
        shard = make_site(root)
        ours, ours_port = start_builder_serve(root)
        theirs, theirs_port = start_http_server(root)
        try:
            ours_fields = validators(ours_port, "catalog.json")
            theirs_fields = validators(theirs_port, "catalog.json")
            cases = {
                "builder.serve": (
                    ours_port,
                    [
                        Case(
                            "304 catalog.json",
                            "catalog.json",
                            f"If-None-Match: {ours_fields['etag']}\r\n",
                            304,
                            0,
                        ),
                        Case("200 1 MiB shard", shard, "", 200, SHARD_BYTES),
                    ],
                ),
                "http.server": (
                    theirs_port,
                    [
                        Case(
                            "304 catalog.json",
                            "catalog.json",
                            f"If-Modified-Since: {theirs_fields['last-modified']}\r\n",
                            304,
                            0,
                        ),
                        Case("200 1 MiB shard", shard, "", 200, SHARD_BYTES),
                    ],
                ),
            }
            print(
                f"catalog.json {os.path.getsize(root / 'catalog.json')} bytes, "
                f"shard {SHARD_BYTES} bytes, {args.duration:g} s per case, "
                f"{os.cpu_count()} CPUs, Python {sys.version.split()[0]}"
            )
            print(
                "both servers: HTTP/1.1 keep-alive, no access log; client: raw sockets, "
                "one connection per client thread"
            )
            print()
            header = f"{'case':<18} {'clients':>7}  {'server':<14} {'req/s':>9} "
            header += f"{'p50 ms':>8} {'p99 ms':>8} {'errors':>6}"
            print(header)
            print("-" * len(header))
            for index in range(2):
                for clients in (1, 32):
                    for name, (port, server_cases) in cases.items():
                        case = server_cases[index]
                        result = run_case(port, case, clients, args.duration)
                        print(
                            f"{case.name:<18} {clients:>7}  {name:<14} {result.rps:>9.0f} "
                            f"{result.p50_ms:>8.2f} {result.p99_ms:>8.2f} {result.errors:>6}",
                            flush=True,
                        )
        finally:
            for process in (ours, theirs):
                process.terminate()
                process.wait(timeout=30)


if __name__ == "__main__":
    main()
