"""The read stage: where a version's files are, which of them are read, and its code.

A version from git or an archive is extracted into a scratch folder for as long as the block
runs; a folder version is read where it is.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

from builder.api.locate import CodeTree, find_code
from builder.config import VersionConfig
from builder.includes import IncludeRoot, include_root
from builder.model import Warning_
from builder.projects import ProjectLayout, project_listing
from builder.sources import VersionListing


@dataclass(frozen=True)
class VersionFiles:
    """A version ready to parse: its settings (``directory`` is the docs folder), its project
    layout, the files it admits and those it leaves out, and the code its API pages read."""

    version: VersionConfig
    layout: ProjectLayout
    listing: VersionListing
    code: CodeTree | None
    origin: str  # "directory", "git" or "archive"
    description: str  # where the files came from, for the report
    warnings: tuple[Warning_, ...] = ()
    includes: IncludeRoot | None = None  # where the files its pages include are

    @property
    def extracted(self) -> tuple[str, Path] | None:
        """("git" or "archive", the scratch folder its tree is extracted to, gone after the
        build), or None for a version read from its folder."""
        code_root = self.version.code_root
        return None if code_root is None else (self.origin, code_root)


@contextmanager
def read_version(library_id: str, version: VersionConfig, work_dir: Path) -> Iterator[VersionFiles]:
    """The files of a version whose docs are in a folder, a git repository or an archive."""
    if version.git is not None or version.archive is not None:
        # Git and archive reading are imported by the versions that need them only.
        from builder.materialize import materialize

        where = f"{library_id} {version.version}"
        with materialize(version, where, work_dir) as materialized:
            yield _version_files(
                where,
                materialized.version,
                materialized.origin,
                materialized.description,
                materialized.warnings,
            )
    elif version.directory is not None:
        where = f"{library_id} {version.version}"
        yield _version_files(where, version, "directory", str(version.directory), ())
    else:
        raise ValueError("read_version needs a version with a directory, git or archive")


def _version_files(
    where: str,
    version: VersionConfig,
    origin: str,
    description: str,
    warnings: tuple[Warning_, ...],
) -> VersionFiles:
    if version.directory is None:
        raise ValueError("a materialized version has a directory")
    layout, listing = project_listing(version)
    # Said on every build, cached or not: the layout is read each time.
    warnings = (*warnings, *(Warning_(where, message) for message in layout.warnings))
    directory = layout.directory or version.directory
    version = replace(version, directory=directory)
    mkdocs_config = (
        layout.config_folder / layout.config_file
        if layout.kind == "mkdocs" and layout.config_folder and layout.config_file
        else None
    )
    includes = include_root(
        directory,
        version.code_root,
        layout.config_folder,
        layout.snippet_base,
        bound=version.catalog_folder,
    )
    code = find_code(directory, version.source_dir, version.code_root, mkdocs_config, includes.root)
    return VersionFiles(version, layout, listing, code, origin, description, warnings, includes)


def count_version_files(version: VersionConfig) -> int:
    """How many files a version will read (for a progress bar); 0 for imported volumes."""
    if version.directory is None:
        return 0
    return len(project_listing(version)[1].candidates)
