"""Extract a tar or zip archive into a private folder, refusing any member that would land
outside it and any archive with more members or bytes than the builder accepts.

Regular files and folders are written; hard links become copies of the member they name;
symbolic links are created last, after every file is written, so nothing is ever written
through one, and each must point inside the folder. Devices, FIFOs and other special members
are skipped. Only member names and link targets are trusted after they are checked; sizes are
counted as the bytes are written, not taken from headers.
"""

from __future__ import annotations

import lzma
import os
import shutil
import stat
import tarfile
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import IO

from builder.errors import SourceError, UnsafeArchive

MAX_ARCHIVE_MEMBERS = 100_000
MAX_ARCHIVE_BYTES = 1024 * 1024 * 1024  # uncompressed, all members together
MAX_LINK_TARGET_BYTES = 4096
_COPY_CHUNK = 1 << 20

# What a damaged or truncated archive raises while it is read: translated here, once.
_READ_ERRORS = (tarfile.TarError, zipfile.BadZipFile, zlib.error, lzma.LZMAError, EOFError)


@dataclass
class Extracted:
    """What an extraction wrote, and the special members it left out."""

    root: Path
    files: int = 0
    bytes: int = 0
    skipped: list[str] = field(default_factory=list)
    _members: int = 0
    _links: list[tuple[PurePosixPath, str]] = field(default_factory=list)


def member_path(name: str) -> PurePosixPath:
    """The relative path a member may be written to; UnsafeArchive if it would leave the root.

    Backslashes count as separators, so a zip made on Windows cannot smuggle ``..\\``.
    """
    if "\x00" in name:
        raise UnsafeArchive(f"member {name!r} has a NUL byte in its name")
    posix = name.replace("\\", "/")
    if posix.startswith("/") or (len(posix) > 1 and posix[1] == ":" and posix[0].isalpha()):
        raise UnsafeArchive(f"member {name!r} has an absolute path")
    parts = [part for part in posix.split("/") if part not in ("", ".")]
    if ".." in parts:
        raise UnsafeArchive(f"member {name!r} leaves the archive's root ('..')")
    return PurePosixPath(*parts)


def _link_target(member: PurePosixPath, target: str) -> PurePosixPath:
    """Where a symbolic link at ``member`` points, relative to the root; UnsafeArchive if out."""
    if not target or target.startswith("/") or "\x00" in target:
        raise UnsafeArchive(f"symlink {member} points outside the archive ({target!r})")
    parts: list[str] = list(member.parent.parts)
    for part in target.split("/"):
        if part == "..":
            if not parts:
                raise UnsafeArchive(f"symlink {member} points outside the archive ({target!r})")
            parts.pop()
        elif part not in ("", "."):
            parts.append(part)
    return PurePosixPath(*parts)


def extract_tar(stream: IO[bytes], destination: Path) -> Extracted:
    """Extract a (possibly compressed) tar read front to back from ``stream``."""
    done = Extracted(destination)
    try:
        with tarfile.open(fileobj=stream, mode="r|*") as archive:
            for member in archive:
                _count_member(done)
                relpath = member_path(member.name)
                if member.isdir():
                    _make_folder(done, relpath)
                elif member.isreg():
                    _check_size(done, member.size, relpath)
                    source = archive.extractfile(member)
                    if source is None:  # pragma: no cover - isreg() members always have data
                        continue
                    _write_file(done, relpath, source)
                elif member.islnk():
                    _copy_hard_link(done, relpath, member_path(member.linkname))
                elif member.issym():
                    _link_target(relpath, member.linkname)
                    done._links.append((relpath, member.linkname))
                else:
                    done.skipped.append(f"{relpath} (not a regular file)")
    except _READ_ERRORS as exc:
        raise SourceError(f"not a readable tar archive ({type(exc).__name__}: {exc})") from exc
    _make_links(done)
    return done


