"""Files the build cache keeps by the sha256 of their bytes, linked into a site instead of
written again.

A rebuild after a one-page edit publishes the same pages, body packs and index chunks as the
build before it, save a few. Creating a file costs far more than linking one (on the machine
the benchmark runs on, about 0.6 ms against 0.02 ms), so a shard whose 800 files were written
again cost half a second. Each kept file is one object, ``objects/<sha256[:2]>/<sha256>``: a
kept folder (``BuildCache.store_tree``) is a manifest naming objects, so keeping a changed
version's 1,300 files costs a ``stat`` each (they are the objects already, linked), and
dropping an old version's folder costs one entry, not 1,300 unlinks. An object is taken only
when it is what its name says: a file put in place is compared with the bytes it would be
written with (``place``), a kept folder's are checked by size and modification time or hashed
(``verified``). Objects a build did not use are swept with the cache's other entries.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import shutil
import stat
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path

from schemas.digests import file_sha256

OBJECTS_FOLDER = "objects"
# An object is read only when it is a regular file itself, not a symlink to one (where the
# system can say so), and as bytes (Windows would translate line ends otherwise).
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
# Where a link can be told not to follow a symlink (not on Windows), it is told so.
_NO_FOLLOW: dict[str, bool] = (
    {"follow_symlinks": False} if os.link in os.supports_follow_symlinks else {}
)
_OBJECT_NAME = re.compile(r"[0-9a-f]{64}")


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


# mkstemp makes a file only its owner reads; a site file is as open() would make it.
_FILE_MODE = 0o666 & ~_umask()


def is_object_name(name: str) -> bool:
    """Whether ``name`` is a sha256 in hex, as every object is named (and nothing else: a
    name from a manifest never reaches outside the objects folder)."""
    return _OBJECT_NAME.fullmatch(name) is not None


class ObjectStore:
    """The cache's ``objects`` folder; ``ObjectStore(None)`` keeps nothing and writes every
    file."""

    def __init__(self, cache_root: Path | None) -> None:
        self.root = None if cache_root is None else f"{cache_root}/{OBJECTS_FOLDER}"
        self.used: set[str] = set()  # sha256 of the objects this build published or kept

    def path(self, sha256: str) -> str:
        if self.root is None:
            raise RuntimeError("cache is disabled")
        if not is_object_name(sha256):
            raise ValueError(f"not an object's name: {sha256!r}")
        return f"{self.root}/{sha256[:2]}/{sha256}"

    def place(self, target: Path, sha256: str, data: bytes) -> None:
        """Put ``data``, whose sha256 is ``sha256``, at ``target``: a link to the kept object
        when it holds these bytes, else a new file, then kept. A file already at ``target`` is
        left when it holds these bytes (two pages with the same bodies make the same pack) and
        replaced whole otherwise, never written through: it may be a link to the object the
        published site serves."""
        if self.root is None:
            write_fresh(target, data)
            return
        self.used.add(sha256)
        path = self.path(sha256)
        if _holds(path, data):
            try:
                os.link(path, target, **_NO_FOLLOW)
            except FileExistsError:
                if _holds(str(target), data):
                    return
            except OSError:  # links not allowed here: written as usual
                pass
            else:
                return
        write_fresh(target, data)
        with contextlib.suppress(OSError):  # keeping is tidying: the next build writes it
            self.keep(target, sha256)

    def keep(self, source: str | Path, sha256: str) -> os.stat_result:
        """Make the file ``source``, whose bytes have ``sha256``, the object of that name (a
        link to it, or a copy where links are not allowed) unless it is that object already;
        the object's ``stat``. OSError when it cannot be kept."""
        path = self.path(sha256)
        self.used.add(sha256)
        mine = os.lstat(source)
        with contextlib.suppress(FileNotFoundError):
            found = os.lstat(path)
            if os.path.samestat(found, mine):
                return found
        # Unique to this call: a pid alone repeats across containers sharing a cache volume.
        temp = f"{path}.{os.getpid()}.{secrets.token_hex(8)}.tmp"
        try:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            try:
                os.link(source, temp)
            except OSError:  # another file system, or links not allowed
                shutil.copyfile(source, temp)
            os.replace(temp, path)
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(temp)
            raise
        return os.lstat(path)

    def store(self, sha256: str, data: bytes) -> os.stat_result:
        """Keep ``data``, whose sha256 is ``sha256``, as that object (written whole through a
        temporary file unless it holds these bytes already); the object's ``stat``. OSError
        when it cannot be kept."""
        path = self.path(sha256)
        self.used.add(sha256)
        if _holds(path, data):
            return os.lstat(path)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        write_fresh(Path(path), data)
        return os.lstat(path)

    def read(self, sha256: str, size: int, mtime_ns: int) -> bytes | None:
        """The bytes of the object ``sha256`` when it is as kept (``verified``), else None. It
        is not marked used: a reader that keeps it marks it (``mark_used``)."""
        if not self.verified(sha256, size, mtime_ns):
            return None
        try:
            fd = os.open(self.path(sha256), _OPEN_FLAGS)
        except OSError:
            return None
        with open(fd, "rb") as handle:
            data = handle.read()
        return data if len(data) == size else None

    def verified(self, sha256: str, size: int | None = None, mtime_ns: int | None = None) -> bool:
        """Whether the object ``sha256`` is a regular file holding those bytes: taken as it is
        while its size and modification time are those it was kept with (as the server's ETag
        cache does), else (or without them) hashed. A damaged object is dropped."""
        path = self.path(sha256)
        try:
            found = os.lstat(path)
            if not stat.S_ISREG(found.st_mode):
                ok = False
            elif (found.st_size, found.st_mtime_ns) == (size, mtime_ns):
                ok = True
            else:
                ok = file_sha256(Path(path)) == sha256
        except OSError:
            return False
        if not ok:
            with contextlib.suppress(OSError):
                os.unlink(path)
        return ok

    def link(self, sha256: str, target: Path) -> None:
        """Hard-link (or copy) the object ``sha256`` to ``target``, replacing what is there
        (a site file is replaced whole, never written through). FileNotFoundError when the
        object is gone (another build sharing the cache swept it): the caller's miss."""
        path = self.path(sha256)
        try:
            os.link(path, target, **_NO_FOLLOW)
        except FileExistsError:
            target.unlink()
            self.link(sha256, target)
        except FileNotFoundError:
            raise
        except OSError:  # another file system, or links not allowed: copy instead
            data = Path(path).read_bytes()
            write_fresh(target, data)

    def mark_used(self, digests: Iterable[str]) -> None:
        """Keep the objects of files a build took from the cache (a kept folder's)."""
        self.used.update(digests)

    def sweep(self) -> int:
        """Delete the objects this build did not use; return how many."""
        if self.root is None:
            return 0
        removed = 0
        for entry in entries_in(self.root):
            if entry.name not in self.used:
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)
                    removed += 1
        return removed


