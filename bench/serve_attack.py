"""Benchmark: builder.serve under a slowloris attack and under a soak of many short connections.

    python bench/serve_attack.py slowloris [--slow 600] [--duration 20] [--attacker 127.0.0.1]
    python bench/serve_attack.py soak [--clients 200] [--duration 30]
    python bench/serve_attack.py ... --code DIR    # run the builder package found in DIR

slowloris: `--slow` connections each send a request line and then one header field line every
2 s, never ending the head; a connection the server closes is opened again on the next tick, as
attack tools do. Meanwhile a legitimate client opens a fresh connection every 50 ms and asks for
/index.html. Prints how many legitimate requests were served (200) or refused (503, reset,
timeout) with the latency p50/p95 of the served ones, and how long the server held the slow
connections. `--attacker 127.0.0.2` sends the slow connections from another loopback address, a
second client as far as the server can tell.

soak: `--clients` threads each open a connection, GET /catalog.json with `Connection: close`,
read the answer, and start again, for `--duration` seconds. Prints requests, errors and the
latency p50/p95/p99/max (connect to last byte), and how many waited over 20 s. On Linux both
modes also print how many connections the kernel dropped on a full listen backlog meanwhile.

Everything runs on 127.0.0.1 with the server as a subprocess started with --port 0; the bench
stops by itself. `--code` runs another checkout's builder package (e.g. the commit before a fix)
to compare. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

SERVER_ADDRESS = "127.0.0.1"
SLOW_LINE_SECONDS = 2.0
LEGITIMATE_GAP_SECONDS = 0.05
# A request slower than this counts as refused; long enough to see any deadline at work.
REQUEST_TIMEOUT_SECONDS = 60.0
SOAK_TAIL_SECONDS = 20.0


@dataclass(frozen=True)
class Outcome:
    """One legitimate request: its status (0 when it failed below HTTP) and its latency."""

    status: int
    seconds: float


def make_site(root: Path) -> None:
    entries = [{"id": f"library-{n}", "title": f"Library {n}"} for n in range(50)]
    (root / "catalog.json").write_text(json.dumps({"entries": entries}))
    (root / "index.html").write_text("<h1>bench</h1>")


def start_server(root: Path, code: Path) -> tuple[subprocess.Popen[str], int]:
    process = subprocess.Popen(
        [sys.executable, "-m", "builder.serve", str(root), "--port", "0", "--quiet"],
        stdout=subprocess.PIPE,
        text=True,
        cwd=code,
        env={**os.environ, "PYTHONPATH": str(code)},
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    return process, int(line.rsplit(":", 1)[1].rstrip("/\n"))


def raise_open_file_limit(needed: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < needed:
        target = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))


def fetch(port: int, path: str, source: str = SERVER_ADDRESS) -> Outcome:
    """One request on a fresh connection: (status, seconds from connect to the last byte)."""
    began = time.perf_counter()
    try:
        with socket.create_connection(
            (SERVER_ADDRESS, port), timeout=REQUEST_TIMEOUT_SECONDS, source_address=(source, 0)
        ) as connection:
            request = f"GET /{path} HTTP/1.1\r\nHost: bench\r\nConnection: close\r\n\r\n"
            connection.sendall(request.encode())
            data = b""
            while chunk := connection.recv(65536):
                data += chunk
    except OSError:
        return Outcome(0, time.perf_counter() - began)
    status = int(data.split(b" ", 2)[1]) if data.startswith(b"HTTP/1.1 ") else 0
    return Outcome(status, time.perf_counter() - began)


def listen_overflows() -> int | None:
    """The kernel's count of connections dropped on a full listen backlog (Linux), or None."""
    try:
        lines = Path("/proc/net/netstat").read_text().splitlines()
    except OSError:
        return None
    for names, values in zip(lines[::2], lines[1::2], strict=False):
        if names.startswith("TcpExt:"):
            fields = dict(zip(names.split()[1:], values.split()[1:], strict=True))
            return int(fields.get("ListenOverflows", 0))
    return None


def percentile(sorted_values: list[float], fraction: float) -> float:
    if not sorted_values:
        return float("nan")
    return sorted_values[min(len(sorted_values) - 1, int(len(sorted_values) * fraction))]


class SlowClients:
    """Connections that send a header line every tick and never finish their request head."""

    def __init__(self, port: int, count: int, source: str) -> None:
        self.port = port
        self.count = count
        self.source = source
        self.opened = 0
        self.cut = 0
        self.hold_seconds: list[float] = []
        self._sockets: list[tuple[socket.socket, float] | None] = [None] * count

    def tick(self) -> None:
        now = time.perf_counter()
        for index, entry in enumerate(self._sockets):
            if entry is None:
                self._sockets[index] = self._connect()
                continue
            connection, since = entry
            if self._closed_by_server(connection):
                self.cut += 1
                self.hold_seconds.append(now - since)
                connection.close()
                self._sockets[index] = None
                continue
            try:
                connection.sendall(b"X-Slow: a\r\n")
            except OSError:
                connection.close()
                self._sockets[index] = None

    def held(self) -> int:
        return sum(entry is not None for entry in self._sockets)

    def close(self) -> None:
        for entry in self._sockets:
            if entry is not None:
                entry[0].close()

    def _connect(self) -> tuple[socket.socket, float] | None:
        try:
            connection = socket.create_connection(
                (SERVER_ADDRESS, self.port), timeout=5, source_address=(self.source, 0)
            )
            connection.sendall(b"GET / HTTP/1.1\r\nHost: bench\r\n")
        except OSError:
            return None
        # Non-blocking from here: a tick must never wait on one connection.
        connection.setblocking(False)
        self.opened += 1
        return connection, time.perf_counter()

    @staticmethod
    def _closed_by_server(connection: socket.socket) -> bool:
        # Any answer (408, 503) or end of file means the server let go of this connection.
        try:
            connection.recv(4096)
        except BlockingIOError:
            return False
        except OSError:
            return True
        return True


