"""Time doc_extract's section search per call on the real example corpus, against other code.

    python bench/ranking.py                       # this checkout alone
    python bench/ranking.py --code /tmp/old       # and a checkout of other code, interleaved

The examples are built once (with this checkout's builder) and every evaluation question is asked
of its version's shard, in process, through ``client.search.search_sections``: what doc_extract
does once the shard is on disk (search shards read their bodies from the site's packs, kept in a
disk cache after the first read, as the client does). Each code runs in its own process, ROUNDS
times, alternating, so a machine that gets slower during the run slows both alike. Prints the
median and p95 per call of each round's medians, the ratio to the first code, and the load
average before and after.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

# Runs inside each measured process: PYTHONPATH selects the code.
_WORKER = """
import inspect, json, statistics, sys, tempfile, time
from pathlib import Path
from client.disk_cache import DiskCache
from client.search.sections import search_sections
from client.section_bodies import SectionBodies
from client.shard_store import open_shard_file
site, shards, questions, repeat = json.load(open(sys.argv[1]))
cache = DiskCache(Path(tempfile.mkdtemp(prefix="doctrove-bench-cache-")))
conns = {}
# The packs' source, which code from doctrove-shard@6 on takes (earlier code has no such argument).
source = (site,) if "site" in inspect.signature(SectionBodies).parameters else ()
for key, (path, library, version, sections) in shards.items():
    def bodies(conn, library=library):  # a search shard's bodies, read from the site's packs
        read = lambda p, *_: (Path(site) / p).read_bytes()
        return SectionBodies(conn, library, cache, read, *source)
    conns[key] = open_shard_file(Path(path), library, version, sections, bodies)
times = []
for _ in range(repeat):
    for key, text in questions:
        start = time.perf_counter()
        search_sections(conns[key], text, max_sections=5, max_tokens=4000)
        times.append(time.perf_counter() - start)
times.sort()
print(json.dumps([statistics.median(times), times[int(len(times) * 0.95)]]))
"""


def build_shards(folder: Path) -> tuple[dict[str, list[object]], list[tuple[str, str]]]:
    sys.path.insert(0, str(REPO))
    from builder.config import load_catalog
    from builder.pipeline import build_site
    from client.versions import select_version
    from eval.dataset import load_questions

    build_site(load_catalog(REPO / "examples" / "docbuild.toml"), folder / "site")
    catalog = json.loads((folder / "site" / "catalog.json").read_text())
    shards, versions = {}, {}
    for entry in catalog["entries"]:
        versions[entry["id"]] = list(entry["versions"])
        for version, ref in entry["shards"].items():
            raw = folder / f"{entry['id']}-{version}.sqlite"
            raw.write_bytes(gzip.decompress((folder / "site" / ref["path"]).read_bytes()))
            shards[f"{entry['id']} {version}"] = [str(raw), entry["id"], version, ref["sections"]]
    questions = [
        (f"{q.library} {select_version(q.version, versions[q.library]).version}", q.text)
        for q in load_questions()
    ]
    return shards, questions


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--code", action="append", default=[], help="another checkout to time")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=2, help="passes over the questions a round")
    args = parser.parse_args()
    codes = [str(REPO), *args.code]
    with tempfile.TemporaryDirectory(prefix="doctrove-bench-") as folder:
        shards, questions = build_shards(Path(folder))
        work = Path(folder) / "work.json"
        work.write_text(json.dumps([str(Path(folder) / "site"), shards, questions, args.repeat]))
        print(f"{len(questions)} questions over {len(shards)} shards; load {os.getloadavg()}")
        medians: dict[str, list[float]] = {code: [] for code in codes}
        p95s: dict[str, list[float]] = {code: [] for code in codes}
        for _ in range(args.rounds):
            for code in codes:
                env = {**os.environ, "PYTHONPATH": code}
                out = subprocess.run(
                    [sys.executable, "-c", _WORKER, str(work)],
                    env=env, capture_output=True, text=True, check=False, cwd=code,
                )  # fmt: skip
                if out.returncode:
                    sys.exit(f"{code} failed:\n{out.stderr}")
                median, p95 = json.loads(out.stdout)
                medians[code].append(median)
                p95s[code].append(p95)
            time.sleep(0.5)
    base = statistics.median(medians[codes[0]])
    for code in codes:
        median = statistics.median(medians[code])
        print(
            f"{code}: median {median * 1000:.2f} ms, p95 {statistics.median(p95s[code]) * 1000:.2f}"
            f" ms per call, x{median / base:.2f} of {codes[0]}"
        )
    print(f"load after {os.getloadavg()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
