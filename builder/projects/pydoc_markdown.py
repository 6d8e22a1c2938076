"""Read a Pydoc-Markdown project: ``pydoc-markdown.yml`` lists the site's pages, Markdown files
and pages of API objects, in its order.

Pydoc-Markdown's MkDocs and Hugo renderers build the pages their ``pages`` list names, and no
other: a page's ``source`` is a Markdown file (relative to the config's folder), its
``contents`` are globs of the dotted names of API objects it documents (``pkg.mod.*``: the
module and all it holds; ``pkg.mod.Class``: that object alone), its ``children`` pages below
it. The files are read in that order with the pages' titles, and no other file of the docs
folder is a page; each page of contents becomes a generated page of mkdocstrings blocks in the
docs folder, at the path Pydoc-Markdown writes it to in its own (its name, or its title in
lowercase with dashes, below its parents'), documented from the code as any such block is.
A folder the Python loader's ``search_path`` names that is a package itself prefixes the names,
which Pydoc-Markdown reads from inside it. The config is read as data, within
MAX_CONFIG_BYTES; its other renderers (one Markdown file, Docusaurus) list no pages and are
not read.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from builder.projects.config_file import read_yaml_config
from builder.projects.gen_files import GeneratedPage, inside_folder
from builder.projects.layout import MAX_ENTRIES, ProjectLayout

CONFIG_NAMES = ("pydoc-markdown.yml", "pydoc-markdown.yaml")
# How many folders above the docs folder its config is looked for.
CONFIG_LEVELS_UP = 8
# The renderers whose config lists the site's pages, each a Markdown file or API objects.
PAGE_RENDERERS = ("mkdocs", "hugo")
PAGE_SUFFIXES = (".md",)
# A page list nested deeper than this is cut, with a note.
MAX_DEPTH = 20
_DOTTED = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")
# mkdocstrings' options for a module Pydoc-Markdown documents with all it holds: its modules
# too, each docstring's style inferred (its "smart" processor reads Sphinx, Google and its own).
_ALL_OPTIONS = "    options:\n      show_submodules: true\n      docstring_style: auto\n"
_ALONE_OPTIONS = "    options:\n      members: false\n      docstring_style: auto\n"


@dataclass
class _Pages:
    """What the walk of the pages list finds, in its order."""

    order: list[str] = field(default_factory=list)
    titles: dict[str, str] = field(default_factory=dict)
    generated: list[GeneratedPage] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    entries: int = 0


def find_pydoc_markdown_config(directory: Path, tree_root: Path | None) -> Path | None:
    """The Pydoc-Markdown config of a pages renderer in ``directory`` or a folder above it (at
    most CONFIG_LEVELS_UP, never above ``tree_root``) whose pages' sources are in
    ``directory``, or whose pages are all API objects; None when there is none. The config
    is at the project's top, and docbuild init takes the docs folder to be the deepest one
    holding every page, however deep."""
    for folder in (directory, *list(directory.parents)[:CONFIG_LEVELS_UP]):
        for name in CONFIG_NAMES:
            config = folder / name
            if config.is_file() and _describes(config, directory):
                return config
        if tree_root is not None and _same(folder, tree_root):
            break
    return None


def read_pydoc_markdown(config_path: Path, directory: Path) -> ProjectLayout:
    """The layout ``config_path`` gives the docs folder ``directory``."""
    notes: list[str] = []
    config = read_yaml_config(config_path, notes, "every Markdown file is a page, in path order")
    renderer = _renderer(config)
    pages = _Pages(notes=notes)
    prefix = _search_prefix(config, config_path.parent)
    base = config_path.parent.resolve()
    walk = renderer.get("pages") if isinstance(renderer, dict) else None
    if isinstance(walk, list):
        _walk(walk, (), 0, pages, base, directory.resolve(), prefix, config_path.name)
    extensions = renderer.get("mkdocs_config") if isinstance(renderer, dict) else None
    markdown = extensions.get("markdown_extensions") if isinstance(extensions, dict) else None
    return ProjectLayout(
        kind="pydoc-markdown",
        config_file=config_path.name,
        config_folder=base,
        suffixes=PAGE_SUFFIXES,
        order=tuple(dict.fromkeys(pages.order)),
        titles=tuple(pages.titles.items()),
        only_listed=bool(pages.order),
        # Its MkDocs renderer's pages are Python-Markdown's, as any MkDocs site's.
        markdown_flavor="mkdocs" if renderer.get("type") == "mkdocs" else "",
        markdown_extensions=_extension_names(markdown),
        generated=tuple(pages.generated),
        # The pages' text follows the config and the code's modules: the cache keys it whole.
        generated_from=tuple((page.relpath, page.text) for page in pages.generated),
        notes=tuple(pages.notes),
    )


def api_blocks(contents: Sequence[str], prefix: str = "") -> tuple[str, tuple[str, ...]]:
    """The mkdocstrings blocks showing what the globs ``contents`` select, and the globs no
    block can show (a ``*`` inside a name). ``pkg.mod.*`` selects the module with all it holds
    at any depth (``pkg.mod`` beside it adds nothing), ``pkg.mod.Class`` that object alone;
    ``prefix``: the package the names are read from inside."""
    whole: list[str] = []
    alone: list[str] = []
    unread: list[str] = []
    for glob in contents:
        name = glob.removesuffix(".*")
        if not _DOTTED.fullmatch(name):
            unread.append(glob)
        else:
            (whole if name != glob else alone).append(f"{prefix}{name}")
    blocks = [f"::: {name}\n{_ALL_OPTIONS}" for name in dict.fromkeys(whole)]
    blocks += [
        f"::: {name}\n{_ALONE_OPTIONS}"
        for name in dict.fromkeys(alone)
        if not any(name == other or name.startswith(f"{other}.") for other in whole)
    ]
    return "\n".join(blocks), tuple(unread)


def _walk(
    entries: list[Any],
    parents: tuple[str, ...],
    depth: int,
    pages: _Pages,
    base: Path,
    directory: Path,
    prefix: str,
    name: str,
) -> None:
    """Read ``entries`` (a pages list below the pages named ``parents``) into ``pages``."""
    if depth > MAX_DEPTH:
        pages.notes.append(f"{name}: pages nested deeper than {MAX_DEPTH} levels; cut there")
        return
    for entry in entries:
        pages.entries += 1
        if pages.entries > MAX_ENTRIES:
            pages.notes.append(f"{name}: more than {MAX_ENTRIES} pages; the rest left out")
            return
        if not isinstance(entry, dict) or not isinstance(entry.get("title"), str):
            continue
        title = entry["title"]
        slug = entry.get("name") if isinstance(entry.get("name"), str) else None
        slug = slug or re.sub(r"\s+", "-", title.lower())
        children = entry.get("children") if isinstance(entry.get("children"), list) else []
        stem = posixpath.join(*parents, slug, "index") if children else "/".join((*parents, slug))
        source, contents = entry.get("source"), entry.get("contents")
        if isinstance(source, str) and source:
            _add_source(source, title, pages, base, directory, name)
        elif isinstance(contents, list):
            _add_contents(contents, title, f"{stem}.md", pages, prefix, name)
        if children:
            _walk(children, (*parents, slug), depth + 1, pages, base, directory, prefix, name)


def _add_source(
    source: str, title: str, pages: _Pages, base: Path, directory: Path, name: str
) -> None:
    """A page of the Markdown file ``source``, when it is in the docs folder."""
    path = Path(posixpath.normpath((base / source).as_posix()))
    if not inside_folder(path, directory):
        pages.notes.append(f"{name}: page {source!r} is not in the docs folder; left out")
        return
    relpath = path.resolve().relative_to(directory).as_posix()
    pages.order.append(relpath)
    pages.titles.setdefault(relpath, title)


def _add_contents(
    contents: list[Any], title: str, page_path: str, pages: _Pages, prefix: str, name: str
) -> None:
    """A generated page of the API objects ``contents`` names, at ``page_path`` in the docs
    folder (where Pydoc-Markdown writes it in its own), unless a page listed before is there."""
    blocks, unread = api_blocks([glob for glob in contents if isinstance(glob, str)], prefix)
    if unread:
        pages.notes.append(f"{name}: page {title!r}: contents {', '.join(unread)} not read")
    relpath = posixpath.normpath(page_path)
    if not blocks or relpath.startswith(("../", "/")) or relpath in pages.titles:
        return
    pages.order.append(relpath)
    pages.titles[relpath] = title
    pages.generated.append(GeneratedPage(relpath, f"# {title}\n\n{blocks}"))


def _renderer(config: dict[str, Any]) -> dict[str, Any]:
    """The config's renderer when it is one that lists pages; {} otherwise."""
    renderer = config.get("renderer")
    if isinstance(renderer, dict) and renderer.get("type") in PAGE_RENDERERS:
        return renderer
    return {}


