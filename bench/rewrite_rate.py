"""How often doc_extract would ask the host's model to rewrite, and how often the reply is usable.

    python -m bench.rewrite_rate            # the first 50 evaluation questions
    python -m bench.rewrite_rate --count 200 --below 0.5

Runs questions of eval/questions/*.toml (file-name order) through the service over the bundled
site with a fake rewriter that, like a sampling handler returning fixed JSON, answers every
request with FIXED_REPLY; counts rewrite statuses, and among used rewrites those that added
sections or changed the first one. It measures the trigger and the plumbing, not a model's skill.
"""

from __future__ import annotations

import argparse
import tempfile
from collections import Counter

from client.app import make_service
from client.config import resolve_settings
from client.rewrite import parse_queries
from eval.dataset import load_questions

FIXED_REPLY = '{"queries": ["configuration options", "usage example"]}'


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=50)
    parser.add_argument("--below", type=float, default=0.5)
    args = parser.parse_args()
    replies = Counter[str]()

    def rewriter(focus: str, _library: str, _language: str) -> tuple[str, ...]:
        replies["asked"] += 1
        queries = parse_queries(FIXED_REPLY, focus)
        replies["valid"] += 1
        return queries

    with tempfile.TemporaryDirectory() as cache:
        settings = resolve_settings({"cache_dir": cache, "rewrite_below": str(args.below)}, {})
        service = make_service(settings)
        statuses, added, moved = Counter[str](), 0, 0
        questions = load_questions()[: args.count]
        for question in questions:
            plain = service.extract(question.library, question.version, question.text)
            answer = service.extract(
                question.library, question.version, question.text, rewriter=rewriter
            )
            statuses[answer["rewrite"]["status"]] += 1
            if answer["rewrite"]["status"] == "used":
                added += len(answer["sections"]) > len(plain["sections"])
                first = [s["anchor"] for s in answer["sections"][:1]]
                moved += first != [s["anchor"] for s in plain["sections"][:1]]
    total = len(questions)
    print(f"questions {total}, rewrite below {args.below}")
    for status in ("used", "skipped", "failed", "off"):
        print(f"  {status:8} {statuses[status]:4}  ({statuses[status] / total:.0%})")
    print(f"  asked the model {replies['asked']}, valid replies {replies['valid']}")
    print(f"  used: {added} answers gained sections, {moved} changed their first section")


if __name__ == "__main__":
    main()
