"""Check a doctrove-index@1 document's entries fast, leaving each volume for when it is used.

A plain doctrove host publishes only index.json, with every section of every version in it.
Lookups need the entries' names, not their sections, so the client checks the document in two
parts: here, everything outside the volumes' sections (the JSON Schema's rules for the document
and its entries, written out by hand, plus the two rules a schema cannot state: unique ids and a
volume for every listed version); and each volume with
``schemas.index_rules.volume_problems`` when its shard is built. Together they give jsonschema's
verdict on the whole document, which a test checks; this part alone takes a fraction of a
second on 100,000 entries where the whole schema took minutes.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from typing import Any

from schemas import INDEX_FORMAT

MAX_PROBLEMS = 50

_NON_EMPTY = re.compile(r"\S")
_PACKAGE = re.compile(r"^[a-z0-9]+:\S+$")


class Full(Exception):
    """Enough problems found; stop looking."""


def _escape(token: object) -> str:
    return str(token).replace("~", "~0").replace("/", "~1")


class _IndexChecker:
    """Collects problems as JSON pointers with a message; raises Full at MAX_PROBLEMS."""

    def __init__(self) -> None:
        self.problems: list[str] = []

    def add(self, where: str, message: str) -> None:
        self.problems.append(f"{where or '/'}: {message}")
        if len(self.problems) >= MAX_PROBLEMS:
            raise Full

    def string(self, value: Any, where: str, pattern: re.Pattern[str] | None = None) -> None:
        if not isinstance(value, str):
            self.add(where, "must be a string")
        elif pattern is not None and not pattern.search(value):
            what = "a non-blank string" if pattern is _NON_EMPTY else f"match {pattern.pattern}"
            self.add(where, f"must be {what}")

    def strings(self, value: Any, where: str, pattern: re.Pattern[str] | None = None) -> None:
        if not isinstance(value, list):
            self.add(where, "must be an array")
            return
        for i, item in enumerate(value):
            self.string(item, f"{where}/{i}", pattern)

    def keys(
        self, value: dict[str, Any], where: str, required: tuple[str, ...], allowed: frozenset[str]
    ) -> None:
        for key in required:
            if key not in value:
                self.add(where, f"{key!r} is required")
        if allowed:
            for key in value.keys() - allowed:
                self.add(f"{where}/{_escape(key)}", "is not an allowed property")

    def obj(self, value: Any, where: str, body: Callable[[dict[str, Any], str], None]) -> None:
        if isinstance(value, dict):
            body(value, where)
        else:
            self.add(where, "must be an object")

    def entries(self, entries: Any) -> None:
        if not isinstance(entries, list):
            self.add("/entries", "must be an array")
            return
        for i, entry in enumerate(entries):
            self.obj(entry, f"/entries/{i}", self.entry)

    def library(self, entry: dict[str, Any], where: str) -> None:
        for key in ("id", "name"):
            if key in entry:
                self.string(entry[key], f"{where}/{key}", _NON_EMPTY)
        for key in ("summary", "homepage"):
            if key in entry:
                self.string(entry[key], f"{where}/{key}")
        if "aliases" in entry:
            self.strings(entry["aliases"], f"{where}/aliases")
        if "packages" in entry:
            self.strings(entry["packages"], f"{where}/packages", _PACKAGE)
        if "versions" in entry:
            self.strings(entry["versions"], f"{where}/versions", _NON_EMPTY)
        if "popularity" in entry:
            value = entry["popularity"]
            if isinstance(value, bool) or not isinstance(value, int | float):
                self.add(f"{where}/popularity", "must be a number")
            elif value < 0:
                self.add(f"{where}/popularity", "must be 0 or more")

    def document(self, doc: dict[str, Any], where: str) -> None:
        self.keys(doc, where, ("format", "entries"), frozenset())
        if "format" in doc and doc["format"] != INDEX_FORMAT:
            self.add("/format", f"must be {INDEX_FORMAT!r}")
        if "updatedAt" in doc:
            self.string(doc["updatedAt"], "/updatedAt")
        if "entries" in doc:
            self.entries(doc["entries"])

    def entry(self, entry: dict[str, Any], where: str) -> None:
        self.keys(entry, where, ("id", "name", "versions", "volumes"), frozenset())
        self.library(entry, where)
        if "volumes" in entry:
            volumes = entry["volumes"]
            if not isinstance(volumes, dict):
                self.add(f"{where}/volumes", "must be an object")
                return
            for version, volume in volumes.items():
                self.obj(volume, f"{where}/volumes/{_escape(version)}", self.volume)

    def volume(self, volume: dict[str, Any], where: str) -> None:
        """The volume's own fields; its sections' contents wait for the shard build."""
        self.keys(volume, where, ("sections",), frozenset())
        if "summary" in volume:
            self.string(volume["summary"], f"{where}/summary")
        if "sections" in volume and not isinstance(volume["sections"], list):
            self.add(f"{where}/sections", "must be an array")


def index_entry_problems(document: Any) -> list[str]:
    """What is wrong with an index outside its volumes' sections; empty when nothing is."""
    checker = _IndexChecker()
    with contextlib.suppress(Full):
        checker.obj(document, "", checker.document)
    return checker.problems or _rule_problems(document)


def _rule_problems(document: dict[str, Any]) -> list[str]:
    problems: list[str] = []
    first_seen: dict[str, int] = {}
    for i, entry in enumerate(document["entries"]):
        entry_id = entry["id"]
        if entry_id in first_seen:
            problems.append(
                f"/entries/{i}/id: duplicate id {entry_id!r} (first used at "
                f"/entries/{first_seen[entry_id]})"
            )
        else:
            first_seen[entry_id] = i
        volumes = entry["volumes"]
        for j, version in enumerate(entry["versions"]):
            if version not in volumes:
                problems.append(
                    f"/entries/{i}/versions/{j}: version {version!r} has no volume in "
                    f"/entries/{i}/volumes"
                )
        if len(problems) >= MAX_PROBLEMS:
            break
    return problems[:MAX_PROBLEMS]
