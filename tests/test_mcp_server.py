"""docclient serve over stdio, end to end: a real subprocess driven by the MCP SDK's own client,
and by hand on raw pipes to show that stdout carries nothing but JSON-RPC."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson
import pytest
from anyio.from_thread import BlockingPortal, start_blocking_portal
from mcp import Client, StdioServerParameters
from mcp.shared.exceptions import MCPError
from mcp_types import TextResourceContents

from client.mcp_tools import STATUS_URI, TOOLS
from tests.validation_support import validate

DOCCLIENT = Path(sys.executable).with_name("docclient")


def environment(cache: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DOCTROVE_")}
    return {**env, "DOCTROVE_CACHE_DIR": str(cache)}


class Session:
    """One `docclient serve` process for the whole module, called from synchronous tests."""

    def __init__(self, portal: BlockingPortal, client: Client) -> None:
        self.portal = portal
        self.client = client
        listed = portal.call(client.list_tools)
        self.tools = {tool.name: tool for tool in listed.tools}
        self.schemas = {tool.name: tool.output_schema or {} for tool in listed.tools}

    def call(self, name: str, arguments: dict[str, Any]) -> Any:
        return self.portal.call(self.client.call_tool, name, arguments)


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Session]:
    cache = tmp_path_factory.mktemp("cache")
    server = StdioServerParameters(command=str(DOCCLIENT), args=["serve"], env=environment(cache))
    with (
        start_blocking_portal() as portal,
        portal.wrap_async_context_manager(Client(server)) as client,
    ):
        yield Session(portal, client)


def test_lists_four_read_only_tools_with_schemas_and_annotations(session: Session) -> None:
    assert list(session.tools) == [tool.name for tool in TOOLS]
    for spec in TOOLS:
        listed = session.tools[spec.name]
        assert listed.input_schema == spec.input_schema
        assert listed.output_schema == spec.output_schema
        assert listed.description == spec.description
        annotations = listed.annotations
        assert annotations is not None
        assert (
            annotations.read_only_hint,
            annotations.idempotent_hint,
            annotations.open_world_hint,
            annotations.destructive_hint,
        ) == (True, True, False, False)


def test_doc_extract_answers_with_structured_content_text_and_provenance(
    session: Session,
) -> None:
    arguments = {"id": "werkzeug", "version": "2", "focus": "routing converters"}
    result = session.call("doc_extract", arguments)
    assert result.is_error is False
    answer = result.structured_content
    validate(answer, session.schemas["doc_extract"])
    assert (answer["id"], answer["version"], answer["releaseKind"]) == (
        "werkzeug",
        "2.3.8",
        "prefix",
    )
    assert answer["provenance"]["kind"] == "bundled"
    assert answer["provenance"]["buildTime"]
    first = answer["sections"][0]
    assert first["source"] == "routing.rst" and len(first["lines"]) == 2
    assert first["path"].endswith(f"#{first['anchor']}")
    (text,) = result.content
    assert text.type == "text"
    assert text.text.startswith("werkzeug 2.3.8 (prefix match 2.x → 2.3.8, ")
    assert first["sha256"][:12] in text.text


def test_doc_read_with_the_hash_from_extract_then_with_a_stale_one(session: Session) -> None:
    found = session.call("doc_extract", {"id": "werkzeug", "version": "3", "focus": "form parsing"})
    section = found.structured_content["sections"][1]
    pinned = {
        "id": "werkzeug",
        "version": found.structured_content["version"],
        "anchor": section["anchor"],
        "expectedHash": section["sha256"],
    }
    read = session.call("doc_read", {**pinned, "neighbours": 1})
    assert read.is_error is False
    validate(read.structured_content, session.schemas["doc_read"])
    (target,) = [s for s in read.structured_content["sections"] if s["target"]]
    assert (target["anchor"], target["sha256"]) == (section["anchor"], section["sha256"])
    assert target["body"].startswith(section["body"][:40])
    stale = session.call("doc_read", {**pinned, "expectedHash": "f" * 64})
    assert stale.is_error is True
    assert stale.structured_content["error"]["code"] == "version"
    assert stale.structured_content["error"]["hints"] == [section["sha256"]]


@pytest.mark.parametrize(
    ("tool", "arguments", "code", "hints"),
    [
        ("doc_extract", {"id": "werkzeug", "version": "9"}, "version", ["3.1.3", "2.3.8"]),
        ("catalog_releases", {"id": "werkzeg"}, "not-found", ["werkzeug"]),
        ("catalog_lookup", {"query": "flask", "limit": "five"}, "validation", []),
        ("catalog_lookup", {"query": "flask", "limit": 500}, "validation", []),
        ("catalog_releases", {}, "validation", ["id"]),
        # An unknown key is ignored (see test_mcp_compat); the missing id is still refused.
        ("catalog_releases", {"verbose": True}, "validation", ["id"]),
    ],
)
def test_failures_are_error_results_that_validate(
    session: Session, tool: str, arguments: dict[str, Any], code: str, hints: list[str]
) -> None:
    result = session.call(tool, arguments)
    assert result.is_error is True
    validate(result.structured_content, session.schemas[tool])
    assert result.structured_content["error"]["code"] == code
    assert result.structured_content["error"]["hints"] == hints
    assert result.content[0].text.startswith(f"error ({code}): ")


def test_an_unknown_tool_is_a_protocol_error(session: Session) -> None:
    with pytest.raises(MCPError) as caught:
        session.call("doc_search", {"query": "x"})
    assert caught.value.error.code == -32602
    assert "doc_search" in caught.value.error.message


def test_status_resource(session: Session) -> None:
    listed = session.portal.call(session.client.list_resources)
    assert [str(r.uri) for r in listed.resources] == [STATUS_URI]
    read = session.portal.call(session.client.read_resource, STATUS_URI)
    (contents,) = read.contents
    assert isinstance(contents, TextResourceContents)
    status = orjson.loads(contents.text)
    assert status["data"]["sources"][0]["kind"] == "bundled"
    assert {"libraries", "versions", "resultCache"} <= set(status)


def test_stdout_carries_only_json_rpc(tmp_path: Path) -> None:
    log = (tmp_path / "stderr.txt").open("wb")
    process = subprocess.Popen(
        [str(DOCCLIENT), "serve", "--debug"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=log,
        env=environment(tmp_path),
    )
    assert process.stdin is not None and process.stdout is not None
    messages: list[dict[str, Any]] = [
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "raw", "version": "0"},
            },
        },
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
        {
            "jsonrpc": "2.0",
            "id": 3,
            "method": "tools/call",
            "params": {"name": "doc_extract", "arguments": {"id": "python", "focus": "json"}},
        },
        {
            "jsonrpc": "2.0",
            "id": 4,
            "method": "tools/call",
            "params": {"name": "doc_extract", "arguments": {"id": "nope"}},
        },
    ]
    answers: list[dict[str, Any]] = []
    for message in messages:
        process.stdin.write(orjson.dumps(message) + b"\n")
        process.stdin.flush()
        if "id" in message:
            answers.append(orjson.loads(process.stdout.readline()))
    process.stdin.close()
    rest = process.stdout.read()
    process.stdout.close()
    process.wait(timeout=10)
    log.close()
    assert process.returncode == 0
    assert rest == b""
    assert [answer["id"] for answer in answers] == [1, 2, 3, 4]
    for answer in answers:
        assert answer["jsonrpc"] == "2.0" and "result" in answer
    assert answers[0]["result"]["serverInfo"]["name"] == "doctrove"
    assert answers[2]["result"]["isError"] is False
    assert answers[3]["result"]["structuredContent"]["error"]["code"] == "not-found"
