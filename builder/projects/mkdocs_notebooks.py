"""Which notebooks an MkDocs site makes pages of: each one when a notebook plugin is loaded,
and the ones a build step converts into the Markdown pages its nav names."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from pathlib import Path, PurePosixPath
from typing import Any

from builder.projects.mkdocs_plugins import has_plugin

# The plugins that make a page of each notebook in docs_dir, by the names a config loads them
# by: mkdocs-jupyter, mknotebooks (distilabel's tutorials), mkdocs-ipynb's "ipynb" (equinox's
# examples).
NOTEBOOK_PLUGINS = ("mkdocs-jupyter", "mknotebooks", "ipynb")
NOTEBOOK_SUFFIX = ".ipynb"


def page_suffixes(config: Mapping[str, Any], suffixes: tuple[str, ...]) -> tuple[str, ...]:
    """``suffixes`` and, when the config loads a notebook plugin, the notebook's."""
    if any(has_plugin(config, name) for name in NOTEBOOK_PLUGINS):
        return (*suffixes, NOTEBOOK_SUFFIX)
    return suffixes


def converted_notebooks(
    order: Iterable[str], docs_root: Path, written: Collection[str]
) -> dict[str, str]:
    """{page: notebook} for each Markdown page the nav names that is not there, nor written
    by gen-files, while a notebook of its name is beside it: a build step converts the
    notebooks (leafmap's 242 notebooks/*.md, mlxtend's user_guide/), whose text is the
    page's."""
    converted: dict[str, str] = {}
    for relpath in order:
        page = PurePosixPath(relpath)
        if page.suffix.lower() != ".md" or relpath in written:
            continue
        notebook = page.with_suffix(NOTEBOOK_SUFFIX).as_posix()
        if not (docs_root / relpath).exists() and (docs_root / notebook).is_file():
            converted[relpath] = notebook
    return converted
