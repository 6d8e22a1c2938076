"""Read what a built Sphinx site says of itself: the project's name and the release it documents.

A folder of HTML that Sphinx wrote (a Debian ``*-doc`` package, a downloaded ``_build/html``)
has no ``pyproject.toml`` to name it, but every such build writes its release into
``_static/documentation_options.js`` (``VERSION: '2.28.1'``) and, unless the project sets its
own ``html_title``, titles each page "<page> — <project> <release> documentation". The
Pallets theme's title (Flask, Blinker, CacheLib, Quart) is "<project> Documentation (<version>)",
its version the release's leading numbers ("0.9.x" for release 0.9.0).

A Debian ``*-doc`` package's folder also says which release the package is: the first entry
of its ``changelog.Debian.gz``, ``beautifulsoup4 (4.11.2-2) unstable``. That is the release
the docs ship with, where a build's own may be stale: python-bs4-doc 4.11.2's build names
4.9.0, the ``version`` its conf.py was left at, while its text says it covers 4.11.2.
"""

from __future__ import annotations

import gzip
import html
import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path

# Enough to hold the options object and a page's head; the files are read no further.
MAX_READ_BYTES = 64 * 1024
# Empty when conf.py sets no version (tenacity's Debian docs): still a Sphinx build.
_VERSION = re.compile(r"""\bVERSION\s*:\s*(['"])([^'"\n]{0,100})\1""")
_TITLE = re.compile(r"<title>(.*?)</title>", re.DOTALL | re.IGNORECASE)
# The first line of a Debian changelog: "source (epoch:upstream-revision) distribution; ...".
_DEBIAN_ENTRY = re.compile(
    r"^(?:python3?-)?(?P<source>\S+) \((?:\d+:)?(?P<upstream>[^()\s]+?)(?:-[^-()\s]+)?\) "
)
DEBIAN_CHANGELOG = "changelog.Debian.gz"
_PALLETS_TITLE = re.compile(r"^(?P<project>.+?) Documentation \((?P<version>[^()]+?)(?:\.x)?\)$")


@dataclass(frozen=True)
class BuiltSphinx:
    """The name and release a built Sphinx site gives itself; "" for what it does not say."""

    project: str
    version: str


def read_built_sphinx(folder: Path) -> BuiltSphinx | None:
    """What the Sphinx build in ``folder`` says of itself; None when it is no Sphinx build."""
    version = _VERSION.search(_head(folder / "_static" / "documentation_options.js"))
    if version is None:
        return None
    release = version.group(2).strip()
    return BuiltSphinx(_project_in_title(_head(folder / "index.html"), release), release)


def _project_in_title(page: str, release: str) -> str:
    """The project in an index page titled "... — <project> <release> documentation"."""
    title = _TITLE.search(page)
    if title is None or not release:
        return ""
    text = " ".join(html.unescape(title.group(1)).split())
    docs_title = text.rpartition(" \u2014 ")[2]
    suffix = f" {release} documentation"
    # A conf.py's own html_title may capitalise it ("CMake 3.25.1 Documentation").
    if docs_title.lower().endswith(suffix):
        return docs_title[: -len(suffix)].strip()
    pallets = _PALLETS_TITLE.match(docs_title)
    if pallets and f"{release}.".startswith(pallets.group("version") + "."):
        return pallets.group("project").strip()
    return ""


def _head(path: Path) -> str:
    """The file's first bytes as text; "" for anything but a regular file it can read. Opened
    without blocking, as builder.sources reads: a FIFO in a downloaded folder must not make
    open() wait for a writer forever."""
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
        with os.fdopen(descriptor, "rb") as file:
            if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
                return ""
            return file.read(MAX_READ_BYTES).decode("utf-8", "replace")
    except OSError:
        return ""


def debian_release(folder: Path) -> str:
    """The upstream release of the Debian package whose doc folder is ``folder``, from its
    changelog's first entry, without epoch, Debian revision or repack suffix (``+dfsg``);
    "" when ``folder`` holds no readable changelog.Debian.gz."""
    entry = _debian_entry(folder)
    return entry.group("upstream").partition("+")[0] if entry else ""


def debian_project(folder: Path) -> str:
    """The project the Debian package whose doc folder is ``folder`` is made from: its source
    package's name, without Debian's ``python-`` prefix (``python-uvicorn`` is uvicorn); ""
    when ``folder`` holds no readable changelog.Debian.gz."""
    entry = _debian_entry(folder)
    return entry.group("source") if entry else ""


def _debian_entry(folder: Path) -> re.Match[str] | None:
    try:
        with gzip.open(folder / DEBIAN_CHANGELOG, "rt", encoding="utf-8", errors="replace") as file:
            return _DEBIAN_ENTRY.match(file.readline(1024))
    except (OSError, EOFError):
        return None
