"""Write the committed JSON Schema files from the typed models: index.json, catalog.json and
lookup.json (schemas.documents), and the MCP tools' output schemas (schemas.answers, into
tool-results.json).

Run ``python -m schemas.generate`` after changing a model; tests/test_schemas_generate.py and
tests/test_schemas_answers.py fail while a committed file differs from what this writes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

from schemas import CATALOG_SCHEMA, INDEX_SCHEMA, LOOKUP_SCHEMA, TOOL_RESULTS
from schemas.answers import ErrorAnswer, ExtractAnswer, LookupAnswer, ReadAnswer, ReleasesAnswer
from schemas.documents import Catalog, Index, Lookup

_DIALECT = "https://json-schema.org/draft/2020-12/schema"
_ID_BASE = "https://doctrove.dev/schemas/"


@dataclass(frozen=True)
class SchemaFile:
    """One committed schema file: its name, the model it describes, its title and description."""

    name: str
    model: type[msgspec.Struct]
    title: str
    description: str


SCHEMA_FILES = (
    SchemaFile(
        INDEX_SCHEMA,
        Index,
        "doctrove-index@1",
        "A versioned library documentation index. Generated from schemas/documents.py. Two rules "
        "of the format compare values across the document and cannot be written in JSON Schema: "
        "entry ids are unique, and every version listed in an entry's versions has a volume. "
        "schemas.index_rules checks them in code; validators must run both.",
    ),
    SchemaFile(
        CATALOG_SCHEMA,
        Catalog,
        "doctrove-catalog@1",
        "The manifest of a doctrove site: every library with its catalog fields and, per "
        "version, the full-text shard holding that version's sections (and optionally its "
        "section vectors). No section text. "
        "Generated from schemas/documents.py. One rule cannot be written in JSON Schema: every "
        "version listed in an entry's versions has a shard, and every shard key is a listed "
        "version.",
    ),
    SchemaFile(
        LOOKUP_SCHEMA,
        Lookup,
        "doctrove-lookup@1",
        "The entry point of a doctrove site (lookup.json): its lookup table, an SQLite file "
        "of every library's names, words and catalog fields (schemas/lookup.sql), and the path "
        "of each library's doctrove-catalog@1 record. Generated from schemas/documents.py.",
    ),
)


def schema_of(spec: SchemaFile) -> dict[str, Any]:
    """The JSON Schema document of ``spec.model``, its root inlined and the rest under $defs."""
    _, components = msgspec.json.schema_components((spec.model,), ref_template="#/$defs/{name}")
    root = components.pop(spec.model.__name__)
    root.update(title=spec.title, description=spec.description)
    document = {"$schema": _DIALECT, "$id": _ID_BASE + spec.name, **root, "$defs": components}
    with_consts: dict[str, Any] = _with_consts(document)
    return with_consts


def _with_consts(node: Any) -> Any:
    """msgspec writes a Literal as a one-value enum; a const says "must be X" more plainly."""
    if isinstance(node, dict):
        if list(node) == ["enum"] and len(node["enum"]) == 1:
            return {"const": node["enum"][0]}
        return {key: _with_consts(value) for key, value in node.items()}
    if isinstance(node, list):
        return [_with_consts(item) for item in node]
    return node


def rendered(spec: SchemaFile) -> str:
    """The text of ``spec``'s committed file."""
    return json.dumps(schema_of(spec), indent=2, ensure_ascii=False) + "\n"


# The answer of each kind of tool result, by the name tool-results.json files it under.
TOOL_RESULT_MODELS: dict[str, type[msgspec.Struct]] = {
    "lookup": LookupAnswer,
    "releases": ReleasesAnswer,
    "extract": ExtractAnswer,
    "read": ReadAnswer,
    "error": ErrorAnswer,
}


def tool_result_schemas() -> dict[str, Any]:
    """Each tool result's JSON Schema, self-contained (no $ref: MCP hosts differ in how far
    they follow one), under the names of TOOL_RESULT_MODELS."""
    models = tuple(TOOL_RESULT_MODELS.values())
    _, components = msgspec.json.schema_components(models, ref_template="{name}")
    return {
        name: _with_consts(_inlined(components[model.__name__], components))
        for name, model in TOOL_RESULT_MODELS.items()
    }


def _inlined(node: Any, components: dict[str, Any]) -> Any:
    """``node`` with every $ref replaced by the component it names (the models do not recurse)."""
    if isinstance(node, dict):
        if "$ref" in node:
            return _inlined(components[node["$ref"]], components)
        return {key: _inlined(value, components) for key, value in node.items()}
    if isinstance(node, list):
        return [_inlined(item, components) for item in node]
    return node


def rendered_tool_results() -> str:
    """The text of the committed tool-results.json."""
    document = {
        "description": "The MCP tools' output schemas, generated from schemas/answers.py by "
        "python -m schemas.generate; each tool lists its result's schema or the error's.",
        "results": tool_result_schemas(),
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def main() -> None:
    here = Path(__file__).parent
    for spec in SCHEMA_FILES:
        (here / spec.name).write_text(rendered(spec), encoding="utf-8")
        print(f"wrote schemas/{spec.name}")
    (here / TOOL_RESULTS).write_text(rendered_tool_results(), encoding="utf-8")
    print(f"wrote schemas/{TOOL_RESULTS}")


if __name__ == "__main__":
    main()
