"""Read a version's docs (and code) from a release archive: a tar (plain, gz, bz2, xz, or an
npm pack's .tgz), a zip or a wheel.

An archive usually holds one top folder (``flask-3.1.0/``, npm's ``package/``); that folder is
the version's code root and the docs are looked for in it, at ``path`` or else ``docs/``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from builder.api.locate import modules_in, packages_in
from builder.errors import SourceError
from builder.extract import Extracted, extract_tar, extract_zip
from schemas.digests import file_sha256

TAR_SUFFIXES = (".tar", ".tar.gz", ".tgz", ".tar.bz2", ".tbz2", ".tar.xz", ".txz")
ZIP_SUFFIXES = (".zip", ".whl")
DEFAULT_DOCS_FOLDER = "docs"
# Where else a release archive keeps its docs (pathspec's sdist: doc/).
_OTHER_DOCS_FOLDERS = ("doc", "documentation", "Doc", "doc-source")
# What a zip made by macOS's Finder holds beside its top folder: each file's resource fork.
_MACOS_METADATA = "__MACOSX"
# Packages beside a release's code that its api would not name.
_NOT_CODE = frozenset(
    {"tests", "test", "testing", "examples", "docs", "doc", "benchmark", "benchmarks"}
)


class ArchiveProblem(Exception):
    """An archive the catalog names cannot be used; the message says why."""


@dataclass(frozen=True)
class ArchiveSource:
    """A release archive and the docs folder inside its top folder (None: ``docs``)."""

    label: str  # as written in the catalog, for the report
    file: Path
    path: str | None

    @property
    def is_zip(self) -> bool:
        return self.file.name.lower().endswith(ZIP_SUFFIXES)


def check_archive(label: str, file: Path, path: str | None) -> ArchiveSource:
    """Check what can be checked without reading the archive; ArchiveProblem if it is wrong."""
    if not file.name.lower().endswith(TAR_SUFFIXES + ZIP_SUFFIXES):
        raise ArchiveProblem(
            f"{label!r} is not a supported archive (use {', '.join(TAR_SUFFIXES + ZIP_SUFFIXES)})"
        )
    if not file.is_file():
        raise ArchiveProblem(
            f"archive {label!r} does not exist: no file {file.resolve()} (paths are relative "
            "to the catalog's folder)"
        )
    if path is not None:
        posix = PurePosixPath(path)
        if posix.is_absolute() or ".." in posix.parts:
            raise ArchiveProblem(f"path {path!r} must be relative to the archive's top folder")
    return ArchiveSource(label, file, path)


def archive_sha256(file: Path) -> str:
    try:
        return file_sha256(file)
    except OSError as exc:
        raise SourceError(f"cannot read {file}: {exc.strerror}") from exc


def extract_archive(source: ArchiveSource, destination: Path) -> Extracted:
    if source.is_zip:
        return extract_zip(source.file, destination)
    try:
        with source.file.open("rb") as stream:
            return extract_tar(stream, destination)
    except OSError as exc:
        raise SourceError(f"cannot read {source.file}: {exc.strerror}") from exc


def locate_docs(extracted: Path, source: ArchiveSource) -> tuple[Path, Path]:
    """(code root, docs folder) in an extracted archive; SourceError naming what is there."""
    top = top_folder(extracted)
    wanted = source.path if source.path is not None else DEFAULT_DOCS_FOLDER
    docs = top / wanted
    if not docs.is_dir() or docs.is_symlink():
        present = ", ".join(sorted(p.name for p in top.iterdir())[:10]) or "nothing"
        where = top.relative_to(extracted).as_posix()
        raise SourceError(
            f"archive {source.label!r} has no folder {wanted!r} in "
            f"{where + '/' if where != '.' else 'its root'} (it holds: {present}); "
            f"{_path_hint(top, source)}"
        )
    return top, docs


def top_folder(extracted: Path) -> Path:
    """The archive's one top folder (``flask-3.1.0/``, npm's ``package/``), else its root."""
    entries = [entry for entry in extracted.iterdir() if entry.name != _MACOS_METADATA]
    if len(entries) == 1 and entries[0].is_dir() and not entries[0].is_symlink():
        return entries[0]
    return extracted


def _path_hint(top: Path, source: ArchiveSource) -> str:
    """How to name the docs: the catalog line for a docs folder the archive holds under
    another name, or for its top when a README there is all the docs (tabulate's sdist)."""
    folder = next((name for name in _OTHER_DOCS_FOLDERS if (top / name).is_dir()), None)
    if folder is not None and (top / folder / "source" / "conf.py").is_file():
        folder += "/source"  # sphinx-quickstart's separate source folder: conf.py is there
    readme = any(child.name.lower().startswith("readme") for child in top.iterdir())
    path = folder or ("." if readme else "<its docs folder>")
    table = f"archive = {{ file = {json.dumps(source.label)}, path = {json.dumps(path)} }}"
    if folder is not None or not readme:
        return f"set archive.path to the docs folder: {table}"
    # Its README names no code: the docstrings are read only from the pages api asks for.
    names = packages_in(top / "src") or packages_in(top) or modules_in(top)
    code = [name for name in names if name not in _NOT_CODE]
    api = f", and api = {json.dumps(code[:3])} for its docstrings" if code else ""
    return (
        "set archive.path to the docs folder, or read the README and the pages beside it: "
        f"{table}{api}"
    )
