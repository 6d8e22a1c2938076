"""Find the files of one version's docs directory, read them, and say why any were left out."""

from __future__ import annotations

import codecs
import hashlib
import os
import stat
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import BinaryIO

from builder.errors import SourceError
from builder.globs import GlobSet
from builder.gzip_pages import gunzip_page, gzipped_page_name
from builder.linked_folders import linked_folder_files
from builder.model import SkippedFile, SourceFile
from builder.parsers import SUPPORTED_SUFFIXES
from builder.parsers.office import OFFICE_SUFFIXES
from builder.permalinks import page_path, unservable_characters

MAX_FILE_BYTES = 16 * 1024 * 1024
MAX_VERSION_BYTES = 512 * 1024 * 1024
MAX_FILES_PER_VERSION = 50_000
BINARY_SNIFF_BYTES = 8192
# A text file may hold a stray NUL (javadoc shows the character NUL as itself: commons-lang3's
# CharUtils.NUL); a binary file holds many. Up to this many per KiB sniffed, a file that
# decodes as UTF-8 is text, each NUL read as U+FFFD.
MAX_NULS_PER_KIB_OF_TEXT = 1
# The longest file name (in bytes) Linux, macOS and Windows file systems take: a page's name is
# its source's with ".html" for the suffix, which can take it over.
MAX_NAME_BYTES = 255
# Packaging metadata a release archive carries beside the code (setuptools' ``*.egg-info/``
# in an sdist, ``*.dist-info/`` in a wheel): SOURCES.txt, requires.txt, top_level.txt. Never
# docs, and read as pages when the docs folder is the archive's top (``path = "."``).
_PACKAGING_METADATA = (".egg-info", ".dist-info")
# A site's lookup.json (schemas.documents.LookupDocument) is a few hundred bytes of sorted
# keys, its format among the first of them.
_LOOKUP_SNIFF_BYTES = 4096
_LOOKUP_FORMAT_MARK = b'"format":"doctrove-lookup@1"'


@dataclass(frozen=True)
class Candidate:
    """A file the globs admit, not yet read; or a page the builder writes for the project
    (a gen-files script's page, builder.projects.gen_files), whose ``text`` it already is."""

    relpath: str
    path: Path
    text: str | None = None
    # For a link, the (device, inode) of the file it led to when it was listed: the file is
    # read through the link, which may have been pointed elsewhere since.
    identity: tuple[int, int] | None = None
    # The file is the page gzipped (``path`` is ``relpath`` + ".gz"): builder.gzip_pages.
    gzipped: bool = False


@dataclass(frozen=True)
class VersionListing:
    """What a version directory offers: files to read in path order, and the ones left out."""

    candidates: tuple[Candidate, ...]
    skipped: tuple[SkippedFile, ...]
    excluded_by_globs: int


def _walk(
    root: Path, built_sites: list[str], project: Path | None
) -> Iterator[tuple[str, Path, bool]]:
    """Yield (relpath, path, is_symlink) for every file below root, never following directory
    links (that is what makes symlink loops harmless), in sorted order, but for a link to a
    folder elsewhere in ``project``, whose files are listed below it (builder.linked_folders).
    A folder below root that is a site docbuild wrote is not entered; its relpath is added to
    ``built_sites``."""
    # Strings, not Paths, until a file is yielded: a rebuild lists every file of a version, and
    # pathlib's parsing was most of that listing's time.
    top = str(root)
    for directory, dirnames, filenames in os.walk(top, followlinks=False):
        prefix = directory[len(top) :].lstrip(os.sep).replace(os.sep, "/")
        for name in [d for d in dirnames if _is_built_site(os.path.join(directory, d))]:
            dirnames.remove(name)
            built_sites.append(f"{prefix}/{name}" if prefix else name)
        dirnames.sort()
        linked = sorted(d for d in dirnames if os.path.islink(os.path.join(directory, d)))
        for name in sorted(filenames) + linked:
            full = os.path.join(directory, name)
            relpath = f"{prefix}/{name}" if prefix else name
            folder = linked_folder_files(relpath, full, root, project) if name in linked else None
            if folder is not None:
                yield from folder
            else:
                yield relpath, Path(full), os.path.islink(full)


def _is_built_site(folder: str) -> bool:
    """Whether ``folder`` is a site docbuild wrote: its lookup.json, the entry point every site
    has, names the lookup format. A catalog whose docs folder is the project (``path = "."``)
    holds the build's own output folder, and its pages, llms.txt and 404 page would be read
    as docs, more of them after each build."""
    lookup = os.path.join(folder, "lookup.json")
    if os.path.islink(folder) or not os.path.isfile(lookup):
        return False
    try:
        with open(lookup, "rb") as handle:
            head = handle.read(_LOOKUP_SNIFF_BYTES)
    except OSError:
        return False
    return _LOOKUP_FORMAT_MARK in head


