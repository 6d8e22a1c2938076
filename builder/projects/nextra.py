"""Read a Nextra site's page order: each folder's ``_meta.json`` (or ``_meta.js``, ``.ts``,
``.mjs``...) lists its pages and subfolders, in the sidebar's order, each with its title.

Nextra shows a folder's entries in the order its ``_meta`` file names them, those it does not
name after, in path order; a string value is the entry's title. Read in path order,
node-postgres' docs (Nextra 3) began with its announcements and put pg.Client after
pg.Cursor. The files are read as data, within MAX_CONFIG_BYTES: the keys at the top of the
object they export, never run.
"""

from __future__ import annotations

import re
from pathlib import Path

from builder.projects.config_file import read_config_bytes, without_comments
from builder.projects.content_pages import MAX_FOLDER_DEPTH
from builder.projects.layout import MAX_ENTRIES, ProjectLayout

META_STEM = "_meta"
META_SUFFIXES = (".json", ".js", ".mjs", ".ts", ".tsx", ".jsx")
PAGE_SUFFIXES = (".md", ".mdx")
# A key at the object's top level: a quoted string or a name, then ":"; and a string value.
_KEY = re.compile(r"""\s*(?:"((?:\\.|[^"\\\n])*)"|'((?:\\.|[^'\\\n])*)'|([A-Za-z_$][\w$-]*))\s*:""")
_STRING_VALUE = re.compile(r"""\s*(?:"((?:\\.|[^"\\\n])*)"|'((?:\\.|[^'\\\n])*)')\s*[,}]""")
_OPENERS, _CLOSERS = "{[(", "}])"


def read_nextra(directory: Path) -> ProjectLayout | None:
    """The layout of the Nextra pages folder ``directory`` (one holding a ``_meta`` file), or
    None when it is none."""
    if _meta_file(directory) is None:
        return None
    notes: list[str] = []
    order: list[str] = []
    titles: list[tuple[str, str]] = []
    _walk(directory, "", 0, order, titles, notes)
    return ProjectLayout(
        kind="nextra",
        suffixes=PAGE_SUFFIXES,
        order=tuple(order),
        titles=tuple(titles),
        notes=tuple(dict.fromkeys(notes)),
    )


def _meta_file(folder: Path) -> Path | None:
    return next(
        (
            folder / f"{META_STEM}{s}"
            for s in META_SUFFIXES
            if (folder / f"{META_STEM}{s}").is_file()
        ),
        None,
    )


def _walk(
    folder: Path,
    prefix: str,
    depth: int,
    order: list[str],
    titles: list[tuple[str, str]],
    notes: list[str],
) -> None:
    """Append the pages of ``folder`` (``prefix`` its path in the site) in sidebar order."""
    try:
        children = sorted(folder.iterdir())
    except OSError:
        return
    pages = {p.stem: p for p in children if p.is_file() and p.suffix.lower() in PAGE_SUFFIXES}
    folders = {
        p.name: p
        for p in children
        if p.is_dir() and not p.is_symlink() and not p.name.startswith((".", "_"))
    }
    meta = _meta_file(folder)
    entries = _meta_entries(meta, notes) if meta is not None else []
    named = [key for key, _ in entries if key in pages or key in folders]
    rest = sorted({*pages, *folders} - set(named))
    shown = dict(entries)
    for key in (*named, *rest):
        if len(order) >= MAX_ENTRIES:
            return
        if key in pages:
            relpath = f"{prefix}{pages[key].name}"
            order.append(relpath)
            if shown.get(key):
                titles.append((relpath, shown[key]))
        if key in folders and depth < MAX_FOLDER_DEPTH:
            _walk(folders[key], f"{prefix}{key}/", depth + 1, order, titles, notes)


def _meta_entries(meta: Path, notes: list[str]) -> list[tuple[str, str]]:
    """The keys at the top of the object ``meta`` exports, each with its title when its value
    is a string (else "")."""
    raw = read_config_bytes(meta, notes, "its folder's pages in path order")
    if raw is None:
        return []
    source = without_comments(raw.decode("utf-8", "replace"))
    start = source.find("{")
    if start < 0:
        return []
    entries: list[tuple[str, str]] = []
    depth, position, expect_key = 0, start, False
    quote = ""
    while position < len(source):
        char = source[position]
        if quote:
            position += 2 if char == "\\" else 1
            quote = "" if char == quote else quote
            continue
        if depth == 1 and expect_key:
            key = _KEY.match(source, position)
            expect_key = False
            if key is not None:
                name = next(g for g in key.groups() if g is not None)
                value = _STRING_VALUE.match(source, key.end())
                title = next((g for g in value.groups() if g is not None), "") if value else ""
                entries.append((name, title))
                position = key.end()
                continue
        if char in "\"'`":
            quote = char
        elif char in _OPENERS:
            depth += 1
            expect_key = depth == 1
        elif char in _CLOSERS:
            depth -= 1
            if depth <= 0:
                break
        elif char == "," and depth == 1:
            expect_key = True
        position += 1
    return entries
