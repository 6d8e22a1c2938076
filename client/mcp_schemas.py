"""The JSON Schemas of the MCP tools' structured results: the keys client.service answers with.

Pure data beside client.mcp_tools (which pairs each with its tool). Objects are closed
(``additionalProperties: false``) so a key the service adds without a schema change fails the
schema tests instead of surprising a client that validates structuredContent.
"""

from __future__ import annotations

from typing import Any

from client.errors import ERROR_CODES


def _object(properties: dict[str, Any], optional: tuple[str, ...] = ()) -> dict[str, Any]:
    required = [key for key in properties if key not in optional]
    return {
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": False,
    }


def _list(items: dict[str, Any]) -> dict[str, Any]:
    return {"type": "array", "items": items}


_TEXT: dict[str, Any] = {"type": "string"}
_MAYBE_TEXT: dict[str, Any] = {"type": ["string", "null"]}
_FLAG: dict[str, Any] = {"type": "boolean"}
_COUNT: dict[str, Any] = {"type": "integer", "minimum": 0}
_SHA256: dict[str, Any] = {"type": "string", "pattern": "^[0-9a-f]{64}$"}
_PROVENANCE = _object(
    {
        "kind": {"enum": ["remote", "disk", "local", "bundled"]},
        "source": _TEXT,
        "fetchedAt": _MAYBE_TEXT,
        "stale": _FLAG,
        "buildTime": _MAYBE_TEXT,
        "buildId": _MAYBE_TEXT,
        "staleReason": _TEXT,
        # A configured site that outranks this source failed: which, with what error, since when.
        "fallbackReason": _object({"site": _TEXT, "error": _TEXT, "since": _TEXT}),
    },
    optional=("staleReason", "fallbackReason"),
)
_SERVED = {
    "id": _TEXT,
    "name": _TEXT,
    "version": _TEXT,
    "requestedVersion": _MAYBE_TEXT,
    "releaseKind": {"enum": ["exact", "prefix", "latest"]},
    "releaseNote": _TEXT,
    "source": _TEXT,
    "provenance": _PROVENANCE,
}
_SECTION = {
    "heading": _TEXT,
    "headingPath": _list(_TEXT),
    "body": _TEXT,
    "anchor": _TEXT,
    "source": _MAYBE_TEXT,
    "lines": {"type": ["array", "null"], "items": _COUNT, "minItems": 2, "maxItems": 2},
    "sha256": _SHA256,
    "path": _TEXT,
}
_LIBRARY = _object(
    {
        "id": _TEXT,
        "name": _TEXT,
        "summary": _TEXT,
        "score": {"type": "number", "minimum": 0, "maximum": 1},
        "matches": _list(_TEXT),
        "versions": _list(_TEXT),
        "latest": _MAYBE_TEXT,
        "aliases": _list(_TEXT),
        "packages": _list(_TEXT),
        "homepage": _MAYBE_TEXT,
        "popularity": {"type": "number", "minimum": 0},
        "source": _TEXT,
        "provenance": _PROVENANCE,
    }
)
# Arguments the tool does not take, ignored: on every answer, error results included.
_WARNINGS = {"warnings": _list(_TEXT)}
LOOKUP_RESULT = _object(
    {
        "query": _TEXT,
        "results": _list(_LIBRARY),
        "total": _COUNT,
        "sources": _list(_TEXT),
        "hint": _TEXT,
        **_WARNINGS,
    },
    optional=("hint", "warnings"),
)
RELEASES_RESULT = _object(
    {
        "id": _TEXT,
        "name": _TEXT,
        "latest": _MAYBE_TEXT,
        "versions": _list(_TEXT),
        "prereleases": _list(_TEXT),
        "source": _TEXT,
        "provenance": _PROVENANCE,
        # version -> the source serving it (the first, in configured order, that has it)
        "versionSources": {"type": "object", "additionalProperties": _TEXT},
        "resolvedFrom": _TEXT,
        **_WARNINGS,
    },
    optional=("resolvedFrom", "warnings"),
)
_TOC_ENTRY = _object(
    {
        "heading": _TEXT,
        "headingPath": _list(_TEXT),
        "anchor": _TEXT,
        "source": _MAYBE_TEXT,
        "path": _TEXT,
        "level": _COUNT,
    }
)
# doc_extract's rewrite.status: alternatives fused in, not needed, asked but unusable, not asked.
REWRITE_STATUSES = ("used", "skipped", "failed", "off")
# doc_extract's lanes and semantic.status (client.semantic_lane), when the semantic lane is on.
LANES = ("lexical", "semantic")
SEMANTIC_STATUSES = ("used", "loading", "unavailable", "no-vectors", "other-model")
EXTRACT_RESULT = _object(
    {
        **_SERVED,
        "versions": _list(_TEXT),
        "volumeSummary": _MAYBE_TEXT,
        "focus": _TEXT,
        "sections": _list(
            _object(
                {
                    **_SECTION,
                    "score": {"type": "number", "minimum": 0},
                    "matches": _list(_TEXT),
                    "truncated": _FLAG,
                }
            )
        ),
        "toc": _list(_TOC_ENTRY),
        "truncated": _FLAG,
        "omitted": _COUNT,
        "hint": _MAYBE_TEXT,
        "confidence": {"type": ["number", "null"], "minimum": 0, "maximum": 1},
        "resolvedFrom": _TEXT,
        "rewrite": _object(
            {
                "status": {"enum": list(REWRITE_STATUSES)},
                "queries": _list(_TEXT),
                "reason": _TEXT,
            }
        ),
        **_WARNINGS,
        "lanes": _list({"enum": list(LANES)}),
        "semantic": _object(
            {"status": {"enum": list(SEMANTIC_STATUSES)}, "reason": _TEXT}, optional=("reason",)
        ),
    },
    optional=(
        "focus",
        "toc",
        "confidence",
        "rewrite",
        "resolvedFrom",
        "warnings",
        "lanes",
        "semantic",
    ),
)
READ_RESULT = _object(
    {
        **_SERVED,
        "anchor": _TEXT,
        "page": _MAYBE_TEXT,
        "sections": _list(_object({**_SECTION, "target": _FLAG, "bodySha256Verified": _FLAG})),
        "resolvedFrom": _TEXT,
        **_WARNINGS,
    },
    optional=("resolvedFrom", "warnings"),
)
ERROR_RESULT = _object(
    {
        "error": _object(
            {"code": {"enum": list(ERROR_CODES)}, "message": _TEXT, "hints": _list(_TEXT)}
        ),
        **_WARNINGS,
    },
    optional=("warnings",),
)
