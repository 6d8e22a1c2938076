"""catalog_lookup's evaluation data: the catalog (catalog.json) and the questions
(questions.toml), with their frozen dev/test split.

A question is what an agent asks catalog_lookup, of a kind: ``need`` (what the library does),
``name`` (a name as people write it), ``chinese`` (a need or name in Chinese), ``ecosystem``
(a need tied to Python or JavaScript), ``unanswerable`` (no library of the catalog fits). Its
gold is every library that is an acceptable answer, by registry name; empty when none is.

The split is fixed once (:func:`assign_splits`) and written into the file: per kind, the
questions ordered by a hash of their id, every third is test.
"""

from __future__ import annotations

import hashlib
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

HERE = Path(__file__).parent
CATALOG = HERE / "catalog.json"
QUESTIONS = HERE / "questions.toml"
KINDS = ("need", "name", "chinese", "ecosystem", "unanswerable")
UNANSWERABLE = "unanswerable"
SPLITS = ("dev", "test")
TEST_EVERY = 3
_KEYS = ("id", "kind", "text", "gold", "note", "split")


class DatasetError(ValueError):
    """A question file or catalog that breaks the rules above."""


@dataclass(frozen=True)
class LookupQuestion:
    """One question; ``gold`` holds library ids (the catalog's), empty when none fits."""

    id: str
    kind: str
    text: str
    gold: frozenset[str]
    split: str


def load_catalog(path: Path = CATALOG) -> list[dict[str, Any]]:
    """The catalog's entries, as docbuild writes them into a catalog (id order)."""
    entries = orjson.loads(path.read_bytes())
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise DatasetError(f"{path} is not a list of catalog entries")
    return entries


def _ids_by_name(entries: Sequence[dict[str, Any]]) -> dict[str, str]:
    """Each library's id, by its id, its name and its bare registry names."""
    found: dict[str, str] = {}
    for entry in entries:
        names = [entry["id"], entry["name"]]
        names += [package.split(":", 1)[-1] for package in entry.get("packages", ())]
        for name in names:
            found.setdefault(name.lower(), entry["id"])
    return found


def read_items(path: Path = QUESTIONS) -> list[dict[str, Any]]:
    items = tomllib.loads(path.read_text(encoding="utf-8")).get("question", [])
    if not isinstance(items, list):
        raise DatasetError(f"{path}: [[question]] tables expected")
    return items


def load_questions(
    entries: Sequence[dict[str, Any]], path: Path = QUESTIONS, split: str | None = None
) -> list[LookupQuestion]:
    """The questions of ``split`` (all when None), their gold made ids; DatasetError for a
    question without a split, of an unknown kind, or whose gold names no library of the
    catalog."""
    ids = _ids_by_name(entries)
    questions = []
    for item in read_items(path):
        where = f"{path.name}: question {item.get('id')!r}"
        if set(item) - set(_KEYS) or not {"id", "kind", "text", "gold"} <= set(item):
            raise DatasetError(f"{where}: keys {sorted(item)}, expected {list(_KEYS)}")
        if item["kind"] not in KINDS:
            raise DatasetError(f"{where}: kind {item['kind']!r} is none of {KINDS}")
        if item.get("split") not in SPLITS:
            raise DatasetError(
                f"{where}: no split (freeze the file: python -m eval.lookup --freeze)"
            )
        unknown = [name for name in item["gold"] if name.lower() not in ids]
        if unknown:
            raise DatasetError(f"{where}: gold {unknown} not in the catalog")
        if (item["kind"] == UNANSWERABLE) != (not item["gold"]):
            raise DatasetError(f"{where}: only an unanswerable question has no gold")
        if split is None or item["split"] == split:
            gold = frozenset(ids[name.lower()] for name in item["gold"])
            questions.append(
                LookupQuestion(item["id"], item["kind"], item["text"], gold, item["split"])
            )
    return questions


def _digest(question_id: str) -> str:
    return hashlib.sha256(question_id.encode()).hexdigest()


def assign_splits(items: list[dict[str, Any]]) -> None:
    """Give every item without a split one: per kind, ordered by the hash of its id (of all
    the kind's items, split or not), every third is test. An item's split never changes."""
    by_kind: dict[str, list[dict[str, Any]]] = {}
    for item in items:
        by_kind.setdefault(str(item["kind"]), []).append(item)
    for kind_items in by_kind.values():
        kind_items.sort(key=lambda item: _digest(str(item["id"])))
        for position, item in enumerate(kind_items):
            if "split" not in item:
                item["split"] = "test" if position % TEST_EVERY == TEST_EVERY - 1 else "dev"


def _toml_value(value: Any) -> str:
    if isinstance(value, str):
        return orjson.dumps(value).decode()  # a JSON string is a valid TOML basic string
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(item) for item in value) + "]"
    raise TypeError(f"cannot write {type(value).__name__} as a question value")


def questions_text(items: Sequence[dict[str, Any]]) -> str:
    """The question file of ``items``, keys in a fixed order."""
    tables = []
    for item in items:
        lines = ["[[question]]"]
        lines += [f"{key} = {_toml_value(item[key])}" for key in _KEYS if key in item]
        tables.append("\n".join(lines) + "\n")
    return "\n".join(tables)


def freeze(source: Path, target: Path = QUESTIONS) -> int:
    """Write ``source``'s questions to ``target``, each with its split; how many were new.
    Questions already in ``target`` (by id) keep theirs: freezing only ever adds."""
    items = read_items(source)
    known = {item["id"]: item for item in read_items(target)} if target.exists() else {}
    for item in items:
        if item["id"] in known and "split" in known[item["id"]]:
            item["split"] = known[item["id"]]["split"]
    new = sum(1 for item in items if "split" not in item)
    assign_splits(items)
    target.write_text(questions_text(items), encoding="utf-8")
    return new
