"""Benchmark: many concurrent tool calls to `docclient serve --transport http` over loopback.

    python bench/mcp_http.py [--calls 1000] [--workers 1 32]

For each --workers value (1 is how the server ran before calls were concurrent), start the
server, warm it with one round of the calls, then send --calls tools/call requests at once
(one connection each, the four tools in turn) and print the median and p95 latency (request
sent to answer read) and the wall time of the whole burst, with the load average. Target: median
under 1 s for 1,000 calls. Prints figures; asserts nothing.
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

import httpx
import orjson

DOCCLIENT = Path(sys.executable).with_name("docclient")
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


def start_server(workers: int, cache: str) -> tuple[subprocess.Popen[str], str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DOCTROVE_")}
    env.update(DOCTROVE_CACHE_DIR=cache, DOCTROVE_TOKEN=TOKEN)
    process = subprocess.Popen(
        [str(DOCCLIENT), "serve", "--transport", "http", "--port", "0", "--workers", str(workers)],
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


async def one_call(client: httpx.AsyncClient, url: str, number: int) -> float:
    began = time.perf_counter()
    response = await client.post(url, content=body(number), headers=HEADERS)
    elapsed = time.perf_counter() - began
    answer = response.json()
    if response.status_code != 200 or answer["result"].get("isError"):
        raise RuntimeError(f"call {number} failed: {response.status_code} {answer}")
    return elapsed


async def burst(url: str, calls: int) -> tuple[list[float], float]:
    limits = httpx.Limits(max_connections=calls, max_keepalive_connections=0)
    async with httpx.AsyncClient(limits=limits, timeout=600) as client:
        for number in range(len(CALLS)):  # warm: catalog loaded, shards opened, results cached
            await one_call(client, url, number)
        began = time.perf_counter()
        latencies = await asyncio.gather(*(one_call(client, url, n) for n in range(calls)))
        return list(latencies), time.perf_counter() - began


def load_average() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=1000)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 32])
    args = parser.parse_args()
    print(f"{args.calls} concurrent tools/call over loopback HTTP (load average {load_average()})")
    print("workers   median ms    p95 ms   wall s")
    with tempfile.TemporaryDirectory(prefix="bench-mcp-http-") as cache:
        for workers in args.workers:
            process, url = start_server(workers, cache)
            try:
                latencies, wall = asyncio.run(burst(url, args.calls))
            finally:
                process.terminate()
                process.wait(timeout=30)
            p95 = statistics.quantiles(latencies, n=20)[-1]
            print(
                f"{workers:7d}  {statistics.median(latencies) * 1000:10.0f}  {p95 * 1000:8.0f}"
                f"  {wall:7.2f}"
            )
    print(f"load average after: {load_average()}; target: median < 1000 ms")


if __name__ == "__main__":
    main()
