"""The pages an MkDocs nav names that a build step copies from the project's top files.

A project whose home page is its README, or whose changelog page is its HISTORY.md, often
keeps one copy: a script or a hook writes ``docs/index.md`` from ``README.md`` before
``mkdocs build`` (einops' ``scripts/convert_readme.py``), or ``changelog.md`` from
``HISTORY.md`` (pydantic's docs plugin), and the nav names a page the checkout does not have.
Such a page reads as the top file it is made from: its text, at the path the nav names. Only
a page at the top of docs_dir is read so, and only from a file of the folder mkdocs.yml is in.
"""

from __future__ import annotations

import hashlib
import stat
from collections.abc import Collection, Iterable
from pathlib import Path, PurePosixPath

from builder.projects.config_file import names_a_path
from builder.projects.gen_files import GeneratedPage, GeneratedPages

# The pages of the nav (by stem, without case) a top file of which names (by stem) is copied
# to: the home page from the README, the release notes from the changelog of any such name.
_HOME_PAGES = ("index", "readme")
_HOME_SOURCES = ("readme",)
_NOTES_NAMES = ("changelog", "changes", "history", "news", "release-notes", "release_notes")
_COPIED_SUFFIXES = (".md", ".markdown")
# A README or changelog is text of a few hundred KB at most; a larger file is not copied.
MAX_COPIED_BYTES = 4 * 1024 * 1024


def copied_pages(
    order: Iterable[str], docs_root: Path, config_folder: Path, written: Collection[str]
) -> GeneratedPages:
    """The pages of ``order`` (the nav's, under ``docs_root``) that are not there, nor
    ``written`` by another step, and that a top file of ``config_folder`` is the source of:
    each with that file's text; its name and sha256 for the build cache, and a note."""
    tops = _top_files(config_folder)
    pages: list[GeneratedPage] = []
    sources: list[tuple[str, str]] = []
    for relpath in order:
        page = PurePosixPath(relpath)
        if len(page.parts) != 1 or page.suffix.lower() != ".md" or relpath in written:
            continue
        if names_a_path(docs_root / relpath):
            continue
        stem = page.stem.lower()
        wanted = _HOME_SOURCES if stem in _HOME_PAGES else _NOTES_NAMES
        if stem not in _HOME_PAGES and stem not in _NOTES_NAMES:
            continue
        source = next((tops[name] for name in wanted if name in tops), None)
        data = _read(source, config_folder) if source is not None else None
        if source is None or data is None:
            continue
        pages.append(GeneratedPage(relpath, data.decode("utf-8", "replace")))
        sources.append((source.name, hashlib.sha256(data).hexdigest()))
    if not pages:
        return GeneratedPages()
    shown = ", ".join(
        f"{page.relpath} from {name}" for page, (name, _) in zip(pages, sources, strict=True)
    )
    note = f"nav names {len(pages)} page(s) a build step copies from the project's top: {shown}"
    return GeneratedPages(tuple(pages), scripts=tuple(sources), notes=(note,))


def _top_files(folder: Path) -> dict[str, Path]:
    """{stem without case: file} of the Markdown files in ``folder``, first by name."""
    try:
        entries = sorted(folder.iterdir())
    except OSError:
        return {}
    found: dict[str, Path] = {}
    for entry in entries:
        if entry.suffix.lower() in _COPIED_SUFFIXES:
            found.setdefault(entry.stem.lower(), entry)
    return found


def _read(path: Path, folder: Path) -> bytes | None:
    """The bytes of ``path`` when it is a regular file of at most MAX_COPIED_BYTES that stays
    in ``folder`` once links are followed (a README linked to /etc/passwd is not copied)."""
    try:
        if not path.resolve().is_relative_to(folder.resolve()):
            return None
        status = path.stat()
        if not stat.S_ISREG(status.st_mode) or status.st_size > MAX_COPIED_BYTES:
            return None
        return path.read_bytes()
    except OSError:
        return None
