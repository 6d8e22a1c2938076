"""Read a Quarto website: the page order of its ``_quarto.yml``, and quartodoc's API pages.

Quarto renders the ``.qmd``, ``.md`` and ``.ipynb`` files of the project folder, leaving out
files and folders whose names start with ``_`` or ``.`` (its partials, ``_site``, ``_extensions``)
and its ``output-dir``. Pages come in the order of ``website.sidebar``'s ``contents`` (each
sidebar in turn, sections nested), then of the navbar's; pages neither names come after, in
path order.

quartodoc (a ``quartodoc:`` section, or one in the file its build recipe names:
builder.projects.quartodoc_config) writes the API reference at build time, into ``dir``
(default ``reference``): an ``index.qmd`` listing the ``sections`` with their titles and
descriptions, and a page per object their ``contents`` name (one page of its objects for a
``kind: page`` entry, at its ``path``), documented from the code (after
the sidebar's pages, index first, in the order of its sections). Those
pages are written here as mkdocstrings ``::: package.name`` blocks, which the Markdown parser
fills from the code like any other, in quartodoc's docstring style (``parser``, default numpy).
The file is YAML, read without running anything; only literal values count.
"""

from __future__ import annotations

import hashlib
import posixpath
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from builder.globs import atomic_double_star, atomic_star
from builder.projects.config_file import read_yaml_config
from builder.projects.gen_files import MAX_GENERATED_PAGES, GeneratedPage
from builder.projects.layout import MAX_ENTRIES, ProjectLayout
from builder.projects.quartodoc_config import quartodoc_settings

CONFIG_NAMES = ("_quarto.yml", "_quarto.yaml")
# How deep sidebar, navbar and quartodoc sections nest before the rest is cut (MAX_ENTRIES:
# how many entries are visited).
MAX_DEPTH = 20
PAGE_SUFFIXES = (".qmd", ".md", ".ipynb")
# What Quarto leaves out of a website: files and folders named with a leading _ or .
HIDDEN_PATTERNS = ("_*", ".*", "**/_*", "**/.*")
QUARTODOC_DEFAULT_DIR = "reference"
_DOCSTRING_STYLES = frozenset({"numpy", "google", "sphinx"})
_OBJECT_NAME = re.compile(r"[A-Za-z_][\w.:]*")


def find_quarto_config(directory: Path) -> Path | None:
    """``_quarto.yml`` in the docs folder, if any."""
    return next((directory / n for n in CONFIG_NAMES if (directory / n).is_file()), None)


def read_quarto(config_path: Path) -> ProjectLayout:
    """The layout ``config_path`` gives the docs folder it is in."""
    name = config_path.name
    notes: list[str] = []
    config = read_yaml_config(config_path, notes, "pages in path order")
    project = config.get("project")
    output = project.get("output-dir") if isinstance(project, dict) else None
    output_dir = posixpath.normpath(output.strip("/")) if isinstance(output, str) else "."
    output_dir = "" if output_dir.startswith("..") or output_dir == "." else output_dir
    # The output-dir is a folder's path, matched as written: read as a glob, "**/**/**/..."
    # or "*a*a*a...b" made a regular expression that backtracked for ever on a long relpath.
    exclude = _exclude_regex(HIDDEN_PATTERNS)
    exclude += f"|{re.escape(output_dir)}(?:/.*)?" if output_dir else ""
    order: list[str] = []
    website = config.get("website")
    if isinstance(website, dict):
        budget = [MAX_ENTRIES]
        sidebars = website.get("sidebar")
        for sidebar in sidebars if isinstance(sidebars, list) else [sidebars]:
            if isinstance(sidebar, dict):
                _entries(sidebar.get("contents"), order, 0, budget)
        navbar = website.get("navbar")
        if isinstance(navbar, dict):
            for side in ("left", "right"):
                _entries(navbar.get(side), order, 0, budget)
        if budget[0] <= 0:
            notes.append(f"{name}: over {MAX_ENTRIES} sidebar entries; the rest is not read")
    settings = quartodoc_settings(config, config_path, notes)
    generated, sources = _quartodoc_pages(settings, notes)
    return ProjectLayout(
        kind="quarto",
        config_file=name,
        exclude_patterns=(*HIDDEN_PATTERNS, *([output_dir] if output_dir else [])),
        exclude=exclude,
        suffixes=PAGE_SUFFIXES,
        order=tuple(dict.fromkeys([*order, *(page.relpath for page in generated)])),
        generated=generated,
        generated_from=sources,
        notes=tuple(notes),
    )


