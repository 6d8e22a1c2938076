"""client.mcp_tools: argument folding, error results, and every answer against its output schema.

In process, over the bundled default site: each tool's structured result (answers and errors
alike) validates against the output schema the server lists, and the docs name every tool.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, get_args

import jsonschema
import pytest

from client.assemble import make_service
from client.config import resolve_settings
from client.errors import ERROR_CODES, InvalidRequest
from client.mcp_schemas import ERROR_RESULT
from client.mcp_tools import TOOLS, TOOLS_BY_NAME, call_tool, fold_arguments
from client.service import DocService
from schemas.answers import ErrorCode
from tests.shared_anchor_site import (
    DEPLOY,
    GUIDE,
    LIBRARY,
    SHARED,
    VERSION,
    build_shared_anchor_site,
)
from tests.validation_support import validate

REPO = Path(__file__).resolve().parents[1]
SHA = "7b8f21c1742a7b680ae51e15ca430e8a7a1415317fb13f9b80d63c93e9a43440"  # werkzeug 3.1.3


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory) -> DocService:
    cache = tmp_path_factory.mktemp("cache")
    return make_service(resolve_settings({"cache_dir": str(cache)}, {}))


def test_tool_names_and_parameters_are_the_seeds_plus_ours() -> None:
    assert {tool.name: [p.name for p in tool.params] for tool in TOOLS} == {
        "catalog_lookup": ["query", "limit"],
        "catalog_releases": ["id"],
        "doc_extract": ["id", "version", "focus", "maxSections", "maxTokens"],
        "doc_read": ["id", "version", "anchor", "page", "expectedHash", "neighbours"],
    }
    assert TOOLS_BY_NAME["doc_read"].input_schema["required"] == ["id", "version", "anchor"]


@pytest.mark.parametrize("tool", TOOLS, ids=lambda t: t.name)
def test_schemas_are_valid_json_schema_with_an_object_root(tool: Any) -> None:
    for schema in (tool.input_schema, tool.output_schema):
        jsonschema.Draft202012Validator.check_schema(schema)
        assert schema["type"] == "object"
    # Open like doctrove's: an unknown key is ignored with a warning, not refused by a client.
    assert tool.input_schema["additionalProperties"] is True


@pytest.mark.parametrize(
    ("tool", "arguments", "folded"),
    [
        ("catalog_lookup", {"query": "flask"}, {"query": "flask"}),
        ("catalog_lookup", {"query": "flask", "limit": 5.0}, {"query": "flask", "limit": 5}),
        ("catalog_lookup", {"query": "flask", "limit": None}, {"query": "flask"}),
        ("doc_extract", {"id": "x", "version": None, "focus": "y"}, {"id": "x", "focus": "y"}),
        (
            "doc_read",
            {"id": "x", "version": "1", "anchor": "a"},
            {"id": "x", "version": "1", "anchor": "a"},
        ),
        (
            "doc_read",
            {"id": "x", "version": "1", "anchor": "a", "page": "p.md"},
            {"id": "x", "version": "1", "anchor": "a", "page": "p.md"},
        ),
    ],
)
def test_fold_arguments_accepts(
    tool: str, arguments: dict[str, Any], folded: dict[str, Any]
) -> None:
    assert fold_arguments(TOOLS_BY_NAME[tool], arguments) == folded


@pytest.mark.parametrize(
    ("tool", "arguments", "message", "hints"),
    [
        ("catalog_lookup", None, "catalog_lookup needs 'query': ", ["query"]),
        ("catalog_lookup", {"query": "  "}, "query must not be empty", []),
        ("catalog_lookup", {"query": 3}, "query must be a string, not a number", []),
        (
            "catalog_lookup",
            {"query": "a", "limit": "5"},
            "limit must be a whole number from 1 to 50, not a string",
            [],
        ),
        (
            "catalog_lookup",
            {"query": "a", "limit": True},
            "limit must be a whole number from 1 to 50, not a boolean",
            [],
        ),
        (
            "catalog_lookup",
            {"query": "a", "limit": 2.5},
            "limit must be a whole number from 1 to 50, not a number",
            [],
        ),
        ("catalog_lookup", {"query": "a", "limit": 51}, "limit must be from 1 to 50, not 51", []),
        ("catalog_lookup", {"query": "a" * 201}, "query is longer than 200 characters", []),
        (
            "doc_extract",
            {"id": "x", "maxSections": 0},
            "maxSections must be from 1 to 50, not 0",
            [],
        ),
        (
            "doc_extract",
            {"id": "x", "maxTokens": 99},
            "maxTokens must be from 100 to 50000, not 99",
            [],
        ),
        ("doc_extract", {"id": ["x"]}, "id must be a string, not an array", []),
        ("doc_read", {"id": "x", "anchor": "a"}, "doc_read needs 'version': ", ["version"]),
        (
            "doc_read",
            {"id": "x", "version": "1", "anchor": "a", "expectedHash": "ABC"},
            "expectedHash must be a section's whole sha256, 64 lowercase hex characters",
            [],
        ),
        (
            # The 12 characters a text answer shows: the CLI said where the whole one is, the
            # tool only "expectedHash must match ^[0-9a-f]{64}$".
            "doc_read",
            {"id": "x", "version": "1", "anchor": "a", "expectedHash": "0123456789ab"},
            "expectedHash must be a section's whole sha256, 64 lowercase hex characters (the "
            "sections' sha256 in structured and --json answers give it whole; text answers "
            "show its first 12)",
            [],
        ),
        (
            "doc_read",
            {"id": "x", "version": "1", "anchor": "a", "neighbours": 6},
            "neighbours must be from 0 to 5, not 6",
            [],
        ),
        (
            "doc_read",
            {"id": "x", "version": "1", "anchor": "a", "page": 3},
            "page must be a string, not a number",
            [],
        ),
    ],
)
def test_fold_arguments_refuses_with_a_message_that_says_what_to_send(
    tool: str, arguments: dict[str, Any] | None, message: str, hints: list[str]
) -> None:
    with pytest.raises(InvalidRequest) as caught:
        fold_arguments(TOOLS_BY_NAME[tool], arguments)
    assert caught.value.message.startswith(message)
    assert caught.value.hints == hints


CALLS: list[tuple[str, dict[str, Any], str | None]] = [
    ("catalog_lookup", {"query": "werkzeug"}, None),
    ("catalog_lookup", {"query": "expressjs", "limit": 1}, None),
    ("catalog_lookup", {"query": "拼音"}, None),
    ("catalog_lookup", {"query": "zzzqqqxxy"}, None),
    ("catalog_lookup", {}, "validation"),
    ("catalog_releases", {"id": "werkzeug"}, None),
    ("catalog_releases", {"id": "express"}, None),
    ("catalog_releases", {"id": "werkzeg"}, "not-found"),
    ("doc_extract", {"id": "werkzeug", "version": "2", "focus": "routing converters"}, None),
    ("doc_extract", {"id": "werkzeug", "version": "3.1.3", "focus": "form parsing"}, None),
    ("doc_extract", {"id": "werkzeug"}, None),
    ("doc_extract", {"id": "python", "focus": "json.dumps", "maxTokens": 100}, None),
    ("doc_extract", {"id": "express", "version": "4", "focus": "路由参数"}, None),
    ("doc_extract", {"id": "werkzeug", "version": "9"}, "version"),
    ("doc_extract", {"id": "werkzeug", "extra": 1}, None),
    ("doc_extract", {"extra": 1}, "validation"),
    ("doc_read", {"id": "werkzeug", "version": "3", "anchor": "form-data-parsing"}, None),
    (
        "doc_read",
        {"id": "werkzeug", "version": "3", "anchor": "form-data-parsing", "neighbours": 2},
        None,
    ),
    ("doc_read", {"id": "express", "version": "5", "anchor": "路由处理器"}, None),
    # Two deployment pages of werkzeug 3.1.3 have a "Configuration" section.
    ("doc_read", {"id": "werkzeug", "version": "3", "anchor": "configuration"}, "validation"),
    (
        "doc_read",
        {
            "id": "werkzeug",
            "version": "3",
            "anchor": "configuration",
            "page": "deployment/nginx.rst",
        },
        None,
    ),
    (
        "doc_read",
        {"id": "werkzeug", "version": "3", "anchor": "deployment/nginx.rst#configuration"},
        None,
    ),
    (
        "doc_read",
        {"id": "werkzeug", "version": "3", "anchor": "form-data-parsing", "expectedHash": SHA},
        None,
    ),
    (
        "doc_read",
        {"id": "werkzeug", "version": "3", "anchor": "form-data-parsing", "expectedHash": "0" * 64},
        "version",
    ),
    ("doc_read", {"id": "werkzeug", "version": "3", "anchor": "no-such-anchor"}, "not-found"),
]


@pytest.mark.parametrize(("tool", "arguments", "code"), CALLS)
def test_every_result_validates_against_the_tools_output_schema(
    service: DocService, tool: str, arguments: dict[str, Any], code: str | None
) -> None:
    spec = TOOLS_BY_NAME[tool]
    outcome = call_tool(service, spec, arguments)
    validate(outcome.structured, spec.output_schema)
    assert outcome.is_error is (code is not None)
    if code is None:
        # The two branches of the output schema exclude each other.
        assert not jsonschema.Draft202012Validator(ERROR_RESULT).is_valid(outcome.structured)
        assert "error" not in outcome.structured
        return
    error = outcome.structured["error"]
    assert error["code"] == code
    assert outcome.text.startswith(f"error ({code}): {error['message']}")


def test_errors_carry_the_hints_an_agent_recovers_with(service: DocService) -> None:
    def error(tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
        result = call_tool(service, TOOLS_BY_NAME[tool], arguments).structured
        found: dict[str, Any] = result["error"]
        return found

    assert error("catalog_releases", {"id": "werkzeg"})["hints"] == ["werkzeug"]
    assert error("doc_extract", {"id": "werkzeug", "version": "9"})["hints"] == ["3.1.3", "2.3.8"]
    changed = {"id": "werkzeug", "version": "3", "anchor": "form-data-parsing"}
    assert error("doc_read", {**changed, "expectedHash": "0" * 64})["hints"] == [SHA]


@pytest.fixture(scope="module")
def twin(tmp_path_factory: pytest.TempPathFactory) -> DocService:
    root = tmp_path_factory.mktemp("twin")
    site = build_shared_anchor_site(root)
    return make_service(resolve_settings({"local_index": str(site), "cache_dir": str(root)}, {}))


def test_doc_read_of_a_shared_anchor_is_a_validation_error_listing_the_pages(
    twin: DocService,
) -> None:
    spec = TOOLS_BY_NAME["doc_read"]
    asked = {"id": LIBRARY, "version": VERSION, "anchor": SHARED}
    outcome = call_tool(twin, spec, asked)
    validate(outcome.structured, spec.output_schema)
    assert outcome.is_error and outcome.structured["error"]["code"] == "validation"
    candidates = [f"{DEPLOY}#{SHARED}", f"{GUIDE}#{SHARED}"]
    assert outcome.structured["error"]["hints"] == candidates
    assert outcome.text.endswith(f"hints: {', '.join(candidates)}")
    for arguments in ({**asked, "page": GUIDE}, {**asked, "anchor": f"{GUIDE}#{SHARED}"}):
        outcome = call_tool(twin, spec, arguments)
        validate(outcome.structured, spec.output_schema)
        assert not outcome.is_error
        assert outcome.structured["page"] == GUIDE
        assert outcome.structured["sections"][0]["body"] == "Set guide options in guide.toml."
        assert f"\n{GUIDE}#{SHARED} lines" in outcome.text


def test_an_argument_the_tool_does_not_take_is_ignored_and_named_in_warnings(
    service: DocService,
) -> None:
    spec = TOOLS_BY_NAME["catalog_releases"]
    outcome = call_tool(service, spec, {"id": "express", "version": "5", "Limit": 3})
    validate(outcome.structured, spec.output_schema)
    assert not outcome.is_error and outcome.structured["id"] == "express"
    assert outcome.structured["warnings"] == [
        "ignored argument 'Limit': catalog_releases takes id",
        "ignored argument 'version': catalog_releases takes id",
    ]
    # Right below the first line (what was served), before the answer's body, however long.
    first, second, third, fourth = outcome.text.split("\n")[:4]
    assert first.startswith("express (Express): latest 5.1.0")
    assert (second, third) == (
        "warning: ignored argument 'Limit': catalog_releases takes id",
        "warning: ignored argument 'version': catalog_releases takes id",
    )
    assert not fourth.startswith("warning")
    # The warnings are the call's, not the cached answer's.
    assert "warnings" not in call_tool(service, spec, {"id": "express"}).structured
    failed = call_tool(service, TOOLS_BY_NAME["doc_extract"], {"ids": "express"})
    validate(failed.structured, TOOLS_BY_NAME["doc_extract"].output_schema)
    assert failed.structured["error"]["code"] == "validation"
    assert failed.structured["warnings"] == [
        "ignored argument 'ids': doc_extract takes id, version, focus, maxSections, maxTokens"
    ]


@pytest.mark.parametrize(
    ("arguments", "kind"), [(["express"], "an array"), ("express", "a string"), (7, "a number")]
)
def test_arguments_that_are_not_an_object_are_a_validation_result(
    service: DocService, arguments: object, kind: str
) -> None:
    spec = TOOLS_BY_NAME["catalog_releases"]
    outcome = call_tool(service, spec, arguments)
    validate(outcome.structured, spec.output_schema)
    assert outcome.is_error
    assert outcome.structured == {
        "error": {
            "code": "validation",
            "message": "catalog_releases's arguments must be a JSON object of named arguments, "
            f"not {kind}; it takes id",
            "hints": ["id"],
        }
    }


def test_a_bug_in_the_service_is_an_internal_error_result() -> None:
    class Broken:
        def releases(self, _id: object) -> dict[str, Any]:
            raise RuntimeError("boom")

    outcome = call_tool(Broken(), TOOLS_BY_NAME["catalog_releases"], {"id": "x"})  # type: ignore[arg-type]
    assert outcome.is_error
    assert outcome.structured["error"]["code"] == "internal"
    assert "boom" not in outcome.text
    validate(outcome.structured, TOOLS_BY_NAME["catalog_releases"].output_schema)


def test_error_schema_lists_exactly_the_client_error_codes() -> None:
    assert get_args(ErrorCode) == ERROR_CODES
    listed = ERROR_RESULT["properties"]["error"]["properties"]["code"]["enum"]
    assert sorted(listed) == sorted(ERROR_CODES)


def test_the_agent_docs_name_every_tool_and_parameter() -> None:
    agents = (REPO / "docs" / "agents.md").read_text(encoding="utf-8")
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    for tool in TOOLS:
        assert f"`{tool.name}`" in agents
        for param in tool.params:
            assert f"`{param.name}`" in agents, f"docs/agents.md does not explain {param.name}"
    assert "doctrove://status" in agents
    assert "## Using it from an agent" in readme
    assert "python -m demo" in readme
