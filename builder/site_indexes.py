"""Write doctrove-index@1 per library (``libs/<id>/index.json``) and, while it stays under the
whole-file limit, the whole site's ``index.json``.

A static host caps each file (GitHub Pages: 100 MB), and one index of every section of every
library passes that long before the site does. Each library's own index is a complete
doctrove-index@1 document a plain doctrove client can point at; the whole-site file is the same
entries stitched together, so its exact size is known from the per-library files before it is
written, and it is left out when it would pass the limit.
"""

from __future__ import annotations

import io
import os
import shutil
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from builder.index import VolumeSource, write_index

INDEX_FILE = "index.json"
LIBRARY_INDEX = "libs/{id}/index.json"
# The default largest whole-site index.json; past it only the per-library files are written.
WHOLE_INDEX_LIMIT = 50 * 1000 * 1000
_HEAD = b'{"entries":['
_CHUNK = 1 << 20


@dataclass(frozen=True)
class IndexFiles:
    """What was written: each library's index size, and the whole index's size (written or not)."""

    library_bytes: tuple[tuple[str, int], ...]  # (id, bytes), in id order
    whole_bytes: int  # the whole-site index.json's size, whether written or not
    whole_written: bool


NO_INDEX_FILES = IndexFiles((), 0, False)
"""What a partial build writes: no index.json at all (docbuild merge writes them)."""


def library_index_path(library_id: str) -> str:
    """The site-relative path of a library's own index.json."""
    return LIBRARY_INDEX.format(id=library_id)


def write_indexes(
    site_dir: Path,
    entries: Sequence[tuple[Mapping[str, Any], Mapping[str, VolumeSource]]],
    updated_at: str | None,
    whole_limit: int = WHOLE_INDEX_LIMIT,
) -> IndexFiles:
    """Write every library's index.json, then the whole index.json when it fits ``whole_limit``
    bytes. ``entries`` are (skeleton, {version: volume}) sorted by id."""
    sizes: list[tuple[str, int]] = []
    tail = len(_tail(updated_at))
    for skeleton, volumes in entries:
        path = site_dir / library_index_path(str(skeleton["id"]))
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as handle:
            write_index(handle, [(dict(skeleton), volumes)], updated_at)
        sizes.append((str(skeleton["id"]), path.stat().st_size))
    # The whole index holds each library's entry as its own file does, separated by commas.
    middles = [size - len(_HEAD) - tail for _, size in sizes]
    whole = len(_HEAD) + sum(middles) + max(len(middles) - 1, 0) + tail
    if whole <= whole_limit:
        _stitch(site_dir, [library_id for library_id, _ in sizes], middles, updated_at)
    return IndexFiles(tuple(sizes), whole, whole <= whole_limit)


def _tail(updated_at: str | None) -> bytes:
    """What write_index puts after the last entry (nothing of it depends on the entries)."""
    sink = io.BytesIO()
    write_index(sink, [], updated_at)
    return sink.getvalue()[len(_HEAD) :]


def _stitch(
    site_dir: Path, ids: Sequence[str], middles: Sequence[int], updated_at: str | None
) -> None:
    if len(ids) == 1:
        # One library: the whole index is its file byte for byte, so it is linked, not
        # written (and later freed) a second time; copied where links are refused.
        only = site_dir / library_index_path(ids[0])
        try:
            os.link(only, site_dir / INDEX_FILE)
        except OSError:
            shutil.copyfile(only, site_dir / INDEX_FILE)
        return
    with (site_dir / INDEX_FILE).open("wb") as out:
        out.write(_HEAD)
        for i, (library_id, middle) in enumerate(zip(ids, middles, strict=True)):
            if i:
                out.write(b",")
            with (site_dir / library_index_path(library_id)).open("rb") as part:
                part.seek(len(_HEAD))
                left = middle
                while left > 0:
                    chunk = part.read(min(_CHUNK, left))
                    if not chunk:
                        raise OSError(f"{library_index_path(library_id)} changed while read")
                    out.write(chunk)
                    left -= len(chunk)
        out.write(_tail(updated_at))
