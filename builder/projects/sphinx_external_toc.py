"""The page order of a Sphinx project that loads sphinx-external-toc: the entries of its
_toc.yml (``external_toc_path``), as the Jupyter Book it was orders them. The conf.py
``jupyter-book config sphinx`` writes loads it, and names no root document of toctrees."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from builder.projects.layout import ProjectLayout

EXTENSION = "sphinx_external_toc"
DEFAULT_PATH = "_toc.yml"
_CONFIG_NAME = "conf.py"


def external_toc_entries(
    path: str | None, directory: Path, notes: list[str]
) -> tuple[str, ...] | None:
    """The entries of the table of contents at ``path`` (by default _toc.yml) in the Sphinx
    source ``directory``; None when it is not there."""
    path = path or DEFAULT_PATH
    toc = directory / path
    if not toc.is_file() or not toc.resolve().is_relative_to(directory.resolve()):
        notes.append(f"{_CONFIG_NAME}: sphinx_external_toc's {path} is not there; toctree order")
        return None
    # Imported here: the Jupyter Book reader imports the Sphinx reader, which imports this.
    from builder.projects.jupyter_book import read_jupyter_book

    book = read_jupyter_book(toc)
    notes.extend(book.notes)
    notes.append(f"{_CONFIG_NAME}: sphinx_external_toc, pages in the order of {path}")
    return book.order


def external_toc_order(
    layout: ProjectLayout, relpaths: Sequence[str], notes: list[str]
) -> tuple[str, ...]:
    """Page relpaths in the order the entries in ``layout.order`` give, then the pages they
    do not name, in path order, as sphinx-external-toc builds them."""
    from builder.projects.jupyter_book import toc_order

    order, missing = toc_order(layout.order, relpaths)
    if missing:
        shown = ", ".join(missing[:5]) + (", …" if len(missing) > 5 else "")
        notes.append(f"{DEFAULT_PATH} names {len(missing)} page(s) that are not there: {shown}")
    listed = set(order)
    return (*order, *(relpath for relpath in sorted(relpaths) if relpath not in listed))
