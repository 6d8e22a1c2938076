"""The include reader: paths resolved as the tools do, nothing read outside the project, and
every file looked for recorded with its sha256."""

from __future__ import annotations

import hashlib
import os
import stat
import threading
from collections.abc import Iterable
from pathlib import Path

import pytest

import builder.includes
from builder.includes import (
    MISSING,
    OUTSIDE,
    TOO_BIG,
    UNREADABLE,
    IncludedNow,
    IncludeReader,
    IncludeRefused,
    IncludeRoot,
    current_digests,
    include_root,
)
from builder.sources import MAX_FILE_BYTES


def make_project(tmp_path: Path) -> Path:
    project = tmp_path / "project"
    (project / "docs" / "guide").mkdir(parents=True)
    (project / "pyproject.toml").write_text("[project]\nname = 'p'\n", encoding="utf-8")
    (project / "CHANGES.rst").write_text("Changes\n=======\n", encoding="utf-8")
    (project / "docs" / "part.rst").write_text("Part\r\n", encoding="utf-8")
    return project


def test_the_root_is_the_nearest_folder_marked_as_a_project(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    where = include_root(project / "docs", None, None)
    assert where.root == project.resolve()
    assert where.key() == ("docs", (".",))
    # Without a marker nearby, the folder holding the docs is the project.
    bare = tmp_path / "a" / "b" / "c" / "d" / "docs"
    bare.mkdir(parents=True)
    assert include_root(bare, None, None).root == bare.parent.resolve()
    # A version read from git or an archive is confined to the tree it was extracted to.
    assert include_root(project / "docs", project / "docs", None).root == (project / "docs")


def test_paths_resolve_from_the_including_file_or_the_docs_root(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    reader = IncludeReader(include_root(project / "docs", None, None))
    assert reader.read("index.rst", "../CHANGES.rst").text == "Changes\n=======\n"
    assert reader.read("index.rst", "../CHANGES.rst").path == "../CHANGES.rst"
    # Relative to the including file's folder; a leading slash means the docs folder.
    assert reader.read("guide/intro.rst", "../part.rst").text == "Part\n"
    assert reader.read("guide/intro.rst", "/part.rst").path == "part.rst"
    data = (project / "CHANGES.rst").read_bytes()
    assert dict(reader.digests())["CHANGES.rst"] == hashlib.sha256(data).hexdigest()


def test_nothing_outside_the_project_is_read(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    (tmp_path / "secret.txt").write_text("password", encoding="utf-8")
    (project / "docs" / "link.txt").symlink_to(tmp_path / "secret.txt")
    reader = IncludeReader(include_root(project / "docs", None, None))
    with pytest.raises(IncludeRefused, match="outside the project"):
        reader.read("index.rst", "../../secret.txt")
    with pytest.raises(IncludeRefused, match="leads outside the project"):
        reader.read("index.rst", "link.txt")
    with pytest.raises(IncludeRefused, match="docutils' own"):
        reader.read("index.rst", "<isonum.txt>")
    assert reader.digests() == (("docs/link.txt", OUTSIDE),)


def test_a_missing_file_is_recorded_so_creating_it_changes_the_key(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    where = include_root(project / "docs", None, None)
    reader = IncludeReader(where)
    with pytest.raises(IncludeRefused, match="not found"):
        reader.read("index.rst", "../README.rst")
    assert reader.digests() == (("README.rst", MISSING),)
    (project / "README.rst").write_text("Read me\n", encoding="utf-8")
    assert current_digests(where, ["README.rst"]) != reader.digests()


def test_a_page_includes_at_most_one_file_size_in_all(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    (project / "big.txt").write_bytes(b"x" * (MAX_FILE_BYTES // 2 + 1))
    reader = IncludeReader(include_root(project / "docs", None, None))
    reader.read("index.rst", "../big.txt")
    with pytest.raises(IncludeRefused, match="past"):
        reader.read("index.rst", "../big.txt")


def test_snippets_start_at_the_folder_mkdocs_runs_in(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    where = include_root(project / "docs", None, project)
    reader = IncludeReader(where)
    assert reader.read("guide/intro.md", "CHANGES.rst", snippet=True).path == "../CHANGES.rst"
    # A config folder outside the project does not widen what may be read.
    assert include_root(project / "docs", None, tmp_path).snippets == (project.resolve(),)
    # Without a MkDocs config (Zensical, say), snippets start at the project's root.
    assert include_root(project / "docs", None, None).snippets == (project.resolve(),)


def test_the_cache_sees_a_symlink_pointed_elsewhere(tmp_path: Path) -> None:
    """The page reads what the path it names leads to: the path is recorded, not its target,
    so pointing the link at another file (or out of the project and back) changes the key."""
    project = make_project(tmp_path)
    (project / "HISTORY.rst").write_text("History\n", encoding="utf-8")
    (tmp_path / "secret.txt").write_text("password", encoding="utf-8")
    link = project / "docs" / "changes.rst"
    link.symlink_to(project / "CHANGES.rst")
    where = include_root(project / "docs", None, None)
    reader = IncludeReader(where)
    assert reader.read("index.rst", "changes.rst").text == "Changes\n=======\n"
    recorded = reader.digests()
    assert [path for path, _ in recorded] == ["docs/changes.rst"]
    link.unlink()
    link.symlink_to(project / "HISTORY.rst")
    assert current_digests(where, ["docs/changes.rst"]) != recorded
    link.unlink()
    link.symlink_to(tmp_path / "secret.txt")
    outside = IncludeReader(where)
    with pytest.raises(IncludeRefused, match="leads outside"):
        outside.read("index.rst", "changes.rst")
    assert outside.digests() == (("docs/changes.rst", OUTSIDE),)
    assert current_digests(where, ["docs/changes.rst"]) == outside.digests()
    link.unlink()
    link.symlink_to(project / "HISTORY.rst")
    assert current_digests(where, ["docs/changes.rst"]) != outside.digests()


def test_a_file_too_big_to_include_is_not_read(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    with (project / "huge.bin").open("wb") as sparse:
        sparse.truncate(MAX_FILE_BYTES + 1)  # sparse: costs no disk
    where = include_root(project / "docs", None, None)
    reader = IncludeReader(where)
    with pytest.raises(IncludeRefused, match="bigger than"):
        reader.read("index.rst", "../huge.bin")
    assert reader.digests() == (("huge.bin", TOO_BIG),)
    assert current_digests(where, ["huge.bin"]) == reader.digests()
    assert reader.bytes_read == 0


def digests_without_waiting(where: IncludeRoot, path: str) -> list[tuple[tuple[str, str], ...]]:
    """``current_digests`` of ``path`` asked in a thread: [] when it still waits after 30 s (a
    FIFO opened for reading waits for a writer)."""
    found: list[tuple[tuple[str, str], ...]] = []
    looking = threading.Thread(
        target=lambda: found.append(current_digests(where, [path])), daemon=True
    )
    looking.start()
    looking.join(timeout=30)
    return found


def test_a_fifo_where_an_include_was_looked_for_is_not_opened(tmp_path: Path) -> None:
    """Opening a FIFO for reading waits for a writer: the build would hang."""
    project = make_project(tmp_path)
    where = include_root(project / "docs", None, None)
    reader = IncludeReader(where)
    with pytest.raises(IncludeRefused, match="not found"):
        reader.read("index.rst", "../pipe.rst")
    os.mkfifo(project / "pipe.rst")
    assert digests_without_waiting(where, "pipe.rst") == [(("pipe.rst", UNREADABLE),)]
    with pytest.raises(IncludeRefused, match="could not be read"):
        reader.read("index.rst", "../pipe.rst")


def test_a_fifo_swapped_in_after_the_check_is_not_waited_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file judged regular, then replaced by a FIFO before it is opened (the check saw a
    regular file: here the check is made to see one)."""
    project = make_project(tmp_path)
    where = include_root(project / "docs", None, None)
    os.mkfifo(project / "pipe.rst")
    checked = Path.stat

    def regular_then(self: Path, **kwargs: bool) -> os.stat_result:
        status = checked(self, **kwargs)
        if self.name != "pipe.rst":
            return status
        return os.stat_result((stat.S_IFREG | 0o644, *tuple(status)[1:]))

    monkeypatch.setattr(Path, "stat", regular_then)
    assert digests_without_waiting(where, "pipe.rst") == [(("pipe.rst", UNREADABLE),)]


def test_snippet_base_paths_are_tried_in_order_and_stay_in_the_project(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    where = include_root(project / "docs", None, project, ("docs", "../..", "."))
    # ../.. is outside the project: left out, as if it were not named.
    assert where.snippets == ((project / "docs").resolve(), project.resolve())
    reader = IncludeReader(where)
    assert reader.read("index.md", "CHANGES.rst", snippet=True).path == "../CHANGES.rst"
    # The first base was looked in, and is keyed on: the file created there would win.
    assert dict(reader.digests())["docs/CHANGES.rst"] == MISSING


def test_a_snippet_base_path_that_is_a_file_gives_that_file_by_its_name(tmp_path: Path) -> None:
    # pymdown-extensions and soupsieve list LICENSE.md in base_path beside their snippets
    # folder, for about/license.md's '--8<-- "LICENSE.md"': it was looked for in
    # LICENSE.md/LICENSE.md, not found, and the license page read as its heading alone.
    project = make_project(tmp_path)
    (project / "LICENSE.md").write_text("MIT License\n", encoding="utf-8")
    (project / "docs" / "snippets").mkdir()
    where = include_root(project / "docs", None, project, ("docs/snippets", "LICENSE.md"))
    reader = IncludeReader(where)
    assert reader.read("about/license.md", "LICENSE.md", snippet=True).text == "MIT License\n"
    # Only its own name includes it: inside a file there is nothing else to find.
    with pytest.raises(IncludeRefused, match=r"CHANGES\.rst was not found"):
        reader.read("about/license.md", "CHANGES.rst", snippet=True)


def test_version_control_metadata_is_never_read(tmp_path: Path) -> None:
    """A clone's .git/config can hold the builder's credentials (a token in a remote's URL):
    it is no part of the project's docs, named or reached through a link."""
    project = make_project(tmp_path)
    (project / ".git").mkdir()
    (project / ".git" / "config").write_text("url = https://token@host/x\n", encoding="utf-8")
    (project / "docs" / "config.txt").symlink_to(project / ".git" / "config")
    where = include_root(project / "docs", None, None)
    assert where.root == project.resolve()
    reader = IncludeReader(where)
    with pytest.raises(IncludeRefused, match="version control"):
        reader.read("index.rst", "../.git/config")
    with pytest.raises(IncludeRefused, match="leads outside"):
        reader.read("index.rst", "config.txt")
    assert current_digests(where, ["docs/config.txt"]) == (("docs/config.txt", OUTSIDE),)


def test_the_root_is_never_above_the_catalogs_folder(tmp_path: Path) -> None:
    # A package.json (or a dotfiles .git) in a home folder must not make the home folder the
    # project of an unmarked checkout below it: ../../../.ssh/id_rsa stays out of reach.
    home = tmp_path / "home"
    docs = home / "Downloads" / "somelib" / "docs"
    docs.mkdir(parents=True)
    (home / "package.json").write_text("{}", encoding="utf-8")
    catalog_folder = home / "Downloads" / "somelib"
    assert include_root(docs, None, None, bound=catalog_folder).root == catalog_folder.resolve()
    # The catalog at the home folder makes it the user's own scope, as its paths are.
    assert include_root(docs, None, None, bound=home).root == home.resolve()
    # A catalog inside the docs folder (path = "."): the docs folder is the whole project.
    assert include_root(docs, None, None, bound=docs).root == docs.resolve()


def test_a_docs_folder_s_own_package_json_does_not_make_it_the_project(tmp_path: Path) -> None:
    # h3 2.0: docs/package.json builds the undocs site, and docs/5.migration/0.index.md links
    # to ../../MIGRATION.md, which was skipped as a link leaving the project.
    project = make_project(tmp_path)
    docs = project / "docs"
    (docs / "package.json").write_text('{"private": true}', encoding="utf-8")
    assert include_root(docs, None, None, bound=project).root == project.resolve()
    # Marked otherwise too, the docs folder is a project of its own (an sdist read as docs).
    (docs / "setup.py").write_text("", encoding="utf-8")
    assert include_root(docs, None, None, bound=project).root == docs.resolve()
    # Nothing above it marked: the docs folder stays the project.
    alone = tmp_path / "alone" / "docs"
    alone.mkdir(parents=True)
    (alone / "package.json").write_text("{}", encoding="utf-8")
    assert include_root(alone, None, None).root == alone.resolve()


def test_the_folder_of_the_docs_config_is_in_the_project(tmp_path: Path) -> None:
    # polars: mkdocs.yml at the top, pages in docs/source beside a pyproject.toml for the
    # docs' tools, snippets from docs/source/src and python/ under it: the root was
    # docs/source, and every snippet of the user guide was refused.
    project = make_project(tmp_path)
    docs = project / "docs" / "source"
    docs.mkdir()
    (docs / "pyproject.toml").write_text("[project]\nname = 'docs'\n", encoding="utf-8")
    (project / "mkdocs.yml").write_text("site_name: x\n", encoding="utf-8")
    where = include_root(docs, None, project, ("docs/source/src",), bound=project)
    assert where.root == project.resolve()
    assert where.snippets == (project / "docs" / "source" / "src",)
    # Without a config above them, the docs folder's own mark makes it the project.
    assert include_root(docs, None, None, bound=project).root == docs.resolve()


def test_a_mkdocs_config_does_not_mark_the_project(tmp_path: Path) -> None:
    # FastAPI keeps mkdocs.yml in docs/en/ and the examples its pages include at the top.
    repository = tmp_path / "fastapi"
    docs = repository / "docs" / "en" / "docs"
    docs.mkdir(parents=True)
    (repository / "docs" / "en" / "mkdocs.yml").write_text("site_name: x\n", encoding="utf-8")
    (repository / "pyproject.toml").write_text("", encoding="utf-8")
    assert include_root(docs, None, None, bound=repository).root == repository.resolve()


def test_a_build_looks_each_included_file_up_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = make_project(tmp_path)
    where = include_root(project / "docs", None, None)
    recorded = [list(pair) for pair in current_digests(where, ["CHANGES.rst"])]
    looked: list[list[str]] = []
    real = builder.includes.current_digests

    def counting(root: IncludeRoot, paths: Iterable[str]) -> tuple[tuple[str, str], ...]:
        looked.append(list(paths))
        return real(root, looked[-1])

    monkeypatch.setattr(builder.includes, "current_digests", counting)
    included = IncludedNow(where)
    # Every page of a version includes the same file (pymdownx auto_append): one look.
    assert all(included.unchanged(recorded) for _ in range(3))
    assert looked == [["CHANGES.rst"]]
    (project / "CHANGES.rst").write_text("Changed\n", encoding="utf-8")
    assert not IncludedNow(where).unchanged(recorded)
    assert IncludedNow(where).unchanged([]) and not IncludedNow(None).unchanged(recorded)


def test_a_docs_folder_s_own_pyproject_does_not_make_it_the_project(tmp_path: Path) -> None:
    # netaddr 1.3.0: docs/pyproject.toml installs Sphinx and its theme for the pages in
    # docs/source, whose changes.rst includes ../../CHANGELOG.rst: it was refused as outside
    # the project (docs/), and five pages were empty.
    project = make_project(tmp_path)
    docs = project / "docs" / "source"
    docs.mkdir()
    tools = "[tool.poetry]\nname = 'docs'\n"
    (project / "docs" / "pyproject.toml").write_text(tools, encoding="utf-8")
    assert include_root(docs, None, None, bound=project).root == project.resolve()
    # A folder not named as docs are, so marked, is a project of its own (a vendored sdist).
    vendored = project / "vendor" / "lib"
    vendored.mkdir(parents=True)
    (vendored / "pyproject.toml").write_text("[project]\nname = 'lib'\n", encoding="utf-8")
    assert include_root(vendored, None, None, bound=project).root == vendored.resolve()
    # Nothing above it marked: the docs folder stays the project.
    alone = tmp_path / "alone" / "docs"
    alone.mkdir(parents=True)
    (alone / "pyproject.toml").write_text("", encoding="utf-8")
    assert include_root(alone, None, None).root == alone.resolve()
