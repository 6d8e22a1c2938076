"""Tell which documentation tool a project folder uses, where its docs are, and which files
of them are pages: the part of ``docbuild init``'s survey (builder.survey) that reads the docs.

Nothing is run: each tool's config is read as data (builder.projects).
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterator
from pathlib import Path, PurePosixPath

from builder.gzip_pages import gzipped_page_name
from builder.linked_folders import followed_folder
from builder.parsers import ASCIIDOC_SUFFIXES
from builder.projects.api_autonav import autonav_pages
from builder.projects.apollo_sidebar import SIDEBAR_NAMES as APOLLO_SIDEBARS
from builder.projects.detect import BUILT_SPHINX_FOLDERS
from builder.projects.doc_builder import TOC_NAME as DOC_BUILDER_TOC
from builder.projects.doc_builder import find_doc_builder
from builder.projects.docsify import read_docsify
from builder.projects.docusaurus import (
    docs_folder,
    docs_options,
    find_site_config,
    site_title,
)
from builder.projects.gen_files import generated_pages
from builder.projects.gitbook import CONFIG_NAME as GITBOOK_CONFIG
from builder.projects.gitbook import read_gitbook
from builder.projects.hugo_site import SITE_FOLDERS as HUGO_FOLDERS
from builder.projects.hugo_site import hugo_docs
from builder.projects.jupyter_book import find_jupyter_book, language_book
from builder.projects.mdbook import CONFIG_NAME as MDBOOK_CONFIG_NAME
from builder.projects.mdbook import read_book_settings
from builder.projects.mintlify import find_mintlify_config
from builder.projects.mkdocs_config import config_serving
from builder.projects.mkdocs_copied_docs import copied_docs_folder
from builder.projects.mkdocs_plugins import has_plugin
from builder.projects.plain_order import survey_plain_order
from builder.projects.pydoc_markdown import pydoc_markdown_docs
from builder.projects.quarto import find_quarto_config
from builder.projects.sphinx import reads_markdown
from builder.projects.vitepress import find_vitepress_config
from builder.projects.vuepress import find_vuepress_config
from builder.script_docs import script_docs_folders
from builder.sphinx_conf import CONFIG_NAME as SPHINX_CONFIG_NAME
from builder.sphinx_conf import MAX_CONF_BYTES, read_sphinx_conf
from builder.sphinx_pyproject import pyproject_text
from builder.survey_docusaurus import DocsInstanceSurvey
from builder.survey_html import are_docs
from builder.survey_mkdocs import (
    lone_mkdocs_config,
    mkdocs_configs,
    mkdocs_docs_folder,
    mkdocs_settings,
)
from builder.survey_nextra import nextra_docs
from builder.survey_readthedocs import readthedocs_site
from builder.survey_rspress import SITE_FOLDERS as RSPRESS_FOLDERS
from builder.survey_rspress import rspress_docs
from builder.survey_starlight import starlight_docs
from builder.survey_vocs import SITE_FOLDERS as VOCS_FOLDERS
from builder.survey_vocs import vocs_docs
from builder.workspace_docs import workspace_docs_folders
from schemas.versions import is_version

# Where projects keep their docs, most usual first; "." (the project itself) comes last.
# repo_helper's projects keep them in doc-source/ (consolekit, domdf_python_tools, whey);
# CPython and pycryptodome in Doc/, a name a case-sensitive file system tells from doc/.
DOCS_FOLDERS = (
    "docs", "doc", "documentation", "docs/source", "doc/source", "website/docs", "doc-source",
    "Doc",
)  # fmt: skip
# The plugin whose "::: package" blocks document the code.
MKDOCSTRINGS_PLUGIN = "mkdocstrings"
# Folders that never hold a project's own docs when the docs are the project folder itself;
# nor do coverage reports (istanbul's lcov-report/ in hotkeys-js' doc/, coverage.py's htmlcov/).
NOT_DOCS = (
    ".git", ".venv", "venv", "node_modules", "_build", "_site", ".docbuild-cache", "build",
    "dist", ".tox", ".nox", ".mypy_cache", ".pytest_cache", ".ruff_cache", "site-packages",
    "lcov-report", "htmlcov",
)  # fmt: skip
# A project read from its top keeps its tests' fixtures there, never its docs: an MkDocs
# plugin's tests/ hold a whole site of pages (mkdocs-jupyter's src/mkdocs_jupyter/tests/mkdocs/
# docs, its demo's notebooks again). A docs tool's own folder read from its top is all docs:
# graphene's docs/testing/ is its "Testing in Graphene" page.
TEST_FOLDERS = ("tests", "test", "testing", "__tests__")
# Nor its templates, which the program renders (sphinx-autoapi 3.9.0's
# src/autoapi/templates/python/*.rst, Jinja read as ten pages of "{{ obj.id }}"; datasette's
# HTML ones; Sphinx's own _templates).
TEMPLATE_FOLDERS = ("templates", "_templates")
# The language folder of Hugging Face doc-builder's docs (docs/source/en) read when the docs
# folder holds one per language (Transformers' en/, ja/, zh/ ...).
DOC_BUILDER_LANGUAGE = "en"
# What the survey says of a folder holding no docs at all.
NO_DOCS_FOUND = "no docs folder and no Markdown, reST or HTML files: the project folder"
MARKDOWN_SUFFIXES = (".md", ".markdown", ".mdx", ".qmd")
RST_SUFFIXES = (".rst", ".rest")
# What every Sphinx HTML build writes (builder.built_sphinx).
BUILT_SPHINX_MARK = "_static/documentation_options.js"


def docs_kind(root: Path, found: list[str]) -> tuple[str, str, str | None]:
    """(kind, docs folder, the docs' own title) by the first sign found: mkdocs.yml (or Zensical's
    config), a Sphinx conf.py, VitePress', VuePress' or Docusaurus' config, an mdBook's book.toml,
    a Jupyter Book's table of contents, a Quarto project's _quarto.yml, Hugging Face
    doc-builder's _toctree.yml, an Astro Starlight site's src/content/docs, a Vocs site's pages/,
    Apollo's _sidebar.yaml, a Hugo site's content folder, a pydoc-markdown.yml listing pages,
    then a docs folder of Markdown (ordered by a list of its pages or its front matter when it
    has one), reST or HTML files, then the one MkDocs config in another folder, then the
    project. The config a Read the Docs config names comes first: the docs the project
    publishes."""
    published = _readthedocs_docs(root, found)
    if published is not None:
        return published
    for folder, name in mkdocs_configs(root, DOCS_FOLDERS[:3]):
        docs = mkdocs_docs_folder(root / folder / name)
        if (root / folder / docs).is_dir():
            return _mkdocs_docs(root, folder, name, found)
        where = posixpath.join(folder, name).removeprefix("./")
        config_path = root / folder / name
        source = copied_docs_folder(config_path, mkdocs_settings(config_path))
        if source is not None and source.is_relative_to(root.resolve()):
            pages = source.relative_to(root.resolve()).as_posix()
            found.append(f"{where}: its {docs}/ is made by a build step from {pages}/")
            return _mkdocs_docs(root, folder, name, found, pages)
        # An sdist ships the config without its pages (sqlmesh 0.236.4): the project is read
        # by the signs it has.
        found.append(f"{where}: MkDocs, but its {docs}/ is not there")
    for folder in DOCS_FOLDERS[:3]:
        # A config kept with the project's tools, its docs_dir a docs folder (external-secrets'
        # hack/api-docs/mkdocs.yml over docs/).
        served = config_serving(root / folder, root) if (root / folder).is_dir() else None
        if served is not None:
            where = served.parent.relative_to(root).as_posix()
            return _mkdocs_docs(root, where, served.name, found)
    for folder in _sphinx_folders(root):
        if (root / folder / SPHINX_CONFIG_NAME).is_file():
            return _sphinx_docs(root, folder, found)
    members = workspace_docs_folders(root)  # a monorepo's docs package (packages/docs)
    for kind, tool, find_config in (
        ("vitepress", "VitePress", find_vitepress_config),
        ("vuepress", "VuePress", find_vuepress_config),
    ):
        # The folder a docs script runs the tool on (VueUse's "vitepress dev packages").
        for folder in (*DOCS_FOLDERS, *members, *script_docs_folders(root, kind), "."):
            config = find_config(root / folder)
            if config is not None:
                where = config.relative_to(root).as_posix()
                found.append(f"{where}: {tool}, pages in the order of its sidebar")
                return kind, folder, None
    for folder in (*_docusaurus_folders(root), *members):
        site = root / folder
        site_config = find_site_config(site)
        if site_config is not None:
            options = docs_options(site_config)
            docs = posixpath.normpath(f"{folder}/{docs_folder(site, options)}")
            if not docs.startswith("..") and (root / docs).is_dir():
                where = site_config.relative_to(root).as_posix()
                found.append(f"{where}: Docusaurus, pages in {docs}/ in the order of its sidebar")
                if docs != posixpath.normpath(f"{folder}/{options.path}"):
                    found.append(f"{where}: {options.path}/ is not there (a build step makes it)")
                return "docusaurus", docs, site_title(site_config)
    for folder in _mdbook_folders(root):
        config = root / folder / MDBOOK_CONFIG_NAME
        if config.is_file():
            book = read_book_settings(config)
            docs = posixpath.normpath(f"{folder}/{book.source}")
            where = f"{folder}/{MDBOOK_CONFIG_NAME}".removeprefix("./")
            found.append(f"{where}: mdBook, pages in {docs}/ in the order of its SUMMARY.md")
            return "mdbook", docs, book.title
    for folder in (*DOCS_FOLDERS, "book", "."):
        toc = find_jupyter_book(root / folder)
        if toc is not None:
            toc = language_book(toc) or toc
            folder = toc.parent.relative_to(root).as_posix()
            where = toc.relative_to(root).as_posix()
            found.append(f"{where}: Jupyter Book, pages in the order of its table of contents")
            return "jupyterbook", folder, None
    for folder in (*DOCS_FOLDERS, "."):
        quarto = find_quarto_config(root / folder)
        if quarto is not None:
            where = quarto.relative_to(root).as_posix()
            found.append(f"{where}: Quarto, pages in the order of its sidebar")
            return "quarto", folder, None
    for folder in (*DOCS_FOLDERS, "."):
        # doc-builder builds a folder per language: English's is the project's own.
        for pages in (folder, posixpath.join(folder, DOC_BUILDER_LANGUAGE)):
            if find_doc_builder(root / pages) is not None:
                pages = posixpath.normpath(pages)
                where = posixpath.join(pages, DOC_BUILDER_TOC).removeprefix("./")
                found.append(f"{where}: Hugging Face doc-builder, pages in its order")
                return "docbuilder", pages, None
    for folder in (*DOCS_FOLDERS, *members, "."):
        starlight = starlight_docs(root, folder)
        if starlight is not None:
            where, docs = starlight
            found.append(f"{where}: Astro Starlight, pages in {docs}/ in the order of its sidebar")
            return "starlight", docs, None
    for folder in dict.fromkeys((*DOCS_FOLDERS, *VOCS_FOLDERS, *members, ".")):
        vocs = vocs_docs(root, folder)
        if vocs is not None:
            where, docs = vocs
            found.append(f"{where}: Vocs, pages in {docs}/ in the order of its sidebar")
            return "vocs", docs, None
    for folder in DOCS_FOLDERS:
        for name in APOLLO_SIDEBARS:
            if (root / folder / name).is_file():
                where = f"{folder}/{name}"
                found.append(f"{where}: Apollo's docs, pages in the order of its sidebar")
                return "apollo", folder, None
    for folder in (*DOCS_FOLDERS, "."):
        mintlify = find_mintlify_config(root / folder)
        if mintlify is not None:
            where = mintlify.relative_to(root).as_posix()
            found.append(f"{where}: Mintlify, pages in the order of its navigation")
            return "mintlify", folder, None
    for folder in dict.fromkeys((*DOCS_FOLDERS, *RSPRESS_FOLDERS, *members, ".")):
        rspress = rspress_docs(root, folder)
        if rspress is not None:
            where, docs = rspress
            found.append(f"{where}: Rspress, pages in {docs}/ in the order of its _meta.json files")
            return "rspress", docs, None
    for folder in (*DOCS_FOLDERS, "."):
        nextra = nextra_docs(root, folder)
        if nextra is not None:
            found.append(
                f"{nextra[0]}: Nextra, pages in {nextra[1]}/ in the order of its _meta files"
            )
            return "nextra", nextra[1], None
    for folder in (*DOCS_FOLDERS, *HUGO_FOLDERS, *members, "."):
        hugo = hugo_docs(root, folder)
        if hugo is not None:
            found.append(f"{hugo[0]}: Hugo, pages in {hugo[1]}/ in the order of their weights")
            return "hugo", hugo[1], None
    if (pydoc := pydoc_markdown_docs(root)) is not None:
        found.append(f"{pydoc[0]}: Pydoc-Markdown, pages in {pydoc[1]}/ in the order of its pages")
        return "pydoc-markdown", pydoc[1], pydoc[2]
    for folder in (*DOCS_FOLDERS, "."):
        # Before the project's own files, after a docs folder's: the one MkDocs site in another
        # folder of the project (formulaic's docsite/), not a site beside the docs (a blog).
        lone = _lone_mkdocs_config(root) if folder == "." else None
        if lone is not None:
            return _mkdocs_docs(root, *lone, found)
        # The project's top is read without its tests and templates, so its kind of files is
        # counted without them: needle 3.5.0's two HTML fixtures (test/files/*.html) made the
        # package's pages HTML, which left out its README, its only docs, and built nothing.
        skipped = project_test_folders(root) if folder == "." else ()
        files = _kind_of_files(root / folder, skipped)
        if files in ("html", None) and folder == ".":
            built = _built_sphinx_folder(root) or _built_site_folder(root)
            # A link to the build is not walked for files: python-lxml-doc's html/ is one to
            # ../python-lxml/html, and the folder read as holding no docs at all.
            files, folder = ("html", built) if built else (files, folder)
        if files == "markdown" and read_docsify(root / folder) is not None:
            found.append(f"{folder}/: docsify, pages in the order of its sidebar")
            return "docsify", folder, None
        if files == "markdown" and (gitbook := read_gitbook(root / folder, root)) is not None:
            where = f"{folder}/{gitbook.config_file}" if folder != "." else gitbook.config_file
            if gitbook.config_file == GITBOOK_CONFIG and not (root / where).is_file():
                where = posixpath.join(posixpath.dirname(folder), GITBOOK_CONFIG)
            found.append(f"{where}: GitBook, pages in {folder}/ in the order of its summary")
            return "gitbook", folder, None
        if files == "markdown" and (plain := survey_plain_order(root, folder)) is not None:
            found.append(plain.found)
            return plain.kind, plain.folder, None
        if files is not None:
            found.append(f"{folder}/: {KIND_WORDS[files]} files, no MkDocs or Sphinx config")
            return files, folder, None
    found.append(NO_DOCS_FOUND)
    return "markdown", ".", None


def _lone_mkdocs_config(root: Path) -> tuple[str, str] | None:
    return lone_mkdocs_config(root, {*NOT_DOCS, *TEST_FOLDERS, *DOCS_FOLDERS})


def _readthedocs_docs(root: Path, found: list[str]) -> tuple[str, str, str | None] | None:
    """(kind, docs folder, title) of the Sphinx project or MkDocs site the project's Read the
    Docs config names; None without one, or when an MkDocs site's pages are not there."""
    site = readthedocs_site(root)
    if site is None:
        return None
    where = posixpath.join(site.folder, site.name).removeprefix("./")
    if site.tool == "mkdocs":
        docs = mkdocs_docs_folder(root / site.folder / site.name)
        if not (root / site.folder / docs).is_dir():
            return None
        found.append(f"{site.config}: Read the Docs builds {where}")
        return _mkdocs_docs(root, site.folder, site.name, found)
    found.append(f"{site.config}: Read the Docs builds {where}")
    return _sphinx_docs(root, site.folder, found)