def _entries(value: Any, order: list[str], depth: int, budget: list[int]) -> None:
    """Append the pages a sidebar or navbar ``contents`` value names, in its order: a path,
    or an entry with ``href``/``file`` and nested ``contents`` (a section's)."""
    if depth > MAX_DEPTH or budget[0] <= 0:
        return
    for entry in value if isinstance(value, list) else [value]:
        budget[0] -= 1
        if budget[0] <= 0:
            return
        if isinstance(entry, str):
            _page(entry, order)
        elif isinstance(entry, dict):
            for key in ("href", "file"):
                target = entry.get(key)
                if isinstance(target, str):
                    _page(target, order)
            _entries(entry.get("contents"), order, depth + 1, budget)


def _page(target: str, order: list[str]) -> None:
    """A link's page, relative to the project folder (``/guide/x.qmd`` and ``guide/x.qmd``)."""
    if "://" in target or target.startswith(("#", "mailto:")):
        return
    path = posixpath.normpath(target.split("#", 1)[0].lstrip("/"))
    if path.startswith("..") or path == ".":
        return
    if path.endswith(PAGE_SUFFIXES):
        order.append(path)


def _exclude_regex(patterns: tuple[str, ...]) -> str:
    """The excluded names as one regular expression over relpaths."""
    return "|".join(f"(?:{_pattern_regex(pattern)})(?:/.*)?" for pattern in patterns)


def _pattern_regex(pattern: str) -> str:
    """One of Quarto's render patterns: ``**/`` spans folders, ``*`` stays in one (matched
    as builder.globs.atomic_star says, where another star follows in the segment, and a
    ``**/`` before another as atomic_double_star says)."""
    out: list[str] = []
    i = 0
    while i < len(pattern):
        folders = atomic_double_star(pattern, i) if pattern.startswith("**/", i) else None
        if (
            folders
            and pattern.startswith("**/", folders[1])  # a bare "**" is two stars here
            and "?" not in pattern[i : folders[1]]  # a literal "?" here, a wildcard there
        ):
            out.append(folders[0])
            i = folders[1]
        elif pattern.startswith("**/", i):
            out.append("(?:[^/]*/)*")
            i += 3
        elif (
            pattern[i] == "*"
            and (atomic := atomic_star(pattern, i))
            and "?" not in pattern[i : atomic[1]]  # a literal "?" here, a wildcard there
        ):
            out.append(atomic[0])
            i = atomic[1]
        else:
            out.append("[^/]*" if pattern[i] == "*" else re.escape(pattern[i]))
            i += 1
    return "".join(out)


def _quartodoc_pages(
    settings: Any, notes: list[str]
) -> tuple[tuple[GeneratedPage, ...], tuple[tuple[str, str], ...]]:
    """The pages quartodoc writes for its ``settings``, and a digest of each (for the cache)."""
    if not isinstance(settings, dict):
        return (), ()
    package = settings.get("package")
    folder = settings.get("dir", QUARTODOC_DEFAULT_DIR)
    style = settings.get("parser", "numpy")
    style = style if isinstance(style, str) and style in _DOCSTRING_STYLES else "numpy"
    if not isinstance(folder, str) or posixpath.normpath(folder).startswith(("..", "/")):
        notes.append("quartodoc: dir is not a folder of the project; no API pages")
        return (), ()
    folder = posixpath.normpath(folder)
    prefix = "" if folder == "." else f"{folder}/"  # "dir: ." writes beside _quarto.yml
    sections = settings.get("sections")
    index: list[str] = ["# Function reference\n"]
    budget = [MAX_ENTRIES]
    pages: dict[str, GeneratedPage] = {}
    for section in sections if isinstance(sections, list) else []:
        if not isinstance(section, dict):
            continue
        heading = section.get("title") or section.get("subtitle")
        if isinstance(heading, str) and heading.strip():
            index.append(f"{'##' if 'title' in section else '###'} {heading.strip()}\n")
        if isinstance(section.get("desc"), str):
            index.append(section["desc"].strip() + "\n")
        owner = section.get("package", package)
        names: list[tuple[str, Any]] = []
        grouped: list[_GroupPage] = []
        _object_names(section.get("contents"), owner, names, 0, budget, grouped)
        for name, package_of in names:
            relpath = f"{prefix}{name}.qmd"
            index.append(f"- [{name}]({name}.qmd)")
            if relpath not in pages and len(pages) < MAX_GENERATED_PAGES:
                pages[relpath] = GeneratedPage(relpath, _block(name, package_of, style))
        for group in grouped:
            relpath = f"{prefix}{group.path}.qmd"
            index.append(f"- [{group.title}]({group.path}.qmd)")
            if relpath not in pages and len(pages) < MAX_GENERATED_PAGES:
                blocks = [_block(name, package_of, style) for name, package_of in group.names]
                text = "\n".join([f"# {group.title}\n", group.desc, *blocks])
                pages[relpath] = GeneratedPage(relpath, text)
        index.append("")
    if not pages:
        return (), ()
    written = (GeneratedPage(f"{prefix}index.qmd", "\n".join(index)), *pages.values())
    notes.append(f"quartodoc: {len(pages)} API page(s) under {folder}/, from the code")
    sources = tuple(
        (page.relpath, hashlib.sha256(page.text.encode("utf-8")).hexdigest()) for page in written
    )
    return written, sources


