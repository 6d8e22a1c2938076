"""Read a GitBook: its ``SUMMARY.md`` names the pages and their order.

GitBook's Git Sync reads a folder of Markdown: ``.gitbook.yaml`` (in the folder or the one
above) names it (``root``), its summary (``structure.summary``, default ``SUMMARY.md``) and
its first page (``structure.readme``, default ``README.md``). Without the file, a folder holding
``SUMMARY.md`` is a book as the GitBook and HonKit command lines read it. The summary is the
book's table of contents, written as an mdBook's is (``* [Title](page.md)`` under ``## Part``
headings), and no page itself: read as one, BrainMonkey 2.7.0's was five sections of links, its
pages in path order. Pages it does not link are not the book's. Both files are read as data,
within MAX_CONFIG_BYTES.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

from builder.projects.config_file import names_a_file, read_config_bytes, read_yaml_config
from builder.projects.gen_files import inside_folder
from builder.projects.layout import ProjectLayout
from builder.projects.mdbook import PAGE_SUFFIXES, summary_chapters

CONFIG_NAME = ".gitbook.yaml"
SUMMARY_NAME = "SUMMARY.md"
README_NAME = "README.md"


def read_gitbook(directory: Path, top: Path | None = None) -> ProjectLayout | None:
    """The layout of the GitBook whose pages are in ``directory``, or None when it is none;
    its ``.gitbook.yaml`` is looked for in the folder above too when that is inside ``top``."""
    notes: list[str] = []
    found = _config_for(directory, top, notes)
    if found is None:
        if not (directory / SUMMARY_NAME).is_file():
            return None
        config_file, summary, readme = SUMMARY_NAME, SUMMARY_NAME, README_NAME
    else:
        config_file, (summary, readme) = CONFIG_NAME, found
    if inside_folder(directory / summary, directory):  # not through a link leading away
        raw = read_config_bytes(directory / summary, notes, "pages in path order")
    else:
        raw = None
        notes.append(f"{summary}: a link out of the book, not read; pages in path order")
    chapters, _ = summary_chapters(raw.decode("utf-8", "replace")) if raw is not None else ([], 0)
    order = tuple(relpath for relpath, _ in chapters)
    if names_a_file(directory / readme) and readme not in order:
        order = (readme, *order)  # the book's first page, whether the summary links it or not
    return ProjectLayout(
        kind="gitbook",
        config_file=config_file,
        suffixes=PAGE_SUFFIXES,
        exclude=re.escape(summary),
        exclude_patterns=(summary,),
        order=order,
        titles=tuple(chapters),
        only_listed=bool(chapters),
        notes=tuple(notes),
    )


def _config_for(directory: Path, top: Path | None, notes: list[str]) -> tuple[str, str] | None:
    """(summary, readme), relative to ``directory``, of the ``.gitbook.yaml`` in it or above
    it (inside ``top``) whose ``root`` is ``directory``; None when there is none."""
    above = top is not None and not _same(directory, top) and inside_folder(directory, top)
    for folder in (directory, directory.parent) if above else (directory,):
        config = folder / CONFIG_NAME
        if not config.is_file():
            continue
        settings = read_yaml_config(config, notes, "its defaults apply")
        root = settings.get("root", "./")
        root = root if isinstance(root, str) and "\0" not in root else "./"
        if not inside_folder(folder / root, folder) or not _same(folder / root, directory):
            continue
        structure = settings.get("structure")
        structure = structure if isinstance(structure, dict) else {}
        return (
            _inside(structure.get("summary"), SUMMARY_NAME),
            _inside(structure.get("readme"), README_NAME),
        )
    return None


def _inside(name: object, default: str) -> str:
    """``name``, a file of the book's folder, or ``default`` when it is none."""
    if not isinstance(name, str) or "\0" in name:
        return default
    normal = posixpath.normpath(name.split("#", 1)[0].strip() or default)
    return default if normal.startswith(("..", "/")) or normal == "." else normal


def _same(one: Path, other: Path) -> bool:
    try:
        return one.resolve() == other.resolve()
    except (OSError, RuntimeError, ValueError):  # a loop of links; a NUL in a name
        return False