def _sphinx_docs(root: Path, folder: str, found: list[str]) -> tuple[str, str, str | None]:
    """("sphinx" or "myst", docs folder, project title) of the Sphinx conf.py in ``folder``."""
    conf = root / folder / SPHINX_CONFIG_NAME
    text = conf.read_text(encoding="utf-8", errors="replace")
    settings = read_sphinx_conf(text, pyproject=pyproject_text(conf, text, root))
    myst = reads_markdown(settings, root / folder)
    kind = "myst" if myst else "sphinx"
    where = f"{folder}/{SPHINX_CONFIG_NAME}".removeprefix("./")
    found.append(f"{where}: Sphinx" + (" with MyST Markdown" if myst else ""))
    title = settings.get("project")
    return kind, folder, title if isinstance(title, str) else None


def sphinx_release(root: Path, docs: str) -> str:
    """The release a Sphinx conf.py in ``docs`` writes as a literal (``release``, else its short
    ``version``), when it is a version; "" when it computes it or there is no conf.py."""
    conf = root / docs / SPHINX_CONFIG_NAME
    try:
        text = conf.read_text(encoding="utf-8", errors="replace") if conf.is_file() else ""
    except OSError:
        return ""
    settings = read_sphinx_conf(text, pyproject=pyproject_text(conf, text, root))
    for name in ("release", "version"):
        value = settings.get(name)
        if isinstance(value, str) and is_version(value.strip()):
            return value.strip()
    return ""


