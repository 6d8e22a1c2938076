"""Read Hugging Face doc-builder's page order from the ``_toctree.yml`` beside its pages.

doc-builder (Transformers, PEFT, Accelerate, Diffusers) builds the Markdown and MDX pages of a
folder (``docs/source``, or a language's, ``docs/source/en``) and draws its sidebar from
``_toctree.yml``: a list of sections, each a ``title`` over ``sections``, a list of entries
that are pages (``local``, the page's path without its suffix, and the ``title`` the sidebar
shows) or sections again. Read in path order, PEFT v0.20.0's docs began with its accelerate/
and developer_guides/ pages instead of its quicktour and installation. Pages the file does not
name come after, in path order, as the other readers place them. The file is YAML, read as
data within MAX_CONFIG_BYTES, and the entries visited are bounded.
"""

from __future__ import annotations

import posixpath
from pathlib import Path
from typing import Any

from builder.projects.config_file import names_a_file, read_yaml_document
from builder.projects.layout import MAX_ENTRIES, ProjectLayout

TOC_NAME = "_toctree.yml"
PAGE_SUFFIXES = (".md", ".mdx")
# How deep sections nest before the rest is cut (MAX_ENTRIES: how many entries are visited).
MAX_DEPTH = 20


def find_doc_builder(directory: Path) -> Path | None:
    """The ``_toctree.yml`` in ``directory``, if any."""
    toc = directory / TOC_NAME
    return toc if toc.is_file() else None


def read_doc_builder(toc_path: Path) -> ProjectLayout:
    """The layout ``toc_path`` gives the pages of its folder: its pages in its order, each
    titled by its entry where the page has no heading of its own."""
    notes: list[str] = []
    entries = read_yaml_document(toc_path, notes, "pages in path order")
    folder = toc_path.parent
    order: list[str] = []
    titles: dict[str, str] = {}
    budget = [MAX_ENTRIES]
    _visit(entries, folder, order, titles, 0, budget)
    if budget[0] <= 0:
        notes.append(f"{TOC_NAME}: more than {MAX_ENTRIES} entries; the rest is not read")
    if not order and not notes:
        notes.append(f"{TOC_NAME} names no page; pages in path order")
    return ProjectLayout(
        kind="docbuilder",
        config_file=TOC_NAME,
        suffixes=PAGE_SUFFIXES,
        order=tuple(dict.fromkeys(order)),
        titles=tuple(titles.items()),
        notes=tuple(notes),
    )


def _visit(
    value: Any,
    folder: Path,
    order: list[str],
    titles: dict[str, str],
    depth: int,
    budget: list[int],
) -> None:
    """Append the pages ``value`` (a list of entries, or one entry) names, depth first."""
    if depth > MAX_DEPTH or budget[0] <= 0:
        return
    if isinstance(value, list):
        for item in value:
            _visit(item, folder, order, titles, depth + 1, budget)
        return
    if not isinstance(value, dict):
        return
    budget[0] -= 1
    local = value.get("local")
    if isinstance(local, str) and (relpath := _page_of(local, folder)) is not None:
        order.append(relpath)
        title = value.get("title")
        if isinstance(title, str) and title.strip():
            titles.setdefault(relpath, title.strip())
    _visit(value.get("sections"), folder, order, titles, depth + 1, budget)


def _page_of(local: str, folder: Path) -> str | None:
    """The relpath of the page ``local`` names (its suffix the one on disk, ``.md`` when
    neither is there, so that the build can say it is missing), or None for a link out of
    the folder or to another site."""
    path = posixpath.normpath(local.strip().lstrip("/"))
    if not local.strip() or "://" in local or path.startswith("..") or path == ".":
        return None
    if path.endswith(PAGE_SUFFIXES):
        return path
    for suffix in PAGE_SUFFIXES:
        # names_a_file: a name longer than the system takes is none, where is_file raised.
        if names_a_file(folder / f"{path}{suffix}"):
            return f"{path}{suffix}"
    return f"{path}{PAGE_SUFFIXES[0]}"
