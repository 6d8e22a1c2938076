"""Tell a docsify project's docs folder: an ``index.html`` that loads docsify, or the
``.nojekyll`` and ``_sidebar.md`` docsify's own ``docsify init`` writes beside the pages.

docsify renders the Markdown in the browser, with syntax of its own (a heading's ``:id=``,
``!>`` and ``?>`` callouts: builder.parsers.markdown.docsify), which is read only in such a
folder so that plain Markdown elsewhere reads as it always has. Its ``_sidebar.md`` and
``_navbar.md`` (in any folder) are the menus it loads around every page, lists of links and
no pages; the pages come in the order the top ``_sidebar.md`` links them, the others after.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path
from urllib.parse import unquote

from builder.parsers.markdown.flavor import DOCSIFY
from builder.projects.config_file import read_config_bytes
from builder.projects.layout import ProjectLayout
from builder.sources import open_regular

SHELL_PAGE = "index.html"
# What ``docsify init`` writes beside the pages: GitHub Pages must not run Jekyll on them.
MARKERS = (".nojekyll", "_sidebar.md")
# Enough of index.html to hold its scripts; the page is read no further.
MAX_SHELL_BYTES = 64 * 1024
SIDEBAR = "_sidebar.md"
# The menus docsify loads beside a page (loadSidebar, loadNavbar), in its folder or above.
_MENU_PAGES = r"(?:.*/)?_(?:sidebar|navbar)\.md"
# What makes a link of the sidebar: its "[", a line's end (the link is on one line), and the
# "](" after its text with its target, up to a space before a title or the closing parenthesis.
# Read in one scan: a regex matching the text from each "[" read a line of them quadratically.
_LINK_PARTS = re.compile(r"\[|\n|\]\(\s*<?([^)\s>]*+)")
# The page's settings object, or a script loaded from a docsify package or file.
_LOADS_DOCSIFY = re.compile(
    r"""window\.\$docsify\b|<script\b[^>]{0,500}\bsrc\s*=\s*["'][^"'>]{0,500}docsify""",
    re.IGNORECASE,
)


def read_docsify(directory: Path) -> ProjectLayout | None:
    """The layout of a docsify docs folder, or None when ``directory`` is none."""
    if _loads_docsify(directory / SHELL_PAGE):
        found = SHELL_PAGE
    elif all((directory / name).is_file() for name in MARKERS):
        found = " and ".join(MARKERS)
    else:
        return None
    notes: list[str] = []
    sidebar = directory / SIDEBAR
    raw = read_config_bytes(sidebar, notes, "pages in path order") if sidebar.is_file() else None
    order = sidebar_pages(raw.decode("utf-8", "replace")) if raw is not None else ()
    return ProjectLayout(
        kind="docsify",
        config_file=found,
        markdown_flavor=DOCSIFY,
        exclude=_MENU_PAGES,
        exclude_patterns=("_sidebar.md", "_navbar.md"),
        order=order,
        notes=tuple(notes),
    )


def sidebar_pages(text: str) -> tuple[str, ...]:
    """The pages ``_sidebar.md`` links, in its order, each once, as relpaths of the docs
    folder: docsify's routes ("/guide", "#/guide", "zh-cn/") name their Markdown files
    ("guide.md", "zh-cn/README.md")."""
    pages: dict[str, None] = {}
    for target in _link_targets(text):
        page = _route_page(target)
        if page is not None:
            pages.setdefault(page)
    return tuple(pages)


def _link_targets(text: str) -> list[str]:
    """The targets of the Markdown links in ``text``: each "](target" after a "[" of its line."""
    targets: list[str] = []
    opened = False
    for part in _LINK_PARTS.finditer(text):
        if part.group(0) == "[":
            opened = True
        elif part.group(0) == "\n":
            opened = False
        elif opened:
            targets.append(part.group(1))
            opened = False
    return targets


def _route_page(target: str) -> str | None:
    """The Markdown file of a docsify link, or None for a link out of the docs (a web
    address, a file of another kind, a path that leaves the folder)."""
    path = unquote(target.removeprefix("#").split("#", 1)[0].split("?", 1)[0]).strip()
    if "://" in path or path.startswith(("mailto:", "//")):
        return None
    path = path.lstrip("/")
    if not path or path.endswith("/"):
        path += "README.md"
    elif not posixpath.splitext(path)[1]:
        path += ".md"
    normal = posixpath.normpath(path)
    if normal.startswith("..") or not normal.lower().endswith(".md"):
        return None
    return normal


def _loads_docsify(path: Path) -> bool:
    """Whether the regular file at ``path`` has a script that loads docsify."""
    opened = open_regular(path)
    if isinstance(opened, str):
        return False
    try:
        with opened as handle:
            head = handle.read(MAX_SHELL_BYTES)
    except OSError:
        return False
    return _LOADS_DOCSIFY.search(head.decode("utf-8", "replace")) is not None