def _mkdocs_docs(
    root: Path, folder: str, name: str, found: list[str], pages: str | None = None
) -> tuple[str, str, str | None]:
    """("mkdocs", docs folder, site name) of the MkDocs config ``name`` in ``folder``; the
    docs folder is ``pages`` (from ``root``) when given, the folder a build step copies to
    the config's docs_dir."""
    config = root / folder / name
    data = mkdocs_settings(config)
    docs = pages or posixpath.normpath(posixpath.join(folder, mkdocs_docs_folder(config)))
    tool = "Zensical" if name.startswith("zensical.") else "MkDocs"
    where = posixpath.join(folder, name).removeprefix("./")
    found.append(f"{where}: {tool}, pages in {docs}/")
    # What the build will say of its gen-files scripts, which it never runs.
    generated = generated_pages(data, config.parent.resolve(), name, root.resolve())
    found.extend((*generated.notes, *generated.warnings))
    title = data.get("site_name")
    return "mkdocs", docs, title if isinstance(title, str) else None


def _built_sphinx_folder(root: Path) -> str | None:
    """The one folder just below ``root`` that Sphinx built (``_static/documentation_options.js``),
    when ``root`` is not one itself: a Debian ``*-doc`` package's folder holds its pages in
    ``html/`` beside its changelog and copyright, and its translations' builds beside that
    (python-bs4-doc's ``html.ru/``, ``html.zh/``), which are not the docs' own language."""
    if (root / BUILT_SPHINX_MARK).is_file():
        return None
    built = [
        path.name
        for path in sorted(root.iterdir())
        if path.name not in NOT_DOCS
        and not path.name.startswith(".")
        and path.is_dir()
        and (path / BUILT_SPHINX_MARK).is_file()
    ]
    if "html" in built and all(name.startswith("html.") for name in built if name != "html"):
        return "html"
    return built[0] if len(built) == 1 else None


