"""Tell a docsify project's docs folder: an ``index.html`` that loads docsify, or the
``.nojekyll`` and ``_sidebar.md`` docsify's own ``docsify init`` writes beside the pages.

docsify renders the Markdown in the browser, with syntax of its own (a heading's ``:id=``,
``!>`` and ``?>`` callouts: builder.parsers.markdown.docsify), which is read only in such a
folder so that plain Markdown elsewhere reads as it always has.
"""

from __future__ import annotations

import re
from pathlib import Path

from builder.projects.layout import ProjectLayout
from builder.sources import open_regular

SHELL_PAGE = "index.html"
# What ``docsify init`` writes beside the pages: GitHub Pages must not run Jekyll on them.
MARKERS = (".nojekyll", "_sidebar.md")
# Enough of index.html to hold its scripts; the page is read no further.
MAX_SHELL_BYTES = 64 * 1024
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
    return ProjectLayout(kind="docsify", config_file=found, markdown_flavor="docsify")


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
