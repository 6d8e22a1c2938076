"""Read the files a page includes, inside its project only, and remember what each one held.

reST's ``include`` and ``literalinclude``, MyST's ``{include}`` and pymdownx's ``--8<--``
snippets pull text from other files into a page: a changelog that lives at the repository's
root, an example script, a README. Sphinx and MkDocs render that text on the page, so a reader
of the index must find it there too. The parsers stay free of I/O: they ask an
``IncludeReader``, which resolves a path the way the tool would, refuses anything outside the
project (a page must not publish ``/etc/passwd`` or a sibling checkout), and records the sha256
of every file it looked for, found or not, which is what the build cache keys the page on.
"""

from __future__ import annotations

import hashlib
import os
import stat
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from builder.sources import BINARY_SNIFF_BYTES, MAX_FILE_BYTES, open_regular

# Includes nest (an included file may include others); real projects stop at two or three,
# and the limit keeps an include cycle from recursing.
MAX_INCLUDE_DEPTH = 8
# What a file the reader looked for and did not find is recorded as, so that creating it
# later changes the page's key.
MISSING = "missing"
# What is recorded in place of a sha256 for a file that is there but not read: it leads out
# of the project, it is not a regular file, or it is bigger than any page may be.
OUTSIDE = "outside"
UNREADABLE = "not a regular file"
TOO_BIG = "too big"
_REFUSALS = {
    MISSING: "was not found",
    OUTSIDE: "leads outside the project",
    UNREADABLE: "could not be read",
    TOO_BIG: f"is bigger than {MAX_FILE_BYTES} bytes",
}
# A project's root is the nearest folder at or above the docs holding one of these.
# Not mkdocs.yml: FastAPI keeps one per language in docs/<lang>/, below the repository whose
# docs_src/ its pages include.
_PROJECT_MARKERS = (
    ".git", "pyproject.toml", "setup.py", "setup.cfg", "package.json", "tox.ini", "Cargo.toml",
)  # fmt: skip
# The names of a folder that holds a project's docs, whose own pyproject.toml is the docs'.
_DOCS_FOLDER_NAMES = frozenset({"docs", "doc", "documentation"})
# Version control metadata: a clone's .git/config can hold the builder's credentials, so no
# file in these folders is read, whatever names it.
_PRIVATE_FOLDERS = frozenset({".git", ".hg", ".svn"})
# How far above the docs folder a project root is looked for.
_MARKER_SEARCH_LEVELS = 3
# The most names a folder listing gives (reno's notes folder, a note per change): more are
# left out, in name order.
MAX_FOLDER_NAMES = 5000


class IncludeRefused(Exception):
    """An include that is not read, and why, in words for the build report."""


@dataclass(frozen=True)
class IncludeRoot:
    """Where one version's includes are read from.

    ``docs`` is the folder page paths are relative to; no file outside ``root`` is read;
    ``snippets`` are where ``--8<--`` paths start, the first holding the file wins: the
    folders (or single files) pymdownx's ``base_path`` names, else the folder MkDocs runs in
    (its config file's), else the project's root, where the tools are run from.
    """

    docs: Path
    root: Path
    snippets: tuple[Path, ...]

    def key(self) -> tuple[str, tuple[str, ...]]:
        """What of it changes a page's sections, for the build cache: where the docs and the
        snippets are in the project. Not the root's own path, which for a version read from
        git is a new scratch folder each build; what the files hold is keyed on apart."""
        return (
            self.docs.relative_to(self.root).as_posix(),
            tuple(folder.relative_to(self.root).as_posix() for folder in self.snippets),
        )


