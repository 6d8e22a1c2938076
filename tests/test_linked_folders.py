"""builder.linked_folders: a docs folder's link to a folder elsewhere in its project lists
that folder's files as its own, once, and never a loop, a hidden folder or one outside."""

from __future__ import annotations

import os
from pathlib import Path

from builder.globs import compile_globs
from builder.linked_folders import linked_folder_files
from builder.sources import list_version_files
from builder.survey import survey_project

NO_GLOBS = compile_globs([])


def _project(tmp_path: Path) -> tuple[Path, Path]:
    project = tmp_path / "project"
    (project / "docs").mkdir(parents=True)
    (project / "tutorials" / "deep").mkdir(parents=True)
    (project / "tutorials" / "01-basics.ipynb").write_text('{"cells": []}', "utf-8")
    (project / "tutorials" / "deep" / "notes.md").write_text("# Notes\n", "utf-8")
    (project / "docs" / "index.md").write_text("# Home\n", "utf-8")
    return project, project / "docs"


def _listed(docs: Path, project: Path | None) -> dict[str, str]:
    listing = list_version_files(docs, NO_GLOBS, NO_GLOBS, project)
    reasons = {c.relpath: "read" for c in listing.candidates}
    reasons.update({s.relpath: s.reason for s in listing.skipped})
    return reasons


def test_a_linked_folder_of_the_project_is_listed_as_the_docs_own(tmp_path: Path) -> None:
    # soprano 0.11.1's docs/tutorials -> ../tutorials (7 notebooks its _toc.yml names) and
    # lonboard 0.17.0-beta.1's docs/examples -> ../examples (24 notebooks its nav names) were not
    # followed, and their pages reported not there.
    project, docs = _project(tmp_path)
    os.symlink("../tutorials", docs / "tutorials")
    os.symlink("../../docs", project / "tutorials" / "back")  # a link inside is not followed
    (project / ".secret").mkdir()
    (project / ".secret" / "token.md").write_text("token\n", "utf-8")
    os.symlink("../.secret", docs / "hidden")  # into a hidden folder
    os.symlink("..", docs / "up")  # above the docs: a loop
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "page.md").write_text("# Out\n", "utf-8")
    os.symlink(tmp_path / "elsewhere", docs / "out")  # out of the project
    os.symlink(docs, docs / "self")  # inside the docs: listed already
    assert _listed(docs, project) == {
        "index.md": "read",
        "tutorials/01-basics.ipynb": "read",
        "tutorials/deep/notes.md": "read",
    }
    # Without a project to stay in, no folder link is followed.
    assert _listed(docs, None) == {"index.md": "read"}


def test_init_includes_the_notebooks_of_a_linked_folder(tmp_path: Path) -> None:
    project, docs = _project(tmp_path)
    os.symlink("../tutorials", docs / "tutorials")
    assert "**/*.ipynb" in survey_project(project).include


def test_a_link_replaced_once_judged_is_not_walked_where_it_leads_now(tmp_path: Path) -> None:
    # The folder was judged, then the link walked: replaced in between (by a link to /), the
    # build walked wherever it led by then.
    project, docs = _project(tmp_path)
    link = docs / "tutorials"
    os.symlink("../tutorials", link)
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "page.md").write_text("# Out\n", "utf-8")
    files = linked_folder_files("tutorials", str(link), docs.resolve(), project.resolve())
    assert files is not None
    link.unlink()
    os.symlink(tmp_path / "elsewhere", link)
    assert [relpath for relpath, _, _ in files] == [
        "tutorials/01-basics.ipynb",
        "tutorials/deep/notes.md",
    ]
