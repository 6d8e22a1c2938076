"""Each limit is declared once (client.limits, schemas.shards) and every reader says the same."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from builder.shards import build_database, search_shard
from client import limits
from client.errors import InvalidRequest
from client.mcp_tools import TOOLS_BY_NAME
from client.search.recall import bm25_ranking
from client.search.sections import search_sections
from client.section_bodies import add_section_views
from schemas.text import match_expression

# (tool, argument, schema keyword, the declared limit it must equal)
BOUNDS = [
    ("catalog_lookup", "query", "maxLength", limits.MAX_QUERY_CHARS),
    ("catalog_lookup", "limit", "minimum", 1),
    ("catalog_lookup", "limit", "maximum", limits.MAX_LOOKUP_LIMIT),
    ("catalog_lookup", "limit", "default", limits.DEFAULT_LOOKUP_LIMIT),
    ("catalog_releases", "id", "maxLength", limits.MAX_ID_CHARS),
    ("doc_extract", "id", "maxLength", limits.MAX_ID_CHARS),
    ("doc_extract", "version", "maxLength", limits.MAX_VERSION_CHARS),
    ("doc_extract", "focus", "maxLength", limits.MAX_FOCUS_CHARS),
    ("doc_extract", "maxSections", "minimum", limits.MIN_SECTIONS),
    ("doc_extract", "maxSections", "maximum", limits.MAX_SECTIONS),
    ("doc_extract", "maxSections", "default", limits.DEFAULT_MAX_SECTIONS),
    ("doc_extract", "maxTokens", "minimum", limits.MIN_TOKENS),
    ("doc_extract", "maxTokens", "maximum", limits.MAX_TOKENS),
    ("doc_extract", "maxTokens", "default", limits.DEFAULT_MAX_TOKENS),
    ("doc_read", "id", "maxLength", limits.MAX_ID_CHARS),
    ("doc_read", "version", "maxLength", limits.MAX_VERSION_CHARS),
    ("doc_read", "anchor", "maxLength", limits.MAX_ANCHOR_CHARS),
    ("doc_read", "page", "maxLength", limits.MAX_PAGE_CHARS),
    ("doc_read", "expectedHash", "maxLength", limits.SHA256_HEX_CHARS),
    ("doc_read", "neighbours", "maximum", limits.MAX_NEIGHBOURS),
]


@pytest.mark.parametrize(("tool", "argument", "keyword", "limit"), BOUNDS)
def test_tool_schema_bounds_equal_the_declared_limits(
    tool: str, argument: str, keyword: str, limit: int
) -> None:
    assert TOOLS_BY_NAME[tool].input_schema["properties"][argument][keyword] == limit


def test_every_bound_in_the_tool_schemas_is_in_the_table() -> None:
    listed = {(tool, argument, keyword) for tool, argument, keyword, _ in BOUNDS}
    for name, spec in TOOLS_BY_NAME.items():
        for argument, schema in spec.input_schema["properties"].items():
            for keyword in ("maxLength", "minimum", "maximum"):
                if keyword in schema and (keyword, schema[keyword]) != ("minimum", 0):
                    assert (name, argument, keyword) in listed, (name, argument, keyword)


@pytest.fixture(scope="module")
def shard(tmp_path_factory: pytest.TempPathFactory) -> Iterator[sqlite3.Connection]:
    # "widget" once in the code of section 1 and once in the text of section 2: equal but for
    # the columns' weights, so the order says which weights ranked them.
    records = [
        {"heading": "First", "body": "```\nwidget\n```", "anchor": "first"},
        {"heading": "Second", "body": "widget", "anchor": "second"},
    ]
    path: Path = tmp_path_factory.mktemp("shard") / "limits.sqlite"
    build_database(path, "tiny", "1.0.0", records)
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    add_section_views(conn, None)
    yield conn
    conn.close()


def test_search_refuses_a_focus_the_tool_schema_refuses(shard: sqlite3.Connection) -> None:
    longest = TOOLS_BY_NAME["doc_extract"].input_schema["properties"]["focus"]["maxLength"]
    search_sections(shard, "widget " * (longest // 7) + "w" * (longest % 7))
    with pytest.raises(InvalidRequest, match=f"longer than {longest} characters"):
        search_sections(shard, "w" * (longest + 1))


def test_the_reference_search_ranks_with_the_clients_weights(shard: sqlite3.Connection) -> None:
    expression = match_expression("widget")
    client_order = [section_id for section_id, _ in bm25_ranking(shard, expression, 10)]
    reference_order = [section_id for section_id, _ in search_shard(shard, "widget")]
    assert client_order == reference_order == [2, 1]  # text weighs more than code
