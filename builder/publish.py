"""``docbuild publish``: commit a built site as the only content of a branch and push it.

Real git does the work through plumbing commands (a private index file, write-tree,
commit-tree), so the user's working tree, index and current branch are never touched. The
commit is pushed first; the local branch moves only after the remote accepted it.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import orjson

from builder.catalog import CATALOG_FILE
from builder.errors import BuildError
from schemas.lookup_table import LOOKUP_FILE


class PublishError(BuildError):
    """git refused, or the repository is not set up for publishing."""

    code = "publish"


@dataclass(frozen=True)
class PublishPlan:
    repository: Path
    remote: str
    branch: str
    commit: str
    parent: str | None
    files: int
    message: str
    pushed: bool

    @property
    def unchanged(self) -> bool:
        """The remote branch already holds exactly this site."""
        return self.commit == self.parent


def _git(
    repo: Path, *args: str, env: dict[str, str] | None = None, check: bool = True
) -> subprocess.CompletedProcess[str]:
    try:
        result = subprocess.run(
            ["git", *args], cwd=repo, env=env, capture_output=True, text=True, check=False
        )
    except FileNotFoundError as exc:
        raise PublishError("git is not installed or not on PATH") from exc
    if check and result.returncode != 0:
        detail = (result.stderr or result.stdout).strip()
        raise PublishError(f"git {args[0]} failed: {detail}")
    return result


def find_repository(start: Path, here: Path) -> Path:
    """The repository holding ``start`` (the catalog's folder), else the one holding ``here``
    (where publish runs): a catalog docbuild init wrote beside a downloaded archive is in no
    repository, and its site is published from the one init and publish ran in."""
    for place in (start, here):
        result = _git(place, "rev-parse", "--show-toplevel", check=False)
        if result.returncode == 0:
            return Path(result.stdout.strip())
    # Run beside the catalog, the two are one folder, which "neither X nor X" named twice.
    where = (
        f"the catalog's folder {start}, where docbuild publish runs, is not"
        if start.resolve() == here.resolve()
        else f"neither the catalog's folder {start} nor {here}, where docbuild publish runs, is"
    )
    raise PublishError(
        f"{where} inside a git repository; "
        "run it in the repository whose remote should receive the site"
    )


def last_commit_time(repo: Path) -> str | None:
    """When the last commit of ``repo`` was made, in UTC (the index's updatedAt form), or None
    in a repository without commits."""
    result = _git(repo, "log", "-1", "--format=%ct", check=False)
    seconds = result.stdout.strip()
    if result.returncode != 0 or not seconds.isdigit():
        return None
    return datetime.fromtimestamp(int(seconds), UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def check_publish_target(start: Path, remote: str, branch: str, here: Path) -> Path:
    """The repository holding ``start``, else ``here`` (``find_repository``), once it is known
    to have ``remote`` and ``branch`` is a branch name that is not checked out there: what
    publishing needs, checked before the build so a mistake costs no build time."""
    repo = find_repository(start, here)
    _check_remote(repo, remote)
    if _git(repo, "check-ref-format", "--branch", branch, check=False).returncode != 0:
        raise PublishError(f"{branch!r} is not a valid branch name; pass another --branch")
    current = _git(repo, "symbolic-ref", "--quiet", "--short", "HEAD", check=False)
    if current.returncode == 0 and current.stdout.strip() == branch:
        raise PublishError(
            f"{branch!r} is the branch checked out in {repo}; the site would replace its "
            "history under your working tree. Publish to another --branch (gh-pages is usual)"
        )
    _check_identity(repo)
    return repo


def _check_identity(repo: Path) -> None:
    """git signs the publish commit with the user's name and email; a fresh CI runner has
    neither, and git refused only after the whole build, in words about setting them globally."""
    for ident in ("GIT_AUTHOR_IDENT", "GIT_COMMITTER_IDENT"):
        if _git(repo, "var", ident, check=False).returncode != 0:
            raise PublishError(
                f"git has no name and email to sign the publish commit with in {repo}; set "
                "them first: git config user.name NAME and git config user.email EMAIL (a "
                "CI job sets them before docbuild publish, as GitHub Actions' "
                "'github-actions[bot]' and "
                "'41898283+github-actions[bot]@users.noreply.github.com')"
            )


def _check_remote(repo: Path, remote: str) -> None:
    remotes = _git(repo, "remote").stdout.split()
    if remote not in remotes:
        known = ", ".join(remotes) or "none"
        raise PublishError(
            f"the repository has no remote {remote!r} (remotes: {known}); add it "
            f"with 'git remote add {remote} URL' or pass --remote"
        )


def _remote_tip(repo: Path, remote: str, branch: str) -> str | None:
    _check_remote(repo, remote)
    listing = _git(repo, "ls-remote", "--heads", remote, f"refs/heads/{branch}")
    line = listing.stdout.strip().split("\n")[0]
    if not line:
        return None
    tip = line.split()[0]
    # The tip must be present locally to be a parent; fetch it (cheap: one branch).
    _git(repo, "fetch", "--quiet", "--no-tags", remote, f"refs/heads/{branch}")
    return tip


def commit_site(repo: Path, site: Path, parent: str | None, message: str) -> tuple[str, int]:
    """Write ``site`` as a tree and a commit object; touches no ref, index or working tree."""
    with tempfile.TemporaryDirectory(prefix="docbuild-publish-") as scratch:
        env = {**os.environ, "GIT_INDEX_FILE": str(Path(scratch) / "index")}
        _git(repo, f"--work-tree={site.resolve()}", "add", "--all", "--force", ".", env=env)
        tree = _git(repo, "write-tree", env=env).stdout.strip()
        files = len(_git(repo, "ls-files", env=env).stdout.splitlines())
    args = ["commit-tree", tree, "-m", message]
    if parent:
        args[2:2] = ["-p", parent]
    commit = _git(repo, *args).stdout.strip()
    return commit, files


def _tree(repo: Path, commit: str) -> str:
    return _git(repo, "rev-parse", f"{commit}^{{tree}}").stdout.strip()


def site_build_id(site: Path) -> str:
    """The buildId of the site docbuild build wrote in ``site``: its catalog.json's, else (a
    site too large for one) its lookup.json's. Neither index.json nor catalog.json tells a
    built site: each may be left out (--index-limit-mb, a large site); lookup.json never is."""
    for name in (CATALOG_FILE, LOOKUP_FILE):
        try:
            build_id = orjson.loads((site / name).read_bytes()).get("buildId")
        except (OSError, orjson.JSONDecodeError, AttributeError):
            continue
        if isinstance(build_id, str) and build_id:
            return build_id
    raise PublishError(f"{site} holds no built site (no {CATALOG_FILE} nor {LOOKUP_FILE})")


def publish_site(site: Path, *, repo: Path, remote: str, branch: str, dry_run: bool) -> PublishPlan:
    """Commit ``site`` onto ``branch`` (parent: the remote's tip) and push it to ``remote``."""
    build_id = site_build_id(site)
    parent = _remote_tip(repo, remote, branch)
    message = f"Publish doctrove site, build {build_id[:12]}"
    commit, files = commit_site(repo, site, parent, message)
    if parent and _tree(repo, commit) == _tree(repo, parent):
        return PublishPlan(repo, remote, branch, parent, parent, files, message, False)
    if not dry_run:
        pushed = _git(
            repo, "push", "--porcelain", remote, f"{commit}:refs/heads/{branch}", check=False
        )
        if pushed.returncode != 0:
            detail = (pushed.stderr or pushed.stdout).strip()
            hint = ""
            if "protected" in detail or "denied" in detail or "hook declined" in detail:
                hint = (
                    f" The remote refused the push: '{branch}' may be protected; allow "
                    "pushes for this branch or publish with the Pages workflow instead."
                )
            raise PublishError(f"git push to {remote} {branch} failed: {detail}.{hint}")
        _git(repo, "update-ref", f"refs/heads/{branch}", commit)
    return PublishPlan(repo, remote, branch, commit, parent, files, message, not dry_run)
