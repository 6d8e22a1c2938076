"""Validate a doctrove-catalog@1 body: decode it into its model, then check the cross-references.
The client checks every catalog it fetches so; ``docbuild check`` every catalog a site holds.

``schemas.documents.Catalog`` is the format's one definition (the JSON Schema file is generated
from it). Decoding a body into it checks every rule of that schema in one pass, faster than
walking the parsed document by hand (bench/catalog_models.py), and stops at the first problem.
The rules that compare values across the document come after: ids are unique, and every listed
version has a shard and every shard is a listed version.

A model is stricter than the JSON Schema in one way: a count written as a float (``400.0``) is
refused, where JSON Schema's "integer" allows it. No doctrove builder writes one.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from schemas.documents import Catalog

MAX_PROBLEMS = 50
# One step of a msgspec path: .field, [index] or [...] (a key of a map).
_STEP = re.compile(r"\.([^.\[]+)|\[(\d+|\.\.\.)\]")


def catalog_problems(body: bytes) -> list[str]:
    """Every problem with a catalog body: the schema's first, else the cross-reference rules."""
    # Imported here: a warm start trusts its stored verdict and need not load msgspec at all.
    import msgspec

    from schemas.documents import CATALOG_DECODER

    try:
        catalog = CATALOG_DECODER.decode(body)
    except msgspec.DecodeError as exc:
        return [_readable(str(exc))]
    return catalog_rule_problems(catalog)


def _readable(message: str) -> str:
    """msgspec's "what - at `$.entries[0].id`" as "/entries/0/id: what", a JSON pointer like the
    cross-reference rules' (a map's key, which msgspec does not name, becomes ``*``)."""
    what, _, where = message.partition(" - at `")
    steps = _STEP.findall(where.rstrip("`").removeprefix("$"))
    pointer = "".join("/" + (name or ("*" if index == "..." else index)) for name, index in steps)
    return f"{pointer or '/'}: {what}"


def catalog_rule_problems(catalog: Catalog) -> list[str]:
    """The rules the schema cannot state, for a catalog the model accepts."""
    problems: list[str] = []
    seen: set[str] = set()
    for i, entry in enumerate(catalog.entries):
        if entry.id in seen:
            problems.append(f"/entries/{i}/id: duplicate id {entry.id!r}")
        seen.add(entry.id)
        versions, shards = entry.versions, entry.shards
        if len(set(versions)) != len(versions):
            problems.append(f"/entries/{i}/versions: lists a version twice")
        if set(versions) != shards.keys():
            unlisted = sorted(shards.keys() - set(versions))
            missing = [v for v in versions if v not in shards]
            problems.append(
                f"/entries/{i}/shards: versions without a shard {missing}, "
                f"shards of unlisted versions {unlisted}"
            )
        if len(problems) >= MAX_PROBLEMS:
            break
    return problems
