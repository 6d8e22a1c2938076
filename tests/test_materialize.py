"""Materializing git and archive versions: a private folder, gone afterwards, errors named."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from builder.archive_source import check_archive
from builder.config import VersionConfig
from builder.errors import UnsafeArchive
from builder.git_source import find_git_dir, resolve_git_source
from builder.materialize import materialize
from tests.source_support import GUIDE, tagged_repo, tar_member, write_tar

BLANK = VersionConfig("1.0.0", None, None, None, (), (), None, None)


def test_a_git_version_becomes_a_docs_folder_with_its_code_root(tmp_path: Path) -> None:
    repo = tagged_repo(tmp_path / "repo", ["v1.0.0"])
    source = resolve_git_source("repo", find_git_dir(repo), "v1.0.0", "docs")
    work = tmp_path / "work"
    work.mkdir()
    with materialize(replace(BLANK, git=source), "demo 1.0.0", work) as found:
        assert found.version.directory is not None and found.version.code_root is not None
        assert (found.version.directory / "guide.md").is_file()
        assert (found.version.code_root / "src" / "demo" / "__init__.py").is_file()
        assert found.version.directory.is_relative_to(work)
        assert (found.origin, found.description) == ("git", source.describe())
    assert list(work.iterdir()) == []


def test_an_archive_version_reports_its_sha256_and_skipped_members(tmp_path: Path) -> None:
    archive = write_tar(
        tmp_path / "pkg-1.0.0.tar",
        [
            tar_member("pkg-1.0.0/docs/guide.md", GUIDE),
            tar_member("pkg-1.0.0/docs/pipe", kind=b"6"),
        ],
    )
    version = replace(BLANK, archive=check_archive("pkg-1.0.0.tar", archive, None))
    with materialize(version, "demo 1.0.0", tmp_path) as found:
        assert found.version.code_root == found.version.directory.parent  # type: ignore[union-attr]
        assert found.description.startswith("archive pkg-1.0.0.tar (sha256 ")
        assert [w.message for w in found.warnings] == [
            "member pkg-1.0.0/docs/pipe (not a regular file) skipped"
        ]


def test_a_hostile_archive_names_the_version_and_leaves_nothing(tmp_path: Path) -> None:
    archive = write_tar(
        tmp_path / "pkg.tar", [tar_member("pkg/docs/a.md", GUIDE), tar_member("../evil.md", GUIDE)]
    )
    work = tmp_path / "work"
    work.mkdir()
    version = replace(BLANK, archive=check_archive("pkg.tar", archive, None))
    refused = pytest.raises(UnsafeArchive, match=r"^demo 1\.0\.0: member '\.\./evil\.md' leaves")
    with refused, materialize(version, "demo 1.0.0", work):
        pass
    assert list(work.iterdir()) == [] and not (tmp_path / "evil.md").exists()


def test_the_folder_goes_when_the_compile_fails(tmp_path: Path) -> None:
    repo = tagged_repo(tmp_path / "repo", ["v1.0.0"])
    version = replace(BLANK, git=resolve_git_source("repo", find_git_dir(repo), "v1.0.0", "docs"))
    work = tmp_path / "work"
    work.mkdir()
    with pytest.raises(RuntimeError), materialize(version, "demo 1.0.0", work):
        raise RuntimeError("the parser broke")
    assert list(work.iterdir()) == []
