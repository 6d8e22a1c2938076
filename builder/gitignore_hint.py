"""Say which .gitignore lines would keep the build's output and cache folders out of git, when
they sit untracked and unignored inside a repository (``git status`` would list them)."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Sequence
from pathlib import Path


def _git(cwd: Path, *args: str) -> subprocess.CompletedProcess[str] | None:
    # GIT_DIR and friends would point git elsewhere than the folder asked about.
    environment = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    try:
        return subprocess.run(
            ["git", *args], cwd=cwd, env=environment, capture_output=True, text=True, check=False
        )
    except (FileNotFoundError, NotADirectoryError):
        return None


def missing_ignore_lines(folders: Sequence[Path]) -> list[str]:
    """``/path/`` lines (relative to the repository's top) for each existing folder that git
    neither ignores nor tracks; nothing outside a repository or without git."""
    lines: list[str] = []
    for folder in folders:
        if not folder.is_dir() or not _may_be_in_work_tree(folder):
            continue
        top = _git(folder, "rev-parse", "--show-toplevel")
        if top is None or top.returncode != 0:
            continue
        root = Path(top.stdout.strip()).resolve()
        relative = folder.resolve().relative_to(root).as_posix()
        if relative == ".":
            continue
        ignored = _git(root, "check-ignore", "--quiet", "--no-index", relative + "/")
        tracked = _git(root, "ls-files", "--", relative)
        if ignored is None or ignored.returncode == 0 or tracked is None or tracked.stdout:
            continue
        if (line := f"/{relative}/") not in lines:
            lines.append(line)
    return lines


def _may_be_in_work_tree(folder: Path) -> bool:
    """Whether ``folder`` or a folder above it holds a ``.git`` (a repository's, or a linked
    worktree's file): git finds a work tree there only (the variables that point it elsewhere
    are cleared), so without one no git process is started (a few milliseconds each, twice a
    build)."""
    resolved = folder.resolve()
    return any((above / ".git").exists() for above in (resolved, *resolved.parents))


def render_ignore_hint(lines: Sequence[str]) -> str:
    """The hint a user reads after a build, or "" when there is nothing to add."""
    if not lines:
        return ""
    return "hint: git sees the build's output as new files; add to .gitignore:\n" + "\n".join(
        f"  {line}" for line in lines
    )