def _describes(config_path: Path, directory: Path) -> bool:
    """Whether the config lists pages whose Markdown files are in ``directory`` (or lists only
    pages of API objects, which are written to its own folder's)."""
    pages = _renderer(read_yaml_config(config_path, [], "")).get("pages")
    if not isinstance(pages, list):
        return False
    sources = list(_sources(pages, 0))
    if not sources:
        return _same(config_path.parent, directory)
    base = config_path.parent
    return any(inside_folder(base / source, directory) for source in sources)


def _sources(entries: list[Any], depth: int) -> Iterator[str]:
    """The ``source`` files of ``entries`` and their children."""
    if depth > MAX_DEPTH:
        return
    for entry in entries[:MAX_ENTRIES]:
        if not isinstance(entry, dict):
            continue
        if isinstance(entry.get("source"), str) and entry["source"]:
            yield entry["source"]
        if isinstance(entry.get("children"), list):
            yield from _sources(entry["children"], depth + 1)


def _search_prefix(config: dict[str, Any], base: Path) -> str:
    """The package the Python loader's one ``search_path`` folder is (``./hpccm/``: its names
    are ``hpccm``'s modules) followed by a dot; "" when it is no package inside ``base``."""
    loaders = config.get("loaders")
    python = [
        loader
        for loader in (loaders if isinstance(loaders, list) else [])
        if isinstance(loader, dict) and loader.get("type") == "python"
    ]
    folders = python[0].get("search_path") if len(python) == 1 else None
    if not isinstance(folders, list) or len(folders) != 1 or not isinstance(folders[0], str):
        return ""
    folder = posixpath.normpath(folders[0])
    dotted = folder.replace("/", ".")
    package = base / folder
    if not _DOTTED.fullmatch(dotted) or not inside_folder(package, base):
        return ""
    return f"{dotted}." if (package / "__init__.py").is_file() else ""