def include_root(
    docs: Path,
    code_root: Path | None,
    config_folder: Path | None,
    snippet_base: tuple[str, ...] = (),
    bound: Path | None = None,
) -> IncludeRoot:
    """The include root of a version whose pages are in ``docs``: the tree a git or archive
    version was extracted to, else the nearest folder at or a few levels above the docs (or
    above the folder their tool's config is in, when that holds them) that looks like a
    project's root, else the folder holding the docs (``docs/../CHANGES.rst`` is
    the usual include, and that folder is where the version's code is looked for too); not
    a folder the docs' own tools mark (a docs/pyproject.toml, a docs folder's package.json)
    when a folder above looks like a project's root. Never above ``bound`` (the catalog's
    folder; by default the folder holding the docs): a package.json or a dotfiles .git in a
    home folder must not make the home folder the project."""
    docs = docs.resolve()
    if code_root is not None:
        root = code_root.resolve()
    else:
        top = (bound or docs.parent).resolve()
        if not docs.is_relative_to(top):
            top = docs.parent
        # The folder the docs tool runs in (mkdocs.yml's) is in the project, whatever marks
        # the docs below it (polars' docs/source/pyproject.toml, for the docs' own tools).
        runs = config_folder.resolve() if config_folder is not None else docs
        start = runs if docs.is_relative_to(runs) and runs.is_relative_to(top) else docs
        inside = [folder for folder in _ancestors(start) if folder.is_relative_to(top)]
        marked = [folder for folder in inside if _has_marker(folder)]
        if len(marked) > 1 and _docs_tools_only(marked[0], docs):
            marked.pop(0)
        fallback = docs.parent if docs.parent.is_relative_to(top) else top
        root = marked[0] if marked else fallback
    runs_in = (config_folder or root).resolve()
    if not runs_in.is_relative_to(root):
        runs_in = root
    # A base_path folder outside the project is left out: nothing there may be read.
    based = (Path(os.path.normpath(runs_in / folder)) for folder in snippet_base)
    snippets = tuple(folder for folder in based if folder.is_relative_to(root))
    return IncludeRoot(docs=docs, root=root, snippets=snippets or (runs_in,))


def _ancestors(folder: Path) -> Iterable[Path]:
    yield folder
    yield from list(folder.parents)[:_MARKER_SEARCH_LEVELS]


def _has_marker(folder: Path) -> bool:
    return any((folder / marker).exists() for marker in _PROJECT_MARKERS)


def _docs_tools_only(folder: Path, docs: Path) -> bool:
    """Whether ``folder``'s marks are those of the docs' own tools, so that the project is the
    marked folder above it: a package.json that is the docs folder's only mark builds the
    site (h3's and Vite's docs/, for undocs or VitePress); a pyproject.toml in a folder named
    as docs folders are installs their tools (netaddr's docs/pyproject.toml, Sphinx and its
    theme, above docs/source, whose pages include ../../CHANGELOG.rst)."""
    marks = [marker for marker in _PROJECT_MARKERS if (folder / marker).exists()]
    if marks == ["package.json"] and folder == docs:
        return True
    named_as_docs = folder.name.lower() in _DOCS_FOLDER_NAMES
    return named_as_docs and bool(marks) and set(marks) <= {"package.json", "pyproject.toml"}


@dataclass(frozen=True)
class IncludedText:
    """One included file's text, and its path relative to the docs folder (as a page names
    it in warnings: ``../CHANGES.rst``)."""

    path: str
    text: str


