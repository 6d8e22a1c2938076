"""``docbuild init`` on a release archive (an sdist, an npm pack, a zip): the archive is
extracted into a temporary folder, its top folder surveyed as a project, and the catalog written
beside the archive, its version read from the archive itself (``archive = { file, path }``), so a
release's docs are built without unpacking anything by hand. An archive's version, and an
unpacked one's (its folder), is the one its name ends with when its metadata names none.
"""

from __future__ import annotations

import re
import tempfile
from dataclasses import replace
from pathlib import Path

from builder.archive_source import (
    TAR_SUFFIXES,
    ZIP_SUFFIXES,
    ArchiveSource,
    extract_archive,
    top_folder,
)
from builder.errors import BuildError, SourceError, UnsafeArchive
from builder.survey import ProjectSurvey, library_id_of, survey_project
from schemas.versions import InvalidVersion, parse_version

# A release archive's name ends with its version: flask-3.1.0.tar.gz, python-dateutil-2.9.0.post0.
_NAMED_VERSION = re.compile(r"-v?(\d[\w.+!-]*)$")


def _stem(name: str) -> str:
    """An archive's name without its archive suffix (``docs-1.0.tar.gz``: ``docs-1.0``)."""
    suffix = next(s for s in TAR_SUFFIXES + ZIP_SUFFIXES if name.lower().endswith(s))
    return name[: -len(suffix)] or name


def is_archive(path: Path) -> bool:
    """Whether ``path`` is a file named as an archive a catalog's ``archive`` key reads."""
    return path.is_file() and path.name.lower().endswith(TAR_SUFFIXES + ZIP_SUFFIXES)


def survey_archive(archive: Path) -> ProjectSurvey:
    """Survey the project in ``archive``'s top folder (or its root, when it has several), as
    extracted into a temporary folder that is removed afterwards; what was found names the
    archive. SourceError naming the archive and what to give instead when it cannot be
    extracted."""
    if archive.name.lower().endswith(".whl"):
        raise BuildError(
            f"{archive.name} is a wheel: it holds the code but no docs pages; give docbuild "
            "init the release's source archive (the sdist, .tar.gz) or its folder"
        )
    source = ArchiveSource(archive.name, archive, None)
    with tempfile.TemporaryDirectory(prefix="docbuild-init-") as scratch:
        # Named as the archive, so a project without metadata is named by it, not the scratch.
        destination = Path(scratch) / _stem(archive.name)
        destination.mkdir()
        try:
            extracted = extract_archive(source, destination).root
        except UnsafeArchive as error:
            raise UnsafeArchive(
                f"{archive}: {error}; docbuild reads no such archive: give init the "
                "project's folder"
            ) from error
        except SourceError as error:
            raise SourceError(
                f"{archive}: {error}; download it again, or give docbuild init the unpacked folder"
            ) from error
        top = top_folder(extracted)
        survey = survey_project(top)
        inside = f" (its top folder {top.name}/)" if top != extracted else ""
        found = (f"{archive.name}: a release archive{inside}", *survey.found)
        survey = replace(survey, found=found)
        return with_named_version(survey, "archive", _stem(archive.name), top.name)


def survey_folder(folder: Path) -> ProjectSurvey:
    """Survey the project in ``folder``; its version, when its metadata names none, is the one
    its name ends with: GitHub's archive of a tag unpacked (pdm-2.28.2/, whose pdm-backend takes
    the version from git, which an archive does not hold)."""
    return with_named_version(survey_project(folder), "folder", folder.resolve().name)


def with_named_version(survey: ProjectSurvey, what: str, *names: str) -> ProjectSurvey:
    """``survey`` with the version the first of ``names`` that ends with one gives (``what``
    says whose name it is) when its metadata gives none."""
    named = None if survey.version_known else _named_version(*names)
    if named is None:
        return survey
    found = (*survey.found, f"version {named}, from the {what}'s name (its metadata names none)")
    name = _without_version(survey.name, named)
    # A project named by its folder (no metadata) was named with the version as well:
    # id mylib-0.3.1, which the next release's catalog would not share.
    library_id = survey.library_id if name == survey.name else library_id_of(name)
    return replace(
        survey,
        found=found,
        version=named,
        version_known=True,
        name=name,
        library_id=library_id,
    )


def _without_version(name: str, version: str) -> str:
    """``name`` without the ``-version`` (or ``-vversion``) it ends with, if it does."""
    for suffix in (f"-{version}", f"-v{version}"):
        if name.endswith(suffix) and len(name) > len(suffix):
            return name[: -len(suffix)]
    return name


def _named_version(*names: str) -> str | None:
    """The version the first of ``names`` that ends with one ends with: the archive's, then its
    top folder's (GitHub's repo-1.2.0.zip of a project whose version only its tag holds)."""
    for name in names:
        match = _NAMED_VERSION.search(name)
        if match is None:
            continue
        try:
            parse_version(match.group(1))
        except InvalidVersion:
            continue
        return match.group(1)
    return None
