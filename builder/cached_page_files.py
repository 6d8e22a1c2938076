"""The files of a version's pages, listed in the build cache once per version.

A rebuild after a one-page edit links every other page from the cache: each page file is kept
under its own entry (``BuildCache.store_file``), a manifest of one object read and checked
before the link, so a 500-page version read 500 entries to link files it had the day before.
One entry per version (``KeptFiles``) lists, by each file's inputs, the object holding it and
that object's size and modification time as kept: a listed file is linked once its object is
checked as a kept folder's are (``ObjectStore.verified``), and a file the list does not name,
or whose object is not as listed, is taken from its own entry or made, as before.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from builder.cache import BuildCache, cache_key
from builder.cache_objects import is_object_name


class KeptFiles:
    """The files of one version's pages made in ``context`` (a cache key naming what pages
    are made with), each known by the sha256 of its inputs (``builder.pages.PageCache``)."""

    def __init__(self, cache: BuildCache, context: str) -> None:
        self._cache = cache
        self._list_key = cache_key("page-files", context)
        self._listed: dict[str, list[Any]] | None = None  # read when a file first asks
        self._files: dict[str, list[Any]] = {}

    def link(self, inputs_digest: str, file_key: str, target: Path) -> str | None:
        """Link the file made of those inputs, kept under ``file_key`` too, to ``target``; its
        sha256, or None when the cache has no such file."""
        if self._listed is None:
            self._listed = _listed_files(self._cache.load(self._list_key))
        listed = self._listed.get(inputs_digest)
        objects = self._cache.objects
        if listed is not None and objects.verified(*listed):
            try:
                objects.link(listed[0], target)
            except FileNotFoundError:  # swept by another build sharing the cache
                pass
            else:
                objects.mark_used([listed[0]])
                self._cache.used.add(file_key)  # its own entry, not read, stays kept
                self._files[inputs_digest] = listed
                return str(listed[0])
        digest = self._cache.link_file(file_key, target)
        if digest is not None:
            self.kept(inputs_digest, digest, target)
        return digest

    def kept(self, inputs_digest: str, sha256: str, target: Path) -> None:
        """List the file at ``target``, kept as the object ``sha256`` (a link to it: its size
        and modification time are the object's; a copy's are not, and it is not linked from
        the list again)."""
        found = os.lstat(target)
        self._files[inputs_digest] = [sha256, found.st_size, found.st_mtime_ns]

    def keep(self) -> str:
        """Keep the list of this build's files, when it is not the one kept; its key."""
        if self._files != self._listed:
            self._cache.store(self._list_key, self._files)
        return self._list_key


def _listed_files(loaded: Any) -> dict[str, list[Any]]:
    """A version's list of files as ``KeptFiles.keep`` wrote it; empty when it is not that."""
    if not isinstance(loaded, dict):
        return {}
    for digest, listed in loaded.items():
        if not (
            is_object_name(digest)
            and isinstance(listed, list)
            and len(listed) == 3
            and isinstance(listed[0], str)
            and is_object_name(listed[0])
            and all(type(n) is int for n in listed[1:])
        ):
            return {}
    return loaded
