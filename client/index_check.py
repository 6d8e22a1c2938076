"""Check a doctrove-index@1 document's entries fast, leaving each volume for when it is used.

A plain doctrove host publishes only index.json, with every section of every version in it.
Lookups need the entries' names, not their sections, so the client checks the document in two
parts: here, everything outside the volumes' sections (the JSON Schema's rules for the document
and its entries, written out by hand like ``catalog_check``, plus the two rules a schema cannot
state: unique ids and a volume for every listed version); and each volume with
``schemas.index_rules.volume_problems`` when its shard is built. Together they give jsonschema's
verdict on the whole document, which a test checks; this part alone takes a fraction of a
second on 100,000 entries where the whole schema took minutes.
"""

from __future__ import annotations

import contextlib
from typing import Any

from client.catalog_check import MAX_PROBLEMS, Checker, Full, escape
from schemas import INDEX_FORMAT


class _IndexChecker(Checker):
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
                self.obj(volume, f"{where}/volumes/{escape(version)}", self.volume)

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
