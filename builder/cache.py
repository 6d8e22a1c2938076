"""The build cache: what parsing one file produced, kept by the hash of everything it depends on.

An entry is trusted only if its own checksum (of its key and payload) holds and it reads as what
was stored (JSON; for a kept folder, a list of files that stay inside it, each an object of
builder.cache_objects that is still what its name says); anything else is a miss and gets
rewritten.
Only data is kept, never code: nothing here is imported, unpickled or executed.
Entries live in one SQLite file (builder.cache_entries), each written in a transaction of its
own, so a killed build leaves no half entry.
Entries not used by a build are swept at its end, so the cache tracks the catalog's size.
"""

from __future__ import annotations

import functools
import hashlib
import os
import shutil
import sqlite3
import weakref
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import orjson

import builder
import schemas
from builder import __version__
from builder.cache_entries import EntryStore
from builder.cache_objects import ObjectStore, files_under, is_object_name
from schemas.digests import file_sha256

# Raised whenever what an entry holds changes shape or meaning (3: sections list their API
# entries, empty ones are dropped and both are counted; 4: a kept folder's manifest names
# objects), so no build reads an older entry.
CACHE_FORMAT = "docbuild-cache@4"
# Folders earlier versions kept and this one no longer reads: "templates" held jinja2 bytecode,
# which would run as code unchecked; "trees" held kept folders, now manifests of objects;
# "entries" held each entry as a file, now rows of builder.cache_entries' file.
RETIRED_FOLDERS = ("templates", "trees", "entries")
# The name of the one file in a folder kept by ``store_file``.
KEPT_FILE = "file"


def cache_key(*parts: object) -> str:
    """A stable key over ``parts`` (strings, numbers, lists and dicts of them) and docbuild's
    own code."""
    payload = orjson.dumps(
        [CACHE_FORMAT, __version__, code_fingerprint(), *parts], option=orjson.OPT_SORT_KEYS
    )
    return hashlib.sha256(payload).hexdigest()


@functools.cache
def code_fingerprint() -> str:
    """The sha256 of the Python files docbuild runs (the builder and schemas packages). A
    checkout whose code changed but not its version string (a development install, an
    upgrade from a repository) would otherwise read what the old code parsed and wrote."""
    return python_files_sha256(
        Path(package.__file__).parent for package in (builder, schemas) if package.__file__
    )


def python_files_sha256(roots: Iterable[Path]) -> str:
    """The sha256 of every ``.py`` file under ``roots``: each one's path (from its root's
    parent, so a package's name counts) and bytes, in path order (as ``sorted(rglob)``)."""
    digest = hashlib.sha256()
    for root in roots:
        for parts, path in _python_files(root):
            name = "/".join(parts).encode("utf-8", "surrogateescape")
            with open(path, "rb") as handle:
                data = handle.read()
            digest.update(b"%d:%s%d:" % (len(name), name, len(data)))
            digest.update(data)
    return digest.hexdigest()


def _python_files(root: Path) -> list[tuple[list[str], str]]:
    """The ``.py`` files under the folder ``root`` as ``root.rglob("*.py")`` finds them
    (folders linked in are not entered), each as the parts of its path from ``root``'s parent
    and its path, in the order of those parts. Strings, not paths: a build fingerprints its
    400 files before its first cache key, and making path objects of them was a third of it."""
    found: list[tuple[list[str], str]] = []
    folders = [(os.fspath(root), list(root.relative_to(root.parent).parts))]
    while folders:
        folder, parts = folders.pop()
        with os.scandir(folder) as listing:
            for entry in listing:
                if entry.is_dir(follow_symlinks=False):
                    folders.append((entry.path, [*parts, entry.name]))
                elif entry.name.endswith(".py"):
                    found.append(([*parts, entry.name], entry.path))
    found.sort()
    return found


def entry_digest(key: str, payload: bytes) -> str:
    """The sha256 an entry is stored and checked with: of its key as well as its payload, so
    that a row reached under another key (one damaged byte of the entries file's index points a
    key at another row) is a miss, not another entry's payload."""
    digest = hashlib.sha256(key.encode("utf-8", "surrogateescape"))
    digest.update(b"\0")
    digest.update(payload)
    return digest.hexdigest()


