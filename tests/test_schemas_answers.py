"""The tool answers' models (schemas.answers) and the output schemas generated from them.

The committed tool-results.json is what the models generate, each schema is valid JSON Schema,
and every answer recorded in tests/recorded decodes into its model and encodes back to the same
bytes (so the models hold every key agents get, in the order they get it).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec
import pytest
from jsonschema import Draft202012Validator

from schemas import TOOL_RESULTS, load_schema
from schemas.generate import TOOL_RESULT_MODELS, rendered_tool_results
from tests.tool_answers_support import RECORDED

SCHEMAS = Path(__file__).parent.parent / "schemas"
# The answer kind of each tool (errors are "error" whatever the tool).
KINDS = {
    "catalog_lookup": "lookup",
    "catalog_releases": "releases",
    "doc_extract": "extract",
    "doc_read": "read",
}


def test_committed_tool_results_equal_the_generated_ones() -> None:
    committed = (SCHEMAS / TOOL_RESULTS).read_text(encoding="utf-8")
    assert committed == rendered_tool_results(), "run python -m schemas.generate to update it"


@pytest.mark.parametrize("kind", TOOL_RESULT_MODELS)
def test_each_tool_result_schema_is_valid_and_self_contained(kind: str) -> None:
    schema = load_schema(TOOL_RESULTS)["results"][kind]
    Draft202012Validator.check_schema(schema)
    assert schema["type"] == "object" and schema["additionalProperties"] is False
    assert "$ref" not in json.dumps(schema)


def _recorded() -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = json.loads(RECORDED.read_text(encoding="utf-8"))
    return found


@pytest.mark.parametrize("answer", _recorded(), ids=lambda a: f"{a['tool']}-{a['arguments']}")
def test_every_recorded_answer_round_trips_through_its_model(answer: dict[str, Any]) -> None:
    kind = "error" if answer["isError"] else KINDS[answer["tool"]]
    model = TOOL_RESULT_MODELS[kind]
    decoded = msgspec.json.decode(answer["structured"], type=model)
    encoded = json.dumps(msgspec.to_builtins(decoded), ensure_ascii=False)
    assert encoded == answer["structured"]
    schema = load_schema(TOOL_RESULTS)["results"][kind]
    assert not list(Draft202012Validator(schema).iter_errors(json.loads(encoded)))


def test_a_key_the_model_does_not_name_is_refused() -> None:
    recorded = next(a for a in _recorded() if a["tool"] == "catalog_releases")
    extra = {**json.loads(recorded["structured"]), "surprise": 1}
    with pytest.raises(msgspec.ValidationError, match="unknown field `surprise`"):
        msgspec.json.decode(json.dumps(extra), type=TOOL_RESULT_MODELS["releases"])
    schema = load_schema(TOOL_RESULTS)["results"]["releases"]
    assert not Draft202012Validator(schema).is_valid(extra)
