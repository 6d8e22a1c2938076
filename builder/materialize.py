"""Turn a version taken from git or from an archive into a docs directory, in a private
temporary folder that exists only while the version is compiled.

The directory pipeline then reads it like any other, and the build cache, keyed by file
content, makes an unchanged tag or archive cost an extraction and a hash per file, no parsing.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

from builder.archive_source import archive_sha256, extract_archive, locate_docs
from builder.config import VersionConfig
from builder.errors import SourceError
from builder.extract import Extracted, remove_tree
from builder.git_source import extract_commit
from builder.model import Warning_


@dataclass(frozen=True)
class MaterializedVersion:
    """A version ready for the directory pipeline: ``version.directory`` is its docs folder and
    ``version.code_root`` the root of its tree (a later stage looks for ``src/<pkg>`` there)."""

    version: VersionConfig
    origin: str  # "git" or "archive"
    description: str  # where it came from, for the report
    warnings: tuple[Warning_, ...]


@contextmanager
def materialize(
    version: VersionConfig, where: str, work_dir: Path
) -> Iterator[MaterializedVersion]:
    """Extract ``version``'s tree below ``work_dir``; the folder is removed on leaving, also on
    failure. Errors name the version (``where``)."""
    folder = Path(tempfile.mkdtemp(prefix="source-", dir=work_dir))
    try:
        try:
            materialized = _extract(version, where, folder)
        except SourceError as exc:
            raise type(exc)(f"{where}: {exc}") from exc
        yield materialized
    finally:
        remove_tree(folder)


def _extract(version: VersionConfig, where: str, folder: Path) -> MaterializedVersion:
    if version.git is not None:
        source = version.git
        extracted = extract_commit(source, folder / "tree")
        code_root = folder / "tree"
        docs = code_root / source.path if source.path else code_root
        if not docs.is_dir():  # checked when the catalog was loaded; git says otherwise now
            raise SourceError(f"{source.repo}@{source.ref} has no folder {source.path!r}")
        return MaterializedVersion(
            replace(version, directory=docs, code_root=code_root),
            "git",
            source.describe(),
            _skipped_warnings(extracted, where),
        )
    if version.archive is not None:
        archive = version.archive
        digest = archive_sha256(archive.file)
        extracted = extract_archive(archive, folder / "archive")
        code_root, docs = locate_docs(folder / "archive", archive)
        return MaterializedVersion(
            replace(version, directory=docs, code_root=code_root),
            "archive",
            f"archive {archive.label} (sha256 {digest[:12]})",
            _skipped_warnings(extracted, where),
        )
    raise ValueError("materialize needs a version taken from git or an archive")


def _skipped_warnings(extracted: Extracted, where: str) -> tuple[Warning_, ...]:
    return tuple(Warning_(where, f"member {name} skipped") for name in extracted.skipped)
