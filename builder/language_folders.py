"""Tell the translations of a docs tree's pages: folders named by a language beside an English one.

A manual built in several languages may keep each in a folder named by the language's code
(Apache httpd 2.4.71's manual/en/, manual/fr/, manual/ja/... each the same 244 pages). Read
whole, a page was read once per language: 7,000 of the manual's 10,800 sections were
translations, and a question in English found them beside the page it asked about. init
reads the English folder and leaves the others out.

A site may serve its default language at the top and each other one in a folder beside its
pages (Astro Starlight's root locale, src/content/docs/de/...): a language's folder whose pages
are mostly copies of the pages beside it is a translation too. Starlight 0.41.7's own docs
were 3,629 sections, 3,200 of them in sixteen other languages.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from pathlib import Path, PurePosixPath

# A language's code, perhaps with its region or script (fr, pt-br, zh-cn, zh_Hans).
_LANGUAGE = re.compile(r"[a-z]{2}(?:[-_][A-Za-z]{2,4})?")
_ENGLISH = "en"
# How deep below the docs folder the language folders are looked for (manual/en is 1).
_MAX_DEPTH = 3
# The share of a language folder's own pages found in the English folder (or, for a default
# language kept at the top, beside it) that makes it a translation.
_SHARED_PAGES = 0.5
_PAGE_SUFFIXES = (".html", ".htm", ".md", ".mdx")
# A folder holding only an index (a language's landing page) is no evidence of a copy.
_INDEX_STEMS = ("index", "README")
# A translation into a language not written in Latin letters often renames its pages as well
# (Commander.js 14.0.3's docs/zh-CN/术语表.md beside docs/terminology.md), so names cannot tell
# it; its text can: prose mostly in another script, beside pages whose prose is in Latin letters.
_OTHER_SCRIPT_SHARE = 0.5
_LATIN_SHARE = 0.9
_LAST_LATIN = 0x24F  # the end of Latin Extended-B
# What is read of a folder's pages to tell its script: enough, and bounded on a large manual.
_SAMPLE_PAGES, _SAMPLE_CHARS = 20, 20_000
_FENCE = re.compile(r"\s*(```|~~~)")


def translation_folders(folder: Path, skipped: Collection[str] = ()) -> tuple[str, ...]:
    """The folders under ``folder`` (POSIX paths relative to it) that hold another language's
    copy of an ``en`` folder beside them: named by a language's code, at least half of their
    pages found in the English folder by name. Folders named in ``skipped`` (no docs:
    node_modules, .git) are not looked into."""
    found: list[str] = []
    _look_in(folder, folder, 0, found, frozenset(skipped))
    return tuple(found)


def _look_in(
    root: Path, folder: Path, depth: int, found: list[str], skipped: frozenset[str]
) -> None:
    try:
        children = sorted(p for p in folder.iterdir() if p.is_dir() and not p.is_symlink())
    except OSError:
        return
    english = folder / _ENGLISH
    if english in children:
        pages = _pages(english)
        others = [c for c in children if c != english and _LANGUAGE.fullmatch(c.name)]
        for child in others if pages else ():
            own = _pages(child)
            if _translates(own, pages) or _written_apart(child, own, english, pages):
                found.append(child.relative_to(root).as_posix())
        return
    if _root_translations(root, folder, children, found, skipped):
        return
    if depth < _MAX_DEPTH:
        for child in children:
            if not child.name.startswith(".") and child.name not in skipped:
                _look_in(root, child, depth + 1, found, skipped)


def _root_translations(
    root: Path, folder: Path, children: list[Path], found: list[str], skipped: frozenset[str]
) -> bool:
    """Add the language folders of ``folder`` whose pages are mostly copies of the pages
    beside them (a default language kept at the top); whether there was one."""
    languages = [c for c in children if _LANGUAGE.fullmatch(c.name)]
    if not languages:
        return False
    others = [
        c
        for c in children
        if c not in languages and not c.name.startswith(".") and c.name not in skipped
    ]
    beside = {p.name for p in folder.iterdir() if p.suffix in _PAGE_SUFFIXES and p.is_file()}
    for other in others:
        beside.update(f"{other.name}/{page}" for page in _pages(other))
    translated = False
    for child in languages:
        own = _pages(child)
        if _translates(own, beside) or _written_apart(child, own, folder, beside):
            found.append(child.relative_to(root).as_posix())
            translated = True
    return translated


def _translates(own: set[str], original: set[str]) -> bool:
    """Whether a language folder's pages (``own``) are mostly copies of ``original``'s by
    name, one of them more than an index. Counted against its own pages, not the original's:
    a translation under way holds few of them (Astro's docs: de/ 60 of en/'s 420 pages, each
    one of them), and the site shows the original's for the rest."""
    shared = own & original
    return any(PurePosixPath(p).stem not in _INDEX_STEMS for p in shared) and (
        len(shared) >= _SHARED_PAGES * len(own)
    )


def _written_apart(folder: Path, own: set[str], beside: Path, original: set[str]) -> bool:
    """Whether a language folder's pages (``own``, under ``folder``) are written mostly in
    letters of another script than Latin while the ``original`` pages under ``beside`` are
    written mostly in Latin ones: a translation whatever its pages are named."""
    theirs = _other_script_share(folder, own)
    return (
        theirs is not None
        and theirs >= _OTHER_SCRIPT_SHARE
        and (
            (others := _other_script_share(beside, original)) is not None
            and others <= 1 - _LATIN_SHARE
        )
    )


def _other_script_share(folder: Path, pages: set[str]) -> float | None:
    """The share of the lines of prose (lines with a letter, outside code fences) of a sample
    of ``pages`` that hold a letter of another script than Latin; None when there is none.
    Counted by line, not letter: a Chinese line says in ten characters what takes forty Latin
    letters, and the code a translation keeps as it was is in Latin ones."""
    lines = other = 0
    for page in sorted(pages)[:_SAMPLE_PAGES]:
        try:
            with (folder / page).open(encoding="utf-8", errors="replace") as handle:
                text = handle.read(_SAMPLE_CHARS)
        except OSError:
            continue
        fence = False
        for line in text.splitlines():
            if _FENCE.match(line):
                fence = not fence
            elif not fence and any(char.isalpha() for char in line):
                lines += 1
                other += any(char.isalpha() and ord(char) > _LAST_LATIN for char in line)
    return other / lines if lines else None


def _pages(folder: Path) -> set[str]:
    """The relative paths of the pages (HTML and Markdown) under ``folder``."""
    return {
        path.relative_to(folder).as_posix()
        for path in folder.rglob("*")
        if path.suffix in _PAGE_SUFFIXES
    }