def _judge(
    relpath: str, path: Path, is_link: bool, root: Path, project: Path | None
) -> Candidate | SkippedFile:
    if _hidden(relpath.split("/")):
        return SkippedFile(relpath, "hidden")
    unservable = unservable_characters(relpath)
    if unservable:
        return SkippedFile(
            relpath,
            f"file name has characters a web host cannot serve ({unservable}); rename the file",
        )
    page = page_path(relpath).rpartition("/")[2]
    if len(page.encode("utf-8")) > MAX_NAME_BYTES:
        return SkippedFile(
            relpath,
            f"file name too long: its page, {len(page.encode('utf-8'))} bytes, would be over the "
            f"{MAX_NAME_BYTES} a file system takes; shorten the name",
        )
    try:
        if is_link:
            target = path.resolve(strict=True)
            refused = _link_refusal(target, root, project)
            if refused is not None:
                return SkippedFile(relpath, refused)
            if target.is_dir():
                return SkippedFile(relpath, "symlinked directory (not followed)")
            # The file judged, not wherever the link leads by now.
            status = os.stat(target, follow_symlinks=False)
        else:
            status = path.stat()
    except (OSError, RuntimeError) as exc:
        if is_link:
            return SkippedFile(relpath, "broken symlink or symlink loop")
        if isinstance(exc, FileNotFoundError):
            return SkippedFile(relpath, "vanished during the build")
        return SkippedFile(relpath, f"unreadable ({exc})")
    reason = _not_regular(status.st_mode)
    if reason is not None:
        return SkippedFile(relpath, reason)
    identity = (status.st_dev, status.st_ino) if is_link else None
    return Candidate(relpath, path, identity=identity)


def _link_refusal(target: Path, root: Path, project: Path | None) -> str | None:
    """Why a link to ``target`` is not read, or None when it is. A link inside the docs folder
    (``root``) is read unless it leads into a hidden file: a docs folder that is a clone's root
    holds .git/config, which can hold the clone's credentials. A link out of the docs is read
    only when it leads to a page elsewhere in ``project`` (MkDocs projects link the
    repository's README.md or CHANGELOG.md into docs/, and MkDocs renders it), or to a file
    with no suffix there (a ChangeLog), outside its hidden folders, as an include of it would
    be (builder.includes)."""
    if target.is_relative_to(root):
        inside = target.relative_to(root)
    elif project is not None and target.is_relative_to(project):
        inside = target.relative_to(project)
        # A file with no suffix is the page the link's name says it is, as Sphinx reads it
        # (python-semanticversion's docs/changelog.rst -> ../ChangeLog, credits.rst ->
        # ../CREDITS); one with another suffix is not a page (the catalog).
        if target.suffix and target.suffix.lower() not in SUPPORTED_SUFFIXES:
            return "symlink out of the docs to a file that is not a page"
    else:
        return "symlink leaving the root"
    if _hidden(inside.parts):
        return "symlink to a hidden file"
    return None


def _in_packaging_metadata(relpath: str) -> bool:
    return "-info/" in relpath and any(
        folder.endswith(_PACKAGING_METADATA) for folder in relpath.split("/")[:-1]
    )


def _hidden(parts: Iterable[str]) -> bool:
    """Whether a path of these parts is in a hidden folder or names a hidden file: version
    control (.git/config may hold credentials), the build cache, editors' files."""
    return any(part.startswith(".") for part in parts)


