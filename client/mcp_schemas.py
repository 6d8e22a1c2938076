"""The JSON Schemas of the MCP tools' structured results, as schemas.generate wrote them.

The models of the answers (schemas.answers) are the one definition; ``python -m
schemas.generate`` writes their schemas to schemas/tool-results.json, which this reads (a JSON
file, so listing the tools never imports the models' library). Objects are closed
(``additionalProperties: false``) so a key the service adds without a model change fails the
schema tests instead of surprising a client that validates structuredContent.
"""

from __future__ import annotations

from typing import Any

from schemas import TOOL_RESULTS, load_schema

_RESULTS: dict[str, dict[str, Any]] = load_schema(TOOL_RESULTS)["results"]
LOOKUP_RESULT = _RESULTS["lookup"]
RELEASES_RESULT = _RESULTS["releases"]
EXTRACT_RESULT = _RESULTS["extract"]
READ_RESULT = _RESULTS["read"]
ERROR_RESULT = _RESULTS["error"]


def output_schema(result_schema: dict[str, Any]) -> dict[str, Any]:
    """A tool's output schema: its result's, or the error's.

    Error results carry structured content too; the schema admits them so that no client
    validating structuredContent rejects the very answer that tells the model what to fix."""
    return {"type": "object", "anyOf": [result_schema, ERROR_RESULT]}
