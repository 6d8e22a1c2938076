"""The catalog keys git, archive and versions_from_git, through load_catalog with real repos."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.config import load_catalog
from builder.errors import ConfigError
from tests.source_support import GUIDE, git, tagged_repo, tar_member, write_tar

HEAD = (
    '[site]\ntitle = "T"\nbase_url = "https://docs.example/"\n\n'
    '[[libraries]]\nid = "demo"\nname = "Demo"\n'
)


def catalog(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "docbuild.toml"
    path.write_text(HEAD + body, encoding="utf-8")
    return path


def test_a_git_version_is_resolved_relative_to_the_catalog(tmp_path: Path) -> None:
    repo = tagged_repo(tmp_path / "vendor" / "repo", ["v1.0.0", "v2.0.0"])
    config = load_catalog(
        catalog(
            tmp_path,
            '  [[libraries.versions]]\n  version = "1.0.0"\n'
            '  git = { repo = "vendor/repo", ref = "v1.0.0" }\n',
        )
    )
    (version,) = config.libraries[0].versions
    assert version.directory is None and version.git is not None
    assert version.git.path == "docs"  # the default
    assert version.git.tree == git(repo, "rev-parse", "v1.0.0:docs")


def test_versions_from_git_are_newest_first_limited_and_warn_about_other_tags(
    tmp_path: Path,
) -> None:
    tagged_repo(tmp_path / "repo", ["v1.0.0", "v1.10.0", "v1.2.0", "v2.0.0rc1", "nightly"])
    config = load_catalog(
        catalog(
            tmp_path,
            'versions_from_git = { repo = "repo", tags = "*", limit = 3, '
            'url_template = "https://x.example/{version}/{page}" }\n',
        )
    )
    versions = config.libraries[0].versions
    assert [v.version for v in versions] == ["2.0.0rc1", "1.10.0", "1.2.0"]
    assert [v.git.ref for v in versions if v.git] == ["v2.0.0rc1", "v1.10.0", "v1.2.0"]
    assert {v.url_template for v in versions} == {"https://x.example/{version}/{page}"}
    assert [(w.where, w.message) for w in config.warnings] == [
        (
            "docbuild.toml libraries[0] (id 'demo').versions_from_git",
            "tag 'nightly' is not a version; skipped",
        )
    ]


def test_versions_from_git_pass_api_names_on_to_every_version(tmp_path: Path) -> None:
    # A README-only project read from its tags (path = ".") has no page naming its code: the
    # api key is how it gets its docstrings, on every tagged version as on a single one.
    tagged_repo(tmp_path / "repo", ["v1.0.0", "v2.0.0"])
    config = load_catalog(
        catalog(
            tmp_path,
            'versions_from_git = { repo = "repo", api = ["demo", "demo.extra"] }\n',
        )
    )
    versions = config.libraries[0].versions
    assert [v.version for v in versions] == ["2.0.0", "1.0.0"]
    assert {v.api for v in versions} == {("demo", "demo.extra")}


def test_explicit_versions_and_tags_together_must_not_collide(tmp_path: Path) -> None:
    tagged_repo(tmp_path / "repo", ["v1.0.0"])
    (tmp_path / "docs").mkdir()
    path = catalog(
        tmp_path,
        'versions_from_git = { repo = "repo" }\n'
        '  [[libraries.versions]]\n  version = "1.0.0"\n  path = "docs"\n',
    )
    with pytest.raises(ConfigError, match=r"versions_from_git \(v1\.0\.0\): version '1\.0\.0' dup"):
        load_catalog(path)


def test_every_source_problem_is_listed_at_once(tmp_path: Path) -> None:
    tagged_repo(tmp_path / "repo", ["v1.0.0"])
    write_tar(tmp_path / "pkg.tar.gz", [tar_member("pkg/docs/a.md", GUIDE)])
    (tmp_path / "docs").mkdir()
    body = "".join(
        f'  [[libraries.versions]]\n  version = "1.0.{i}"\n  {line}\n'
        for i, line in enumerate(
            [
                'git = { repo = "repo", ref = "v9.9.9" }',
                'git = { repo = "repo", ref = "v1.0.0", path = "manual" }',
                'git = { repo = "nowhere", ref = "v1.0.0" }',
                'git = { repo = "https://git.example/x.git", ref = "v1" }',
                'git = { ref = "v1.0.0", branch = "main" }',
                'archive = "pkg.rar"',
                'archive = { file = "missing.zip" }',
                'archive = "pkg.tar.gz"\n  path = "docs"',
                "archive = 3",
            ]
        )
    )
    with pytest.raises(ConfigError) as caught:
        load_catalog(catalog(tmp_path, 'versions_from_git = { repo = "repo", limit = 0 }\n' + body))
    found = "\n".join(caught.value.problems)
    for expected in [
        "versions_from_git.limit: must be a whole number of at least 1, not 0",
        "versions[0].git: ref 'v9.9.9' is not a commit, tag or branch in repo",
        "versions[1].git: repo@v1.0.0 has no folder 'manual'",
        # It said "nowhere is not a directory", the path as given, whatever folder it was in.
        f"versions[2].git: repo 'nowhere' is not a directory (paths are relative to the "
        f"catalog's folder, {tmp_path.resolve()})",
        "versions[3].git: repo 'https://git.example/x.git' is a URL; clone it",
        "versions[4].git: unknown key 'branch'",
        "versions[4].git: missing repo",
        "versions[5].archive: 'pkg.rar' is not a supported archive",
        "versions[6].archive: archive 'missing.zip' does not exist",
        "versions[7]: needs exactly one source",
        "versions[8].archive: must be a file name or a table",
    ]:
        assert expected in found, (expected, found)
    assert len(caught.value.problems) == 11


def test_no_version_tag_matching_names_the_tags_there_are(tmp_path: Path) -> None:
    # marshmallow tags "3.23.1": the README's tags = "v*" matched none, and the error did not
    # say which tags the repository has, nor so that "[0-9]*" was wanted.
    tagged_repo(tmp_path / "repo", ["3.22.0", "3.23.1", "nightly", "3.9.0"])
    with pytest.raises(ConfigError) as refused:
        load_catalog(catalog(tmp_path, 'versions_from_git = { repo = "repo", tags = "v*" }\n'))
    assert (
        "no tag of 'repo' matching 'v*' is a version; its tags: 3.23.1, 3.22.0, 3.9.0, nightly"
        in str(refused.value)
    )
    (tmp_path / "bare").mkdir()
    git(tmp_path / "bare", "init", "-q")
    with pytest.raises(ConfigError, match=r"is a version; the repository has no tags"):
        load_catalog(catalog(tmp_path, 'versions_from_git = { repo = "bare" }\n'))
