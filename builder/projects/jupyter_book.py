"""Read a Jupyter Book's table of contents: ``_toc.yml`` (Jupyter Book 1) or ``myst.yml``'s
``project.toc`` (mystmd, Jupyter Book 2), which give the page order.

``_toc.yml`` names its ``root`` page, then ``parts`` (each with ``chapters``), ``chapters`` or
``sections``, each entry a ``file`` (its path without a suffix), a ``glob`` or a ``url``, with
nested ``sections`` (or ``subtrees``, lists of ``entries``). ``myst.yml``'s ``toc`` lists
``file`` (with its suffix), ``pattern`` and ``url`` entries, a ``children`` list nesting
others. Files neither names come after, in path order, unless ``_config.yml`` sets
``only_build_toc_files: true``: then, as Jupyter Book builds it, they are no pages. Its
``exclude_patterns`` (and myst.yml's ``project.exclude``) are left out, as are ``_build`` and
the template and static folders its ``sphinx.config`` gives Sphinx.
Both files are YAML, read as data within MAX_CONFIG_BYTES; the entries visited are bounded.
"""

from __future__ import annotations

import fnmatch
import posixpath
import re
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from builder.globs import sphinx_pattern
from builder.parsers.markdown.flavor import MYSTMD, SPHINX
from builder.projects.config_file import read_yaml_document
from builder.projects.jupytext_scripts import ScriptPages, jupytext_suffixes, script_pages
from builder.projects.layout import MAX_ENTRIES, ProjectLayout

TOC_NAMES = ("_toc.yml", "_toc.yaml")
CONFIG_NAME = "_config.yml"
MYST_NAME = "myst.yml"
PAGE_SUFFIXES = (".md", ".ipynb", ".rst", ".myst")
BUILD_FOLDER = "_build"
# How deep entries nest before the rest is cut (MAX_ENTRIES: how many are visited).
MAX_DEPTH = 20
GLOB_ENTRY = "glob:"  # an order entry standing for the pages a pattern matches, in path order
# A folder named as a language is ("en", "ja", "pt_BR", "zh-Hans").
_LANGUAGE_FOLDER = re.compile(r"[a-z]{2}(?:[-_][A-Za-z]{2,4})?")
_ENGLISH = "en"
_NESTED = ("parts", "chapters", "sections", "subtrees", "entries", "children")


def find_jupyter_book(directory: Path) -> Path | None:
    """The table of contents in ``directory``: ``_toc.yml``, else a ``myst.yml`` with a
    ``project`` table."""
    for name in TOC_NAMES:
        if (directory / name).is_file():
            return directory / name
    myst = directory / MYST_NAME
    return myst if myst.is_file() else None


def language_book(toc_path: Path) -> Path | None:
    """The book of one language folder beside a ``myst.yml`` that lists no toc, which mystmd
    would read with every language's pages: Qamomile's docs/myst.yml beside docs/en/ and
    docs/ja/, each a book of its own. English's first, else the first by name."""
    if toc_path.name != MYST_NAME:
        return None
    document = _load(toc_path, [])
    project = document.get("project") if isinstance(document, dict) else None
    if isinstance(project, dict) and project.get("toc") is not None:
        return None
    books = sorted(
        (folder.name != _ENGLISH, folder.name, book)
        for folder in toc_path.parent.iterdir()
        if _LANGUAGE_FOLDER.fullmatch(folder.name)
        and (book := folder / MYST_NAME).is_file()
        and not folder.is_symlink()
    )
    return books[0][2] if books else None


def read_jupyter_book(toc_path: Path) -> ProjectLayout:
    """The layout the table of contents (and the book's config) gives its folder; the order
    holds paths as the file writes them (``_toc.yml``'s without a suffix) and ``glob:``
    patterns, which :func:`toc_order` resolves against the pages."""
    notes: list[str] = []
    document = _load(toc_path, notes)
    budget = [MAX_ENTRIES]
    order: list[str] = []
    exclude: list[str] = [BUILD_FOLDER]
    scripts = ScriptPages()
    if toc_path.name == MYST_NAME:
        project = document.get("project") if isinstance(document, dict) else None
        project = project if isinstance(project, dict) else {}
        _visit(project.get("toc"), order, 0, budget)
        exclude += _strings(project.get("exclude"))
    else:
        if isinstance(document, dict) and isinstance(document.get("root"), str):
            order.append(document["root"])
        _visit(document, order, 0, budget)
        config = _load(toc_path.parent / CONFIG_NAME, notes)
        if isinstance(config, dict):
            exclude += _strings(config.get("exclude_patterns"))
            exclude += _sphinx_asset_folders(config)
        if suffixes := jupytext_suffixes(config):
            scripts = script_pages(order, toc_path.parent, suffixes)
            renamed = dict(scripts.renamed)
            order = [renamed.get(entry, entry) for entry in order]
        if scripts.pages:
            notes.append(
                f"{len(scripts.pages)} script(s) read as notebooks with jupytext"
                f" ({CONFIG_NAME}'s nb_custom_formats), each the page of its name with .md"
            )
    if budget[0] <= 0:
        notes.append(f"{toc_path.name}: more than {MAX_ENTRIES} entries; the rest is not read")
    return ProjectLayout(
        kind="jupyterbook",
        # A myst.yml book is read by mystmd, whose directives differ from MyST-Parser's; a
        # _toc.yml book by Sphinx and MyST-Parser.
        markdown_flavor=MYSTMD if toc_path.name == MYST_NAME else SPHINX,
        config_file=toc_path.name,
        config_folder=toc_path.parent,
        exclude=_exclude_regex(exclude),
        exclude_patterns=tuple(exclude),
        suffixes=PAGE_SUFFIXES,
        order=tuple(dict.fromkeys(order)),
        generated=scripts.pages,
        generated_from=scripts.scripts,
        notes=tuple(notes),
    )