def _block(name: str, package: Any, style: str) -> str:
    """The mkdocstrings block that documents ``name`` of ``package`` as quartodoc does."""
    full = f"{package}.{name}" if isinstance(package, str) and package else name
    return (
        f"::: {full.replace(':', '.')}\n    options:\n      docstring_style: {style}\n"
        "      show_bases: false\n"  # quartodoc shows no bases
    )


@dataclass(frozen=True)
class _GroupPage:
    """A ``kind: page`` entry: one page at ``path`` (in ``dir``) documenting ``names``."""

    path: str
    title: str
    desc: str
    names: tuple[tuple[str, Any], ...]


def _object_names(
    contents: Any,
    owner: Any,
    names: list[tuple[str, Any]],
    depth: int,
    budget: list[int],
    grouped: list[_GroupPage] | None = None,
) -> None:
    """The object names a section's ``contents`` lists, each with its package: a name, an
    entry's ``name`` (its own ``package`` over the section's ``owner``, as quartodoc reads
    plotnine's ``{name: PlotnineAnimation, package: plotnine.animation}``), or a ``kind: page``
    entry's own ``contents``. A ``kind: page`` entry with a ``path`` is one page of its
    objects, as quartodoc writes it (ibis 12's reference/expression-tables.qmd): appended
    to ``grouped`` when given."""
    if depth > MAX_DEPTH or not isinstance(contents, list):
        return
    for entry in contents:
        budget[0] -= 1
        if len(names) >= MAX_GENERATED_PAGES or budget[0] < 0:
            return
        name = entry.get("name") if isinstance(entry, dict) else entry
        package = entry.get("package", owner) if isinstance(entry, dict) else owner
        if isinstance(name, str) and _OBJECT_NAME.fullmatch(name.strip()):
            names.append((name.strip(), package))
        elif isinstance(entry, dict):
            path = _group_path(entry)
            if path is None or grouped is None:
                _object_names(entry.get("contents"), package, names, depth + 1, budget, grouped)
                continue
            members: list[tuple[str, Any]] = []
            _object_names(entry.get("contents"), package, members, depth + 1, budget)
            summary = entry.get("summary")
            summary = summary if isinstance(summary, dict) else {}
            title, desc = summary.get("name"), summary.get("desc")
            title = title.strip() if isinstance(title, str) and title.strip() else path
            desc = desc.strip() if isinstance(desc, str) else ""
            grouped.append(_GroupPage(path, title, desc, tuple(members)))


def _group_path(entry: dict[Any, Any]) -> str | None:
    """The page path of a ``kind: page`` entry (relative to ``dir``, no suffix); None for
    another entry, or a path that leaves the folder."""
    path = entry.get("path")
    if entry.get("kind") != "page" or not isinstance(path, str) or not path.strip():
        return None
    normal = posixpath.normpath(path.strip().removesuffix(".qmd"))
    return None if normal.startswith(("..", "/")) or normal == "." else normal
