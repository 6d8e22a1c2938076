"""The upstream changelog a Debian ``*-doc`` package keeps beside its built docs, as a page.

Debian installs a package's upstream changelog as ``usr/share/doc/<package>/changelog.gz``
(its own as ``changelog.Debian.gz``), beside the ``html/`` folder the docs are read from; the
built pages may lack it: python-aiohttp-doc 3.8.4's ``changes.html`` says "Temporarily removed
in Debian, sorry.", while its changelog.gz holds every release since 0.1. So a version whose
docs folder is such a package's ``html/`` reads it as one more page, in the
markup it is written in: Markdown (an ATX heading: uvicorn's "## 0.17.6 - 2022-03-11"), reST
(a title underlined: yarl's, towncrier's), else plain text. A page of the built docs that
already names most of its first releases is that changelog (sortedcontainers' history.html),
and then it is not read twice.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from builder.built_sphinx import DEBIAN_CHANGELOG
from builder.gzip_pages import gunzip_page
from builder.parsers.release_lines import CHANGELOG_STEM
from builder.projects.gen_files import GeneratedPage

UPSTREAM_CHANGELOG = "changelog.gz"
# The folder of a package's docs that Debian's Sphinx builds write.
_HTML_FOLDER = "html"
# The most of the changelog read, decompressed (a gzip bomb is refused, not expanded).
MAX_CHANGELOG_BYTES = 4 * 1024 * 1024
# A changelog's release headings, by what follows a version number at a line's start (after
# "## ", "v" or "Version "); the first few are looked for in the built pages.
_RELEASE = re.compile(
    r"^(?:#{1,6}[ \t]+)?(?:\[)?(?:v|version[ \t]+)?(\d+\.\d+(?:\.\d+)*(?:[a-z]+\d*)?)\b",
    re.IGNORECASE | re.MULTILINE,
)
_RELEASES_COMPARED = 6
# A version number written anywhere in a built page, taken whole (greedy, never backtracked
# into): "1.0" is not shown by "1.0.1".
_VERSION_NUMBER = re.compile(r"(?<![\d.])\d+(?:\.\d+)+(?:[a-z]+\d*)?", re.IGNORECASE)
_ATX_HEADING = re.compile(r"^#{1,6}[ \t]+\S", re.MULTILINE)
_RST_TITLE = re.compile(r"^[^\s].*\n(?:={3,}|-{3,}|~{3,}|\*{3,}|\^{3,})[ \t]*$", re.MULTILINE)


def upstream_changelog(docs: Path, pages: Sequence[tuple[str, Path]]) -> GeneratedPage | None:
    """The page of the upstream changelog beside ``docs`` (a Debian package's ``html/``
    folder, whose ``pages`` are its built pages: each one's path there and its file), or None:
    not such a folder, no readable changelog, or one a page of ``pages`` already shows."""
    package = docs.parent
    if docs.name != _HTML_FOLDER or not (package / DEBIAN_CHANGELOG).is_file():
        return None
    text = _read(package / UPSTREAM_CHANGELOG)
    if not text.strip() or _shown_already(pages, text):
        return None
    suffix = ".md" if _ATX_HEADING.search(text) else ".rst" if _RST_TITLE.search(text) else ".txt"
    stems = {Path(relpath).with_suffix("").as_posix().lower() for relpath, _ in pages}
    name = "changelog" if "changelog" not in stems else "upstream-changelog"
    return GeneratedPage(name + suffix, text)


def _read(path: Path) -> str:
    """The text of the file at ``path``, gunzipped when it is gzip; "" when unreadable, a
    link (which may lead out of the package) or bigger than MAX_CHANGELOG_BYTES."""
    try:
        if path.is_symlink() or not path.is_file():
            return ""
        with path.open("rb") as file:
            data = file.read(MAX_CHANGELOG_BYTES + 1)
    except OSError:
        return ""
    if path.suffix == ".gz":
        page, _ = gunzip_page(data, MAX_CHANGELOG_BYTES)
        data = page or b""
    return "" if len(data) > MAX_CHANGELOG_BYTES else data.decode("utf-8", "replace")


def _shown_already(pages: Sequence[tuple[str, Path]], text: str) -> bool:
    """Whether a built page named as a changelog names most of the changelog's first
    releases."""
    releases = list(dict.fromkeys(m.group(1) for m in _RELEASE.finditer(text)))
    first = releases[:_RELEASES_COMPARED]
    if not first:
        return False
    for relpath, path in pages:
        if not CHANGELOG_STEM.fullmatch(Path(relpath).stem):
            continue
        shown = set(_VERSION_NUMBER.findall(_read(path)))
        if 2 * sum(release in shown for release in first) > len(first):
            return True
    return False
