"""Benchmark: what `docclient serve` costs an agent over stdio, on top of the service itself.

    python bench/mcp.py [--spawns 15] [--calls 300]      (--calls 0: start-up only)

(a) Start-up, --spawns rounds, each spawning in turn: a bare `python -c pass` (same interpreter);
`docclient serve` driven through initialize, initialized and tools/list (clock stopped at the
tools/list answer); and `docclient serve` driven through initialize, initialized and a
catalog_lookup (clock stopped at its answer); both for the lean stdio server (`docclient serve`,
client.mcp_lean) and for the SDK server (`docclient serve --rewrite auto`: sampling needs the
SDK; the host here declares none, so the answers are the same). Interleaved, so load changes hit
all alike. Prints the medians and the ratios to the bare interpreter (targets: <= 7x and
<= 10x), with the load average. The first, unmeasured round warms the disk cache, as an agent's
second session would find it.
(b) Per-call overhead: one server process answers --calls calls per case over stdio; the same
DocService calls run --calls times in this process. Overhead = median stdio call time minus
median in-process call time, for the same arguments (both served from the warm result cache, so
the difference is the protocol: argument folding, text rendering, JSON, pipes, the SDK).

Bytecode: pip compiles an installed wheel's modules to bytecode, but a source checkout run with
PYTHONDONTWRITEBYTECODE=1 compiles this repository's modules from source on every spawn (about
150 ms of CPU) while the SDK in site-packages has its bytecode. So the bench first compiles the
repository's packages (compileall, into the ignored __pycache__ folders), as an install would;
--no-bytecode measures the checkout as it is.

The client writes JSON-RPC lines on raw pipes and parses each answer, so the figures are the
server's cost plus a minimal client's. Target: overhead <= 2 ms a call.
Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import compileall
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import IO, Any

import orjson

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from client.assemble import make_service  # noqa: E402
from client.config import resolve_settings  # noqa: E402
from client.service import DocService  # noqa: E402

DOCCLIENT = Path(sys.executable).with_name("docclient")
# The repository's packages a `docclient serve` process imports.
PACKAGES = ("client", "schemas", "semantic")
INITIALIZE = {
    "protocolVersion": "2025-06-18",
    "capabilities": {},
    "clientInfo": {"name": "bench", "version": "0"},
}
# (tool, arguments, the same question asked of DocService directly)
CASES: list[tuple[str, dict[str, Any], Callable[[DocService], object]]] = [
    ("catalog_lookup", {"query": "werkzeug"}, lambda s: s.lookup("werkzeug")),
    ("catalog_releases", {"id": "werkzeug"}, lambda s: s.releases("werkzeug")),
    (
        "doc_extract",
        {"id": "werkzeug", "version": "2", "focus": "routing converters"},
        lambda s: s.extract("werkzeug", "2", "routing converters"),
    ),
    (
        "doc_extract",
        {"id": "python", "focus": "json.dumps", "maxTokens": 8000},
        lambda s: s.extract("python", None, "json.dumps", None, 8000),
    ),
    (
        "doc_read",
        {"id": "werkzeug", "version": "3", "anchor": "form-data-parsing", "neighbours": 1},
        lambda s: s.read("werkzeug", "3", "form-data-parsing", None, 1),
    ),
]


class StdioSession:
    """A `docclient serve` child driven by hand over its pipes."""

    def __init__(self, env: dict[str, str], *options: str) -> None:
        self.process = subprocess.Popen(
            [str(DOCCLIENT), "serve", *options],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=env,
        )
        self.next_id = 0

    @property
    def pipes(self) -> tuple[IO[bytes], IO[bytes]]:
        stdin, stdout = self.process.stdin, self.process.stdout
        if stdin is None or stdout is None:
            raise RuntimeError("the server's pipes are gone")
        return stdin, stdout

    def request(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        self.next_id += 1
        message: dict[str, Any] = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        if params is not None:
            message["params"] = params
        stdin, stdout = self.pipes
        stdin.write(orjson.dumps(message) + b"\n")
        stdin.flush()
        answer: dict[str, Any] = orjson.loads(stdout.readline())
        if "error" in answer:
            raise RuntimeError(f"{method} failed: {answer['error']}")
        return answer

    def start(self) -> None:
        self.request("initialize", INITIALIZE)
        stdin, _ = self.pipes
        stdin.write(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')
        stdin.flush()

    def close(self) -> None:
        stdin, _ = self.pipes
        stdin.close()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


# The server variants measured: (label, `docclient serve` options).
SERVERS = (("lean", ()), ("SDK", ("--rewrite", "auto")))


def time_startup(env: dict[str, str], options: tuple[str, ...] = ()) -> float:
    """Spawn to the tools/list answer."""
    began = time.perf_counter()
    session = StdioSession(env, *options)
    session.start()
    session.request("tools/list")
    elapsed = time.perf_counter() - began
    session.close()
    return elapsed


def time_first_call(env: dict[str, str], options: tuple[str, ...] = ()) -> float:
    """Spawn to the answer of the first tools/call."""
    began = time.perf_counter()
    session = StdioSession(env, *options)
    session.start()
    tool, arguments, _direct = CASES[0]
    answer = session.request("tools/call", {"name": tool, "arguments": arguments})
    elapsed = time.perf_counter() - began
    session.close()
    if answer["result"].get("isError"):
        raise RuntimeError(f"{tool} failed: {answer['result']['structuredContent']}")
    return elapsed


def time_bare_interpreter() -> float:
    began = time.perf_counter()
    subprocess.run([sys.executable, "-c", "pass"], check=True)
    return time.perf_counter() - began


def load_average() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(measure: Callable[[], float]) -> tuple[float, float]:
    """(wall seconds ``measure`` reports, CPU seconds of the child it spawned and reaped)."""
    before = children_cpu()
    wall = measure()
    return wall, children_cpu() - before


def report_startup(env: dict[str, str], spawns: int) -> None:
    time_bare_interpreter()  # warm caches
    for _label, options in SERVERS:
        time_startup(env, options), time_first_call(env, options)
    runs: dict[str, list[tuple[float, float]]] = {"bare": []}
    for _ in range(spawns):
        runs["bare"].append(timed(time_bare_interpreter))
        for label, options in SERVERS:
            runs.setdefault(f"{label} listed", []).append(
                timed(partial(time_startup, env, options))
            )
            runs.setdefault(f"{label} called", []).append(
                timed(partial(time_first_call, env, options))
            )
    base_wall = statistics.median(wall for wall, _cpu in runs["bare"])
    base_cpu = statistics.median(cpu for _wall, cpu in runs["bare"])
    print(f"start-up, median of {spawns} interleaved spawns (load average {load_average()}):")
    print(
        "                                       wall ms  ratio   CPU ms  ratio (CPU: whole process)"
    )
    bare = f"{base_wall * 1000:8.0f}         {base_cpu * 1000:8.0f}"
    print(f"  python -c pass                     {bare}")
    for label, _options in SERVERS:
        for what, key, target in (
            ("spawn -> tools/list answer", "listed", 7),
            ("spawn -> first tools/call", "called", 10),
        ):
            wall = statistics.median(w for w, _c in runs[f"{label} {key}"])
            cpu = statistics.median(c for _w, c in runs[f"{label} {key}"])
            print(
                f"  {label:4s} {what:29s} {wall * 1000:8.0f} {wall / base_wall:5.1f}x "
                f"{cpu * 1000:8.0f} {cpu / base_cpu:5.1f}x  (target <= {target}x, wall)"
            )


def median_seconds(call: Callable[[], object], times: int) -> float:
    call()  # warm: the first call fills the result cache on both sides alike
    samples = []
    for _ in range(times):
        began = time.perf_counter()
        call()
        samples.append(time.perf_counter() - began)
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--spawns", type=int, default=15)
    parser.add_argument("--calls", type=int, default=300)
    parser.add_argument(
        "--no-bytecode",
        action="store_true",
        help="do not compile the repository's modules first (see the module doc)",
    )
    args = parser.parse_args()
    if not args.no_bytecode:
        for package in PACKAGES:
            compileall.compile_dir(REPO / package, quiet=1)
    print(f"bytecode compiled first: {'no' if args.no_bytecode else 'yes'}")
    with tempfile.TemporaryDirectory(prefix="bench-mcp-") as cache:
        env = {**os.environ, "DOCTROVE_CACHE_DIR": cache}
        env.pop("DOCTROVE_INDEX_URL", None)
        report_startup(env, args.spawns)
        if args.calls < 1:
            return
        service = make_service(resolve_settings({}, env))
        session = StdioSession(env)
        session.start()
        print(f"per call, median of {args.calls} (ms): stdio   in-process   overhead")
        overheads = []
        for tool, arguments, direct in CASES:
            params = {"name": tool, "arguments": arguments}
            answer = session.request("tools/call", params)
            if answer["result"].get("isError"):
                raise RuntimeError(f"{tool} {arguments}: {answer['result']['structuredContent']}")
            stdio = median_seconds(partial(session.request, "tools/call", params), args.calls)
            local = median_seconds(partial(direct, service), args.calls)
            overheads.append(stdio - local)
            label = f"{tool} {orjson.dumps(arguments).decode()}"
            print(
                f"  {stdio * 1000:6.3f}  {local * 1000:6.3f}  {(stdio - local) * 1000:6.3f}  "
                f"{label[:70]}"
            )
        session.close()
        print(
            f"per-call overhead: median {statistics.median(overheads) * 1000:.3f} ms, "
            f"max {max(overheads) * 1000:.3f} ms (target <= 2)"
        )


if __name__ == "__main__":
    main()
