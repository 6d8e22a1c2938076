"""doctrove-index@1 validation: the JSON Schema plus the cross-reference rules, by JSON pointer."""

from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson
import pytest

from schemas.index_rules import (
    assembled_index_problems,
    index_problems,
    section_problems,
    volume_problems,
)

COMPAT = Path(__file__).parent.parent / "examples" / "compat" / "doctrove-demo-index.json"


def entry(**overrides: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "id": "a",
        "name": "A",
        "versions": ["1.0.0"],
        "volumes": {"1.0.0": {"sections": [{"heading": "h", "body": "b"}]}},
    }
    base.update(overrides)
    return base


def problems_of(document: Any) -> list[str]:
    return [str(p) for p in index_problems(document)]


def test_the_node_implementations_index_is_valid() -> None:
    assert problems_of(orjson.loads(COMPAT.read_bytes())) == []


@pytest.mark.parametrize(
    ("document", "expected"),
    [
        ([], "/: [] is not of type 'object'"),
        ({"entries": []}, "/: 'format' is a required property"),
        ({"format": "doctrove-index@2", "entries": []}, "/format: 'doctrove-index@1' was expected"),
        ({"format": "doctrove-index@1", "entries": {}}, "/entries: {} is not of type 'array'"),
        (
            {"format": "doctrove-index@1", "entries": [entry(id="")]},
            "/entries/0/id: must be a non-empty string (not blank)",
        ),
        (
            {"format": "doctrove-index@1", "entries": [entry(name="  ")]},
            "/entries/0/name: must be a non-empty string (not blank)",
        ),
        (
            {"format": "doctrove-index@1", "entries": [entry(aliases=["x", 3])]},
            "/entries/0/aliases/1: 3 is not of type 'string'",
        ),
        (
            {"format": "doctrove-index@1", "entries": [entry(aliases="x")]},
            "/entries/0/aliases: 'x' is not of type 'array'",
        ),
        (
            {"format": "doctrove-index@1", "entries": [entry(versions=["1.0.0", "2.0.0"])]},
            "/entries/0/versions/1: version '2.0.0' has no volume in /entries/0/volumes",
        ),
        (
            {"format": "doctrove-index@1", "entries": [entry(), entry(name="B")]},
            "/entries/1/id: duplicate id 'a' (first used at /entries/0)",
        ),
        (
            {
                "format": "doctrove-index@1",
                "entries": [entry(volumes={"1.0.0": {"sections": [["not", "an", "object"]]}})],
            },
            "/entries/0/volumes/1.0.0/sections/0: ['not', 'an', 'object'] is not of type 'object'",
        ),
        (
            {"format": "doctrove-index@1", "entries": [entry(volumes={"1.0.0": {}})]},
            "/entries/0/volumes/1.0.0: 'sections' is a required property",
        ),
        (
            {
                "format": "doctrove-index@1",
                "entries": [entry(volumes={"1.0.0": {"sections": [{"sha256": "nothex"}]}})],
            },
            "/entries/0/volumes/1.0.0/sections/0/sha256: 'nothex' does not match '^[0-9a-f]{64}$'",
        ),
        (
            {
                "format": "doctrove-index@1",
                "entries": [entry(versions=["a/b"], volumes={"a/b": {"sections": "x"}})],
            },
            "/entries/0/volumes/a~1b/sections: 'x' is not of type 'array'",
        ),
    ],
)
def test_each_rule_names_its_place(document: Any, expected: str) -> None:
    assert expected in problems_of(document)


def test_a_valid_document_with_extensions_passes() -> None:
    section = {
        "heading": "h",
        "body": "b",
        "path": "https://x/#h",
        "anchor": "h",
        "source": "a.md",
        "lines": [1, 4],
        "sha256": "0" * 64,
        "headingPath": ["Top"],
    }
    document = {
        "format": "doctrove-index@1",
        "updatedAt": "2026-01-01T00:00:00.000Z",
        "entries": [entry(packages=["pypi:a"], volumes={"1.0.0": {"sections": [section]}})],
    }
    assert problems_of(document) == []


