"""scanpydoc's ``release-notes`` directive in a MyST page: the release files of a folder, a
section per minor release, newest first.

scanpy's and anndata's release notes are a file per release (``0.12.0.md``, ``0.12.1.md``)
beside one page that holds ```` ```{release-notes} . ```` and nothing else; conf.py keeps the
files out of the pages (``exclude_patterns = ["release-notes/[!i]*.md"]``) because the
directive shows them: under a ``Version 0.12`` section (labelled ``v0.12``) per minor
release, each file included as it is, newest first. The directive is rewritten here into
those headings and ``{include}`` fences, which :mod:`builder.parsers.markdown.myst_include`
then splices; without this the page was its title and every release was lost. A folder
holding no release file leaves the fence as it is (reno's directive of the same name takes
a title, not a folder).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Sequence
from itertools import groupby

from markdown_it.token import Token

from builder.includes import IncludeReader
from builder.parsers.markdown.myst_syntax import read_directive, top_level_directives
from builder.parsers.markdown.spliced import SpliceBuilder, Spliced
from schemas.versions import InvalidVersion, Version, parse_version

Tokenize = Callable[[str], Sequence[Token]]

DIRECTIVE = "release-notes"
# scanpydoc's FULL_VERSION_RE, matched on a file's stem: a release with its patch number.
_RELEASE_FILE = re.compile(r"^(\d+)\.(\d+)\.\d+")
_SUFFIXES = (".md", ".rst")


def has_release_notes(text: str) -> bool:
    return "{release-notes}" in text


def splice_release_notes(
    page: Spliced, relpath: str, reader: IncludeReader, tokenize: Tokenize
) -> Spliced:
    """``page`` (the page ``relpath``) with each top-level ``{release-notes}`` fence naming a
    folder of release files replaced by a section per minor release of ``{include}`` fences,
    every line on the directive's own."""
    lines = page.text.split("\n")
    builder = SpliceBuilder()
    done = 0
    for token, start, end in top_level_directives(tokenize(page.text), DIRECTIVE):
        directive = read_directive(token.info, token.content)
        if directive is None or not directive.argument:
            continue
        folder = posixpath.normpath(
            posixpath.join(posixpath.dirname(relpath), directive.argument.strip())
        )
        releases = _release_files(reader, folder)
        if not releases:
            continue
        for k in range(done, start):
            builder.add(lines[k], k)
        done = end
        for line in _sections(releases, directive.argument.strip()):
            builder.add(line, start)
    if not done:
        return page
    for k in range(done, len(lines)):
        builder.add(lines[k], k)
    return builder.build(page)


def _release_files(reader: IncludeReader, folder: str) -> list[tuple[Version, str]]:
    """The release files in ``folder`` (relative to the docs folder), newest first."""
    if not reader.where.docs.is_relative_to(reader.where.root):
        return []
    docs = reader.where.docs.relative_to(reader.where.root).as_posix()
    in_project = posixpath.normpath(posixpath.join(docs, folder))
    if in_project.startswith("../"):
        return []
    found: list[tuple[Version, str]] = []
    for name in reader.names_in(in_project):
        stem, suffix = posixpath.splitext(name)
        if suffix not in _SUFFIXES or not _RELEASE_FILE.match(stem):
            continue
        try:
            found.append((parse_version(stem), name))
        except InvalidVersion:
            continue
    return sorted(found, key=lambda release: release[0], reverse=True)


def _sections(releases: list[tuple[Version, str]], folder: str) -> list[str]:
    """The Markdown scanpydoc's directive stands for: a labelled ``Version X.Y`` section per
    minor release (at level 2, as its MyST backend places it), an include per file."""
    out: list[str] = []
    for (major, minor), group in groupby(releases, key=lambda r: r[0].release[:2]):
        out += [f"(v{major}.{minor})=", f"## Version {major}.{minor}", ""]
        for _, name in group:
            out += [f"```{{include}} {posixpath.join(folder, name)}", "```", ""]
    return out
