"""A stage that writes a folder of files (a shard, a version's pages, its vectors), kept whole
in the build cache: linked into the site when the cache has it, else written beside the site,
kept, and moved in."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import asdict
from pathlib import Path
from typing import Any, TypeVar

from builder.cache import BuildCache

T = TypeVar("T")


def tree_cached(
    cache: BuildCache,
    value_key: str,
    tree_key: str,
    site_dir: Path,
    scratch: Path,
    write: Callable[[Path], T],
    read_kept: Callable[[Any], T],
    digests: Mapping[str, str] | None = None,
) -> T:
    """A stage that writes files: link the kept files into ``site_dir`` and return the kept
    description, or run ``write`` into ``scratch``, keep both, and move the files in.
    ``digests`` holds, once ``write`` has run, the sha256 of files it knows, by their path
    under ``scratch`` (``BuildCache.store_tree``)."""
    kept = cache.load(value_key)
    if kept is not None and cache.link_tree(tree_key, site_dir):
        return read_kept(kept)
    scratch.mkdir()
    value = write(scratch)
    cache.store_tree(tree_key, scratch, digests)
    cache.store(value_key, asdict(value))  # type: ignore[call-overload]
    move_tree(scratch, site_dir)
    return value


def move_tree(source: Path, destination: Path) -> None:
    """Move every file of ``source`` to the same place under ``destination`` (same file system:
    no copying): a folder ``destination`` has no entry of that name for yet in one rename (a
    version's 500 pages, a shard's 500 body packs), else file by file into the folder there."""
    for folder, folders, names in os.walk(source):
        target = destination / Path(folder).relative_to(source)
        if names or folders:
            target.mkdir(parents=True, exist_ok=True)
        for name in names:
            os.replace(os.path.join(folder, name), target / name)
        merged = []
        for name in folders:
            if os.path.lexists(target / name):
                merged.append(name)  # walked into next, its files moved one by one
            else:
                os.rename(os.path.join(folder, name), target / name)
        folders[:] = merged
