"""A plain folder of Markdown pages' own order, where no docs tool gives one: the JSON or YAML
file that lists its pages (builder.projects.page_list), else the numbers its pages' front
matter gives (builder.projects.front_matter_order)."""

from __future__ import annotations

import posixpath
from dataclasses import dataclass
from pathlib import Path

from builder.projects.front_matter_order import find_front_matter_order, read_front_matter_order
from builder.projects.layout import ProjectLayout
from builder.projects.page_list import find_page_list, read_page_list


@dataclass(frozen=True)
class PlainOrder:
    """What docbuild init found ordering a plain folder of pages."""

    kind: str  # "markdown-listed" or "markdown-ordered"
    folder: str  # the docs folder, from the project
    found: str  # what init says it found


def read_plain_order(directory: Path) -> ProjectLayout | None:
    """The layout of ``directory``'s own page order, or None when it gives none."""
    return read_page_list(directory) or read_front_matter_order(directory)


def survey_plain_order(root: Path, folder: str) -> PlainOrder | None:
    """How the pages of the project ``root``'s ``folder`` (or of its docs folder) are
    ordered, or None when they give no order of their own."""
    listed = find_page_list(root / folder)
    if listed is not None:
        where = posixpath.join(folder, listed[0]).removeprefix("./")
        found = f"{where}: a list of the pages, pages in its order"
        return PlainOrder("markdown-listed", posixpath.dirname(where) or ".", found)
    numbered = find_front_matter_order(root / folder)
    if numbered is not None:
        docs, key, _ = numbered
        docs = posixpath.normpath(posixpath.join(folder, docs))
        found = f"{docs}/: Markdown files, in the order of their front matter's {key}"
        return PlainOrder("markdown-ordered", docs, found)
    return None