def write_fresh(target: Path, data: bytes) -> None:
    """Write ``data`` as a new file at ``target``, replacing whatever is there whole (through a
    temporary file renamed over it): a file already there may be a hard link to a cache object
    or to a published site's file, whose bytes must not change."""
    try:
        with open(target, "xb") as new:  # the usual case: nothing there yet
            new.write(data)
        return
    except FileExistsError:
        pass
    fd, temp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with open(fd, "wb") as handle:
            handle.write(data)
        os.chmod(temp, _FILE_MODE)
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def _holds(path: str, data: bytes) -> bool:
    """Whether ``path`` is a regular file (not a link to one) holding exactly ``data``."""
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except OSError:
        return False
    with open(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return False
        return handle.read(len(data) + 1) == data


def files_under(root: str | Path) -> list[tuple[str, str]]:
    """Every file under ``root``, as (its path relative to ``root`` with ``/``, its path), in
    the order ``sorted(root.rglob("*"))`` gives and with the files its ``is_file`` takes
    (folders linked to are not entered): plain strings and the folders' own listings, not a
    Path and a ``stat`` for each of a version's thousand files."""
    found: list[tuple[tuple[str, ...], str]] = []

    def walk(folder: str, parts: tuple[str, ...]) -> None:
        with os.scandir(folder) as listing:
            for entry in listing:
                if entry.is_dir(follow_symlinks=False):
                    walk(entry.path, (*parts, entry.name))
                elif entry.is_file():
                    found.append(((*parts, entry.name), entry.path))

    walk(os.fspath(root), ())
    found.sort()
    return [("/".join(parts), path) for parts, path in found]


def entries_in(folder: str | Path) -> Iterator[os.DirEntry[str]]:
    """What the folders of ``folder`` hold (``folder/*/*``), without a Path for each: a rebuild
    sweeps a few thousand entries, and objects live in buckets by their name's first two
    characters."""
    try:
        buckets = [entry.path for entry in os.scandir(folder) if entry.is_dir()]
    except OSError:
        return
    for bucket in buckets:
        with contextlib.suppress(OSError), os.scandir(bucket) as found:
            yield from found