def complete_jupyter_book(layout: ProjectLayout, relpaths: Sequence[str]) -> ProjectLayout:
    """The layout with its order resolved against the listed pages, notes on entries that name
    none and on pages it does not name, which ``only_build_toc_files`` leaves out."""
    order, missing = toc_order(layout.order, relpaths)
    name = layout.config_file
    notes = list(layout.notes)
    if missing:
        notes.append(f"{name} names {len(missing)} page(s) that are not there: {_few(missing)}")
    listed = set(order)
    unlisted = [relpath for relpath in relpaths if relpath not in listed]
    only_listed = False
    if name in TOC_NAMES and layout.config_folder is not None:
        config = _load(layout.config_folder / CONFIG_NAME, [])
        only_listed = isinstance(config, dict) and config.get("only_build_toc_files") is True
    if unlisted:
        where = "left out (only_build_toc_files)" if only_listed else "listed after it"
        notes.append(f"{len(unlisted)} page(s) not in {name}, {where}: {_few(unlisted)}")
    return replace(layout, order=tuple(order), only_listed=only_listed, notes=tuple(notes))


def _few(items: Sequence[str]) -> str:
    return ", ".join(items[:5]) + (", …" if len(items) > 5 else "")


def toc_order(entries: Sequence[str], relpaths: Sequence[str]) -> tuple[list[str], list[str]]:
    """The pages ``entries`` name, in order, each once; and the entries that name none. A
    path without a suffix is the page with the first of PAGE_SUFFIXES that is there."""
    pages = set(relpaths)
    order: dict[str, None] = {}
    missing: list[str] = []
    for entry in entries:
        if entry.startswith(GLOB_ENTRY):
            pattern = entry.removeprefix(GLOB_ENTRY)
            matched = [
                r
                for r in sorted(relpaths)
                if fnmatch.fnmatchcase(posixpath.splitext(r)[0], pattern)
                or fnmatch.fnmatchcase(r, pattern)
            ]
            order.update(dict.fromkeys(matched))
            continue
        path = posixpath.normpath(entry.strip().lstrip("/"))
        found = next((c for c in (path, *(path + s for s in PAGE_SUFFIXES)) if c in pages), None)
        if found is None:
            missing.append(entry)
        else:
            order[found] = None
    return list(order), missing


def _visit(value: Any, order: list[str], depth: int, budget: list[int]) -> None:
    """Each ``file`` and ``glob`` (or ``pattern``) of ``value``'s entries, depth first."""
    if depth > MAX_DEPTH or budget[0] <= 0:
        return
    budget[0] -= 1
    if isinstance(value, list):
        for item in value:
            _visit(item, order, depth + 1, budget)
        return
    if not isinstance(value, dict):
        return
    file = value.get("file")
    if isinstance(file, str):
        order.append(file)
    pattern = value.get("glob", value.get("pattern"))
    if isinstance(pattern, str):
        order.append(GLOB_ENTRY + posixpath.normpath(pattern.lstrip("/")))
    for key in _NESTED:
        if key in value:
            _visit(value[key], order, depth + 1, budget)


def _load(path: Path, notes: list[str]) -> Any:
    """What a book's YAML file holds; None when there is none (a config is optional)."""
    return read_yaml_document(path, notes, "pages in path order") if path.is_file() else None


def _sphinx_asset_folders(config: dict[str, Any]) -> list[str]:
    """The folders ``sphinx.config`` gives Sphinx for templates and static files, which it
    reads no pages from: simphony 0.7.3's _templates/autosummary/*.rst, Jinja templates."""
    sphinx = config.get("sphinx")
    settings = sphinx.get("config") if isinstance(sphinx, dict) else None
    if not isinstance(settings, dict):
        return []
    return [*_strings(settings.get("templates_path")), *_strings(settings.get("html_static_path"))]


def _strings(value: Any) -> list[str]:
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


def _exclude_regex(patterns: Sequence[str]) -> str:
    """Jupyter Book hands its exclude patterns to Sphinx, which reads them so."""
    return "|".join(f"(?:{sphinx_pattern(p)})(?:/.*)?" for p in dict.fromkeys(patterns))