@dataclass
class IncludeReader:
    """Reads the files one page includes; ``looked_for`` maps each file's path relative to the
    include root to its sha256 (``MISSING`` when it was not there)."""

    where: IncludeRoot
    looked_for: dict[str, str] = field(default_factory=dict)
    bytes_read: int = 0

    def read(
        self, page: str, target: str, *, snippet: bool = False, included_by: str = ""
    ) -> IncludedText:
        """The text of ``target`` as the file ``page`` (relative to the docs folder) includes
        it: relative to that file's folder, or to the docs folder when it starts with ``/``
        (Sphinx's rule), or to the snippets folder for a ``--8<--`` snippet. Named in a file
        the page includes (``included_by``), a relative path is looked for from the page's
        folder first, as Sphinx does, then from that file's folder, as docutils does."""
        target = target.strip()
        if not target or "\0" in target:
            raise IncludeRefused("no file named")
        if target.startswith("<") and target.endswith(">"):
            raise IncludeRefused(f"{target} is one of docutils' own files, not the project's")
        if snippet:
            paths = [_snippet_path(base, target) for base in self.where.snippets]
        elif target.startswith("/"):
            paths = [self.where.docs / target.lstrip("/")]
        else:
            folders = [page, *([included_by] if included_by else [])]
            paths = [self.where.docs / PurePosixPath(name).parent / target for name in folders]
        for path in paths[:-1]:
            try:
                return self._read(Path(os.path.normpath(path)), target)
            except IncludeRefused:
                if self._was_there(Path(os.path.normpath(path))):
                    raise
        return self._read(Path(os.path.normpath(paths[-1])), target)

    def read_in_project(self, relpath: str) -> IncludedText:
        """The text of the file at ``relpath`` from the project's root (reno's notes and
        config live there, whichever page names them)."""
        path = Path(os.path.normpath(self.where.root / relpath))
        return self._read(path, relpath)

    def names_in(self, relpath: str) -> tuple[str, ...]:
        """The names of the regular files in the folder at ``relpath`` from the project's root,
        sorted, at most ``MAX_FOLDER_NAMES``; empty when there is no such folder inside the
        project. The listing is recorded (``relpath`` and a slash) as a file's sha256 is, so a
        file added there or removed changes the page's key."""
        folder = Path(os.path.normpath(self.where.root / relpath))
        key = (
            folder.relative_to(self.where.root).as_posix() + "/"
            if _inside(folder, self.where.root)
            else ""
        )
        if not key:
            return ()
        names = _folder_names(folder, self.where.root)
        self.looked_for[key] = _listing_digest(names)
        return names

    def _was_there(self, path: Path) -> bool:
        """Whether a refused path held something (then the refusal stands)."""
        if not path.is_relative_to(self.where.root):
            return False
        return self.looked_for.get(path.relative_to(self.where.root).as_posix()) != MISSING

    def _read(self, path: Path, target: str) -> IncludedText:
        root = self.where.root
        if not path.is_relative_to(root):
            raise IncludeRefused(f"{target} is outside the project ({root})")
        if _is_private(path, root):
            raise IncludeRefused(f"{target} is version control metadata, not the project's")
        # Keyed on the path as named, not where it leads: a link pointed elsewhere changes it.
        key = path.relative_to(root).as_posix()
        found = _look_up(path, root)
        self.looked_for[key] = found.digest
        if found.data is None or found.resolved is None:
            raise IncludeRefused(f"{target} {_REFUSALS[found.digest]}")
        if b"\x00" in found.data[:BINARY_SNIFF_BYTES]:  # as a source file is told binary
            raise IncludeRefused(f"{target} is binary, not text")
        if self.bytes_read + len(found.data) > MAX_FILE_BYTES:
            raise IncludeRefused(f"{target} would take the page past {MAX_FILE_BYTES} bytes")
        self.bytes_read += len(found.data)
        text = found.data.decode("utf-8", "replace").removeprefix("\ufeff")
        shown = Path(os.path.relpath(found.resolved, self.where.docs)).as_posix()
        return IncludedText(path=shown, text=text.replace("\r\n", "\n").replace("\r", "\n"))

    def digests(self) -> tuple[tuple[str, str], ...]:
        """What the page read, sorted: the part of its cache key its includes decide."""
        return tuple(sorted(self.looked_for.items()))


def _snippet_path(base: Path, target: str) -> Path:
    """Where a ``--8<--`` snippet named ``target`` is looked for in one of pymdownx's
    ``base_path`` entries: inside it, or, when the entry is a file (pymdown-extensions and
    soupsieve name ``LICENSE.md`` there), that file, which only its own name includes."""
    if base.is_file() and Path(os.path.normpath(base.parent / target)) == base:
        return base
    return base / target.lstrip("/")


