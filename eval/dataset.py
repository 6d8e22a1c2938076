"""The evaluation queries (queries.toml beside this module) and their dev/test split."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

QUERIES = Path(__file__).with_name("queries.toml")
KINDS = ("keyword", "paraphrase", "api", "version", "chinese", "unanswerable")
TEST_EVERY = 4  # every 4th query is held out as the test split


@dataclass(frozen=True)
class Query:
    """One query: ``expect`` holds "source#anchor" keys (``#anchor`` for imported sections)."""

    position: int  # 1-based, in file order
    kind: str
    library: str
    version: str | None
    text: str
    expect: frozenset[str]

    @property
    def split(self) -> str:
        return "test" if self.position % TEST_EVERY == 0 else "dev"


class DatasetError(ValueError):
    """queries.toml is malformed."""


def load_queries(path: Path = QUERIES) -> list[Query]:
    """Every query of ``path``, checked for shape."""
    raw = tomllib.loads(path.read_text(encoding="utf-8")).get("queries")
    if not isinstance(raw, list):
        raise DatasetError(f"{path}: no [[queries]]")
    queries = []
    for position, item in enumerate(raw, start=1):
        kind, expect = item.get("kind"), item.get("expect")
        if kind not in KINDS or not isinstance(expect, list):
            raise DatasetError(f"{path}: query {position} has a bad kind or expect")
        if (kind == "unanswerable") != (not expect):
            raise DatasetError(f"{path}: query {position}: only unanswerable queries expect []")
        queries.append(
            Query(
                position,
                kind,
                str(item["library"]),
                item.get("version"),
                str(item["text"]),
                frozenset(map(str, expect)),
            )
        )
    return queries
