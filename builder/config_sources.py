"""The catalog keys that take a version's docs from somewhere other than a folder on disk:
a version's ``git`` and ``archive``, and a library's ``versions_from_git``.

Each parser reports problems through ``add(where, message)`` (the catalog's collector, so the
user sees every problem at once) and returns None for a value it could not use.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from builder.archive_source import ArchiveProblem, ArchiveSource, check_archive
from builder.git_source import GitProblem, GitSource, find_git_dir, list_tags, resolve_git_source
from builder.problems import unknown_key
from schemas.versions import InvalidVersion, parse_version, sort_newest_first

DEFAULT_GIT_DOCS_FOLDER = "docs"
DEFAULT_TAG_PATTERN = "v*"
# Keys of versions_from_git handed on to every version it makes.
VERSION_SETTINGS = ("include", "exclude", "url_template", "project", "api")

_URL = re.compile(r"^[a-z][a-z0-9+.-]*://|^[\w.-]+@[\w.-]+:", re.IGNORECASE)

Report = Callable[[str, str], None]


def _string(table: dict[str, Any], key: str, where: str, add: Report) -> str | None:
    value = table.get(key)
    if value is not None and not isinstance(value, str):
        add(f"{where}.{key}", f"must be a string, not {type(value).__name__}")
        return None
    return value


def _unknown_keys(table: dict[str, Any], known: tuple[str, ...], where: str, add: Report) -> None:
    for key in table:
        if key not in known:
            add(where, unknown_key(key, known))


def _git_dir(repo: str, root: Path) -> Path:
    if _URL.match(repo):
        raise GitProblem(
            f"repo {repo!r} is a URL; clone it (git clone --bare) and give the clone's path"
        )
    folder = root / repo
    if not folder.is_dir():
        raise GitProblem(
            f"repo {repo!r} is not a directory (paths are relative to the catalog's folder, "
            f"{root.resolve()})"
        )
    return find_git_dir(folder)


def parse_git(value: Any, where: str, root: Path, add: Report) -> GitSource | None:
    """``git = { repo = "..", ref = "v2.1.0", path = "docs" }`` on a version."""
    where = f"{where}.git"
    if not isinstance(value, dict):
        add(where, f"must be a table like {{ repo = '..', ref = 'v1.0.0' }}, not {value!r}")
        return None
    _unknown_keys(value, ("repo", "ref", "path"), where, add)
    repo, ref = _string(value, "repo", where, add), _string(value, "ref", where, add)
    path = _string(value, "path", where, add)
    for key, given in (("repo", repo), ("ref", ref)):
        if not given:
            add(where, f"missing {key}")
    if not repo or not ref:
        return None
    try:
        return resolve_git_source(
            repo, _git_dir(repo, root), ref, DEFAULT_GIT_DOCS_FOLDER if path is None else path
        )
    except GitProblem as exc:
        add(where, str(exc))
        return None


def parse_archive(value: Any, where: str, root: Path, add: Report) -> ArchiveSource | None:
    """``archive = "pkg-1.2.0.tar.gz"`` or ``archive = { file = "..", path = "doc" }``."""
    where = f"{where}.archive"
    if isinstance(value, dict):
        _unknown_keys(value, ("file", "path"), where, add)
        file, path = _string(value, "file", where, add), _string(value, "path", where, add)
    elif isinstance(value, str):
        file, path = value, None
    else:
        add(where, f"must be a file name or a table {{ file = '..', path = '..' }}, not {value!r}")
        return None
    if not file:
        add(where, "missing file")
        return None
    try:
        return check_archive(file, root / file, path)
    except ArchiveProblem as exc:
        add(where, str(exc))
        return None


# How many of a repository's tags an error names.
_TAGS_SHOWN = 5


def _tags_of(git_dir: Path) -> str:
    """The repository's tags, newest versions first, for an error that matched none."""
    tags = list_tags(git_dir, "*")
    if not tags:
        return "the repository has no tags (git fetch --tags brings a clone's)"
    by_version = {}
    for tag in tags:
        version = tag[1:] if tag[:1] in ("v", "V") else tag
        try:
            parse_version(version)
        except InvalidVersion:
            continue
        by_version[version] = tag
    ordered = [by_version[v] for v in sort_newest_first(list(by_version))]
    shown = [*ordered, *(tag for tag in tags if tag not in ordered)][:_TAGS_SHOWN]
    more = f" and {len(tags) - len(shown)} more" if len(tags) > len(shown) else ""
    return f"its tags: {', '.join(shown)}{more}"


def expand_versions_from_git(
    value: Any, where: str, root: Path, add: Report, warn: Report
) -> list[dict[str, Any]]:
    """``versions_from_git = { repo, tags = "v*", path, limit }``: one version table per tag
    that is a version (``v2.1.0`` gives ``2.1.0``), newest first, at most ``limit``."""
    where = f"{where}.versions_from_git"
    if not isinstance(value, dict):
        add(where, f"must be a table like {{ repo = '..', tags = 'v*' }}, not {value!r}")
        return []
    _unknown_keys(value, ("repo", "tags", "path", "limit", *VERSION_SETTINGS), where, add)
    repo = _string(value, "repo", where, add)
    pattern = _string(value, "tags", where, add) or DEFAULT_TAG_PATTERN
    limit = value.get("limit")
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 1):
        add(f"{where}.limit", f"must be a whole number of at least 1, not {limit!r}")
        return []
    if not repo:
        add(where, "missing repo")
        return []
    try:
        git_dir = _git_dir(repo, root)
        tags = list_tags(git_dir, pattern)
    except GitProblem as exc:
        add(where, str(exc))
        return []
    by_version: dict[str, str] = {}
    for tag in tags:
        version = tag[1:] if tag[:1] in ("v", "V") else tag
        try:
            parse_version(version)
        except InvalidVersion:
            warn(where, f"tag {tag!r} is not a version; skipped")
            continue
        by_version[version] = tag
    if not by_version:
        # The README's example says tags = "v*"; a project that tags "3.23.1" needs
        # "[0-9]*": naming the tags there are says which.
        add(where, f"no tag of {repo!r} matching {pattern!r} is a version; {_tags_of(git_dir)}")
    newest = sort_newest_first(list(by_version))[:limit]
    settings = {key: value[key] for key in VERSION_SETTINGS if key in value}
    git = {"repo": repo, **({"path": value["path"]} if "path" in value else {})}
    return [
        {"version": version, "git": {**git, "ref": by_version[version]}, **settings}
        for version in newest
    ]
