"""The page order of a Sphinx project: its documents as its toctrees visit them from the root
document (depth first, each once), then the documents no toctree reaches, in path order; and
the titles toctree entries give their documents."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Mapping, Sequence
from pathlib import PurePosixPath

from builder.globs import sphinx_pattern
from builder.projects.layout import ProjectLayout
from builder.projects.toctree import ToctreeEntry, toctree_entries


def toctree_order(
    layout: ProjectLayout, texts: Mapping[str, str], notes: list[str]
) -> tuple[tuple[str, ...], dict[str, str]]:
    """Page relpaths in toctree order from the root document, and the explicit titles toctree
    entries give; ``texts`` holds every page's text by relpath."""
    docnames = {_docname(relpath): relpath for relpath in sorted(texts)}
    root = layout.order[0] if layout.order else "index"
    order: list[str] = []
    titles: dict[str, str] = {}
    seen: set[str] = set()

    def visit(start: str) -> None:
        stack = [start]
        while stack:
            doc = stack.pop()
            if doc in seen:
                continue
            seen.add(doc)
            order.append(docnames[doc])
            children = _children(doc, toctree_entries(texts[docnames[doc]]), docnames, titles)
            stack.extend(reversed([c for c in children if c not in seen]))

    if root in docnames:
        visit(root)
    else:
        # Without the root, the documents no toctree names stand in for it, in path order.
        notes.append(f"root document {root!r} is not among the pages; its toctrees are unknown")
        named = {
            child
            for doc, relpath in docnames.items()
            for child in _children(doc, toctree_entries(texts[relpath]), docnames, {})
        }
        for doc in docnames:
            if doc not in named:
                visit(doc)
    for doc in docnames:
        visit(doc)
    return tuple(order), titles


def _children(
    doc: str, entries: Sequence[ToctreeEntry], docnames: Mapping[str, str], titles: dict[str, str]
) -> list[str]:
    folder = posixpath.dirname(doc)
    children: list[str] = []
    for entry in entries:
        if entry.target == "self":
            continue
        target = entry.target
        name = target[1:] if target.startswith("/") else posixpath.join(folder, target)
        name = posixpath.normpath(name)
        if entry.is_glob:
            try:
                pattern = re.compile(sphinx_pattern(name))
            except re.error:  # "[z-a]": Sphinx stops; the entry lists no page here
                continue
            children.extend(d for d in docnames if d != doc and pattern.fullmatch(d))
            continue
        if name not in docnames:
            name = _docname(name)  # an entry may carry its suffix
        if name in docnames:
            children.append(name)
            if entry.title and docnames[name] not in titles:
                titles[docnames[name]] = entry.title
    return children


def _docname(relpath: str) -> str:
    path = PurePosixPath(relpath)
    return path.with_suffix("").as_posix() if path.suffix else relpath