def current_digests(where: IncludeRoot, paths: Iterable[str]) -> tuple[tuple[str, str], ...]:
    """The sha256 each of ``paths`` (relative to the include root) has now, ``MISSING`` for
    one that is gone (or what else a page would find there in its place, without reading
    more): compared with what a page read when the cache kept it."""
    return tuple((relpath, _now(where.root, relpath)) for relpath in sorted(set(paths)))


def _now(root: Path, relpath: str) -> str:
    if relpath.endswith("/"):  # a folder's listing (IncludeReader.names_in)
        return _listing_digest(_folder_names(root / relpath, root))
    return _look_up(root / relpath, root).digest


def _inside(path: Path, root: Path) -> bool:
    return path.is_relative_to(root) and not _is_private(path, root)


def _folder_names(folder: Path, root: Path) -> tuple[str, ...]:
    """The regular files' names in ``folder`` (a link to one included), sorted, at most
    ``MAX_FOLDER_NAMES``; empty when it is not a folder inside ``root``."""
    try:
        resolved = folder.resolve(strict=True)
        if not _inside(resolved, root) or not resolved.is_dir():
            return ()
        names = sorted(entry.name for entry in os.scandir(resolved) if entry.is_file())
    except (OSError, RuntimeError, ValueError):  # ValueError: a NUL in the name
        return ()
    return tuple(names[:MAX_FOLDER_NAMES])


def _listing_digest(names: tuple[str, ...]) -> str:
    return hashlib.sha256("\0".join(names).encode("utf-8", "surrogateescape")).hexdigest()


class IncludedNow:
    """Whether the files kept pages included still hold what they held then, each file looked
    up once a build however many pages include it (pymdownx's ``auto_append`` puts one file
    on every page)."""

    def __init__(self, where: IncludeRoot | None) -> None:
        self._where = where
        self._digests: dict[str, str] = {}

    def unchanged(self, recorded: object) -> bool:
        """``recorded`` is a kept ``[[path, sha256], ...]``; nothing recorded is unchanged."""
        if not recorded:
            return True
        if self._where is None or not isinstance(recorded, list):
            return False
        pairs = [(str(path), str(digest)) for path, digest in recorded]
        unseen = [path for path, _ in pairs if path not in self._digests]
        if unseen:
            self._digests.update(current_digests(self._where, unseen))
        return all(self._digests[path] == digest for path, digest in pairs)


@dataclass(frozen=True)
class _Found:
    """What a page finds at a path: the file's sha256, its bytes and where it leads, or a
    refusal (``MISSING``, ``OUTSIDE``, ``TOO_BIG``) in place of the sha256 and no bytes."""

    digest: str
    data: bytes | None = None
    resolved: Path | None = None


def _look_up(path: Path, root: Path) -> _Found:
    """The file at ``path``, read only when it is a regular file inside ``root`` and small
    enough: a FIFO would block the build, a device or a huge file would never end."""
    try:
        resolved = path.resolve(strict=True)
        if not resolved.is_relative_to(root) or _is_private(resolved, root):
            return _Found(OUTSIDE)
        status = resolved.stat()
        if not stat.S_ISREG(status.st_mode):
            return _Found(UNREADABLE)
        if status.st_size > MAX_FILE_BYTES:
            return _Found(TOO_BIG)
        # Opened as the file just judged, never waiting: one swapped for a FIFO since is refused.
        opened = open_regular(resolved, (status.st_dev, status.st_ino))
        if isinstance(opened, str):
            return _Found(UNREADABLE)
        with opened as file:
            data = file.read(MAX_FILE_BYTES + 1)  # the file may have grown since
    except (OSError, RuntimeError, ValueError):  # ValueError: a NUL in the name
        return _Found(MISSING)
    if len(data) > MAX_FILE_BYTES:
        return _Found(TOO_BIG)
    return _Found(hashlib.sha256(data).hexdigest(), data, resolved)


def _is_private(path: Path, root: Path) -> bool:
    return not _PRIVATE_FOLDERS.isdisjoint(path.relative_to(root).parts)