def test_volume_problems_prefix_the_place() -> None:
    found = volume_problems({"sections": [{"lines": [0, 1]}]}, "/entries/0/volumes/1")
    assert [str(p) for p in found] == [
        "/entries/0/volumes/1/sections/0/lines/0: 0 is less than the minimum of 1"
    ]


@pytest.mark.parametrize(
    ("section", "expected"),
    [
        ({"lines": [0, 1]}, "/v/sections/1/lines/0: Expected `int` >= 1"),
        ({"anchor": ""}, "/v/sections/1/anchor: Expected `str` of length >= 1"),
        ({"heading": 1}, "/v/sections/1/heading: Expected `str`, got `int`"),
        ({"headingPath": ["a", 2]}, "/v/sections/1/headingPath/1: Expected `str`, got `int`"),
    ],
)
def test_section_problems_name_the_place_of_a_bad_record(
    section: dict[str, Any], expected: str
) -> None:
    records = [orjson.dumps({"heading": "h", "body": "b"}), orjson.dumps(section)]
    assert [str(p) for p in section_problems(records, "/v")] == [expected]
    # The JSON Schema finds a problem at the same place.
    schema_found = volume_problems({"sections": [orjson.loads(r) for r in records]}, "/v")
    assert [p.pointer for p in schema_found] == [expected.split(":")[0]]


def test_section_problems_accept_what_the_schema_accepts() -> None:
    section = {
        "heading": "h",
        "path": "https://example.org/a#h",
        "body": "b",
        "anchor": "h",
        "source": "a.md",
        "lines": [1, 4],
        "sha256": "0" * 64,
        "headingPath": ["Top"],
    }
    assert section_problems([orjson.dumps(section), orjson.dumps({})]) == []
    assert volume_problems({"sections": [section, {}]}) == []


def test_a_build_does_not_import_jsonschema(tmp_path: Path) -> None:
    # A build checks its records and its assembled index with the typed model; importing
    # jsonschema costs every docbuild run about 0.1 s, a third of a one-page rebuild's imports.
    import subprocess
    import sys

    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Intro\n\nSome words about it.\n")
    (tmp_path / "docbuild.toml").write_text(
        '[site]\ntitle = "T"\nbase_url = "https://t.invalid/"\n\n[[libraries]]\nid = "t"\n'
        'name = "T"\n\n  [[libraries.versions]]\n  version = "1.0"\n  path = "docs"\n'
    )
    code = (
        "import sys; sys.modules['jsonschema'] = None; from builder.cli import main; "
        f"main(['build', '-c', {str(tmp_path / 'docbuild.toml')!r}, '-o', "
        f"{str(tmp_path / 'site')!r}, '-q', '--no-site-search'])"
    )
    built = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    assert (tmp_path / "site" / "index.json").is_file()


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d["entries"][0].update(id=""),
        lambda d: d["entries"][0].update(versions="1.0"),
        lambda d: d["entries"][0].pop("name"),
        lambda d: d.update(format="doctrove-index@2"),
        lambda d: d["entries"].append(dict(d["entries"][0])),  # a duplicate id
        lambda d: d["entries"][0]["versions"].append("2.0"),  # a version without a volume
        lambda d: None,  # valid
    ],
)
def test_the_typed_check_of_an_assembled_index_agrees_with_the_schema(
    change: Callable[[dict[str, Any]], None],
) -> None:
    document: dict[str, Any] = {
        "format": "doctrove-index@1",
        "entries": [
            {"id": "t", "name": "T", "versions": ["1.0"], "volumes": {"1.0": {"sections": []}}}
        ],
    }
    change(document)
    typed = assembled_index_problems(document)
    schema = index_problems(document)
    assert bool(typed) == bool(schema)
    assert {p.pointer for p in typed} <= {p.pointer for p in schema} | {""}