def _built_site_folder(root: Path) -> str | None:
    """``html`` when it is a site another tool built (MkDocs': python-typer-doc's and
    python-uvicorn-doc's html/) beside files that are no pages: read from ``root``, its pages
    were "html/tutorial/index.html" and its 404.html a page. Not when another site is beside
    it (html-single/): which is the docs is the user's choice."""
    sites = [path.name for path in root.iterdir() if (path / "index.html").is_file()]
    return "html" if sites == ["html"] and not any(root.glob("*.html")) else None


def _sphinx_folders(root: Path) -> Iterator[str]:
    """The folders a Sphinx conf.py may be in, likeliest first: the usual docs folders and the
    project, then the subfolders of a docs folder (pytest's doc/en, pip's docs/html), then
    their ``source`` folders, as sphinx-quickstart's separate source and build folders lay out
    a subfolder (pvlib's docs/sphinx/source), then a docs folder one folder down. Of the
    subfolders, one whose conf.py sets a language other than English comes after the rest:
    pygame 2.6.1's docs/es (its Spanish translation, ``language = 'es'``) beside docs/reST."""
    yield from (*DOCS_FOLDERS, ".")
    subfolders = [
        conf
        for pattern in (f"*/{SPHINX_CONFIG_NAME}", f"*/source/{SPHINX_CONFIG_NAME}")
        for folder in DOCS_FOLDERS[:3]
        if (root / folder).is_dir()
        for conf in sorted((root / folder).glob(pattern))
    ]
    for conf in sorted(subfolders, key=_translated):  # a stable sort: English first
        yield conf.parent.relative_to(root).as_posix()
    # Last, a docs folder inside another of the project's folders: Invoke's and Fabric's
    # sites/docs (their API reference; sites/www, the project's site, has a conf.py too).
    skipped = {*NOT_DOCS, *TEST_FOLDERS}
    for name in DOCS_FOLDERS[:2]:
        for conf in sorted(root.glob(f"*/{name}/{SPHINX_CONFIG_NAME}")):
            top = conf.parent.parent.name
            if top not in skipped and not top.startswith("."):
                yield conf.parent.relative_to(root).as_posix()


