"""builder.archived_version: the release a git archive of a tag wrote into a project's files."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.archived_version import archived_version
from builder.survey import survey_project

# shapely 2.1.2's shapely/_version.py as git archive 2.1.2 writes it (the lines read).
_VERSIONEER = """def get_keywords():
    git_refnames = "{refnames}"
    git_full = "5fb639d1056888d135fe56bfaf750c9648addeec"
"""
_SETUP_CFG = "[versioneer]\nVCS = git\nversionfile_source = shapely/_version.py\ntag_prefix = {}\n"


@pytest.mark.parametrize(
    ("archival", "expected"),
    [
        ("node: 5fb6\ndescribe-name: v1.4.0\nref-names: HEAD -> main, tag: v1.4.0\n", "1.4.0"),
        ("describe-name: mypkg-2.0rc1\n", "2.0rc1"),
        ("describe-name: 1.4.0-0-g5fb639d\n", "1.4.0"),
        # No describe-name (an older template): the tag among the refs.
        ("node: 5fb6\nref-names: HEAD -> main, origin/main, tag: 0.9\n", "0.9"),
        # A commit past its tag, refs naming no tag, placeholders never filled: none.
        ("describe-name: v1.4.0-3-g5fb639d\nref-names: HEAD -> main\n", ""),
        ("ref-names: HEAD -> main, origin/main\n", ""),
        ("node: $Format:%H$\ndescribe-name: $Format:%(describe:tags=true)$\n"
         "ref-names: $Format:%D$\n", ""),
        ("describe-name: nightly\n", ""),
    ],
)  # fmt: skip
def test_git_archival_txt_gives_the_tag_of_the_archived_commit(
    tmp_path: Path, archival: str, expected: str
) -> None:
    (tmp_path / ".git_archival.txt").write_text(archival, encoding="utf-8")
    assert archived_version(tmp_path, {}) == expected


@pytest.mark.parametrize(
    ("refnames", "prefix", "expected"),
    [
        (" (tag: 2.1.2)", "", "2.1.2"),
        (" (HEAD -> maint-2.1, tag: v2.1.2, origin/maint-2.1)", "v", "2.1.2"),
        (" (tag: v2.1.2)", "", ""),  # versioneer takes the prefix as written: no 'v' dropped
        (" (HEAD -> main, origin/main)", "", ""),
        ("$Format:%d$", "", ""),
    ],
)
def test_versioneer_keywords_give_the_tag_after_its_prefix(
    tmp_path: Path, refnames: str, prefix: str, expected: str
) -> None:
    (tmp_path / "shapely").mkdir()
    (tmp_path / "shapely" / "_version.py").write_text(
        _VERSIONEER.format(refnames=refnames), encoding="utf-8"
    )
    (tmp_path / "setup.cfg").write_text(_SETUP_CFG.format(prefix), encoding="utf-8")
    assert archived_version(tmp_path, {}) == expected
    # pyproject.toml's [tool.versioneer] is read before setup.cfg.
    pyproject = {"tool": {"versioneer": {"versionfile_source": "shapely/_version.py",
                                         "tag_prefix": prefix}}}  # fmt: skip
    (tmp_path / "setup.cfg").unlink()
    assert archived_version(tmp_path, pyproject) == expected


@pytest.mark.parametrize("prefix", ['""', "''"])
def test_a_versioneer_tag_prefix_of_two_quotes_is_no_prefix(tmp_path: Path, prefix: str) -> None:
    # fsspec 2022.11.0's setup.cfg has 'tag_prefix = ""', which versioneer reads as the empty
    # string; taken as written, no tag started with it and init's version was 0.0.0.
    (tmp_path / "shapely").mkdir()
    (tmp_path / "shapely" / "_version.py").write_text(
        _VERSIONEER.format(refnames=" (tag: 2022.11.0)"), encoding="utf-8"
    )
    (tmp_path / "setup.cfg").write_text(_SETUP_CFG.format(prefix), encoding="utf-8")
    assert archived_version(tmp_path, {}) == "2022.11.0"


def test_a_versionfile_outside_the_project_is_not_read(tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    (tmp_path / "_version.py").write_text(_VERSIONEER.format(refnames=" (tag: 9.9)"), "utf-8")
    for source in ("../_version.py", str(tmp_path / "_version.py")):
        pyproject = {"tool": {"versioneer": {"versionfile_source": source}}}
        assert archived_version(project, pyproject) == ""


def test_init_takes_the_version_of_a_git_archive_of_a_tag(tmp_path: Path) -> None:
    """shapely 2.1.2 (git archive 2.1.2): pyproject.toml's version is dynamic, versioneer's
    keywords hold the tag."""
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "shapely"\ndynamic = ["version"]\n', encoding="utf-8"
    )
    (tmp_path / "setup.cfg").write_text(_SETUP_CFG.format(""), encoding="utf-8")
    (tmp_path / "shapely").mkdir()
    (tmp_path / "shapely" / "__init__.py").write_text("from ._version import get_versions\n")
    (tmp_path / "shapely" / "_version.py").write_text(
        _VERSIONEER.format(refnames=" (tag: 2.1.2)"), encoding="utf-8"
    )
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Shapely\n\nGeometry.\n", encoding="utf-8")
    assert survey_project(tmp_path).version == "2.1.2"
