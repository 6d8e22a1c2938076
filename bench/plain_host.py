"""Benchmark docclient against a plain doctrove host: index.json only, no catalog.json.

    python bench/plain_host.py                     # 100,000 entries (about 20 MB)
    python bench/plain_host.py --entries 20000 --timeout 120
    python bench/plain_host.py --sync          # also docclient sync with an empty cache

Generates the index in a temporary folder, serves it with ``python -m builder.serve`` on a
loopback port, and prints for each first answer (``docclient lookup``, then ``docclient
extract``, each in a fresh process, first with an empty cache and then again warm) the wall
time and the size of the cache folder afterwards. Every command is bounded by ``--timeout``
(a command cut off prints its time as "> N s"); the server and the folder are removed at the end.
With ``--sync`` it also times ``docclient sync`` with an empty cache and prints the first line
it writes on stderr (what the sync says it will cost).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import orjson

REPO = Path(__file__).resolve().parent.parent
WORDS = ("http", "client", "cache", "router", "stream", "token", "queue", "parse", "schema")


def entry(i: int) -> dict[str, object]:
    """One small entry (about 200 bytes): one version, one section."""
    word = WORDS[i % len(WORDS)]
    return {
        "id": f"lib-{i:06d}",
        "name": f"Lib {i}",
        "summary": f"A {word} library number {i}",
        "versions": ["1.0.0"],
        "volumes": {
            "1.0.0": {
                "sections": [
                    {
                        "heading": "Timeouts",
                        "path": f"https://docs.example/lib-{i}/#timeouts",
                        "body": f"Set the {word} timeout of lib {i} in seconds.",
                    }
                ]
            }
        },
    }


def write_index(folder: Path, entries: int) -> Path:
    folder.mkdir(parents=True)
    document = {"format": "doctrove-index@1", "entries": [entry(i) for i in range(entries)]}
    path = folder / "index.json"
    path.write_bytes(orjson.dumps(document))
    return path


def folder_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def first_answer(args: list[str], cache: Path, timeout: float) -> tuple[str, int, str]:
    """Run one docclient command in a fresh process; (its wall time as text, cache bytes, the
    first line of its stderr)."""
    env = {**os.environ, "DOCTROVE_CACHE_DIR": str(cache), "PYTHONPATH": str(REPO)}
    env.pop("DOCTROVE_INDEX_URL", None)
    started = time.perf_counter()
    said = ""
    try:
        done = subprocess.run(
            [sys.executable, "-m", "client.cli", *args],
            env=env,
            capture_output=True,
            text=True,
            timeout=timeout,
            stdin=subprocess.DEVNULL,
        )
        seconds = f"{time.perf_counter() - started:.1f} s"
        said = (done.stderr.splitlines() or [""])[0]
        if done.returncode != 0:
            seconds += f" (exit {done.returncode}: {done.stderr.strip()[-200:]})"
    except subprocess.TimeoutExpired:
        seconds = f"> {timeout:.0f} s (stopped)"
    return seconds, folder_bytes(cache) if cache.exists() else 0, said


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--entries", type=int, default=100_000)
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds per command")
    parser.add_argument("--sync", action="store_true", help="also time docclient sync")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="docclient-plain-") as tmp:
        root = Path(tmp)
        index = write_index(root / "site", args.entries)
        print(f"index.json: {args.entries} entries, {index.stat().st_size / 1e6:.1f} MB")
        server = subprocess.Popen(
            [sys.executable, "-m", "builder.serve", str(root / "site"), "--port", "0", "--quiet"],
            stdout=subprocess.PIPE,
            text=True,
            cwd=REPO,
        )
        try:
            if server.stdout is None:
                raise RuntimeError("the server's output is not readable")
            url = server.stdout.readline().rsplit(" at ", 1)[1].strip()
            target = f"lib-{args.entries // 2:06d}"
            site = ["--index-url", url]
            commands = {
                "lookup": ["lookup", "timeout library", *site],
                "extract": ["extract", target, "--focus", "timeout", *site],
            }
            for name, command in commands.items():
                cache = root / f"cache-{name}"
                cold = first_answer(command, cache, args.timeout)
                warm = first_answer(command, cache, args.timeout)
                print(
                    f"first {name}: empty cache {cold[0]}, cache then {cold[1] / 1e6:.1f} MB; "
                    f"again (warm) {warm[0]}, cache then {warm[1] / 1e6:.1f} MB"
                )
            if args.sync:
                seconds, size, said = first_answer(
                    ["sync", *site], root / "cache-sync", args.timeout
                )
                print(f"sync: empty cache {seconds}, cache then {size / 1e6:.1f} MB")
                print(f"sync said first: {said[:400]}")
        finally:
            server.terminate()
            server.wait(timeout=10)


if __name__ == "__main__":
    main()
