"""``docbuild check``: validate any doctrove-index@1 file and summarise what it holds."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import orjson

from builder.errors import BuildError, IndexInvalid
from schemas.index_rules import index_problems

MAX_INDEX_BYTES = 1024 * 1024 * 1024


@dataclass(frozen=True)
class IndexSummary:
    entries: int
    versions: int
    sections: int


def resolve_index_path(path: Path) -> Path:
    """Accept the index file itself or a built site folder that holds one."""
    return path / "index.json" if path.is_dir() else path


def check_index(path: Path) -> IndexSummary:
    """Validate the index at ``path``; raise IndexInvalid listing every problem by JSON pointer."""
    path = resolve_index_path(path)
    try:
        size = path.stat().st_size
        if size > MAX_INDEX_BYTES:
            raise BuildError(f"{path}: {size / 1e9:.1f} GB is over the 1 GB a static host serves")
        document = orjson.loads(path.read_bytes())
    except OSError as exc:
        raise BuildError(f"{path}: cannot read ({exc.strerror})") from exc
    except orjson.JSONDecodeError as exc:
        raise IndexInvalid(str(path), [f"not valid JSON: {exc}"]) from exc
    problems = index_problems(document)
    if problems:
        raise IndexInvalid(str(path), [str(p) for p in problems])
    entries = document["entries"]
    return IndexSummary(
        entries=len(entries),
        versions=sum(len(e["versions"]) for e in entries),
        sections=sum(len(v["sections"]) for e in entries for v in e["volumes"].values()),
    )
