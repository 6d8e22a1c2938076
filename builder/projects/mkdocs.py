"""Read an MkDocs project's layout from its config (builder.projects.mkdocs_config): where its
pages are, which are left out, and the order and titles its ``nav`` gives them. A Zensical
project's ``zensical.toml`` holds the same settings and is read where there is no
``mkdocs.yml``, as is a ``zensical.yml`` written as mkdocs.yml is.
"""

from __future__ import annotations

import os
import posixpath
import re
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from builder.includes import include_root
from builder.projects.api_autonav import autonav_pages, with_autonav
from builder.projects.awesome_nav import arranged_by_nav_files, uses_awesome_nav
from builder.projects.awesome_pages import arranged, meta_file
from builder.projects.gen_files import GeneratedPage, GeneratedPages, generated_pages
from builder.projects.layout import ProjectLayout
from builder.projects.literate_nav import expand_folders, literate_nav_file
from builder.projects.mkdocs_config import read_config, resolved_docs_dir
from builder.projects.mkdocs_copied_docs import copied_docs_folder
from builder.projects.mkdocs_copied_pages import copied_pages
from builder.projects.mkdocs_exclude import I18N_PLUGIN, left_out
from builder.projects.mkdocs_file_blocks import file_blocks
from builder.projects.mkdocs_gallery import mkdocs_gallery_pages, with_gallery
from builder.projects.mkdocs_macros import (
    include_folders,
    macro_variables,
    macros_rendering,
    read_module_macros,
)
from builder.projects.mkdocs_notebooks import (
    NOTEBOOK_SUFFIX,
    converted_notebooks,
    nav_scripts,
    page_suffixes,
)
from builder.projects.mkdocs_plugins import has_plugin, plugin_options

# Each nav entry is visited once; a nav longer or deeper than this is cut, with a note.
MAX_NAV_ENTRIES = 20_000
MAX_NAV_DEPTH = 20
# The files MkDocs builds as pages; anything else in docs_dir is copied as it is.
PAGE_SUFFIXES = (".md", ".markdown")
# The plugins whose syntax a page's reader must know are loaded: mkdocs-include-markdown's
# ``{% include "file" %}`` is Jinja's and Liquid's tag too, which read files elsewhere.
PAGE_PLUGINS = ("include-markdown",)
# The tags a plugin's options may set, and their defaults: the only ones pages are read with.
_DEFAULT_TAGS = {"opening_tag": "{%", "closing_tag": "%}"}
# Extensions that read files from a base_path of their own: markdown-include and mdx_include
# ({! file !}), markdown-data-tables ({data-table file.yaml}).
_RAW_INCLUDE_EXTENSIONS = ("markdown_include.include", "mdx_include", "markdown_data_tables")


