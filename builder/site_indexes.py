"""Write doctrove-index@1 per library (``libs/<id>/index.json``) and the whole site's
``index.json``, each while it stays under the index limit (``--index-limit-mb``).

These files are for plain doctrove clients, which load an index whole; docclient reads
catalog.json and the shards and needs neither. A static host caps each file (GitHub Pages:
100 MB), and one index of every section of every library passes that long before the site does,
as one library's index does once it holds a few big versions (four of Python's docs: 60 MB). So
a file past the limit is left out, never a reason to fail the build, and a site built for
docclient alone (``--index-limit-mb 0``) stores each section's text once for clients, in its
shard. Each library's own index is a complete document a plain doctrove client can point at; the
whole-site file is the same entries stitched together, so its exact size is known from the
per-library files before it is written.
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
# The default largest doctrove-index@1 file, the whole site's or one library's; past it the file
# is left out (a doctrove client reads a 50 MB index whole, into memory, on every refresh).
INDEX_LIMIT = 50 * 1000 * 1000
_HEAD = b'{"entries":['
_CHUNK = 1 << 20


@dataclass(frozen=True)
class IndexFiles:
    """What was written: each library's index size, and the whole index's size (written or not)."""

    library_bytes: tuple[tuple[str, int], ...]  # (id, bytes), in id order, written or not
    whole_bytes: int  # the whole-site index.json's size, whether written or not
    whole_written: bool
    left_out: tuple[str, ...] = ()  # the libraries whose own index passed the limit, in id order


NO_INDEX_FILES = IndexFiles((), 0, False)
"""What a partial build writes: no index.json at all (docbuild merge writes them)."""


def library_index_path(library_id: str) -> str:
    """The site-relative path of a library's own index.json."""
    return LIBRARY_INDEX.format(id=library_id)


def write_indexes(
    site_dir: Path,
    entries: Sequence[tuple[Mapping[str, Any], Mapping[str, VolumeSource]]],
    updated_at: str | None,
    limit: int = INDEX_LIMIT,
) -> IndexFiles:
    """Write every library's index.json that fits ``limit`` bytes, then the whole index.json
    when every library's did and it fits too. ``entries`` are (skeleton, {version: volume})
    sorted by id."""
    sizes: list[tuple[str, int]] = []
    left_out: list[str] = []
    tail = len(_tail(updated_at))
    for skeleton, volumes in entries:
        library_id = str(skeleton["id"])
        path = site_dir / library_index_path(library_id)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as handle:
            write_index(handle, [(dict(skeleton), volumes)], updated_at)
        sizes.append((library_id, path.stat().st_size))
        if sizes[-1][1] > limit:
            # Its size is known only once written (the volumes are streamed from disk).
            path.unlink()
            left_out.append(library_id)
    # The whole index holds each library's entry as its own file does, separated by commas.
    middles = [size - len(_HEAD) - tail for _, size in sizes]
    whole = len(_HEAD) + sum(middles) + max(len(middles) - 1, 0) + tail
    fits = whole <= limit and not left_out
    if fits:
        _stitch(site_dir, [library_id for library_id, _ in sizes], middles, updated_at)
    return IndexFiles(tuple(sizes), whole, fits, tuple(left_out))


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
