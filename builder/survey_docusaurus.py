"""What ``docbuild init`` offers of a Docusaurus site (builder.survey): its newest released
versions (``versioned_docs/version-X``) and its other docs plugin instances (an API reference
beside the guide), each a library of its own with its versions."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from builder.projects.docusaurus import (
    VERSIONED_DOCS,
    docs_instances,
    find_docusaurus,
    site_versions,
)
from builder.projects.docusaurus_current import current_release_label
from builder.projects.gen_files import inside_folder
from builder.survey_git import MAX_TAGGED_VERSIONS
from schemas.versions import is_version


@dataclass(frozen=True)
class DocsInstanceSurvey:
    """Another docs plugin instance of a Docusaurus site: its id, its current docs folder and
    its released versions (version, folder), newest first."""

    id: str
    docs: str
    versioned: tuple[tuple[str, str], ...]


def other_instances(root: Path, docs: str, version: str) -> tuple[DocsInstanceSurvey, ...]:
    """The site's other docs plugin instances whose folder is there (Haystack's API
    reference), each with its released versions."""
    found = find_docusaurus(root / docs)
    if found is None:
        return ()
    site = found.config.parent
    return tuple(
        DocsInstanceSurvey(
            instance.id,
            (site / instance.path).relative_to(root).as_posix(),
            versioned_docs(root, docs, version, instance.id),
        )
        for instance in docs_instances(found.config)
        if (site / instance.path).is_dir() and inside_folder(site / instance.path, root)
    )


# A release line named by the version its releases share: Detox's "20.x" and "19.x",
# Sequelize's "6.x.x".
_RELEASE_LINE = re.compile(r"(v?\d+(?:\.\d+)*)(?:\.x)+")


def versioned_docs(
    root: Path, docs: str, version: str, instance: str = ""
) -> tuple[tuple[str, str], ...]:
    """The newest MAX_TAGGED_VERSIONS released versions of the Docusaurus site whose docs are
    ``docs`` (of its docs plugin ``instance``, when another's); a release line ("20.x") is the
    version it names ("20"), and a version named by no version number (prettier's "stable")
    is the project's own version when that is known and not listed. When the docs plugin's
    ``lastVersion`` is ``'current'``, the docs folder is the newest, named by its label."""
    found = find_docusaurus(root / docs)
    if found is None:
        return ()
    site = found.config.parent
    folders = f"{instance}_{VERSIONED_DOCS}" if instance else VERSIONED_DOCS
    listed = site_versions(site, instance)
    named = [
        (name, (site / folders / f"version-{name}").relative_to(root).as_posix())
        for name in listed[:MAX_TAGGED_VERSIONS]
    ]
    label = current_release_label(found.config, instance) if listed else None
    if label is not None:
        named.insert(0, (label, _current_folder(root, docs, found.config, instance)))
    chosen: list[tuple[str, str]] = []
    for name, folder in named:
        line = _RELEASE_LINE.fullmatch(name)
        number = name if is_version(name) else line[1] if line else version
        if is_version(number) and number not in (n for n, _ in chosen):
            chosen.append((number, folder))
    return tuple(chosen[:MAX_TAGGED_VERSIONS])


def _current_folder(root: Path, docs: str, config: Path, instance: str) -> str:
    """The current docs folder of the site's docs plugin (``instance``, when another's)."""
    site = config.parent
    for other in docs_instances(config) if instance else ():
        if other.id == instance:
            return (site / other.path).relative_to(root).as_posix()
    return docs