def _not_regular(mode: int) -> str | None:
    """Why a file of this mode cannot be read as a source, or None for a regular file.

    Opening a FIFO waits for a writer and a device may never end, so only regular files
    are ever opened.
    """
    if stat.S_ISREG(mode):
        return None
    for is_kind, kind in (
        (stat.S_ISFIFO, "a FIFO"),
        (stat.S_ISSOCK, "a socket"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
    ):
        if is_kind(mode):
            return f"not a regular file ({kind})"
    return "not a regular file"


def list_version_files(
    root: Path, include: GlobSet, exclude: GlobSet, project: Path | None = None
) -> VersionListing:
    """List the supported files below ``root`` that the globs admit, without reading them.
    A symlink may lead out of ``root`` to a page elsewhere in ``project`` (its include root).

    A file that cannot be used is skipped with a reason, never fatal; only an unreadable
    root is an error, because then the whole version would silently be empty.
    """
    try:
        root = root.resolve(strict=True)
    except OSError as exc:
        raise SourceError(f"{root}: cannot open the docs directory ({exc})") from exc
    project = project.resolve() if project is not None else None
    candidates: list[Candidate] = []
    skipped: list[SkippedFile] = []
    excluded = 0
    built_sites: list[str] = []
    for stored, path, is_link in _walk(root, built_sites, project):
        # A gzipped page is listed, globbed and served under its page's name; an exclude
        # pattern may also name the gzipped file itself ("*.gz").
        gzipped = gzipped_page_name(stored)
        relpath = gzipped or stored
        if (include.patterns and not include.matches(relpath)) or exclude.matches(relpath):
            excluded += 1
            continue
        if (
            Path(relpath).suffix.lower() not in SUPPORTED_SUFFIXES
            or exclude.matches(stored)
            or _in_packaging_metadata(relpath)
        ):
            excluded += 1
            continue
        if gzipped is not None and _has_plain_twin(path.with_name(Path(relpath).name)):
            skipped.append(SkippedFile(stored, f"{Path(relpath).name} is read instead"))
            continue
        judged = _judge(relpath, path, is_link, root, project)
        if gzipped is not None and isinstance(judged, Candidate):
            judged = replace(judged, gzipped=True)
        if isinstance(judged, Candidate) and len(candidates) >= MAX_FILES_PER_VERSION:
            judged = SkippedFile(
                relpath, f"over the limit of {MAX_FILES_PER_VERSION} files per version"
            )
        if isinstance(judged, Candidate):
            candidates.append(judged)
        else:
            skipped.append(judged)
    for folder in built_sites:
        if exclude.matches(f"{folder}/lookup.json"):
            excluded += 1  # the globs leave it out anyway (docbuild init's exclude "_site")
        else:
            skipped.append(
                SkippedFile(f"{folder}/", "a site docbuild built (its output folder), not docs")
            )
    candidates = _without_folders_named_as_files(candidates, skipped)
    candidates = _without_links_to_listed_pages(candidates, skipped)
    candidates.sort(key=lambda c: c.relpath)
    skipped.sort(key=lambda s: s.relpath)
    return VersionListing(tuple(candidates), tuple(skipped), excluded)


# The files a version's folder holds besides its pages (builder.pages.render_version).
_VERSION_FILES = ("index.html", "llms.txt")


def _without_links_to_listed_pages(
    candidates: list[Candidate], skipped: list[SkippedFile]
) -> list[Candidate]:
    """The candidates but the links to another of them, which would read that page twice:
    Debian's ruby-mocha-doc 1.16.1 links YARD's index.html to file.README.html (28 sections
    again); and but the first of the links to one page elsewhere in the project, each of
    which read it again. Those skipped, with the page read instead, are added to
    ``skipped``."""
    if all(c.identity is None for c in candidates):
        return candidates  # no link: no path resolved
    # os.path.realpath, not Path.resolve: a link made a loop since the listing raises there.
    files = {os.path.realpath(c.path): c.relpath for c in candidates if c.identity is None}
    kept: list[Candidate] = []
    for candidate in sorted(candidates, key=lambda c: c.relpath):
        if candidate.identity is None:
            kept.append(candidate)
            continue
        target = os.path.realpath(candidate.path)
        if target in files:
            read_at = files[target]
            skipped.append(SkippedFile(candidate.relpath, f"a link to {read_at}, read there"))
        else:
            files[target] = candidate.relpath
            kept.append(candidate)
    return kept


def _without_folders_named_as_files(
    candidates: list[Candidate], skipped: list[SkippedFile]
) -> list[Candidate]:
    """The candidates but those in a folder whose name the site gives a file: a page (folder
    ``x.html/`` beside ``x.md``) or a file of the version (``llms.txt/``). The site cannot hold
    a file and a folder of one name; those skipped are added to ``skipped``."""
    files = {page_path(c.relpath) for c in candidates}.union(_VERSION_FILES)
    kept: list[Candidate] = []
    for candidate in candidates:
        folders = candidate.relpath.split("/")[:-1]
        clash = next(
            (f for n in range(1, len(folders) + 1) if (f := "/".join(folders[:n])) in files), None
        )
        if clash is None:
            kept.append(candidate)
        else:
            skipped.append(
                SkippedFile(
                    candidate.relpath,
                    f"in folder {clash}, the name of a file of the site; rename the folder",
                )
            )
    return kept


def read_source(
    candidate: Candidate, budget: int = MAX_FILE_BYTES, *, hashed: bool = True
) -> SourceFile | SkippedFile:
    """Read one listed file as text (a PDF or Office file as bytes, for its reader), or say
    why it cannot be used. ``hashed`` False leaves its ``sha256`` empty: only the build cache
    keys on it, and a build without one need not hash every source."""
    if candidate.text is not None:
        utf8 = candidate.text.encode("utf-8")
        digest = hashlib.sha256(utf8).hexdigest() if hashed else ""
        return SourceFile(candidate.relpath, candidate.text, digest, utf8=utf8)
    data, reason = _read_bytes(candidate.path, budget, candidate.identity)
    if data is None:
        return SkippedFile(candidate.relpath, reason or "unreadable")
    # The digest is of the file's bytes, as builder.source_digests keys the cache on them.
    digest = hashlib.sha256(data).hexdigest() if hashed else ""
    if candidate.gzipped:
        data, reason = gunzip_page(data, min(MAX_FILE_BYTES, budget))
        if data is None:
            return SkippedFile(candidate.relpath + candidate.path.suffix, reason or "unreadable")
    if Path(candidate.relpath).suffix.lower() in OFFICE_SUFFIXES:
        return SourceFile(candidate.relpath, "", digest, data)
    sniffed = data[:BINARY_SNIFF_BYTES]
    if sniffed.count(b"\x00") > len(sniffed) // 1024 * MAX_NULS_PER_KIB_OF_TEXT:
        return SkippedFile(candidate.relpath, "binary")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        if b"\x00" in sniffed:
            return SkippedFile(candidate.relpath, "binary")
        return SkippedFile(candidate.relpath, f"not UTF-8 (invalid byte at offset {exc.start})")
    if b"\x00" in data:
        text = text.replace("\x00", "\ufffd")
        data = text.encode("utf-8")
    if not text or text.isspace():  # not text.strip(), which copies the file
        return SkippedFile(candidate.relpath, "empty")
    # Looking for the two-character "\r\n" scans several times slower than for "\r" alone.
    if "\r" not in text:
        # The text's UTF-8 is the file's bytes without a byte order mark.
        utf8 = data.removeprefix(codecs.BOM_UTF8)
        return SourceFile(candidate.relpath, text, digest, utf8=utf8)
    return SourceFile(candidate.relpath, text.replace("\r\n", "\n").replace("\r", "\n"), digest)


def _has_plain_twin(twin: Path) -> bool:
    """Whether the uncompressed page a gzipped one holds is there too (and is read instead);
    a folder of that name is no page."""
    return os.path.lexists(twin) and not os.path.isdir(twin)


def read_sources(
    candidates: Iterable[Candidate], *, hashed: bool = True
) -> Iterator[tuple[Candidate, SourceFile | SkippedFile]]:
    """Each candidate read by :func:`read_source`, all of them within MAX_VERSION_BYTES as the
    compile stage reads them: a gzipped page holds up to MAX_FILE_BYTES in a few KB, so a
    reading that kept every text (the toctree order, the reference scan) held 16 MB per tiny
    file (20 files of 24 KB: 373 MB resident)."""
    remaining = MAX_VERSION_BYTES
    for candidate in candidates:
        source = read_source(candidate, remaining, hashed=hashed)
        if isinstance(source, SourceFile):
            remaining -= source.size
        yield candidate, source


def open_regular(path: Path, identity: tuple[int, int] | None = None) -> BinaryIO | str:
    """Open ``path`` for reading, or say why not: only a regular file is opened, and with an
    ``identity``, only when it is still the file the listing judged. Never waits: a FIFO
    swapped in since the listing must not make open() wait for a writer (O_NONBLOCK), and
    fstat then tells what was really opened."""
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        return "vanished during the build"
    except OSError as exc:
        return f"unreadable ({exc.strerror})"
    # fstat before fdopen: fdopen of a folder raises IsADirectoryError.
    try:
        opened = os.fstat(descriptor)
    except OSError as exc:
        os.close(descriptor)
        return f"unreadable ({exc.strerror})"
    reason = _not_regular(opened.st_mode)
    if reason is None and identity is not None and (opened.st_dev, opened.st_ino) != identity:
        reason = "symlink pointed elsewhere during the build"
    if reason is not None:
        os.close(descriptor)
        return reason
    return os.fdopen(descriptor, "rb")


def _read_bytes(
    path: Path, budget: int, identity: tuple[int, int] | None = None
) -> tuple[bytes | None, str | None]:
    """Return (the file's bytes, None) or (None, the reason it cannot be read); with an
    ``identity``, only when the file opened is still the one the listing judged."""
    opened = open_regular(path, identity)
    if isinstance(opened, str):
        return None, opened
    try:
        with opened as handle:
            size = os.fstat(handle.fileno()).st_size
            if size > min(MAX_FILE_BYTES, budget):
                limit = MAX_FILE_BYTES if size > MAX_FILE_BYTES else budget
                return None, f"too big ({size / 1e6:.1f} MB, limit {limit / 1e6:.0f} MB)"
            # Never read(cap): that allocates the whole cap up front, per file.
            data = handle.read(min(size, MAX_FILE_BYTES) + 1)
    except OSError as exc:
        return None, f"unreadable ({exc.strerror})"
    return data, None
