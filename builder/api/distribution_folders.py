"""The folders of the Python distributions a project keeps below its root without declaring a
workspace: a monorepo's ``python/<name>/`` (ipywidgets' ``python/ipywidgets``, beside
``python/jupyterlab_widgets`` and the JavaScript packages), each with its own
``pyproject.toml``, ``setup.py`` or ``setup.cfg``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

# The files that make a folder a distribution.
_DISTRIBUTION_FILES = ("pyproject.toml", "setup.py", "setup.cfg")
# Folders that hold no distribution the API pages document: tests, examples and the docs
# themselves, JavaScript's installed packages, build output and virtual environments.
_PASSED_OVER = frozenset(
    {"tests", "test", "testing", "examples", "example", "docs", "doc", "node_modules"}
    | {"build", "dist", "site-packages", "venv", "env"}
)
# How far below the root a distribution is looked for: python/ipywidgets is two levels down.
MOST_LEVELS = 2


# What tells a project's root: a folder that merely holds projects (a user's ~/code, the
# folder a catalog sits in beside several checkouts) is not searched for their code.
_PROJECT_MARKS = (*_DISTRIBUTION_FILES, "package.json", ".git", ".readthedocs.yaml")


def distribution_folders(project_root: Path) -> tuple[Path, ...]:
    """The folders where the code of each distribution one or two levels below
    ``project_root`` is, sorted by path: its ``src`` when that folder holds a package (a src
    layout, not a Rust extension's sources), else the distribution's own folder. The root's
    own distribution is not one, nor a distribution inside another; a root that is no
    project's (none of ``_PROJECT_MARKS``) has none."""
    if not any((project_root / mark).exists() for mark in _PROJECT_MARKS):
        return ()
    return tuple(_code_folder(folder) for folder in _distributions(project_root, MOST_LEVELS))


def _distributions(folder: Path, levels: int) -> Iterator[Path]:
    for child in _subfolders(folder):
        if any(_is_file(child / name) for name in _DISTRIBUTION_FILES):
            yield child
        elif levels > 1:
            yield from _distributions(child, levels - 1)


def _subfolders(folder: Path) -> list[Path]:
    """The folders in ``folder`` that may hold a distribution, sorted; not a link to a folder
    elsewhere, whose code is not the project's."""
    try:
        children = sorted(folder.iterdir())
    except OSError:
        return []
    return [
        child
        for child in children
        if not child.name.startswith((".", "_"))
        and child.name.lower() not in _PASSED_OVER
        and not child.is_symlink()
        and child.is_dir()
    ]


def _code_folder(distribution: Path) -> Path:
    source = distribution / "src"
    if source.is_symlink() or not source.is_dir():
        return distribution
    packages = (
        child
        for child in _subfolders(source)
        if _is_file(child / "__init__.py") or _is_file(child / "__init__.pyi")
    )
    return source if next(packages, None) is not None else distribution


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except OSError:
        return False
