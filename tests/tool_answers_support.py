"""A fixed set of tool calls over the bundled example site, and their answers as agents get them.

``tests/recorded/tool_answers.json`` holds what each call answered (the structured content as
JSON text, keys in the order sent, and the text rendering); tests/test_tool_answers.py checks
that today's code answers the same bytes. Record again, and review the diff, only when the
bundled example site changed: ``python -m tests.tool_answers_support``.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from client.assemble import make_service
from client.config import resolve_settings
from client.errors import RewriteFailed
from client.mcp_tools import TOOLS_BY_NAME, call_tool
from client.rewritten_answers import Rewriter
from client.service import DocService

REPO = Path(__file__).resolve().parents[1]
RECORDED = REPO / "tests" / "recorded" / "tool_answers.json"
# The bundled site's folder is in every source label; recorded without the checkout's path.
_REPO_MARK = "<repo>"


def _rewrites_to(*queries: str) -> Rewriter:
    return lambda _focus, _name, _hint: list(queries)


def _refuses(_focus: str, _name: str, _hint: str) -> Sequence[str]:
    raise RewriteFailed("the host declined to sample")


# (tool, arguments, rewriter name): the rewriters below stand in for a host's model.
REWRITERS: dict[str, Rewriter] = {
    "cookies": _rewrites_to("set cookie max age", "session cookie expiry"),
    "refuses": _refuses,
}
# A question the bundled werkzeug docs answer weakly (below DEFAULT_REWRITE_BELOW), so a
# rewrite is asked for; a refitted ranker may answer it surer: the rewrite tests check it first.
WEAK = "cookie lifespan setting"
CALLS: tuple[tuple[str, Any, str | None], ...] = (
    ("catalog_lookup", {"query": "werkzeug"}, None),
    ("catalog_lookup", {"query": "web", "limit": 2}, None),
    ("catalog_lookup", {"query": "expressjs"}, None),
    ("catalog_lookup", {"query": "werkzueg"}, None),
    ("catalog_lookup", {"query": "zzzqqq"}, None),
    ("catalog_lookup", {"query": "flask", "limit": 3, "Limit": 2}, None),
    ("catalog_releases", {"id": "werkzeug"}, None),
    ("catalog_releases", {"id": "WSGI"}, None),
    ("catalog_releases", {"id": "express", "version": "5"}, None),
    ("catalog_releases", {"id": "werkzeg"}, None),
    ("catalog_releases", ["express"], None),
    ("doc_extract", {"id": "werkzeug", "version": "3.1.3", "focus": "debugger pin"}, None),
    ("doc_extract", {"id": "pypi:werkzeug", "version": "2", "focus": "routing converters"}, None),
    ("doc_extract", {"id": "werkzeug", "version": "3.1.3", "maxSections": 3}, None),
    ("doc_extract", {"id": "werkzeug", "version": "3.1.3", "maxTokens": 100}, None),
    ("doc_extract", {"id": "express", "version": "4", "focus": "路由"}, None),
    ("doc_extract", {"id": "python", "focus": "json.dumps", "maxSections": 3}, None),
    ("doc_extract", {"id": "attrs", "version": "25"}, None),
    ("doc_extract", {"id": "werkzeug", "focus": "frobnicate"}, None),
    ("doc_extract", {"id": "werkzeug", "focus": WEAK}, "cookies"),
    ("doc_extract", {"id": "werkzeug", "focus": "cookie expiry"}, "refuses"),
    ("doc_extract", {"id": "werkzeug", "focus": "frobnicate"}, "cookies"),
    ("doc_extract", {"id": "werkzeug", "focus": "werkzeug.routing.Map"}, "cookies"),
    ("doc_extract", {"id": "werkzeug", "version": "9"}, None),
    ("doc_extract", {"id": "werkzeug", "maxSections": 0}, None),
    ("doc_extract", {"ids": "express"}, None),
    ("doc_read", {"id": "werkzeug", "version": "3", "anchor": "form-data-parsing"}, None),
    (
        "doc_read",
        {"id": "wsgi", "version": "3.1.3", "anchor": "debugger-pin", "page": "debug.rst"},
        None,
    ),
    (
        "doc_read",
        {"id": "werkzeug", "version": "3", "anchor": "form-data-parsing", "neighbours": 1},
        None,
    ),
    (
        "doc_read",
        {
            "id": "werkzeug",
            "version": "3",
            "anchor": "form-data-parsing",
            "expectedHash": "0" * 64,
        },
        None,
    ),
    ("doc_read", {"id": "werkzeug", "version": "3", "anchor": "no-such-anchor"}, None),
)


def bundled_service(cache: Path) -> DocService:
    return make_service(resolve_settings({"cache_dir": str(cache)}, {}))


def answers(service: DocService) -> list[dict[str, Any]]:
    """Every call of CALLS and what it answered, with the checkout's path masked."""
    found = []
    for tool, arguments, rewriter in CALLS:
        outcome = call_tool(
            service,
            TOOLS_BY_NAME[tool],
            arguments,
            None if rewriter is None else REWRITERS[rewriter],
        )
        found.append(
            {
                "tool": tool,
                "arguments": arguments,
                "rewriter": rewriter,
                "isError": outcome.is_error,
                "structured": _masked(json.dumps(outcome.structured, ensure_ascii=False)),
                "text": _masked(outcome.text),
            }
        )
    return found


def _masked(text: str) -> str:
    return text.replace(str(REPO), _REPO_MARK)


def main() -> None:
    with tempfile.TemporaryDirectory() as cache:
        recorded = answers(bundled_service(Path(cache)))
    RECORDED.write_text(json.dumps(recorded, indent=1, ensure_ascii=False) + "\n", "utf-8")
    print(f"recorded {len(recorded)} answers in {RECORDED.relative_to(REPO)}")


if __name__ == "__main__":
    main()
