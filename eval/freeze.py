"""Take a file of newly written questions into eval/questions/, each given its split for good.

One question in three goes to the test split, chosen per kind by a hash of the question's text,
so the split is stratified, cannot follow the ranker, and is the same on every machine. The two
questions of a version pair share one split. Every question of a held-out library
(eval.dataset.HELD_OUT) goes to test, every question of a validation library
(eval.dataset.VALIDATION) to val. A question already in the target file keeps the
split it has: freezing is append-only.

    python -m eval.freeze NEW.toml [--name STEM]
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import tempfile
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import orjson

from eval.dataset import HELD_OUT, QUESTIONS, VALIDATION, DatasetError, load_file

TEST_EVERY = 3
_ORDER = ("kind", "library", "version", "text", "expect", "pair", "split", "note")


def _identity(item: dict[str, Any]) -> tuple[str, str, str]:
    return str(item["library"]), str(item["version"]), str(item["text"])


def _digest(item: dict[str, Any]) -> str:
    return hashlib.sha256("\x1f".join(_identity(item)).encode()).hexdigest()


def assign_splits(items: list[dict[str, Any]]) -> None:
    """Give every item without a ``split`` one: per kind, every third unit by hash is test;
    every item of a held-out library is test, of a validation library val."""
    units: dict[str, list[list[dict[str, Any]]]] = {}
    by_pair: dict[str, list[dict[str, Any]]] = {}
    for item in items:
        if "split" in item:
            continue
        if item.get("library") in HELD_OUT:
            item["split"] = "test"
            continue
        if item.get("library") in VALIDATION:
            item["split"] = "val"
            continue
        if item.get("pair"):
            group = by_pair.setdefault(str(item["pair"]), [])
            if not group:
                units.setdefault(str(item["kind"]), []).append(group)
            group.append(item)
        else:
            units.setdefault(str(item["kind"]), []).append([item])
    for kind_units in units.values():
        kind_units.sort(key=lambda unit: min(_digest(item) for item in unit))
        for index, unit in enumerate(kind_units):
            split = "test" if index % TEST_EVERY == TEST_EVERY - 1 else "dev"
            for item in unit:
                item["split"] = split


def _toml_value(value: Any) -> str:
    if isinstance(value, str):
        return orjson.dumps(value).decode()  # a JSON string is a valid TOML basic string
    if isinstance(value, list):
        if not value:
            return "[]"
        tables = [
            "{ " + ", ".join(f"{k} = {_toml_value(v)}" for k, v in entry.items()) + " }"
            for entry in value
        ]
        return "[\n" + "".join(f"  {table},\n" for table in tables) + "]"
    raise TypeError(f"cannot write {type(value).__name__} as a question value")


def format_questions(items: Sequence[dict[str, Any]], header: str) -> str:
    blocks = [header.rstrip() + "\n"] if header else []
    for item in items:
        lines = ["[[queries]]"]
        lines += [
            f"{key} = {_toml_value(item.get(key, []))}"
            for key in _ORDER
            if key == "expect" or item.get(key)
        ]
        blocks.append("\n".join(lines) + "\n")
    return "\n".join(blocks)


def freeze(new: Path, target: Path) -> tuple[int, int]:
    """Append the questions of ``new`` that ``target`` lacks; return (added, already there)."""
    old_items: list[dict[str, Any]] = []
    header = ""
    if target.exists():
        text = target.read_text(encoding="utf-8")
        old_items = tomllib.loads(text)["queries"]
        header = "".join(line for line in text.splitlines(keepends=True)[:1] if line[:1] == "#")
    known = {_identity(item) for item in old_items}
    fresh = [item for item in tomllib.loads(new.read_text(encoding="utf-8"))["queries"]]
    added = [item for item in fresh if _identity(item) not in known]
    for item in added:
        item.pop("split", None)
    assign_splits(added)
    if not header:
        header = "# Questions written blind from the docs alone; split frozen by eval.freeze.\n"
    text = format_questions([*old_items, *added], header)
    # Refuse to leave a file the evaluation cannot read: the text is read back under the
    # target's name (its errors name that file) before the target is written.
    with tempfile.TemporaryDirectory() as folder:
        check = Path(folder) / target.name
        check.write_text(text, encoding="utf-8")
        load_file(check)
    target.write_text(text, encoding="utf-8")
    return len(added), len(fresh) - len(added)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m eval.freeze", description=__doc__)
    parser.add_argument("new", type=Path, help="a TOML file of [[queries]] without splits")
    parser.add_argument("--name", help="file stem in eval/questions (default: the new file's)")
    args = parser.parse_args(argv)
    target = QUESTIONS / f"{args.name or args.new.stem}.toml"
    QUESTIONS.mkdir(exist_ok=True)
    try:
        added, kept = freeze(args.new, target)
    except (DatasetError, tomllib.TOMLDecodeError, KeyError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    print(f"{target}: {added} questions added, {kept} already there")
    return 0


if __name__ == "__main__":
    sys.exit(main())
