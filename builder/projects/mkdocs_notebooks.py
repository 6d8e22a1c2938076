"""Which notebooks an MkDocs site makes pages of: each one when a notebook plugin is loaded,
the ones a build step converts into the Markdown pages its nav names, and the scripts
mkdocs-jupyter reads with jupytext (``- A .py file: demo-script.py``)."""

from __future__ import annotations

import fnmatch
from collections.abc import Collection, Iterable, Mapping
from pathlib import Path, PurePosixPath
from typing import Any

from builder.projects.config_file import names_a_file, names_a_path
from builder.projects.gen_files import GeneratedPages
from builder.projects.jupytext_scripts import script_pages
from builder.projects.mkdocs_plugins import has_plugin, plugin_options

# The plugins that make a page of each notebook in docs_dir, by the names a config loads them
# by: mkdocs-jupyter, mknotebooks (distilabel's tutorials), mkdocs-ipynb's "ipynb" (equinox's
# examples).
NOTEBOOK_PLUGINS = ("mkdocs-jupyter", "mknotebooks", "ipynb")
NOTEBOOK_SUFFIX = ".ipynb"
# mkdocs-jupyter's include option: the files it reads, jupytext's scripts among them.
_JUPYTER_PLUGIN = NOTEBOOK_PLUGINS[0]
_JUPYTER_INCLUDE = ("*.py", "*.ipynb")
_SCRIPT_SUFFIX = ".py"


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
        if not names_a_path(docs_root / relpath) and names_a_file(docs_root / notebook):
            converted[relpath] = notebook
    return converted


def nav_scripts(
    config: Mapping[str, Any], order: Iterable[str], docs_root: Path
) -> tuple[GeneratedPages, dict[str, str]]:
    """The pages of the Python scripts the nav names that mkdocs-jupyter reads (its
    ``include`` globs match them, its ``ignore`` globs do not), each written as Markdown at
    its path with ``.md`` (builder.projects.jupytext_scripts); and {nav entry: page}."""
    if not has_plugin(config, _JUPYTER_PLUGIN):
        return GeneratedPages(), {}
    options = plugin_options(config, _JUPYTER_PLUGIN) or {}
    include = _globs(options.get("include"), _JUPYTER_INCLUDE)
    ignore = _globs(options.get("ignore"), ())
    scripts = [
        relpath
        for relpath in order
        if relpath.endswith(_SCRIPT_SUFFIX)
        and any(fnmatch.fnmatch(relpath, glob) for glob in include)
        and not any(fnmatch.fnmatch(relpath, glob) for glob in ignore)
    ]
    written = script_pages(scripts, docs_root, (_SCRIPT_SUFFIX,))
    if not written.pages:
        return GeneratedPages(), {}
    note = (
        f"{len(written.pages)} script(s) the nav names read as notebooks with jupytext"
        f" ({_JUPYTER_PLUGIN}), each the page of its name with .md"
    )
    pages = GeneratedPages(written.pages, scripts=written.scripts, notes=(note,))
    return pages, dict(written.renamed)


def _globs(value: Any, default: tuple[str, ...]) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,)
    if isinstance(value, list):
        return tuple(glob for glob in value if isinstance(glob, str))
    return default
