"""Reading a version from a real git repository at a ref, never touching its working tree."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.git_source import (
    GitProblem,
    extract_commit,
    find_git_dir,
    list_tags,
    resolve_git_source,
)
from tests.source_support import git, tagged_repo


def test_a_tag_resolves_to_its_commit_and_the_docs_tree(tmp_path: Path) -> None:
    repo = tagged_repo(tmp_path / "repo", ["v1.0.0", "v2.0.0"])
    source = resolve_git_source("repo", find_git_dir(repo), "v1.0.0", "docs/")
    assert source.commit == git(repo, "rev-parse", "v1.0.0^{commit}")
    assert source.tree == git(repo, "rev-parse", "v1.0.0:docs")
    assert source.path == "docs"
    assert source.describe() == f"git repo@v1.0.0 (tree {source.tree[:12]})"
    whole = resolve_git_source("repo", find_git_dir(repo), "v2.0.0", ".")
    assert whole.tree == git(repo, "rev-parse", "v2.0.0^{tree}")


def test_an_annotated_tag_and_a_bare_repository_work(tmp_path: Path) -> None:
    repo = tagged_repo(tmp_path / "repo", ["v1.0.0"])
    git(repo, "tag", "-a", "v1.0.1", "-m", "annotated")
    git(tmp_path, "clone", "-q", "--bare", str(repo), str(tmp_path / "bare.git"))
    source = resolve_git_source("bare", find_git_dir(tmp_path / "bare.git"), "v1.0.1", "docs")
    assert source.commit == git(repo, "rev-parse", "v1.0.0^{commit}")


@pytest.mark.parametrize(
    ("ref", "path", "message"),
    [
        ("v9.9.9", "docs", "ref 'v9.9.9' is not a commit, tag or branch in repo"),
        ("--output=/tmp/x", "docs", "is not a valid ref name"),
        ("v1.0.0", "manual", "repo@v1.0.0 has no folder 'manual'"),
        ("v1.0.0", "docs/guide.md", "has no folder 'docs/guide.md'"),
        ("v1.0.0", "../docs", "without '..'"),
        ("v1.0.0", "/docs", "without '..'"),
    ],
)
def test_bad_refs_and_paths_are_problems(tmp_path: Path, ref: str, path: str, message: str) -> None:
    repo = tagged_repo(tmp_path / "repo", ["v1.0.0"])
    with pytest.raises(GitProblem, match=message.replace(".", r"\.")):
        resolve_git_source("repo", find_git_dir(repo), ref, path)


def test_a_folder_that_is_not_a_repository_is_a_problem(tmp_path: Path) -> None:
    # Inside another repository, git would find that one; the catalog names this folder.
    outer = tagged_repo(tmp_path / "outer", ["v1.0.0"])
    (outer / "plain").mkdir()
    with pytest.raises(GitProblem, match="is not a git repository"):
        find_git_dir(outer / "plain")
    with pytest.raises(GitProblem, match="is not a directory"):
        find_git_dir(tmp_path / "missing")


def test_tags_are_listed_by_glob(tmp_path: Path) -> None:
    repo = tagged_repo(tmp_path / "repo", ["v1.0.0", "v1.1.0", "nightly", "release-2"])
    assert list_tags(find_git_dir(repo), "v*") == ["v1.0.0", "v1.1.0"]
    assert list_tags(find_git_dir(repo), "*") == ["nightly", "release-2", "v1.0.0", "v1.1.0"]


def test_extracting_a_commit_leaves_the_working_tree_and_index_alone(tmp_path: Path) -> None:
    repo = tagged_repo(tmp_path / "repo", ["v1.0.0", "v2.0.0"])
    (repo / "docs" / "guide.md").write_text("# Edited, not committed\n", encoding="utf-8")
    (repo / "docs" / "new.md").write_text("# Staged\n", encoding="utf-8")
    git(repo, "add", "docs/new.md")
    status = git(repo, "status", "--porcelain")
    index = (repo / ".git" / "index").read_bytes()
    head = git(repo, "rev-parse", "HEAD")
    source = resolve_git_source("repo", find_git_dir(repo), "v1.0.0", "docs")
    done = extract_commit(source, tmp_path / "out")
    assert (tmp_path / "out" / "docs" / "guide.md").read_text().startswith("# Guide v1.0.0")
    assert (tmp_path / "out" / "src" / "demo" / "__init__.py").is_file()  # code comes too
    assert not (tmp_path / "out" / "docs" / "new.md").exists()
    assert done.files == 2
    assert git(repo, "status", "--porcelain") == status
    assert (repo / ".git" / "index").read_bytes() == index
    assert git(repo, "rev-parse", "HEAD") == head
