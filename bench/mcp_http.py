"""Benchmark: many concurrent tool calls to `docclient serve --transport http` over loopback.

    python bench/mcp_http.py [--calls 1000] [--workers 32] [--paths lean sdk] [--rounds 3]

For each round, each --workers value and each server path in turn (interleaved, so both see the
same machine; ``lean``: client.mcp_lean_http, what `docclient serve` runs; ``sdk``: the MCP
SDK's streamable HTTP app, what it ran before and still runs with --rewrite), start the
server, warm it with one round of the calls, then send --calls tools/call requests at once
(one connection each, the four tools in turn) and print the median and p95 latency (request
sent to answer read), the wall time of the whole burst and the CPU time the server and this
client spent on it (they share the machine), with the load average. Target: median
under 1 s for 1,000 calls. Ends with each path's median of the rounds' medians. Prints
figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import orjson

DOCCLIENT = Path(sys.executable).with_name("docclient")
# The SDK path: the same server `docclient serve --transport http` ran before the lean one.
SDK_SERVER = """
import os, sys
from client.assemble import make_service
from client.config import resolve_settings
from client.mcp_serve import run_server
service = make_service(resolve_settings({}, dict(os.environ)))
run_server(service, transport="http", port=0, token=os.environ["DOCTROVE_TOKEN"],
           workers=int(sys.argv[1]), use_sdk=True)
"""
TOKEN = "bench-token-0123456789abcdef"
CALLS: list[tuple[str, dict[str, Any]]] = [
    ("catalog_lookup", {"query": "werkzeug"}),
    ("catalog_releases", {"id": "werkzeug"}),
    ("doc_extract", {"id": "werkzeug", "version": "2", "focus": "routing converters"}),
    ("doc_read", {"id": "werkzeug", "version": "3", "anchor": "form-data-parsing"}),
]
HEADERS = {
    "Authorization": f"Bearer {TOKEN}",
    "Accept": "application/json, text/event-stream",
    "Content-Type": "application/json",
    "MCP-Protocol-Version": "2025-06-18",
}


def start_server(path: str, workers: int, cache: str) -> tuple[subprocess.Popen[str], str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DOCTROVE_")}
    env.update(DOCTROVE_CACHE_DIR=cache, DOCTROVE_TOKEN=TOKEN)
    lean = [str(DOCCLIENT), "serve", "--transport", "http", "--port", "0"]
    command = {
        "lean": [*lean, "--workers", str(workers)],
        "sdk": [sys.executable, "-c", SDK_SERVER, str(workers)],
    }[path]
    process = subprocess.Popen(
        command,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert process.stderr is not None
    found = re.search(r"at (http://\S+/mcp)", process.stderr.readline())
    if found is None:
        process.kill()
        raise RuntimeError("the server did not print its address")
    return process, found.group(1)


def body(number: int) -> bytes:
    tool, arguments = CALLS[number % len(CALLS)]
    params = {"name": tool, "arguments": arguments}
    return orjson.dumps({"jsonrpc": "2.0", "id": number, "method": "tools/call", "params": params})


async def one_call(url: str, number: int) -> float:
    """One POST on its own connection, written and read by hand: the client's share of the
    machine stays small, so the figures are mostly the server's."""
    address = urlsplit(url)
    payload = body(number)
    head = (
        f"POST {address.path} HTTP/1.1\r\nHost: {address.netloc}\r\n"
        + "".join(f"{name}: {value}\r\n" for name, value in HEADERS.items())
        + f"Content-Length: {len(payload)}\r\nConnection: close\r\n\r\n"
    )
    began = time.perf_counter()
    reader, writer = await asyncio.open_connection(address.hostname, address.port)
    writer.write(head.encode() + payload)
    response = await reader.read()  # to the end: the server closes after answering
    elapsed = time.perf_counter() - began
    writer.close()
    status, _, rest = response.partition(b"\r\n")
    answer = orjson.loads(rest.partition(b"\r\n\r\n")[2])
    if b" 200 " not in status or answer["result"].get("isError"):
        raise RuntimeError(f"call {number} failed: {status!r} {answer}")
    return elapsed


async def burst(url: str, calls: int) -> tuple[list[float], float]:
    for number in range(len(CALLS)):  # warm: catalog loaded, shards opened, results cached
        await one_call(url, number)
    began = time.perf_counter()
    latencies = await asyncio.gather(*(one_call(url, n) for n in range(calls)))
    return list(latencies), time.perf_counter() - began


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of a process so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def load_average() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=1000)
    parser.add_argument("--workers", type=int, nargs="+", default=[32])
    parser.add_argument("--paths", nargs="+", choices=["lean", "sdk"], default=["lean", "sdk"])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    print(f"{args.calls} concurrent tools/call over loopback HTTP (load average {load_average()})")
    print("round  path  workers   median ms    p95 ms   wall s   server CPU s   client CPU s")
    medians: dict[tuple[str, int], list[float]] = {}
    with tempfile.TemporaryDirectory(prefix="bench-mcp-http-") as cache:
        for round_number in range(1, args.rounds + 1):
            for workers in args.workers:
                for path in args.paths:
                    process, url = start_server(path, workers, cache)
                    try:
                        server_began, client_began = cpu_seconds(process.pid), time.process_time()
                        latencies, wall = asyncio.run(burst(url, args.calls))
                        server_cpu = cpu_seconds(process.pid) - server_began
                        client_cpu = time.process_time() - client_began
                    finally:
                        process.terminate()
                        process.wait(timeout=30)
                    median = statistics.median(latencies) * 1000
                    medians.setdefault((path, workers), []).append(median)
                    p95 = statistics.quantiles(latencies, n=20)[-1] * 1000
                    print(
                        f"{round_number:5d}  {path:4s}  {workers:7d}  {median:10.0f}  {p95:8.0f}"
                        f"  {wall:7.2f}  {server_cpu:13.2f}  {client_cpu:13.2f}"
                    )
    for (path, workers), values in medians.items():
        print(
            f"{path} with {workers} workers: median of {len(values)} rounds' medians "
            f"{statistics.median(values):.0f} ms"
        )
    print(f"load average after: {load_average()}; target: median < 1000 ms")


if __name__ == "__main__":
    main()
