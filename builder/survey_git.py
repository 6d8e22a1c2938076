"""What git says of a project folder for ``docbuild init`` (builder.survey): the newest tags
that name versions and hold the docs, and the GitHub Pages address of its origin remote.
git is asked for tags, trees and the remote only; nothing is checked out."""

from __future__ import annotations

import os
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

from schemas.versions import is_version, sort_newest_first

# Newest version tags a starter catalog builds; more make the first build slow for little use.
MAX_TAGGED_VERSIONS = 3
_GITHUB_REMOTE = re.compile(r"github\.com[:/]([\w.-]+)/([\w.-]+?)(?:\.git)?/?$")


@dataclass(frozen=True)
class VersionTags:
    """Git tags that name versions: the glob that picks them, and how many of the newest
    hold the docs folder (only those are built)."""

    pattern: str
    newest: tuple[str, ...]  # tag names, newest first, each holding the docs folder


def _environment() -> dict[str, str]:
    # git reads GIT_DIR and friends from the environment; init must ask about this folder.
    return {key: value for key, value in os.environ.items() if not key.startswith("GIT_")}


def _git(root: Path, *args: str) -> str | None:
    try:
        result = subprocess.run(
            ["git", *args],
            cwd=root,
            env=_environment(),
            capture_output=True,
            # A tag or remote git stores as bytes that are not UTF-8 must not stop init: such
            # a name reads with U+FFFD in it, and is no version.
            encoding="utf-8",
            errors="replace",
            check=False,
        )
    except FileNotFoundError:
        return None
    return result.stdout if result.returncode == 0 else None


def version_tags(root: Path, docs: str) -> VersionTags | None:
    """The newest version tags (up to MAX_TAGGED_VERSIONS, stopping at the first that lacks
    the docs folder) when ``root`` is the top of a git repository that has any."""
    top = _git(root, "rev-parse", "--show-toplevel")
    if top is None or Path(top.strip()).resolve() != root.resolve():
        return None
    listing = _git(root, "for-each-ref", "--format=%(refname:strip=2)", "refs/tags/") or ""
    versions: dict[str, str] = {}
    for tag in listing.split():
        version = tag[1:] if tag[:1] in ("v", "V") else tag
        if is_version(version) and version[:1].isdigit():
            versions[version] = tag
    if not versions:
        return None
    prefixed = sum(tag[:1] in ("v", "V") for tag in versions.values())
    pattern = "v*" if prefixed * 2 >= len(versions) else "[0-9]*"
    chosen = [v for v in versions if _matches(versions[v], pattern)]
    newest: list[str] = []
    for version in sort_newest_first(chosen)[:MAX_TAGGED_VERSIONS]:
        tag = versions[version]
        if docs != "." and not _git(root, "ls-tree", "-d", "--name-only", tag, docs):
            break
        newest.append(tag)
    return VersionTags(pattern, tuple(newest))


def _matches(tag: str, pattern: str) -> bool:
    return tag[:1] == "v" if pattern == "v*" else tag[:1].isdigit()


def pages_url(root: Path) -> str | None:
    """https://OWNER.github.io/REPO/ when the origin remote is a GitHub repository."""
    remote = _git(root, "remote", "get-url", "origin")
    match = _GITHUB_REMOTE.search(remote.strip()) if remote else None
    if match is None:
        return None
    owner, repo = match.group(1), match.group(2)
    if repo.lower() == f"{owner.lower()}.github.io":
        return f"https://{repo.lower()}/"
    return f"https://{owner.lower()}.github.io/{repo}/"
