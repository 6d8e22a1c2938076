"""Conformance with the Node doctrove: its demo index on a plain host, asked over MCP.

examples/compat/doctrove-demo-index.json is served by builder.serve as the only file of a site
(index.json), `docclient serve --index-url` answers through the SDK's stdio client, and the seed's
documented behaviours hold key for key: lookup tiers (exact name 1.0, alias 0.95, prefix 0.90),
popularity and a total of every match, version selection (latest, exact, prefix "4" -> 4.21.2, a
tolerated v prefix), every version and the volume's summary in doc_extract, the first sections in
document order without a focus, unknown argument keys ignored, and error codes (not-found with
the near ids, version with the candidate versions, validation, even for arguments that are not an
object). docs/doctrove-compat.md maps the seed's behaviour list to these tests.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from anyio.from_thread import start_blocking_portal
from mcp import Client, StdioServerParameters

from builder.serve import start_server
from tests.validation_support import validate

REPO = Path(__file__).resolve().parents[1]
COMPAT = REPO / "examples" / "compat" / "doctrove-demo-index.json"
DOCCLIENT = Path(sys.executable).with_name("docclient")
# The seed's result keys (its README), which ours must all carry.
LOOKUP_KEYS = {"results", "total", "sources"}
LIBRARY_KEYS = {"id", "name", "summary", "score", "matches", "versions", "latest", "source"}
RELEASES_KEYS = {"id", "name", "latest", "versions", "source"}
EXTRACT_KEYS = {"id", "name", "version", "releaseKind", "releaseNote", "sections", "source"}
EXTRACT_KEYS |= {"versions", "volumeSummary"}
INDEX = json.loads(COMPAT.read_text(encoding="utf-8"))
ENTRIES = {entry["id"]: entry for entry in INDEX["entries"]}


class Doctrove:
    """Calls into one `docclient serve` over the plain host; structured content, checked."""

    def __init__(self, call: Any, schemas: dict[str, Any]) -> None:
        self._call = call
        self._schemas = schemas

    def __call__(self, tool: str, **arguments: Any) -> dict[str, Any]:
        result = self._call(tool, arguments)
        answer: dict[str, Any] = result.structured_content
        validate(answer, self._schemas[tool])
        assert result.is_error is ("error" in answer)
        return answer


@pytest.fixture(scope="module")
def doctrove(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Doctrove]:
    host = tmp_path_factory.mktemp("plain-host")
    shutil.copy(COMPAT, host / "index.json")
    cache = tmp_path_factory.mktemp("cache")
    env = {k: v for k, v in os.environ.items() if not k.startswith("DOCTROVE_")}
    with start_server(host) as server:
        params = StdioServerParameters(
            command=str(DOCCLIENT),
            args=["serve", "--index-url", server.url, "--cache-dir", str(cache)],
            env=env,
        )
        with (
            start_blocking_portal() as portal,
            portal.wrap_async_context_manager(Client(params)) as client,
        ):
            listed = portal.call(client.list_tools)
            schemas = {tool.name: tool.output_schema for tool in listed.tools}

            def call(tool: str, arguments: dict[str, Any]) -> Any:
                return portal.call(client.call_tool, tool, arguments)

            yield Doctrove(call, schemas)


def test_lookup_tiers_exact_alias_prefix(doctrove: Doctrove) -> None:
    answers = {q: doctrove("catalog_lookup", query=q) for q in ("express", "expressjs", "expr")}
    for answer in answers.values():
        assert set(answer) >= LOOKUP_KEYS
        assert answer["total"] == len(answer["results"])
        assert answer["sources"] == sorted({r["source"] for r in answer["results"]})
        top = answer["results"][0]
        assert set(top) >= LIBRARY_KEYS
        assert (top["id"], top["name"], top["latest"]) == ("express", "Express", "5.1.0")
        assert top["versions"] == ["5.1.0", "4.21.2"]
        assert top["source"].startswith("remote:http://127.0.0.1:")
    exact, alias, prefix = (answers[q]["results"][0] for q in ("express", "expressjs", "expr"))
    assert exact["score"] == 1.0 and "exact name match" in exact["matches"]
    assert 0.95 <= alias["score"] < 1.0
    assert "exact alias match: expressjs" in alias["matches"]
    assert 0.90 <= prefix["score"] < 0.95
    assert "name prefix match" in prefix["matches"]


def test_releases(doctrove: Doctrove) -> None:
    answer = doctrove("catalog_releases", id="express")
    assert set(answer) >= RELEASES_KEYS
    assert (answer["id"], answer["name"], answer["latest"]) == ("express", "Express", "5.1.0")
    assert answer["versions"] == ["5.1.0", "4.21.2"]
    assert answer["provenance"]["kind"] == "remote"


@pytest.mark.parametrize(
    ("library", "requested", "version", "how"),
    [
        ("express", None, "5.1.0", "latest"),
        ("express", "latest", "5.1.0", "latest"),
        ("express", "4.21.2", "4.21.2", "exact"),
        ("express", "v4.21.2", "4.21.2", "exact"),
        ("express", "4", "4.21.2", "prefix"),
        ("express", "4.x", "4.21.2", "prefix"),
        ("zod", "3.23", "3.23.8", "prefix"),
        ("dayjs", "1", "1.11.13", "prefix"),
    ],
)
def test_version_selection(
    doctrove: Doctrove, library: str, requested: str | None, version: str, how: str
) -> None:
    answer = doctrove("doc_extract", id=library, version=requested, focus="路由")
    assert set(answer) >= EXTRACT_KEYS
    assert (answer["version"], answer["releaseKind"]) == (version, how)
    assert answer["requestedVersion"] == requested


def test_extract_ranks_sections_with_scores_and_matches(doctrove: Doctrove) -> None:
    answer = doctrove("doc_extract", id="express", version="5", focus="通配符")
    top = answer["sections"][0]
    assert top["heading"] == "通配符路由"
    assert 0 < top["score"] <= 1
    # doctrove's form of the signal ("heading hit: 1 word"); ours counts the focus' characters.
    assert "heading hit: 3 words" in top["matches"]
    assert top["path"] == "https://expressjs.com/en/5x/api.html#app.use"
    scores = [section["score"] for section in answer["sections"]]
    assert scores == sorted(scores, reverse=True)


@pytest.mark.parametrize(
    ("tool", "arguments", "code", "hints"),
    [
        ("doc_extract", {"id": "express", "version": "6"}, "version", ["5.1.0", "4.21.2"]),
        ("doc_extract", {"id": "expresss"}, "not-found", ["express"]),
        ("catalog_releases", {"id": "zodd"}, "not-found", ["zod"]),
        ("doc_extract", {"id": "express", "maxSections": 0}, "validation", []),
        ("doc_extract", {"version": "5"}, "validation", ["id"]),
        ("catalog_lookup", {"query": ""}, "validation", []),
    ],
)
def test_error_codes_and_hints(
    doctrove: Doctrove, tool: str, arguments: dict[str, Any], code: str, hints: list[str]
) -> None:
    error = doctrove(tool, **arguments)["error"]
    assert set(error) == {"code", "message", "hints"}
    assert error["code"] == code
    assert error["hints"][: len(hints)] == hints
    assert error["message"]


def test_lookup_results_carry_popularity_and_total_counts_every_match(doctrove: Doctrove) -> None:
    (express,) = doctrove("catalog_lookup", query="express", limit=1)["results"]
    assert express["popularity"] == ENTRIES["express"]["popularity"] == 1200
    # "库" (library) is in the summaries of zod and dayjs: two matches, one shown.
    answer = doctrove("catalog_lookup", query="库", limit=1)
    assert len(answer["results"]) == 1
    assert answer["total"] == 2


@pytest.mark.parametrize(
    ("library", "requested", "version"), [("express", "4", "4.21.2"), ("zod", None, "3.24.1")]
)
def test_extract_has_every_version_and_the_volume_summary(
    doctrove: Doctrove, library: str, requested: str | None, version: str
) -> None:
    answer = doctrove("doc_extract", id=library, version=requested, focus="路由")
    assert answer["version"] == version
    assert answer["versions"] == ENTRIES[library]["versions"]
    assert answer["volumeSummary"] == ENTRIES[library]["volumes"][version]["summary"]


def test_extract_without_focus_gives_the_first_sections_with_bodies(doctrove: Doctrove) -> None:
    answer = doctrove("doc_extract", id="express", version="5", maxSections=3)
    volume = ENTRIES["express"]["volumes"]["5.1.0"]["sections"]
    assert [(s["heading"], s["body"], s["path"]) for s in answer["sections"]] == [
        (s["heading"], s["body"], s["path"]) for s in volume[:3]
    ]
    assert [entry["heading"] for entry in answer["toc"]] == [s["heading"] for s in volume]
    assert answer["hint"].startswith("no focus given: the first 3 of the version's 9 sections")


def test_unknown_argument_keys_are_ignored_and_listed_in_warnings(doctrove: Doctrove) -> None:
    plain = doctrove("doc_extract", id="express", focus="通配符")
    extra = doctrove("doc_extract", id="express", focus="通配符", format="markdown", verbose=True)
    assert extra["sections"] == plain["sections"]
    assert extra["warnings"] == [
        "ignored argument 'format': doc_extract takes id, version, focus, maxSections, maxTokens",
        "ignored argument 'verbose': doc_extract takes id, version, focus, maxSections, maxTokens",
    ]
    assert "warnings" not in plain


def test_arguments_that_are_not_an_object_are_a_tool_error_result(tmp_path: Path) -> None:
    """On raw stdio (the SDK's client would not send them): the model sees code "validation" in
    a result, where the SDK alone answers -32602."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("DOCTROVE_")}
    env["DOCTROVE_CACHE_DIR"] = str(tmp_path)
    process = subprocess.Popen(
        [str(DOCCLIENT), "serve"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    watchdog = threading.Timer(60, process.kill)  # a missing reply fails the test, never hangs it
    watchdog.start()
    assert process.stdin is not None and process.stdout is not None

    def send(frame: dict[str, Any]) -> None:
        assert process.stdin is not None
        process.stdin.write(json.dumps(frame).encode() + b"\n")
        process.stdin.flush()

    try:
        hello = {"name": "compat", "version": "1"}
        init = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": hello}
        send({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": init})
        assert json.loads(process.stdout.readline())["id"] == 0
        send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        for number, arguments in enumerate((["express"], "express", 5), start=1):
            params = {"name": "catalog_releases", "arguments": arguments}
            send({"jsonrpc": "2.0", "id": number, "method": "tools/call", "params": params})
            reply = json.loads(process.stdout.readline())
            assert reply["id"] == number and "error" not in reply
            assert reply["result"]["isError"] is True
            error = reply["result"]["structuredContent"]["error"]
            assert error["code"] == "validation" and error["hints"] == ["id"]
            assert "must be a JSON object" in error["message"]
    finally:
        watchdog.cancel()
        process.stdin.close()
        process.wait(timeout=30)
        process.stdout.close()