def _translated(conf: Path) -> bool:
    """Whether the conf.py at ``conf`` builds its docs in a language other than English."""
    try:
        if not conf.is_file():  # a named pipe is never read
            return False
        with conf.open("rb") as file:
            text = file.read(MAX_CONF_BYTES + 1).decode("utf-8", "replace")
    except OSError:
        return False
    language = read_sphinx_conf(text).get("language")
    if not isinstance(language, str) or not language:
        return False
    return language.lower().replace("-", "_").partition("_")[0] != "en"


def sibling_sphinx_sites(root: Path, docs: str) -> tuple[DocsInstanceSurvey, ...]:
    """The other Sphinx projects beside a docs folder found inside another folder of the
    project, each a library of its own: Invoke's and Fabric's sites/www (their changelog, FAQ
    and install pages) beside sites/docs (their API reference)."""
    top, _, name = docs.partition("/")
    if not name or "/" in name or top in DOCS_FOLDERS or name not in DOCS_FOLDERS[:2]:
        return ()
    skipped = {*NOT_DOCS, *TEST_FOLDERS}
    return tuple(
        DocsInstanceSurvey(conf.parent.name, f"{top}/{conf.parent.name}", ())
        for conf in sorted((root / top).glob(f"*/{SPHINX_CONFIG_NAME}"))
        if conf.parent.name not in (name, *skipped) and not conf.parent.name.startswith(".")
    )


