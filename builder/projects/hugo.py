"""Read a Hugo site's page order: by each page's front matter ``weight``, as its menus and
section lists show them.

Hugo lists a section's pages and subsections by weight (a section's is its ``_index.md``'s;
none, or 0, after every weighted one), then by title, then by path; a section's ``_index.md``
is its own page, first. Read in path order, prometheus client_python 0.25.0's pages put
"bridges" and "collector" before "instrumenting" (weight 2) and "counter" after "enum". The
front matter is read as text (``weight: 3``, TOML's ``weight = 3``), never run
(builder.projects.content_pages).
"""

from __future__ import annotations

import re
from pathlib import Path

from builder.projects.content_pages import MAX_FOLDER_DEPTH, front_matter_text
from builder.projects.gen_files import inside_folder
from builder.projects.hugo_site import hugo_docs
from builder.projects.layout import MAX_ENTRIES, ProjectLayout

PAGE_SUFFIXES = (".md", ".markdown")
SECTION_PAGE = "_index"
_WEIGHT = re.compile(r"""^weight[ \t]*[:=][ \t]*["']?(-?\d{1,9})["']?[ \t]*$""", re.MULTILINE)
_TITLE = re.compile(r"""^(?:linkTitle|title)[ \t]*[:=][ \t]*["']?(.*?)["']?[ \t]*$""", re.MULTILINE)
_UNWEIGHTED = 1 << 40


def read_hugo(directory: Path, top: Path | None) -> ProjectLayout | None:
    """The layout of ``directory`` when it is the content folder of a Hugo site in it or up
    to two folders above it (``content/en``) and inside ``top``; else None."""
    if top is None or not inside_folder(directory, top):
        return None
    site = directory.parent
    for _ in range(2):
        if not inside_folder(site, top):
            return None
        found = hugo_docs(site, ".")
        if found is not None and _same(site / found[1], directory):
            break
        site = site.parent
    else:
        return None
    order: list[str] = []
    _walk(directory, "", 0, order)
    return ProjectLayout(kind="hugo", suffixes=PAGE_SUFFIXES, order=tuple(order))


def _walk(folder: Path, prefix: str, depth: int, order: list[str]) -> None:
    try:
        children = sorted(folder.iterdir())
    except OSError:
        return
    section = next((p for p in children if _is_page(p) and p.stem == SECTION_PAGE), None)
    if section is not None:
        order.append(f"{prefix}{section.name}")
    entries: list[tuple[int, str, str, Path]] = []
    for child in children:
        if child == section:
            continue
        if _is_page(child):
            entries.append((*_sort_key(child), child.name, child))
        elif child.is_dir() and not child.is_symlink() and depth < MAX_FOLDER_DEPTH:
            index = next(
                (
                    child / f"{SECTION_PAGE}{s}"
                    for s in PAGE_SUFFIXES
                    if (child / f"{SECTION_PAGE}{s}").is_file()
                ),
                None,
            )
            weight, title = _sort_key(index) if index is not None else (_UNWEIGHTED, "")
            entries.append((weight, title, child.name, child))
    for _, _, name, path in sorted(entries, key=lambda e: (e[0], e[1].lower(), e[2])):
        if len(order) >= MAX_ENTRIES:
            return
        if path.is_dir():
            _walk(path, f"{prefix}{name}/", depth + 1, order)
        else:
            order.append(f"{prefix}{name}")


def _is_page(path: Path) -> bool:
    return path.suffix.lower() in PAGE_SUFFIXES and path.is_file()


def _sort_key(page: Path) -> tuple[int, str]:
    """The page's weight (a large number when it has none, or 0, as Hugo lists it last) and
    title, from its front matter."""
    front = front_matter_text(page)
    weight = _WEIGHT.search(front)
    title = _TITLE.search(front)
    number = int(weight.group(1)) if weight else 0
    return (number if number else _UNWEIGHTED), (title.group(1) if title else "")


def _same(one: Path, other: Path) -> bool:
    try:
        return one.resolve() == other.resolve()
    except (OSError, RuntimeError, ValueError):  # a loop of links; a NUL in a name
        return False
