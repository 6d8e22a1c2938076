"""Read a version's docs from a git repository at a ref, with git's plumbing commands only, so
the repository's working tree, index and current branch are never touched.

A ref is resolved once, when the catalog is loaded, to a commit and the tree id of the docs
path; the build then reads exactly that commit, even if the tag moves meanwhile.
"""

from __future__ import annotations

import fnmatch
import os
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from builder.errors import SourceError
from builder.extract import Extracted, extract_tar

# git reads these from the environment; a build must read the repository the catalog names.
_GIT_ENVIRONMENT_PREFIX = "GIT_"
_DRAIN_CHUNK = 1 << 16


class GitProblem(Exception):
    """A repository, ref or path the catalog names cannot be used; the message says why."""


@dataclass(frozen=True)
class GitSource:
    """One version's docs in a repository: the ref as written, and what it resolved to."""

    repo: str  # as written in the catalog, for the report
    git_dir: Path
    ref: str
    path: str  # the docs folder inside the tree, "" for the whole tree
    commit: str
    tree: str  # the tree id of ``path`` at ``commit``: equal ids, equal docs

    def describe(self) -> str:
        return f"git {self.repo}@{self.ref} (tree {self.tree[:12]})"


def _environment() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if not k.startswith(_GIT_ENVIRONMENT_PREFIX)}


def _git(git_dir: Path, *args: str) -> str:
    try:
        result = subprocess.run(
            ["git", f"--git-dir={git_dir}", *args],
            capture_output=True,
            text=True,
            env=_environment(),
            check=False,
        )
    except FileNotFoundError as exc:
        raise GitProblem("git is not installed or not on PATH") from exc
    if result.returncode != 0:
        raise GitProblem((result.stderr or result.stdout).strip() or f"git {args[0]} failed")
    return result.stdout.strip()


def find_git_dir(repo: Path) -> Path:
    """The git directory of a working copy (its .git, a folder or a file) or a bare repository."""
    if not repo.is_dir():
        raise GitProblem(f"{repo} is not a directory")
    git_dir = repo / ".git" if (repo / ".git").exists() else repo
    try:
        _git(git_dir, "rev-parse", "--git-dir")
    except GitProblem as exc:
        raise GitProblem(f"{repo} is not a git repository ({exc})") from exc
    return git_dir


def clean_tree_path(path: str) -> str:
    """A folder inside a tree, as git names it; GitProblem if it is absolute or climbs out."""
    posix = PurePosixPath(path)
    if posix.is_absolute() or ".." in posix.parts:
        raise GitProblem(f"path {path!r} must be relative to the repository's root, without '..'")
    return "/".join(part for part in posix.parts if part != ".")


def resolve_git_source(repo: str, git_dir: Path, ref: str, path: str) -> GitSource:
    """Resolve ``ref`` to a commit and ``path`` to a folder in it; GitProblem if either fails."""
    if not ref.strip() or ref.startswith("-") or any(ord(c) < 32 for c in ref):
        raise GitProblem(f"ref {ref!r} is not a valid ref name")
    try:
        commit = _git(git_dir, "rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}")
    except GitProblem as exc:
        raise GitProblem(f"ref {ref!r} is not a commit, tag or branch in {repo}") from exc
    docs = clean_tree_path(path)
    spec = f"{commit}:{docs}" if docs else f"{commit}^{{tree}}"
    try:
        tree = _git(git_dir, "rev-parse", "--verify", "--quiet", spec)
        kind = _git(git_dir, "cat-file", "-t", tree)
    except GitProblem:
        kind = "nothing"
    if kind != "tree":
        raise GitProblem(f"{repo}@{ref} has no folder {docs!r}")
    return GitSource(repo, git_dir, ref, docs, commit, tree)


def list_tags(git_dir: Path, pattern: str) -> list[str]:
    """The repository's tag names matching the glob ``pattern`` (fnmatch, like git tag -l)."""
    names = _git(git_dir, "for-each-ref", "--format=%(refname:strip=2)", "refs/tags/")
    return sorted(name for name in names.splitlines() if fnmatch.fnmatchcase(name, pattern))


def extract_commit(source: GitSource, destination: Path) -> Extracted:
    """Write the whole tree of ``source.commit`` (docs and code) into ``destination``."""
    with tempfile.TemporaryFile() as errors:
        process = subprocess.Popen(
            ["git", f"--git-dir={source.git_dir}", "archive", "--format=tar", source.commit],
            stdout=subprocess.PIPE,
            stderr=errors,
            env=_environment(),
        )
        stream = process.stdout
        assert stream is not None  # set by stdout=PIPE
        try:
            extracted = extract_tar(stream, destination)
            # tarfile stops at the end-of-archive marker; git still writes the block padding.
            while stream.read(_DRAIN_CHUNK):
                pass
        except BaseException:
            process.kill()
            process.wait()
            raise
        finally:
            stream.close()
        if process.wait() != 0:
            errors.seek(0)
            detail = errors.read().decode("utf-8", "replace").strip()
            raise SourceError(f"git archive of {source.repo}@{source.ref} failed: {detail}")
    return extracted