# Folders a Docusaurus site is kept in: the project, or beside the code.
DOCUSAURUS_FOLDERS = (".", "website", "docs", "site", "documentation")
# Folders an mdBook is kept in besides the docs folders (PyO3's and mdBook's own guide/).
MDBOOK_FOLDERS = ("guide", "book", "user-guide")


def _docusaurus_folders(root: Path) -> Iterator[str]:
    """The folders a Docusaurus site may be in: the usual ones, then any other folder of the
    project's (Haystack's docs-website/)."""
    yield from DOCUSAURUS_FOLDERS
    try:
        folders = sorted(p.name for p in root.iterdir() if p.is_dir())
    except OSError:
        return
    skipped = {*DOCUSAURUS_FOLDERS, *NOT_DOCS}
    yield from (name for name in folders if name not in skipped and not name.startswith("."))


def _mdbook_folders(root: Path) -> Iterator[str]:
    """The folders a book.toml may be in, likeliest first: the project, the docs folders and
    the usual book folders (a book's test fixtures lie deeper and are never looked at)."""
    yield "."
    yield from (folder for folder in (*DOCS_FOLDERS, *MDBOOK_FOLDERS) if "/" not in folder)


KIND_WORDS = {
    "markdown": "Markdown",
    "rst": "reStructuredText",
    "markdown+rst": "Markdown and reStructuredText",
    "html": "HTML",
    "asciidoc": "AsciiDoc",
    "docsify": "docsify's Markdown",
}


def writes_api_with_a_script(root: Path) -> bool:
    """Whether the MkDocs config docs_kind finds loads mkdocstrings while no page the build
    writes for it (gen-files' recipe, api-autonav) holds a ``:::`` block: its reference pages
    come from a script the build does not run (the MCP Python SDK's scripts/docs/
    gen_ref_pages.py, run before MkDocs, writes docs/api/), so none of its docstrings were
    read. Whether the docs' own pages hold a block is for the caller to tell."""
    found = next(mkdocs_configs(root, DOCS_FOLDERS[:3]), None) or _lone_mkdocs_config(root)
    if found is None:
        return False
    folder, name = found
    config = root / folder / name
    data = mkdocs_settings(config)
    if not has_plugin(data, MKDOCSTRINGS_PLUGIN):
        return False
    written = (
        *generated_pages(data, config.parent.resolve(), name).pages,
        *autonav_pages(data, config.parent.resolve(), name).pages,
    )
    return not any(":::" in page.text for page in written)