def _extension_names(extensions: Any) -> tuple[str, ...]:
    """The names of the Markdown extensions the MkDocs config it writes enables."""
    entries = extensions if isinstance(extensions, list) else []
    names = [
        n
        for e in entries
        for n in ([e] if isinstance(e, str) else e if isinstance(e, dict) else [])
    ]
    return tuple(sorted({name for name in names if isinstance(name, str)}))


def _same(one: Path, other: Path) -> bool:
    try:
        return one.resolve() == other.resolve()
    except (OSError, RuntimeError, ValueError):  # a loop of links; a NUL in a name
        return False


def pydoc_markdown_docs(root: Path) -> tuple[str, str, str | None] | None:
    """(the config's path, the docs folder, the site's name) of a Pydoc-Markdown config of a
    pages renderer at the project's top, ``root``: the docs folder is the deepest folder
    holding all its pages' Markdown files, or the config's own when it lists none; None
    when there is no such config."""
    for name in CONFIG_NAMES:
        config_path = root / name
        if not config_path.is_file():
            continue
        renderer = _renderer(read_yaml_config(config_path, [], ""))
        pages = renderer.get("pages")
        if not isinstance(pages, list):
            continue
        # From the project's top, whether the config writes a source relative or absolute.
        top = root.resolve()
        folders = [
            posixpath.dirname((root / source).resolve().relative_to(top).as_posix())
            for source in _sources(pages, 0)
            if inside_folder(root / source, root)
        ]
        docs = posixpath.commonpath(folders) if folders else ""
        site = renderer.get("mkdocs_config")
        title = site.get("site_name") if isinstance(site, dict) else None
        title = title if isinstance(title, str) else renderer.get("site_name")
        return name, docs or ".", title if isinstance(title, str) and title else None
    return None
