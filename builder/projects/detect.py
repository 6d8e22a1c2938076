"""Tell which documentation tool a version's docs folder belongs to, and read its layout.

``auto`` looks for mdBook's ``book.toml`` (in the docs folder, or above it when the docs are
its ``src``: builder.projects.mdbook), then for ``mkdocs.yml`` (or ``mkdocs.yaml``,
ProperDocs' ``properdocs.yml`` or Zensical's ``zensical.toml``) in the docs folder and the
folders above it, then for VitePress' ``.vitepress/config.*``, Docusaurus'
``docusaurus.config.*``, a Jupyter Book's ``_toc.yml`` or ``myst.yml``, VuePress'
``.vuepress/config.*``, Quarto's ``_quarto.yml``, Hugging Face doc-builder's ``_toctree.yml``,
a docsify ``index.html`` (builder.projects.docsify), a ``pydoc-markdown.yml`` whose pages are
in the docs folder (builder.projects.pydoc_markdown) and ``conf.py`` in the docs folder;
``mdbook``, ``mkdocs``, ``vitepress``, ``docusaurus``, ``jupyterbook``, ``sphinx`` and
``none`` say it.
A folder Sphinx built (HTML, with ``_static/documentation_options.js``) is read as files,
without the copies of its sources Sphinx keeps beside the pages.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Generic, TypeVar

from builder.built_sphinx import read_built_sphinx
from builder.model import SkippedFile
from builder.projects.apollo_sidebar import read_apollo_sidebar
from builder.projects.doc_builder import TOC_NAME as DOC_BUILDER_TOC
from builder.projects.doc_builder import find_doc_builder, read_doc_builder
from builder.projects.docsify import read_docsify
from builder.projects.docusaurus import find_docusaurus, read_docusaurus
from builder.projects.gitbook import SUMMARY_NAME as GITBOOK_SUMMARY
from builder.projects.gitbook import read_gitbook
from builder.projects.hugo import read_hugo
from builder.projects.jupyter_book import (
    complete_jupyter_book,
    find_jupyter_book,
    read_jupyter_book,
)
from builder.projects.layout import ProjectLayout
from builder.projects.mdbook import CONFIG_NAME as MDBOOK_CONFIG_NAME
from builder.projects.mdbook import SUMMARY_NAME, find_mdbook_config, read_mdbook
from builder.projects.mintlify import read_mintlify
from builder.projects.mkdocs_config import (
    CONFIG_NAMES,
    config_serving,
    read_config,
    resolved_docs_dir,
)
from builder.projects.nextra import read_nextra
from builder.projects.plain_order import read_plain_order
from builder.projects.pydoc_markdown import find_pydoc_markdown_config, read_pydoc_markdown
from builder.projects.quarto import find_quarto_config, read_quarto
from builder.projects.rspress import read_rspress
from builder.projects.starlight import read_starlight
from builder.projects.vitepress import CONFIG_FOLDER, find_vitepress_config, read_vitepress
from builder.projects.vocs import read_vocs
from builder.projects.vuepress import find_vuepress_config, read_vuepress
from builder.sources import Candidate, read_sources
from builder.sphinx_conf import CONFIG_NAME

# How many folders above the docs folder mkdocs.yml may be (MkDocs keeps it beside docs/);
# a version taken from git or an archive is never searched above its tree.
MKDOCS_LEVELS_UP = 2
# Further up, a config counts only when its docs_dir is the docs folder or holds it: soupsieve,
# wcmatch and pymdown-extensions keep their pages in docs/src/markdown, three folders below.
MKDOCS_DOCS_DIR_LEVELS_UP = 4
# Where a Sphinx build copies each page's source (html_copy_source, on by default): the pages
# a second time, as .rst.txt or .md.txt (as .rst and .md under sphinx-book-theme's and Jupyter
# Book's html_sourcelink_suffix ""), which the folder's defaults would read beside the HTML.
BUILT_SPHINX_SOURCES = "_sources"
# Where its viewcode extension writes each module's highlighted source and their index ("All
# modules for which code is available", a list of links): generated_pages skips the modules'
# pages by their mark, but the index has none and read as a section of module names.
BUILT_SPHINX_MODULES = "_modules"
# Its theme's and the project's static files: no page, though a theme may ship HTML among them
# (pydata-sphinx-theme's webpack-macros.html, a Jinja template read as a section of macros).
BUILT_SPHINX_STATIC = "_static"
BUILT_SPHINX_FOLDERS = (BUILT_SPHINX_SOURCES, BUILT_SPHINX_MODULES, BUILT_SPHINX_STATIC)


def read_project_layout(
    directory: Path,
    project: str,
    tree_root: Path | None,
    bound: Path | None = None,
    release: str | None = None,
) -> ProjectLayout:
    """The layout of the docs in ``directory`` as ``project`` ("auto", "mdbook", "mkdocs",
    "vitepress", "docusaurus", "jupyterbook", "sphinx" or "none") says to read them; for
    Sphinx the page order comes from :func:`complete_layout`, no module its conf.py imports
    settings from is read above ``bound`` (the catalog's folder), as no include is, and
    ``release`` (the catalog's version) is what the version conf.py computes holds."""
    if project == "none":
        return ProjectLayout()
    layout = _read_found(_MDBOOK, directory, project)
    if layout is not None:
        return layout
    if project in ("auto", "mkdocs"):
        config = find_mkdocs_config(directory, tree_root, bound)
        if config is not None:
            from builder.projects.mkdocs import read_mkdocs  # its plugins' readers: MkDocs only

            return read_mkdocs(config, directory, tree_root, bound)
        if project == "mkdocs":
            note = f"no {CONFIG_NAMES[0]} at or above the docs folder; pages in path order"
            return ProjectLayout(kind="mkdocs", notes=(note,))
    for tool in (_VITEPRESS, _DOCUSAURUS, _JUPYTER_BOOK):
        layout = _read_found(tool, directory, project)
        if layout is not None:
            return layout
    if project == "auto" and (vuepress := find_vuepress_config(directory)) is not None:
        return read_vuepress(vuepress, directory)
    quarto = find_quarto_config(directory) if project == "auto" else None
    if quarto is not None:
        return read_quarto(quarto)
    if project == "auto" and (toctree := find_doc_builder(directory)) is not None:
        return read_doc_builder(toctree)
    if project == "auto" and (docsify := read_docsify(directory)) is not None:
        return docsify
    if project == "auto" and (gitbook := read_gitbook(directory, bound)) is not None:
        return gitbook
    # Before Nextra's: an Rspress _meta.json is a list, Nextra's an object.
    if project == "auto" and (rspress := read_rspress(directory, bound)) is not None:
        return rspress
    if project == "auto" and (nextra := read_nextra(directory)) is not None:
        return nextra
    if project == "auto" and (hugo := read_hugo(directory, bound)) is not None:
        return hugo
    if project == "auto" and (mintlify := read_mintlify(directory)) is not None:
        return mintlify
    if project == "auto" and (starlight := read_starlight(directory, bound)) is not None:
        return starlight
    if project == "auto" and (vocs := read_vocs(directory, bound)) is not None:
        return vocs
    if project == "auto" and (apollo := read_apollo_sidebar(directory)) is not None:
        return apollo
    if project == "auto" and (pydoc := find_pydoc_markdown_config(directory, tree_root)):
        return read_pydoc_markdown(pydoc, directory)
    conf = directory / CONFIG_NAME
    # A Sphinx project's toctrees order its pages, whatever numbers or lists lie beside them.
    if project == "auto" and not conf.is_file() and (plain := read_plain_order(directory)):
        return plain
    if project == "sphinx" or conf.is_file():
        # Imported here, as the Sphinx readers below: their modules (the reST reader's among
        # them) load only for a Sphinx project, not on every build of other docs.
        from builder.projects.sphinx import read_sphinx

        return read_sphinx(directory, conf if conf.is_file() else None, tree_root, bound, release)
    if read_built_sphinx(directory) is not None:
        return _built_sphinx_layout()
    return ProjectLayout()


_Found = TypeVar("_Found")


@dataclass(frozen=True)
class _FoundByFile(Generic[_Found]):
    """A tool whose docs folder is told by a file it finds from there: how to find it, how to
    read the layout it describes, and what a project said to be that tool without it misses."""

    kind: str
    find: Callable[[Path], _Found | None]
    read: Callable[[_Found, Path], ProjectLayout]  # (what was found, the docs folder)
    missing: str


_MDBOOK = _FoundByFile(
    "mdbook",
    find_mdbook_config,
    lambda book, _: read_mdbook(book),
    f"no {MDBOOK_CONFIG_NAME} in or above the docs folder",
)
_VITEPRESS = _FoundByFile(
    "vitepress",
    find_vitepress_config,
    read_vitepress,
    f"no {CONFIG_FOLDER}/config.* in the docs folder",
)
_DOCUSAURUS = _FoundByFile(
    "docusaurus",
    find_docusaurus,
    lambda site, _: read_docusaurus(site),
    "no docusaurus.config.* for the docs folder",
)
_JUPYTER_BOOK = _FoundByFile(
    "jupyterbook",
    find_jupyter_book,
    lambda toc, _: read_jupyter_book(toc),
    "no _toc.yml or myst.yml in the docs folder",
)


def _read_found(tool: _FoundByFile[Any], directory: Path, project: str) -> ProjectLayout | None:
    """``tool``'s layout when ``project`` lets it be and its file is found; when ``project``
    names it and the file is missing, a layout saying so; else None."""
    if project not in ("auto", tool.kind):
        return None
    found = tool.find(directory)
    if found is not None:
        return tool.read(found, directory)
    if project == tool.kind:
        return ProjectLayout(kind=tool.kind, notes=(f"{tool.missing}; pages in path order",))
    return None


def _built_sphinx_layout() -> ProjectLayout:
    """A folder of files, less the page sources a Sphinx build keeps beside its pages."""
    note = (
        f"built by Sphinx (_static/documentation_options.js): {BUILT_SPHINX_SOURCES}/, "
        f"its copies of the pages' sources, {BUILT_SPHINX_MODULES}/, viewcode's "
        f"highlighted source of the modules, and {BUILT_SPHINX_STATIC}/, the theme's files, "
        "are left out"
    )
    return ProjectLayout(
        exclude_patterns=tuple(f"{folder}/" for folder in BUILT_SPHINX_FOLDERS),
        exclude=f"(?:{'|'.join(BUILT_SPHINX_FOLDERS)})/.*",
        notes=(note,),
    )


def find_mkdocs_config(
    directory: Path, tree_root: Path | None, bound: Path | None = None
) -> Path | None:
    """mkdocs.yml in ``directory`` or up to MKDOCS_LEVELS_UP folders above, or up to
    MKDOCS_DOCS_DIR_LEVELS_UP when its docs_dir holds ``directory``; never above
    ``tree_root``; else the one config kept in a folder beside the docs whose docs_dir they
    are (builder.projects.mkdocs_config.config_serving), inside ``tree_root`` or ``bound``
    (the catalog's folder)."""
    folder = directory.resolve()
    top = tree_root.resolve() if tree_root is not None else None
    for level in range(MKDOCS_DOCS_DIR_LEVELS_UP + 1):
        for name in CONFIG_NAMES:
            config = folder / name
            if config.is_file() and (
                level <= MKDOCS_LEVELS_UP or _docs_dir_holds(config, directory.resolve())
            ):
                return config
        if folder == top or folder.parent == folder:
            break
        folder = folder.parent
    # A config kept elsewhere in the project, its docs_dir this folder: the folder holding the
    # docs is the project's root then (external-secrets' docs/ and hack/api-docs/mkdocs.yml),
    # looked in only inside the tree or the catalog's folder, never in the folders beside it.
    holder = directory.resolve().parent
    within = top if top is not None else bound.resolve() if bound is not None else None
    if within is None or not holder.is_relative_to(within):
        return None
    return config_serving(directory, holder)


def _docs_dir_holds(config: Path, directory: Path) -> bool:
    """Whether the docs_dir of the MkDocs ``config`` is ``directory`` or a folder above it, or,
    when a build step makes the docs_dir, the folder it copies the pages from."""
    from builder.projects.mkdocs_copied_docs import copied_docs_folder

    settings = read_config(config, [])
    docs_dir = settings.get("docs_dir", "docs")
    if not isinstance(docs_dir, str) or not docs_dir:
        return False
    docs_root = resolved_docs_dir(config, docs_dir)
    if not docs_root.is_dir() and (copied := copied_docs_folder(config, settings)):
        docs_root = copied.resolve()
    return directory.is_relative_to(docs_root)  # both resolved


def complete_layout(layout: ProjectLayout, candidates: Sequence[Candidate]) -> ProjectLayout:
    """The layout with what only the listed pages can tell: the Sphinx toctree order, and a
    note on pages a MkDocs nav or a VitePress sidebar leaves out, and on chapters an mdBook
    summary names that are not there."""
    if layout.kind == "sphinx":
        from builder.parsers.rst.bibliography import cited_keys
        from builder.projects.autosummary_stubs import autosummary_stubs
        from builder.projects.generated_owners import generated_owners
        from builder.projects.sphinx_external_toc import external_toc_order
        from builder.projects.sphinx_order import toctree_order

        texts = _texts(candidates)
        notes: list[str] = []
        stubs = tuple(sorted(autosummary_stubs(texts)))
        if stubs:
            notes.append(
                f"{len(stubs)} page(s) autosummary wrote on an earlier build left out, their"
                f" objects written below their tables: {_few(stubs)}"
            )
        kept = {relpath: text for relpath, text in texts.items() if relpath not in stubs}
        titles: dict[str, str] = {}
        if layout.external_toc:
            order = external_toc_order(layout, list(kept), notes)
        else:
            order, titles = toctree_order(layout, kept, notes)
        owners = generated_owners([(relpath, kept[relpath]) for relpath in order])
        return replace(
            layout,
            order=order,
            titles=tuple(titles.items()),
            stubs=stubs,
            owners=owners,
            cited=() if layout.bibtex_files is None else tuple(sorted(cited_keys(kept.values()))),
            notes=(*layout.notes, *notes),
        )
    if layout.kind == "docusaurus" and layout.config_file:
        return _docusaurus_layout(layout, candidates)
    if layout.kind == "jupyterbook" and layout.config_file:
        return complete_jupyter_book(layout, [c.relpath for c in candidates])
    navigated = (
        "mkdocs", "vitepress", "vuepress", "quarto", "mdbook", "gitbook", "docbuilder", "vocs",
        "apollo", "pydoc-markdown", "rspress",
    )  # fmt: skip
    if layout.kind in navigated and layout.config_file:
        pages = {c.relpath for c in candidates}
        notes = list(layout.notes)
        nav = _NAVIGATION.get(layout.kind, "sidebar")
        absent = [relpath for relpath in layout.order if relpath not in pages]
        if absent:
            notes.append(f"{nav} names {len(absent)} page(s) that are not there: {_few(absent)}")
        listed = set(layout.order)
        unlisted = [
            c.relpath for c in candidates if c.relpath not in listed and not layout.quiet(c.relpath)
        ]
        if unlisted:
            notes.append(f"{len(unlisted)} page(s) not in {nav}, listed after it: {_few(unlisted)}")
        order = tuple(relpath for relpath in layout.order if relpath in pages)
        return replace(layout, order=order, notes=tuple(notes))
    return layout


_NAVIGATION = {
    "mkdocs": "nav",
    "mdbook": SUMMARY_NAME,
    "gitbook": GITBOOK_SUMMARY,
    "docbuilder": DOC_BUILDER_TOC,
    "pydoc-markdown": "its pages",
}


def _docusaurus_layout(layout: ProjectLayout, candidates: Sequence[Candidate]) -> ProjectLayout:
    """The sidebar's doc ids as pages, and the drafts left out."""
    from builder.projects.docusaurus_pages import doc_pages, sidebar_order

    pages = doc_pages(_texts(candidates))
    docs = layout.directory or next(
        (c.path.parents[c.relpath.count("/")] for c in candidates), Path()
    )
    order, missing = sidebar_order(layout.order, pages, docs)
    drafts = sorted(page.relpath for page in pages if page.draft)
    notes = list(layout.notes)
    if missing:
        notes.append(f"sidebar names {len(missing)} doc id(s) of no page: {_few(missing)}")
    if drafts:
        notes.append(f"{len(drafts)} draft page(s) left out: {_few(drafts)}")
    listed = set(order)
    unlisted = [p.relpath for p in pages if p.relpath not in listed and not p.draft]
    if unlisted:
        notes.append(
            f"{len(unlisted)} page(s) not in the sidebar, listed after it: {_few(unlisted)}"
        )
    draft_pattern = "|".join(re.escape(relpath) for relpath in drafts)
    exclude = "|".join(p for p in (layout.exclude, draft_pattern) if p)
    return replace(
        layout,
        order=tuple(relpath for relpath in order if relpath not in drafts),
        exclude=exclude,
        exclude_patterns=(*layout.exclude_patterns, *drafts),
        notes=tuple(notes),
    )


def _texts(candidates: Sequence[Candidate]) -> dict[str, str]:
    """The listed pages' texts, within the version's budget."""
    return {
        candidate.relpath: source.text
        for candidate, source in read_sources(candidates)
        if not isinstance(source, SkippedFile)
    }


def _few(relpaths: Sequence[str]) -> str:
    return ", ".join(relpaths[:5]) + (", …" if len(relpaths) > 5 else "")
