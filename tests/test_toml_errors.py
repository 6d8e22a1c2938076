"""A project's TOML file that tomllib cannot read, in any of its three ways (bad syntax, an
integer past Python's limit on digits, nesting deeper than the interpreter's stack), is read
as no settings by every reader of project files: none of them stops a survey or a build."""

import ast
from pathlib import Path

import pytest

from builder.api.search_paths import workspace_folders
from builder.projects.mdbook import read_book_settings
from builder.sphinx_pyproject import read_pyproject_config
from builder.survey import survey_project

UNREADABLE = {
    "syntax": "[project\nname = 'x'\n",
    "long-integer": "[project]\nname = 'x'\nbig = " + "9" * 5000 + "\n",
    "deep-nesting": "[project]\nname = 'x'\nwide = " + "[" * 100_000 + "\n",
}


@pytest.mark.parametrize("text", UNREADABLE.values(), ids=UNREADABLE.keys())
def test_survey_reads_no_metadata(tmp_path: Path, text: str) -> None:
    (tmp_path / "pyproject.toml").write_text(text, encoding="utf-8")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Guide\n\nText.\n", encoding="utf-8")
    assert survey_project(tmp_path).docs == "docs"


@pytest.mark.parametrize("text", UNREADABLE.values(), ids=UNREADABLE.keys())
def test_workspace_has_no_members(tmp_path: Path, text: str) -> None:
    (tmp_path / "pyproject.toml").write_text(text, encoding="utf-8")
    assert workspace_folders(tmp_path) == ()


@pytest.mark.parametrize("text", UNREADABLE.values(), ids=UNREADABLE.keys())
def test_sphinx_pyproject_reads_nothing(text: str) -> None:
    call = ast.parse("SphinxConfig('../pyproject.toml', globalns=globals())").body[0]
    assert isinstance(call, ast.Expr) and isinstance(call.value, ast.Call)
    assert read_pyproject_config(text, call.value) is None


@pytest.mark.parametrize("text", UNREADABLE.values(), ids=UNREADABLE.keys())
def test_mdbook_defaults_with_a_note(tmp_path: Path, text: str) -> None:
    config = tmp_path / "book.toml"
    config.write_text(text, encoding="utf-8")
    notes: list[str] = []
    settings = read_book_settings(config, notes)
    assert settings.title is None and any("not TOML" in note for note in notes)
