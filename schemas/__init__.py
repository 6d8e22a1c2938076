"""The contract between builder and client: JSON Schemas and the rules both sides share.

Both packages import from here; nothing here imports either of them.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import orjson

INDEX_FORMAT = "doctrove-index@1"
INDEX_SCHEMA = "doctrove-index-1.schema.json"
CATALOG_FORMAT = "doctrove-catalog@1"
CATALOG_SCHEMA = "doctrove-catalog-1.schema.json"
# The MCP tools' output schemas, generated from schemas.answers.
TOOL_RESULTS = "tool-results.json"
LOOKUP_SCHEMA = "doctrove-lookup-1.schema.json"


def package_file(name: str) -> Path:
    """A file shipped in this package (read from its folder: importlib.resources, which would
    also read a zipped package, costs a build and a client's start 3 ms of imports)."""
    return Path(__file__).resolve().parent / name


@functools.cache
def load_schema(name: str) -> dict[str, Any]:
    """Return the parsed JSON Schema shipped in this package under ``name``."""
    data: dict[str, Any] = orjson.loads(package_file(name).read_bytes())
    return data
