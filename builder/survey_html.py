"""Tell whether an HTML file is a page a person reads, for ``docbuild init``'s survey of a docs
folder (builder.survey_docs): not the empty shell of an app a script renders, nor the build of
the folder's own Markdown.

A demo site built with React or Vue ships an ``index.html`` whose body is ``<div
id="root"></div>`` and script tags; an npm package may hold one in its doc folder beside its
README (hotkeys-js' doc/), where counting it as a page of docs made the folder the docs and
left out the README, the package's only docs.
"""

from __future__ import annotations

import gzip
import re
from pathlib import Path

# A page's text is in its first megabyte, or the page is not one a person reads.
MAX_READ_BYTES = 1 << 20
# What shows no text: the head, scripts, styles, templates, comments and the tags themselves.
_UNSHOWN = re.compile(
    r"<(head|script|style|template|noscript)\b.*?</\1\s*>|<!--.*?-->|<[^>]*>",
    re.DOTALL | re.IGNORECASE,
)


def holds_text(path: Path) -> bool:
    """Whether the HTML file ``path`` (or a gzipped one, ``.html.gz``) shows any text."""
    try:
        with gzip.open(path) if path.suffix == ".gz" else path.open("rb") as file:
            data = file.read(MAX_READ_BYTES)
    except (OSError, EOFError):
        return False
    text = _UNSHOWN.sub(" ", data.decode("utf-8", errors="replace"))
    return not text.isspace() and bool(text.replace("&nbsp;", "").strip())


def are_docs(pages: list[Path], stems: list[str], sources: set[str]) -> bool:
    """Whether a folder's HTML ``pages`` (named ``stems``, without their suffixes) are pages of
    docs: one of them shows text, and they are not the build of the folder's Markdown or reST
    files (named ``sources``)."""
    return any(map(holds_text, pages)) and not _built_from_sources(stems, sources)


def _built_from_sources(stems: list[str], sources: set[str]) -> bool:
    """Whether most HTML pages are named as the folder's Markdown or reST files: the HTML a
    script built from them, which npm ships beside them (docs/output/commands/npm-install.html
    of docs/content/commands/npm-install.md). The Markdown is what the authors wrote; its
    build adds each page's chrome and a table of contents, a section of links on every page."""
    built = sum(1 for stem in stems if stem in sources)
    return built * 2 > len(stems)
