"""Read an mdBook: ``book.toml`` names the pages' folder, ``SUMMARY.md`` the pages and their order.

mdBook renders the chapters ``SUMMARY.md`` links, and nothing else: a Markdown file it does not
link is no page (it may be a file chapters include), nor is ``SUMMARY.md`` itself. Chapters
come in the summary's order: prefix chapters, the numbered list (nested items after their
parent), part titles and suffix chapters. A draft chapter, ``- [Title]()``, has no file and no
page. ``book.toml``'s ``[book] src`` (default ``src``) is the pages' folder, relative to it. Both
files are read as data, within MAX_CONFIG_BYTES; one that cannot be read is a note, and the
defaults apply.
"""

from __future__ import annotations

import posixpath
import re
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path
from urllib.parse import unquote

from builder.parsers.markdown.flavor import MDBOOK
from builder.projects.config_file import read_config_bytes
from builder.projects.gen_files import inside_folder
from builder.projects.layout import ProjectLayout
from builder.toml_errors import UNREADABLE_TOML

CONFIG_NAME = "book.toml"
SUMMARY_NAME = "SUMMARY.md"
DEFAULT_SOURCE = "src"
PAGE_SUFFIXES = (".md",)
# A chapter line: an optional list marker, then a link; its text may hold brackets in code
# spans (``[`#[pyclass]`](class.md)``), its target may be in angle brackets. The quantifiers
# are possessive: a line that is no link fails at once, where backtracking through a text of
# code spans took exponential time (18 "`a`" and no "]": 7 s).
_CHAPTER = re.compile(
    r"[ \t]*(?:[-*+][ \t]+|\d{1,9}[.)][ \t]+)?"
    r"\[(?P<title>(?:`[^`\n]*`|\\.|[^\]\n])*+)\]"
    r"\((?:<(?P<angled>[^>\n]*+)>|(?P<target>[^)\s]*+))[^)\n]*+\)"
)
_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
_FENCE = re.compile(r"[ \t]*(`{3,}|~{3,})")


def find_mdbook_config(directory: Path) -> Path | None:
    """``book.toml`` of the book whose pages are in ``directory``: in it (the book's own
    folder) or in the folder above (when ``directory`` is the book's ``src``)."""
    for folder in (directory, directory.parent):
        config = folder / CONFIG_NAME
        if config.is_file() and (
            folder == directory or _same(_source_folder(config, []), directory)
        ):
            return config
    return None


def _same(one: Path, other: Path) -> bool:
    try:
        return one.resolve() == other.resolve()
    except (OSError, RuntimeError, ValueError):  # a loop of links; a NUL in a name
        return False


def read_mdbook(config: Path) -> ProjectLayout:
    """The layout of the book ``config`` describes."""
    notes: list[str] = []
    source = _source_folder(config, notes)
    summary_path = source / SUMMARY_NAME
    fallback = "every Markdown file is a page, in path order"
    raw = read_config_bytes(summary_path, notes, fallback) if summary_path.is_file() else None
    book = ProjectLayout(
        kind="mdbook",
        directory=source,
        config_file=CONFIG_NAME,
        config_folder=config.parent,
        suffixes=PAGE_SUFFIXES,
        markdown_flavor=MDBOOK,  # its Rust blocks' hidden lines (builder.parsers.markdown)
    )
    if raw is None:
        if not summary_path.is_file():
            notes.append(f"no {SUMMARY_NAME} in {source.name}/; {fallback}")
        return replace(
            book,
            exclude=re.escape(SUMMARY_NAME),
            exclude_patterns=(SUMMARY_NAME,),
            notes=tuple(notes),
        )
    chapters, drafts = summary_chapters(raw.decode("utf-8", "replace"))
    if drafts:
        notes.append(f"{SUMMARY_NAME}: {drafts} draft chapter(s) without a file, left out")
    return replace(
        book,
        order=tuple(relpath for relpath, _ in chapters),
        titles=tuple(chapters),
        only_listed=True,
        notes=tuple(notes),
    )


def summary_chapters(text: str) -> tuple[list[tuple[str, str]], int]:
    """The chapters ``SUMMARY.md`` links, in its order, as (relpath, title), each once; and how
    many draft chapters (links without a target) it has."""
    chapters: dict[str, str] = {}
    drafts = 0
    fence = ""
    for line in _COMMENT.sub("", text).split("\n"):
        opening = _FENCE.match(line)
        if fence or opening:  # a code block in the summary names no chapter
            if fence and opening and opening.group(1).startswith(fence):
                fence = ""
            elif not fence and opening:
                fence = opening.group(1)
            continue
        match = _CHAPTER.match(line)
        if match is None:
            continue
        target = (
            match.group("angled") if match.group("angled") is not None else match.group("target")
        )
        relpath = _chapter_path(target or "")
        if relpath is None:
            drafts += not (target or "").strip()
            continue
        chapters.setdefault(relpath, _plain_title(match.group("title")))
    return list(chapters.items()), drafts


def _chapter_path(target: str) -> str | None:
    """The page a chapter link names, relative to the pages' folder; None for a draft or for a
    link that is no page of the book (a web address, a path leaving the folder)."""
    path = unquote(target.split("#", 1)[0].strip())
    if not path or "://" in path or path.startswith(("/", "mailto:")):
        return None
    normal = posixpath.normpath(path)
    if normal.startswith("..") or normal == ".":
        return None
    return normal


def _plain_title(title: str) -> str:
    return re.sub(r"\\(.)", r"\1", title).replace("`", "").strip()


@dataclass(frozen=True)
class BookSettings:
    """What docbuild reads of ``book.toml``: the pages' folder and the book's title."""

    source: str = DEFAULT_SOURCE  # relative to book.toml's folder
    title: str | None = None


def read_book_settings(config: Path, notes: list[str] | None = None) -> BookSettings:
    """``[book] src`` and ``title`` of ``config``; the defaults, with a note in ``notes``, when
    the file cannot be read or names no folder inside the book's."""
    notes = [] if notes is None else notes
    fallback = f"pages in {DEFAULT_SOURCE}/"
    raw = read_config_bytes(config, notes, fallback)
    try:
        settings = tomllib.loads(raw.decode("utf-8", "replace")) if raw is not None else {}
    except UNREADABLE_TOML as exc:
        notes.append(f"{CONFIG_NAME}: not TOML ({exc}); {fallback}")
        settings = {}
    book = settings.get("book")
    book = book if isinstance(book, dict) else {}
    title = book.get("title") if isinstance(book.get("title"), str) else None
    source = book.get("src", DEFAULT_SOURCE)
    if not isinstance(source, str) or not source.strip() or "\0" in source:
        notes.append(f"{CONFIG_NAME}: [book] src is not a folder name; {fallback}")
        return BookSettings(title=title)
    if not inside_folder(config.parent / source, config.parent):
        notes.append(f"{CONFIG_NAME}: [book] src {source!r} leaves the book's folder; {fallback}")
        return BookSettings(title=title)
    return BookSettings(posixpath.normpath(source), title)


def _source_folder(config: Path, notes: list[str]) -> Path:
    """The folder of the book's pages."""
    return Path(
        posixpath.normpath((config.parent / read_book_settings(config, notes).source).as_posix())
    )
