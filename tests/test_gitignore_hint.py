"""The .gitignore lines docbuild build offers for its output and cache folders."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from builder import gitignore_hint
from builder.cli import main
from builder.gitignore_hint import missing_ignore_lines, render_ignore_hint
from tests.source_support import git


def make_project(root: Path) -> Path:
    (root / "docs").mkdir(parents=True)
    (root / "docs" / "guide.md").write_text("# Guide\n\nHello.\n", encoding="utf-8")
    catalog = root / "docbuild.toml"
    catalog.write_text(
        '[site]\ntitle = "T"\nbase_url = "https://docs.example/"\n\n[[libraries]]\n'
        'id = "demo"\nname = "Demo"\n  [[libraries.versions]]\n  version = "1.0.0"\n'
        '  path = "docs"\n',
        encoding="utf-8",
    )
    return catalog


def build(catalog: Path) -> str:
    result = CliRunner().invoke(
        main, ["build", "-c", str(catalog), "--out", str(catalog.parent / "_site")]
    )
    assert result.exit_code == 0, result.output
    return result.stderr


def test_a_build_inside_a_repository_offers_the_ignore_lines(tmp_path: Path) -> None:
    git(tmp_path, "init", "-q")
    catalog = make_project(tmp_path / "project")
    stderr = build(catalog)
    assert stderr.endswith(
        "hint: git sees the build's output as new files; add to .gitignore:\n"
        "  /project/_site/\n  /project/.docbuild-cache/\n"
    )
    (tmp_path / ".gitignore").write_text("_site/\n.docbuild-cache/\n", encoding="utf-8")
    assert "hint:" not in build(catalog)


def test_no_hint_outside_a_repository_or_for_tracked_folders(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    catalog = make_project(outside)
    assert "hint:" not in build(catalog)
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    (repo / "_site").mkdir()
    (repo / "_site" / "index.html").write_text("kept on purpose\n", encoding="utf-8")
    git(repo, "add", "-A")
    assert missing_ignore_lines([repo / "_site", repo / "missing", repo]) == []
    assert render_ignore_hint([]) == ""


def test_git_runs_only_where_a_git_entry_is_above(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    runs: list[Path] = []
    real_run = subprocess.run

    def counted_run(*args: object, **kwargs: object) -> object:
        runs.append(Path(str(kwargs["cwd"])))
        return real_run(*args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(gitignore_hint.subprocess, "run", counted_run)
    outside = tmp_path / "outside" / "_site"
    outside.mkdir(parents=True)
    assert missing_ignore_lines([outside]) == []
    assert runs == []
    # A linked worktree's .git is a file naming the repository: git is asked there.
    linked = tmp_path / "linked"
    (linked / "_site").mkdir(parents=True)
    (linked / ".git").write_text("gitdir: /nowhere\n", encoding="utf-8")
    assert missing_ignore_lines([linked / "_site"]) == []
    assert runs == [linked / "_site"]