@dataclass
class _Nav:
    order: list[str] = field(default_factory=list)
    titles: dict[str, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    entries: int = 0


def read_mkdocs(
    config_path: Path,
    directory: Path,
    tree_root: Path | None = None,
    bound: Path | None = None,
) -> ProjectLayout:
    """The layout ``config_path`` gives the docs folder ``directory`` (which must be its
    docs_dir, or inside it, or hold it); ``tree_root`` and ``bound`` (the catalog's folder)
    find the project's root as includes find it, where its gen-files scripts' modules are."""
    name = config_path.name
    notes: list[str] = []
    config = read_config(config_path, notes)
    docs_dir = config.get("docs_dir", "docs")
    if not isinstance(docs_dir, str) or not docs_dir:
        notes.append(f"{name}: docs_dir is not a folder name; 'docs' assumed")
        docs_dir = "docs"
    docs_root = resolved_docs_dir(config_path, docs_dir)
    copied_from: tuple[str, ...] = ()
    if not docs_root.is_dir() and (source := copied_docs_folder(config_path, config)):
        # A build step fills docs_dir from this folder (dymmond's docs/en/docs), putting in
        # the files its pages' "{!> path !}" markers name from there.
        docs_root = source.resolve()
        copied_from = (os.path.relpath(docs_root, config_path.parent.resolve()),)
    directory = directory.resolve()
    if directory.is_relative_to(docs_root):
        prefix = directory.relative_to(docs_root).as_posix()
        pages_dir = None
    elif docs_root.is_relative_to(directory):
        prefix, pages_dir = "", docs_root
    else:
        notes.append(f"{name}: its docs_dir {docs_dir!r} is not this docs folder; not used")
        return ProjectLayout(kind="none", notes=tuple(notes))
    nav = _Nav()
    if (language_nav := _default_language_nav(config)) is not None:
        _walk_nav(language_nav, 0, nav)
    elif isinstance(config.get("nav"), list):
        _walk_nav(config["nav"], 0, nav)
    elif "nav" in config:
        nav.notes.append(f"{name}: nav is not a list; pages in path order")
    project = include_root(docs_root, tree_root, config_path.parent, bound=bound).root
    generated = generated_pages(config, config_path.parent.resolve(), name, project)
    autonav = autonav_pages(config, config_path.parent.resolve(), name)
    generated = with_autonav(generated, autonav)
    gallery = mkdocs_gallery_pages(config, config_path.parent.resolve(), docs_root)
    generated = with_gallery(generated, gallery)
    scripts, renamed = nav_scripts(config, nav.order, docs_root)
    nav.order = [renamed.get(p, p) for p in nav.order]
    nav.titles = {renamed.get(p, p): title for p, title in nav.titles.items()}
    generated = with_gallery(generated, scripts)
    found = "nav" not in config and literate_nav_file(config) is None and not nav.order
    suffixes = page_suffixes(config, PAGE_SUFFIXES)
    if found:
        written = tuple(page.relpath for page in generated.pages)
        nav.order = _found_order(docs_root, written, suffixes)
        if (meta_name := meta_file(config)) is not None:
            nav.order, nav.titles = arranged(nav.order, docs_root, meta_name)
        elif uses_awesome_nav(config):
            nav.order, nav.titles = arranged_by_nav_files(nav.order, docs_root)
    _place_generated(nav, generated)
    notebooks = converted_notebooks(nav.order, docs_root, {p.relpath for p in generated.pages})
    if notebooks:
        nav.order = [notebooks.get(p, p) for p in nav.order]
        nav.titles = {notebooks.get(p, p): title for p, title in nav.titles.items()}
        suffixes = tuple(dict.fromkeys((*suffixes, NOTEBOOK_SUFFIX)))
        notes.append(
            f"{name}: nav names {len(notebooks)} page(s) a build step writes from the "
            "notebook of its name; the notebooks are read"
        )
    copied = copied_pages(
        nav.order,
        docs_root,
        config_path.parent.resolve(),
        {*(page.relpath for page in generated.pages), *notebooks.values()},
    )
    generated = with_gallery(generated, copied)
    # api-autonav adds its section at the nav's end when the nav names none.
    nav.order.extend(p.relpath for p in autonav.pages if p.relpath not in set(nav.order))
    if (nav_file := literate_nav_file(config)) is not None:
        written = tuple(page.relpath for page in generated.pages)
        nav.order = expand_folders(nav.order, docs_root, nav_file, PAGE_SUFFIXES, written)
    kept_out = left_out(config, config_path.parent.resolve(), docs_root, PAGE_SUFFIXES, notes)
    if found and kept_out.exclude:  # MkDocs lists the pages it builds, not those left out
        nav.order = [p for p in nav.order if not re.fullmatch(kept_out.exclude, p, re.DOTALL)]
    order = [r for r in (_inside(prefix, p) for p in nav.order) if r is not None]
    titles = {r: t for p, t in nav.titles.items() if (r := _inside(prefix, p)) is not None}
    return ProjectLayout(
        kind="mkdocs",
        directory=pages_dir,
        config_file=name,
        config_folder=config_path.parent.resolve(),
        snippet_base=_snippet_base(
            config.get("markdown_extensions"),
            docs_dir,
            include_folders(config, docs_dir, config_path.parent.resolve(), project) + copied_from,
        ),
        markdown_flavor="mkdocs",
        markdown_extensions=_extension_names(config.get("markdown_extensions")),
        theme_features=_theme_features(config.get("theme")),
        markdown_plugins=(*_page_plugins(config), *macros_rendering(config)),
        exclude_patterns=kept_out.patterns,
        exclude=kept_out.exclude,
        suffixes=suffixes,
        order=tuple(order),
        titles=tuple(titles.items()),
        not_in_nav=kept_out.not_in_nav,
        myst_substitutions=macro_variables(config),
        macros=read_module_macros(config, config_path.parent.resolve()),
        file_blocks=file_blocks(
            config.get("markdown_extensions"), (config_path.parent.resolve(), docs_root)
        ),
        generated=tuple(
            GeneratedPage(relpath, page.text)
            for page in generated.pages
            if (relpath := _inside(prefix, page.relpath)) is not None
        ),
        generated_from=generated.scripts,
        warnings=generated.warnings,
        notes=(*notes, *generated.notes, *nav.notes),
    )


def _default_language_nav(config: dict[str, Any]) -> list[Any] | None:
    """The nav mkdocs-static-i18n's default language gives, which the plugin builds that
    language's pages in instead of the config's own (the OpenAI Agents SDK's docs have no
    other); None when it gives none."""
    languages = (plugin_options(config, I18N_PLUGIN) or {}).get("languages")
    for language in languages if isinstance(languages, list) else []:
        if isinstance(language, dict) and language.get("default") is True:
            nav = language.get("nav")
            return nav if isinstance(nav, list) else None
    return None


def _found_order(
    docs_root: Path, generated: tuple[str, ...], suffixes: tuple[str, ...]
) -> list[str]:
    """The pages of a config without a nav, in the order MkDocs finds them and lists them in
    its own: a folder's pages, its index page first, before the pages of its folders, each
    in name order (pyee's index before its api page, which path order put first); notebooks
    among them where mkdocs-jupyter makes pages of them."""
    found = {
        path.relative_to(docs_root).as_posix()
        for path in docs_root.rglob("*")
        if path.suffix in suffixes and path.is_file()
    }
    return sorted({*found, *generated}, key=_found_key)


def _found_key(relpath: str) -> tuple[tuple[int, bool, str], ...]:
    *folders, page = relpath.split("/")
    index = PurePosixPath(page).stem.lower() in ("index", "readme")
    return (*((1, False, folder) for folder in folders), (0, not index, page))


def _place_generated(nav: _Nav, generated: GeneratedPages) -> None:
    """Put the generated pages where the nav names their folder (literate-nav's
    ``reference/``, or its ``reference/SUMMARY.md``), in the order the script writes them;
    the folder's own nav title names no page."""
    if not generated.pages:
        return
    order: list[str] = []
    for path in nav.order:
        folder = path.removesuffix("/SUMMARY.md")
        if folder in generated.folders:
            nav.titles.pop(path, None)
            prefix = folder + "/"
            order.extend(p.relpath for p in generated.pages if p.relpath.startswith(prefix))
        else:
            order.append(path)
    nav.order = list(dict.fromkeys(order))


def _snippet_base(
    extensions: Any, docs_dir: str, macros_folders: tuple[str, ...] = ()
) -> tuple[str, ...]:
    """pymdownx.snippets' ``base_path`` setting: the folders (relative to where MkDocs runs)
    snippets are looked for in, in order; empty when it is not set. MkDocs' ``!relative
    $config_dir`` (read as the plain ``$config_dir``) is the folder MkDocs runs in, and
    ``!relative $docs_dir`` the docs folder, each with the path written after it. The
    ``base_path`` of markdown-include and mdx_include, which read ``{! file !}`` from there
    (rich-click's examples, from ``docs``), and markdown-data-tables', which reads the YAML
    of ``{data-table file.yaml}`` from there (nautobot's, from ``docs``), come after it: one
    list serves all the markers, and mkdocs-macros' include folder (``macros_folders``) too,
    and the folder a build step copies the pages from (builder.projects.mkdocs_copied_docs)."""
    snippets = _base_paths(extensions, "pymdownx.snippets", docs_dir)
    included = (
        tuple(
            folder
            for name in _RAW_INCLUDE_EXTENSIONS
            for folder in _base_paths(extensions, name, docs_dir)
        )
        + macros_folders
    )
    if not included:
        return snippets
    return tuple(dict.fromkeys((*(snippets or (".",)), *included)))


def _base_paths(extensions: Any, name: str, docs_dir: str) -> tuple[str, ...]:
    """The ``base_path`` folders the settings of the extension ``name`` give, in order."""
    entries = extensions if isinstance(extensions, list) else [extensions]
    for entry in entries:
        if isinstance(entry, dict) and isinstance(entry.get(name), dict):
            base = entry[name].get("base_path")
            folders = [base] if isinstance(base, str) else base
            if isinstance(folders, list):
                return tuple(
                    _placeholder_resolved(folder, docs_dir)
                    for folder in folders
                    if isinstance(folder, str) and folder
                )
    return ()


def _page_plugins(config: dict[str, Any]) -> tuple[str, ...]:
    """The PAGE_PLUGINS the config loads with their default tags: mkdocs-macros' own docs set
    include-markdown's to ``[%`` and ``%]`` so that the ``{% include %}`` of their examples
    stays as written."""
    return tuple(
        name
        for name in PAGE_PLUGINS
        if has_plugin(config, name)
        and all(
            (plugin_options(config, name) or {}).get(option, default) == default
            for option, default in _DEFAULT_TAGS.items()
        )
    )


def _extension_names(extensions: Any) -> tuple[str, ...]:
    """The names of the Markdown extensions ``markdown_extensions`` enables (a name alone, or a
    mapping of a name to its settings)."""
    entries = extensions if isinstance(extensions, list) else [extensions]
    names: list[str] = []
    for entry in entries:
        if isinstance(entry, str):
            names.append(entry)
        elif isinstance(entry, dict):
            names.extend(name for name in entry if isinstance(name, str))
    return tuple(sorted(set(names)))


def _theme_features(theme: Any) -> tuple[str, ...]:
    """The features a theme's ``features`` list turns on (Material's ``content.code.annotate``)."""
    features = theme.get("features") if isinstance(theme, dict) else None
    if not isinstance(features, list):
        return ()
    return tuple(sorted({feature for feature in features if isinstance(feature, str)}))


def _placeholder_resolved(folder: str, docs_dir: str) -> str:
    """``folder`` with the placeholder MkDocs' ``!relative`` tag starts it with replaced by
    the folder it names, relative to where MkDocs runs."""
    placeholder, _, rest = folder.partition("/")
    base = {"$config_dir": ".", "$docs_dir": docs_dir}.get(placeholder)
    if base is None:
        return folder
    return posixpath.normpath(posixpath.join(base, rest)) if rest else base


def _walk_nav(items: list[Any], depth: int, nav: _Nav) -> None:
    """Collect the pages of a nav list in order, with the titles it gives them."""
    if depth > MAX_NAV_DEPTH:
        nav.notes.append(f"nav nested deeper than {MAX_NAV_DEPTH}; the deeper part is left out")
        return
    for item in items:
        nav.entries += 1
        if nav.entries > MAX_NAV_ENTRIES:
            nav.notes.append(f"nav has over {MAX_NAV_ENTRIES} entries; the rest is left out")
            return
        if isinstance(item, dict) and len(item) == 1:
            ((title, value),) = item.items()
            if isinstance(value, list):
                _walk_nav(value, depth + 1, nav)
            elif isinstance(value, str):
                _add_page(value, str(title), nav)
        elif isinstance(item, str):
            _add_page(item, None, nav)
        else:
            nav.notes.append(f"nav entry {str(item)[:60]!r} is neither a page nor a section")


def _add_page(target: str, title: str | None, nav: _Nav) -> None:
    if "://" in target or target.startswith(("mailto:", "#", "/")):
        return  # a link out of the docs
    path = posixpath.normpath(target)
    if path.startswith("..") or path in nav.titles or path in nav.order:
        return
    nav.order.append(path)
    if title:
        nav.titles[path] = title


def _inside(prefix: str, path: str) -> str | None:
    """``path`` (relative to docs_dir) relative to the docs folder ``prefix`` below it."""
    if not prefix or prefix == ".":
        return path
    return path[len(prefix) + 1 :] if path.startswith(prefix + "/") else None
