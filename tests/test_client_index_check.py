"""The entry check plus one volume check per version give jsonschema's verdict on an index."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from client.index_check import index_entry_problems
from schemas.index_rules import index_problems, volume_problems

GOOD: dict[str, Any] = {
    "format": "doctrove-index@1",
    "updatedAt": "2026-01-01T00:00:00Z",
    "entries": [
        {
            "id": "flask",
            "name": "Flask",
            "summary": "A micro framework",
            "aliases": ["flask-py"],
            "homepage": "https://flask.example",
            "popularity": 9.5,
            "packages": ["pypi:flask"],
            "versions": ["3.1.0"],
            "volumes": {
                "3.1.0": {
                    "summary": "new",
                    "sections": [{"heading": "Intro", "body": "x", "path": "p", "lines": [1, 2]}],
                }
            },
            "extra": "allowed",
        },
        {"id": "zod", "name": "Zod", "versions": [], "volumes": {}},
    ],
}
SECTION = ("entries", 0, "volumes", "3.1.0", "sections", 0)
CHANGES: list[tuple[tuple[Any, ...], Any]] = [
    (("format",), "doctrove-index@2"),
    (("updatedAt",), 5),
    (("entries",), {}),
    (("entries", 1), "zod"),
    (("entries", 0, "id"), " "),
    (("entries", 0, "name"), None),
    (("entries", 0, "summary"), []),
    (("entries", 0, "aliases"), ["ok", 3]),
    (("entries", 0, "packages"), ["flask"]),
    (("entries", 0, "popularity"), -1),
    (("entries", 0, "popularity"), True),
    (("entries", 0, "versions"), ["3.1.0", ""]),
    (("entries", 0, "versions"), ["3.1.0", "9.9.9"]),
    (("entries", 0, "volumes"), []),
    (("entries", 0, "volumes", "3.1.0"), "text"),
    (("entries", 0, "volumes", "3.1.0", "summary"), 1),
    (("entries", 0, "volumes", "3.1.0", "sections"), {}),
    (("entries", 1, "id"), "flask"),
    ((*SECTION, "heading"), 1),
    ((*SECTION, "lines"), [0, 2]),
    ((*SECTION, "lines"), [1, 2, 3]),
    ((*SECTION, "sha256"), "abc"),
    ((*SECTION, "anchor"), ""),
    ((*SECTION, "headingPath"), [1]),
]


def with_change(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    document = copy.deepcopy(GOOD)
    target = document
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return document


def two_part_problems(document: Any) -> list[str]:
    problems = index_entry_problems(document)
    if problems:
        return problems
    return [
        str(problem)
        for entry in document["entries"]
        for version in entry["versions"]
        for problem in volume_problems(entry["volumes"][version])
    ]


def test_a_good_index_passes_both() -> None:
    assert index_problems(GOOD) == []
    assert two_part_problems(GOOD) == []


@pytest.mark.parametrize(("path", "value"), CHANGES)
def test_each_broken_index_fails_both(path: tuple[Any, ...], value: Any) -> None:
    document = with_change(path, value)
    assert index_problems(document) != []
    assert two_part_problems(document) != []


def test_the_entry_check_leaves_the_sections_alone() -> None:
    document = with_change((*SECTION, "lines"), "one to two")
    assert index_entry_problems(document) == []
    assert index_problems(document) != []