def run_slowloris(port: int, slow: int, duration: float, attacker: str) -> None:
    clients = SlowClients(port, slow, attacker)
    stop = threading.Event()

    def attack() -> None:
        while not stop.is_set():
            clients.tick()
            stop.wait(SLOW_LINE_SECONDS)

    attacker_thread = threading.Thread(target=attack)
    attacker_thread.start()
    began = time.perf_counter()
    # Let the first round of slow connections arrive before the legitimate client starts.
    time.sleep(SLOW_LINE_SECONDS)
    outcomes: list[Outcome] = []
    while time.perf_counter() - began < duration:
        outcomes.append(fetch(port, "index.html"))
        time.sleep(LEGITIMATE_GAP_SECONDS)
    held = clients.held()
    stop.set()
    attacker_thread.join()
    clients.close()
    served = sorted(outcome.seconds * 1000 for outcome in outcomes if outcome.status == 200)
    refused = [outcome for outcome in outcomes if outcome.status != 200]
    by_status: dict[int, int] = {}
    for outcome in refused:
        by_status[outcome.status] = by_status.get(outcome.status, 0) + 1
    statuses = ", ".join(f"{status or 'no answer'}: {n}" for status, n in sorted(by_status.items()))
    holds = sorted(clients.hold_seconds)
    print(
        f"slow connections from {attacker}: {slow} kept open, {clients.opened} opened in "
        f"{duration:g} s, {clients.cut} closed by the server "
        f"(held p50 {percentile(holds, 0.5):.1f} s, max {max(holds, default=float('nan')):.1f} s),"
        f" {held} open at the end"
    )
    print(
        f"legitimate requests: {len(outcomes)}, served {len(served)}, refused {len(refused)}"
        + (f" ({statuses})" if refused else "")
    )
    print(
        f"served latency ms: p50 {percentile(served, 0.5):.1f}  p95 {percentile(served, 0.95):.1f}"
        f"  max {max(served, default=float('nan')):.1f}"
    )


def run_soak(port: int, clients: int, duration: float) -> None:
    latencies: list[list[float]] = [[] for _ in range(clients)]
    errors = [0] * clients
    stop_at = time.perf_counter() + duration

    def worker(index: int) -> None:
        while time.perf_counter() < stop_at:
            outcome = fetch(port, "catalog.json")
            latencies[index].append(outcome.seconds)
            if outcome.status != 200:
                errors[index] += 1

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(clients)]
    began = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    seconds = time.perf_counter() - began
    merged = sorted(latency * 1000 for per_client in latencies for latency in per_client)
    over = sum(latency > SOAK_TAIL_SECONDS * 1000 for latency in merged)
    print(
        f"{clients} clients, {seconds:.1f} s: requests {len(merged)} "
        f"({len(merged) / seconds:.0f}/s), errors {sum(errors)}, "
        f"over {SOAK_TAIL_SECONDS:g} s: {over}"
    )
    print(
        f"latency ms: p50 {percentile(merged, 0.5):.1f}  p95 {percentile(merged, 0.95):.1f}  "
        f"p99 {percentile(merged, 0.99):.1f}  max {max(merged, default=float('nan')):.1f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("mode", choices=["slowloris", "soak"])
    parser.add_argument("--duration", type=float, help="seconds (default: 20 slowloris, 30 soak)")
    parser.add_argument("--slow", type=int, default=600, help="slow connections (default: 600)")
    parser.add_argument("--attacker", default=SERVER_ADDRESS, help="loopback source address")
    parser.add_argument("--clients", type=int, default=200, help="soak clients (default: 200)")
    parser.add_argument(
        "--code",
        type=Path,
        default=Path(__file__).resolve().parent.parent,
        help="directory holding the builder package to run (default: this checkout)",
    )
    args = parser.parse_args()
    if not args.attacker.startswith("127."):
        parser.error("--attacker must be a loopback address (127.x.x.x)")
    raise_open_file_limit(2 * (args.slow + args.clients) + 256)
    with tempfile.TemporaryDirectory() as directory:
        root = Path(directory)
        make_site(root)
        server, port = start_server(root, args.code.resolve())
        try:
            load = " ".join(f"{value:.2f}" for value in os.getloadavg())
            print(f"builder package from {args.code}, {os.cpu_count()} CPUs, load {load}")
            overflows_before = listen_overflows()
            if args.mode == "slowloris":
                run_slowloris(port, args.slow, args.duration or 20.0, args.attacker)
            else:
                run_soak(port, args.clients, args.duration or 30.0)
            overflows_after = listen_overflows()
            if overflows_before is not None and overflows_after is not None:
                # Counted for the whole network namespace: other processes add to it too.
                print(f"listen backlog overflows: {overflows_after - overflows_before}")
        finally:
            server.terminate()
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()


if __name__ == "__main__":
    main()
