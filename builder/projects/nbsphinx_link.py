"""The notebooks nbsphinx-link's ``.nblink`` files make pages of a Sphinx project.

A project that keeps its notebooks beside the code (``examples/``) and loads ``nbsphinx_link``
puts a small JSON file among its pages for each, ``{"path": "../../examples/training.ipynb"}``
(the path from the link's folder), and nbsphinx renders the notebook there as the page
``training``. docbuild read no ``.nblink`` file: chemprop's 20 tutorials were missing. Each is
read here as the notebook it names, under the link's name; a notebook outside the project, or
a link that names none, is a note.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from builder.projects.gen_files import (
    MAX_GENERATED_PAGES,
    GeneratedPage,
    bytes_inside,
)
from builder.sources import MAX_FILE_BYTES

EXTENSION = "nbsphinx_link"
SUFFIX = ".nblink"
_NOTEBOOK = ".ipynb"


@dataclass(frozen=True)
class LinkedNotebooks:
    """The notebook pages, each link's path (from the docs folder) and its notebook's
    sha256 (an edit to a notebook is a change to the version), and notes."""

    pages: tuple[GeneratedPage, ...] = ()
    sources: tuple[tuple[str, str], ...] = ()
    notes: tuple[str, ...] = ()


def linked_notebooks(docs: Path, bound: Path) -> LinkedNotebooks:
    """The pages of the ``.nblink`` files in ``docs``; notebooks outside ``bound`` (the
    project) are not read."""
    pages: list[GeneratedPage] = []
    sources: list[tuple[str, str]] = []
    notes: list[str] = []
    for link in sorted(docs.rglob(f"*{SUFFIX}")):
        relpath = link.relative_to(docs).as_posix()
        if len(pages) >= MAX_GENERATED_PAGES:
            notes.append(f"nbsphinx-link: over {MAX_GENERATED_PAGES} notebooks; the rest left out")
            break
        target = _target(link)
        if target is None:
            notes.append(f"nbsphinx-link: {relpath} names no notebook; skipped")
            continue
        text = _read(link.parent / target, bound)
        if text is None:
            notes.append(f"nbsphinx-link: {relpath}: {target} is not a notebook of the project")
            continue
        sources.append((relpath, hashlib.sha256(text.encode("utf-8")).hexdigest()))
        pages.append(GeneratedPage(relpath.removesuffix(SUFFIX) + _NOTEBOOK, text))
    return LinkedNotebooks(tuple(pages), tuple(sources), tuple(notes))


def _target(link: Path) -> str | None:
    """The notebook path a link file names, or None."""
    try:
        if link.stat().st_size > MAX_FILE_BYTES:
            return None
        data = json.loads(link.read_text(encoding="utf-8", errors="replace"))
    except (OSError, ValueError):
        return None
    path = data.get("path") if isinstance(data, dict) else None
    return path if isinstance(path, str) and path.endswith(_NOTEBOOK) else None


def _read(path: Path, bound: Path) -> str | None:
    data = bytes_inside(path, bound, MAX_FILE_BYTES)
    if data is None:
        return None
    # As read_text reads it: its newlines made "\n".
    return data.decode("utf-8", errors="replace").replace("\r\n", "\n").replace("\r", "\n")
