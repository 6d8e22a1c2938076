"""The release notes at the top of a JavaScript project whose docs are a site in a folder of
it, as one more page of the site.

node-postgres keeps its Nextra site in ``docs/pages`` and its ``CHANGELOG.md`` at the
repository's top: the releases of pg, pg-pool, pg-cursor and pg-query-stream, about eighty,
each with what it added ("Add ``client.getTransactionStatus()``" in pg@8.21.0). The site has
announcements of two major releases only, so which release brought a feature was in no page.
``docbuild init`` reads an npm package's plain Markdown folder with the release notes at its
top (builder.survey); a docs tool's site is read from its own folder, so its notes come in
here: when the project's top holds a ``package.json`` and notes named as release notes that
head at least MIN_RELEASES releases, and no page of the site is named so or names the file
(a page that imports or includes it shows it already). The page keeps the file's name and
comes after the site's pages. Docusaurus' versioned copies (``versioned_docs/version-X``)
are left as they are: the notes at the top are the working tree's, not that release's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path, PurePosixPath

from builder.parsers.release_lines import CHANGELOG_NAME
from builder.projects.gen_files import GeneratedPage

PACKAGE_FILE = "package.json"
# The release notes' names, the first found read.
NOTES_NAMES = ("CHANGELOG.md", "CHANGES.md", "HISTORY.md", "RELEASES.md", "NEWS.md")
# Release headings that make a file release notes: "## pg@8.23.0", "## [4.16.0](...)",
# "### v0.14.0", "## 1.2.0 - 2024-01-02".
MIN_RELEASES = 3
_RELEASE_HEADING = re.compile(r"^#{1,6}[ \t]+\S{0,80}?(?<![\w.])v?\d+\.\d+", re.MULTILINE)
# The most of the notes (and of a page looked through for their name) read.
MAX_NOTES_BYTES = 4 * 1024 * 1024
_VERSIONED_COPIES = re.compile(r"(?:\w+_)?versioned_docs")


def package_changelog(
    docs: Path, project: Path, pages: Sequence[tuple[str, Path]]
) -> GeneratedPage | None:
    """The page of the release notes at the top of ``project`` for the site in ``docs``
    (``pages`` its pages: each one's path there and its file), or None."""
    docs, project = docs.resolve(), project.resolve()
    if docs == project or not docs.is_relative_to(project):
        return None
    if not (project / PACKAGE_FILE).is_file():
        return None
    if any(_VERSIONED_COPIES.fullmatch(part) for part in docs.relative_to(project).parts):
        return None
    name = next((n for n in NOTES_NAMES if (project / n).is_file()), None)
    if name is None:
        return None
    # A page whose name says it holds release notes already (not "release-process").
    if any(CHANGELOG_NAME.fullmatch(PurePosixPath(relpath).stem) for relpath, _ in pages):
        return None
    text = _read(project / name).decode("utf-8", "replace")
    if len(_RELEASE_HEADING.findall(text)) < MIN_RELEASES:
        return None
    if any(name.encode() in _read(path) for _, path in pages):
        return None
    return GeneratedPage(name, text)


def _read(path: Path) -> bytes:
    """The bytes of the file at ``path``; none when unreadable, a link (which may lead out
    of the project) or bigger than MAX_NOTES_BYTES."""
    try:
        if path.is_symlink() or not path.is_file():
            return b""
        with path.open("rb") as file:
            data = file.read(MAX_NOTES_BYTES + 1)
    except OSError:
        return b""
    return b"" if len(data) > MAX_NOTES_BYTES else data
