"""The committed JSON Schemas are what the models generate and accept what doctrove-index@1 does."""

from __future__ import annotations

import copy
import random
import re
from pathlib import Path
from typing import Any

import msgspec
import orjson
import pytest
from jsonschema import Draft202012Validator

from schemas import INDEX_SCHEMA, load_schema
from schemas.documents import INDEX_DECODER, Index
from schemas.generate import SCHEMA_FILES, rendered
from schemas.index_rules import index_problems

SCHEMAS = Path(__file__).parent.parent / "schemas"
# The Node.js doctrove server's demo index, unmodified: doctrove-index@1 written by someone else.
COMPAT_INDEX = Path(__file__).parent.parent / "examples" / "compat" / "doctrove-demo-index.json"


@pytest.mark.parametrize("spec", SCHEMA_FILES, ids=lambda spec: spec.name)
def test_committed_schema_equals_the_generated_one(spec: Any) -> None:
    committed = (SCHEMAS / spec.name).read_text(encoding="utf-8")
    assert committed == rendered(spec), f"run python -m schemas.generate to update {spec.name}"


@pytest.mark.parametrize("spec", SCHEMA_FILES, ids=lambda spec: spec.name)
def test_generated_schema_is_valid_json_schema(spec: Any) -> None:
    Draft202012Validator.check_schema(load_schema(spec.name))


def _seed_minimal() -> dict[str, Any]:
    # The seed's example: only the required fields, and a section with heading, path and body.
    return {
        "format": "doctrove-index@1",
        "entries": [
            {
                "id": "express",
                "name": "Express",
                "versions": ["5.1.0"],
                "volumes": {"5.1.0": {"sections": [{"heading": "h", "path": "p", "body": "b"}]}},
            }
        ],
    }


def _seed_documents() -> list[dict[str, Any]]:
    """Documents the seed's rules accept, each stretching one rule as far as it goes."""
    full = _seed_minimal()
    full["updatedAt"] = "2026-08-16T00:00:00.000Z"
    full["entries"][0].update(
        summary="s", aliases=["expressjs"], homepage="https://expressjs.com", popularity=1200
    )
    full["entries"][0]["volumes"]["5.1.0"]["summary"] = "highlights"
    extra_fields = copy.deepcopy(full)
    extra_fields["generator"] = "someone else's"
    extra_fields["entries"][0]["tags"] = ["web"]
    extra_fields["entries"][0]["volumes"]["5.1.0"]["sections"][0]["note"] = 1
    empty_section = _seed_minimal()
    empty_section["entries"][0]["volumes"]["5.1.0"]["sections"] = [{}]
    no_sections = _seed_minimal()
    no_sections["entries"][0]["volumes"]["5.1.0"]["sections"] = []
    unlisted_volume = _seed_minimal()
    unlisted_volume["entries"][0]["volumes"]["4.0.0"] = {"sections": []}
    no_entries = {"format": "doctrove-index@1", "entries": []}
    return [full, extra_fields, empty_section, no_sections, unlisted_volume, no_entries]


def _accepted_documents() -> list[Any]:
    return [*_seed_documents(), orjson.loads(COMPAT_INDEX.read_bytes())]


@pytest.mark.parametrize("document", _accepted_documents())
def test_what_doctrove_index_accepts_passes_schema_rules_and_model(document: Any) -> None:
    assert index_problems(document) == []
    assert isinstance(INDEX_DECODER.decode(orjson.dumps(document)), Index)


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda d: d.update(format="doctrove-index@2"), "$.format"),
        (lambda d: d["entries"][0].update(id=" "), "$.entries[0].id"),
        (lambda d: d["entries"][0].update(aliases="expressjs"), "$.entries[0].aliases"),
        (lambda d: d["entries"][0].pop("volumes"), "$.entries[0]"),
        (lambda d: d["entries"][0]["volumes"]["5.1.0"].update(sections=[[]]), "sections[0]"),
        (lambda d: d["entries"][0].update(popularity=-1), "$.entries[0].popularity"),
    ],
)
def test_model_and_schema_refuse_what_the_seed_refuses(change: Any, where: str) -> None:
    document = _seed_minimal()
    change(document)
    assert index_problems(document)
    with pytest.raises(msgspec.ValidationError, match=re.escape(where)):
        INDEX_DECODER.decode(orjson.dumps(document))


def test_schema_file_names_match_the_package_constants() -> None:
    assert INDEX_SCHEMA in {spec.name for spec in SCHEMA_FILES}


def _mutated(document: Any, rng: random.Random) -> Any:
    """One random change somewhere in ``document``."""
    replacements: list[Any] = [None, True, 0, -1, 1.5, "", " ", "x", [], {}, [1, 2], ["a"]]
    if isinstance(document, dict) and document and rng.random() < 0.7:
        key = rng.choice(sorted(document))
        roll = rng.random()
        if roll < 0.15:
            del document[key]
        elif roll < 0.25:
            document[rng.choice(["extra", "lines", "sha256", "anchor"])] = rng.choice(replacements)
        elif roll < 0.55 or not isinstance(document[key], dict | list):
            document[key] = rng.choice(replacements)
        else:
            document[key] = _mutated(document[key], rng)
        return document
    if isinstance(document, list) and document and rng.random() < 0.7:
        index = rng.randrange(len(document))
        document[index] = _mutated(document[index], rng)
        return document
    return rng.choice(replacements)


def test_model_and_generated_schema_agree_on_random_changes() -> None:
    good = _seed_documents()[0]
    good["entries"][0]["volumes"]["5.1.0"]["sections"][0].update(
        anchor="a", source="index.md", lines=[1, 2], sha256="ab" * 32, headingPath=["Guide"]
    )
    validator = Draft202012Validator(load_schema(INDEX_SCHEMA))
    rng = random.Random(20261201)
    valid = 0
    for _ in range(2000):
        document = _mutated(copy.deepcopy(good), rng)
        expected = validator.is_valid(document)
        try:
            INDEX_DECODER.decode(orjson.dumps(document))
            decoded = True
        except msgspec.ValidationError:
            decoded = False
        assert decoded == expected, document
        valid += expected
    assert 100 < valid < 1900  # both verdicts are well represented
