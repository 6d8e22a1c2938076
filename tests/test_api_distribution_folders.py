"""builder.api.distribution_folders: the distributions a monorepo keeps below its root."""

from __future__ import annotations

from pathlib import Path

from builder.api.distribution_folders import distribution_folders


def _distribution(folder: Path, marker: str = "pyproject.toml") -> Path:
    folder.mkdir(parents=True)
    (folder / marker).write_text("", encoding="utf-8")
    return folder


def test_distributions_one_or_two_levels_down_are_found_in_path_order(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text("", encoding="utf-8")  # the root's own
    widgets = _distribution(tmp_path / "python" / "widgets")
    lab = _distribution(tmp_path / "python" / "lab", "setup.py")
    tool = _distribution(tmp_path / "tool", "setup.cfg")
    _distribution(tmp_path / "a" / "b" / "c")  # three levels down
    _distribution(widgets / "inner")  # inside another distribution
    for passed_over in ("node_modules/pkg", "examples/demo", ".venv/lib", "_build/x"):
        _distribution(tmp_path / passed_over)
    assert distribution_folders(tmp_path) == (lab, widgets, tool)


def test_a_src_layout_s_code_is_its_src_folder_when_that_holds_a_package(tmp_path: Path) -> None:
    (tmp_path / "package.json").write_text("{}", encoding="utf-8")  # a JavaScript monorepo's root
    python = _distribution(tmp_path / "pkgs" / "python")
    (python / "src" / "name").mkdir(parents=True)
    (python / "src" / "name" / "__init__.py").write_text("", encoding="utf-8")
    rust = _distribution(tmp_path / "pkgs" / "rust")
    (rust / "src").mkdir()
    (rust / "src" / "lib.rs").write_text("", encoding="utf-8")
    assert distribution_folders(tmp_path) == (python / "src", rust)


def test_a_folder_that_is_no_project_s_root_is_not_searched(tmp_path: Path) -> None:
    # A catalog beside several checkouts (the folder of a CI runner's, a user's ~/code): their
    # code is not this project's. Run over pytest's folder of tests, it read another test's
    # named pipe called __init__.py and waited for ever.
    _distribution(tmp_path / "checkout-a")
    _distribution(tmp_path / "checkout-b")
    assert distribution_folders(tmp_path) == ()
    (tmp_path / ".git").mkdir()
    assert distribution_folders(tmp_path) == (tmp_path / "checkout-a", tmp_path / "checkout-b")
