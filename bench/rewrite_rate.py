"""How often doc_extract would ask the host's model to rewrite, and how often the reply is usable.

    python -m bench.rewrite_rate            # the first 50 evaluation questions
    python -m bench.rewrite_rate --count 200 --below 0.5
    python -m bench.rewrite_rate --protocol 2026-07-28   # through the MCP SDK client, in process

Runs questions of eval/questions/*.toml (file-name order) through the service over the bundled
site with a fake rewriter that, like a sampling handler returning fixed JSON, answers every
request with FIXED_REPLY; counts rewrite statuses, and among used rewrites those that added
sections or changed the first one. It measures the trigger and the plumbing, not a model's skill.
With ``--protocol`` (legacy: the initialize handshake; or a revision such as 2026-07-28) the
questions go to doc_extract through the MCP SDK client, in process, whose sampling callback sends
FIXED_REPLY: the same counts, through that era's way of carrying sampling.
"""

from __future__ import annotations

import argparse
import tempfile
from collections import Counter
from typing import Any

import anyio
import mcp_types as types
from mcp import Client
from msgspec import to_builtins

from client.assemble import make_service
from client.config import resolve_settings
from client.mcp_server import build_server
from client.rewrite import RewritePolicy, parse_queries
from client.service import DocService
from eval.dataset import Question, load_questions

FIXED_REPLY = '{"queries": ["configuration options", "usage example"]}'


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=50)
    parser.add_argument("--below", type=float, default=0.5)
    parser.add_argument("--protocol", help="legacy or a revision: through the MCP SDK client")
    args = parser.parse_args()
    replies = Counter[str]()

    with tempfile.TemporaryDirectory() as cache:
        settings = resolve_settings({"cache_dir": cache, "rewrite_below": str(args.below)}, {})
        service = make_service(settings)
        questions = load_questions()[: args.count]
        if args.protocol:
            answers = answers_over_mcp(service, questions, args.protocol, replies)
        else:
            answers = [answer_directly(service, question, replies) for question in questions]
        statuses, added, moved = Counter[str](), 0, 0
        for question, answer in zip(questions, answers, strict=True):
            plain = to_builtins(service.extract(question.library, question.version, question.text))
            statuses[answer["rewrite"]["status"]] += 1
            if answer["rewrite"]["status"] == "used":
                replies["valid"] += args.protocol is not None
                added += len(answer["sections"]) > len(plain["sections"])
                first = [s["anchor"] for s in answer["sections"][:1]]
                moved += first != [s["anchor"] for s in plain["sections"][:1]]
    total = len(questions)
    print(
        f"questions {total}, rewrite below {args.below}, through {args.protocol or 'the service'}"
    )
    for status in ("used", "skipped", "failed", "off"):
        print(f"  {status:8} {statuses[status]:4}  ({statuses[status] / total:.0%})")
    print(f"  asked the model {replies['asked']}, valid replies {replies['valid']}")
    print(f"  used: {added} answers gained sections, {moved} changed their first section")


def answer_directly(service: DocService, question: Question, replies: Counter[str]) -> Any:
    def rewriter(focus: str, _library: str, _language: str) -> tuple[str, ...]:
        replies["asked"] += 1
        queries = parse_queries(FIXED_REPLY, focus)
        replies["valid"] += 1
        return queries

    answer = service.extract(question.library, question.version, question.text, rewriter=rewriter)
    return to_builtins(answer)


def answers_over_mcp(
    service: DocService, questions: list[Question], protocol: str, replies: Counter[str]
) -> list[dict[str, Any]]:
    """doc_extract's answers through one SDK client session; a rewrite counts as valid when the
    answer says it was used (the server parsed the reply)."""
    server = build_server(service, RewritePolicy("on"))

    async def sample(_ctx: Any, _params: types.CreateMessageRequestParams) -> Any:
        replies["asked"] += 1
        text = types.TextContent(text=FIXED_REPLY)
        return types.CreateMessageResult(role="assistant", content=text, model="fixed")

    async def ask_all() -> list[dict[str, Any]]:
        answers = []
        async with Client(server, mode=protocol, sampling_callback=sample) as client:
            for question in questions:
                arguments = {"id": question.library, "version": question.version}
                arguments["focus"] = question.text
                result = await client.call_tool("doc_extract", arguments)
                answers.append(result.structured_content or {})
        return answers

    return anyio.run(ask_all)


if __name__ == "__main__":
    main()