def extract_zip(path: Path, destination: Path) -> Extracted:
    """Extract the zip (or wheel) at ``path``."""
    done = Extracted(destination)
    try:
        with zipfile.ZipFile(path) as archive:
            members = archive.infolist()
            if len(members) > MAX_ARCHIVE_MEMBERS:
                _count_member(done, len(members))
            for info in members:
                _count_member(done)
                relpath = member_path(info.filename)
                mode = info.external_attr >> 16 if info.create_system == 3 else 0
                if info.is_dir():
                    _make_folder(done, relpath)
                elif stat.S_ISLNK(mode):
                    target = archive.read(info)[:MAX_LINK_TARGET_BYTES].decode("utf-8", "replace")
                    _link_target(relpath, target)
                    done._links.append((relpath, target))
                elif stat.S_IFMT(mode) in (0, stat.S_IFREG):  # many zips record no file type
                    _check_size(done, info.file_size, relpath)
                    with archive.open(info) as source:
                        _write_file(done, relpath, source)
                else:
                    done.skipped.append(f"{relpath} (not a regular file)")
    except _READ_ERRORS as exc:
        raise SourceError(f"not a readable zip archive ({type(exc).__name__}: {exc})") from exc
    _make_links(done)
    return done


def _count_member(done: Extracted, count: int = 1) -> None:
    done._members += count
    if done._members > MAX_ARCHIVE_MEMBERS:
        raise UnsafeArchive(
            f"more than {MAX_ARCHIVE_MEMBERS} members; refusing it as a possible archive bomb"
        )


def _check_size(done: Extracted, size: int, relpath: PurePosixPath) -> None:
    if done.bytes + size > MAX_ARCHIVE_BYTES:
        raise UnsafeArchive(
            f"more than {MAX_ARCHIVE_BYTES // 1024 // 1024} MiB uncompressed (at {relpath}); "
            "refusing it as a possible archive bomb"
        )


def _make_folder(done: Extracted, relpath: PurePosixPath) -> None:
    try:
        (done.root / relpath).mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SourceError(f"cannot create folder {relpath}: {exc.strerror}") from exc


def _write_file(done: Extracted, relpath: PurePosixPath, source: IO[bytes]) -> None:
    if not relpath.parts:
        raise UnsafeArchive("a file member has an empty name")
    target = done.root / relpath
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        with target.open("wb") as handle:
            for chunk in _chunks(source):
                done.bytes += len(chunk)
                _check_size(done, 0, relpath)
                handle.write(chunk)
    except OSError as exc:
        raise SourceError(f"cannot write member {relpath}: {exc.strerror}") from exc
    done.files += 1


def _chunks(source: IO[bytes]) -> Iterator[bytes]:
    while chunk := source.read(_COPY_CHUNK):
        yield chunk


def _copy_hard_link(done: Extracted, relpath: PurePosixPath, target: PurePosixPath) -> None:
    # No symlink exists yet, so the path names a file this extraction wrote, or nothing.
    original = done.root / target
    if not original.is_file():
        done.skipped.append(f"{relpath} (hard link to {target}, which is not a file before it)")
        return
    with original.open("rb") as source:
        _check_size(done, original.stat().st_size, relpath)
        _write_file(done, relpath, source)


def _make_links(done: Extracted) -> None:
    """Create the symbolic links, then check that none resolves outside the root: a chain of
    links that each look fine on their own can still lead out."""
    root = done.root.resolve()
    for relpath, target in done._links:
        link = done.root / relpath
        # Checked before any folder is made: a parent reached through an earlier link could
        # otherwise be created outside the root.
        if not link.parent.resolve().is_relative_to(root):
            raise UnsafeArchive(f"symlink {relpath} sits behind a link leading outside")
        try:
            link.parent.mkdir(parents=True, exist_ok=True)
            os.symlink(target, link)
        except FileExistsError as exc:
            raise UnsafeArchive(f"symlink {relpath} replaces another member") from exc
        except OSError as exc:
            raise SourceError(f"cannot create symlink {relpath}: {exc.strerror}") from exc
    for relpath, target in done._links:
        if not Path(os.path.realpath(done.root / relpath)).is_relative_to(root):
            raise UnsafeArchive(f"symlink {relpath} points outside the archive ({target!r})")
    done._links.clear()


def remove_tree(path: Path) -> None:
    """Remove an extraction folder; links inside it are removed, never followed."""
    shutil.rmtree(path, ignore_errors=True)
