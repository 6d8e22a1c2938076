"""The search shard stage kept in the build cache: a version's shard reused whole when its
volume is unchanged, else updated in place from the version's last search database when its
sections keep their ids (builder.kept_index), else written from its pages' kept tables
(builder.cached_rows)."""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import shutil
import zlib
from collections.abc import Callable
from pathlib import Path

from builder.cache import BuildCache, cache_key
from builder.cached_rows import ShardParts
from builder.cached_trees import tree_cached
from builder.kept_index import (
    PageLayout,
    index_update,
    keep_index,
    kept_index_key,
    still_keep,
)
from builder.shard_gzip import HEAD_GZIP_LEVEL, HEAD_PIECES, PRIMER_BYTES, SHARD_PIECES
from builder.shards import KeptFileMissing, ShardInfo, write_shard_files
from builder.stages.volume import WrittenVolume
from schemas.section_columns import MAX_COLUMN_SECTIONS
from schemas.shard_build import PENDING_TOKENS_BYTES
from schemas.shards import SHORT_NAMES_FORMAT, SPLIT_FORMAT
from schemas.term_chunks import CHUNK_RAW_BYTES
from schemas.text import TOKENIZER


def write_shard_cached(
    cache: BuildCache,
    volume: WrittenVolume,
    site_dir: Path,
    scratch: Path,
    split_index_bytes: int,
    jobs: int = 1,
) -> ShardInfo:
    """``write_shard`` into ``site_dir``, or the shard the cache kept for this volume; a
    changed volume's rows and packs come from the files' cached ones (builder.cached_rows),
    which a reused shard keeps in the cache for the next edit; ``jobs`` processes make the
    others. An index of at least ``split_index_bytes`` is published in chunks ([site]
    split_index_bytes)."""
    # The pending limit changes the index's bytes (not what it finds), the split threshold and
    # chunk size whether and where it is cut, the gzip level and pieces its bytes: a shard
    # kept under others is not this build's.
    key = cache_key(
        "shard",
        SPLIT_FORMAT,
        SHORT_NAMES_FORMAT,
        MAX_COLUMN_SECTIONS,
        TOKENIZER,
        PENDING_TOKENS_BYTES,
        split_index_bytes,
        CHUNK_RAW_BYTES,
        HEAD_GZIP_LEVEL,
        zlib.ZLIB_RUNTIME_VERSION,  # another zlib may deflate the same database otherwise
        dataclasses.astuple(HEAD_PIECES),
        dataclasses.astuple(SHARD_PIECES),
        PRIMER_BYTES,
        volume.library_id,
        volume.version,
        volume.sha256,
    )
    # One list a version, whatever its volume: the next edit's shard places the same files.
    placed_key = cache_key("shard-placed", volume.library_id, volume.version)
    parts = ShardParts(cache, placed_key, jobs)
    digests: dict[str, str] = {}

    index_key = kept_index_key(volume.library_id, volume.version)

    def write(folder: Path) -> ShardInfo:
        layout = parts.layout(volume.records)
        keep = functools.partial(keep_index, cache, index_key, layout) if layout else None
        parts.keys.append(index_key)
        if layout:
            updated = _updated_shard(
                cache, index_key, layout, parts, volume, folder, split_index_bytes, keep
            )
            if updated is not None:
                info, written = updated
                digests.update(written)
                return info
        # Closed here, not when the pages are let go: an error raised while they are made
        # holds them (its traceback has the frames that took them), and their workers with it.
        with contextlib.closing(parts.pages(volume.records)) as pages:
            info, written = write_shard_files(
                folder,
                volume.library_id,
                volume.version,
                (),
                pages,
                parts.compress,
                split_index_bytes,
                parts.place,
                keep,
                make_heading_codes=parts.heading_codes,
            )
        digests.update(written)
        return info

    info = tree_cached(
        cache,
        key + "-info",
        key,
        site_dir,
        scratch,
        write,
        lambda kept: ShardInfo(**kept),
        digests,
    )
    if parts.keys:
        cache.store(key + "-parts", [*parts.keys, *parts.keep_placed()])
    elif isinstance(listed := cache.load(key + "-parts"), list):
        cache.used.update(str(part) for part in listed)
        still_keep(cache, index_key)
    return info


def _updated_shard(
    cache: BuildCache,
    index_key: str,
    layout: list[PageLayout],
    parts: ShardParts,
    volume: WrittenVolume,
    folder: Path,
    split_index_bytes: int,
    keep: Callable[[bytes], object] | None,
) -> tuple[ShardInfo, dict[str, str]] | None:
    """``write_shard_files`` for a version whose last search database the cache kept, updated
    in place for the pages that changed (builder.kept_index); None when it cannot be, and
    ``folder`` is empty again."""
    update = index_update(
        cache,
        index_key,
        layout,
        parts.old_search,
        functools.partial(parts.tables_at, volume.records),
        parts.link_kept,
    )
    if update is None:
        return None
    try:
        written = write_shard_files(
            folder,
            volume.library_id,
            volume.version,
            (),
            (),
            parts.compress,
            split_index_bytes,
            parts.place,
            keep,
            update,
            parts.heading_codes,
        )
    except KeptFileMissing:  # swept by a build sharing the cache: every page is indexed
        shutil.rmtree(folder)
        folder.mkdir()
        return None
    parts.keep_unchanged(layout)
    return written