def holds_undecodable_name(error: TypeError) -> bool:
    """Whether orjson refused a value for a string with lone surrogates: a file name that is
    not UTF-8 (a skipped file's, a file a page read), which has no JSON form. An entry that
    holds one is not kept; any other refusal is a bug and passes through."""
    return "surrogates" in str(error)


class BuildCache:
    """A folder of checksummed JSON entries; ``BuildCache(None)`` is a cache that never hits."""

    def __init__(self, root: Path | None) -> None:
        self.root = root
        self.used: set[str] = set()
        self.hits = 0
        self.misses = 0
        self.corrupt = 0
        # Why an entry could not be written (a read-only or full cache folder, a directory
        # where an entry goes), the first time: the build goes on without keeping it.
        self.unwritable: str | None = None
        # Files kept by their bytes' sha256 (a shard's body packs and index chunks), linked
        # into the site when a build publishes the same bytes again.
        self.objects = ObjectStore(root)
        self.entries = EntryStore(root) if root is not None else None
        if self.entries is not None:
            # A cache nobody closed (a test's, an embedding's) still lets go of its file.
            weakref.finalize(self, self.entries.close)

    def load_bytes(self, key: str) -> bytes | None:
        """The payload stored under ``key``, or None when absent or corrupt."""
        if self.entries is None:
            return None
        try:
            found = self.entries.get(key)
        except OSError:  # the cache folder cannot be made: nothing is kept
            found = None
        if found is None:
            self.misses += 1
            return None
        digest, payload = found
        if entry_digest(key, payload) != digest:
            self.corrupt += 1
            self.misses += 1
            self.entries.delete(key)
            return None
        self.used.add(key)
        self.hits += 1
        return payload

    def store_bytes(self, key: str, payload: bytes) -> None:
        if self.entries is None:
            return
        try:
            self.entries.put(key, entry_digest(key, payload), payload)
        except (OSError, sqlite3.Error) as error:
            self.not_written(error, str(self.entries.path))
            return
        self.used.add(key)

    def not_written(self, error: OSError | sqlite3.Error, where: str | None = None) -> None:
        """An entry could not be kept: the build goes on, the next one makes it again."""
        if self.unwritable is None:
            if isinstance(error, OSError):
                where = error.filename2 or error.filename or where
                reason = error.strerror or str(error)
            else:
                reason = str(error)
            self.unwritable = f"{reason} ({where})" if where else reason

    def close(self) -> None:
        """Let go of the entries file (a build's end; a later use opens it again)."""
        if self.entries is not None:
            self.entries.close()

    def load(self, key: str) -> Any | None:
        payload = self.load_bytes(key)
        if payload is None:
            return None
        try:
            return orjson.loads(payload)
        except orjson.JSONDecodeError:  # the checksum holds, so it was written like this
            self._forget(key)
            return None

    def _forget(self, key: str) -> None:
        """Count an entry that passed its checksum but cannot be used as a miss, and drop it."""
        self.corrupt += 1
        self.hits -= 1
        self.misses += 1
        self.used.discard(key)
        if self.entries is not None:
            self.entries.delete(key)

    def store(self, key: str, value: Any) -> None:
        try:
            payload = orjson.dumps(value, option=orjson.OPT_SORT_KEYS)
        except TypeError as error:
            if not holds_undecodable_name(error):
                raise
            return  # not kept: the next build makes it again
        self.store_bytes(key, payload)

    def store_tree(self, key: str, source: Path, digests: Mapping[str, str] | None = None) -> None:
        """Keep the files of the folder ``source`` (rendered pages, a shard) under ``key``: a
        manifest of the objects (builder.cache_objects) holding them, each file linked in as
        its object unless it is that object already (the caller moves them into the site,
        where ``link_tree`` links kept files too, and nothing writes a site file in place).
        ``digests`` are the sha256 of files, by their path under ``source``, that the caller
        has already (a body pack is named by it, a kept page was kept with it): those files
        are not read and hashed again."""
        self._store_files(key, files_under(source), digests)

    def store_file(self, key: str, source: Path, sha256: str | None = None) -> None:
        """Keep the one file ``source`` (a rendered page, a volume) under ``key``, as
        ``store_tree`` does; ``sha256`` is its digest when the caller has it already."""
        self._store_files(key, [(KEPT_FILE, source)], {KEPT_FILE: sha256} if sha256 else {})

    def _store_files(
        self,
        key: str,
        files: list[tuple[str, str]] | list[tuple[str, Path]],
        digests: Mapping[str, str] | None = None,
    ) -> None:
        if self.root is None:
            return
        manifest: dict[str, list[object]] = {}
        try:
            for relpath, path in files:
                digest = (digests or {}).get(relpath) or file_sha256(Path(path))
                kept = self.objects.keep(path, digest)
                manifest[relpath] = [digest, kept.st_size, kept.st_mtime_ns]
        except OSError as error:
            self.not_written(error)
            return
        self.store(key, manifest)

    def link_tree(self, key: str, destination: Path) -> bool:
        """Hard-link (or copy) a kept folder into ``destination``; False when absent or corrupt.

        Every file is checked before anything is linked (``ObjectStore.verified``), so a
        damaged entry is a miss, never a corrupt page in the site.
        """
        manifest = self._checked_manifest(key)
        if manifest is None:
            return False
        made: set[Path] = set()  # a shard's 500 body packs share a few folders
        linked: list[Path] = []
        for relpath, (digest, _, _) in manifest.items():
            target = destination / relpath
            if target.parent not in made:
                target.parent.mkdir(parents=True, exist_ok=True)
                made.add(target.parent)
            try:
                self.objects.link(digest, target)
            except FileNotFoundError:  # swept by another build sharing the cache: a miss
                for done in linked:  # whoever writes the folder instead starts from nothing
                    done.unlink(missing_ok=True)
                return False
            linked.append(target)
        return True

    def link_file(self, key: str, destination: Path) -> str | None:
        """Hard-link (or copy) the file ``store_file`` kept to ``destination``, whose folder
        exists, and return its sha256; None when absent or corrupt, checked as ``link_tree``
        checks."""
        manifest = self._checked_manifest(key)
        if manifest is None or list(manifest) != [KEPT_FILE]:
            return None
        digest = manifest[KEPT_FILE][0]
        try:
            self.objects.link(digest, destination)
        except FileNotFoundError:  # swept by another build sharing the cache: a miss
            return None
        return digest

    def load_file(self, key: str) -> bytes | None:
        """The bytes of the file ``store_file`` kept, or None when absent or corrupt, checked
        as ``link_tree`` checks."""
        manifest = self._checked_manifest(key)
        if manifest is None or list(manifest) != [KEPT_FILE]:
            return None
        try:
            with open(self.objects.path(manifest[KEPT_FILE][0]), "rb") as handle:
                return handle.read()
        except OSError:
            return None

    def _checked_manifest(self, key: str) -> dict[str, tuple[str, int, int]] | None:
        """The manifest of the folder kept under ``key`` when every file in it is as kept;
        else None, and the entry is dropped. Its objects stay kept, for the next build."""
        if self.root is None:
            return None
        loaded = self.load(key)
        if loaded is None:
            return None
        manifest = _tree_manifest(loaded)
        if manifest is None or not all(
            self.objects.verified(digest, size, mtime_ns)
            for digest, size, mtime_ns in manifest.values()
        ):
            self._forget(key)
            return None
        self.objects.mark_used(digest for digest, _, _ in manifest.values())
        return manifest

    def sweep(self) -> int:
        """Delete entries and folders this build did not use; return how many."""
        if self.root is None:
            return 0
        removed = 0
        for name in RETIRED_FOLDERS:
            if (self.root / name).is_dir():
                shutil.rmtree(self.root / name, ignore_errors=True)
                removed += 1
        if self.entries is not None:
            removed += self.entries.keep_only(self.used)
        return removed + self.objects.sweep()


def _tree_manifest(loaded: Any) -> dict[str, tuple[str, int, int]] | None:
    """The manifest of a kept folder, or None when its shape is wrong or a path in it would
    leave the folder (absolute, ``..``, empty parts): those files are never linked."""
    if not isinstance(loaded, dict):
        return None
    manifest: dict[str, tuple[str, int, int]] = {}
    for relpath, fields in loaded.items():
        parts = relpath.split("/")
        if relpath.startswith("/") or any(part in ("", ".", "..") for part in parts):
            return None
        if not (
            isinstance(fields, list)
            and len(fields) == 3
            and isinstance(fields[0], str)
            and is_object_name(fields[0])
            and all(isinstance(n, int) and not isinstance(n, bool) for n in fields[1:])
        ):
            return None
        manifest[relpath] = (fields[0], fields[1], fields[2])
    return manifest
