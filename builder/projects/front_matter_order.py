"""Read the page order of a plain folder of Markdown pages from a number each page's front
matter gives, as a custom docs site's menu sorts them.

A site built by its own code (Gatsby, Next.js) often sorts its pages by a front matter key:
jotai's ``nav: 2.01`` (its menu sorts every page by it and groups them by folder), just the
docs' ``nav_order``, ``order``, ``sidebar_position``. The key most pages give counts when at
least MIN_LISTED and half of the folder's pages give it. Each folder's pages and subfolders
are sorted by it, a subfolder by the smallest number of a page below it, then by name; those
without one come after, in path order. Read in path order, jotai 2.19's pages began with its
'basics', the site's seventh group, and 'core' came after 'extensions'. The front matter is
read as text (builder.projects.content_pages), never run.
"""

from __future__ import annotations

import math
import re
from pathlib import Path

from builder.projects.content_pages import front_matter_text
from builder.projects.layout import ProjectLayout
from builder.projects.page_list import LIST_FOLDERS, MIN_LISTED, markdown_pages

ORDER_KEYS = ("nav", "nav_order", "order", "sidebar_position", "position")
_ORDER = re.compile(
    rf"""^({"|".join(ORDER_KEYS)})[ \t]*:[ \t]*["']?(-?\d{{1,9}}(?:\.\d{{1,9}})?)["']?[ \t]*$""",
    re.MULTILINE,
)
_SegmentKey = tuple[int, float, str]  # (0 numbered, 1 not; the number; the name)


def read_front_matter_order(directory: Path) -> ProjectLayout | None:
    """The layout the front matter numbers found for ``directory`` give it; None without."""
    found = find_front_matter_order(directory)
    if found is None:
        return None
    return ProjectLayout(kind="markdown-ordered", order=found[2])


def find_front_matter_order(directory: Path) -> tuple[str, str, tuple[str, ...]] | None:
    """(the folder, the key, the pages in its order, from ``directory``) for ``directory``
    or the first docs folder in it whose pages give numbers under one key of ORDER_KEYS, at
    least MIN_LISTED and half of them; None when none does."""
    for folder in LIST_FOLDERS:
        pages_folder = directory / folder
        if not pages_folder.is_dir() or pages_folder.is_symlink():
            continue
        pages = markdown_pages(pages_folder)
        numbers = _numbers(pages_folder, pages)
        if not numbers:
            continue
        key = max(numbers, key=lambda name: (len(numbers[name]), -ORDER_KEYS.index(name)))
        if len(numbers[key]) < max(MIN_LISTED, (len(pages) + 1) // 2):
            continue
        prefix = "" if folder == "." else f"{folder}/"
        smallest = _smallest_below(numbers[key])
        order = sorted(pages, key=lambda page: _sort_key(page, numbers[key], smallest))
        return folder, key, tuple(f"{prefix}{page}" for page in order)
    return None


def _numbers(folder: Path, pages: frozenset[str]) -> dict[str, dict[str, float]]:
    """For each key of ORDER_KEYS some page gives, each such page's number."""
    numbers: dict[str, dict[str, float]] = {}
    for page in pages:
        for match in _ORDER.finditer(front_matter_text(folder / page)):
            value = float(match.group(2))
            if math.isfinite(value):
                numbers.setdefault(match.group(1), {}).setdefault(page, value)
    return numbers


def _smallest_below(numbers: dict[str, float]) -> dict[str, float]:
    """For each folder (``core/``) holding a numbered page, the smallest number below it."""
    smallest: dict[str, float] = {}
    for page, number in numbers.items():
        parts = page.split("/")[:-1]
        for depth in range(len(parts)):
            folder = "/".join(parts[: depth + 1]) + "/"
            smallest[folder] = min(number, smallest.get(folder, number))
    return smallest


def _sort_key(
    page: str, numbers: dict[str, float], smallest: dict[str, float]
) -> tuple[_SegmentKey, ...]:
    """The page's place: for each folder on its way and then the page itself, its number
    (a folder's the smallest below it) and its name."""
    parts = page.split("/")
    key = [
        _segment(smallest.get("/".join(parts[: depth + 1]) + "/"), name)
        for depth, name in enumerate(parts[:-1])
    ]
    key.append(_segment(numbers.get(page), parts[-1]))
    return tuple(key)


def _segment(number: float | None, name: str) -> _SegmentKey:
    return (1, 0.0, name) if number is None else (0, number, name)
