"""What doc_extract's look at other versions (client.search.elsewhere) costs per question.

    python bench/other_versions.py              # time and bytes, the dev questions
    python bench/other_versions.py --rounds 5

On the evaluation's corpus (the bundled examples, built into a temporary folder), every dev
question is answered as doc_extract answers it, with the "section it lacks" sign on (as
shipped) and off (``WEAK_BELOW`` 0: only the unheard-word sign), in interleaved rounds: the
median and 90th percentile time per question in process, and the load average. Then, over
loopback with ``python -m builder.serve``, the bytes a client fetches for the questions of
libraries with several versions: each question from an empty cache (cold), and all of them in
turn on one cache (warm), with the sign on and off.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from first_answer import DelayingTransport, Link, serve  # noqa: E402

import client.search.elsewhere as elsewhere  # noqa: E402
from builder.config import load_catalog  # noqa: E402
from builder.pipeline import build_site  # noqa: E402
from client.assemble import make_service  # noqa: E402
from client.config import resolve_settings  # noqa: E402
from eval.corpus import EXAMPLES, answers_ours, open_corpus  # noqa: E402
from eval.dataset import Question, load_questions  # noqa: E402

SHIPPED = elsewhere.WEAK_BELOW


@contextmanager
def sign(on: bool) -> Iterator[None]:
    """The "section it lacks" sign on (as shipped) or off."""
    elsewhere.WEAK_BELOW = SHIPPED if on else 0.0
    try:
        yield
    finally:
        elsewhere.WEAK_BELOW = SHIPPED


def timings(rounds: int, questions: list[Question], site: Path) -> None:
    with open_corpus(site=site) as corpus:
        answer = answers_ours(corpus)
        calls = [(corpus.shard(q.library, q.version), q.text) for q in questions]
        for conn, text in calls:
            answer(conn, text)  # every index page the questions need, loaded once
        seconds: dict[bool, list[list[float]]] = {True: [], False: []}
        for round_ in range(rounds):
            for on in (True, False) if round_ % 2 == 0 else (False, True):
                with sign(on):
                    per = []
                    for conn, text in calls:
                        started = time.perf_counter()
                        answer(conn, text)
                        per.append(time.perf_counter() - started)
                seconds[on].append(per)
    for on, runs in seconds.items():
        median = statistics.median(statistics.median(run) for run in runs)
        mean = statistics.median(statistics.mean(run) for run in runs)
        p90 = statistics.median(sorted(run)[int(len(run) * 0.9)] for run in runs)
        print(
            f"sign {'on ' if on else 'off'}: median {median * 1000:.2f} ms, mean "
            f"{mean * 1000:.2f} ms, p90 {p90 * 1000:.2f} ms a question ({len(calls)} questions, "
            f"{rounds} rounds)"
        )


def fetched(url: str, questions: list[Question], cold: bool) -> list[int]:
    """Bytes received for each question: from an empty cache each, or all on one."""
    out = []
    with tempfile.TemporaryDirectory() as temp:
        transport = DelayingTransport(0.0, Link(None))
        docs = None
        for i, question in enumerate(questions):
            if docs is None or cold:
                if docs is not None:
                    docs.data.close()
                transport = DelayingTransport(0.0, Link(None))
                cache = {"DOCTROVE_CACHE_DIR": str(Path(temp) / str(i))}
                docs = make_service(
                    resolve_settings({"index_urls": url}, cache), transport=transport
                )
            before = transport.received
            docs.extract(question.library, question.version, question.text)
            out.append(transport.received - before)
        if docs is not None:
            docs.data.close()
    return out


def downloads(site: Path, questions: list[Question]) -> None:
    server, url = serve(site)
    try:
        for cold in (True, False):
            figures = {}
            for on in (False, True):
                with sign(on):
                    figures[on] = fetched(url, questions, cold)
            more = sum(1 for a, b in zip(figures[True], figures[False], strict=True) if a > b)
            off, on_ = figures[False], figures[True]
            print(
                f"{'cold, each question' if cold else 'warm, one cache'}: "
                f"sign off {sum(off):,} B (median {statistics.median(off):,.0f}), "
                f"on {sum(on_):,} B (median {statistics.median(on_):,.0f}); "
                f"{more} of {len(questions)} questions fetched more"
            )
    finally:
        server.terminate()
        server.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    questions = [q for q in load_questions() if q.split == "dev"]
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as temp:
        site = Path(temp) / "site"
        build_site(load_catalog(EXAMPLES), site)
        timings(args.rounds, questions, site)
        with open_corpus(site=site) as corpus:
            versions = corpus.versions
        several = {library for library, listed in versions.items() if len(listed) > 1}
        downloads(site, [q for q in questions if q.library in several])
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