def _kind_of_files(folder: Path, skipped: tuple[str, ...] = ()) -> str | None:
    """The most common kind of doc file in ``folder`` (not in NOT_DOCS, nor in a folder named
    in ``skipped``), if any."""
    if not folder.is_dir():
        return None
    counts = {"markdown": 0, "rst": 0, "html": 0, "asciidoc": 0}
    pages: list[Path] = []
    sources: set[str] = set()  # the stems of the Markdown and reST files
    page_stems: list[str] = []  # the HTML pages'
    # A Sphinx build's copies of its pages' sources are no pages of their own: under
    # sphinx-book-theme's html_sourcelink_suffix "" they are .md and .rst files, named as the
    # pages, which made the pages read as the build of the folder's Markdown.
    built = BUILT_SPHINX_FOLDERS if (folder / BUILT_SPHINX_MARK).is_file() else ()
    for path in docs_files(folder):
        if built and path.relative_to(folder).parts[0] in built:
            continue
        if skipped and not set(skipped).isdisjoint(path.relative_to(folder).parts[:-1]):
            continue
        # A gzipped page counts as the page it holds (Debian's changelog.html.gz).
        name = PurePosixPath(gzipped_page_name(path.name) or path.name)
        suffix = name.suffix.lower()
        if suffix in MARKDOWN_SUFFIXES:
            counts["markdown"] += 1
            sources.add(name.stem)
        elif suffix in RST_SUFFIXES:
            counts["rst"] += 1
            sources.add(name.stem)
        elif suffix in (".html", ".htm"):
            pages.append(path)
            page_stems.append(name.stem)
        elif suffix in ASCIIDOC_SUFFIXES:
            counts["asciidoc"] += 1
    counts["html"] = len(pages) if are_docs(pages, page_stems, sources) else 0
    kind, count = max(counts.items(), key=lambda item: item[1])
    if kind in ("markdown", "rst") and counts["markdown"] and counts["rst"]:
        return "markdown+rst"
    return kind if count else None


def docs_files(folder: Path, project: Path | None = None, top: Path | None = None) -> list[Path]:
    """The files below ``folder``, and below the folders elsewhere in ``project`` it links
    to, as the build lists them (builder.linked_folders)."""
    files: list[Path] = []
    top = top or folder.resolve()
    for path in sorted(folder.iterdir()):
        if path.name in NOT_DOCS or path.name.startswith("."):
            continue
        if path.is_dir() and not path.is_symlink():
            files.extend(docs_files(path, project, top))
        elif project is not None and followed_folder(path, top, project):
            files.extend(docs_files(path, None, top))
        elif path.is_file():
            files.append(path)
    return files


def project_test_folders(folder: Path) -> tuple[str, ...]:
    """The folders of the project at ``folder``, read from its top, that hold no docs: its
    TEST_FOLDERS, all but a name whose every folder is inside a docs folder and holds pages
    alone (Effect's apps/web/src/content/docs/v4/testing/testclock.mdx, its "TestClock" guide,
    read from the project's top), and its TEMPLATE_FOLDERS."""
    names = set(TEST_FOLDERS)
    docs_names = {name for name in DOCS_FOLDERS if "/" not in name}
    pages = (*MARKDOWN_SUFFIXES, *RST_SUFFIXES)
    held: set[str] = set()
    for path in docs_files(folder):
        parts = path.relative_to(folder).parts[:-1]
        for index, part in enumerate(parts):
            if part in names:
                held.add(part)
                if path.suffix.lower() not in pages or docs_names.isdisjoint(parts[:index]):
                    names.discard(part)  # a test's file, or a folder outside the docs
    docs_sections = held & names
    tests = tuple(name for name in TEST_FOLDERS if name not in docs_sections)
    return (*tests, *TEMPLATE_FOLDERS)
