"""Look at a project folder and say what ``docbuild init`` should write for it: the docs tool
and folder (builder.survey_docs), the package's code, the versions (git tags that are versions,
or a Docusaurus site's released versions), and the library's name from its own metadata (or,
for a built Sphinx site, from what the build says of itself).

Nothing is run: configs are read as data, git is asked for tags and trees only.
"""

from __future__ import annotations

import os
import posixpath
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from builder.api.locate import packages_in
from builder.archived_version import archived_version
from builder.built_sphinx import (
    DEBIAN_CHANGELOG,
    debian_project,
    debian_release,
    read_built_sphinx,
)
from builder.code_read_files import code_read_files
from builder.debian_package import packaged_docs, unpacked_doc_package
from builder.package_dirs import declared_package_dirs
from builder.project_metadata import project_metadata, setup_py_version
from builder.projects.page_list import find_page_list
from builder.survey_docs import (
    NOT_DOCS,
    docs_kind,
    sibling_sphinx_sites,
    sphinx_release,
    writes_api_with_a_script,
)
from builder.survey_docusaurus import DocsInstanceSurvey, other_instances, versioned_docs
from builder.survey_git import VersionTags, pages_url, version_tags
from builder.survey_jekyll import PAGES as JEKYLL_PAGES
from builder.survey_jekyll import jekyll_site
from builder.survey_patterns import exclude_patterns, include_patterns
from builder.version_file import top_version_file, version_in_package
from schemas.versions import is_placeholder, is_version

# Docs of plain files (no docs tool): no page of theirs names the code.
_PLAIN_KINDS = (
    "markdown",
    "rst",
    "markdown+rst",
    "docsify",
    "gitbook",
    "nextra",
    "rspress",
    "docbuilder",
    "hugo",
    "mintlify",
    "starlight",
    "vocs",
    "apollo",
    "markdown-listed",
    "markdown-ordered",
)
# How many pages init reads for an API directive before it takes the docs to have none.
MAX_SCANNED_PAGES = 500
# More packages than this in the code's folder are several projects' code, not one's names.
MAX_IMPORT_ALIASES = 2
# What a page imports or documents by its dotted name: "import bs4", "from dns.resolver import
# ...", ".. autoclass:: dns.resolver.Resolver", ".. module:: vcr", mkdocstrings' "::: ninja.Router".
_IMPORTED = re.compile(
    r"^[ \t>.]*(?:from[ \t]+|import[ \t]+|\.\.[ \t]+[\w:]*(?:module|auto\w+) ?::[ \t]*|:::[ \t]*)"
    r"([A-Za-z_]\w*)",
    re.MULTILINE,
)
# reST's ".. automodule::", MyST's "```{autoclass}" and ":::{autofunction}" fences,
# mkdocstrings' "::: pkg.name", heading marks before it too ("### ::: pyee"), or a dotted
# path right after the colons (supervision's ":::supervision.Detections", which mkdocstrings
# reads so; ":::note" alone is a Docusaurus container).
_API_DIRECTIVE = re.compile(
    r"^[ \t]*(?:\.\. +(?:py:)?auto\w+ ?::|(?:`{3,}|:{3,})[ \t]*\{(?:py:)?auto\w+\}"
    r"|(?:\#{1,6}[ \t]*)?:::(?:[ \t]+[\w.]|[A-Za-z_]\w*\.[A-Za-z_])"
    r"|\[\[autodoc\]\][ \t]+[A-Za-z_])",  # Hugging Face's doc-builder
    re.M,
)
# Packages beside a project's code that are not its API.
_NOT_API = ("tests", "test", "testing", "examples", "docs", "doc", "demos", "benchmarks")
# What an id may not hold, with the dashes and spaces around it: one dash stands for them all
# ("Borg - Deduplicating Archiver" is borg-deduplicating-archiver, not borg---deduplicating...).
_ID_CHARACTERS = re.compile(r"[^a-z0-9._]*[^a-z0-9._-][^a-z0-9._]*")


CATALOG_NAME = "docbuild.toml"  # what docbuild init writes
# The plain folders of files whose npm package's README is read with them.
_PLAIN_MARKDOWN = (
    "markdown",
    "markdown+rst",
    "starlight",
    "apollo",
    "markdown-listed",
    "markdown-ordered",
)
# Where a Sphinx build copies its static files as they are (html_static_path): a theme's fonts'
# read-me, a page a plot embeds (borgbackup-doc 1.2.4's SourceSerifProReadMe.html, dask
# 2022.12.1's transpose_cyto.html) are no pages of the docs.
_SPHINX_ASSETS = "_static"
# The page a site of HTML opens with, which shows what its README says.
_INDEX_PAGES = ("index.html", "index.htm")
# The suffixes of such a README and release notes (handlebars' README.markdown).
_README_SUFFIXES = (".md", ".markdown")
# The names of an npm package's release notes and upgrade guides at its top, read with such a
# folder too: CHANGELOG.md, HISTORY.md, MIGRATION_GUIDE.md, UPGRADING.md (not RELEASING.md,
# the maintainers' steps).
_PACKAGE_NOTES = re.compile(
    r"(?i)(?:change[-_ ]?log|changes|history|news|release[-_ ]?notes|upgrading|migration)"
    r"(?:[-_ ]guide)?$"
)


@dataclass(frozen=True)
class ProjectSurvey:
    """What ``docbuild init`` found in a project folder. Paths are relative to it, POSIX."""

    # "mkdocs", "vitepress", "docusaurus", "mdbook", "jupyterbook", "quarto", "docsify", "sphinx",
    # "myst" (Sphinx with MyST Markdown), or a plain folder of files: "markdown", "rst",
    # "markdown+rst", "html"
    kind: str
    docs: str  # the docs folder, "." for the project folder itself
    include: tuple[str, ...]
    exclude: tuple[str, ...]
    library_id: str
    name: str
    summary: str
    version: str  # the working tree's version, from the project's metadata
    version_known: bool
    packages: tuple[str, ...]  # registry names, "pypi:name" or "npm:name"
    homepage: str | None
    source_dir: str | None  # the folder holding the package (for API pages)
    tags: VersionTags | None
    base_url: str | None  # the GitHub Pages address, when the origin remote is on GitHub
    found: tuple[str, ...]  # what was seen, one line each, for the user
    # A Docusaurus site's released versions, newest first: (version, its docs folder).
    versioned: tuple[tuple[str, str], ...] = ()
    # The site's other docs plugin instances (an API reference), a library of its own each.
    instances: tuple[DocsInstanceSurvey, ...] = ()
    # The modules and packages to give API pages (the catalog's ``api``) when the docs are
    # plain files, which name no code: a README-only project (tabulate, backoff).
    api: tuple[str, ...] = ()
    # The names the project's code is imported by, when they are not its own (beautifulsoup4's
    # bs4, Pillow's PIL): the catalog's ``aliases``, for agents that ask by them.
    aliases: tuple[str, ...] = ()
    # Where the docs folder leads when it is a link out of the project (a Debian *-doc
    # package's html/, a link to ../python-lxml/html): the catalog must allow it.
    docs_outside: str | None = None


def survey_project(root: Path, release_from: Path | None = None) -> ProjectSurvey:
    """Survey ``root`` (an existing folder); in the folder ``dpkg-deb -x`` unpacked a Debian
    ``*-doc`` package to, the package's own doc folder, the one its release is read from
    (``release_from``, when its docs are in another package's folder)."""
    package = unpacked_doc_package(root, ignored=(*NOT_DOCS, CATALOG_NAME))
    if package is not None:
        packaged = packaged_docs(root, package)
        inner = survey_project(root / packaged, release_from=root / package)
        docs = posixpath.normpath(f"{packaged}/{inner.docs}")
        seen = f"{packaged}/: the docs of an unpacked Debian package"
        return replace(
            inner,
            docs=docs,
            docs_outside=_outside(root, docs),
            found=(seen, *inner.found),
            base_url=pages_url(root),
        )
    found: list[str] = []
    metadata = project_metadata(root, found)
    kind, docs, title = docs_kind(root, found)
    built = read_built_sphinx(root / docs) if kind == "html" else None
    if built is not None:
        where = f"{docs}/_static/documentation_options.js".removeprefix("./")
        named = f"{built.project or 'release'} {built.version}" if built.version else built.project
        found.append(f"{where}: built by Sphinx" + (f", {named}" if named else ""))
        # A release Debian writes with a tilde (pglast's 5.0~dev0, pydl's 1.0.0~rc2) is no
        # version a catalog takes: the build's own (5.0.dev0) is kept then.
        packaged = debian_release(release_from or root)
        if packaged and packaged != built.version and is_version(packaged):
            found.append(f"{DEBIAN_CHANGELOG}: the package's release, {packaged}, is the version")
            built = replace(built, version=packaged)
        title = title or built.project or None
    # A Debian package's docs that name neither (built by MkDocs: python-typer-doc's html/)
    # are named and dated by its changelog, not as the folder "python-typer-doc" 0.0.0.
    debian = release_from or root
    name = metadata.get("name") or title or debian_project(debian) or root.resolve().name
    named = _without_symbols(title) if metadata.get("private") and title else ""
    if named:
        # A private package.json names a docs site's or a workspace's package, never published:
        # the docs' own title names the library (socket.io's site: sample-website, Socket.IO).
        # A title of symbols alone names nothing; one with no letter an id can hold (飞书文档)
        # names the library, and the package's name stays its id.
        name = title = named
        if _id_text(named):
            metadata = {**metadata, "id": named}
        found.append(f"package.json: private, so the docs' title names the library: {title}")
    source_dir = _source_dir(root, docs, str(name))
    if source_dir is not None:
        found.append(f"package code in {source_dir}/")
    api = _api_names(root, kind, docs, source_dir, str(name))
    aliases = _import_names(root, docs, source_dir, str(metadata.get("id") or name))
    if aliases:
        found.append(f"imported as {', '.join(aliases)}: aliases agents may ask by")
    if api:
        why = "no page holds a ::: block" if kind == "mkdocs" else "no docs tool"
        found.append(f"{why}: API pages from the docstrings of {', '.join(api)}")
    tags = version_tags(root, docs)
    if tags is not None:
        found.append(
            f"{len(tags.newest)} version tag(s) holding {docs}/: {', '.join(tags.newest)}"
            if tags.newest
            else f"version tags ({tags.pattern}), but none of the newest holds {docs}/"
        )
    version = metadata.get("version") or (built.version if built is not None else "")
    # Each source is asked while none has given a version (a string that is not one, or a
    # placeholder the package holds until its build writes the release in, too).
    if not _released(version):
        version = setup_py_version(root) or version
    if not _released(version):  # a single module beside setup.py (bottle.py) counts too
        version = version_in_package(root / (source_dir or "."), str(name), root) or version
    if not _released(version):
        version = archived_version(root, {}) or version
    if not _released(version) and (top := top_version_file(root))[1]:
        version = top[1]
        found.append(f"{top[0]}: {version}, the version")
    if not _released(version) and is_version(debian_release(debian)):
        version = debian_release(debian)
        found.append(f"{DEBIAN_CHANGELOG}: the package's release, {version}, is the version")
    if (
        not _released(version)
        and kind in ("sphinx", "myst")
        and (release := sphinx_release(root, docs))
    ):
        # The release the docs name themselves, when the package's metadata names none
        # (schedule 1.2.2: a dynamic version its setup.py gives, docs/conf.py's release too).
        version = release
        found.append(f"{docs}/conf.py: release {release}, the version".removeprefix("./"))
    versioned = versioned_docs(root, docs, version) if kind == "docusaurus" else ()
    if versioned and versioned[0][1] == docs:  # its lastVersion is 'current'
        found.append(f"{docs}/: the latest release, {versioned[0][0]} (lastVersion: 'current')")
    if released := [(name, path) for name, path in versioned if path != docs]:
        folder = posixpath.dirname(released[0][1])
        found.append(
            f"{len(released)} released version(s) in {folder}/: "
            + ", ".join(name for name, _ in released)
        )
    instances = other_instances(root, docs, version) if kind == "docusaurus" else ()
    instances = sibling_sphinx_sites(root, docs) if kind in ("sphinx", "myst") else instances
    found.extend(f"another docs instance, {i.id!r}, in {i.docs}/" for i in instances)
    include = include_patterns(kind, root / docs, root)
    exclude = exclude_patterns(kind, docs, root / docs, built_site=built is not None)
    jekyll = jekyll_site(root / docs) if kind.startswith("markdown") or kind == "html" else None
    if jekyll is not None:  # its Markdown and HTML pages, whichever it has more of
        where = posixpath.join(docs, jekyll.config).removeprefix("./")
        found.append(f"{where}: Jekyll, its Markdown and HTML pages, not its templates")
        include = tuple(dict.fromkeys((*include, *JEKYLL_PAGES)))
        exclude = (*exclude, *jekyll.exclude)
    if docs == "." and source_dir is not None and api:  # the package's data is no page
        folders = tuple(posixpath.join(source_dir, name.replace(".", "/")) for name in api)
        data = code_read_files(root, folders)
        if data:
            found.append(f"{len(data)} Markdown file(s) the package's code reads: no pages")
            exclude = (*exclude, *(f"/{path}" for path in data))
    if built is not None:
        exclude = (*exclude, _SPHINX_ASSETS)
    pages = _package_pages(root, kind, docs, metadata.get("packages", ()))
    if pages:
        found.append(f"{pages[0]}: the package's README, read with {docs}/")
        found.extend(
            f"{page}: the package's release notes, read with {docs}/" for page in pages[1:]
        )
    listed = _listed_readmes(root, kind, docs)
    if listed:
        found.append(
            f"{len(listed)} workspace package README(s) its list of pages names, read with "
            f"{docs}/: {', '.join(listed[:3])}{', …' if len(listed) > 3 else ''}"
        )
        pages = (*pages, *listed)
    if pages:
        # Anchored: a README.md without a slash is every folder's (fastify's test/bundler/).
        include = (*(f"/{page}" for page in pages), *(f"{docs}/{p}" for p in include))
        exclude = tuple(f"{docs}/{pattern}" for pattern in exclude)
        docs = "."
    return ProjectSurvey(
        kind=kind,
        docs=docs,
        include=include,
        exclude=exclude,
        library_id=library_id_of(str(metadata.get("id") or name)),
        name=str(name),
        summary=str(metadata.get("summary") or ""),
        version=version if _released(version) else "0.0.0",
        version_known=_released(version),
        packages=() if metadata.get("private") else tuple(metadata.get("packages", ())),
        homepage=metadata.get("homepage"),
        source_dir=source_dir,
        tags=tags if tags is not None and tags.newest else None,
        base_url=pages_url(root),
        found=tuple(found),
        versioned=versioned,
        instances=instances,
        api=api,
        aliases=aliases,
        docs_outside=_outside(root, docs),
    )


def _package_pages(root: Path, kind: str, docs: str, packages: Any) -> tuple[str, ...]:
    """The README of an npm package whose docs are a folder of plain Markdown beside it
    (pino's docs/): the page npm shows, its install and first steps, which no page of the
    folder repeats; then the release notes and upgrade guides at its top (date-fns' and
    eslint-plugin-import's CHANGELOG.md), of names the folder holds none of (a copy there
    would read twice). Nothing when the package has no such folder (a docs tool's site has
    its own index page): a folder of HTML pages without one (Docco's annotated source,
    node-polyglot's docs/polyglot.html) is read with them too."""
    npm = any(str(name).startswith("npm:") for name in packages or ())
    if not npm or docs == "." or _outside(root, docs):
        return ()
    site = kind == "html" and any((root / docs / page).is_file() for page in _INDEX_PAGES)
    if kind not in _PLAIN_MARKDOWN and (kind != "html" or site):
        return ()
    top = sorted(p.name for p in root.iterdir() if p.suffix in _README_SUFFIXES and p.is_file())
    readme = [name for name in top if Path(name).stem.lower() == "readme"][:1]
    pattern = "*.html" if kind == "html" else "*.md"
    held = {path.stem.lower() for path in (root / docs).rglob(pattern)}
    notes = [
        n for n in top if _PACKAGE_NOTES.match(Path(n).stem) and Path(n).stem.lower() not in held
    ]
    return (*readme, *notes) if readme else ()


def _listed_readmes(root: Path, kind: str, docs: str) -> tuple[str, ...]:
    """The READMEs of the workspace's packages that the docs folder's list of pages names
    among its pages (emotion's docs/docs.yaml: '@emotion/react', packages/react/README.md),
    which its site shows there (builder.projects.page_list)."""
    if kind != "markdown-listed" or docs == ".":
        return ()
    listed = find_page_list(root)
    if listed is None:
        return ()
    return tuple(page for page in listed[1] if not page.startswith(f"{docs}/"))


def _outside(root: Path, docs: str) -> str | None:
    """Where the docs folder leads, when a link takes it out of ``root``."""
    resolved = (root / docs).resolve()
    return None if resolved.is_relative_to(root.resolve()) else str(resolved)


# What an emoji is written with after its pictograph, none of it visible alone: the text and
# emoji variation selectors, the zero-width joiner and the skin tones; and the range of tag
# characters a subdivision's flag (England's) is spelt with.
_EMOJI_PARTS = frozenset("\ufe0e\ufe0f\u200d" + "".join(map(chr, range(0x1F3FB, 0x1F400))))
_EMOJI_TAGS = ("\U000e0020", "\U000e007f")


def _without_symbols(title: str) -> str:
    """``title`` without the pictographs and marks a site's title may wear (MobX's "MobX 🇺🇦",
    a "™"), each with the invisible parts an emoji is written with after it (a variation
    selector, a skin tone, a joiner and the pictograph it joins, a flag's tags):
    the name a library is called by."""
    kept = []
    dropping = False
    for char in title:
        if unicodedata.category(char) == "So":
            dropping = True
        elif not (dropping and (char in _EMOJI_PARTS or _EMOJI_TAGS[0] <= char <= _EMOJI_TAGS[1])):
            dropping = False
            kept.append(char)
    return " ".join("".join(kept).split())


def library_id_of(name: str) -> str:
    """A catalog id (lowercase letters, digits, ``. _ -``) for a project name."""
    return _id_text(name) or "docs"


def _id_text(name: str) -> str:
    """What of ``name`` an id holds: its letters and digits, other runs made "-"; "" when
    none."""
    return _ID_CHARACTERS.sub("-", name.strip().lower()).strip("-._")


def _source_dir(root: Path, docs: str, name: str) -> str | None:
    """The folder on sys.path that holds the package: the one its setuptools configuration
    names (``package_dir = {"": "lib"}``) when it holds one, else ``src`` when it does, else
    the project folder when a package sits in it beside the docs, else a folder named like
    the project that holds a package of that name (psycopg's psycopg/psycopg, a repository of
    several distributions)."""
    package = name.replace("-", "_").lower()
    if package.isidentifier() and (root / package / package / "__init__.py").is_file():
        nested: tuple[str, ...] = (package,)
    else:
        nested = ()
    for folder in (*declared_package_dirs(root), "src", ".", *nested):
        base = root / folder
        if base.is_dir() and any(
            (child / "__init__.py").is_file()
            for child in sorted(base.iterdir())
            if child.is_dir()
            and child.name not in NOT_DOCS
            and child.name != docs
            and child.name not in ("tests", "test", "examples", "docs", "doc")
        ):
            return folder
    return None


def _api_names(
    root: Path, kind: str, docs: str, source_dir: str | None, name: str
) -> tuple[str, ...]:
    """What the catalog's ``api`` should name for docs of plain files that document no code
    themselves, or MkDocs docs whose mkdocstrings pages a script the build does not run
    writes: the packages in the code's folder, else a module named like the project
    (tabulate.py, docopt.py)."""
    scripted = kind == "mkdocs" and writes_api_with_a_script(root)
    if (kind not in _PLAIN_KINDS and not scripted) or _documents_code(root / docs):
        return ()
    module = name.replace("-", "_").lower()
    if source_dir is not None:
        packages = [
            package
            for package in packages_in(root / source_dir)
            if package not in NOT_DOCS and package not in _NOT_API
        ]
        # The project's own package first (toolz before tlz, its alias).
        if packages:
            return tuple(sorted(packages, key=lambda package: package != module))
    for folder in (".", "src"):
        if module.isidentifier() and (root / folder / f"{module}.py").is_file():
            return (module,)
    return ()


def _import_names(root: Path, docs: str, source_dir: str | None, name: str) -> tuple[str, ...]:
    """The packages of the code's folder a project is imported by, when they are named other
    than it (beautifulsoup4 is imported as bs4, PyJWT as jwt, Pillow as PIL): at most
    ``MAX_IMPORT_ALIASES``, else the folder holds several projects' code and names none."""
    if source_dir is None:
        return ()
    own = {name.lower(), name.lower().replace("-", "_"), name.lower().replace("_", "-")}
    packages = [
        package
        for package in packages_in(root / source_dir)
        if package not in NOT_DOCS
        and package not in _NOT_API
        and not package.startswith("_")
        and package.isidentifier()
    ]
    if len(packages) > MAX_IMPORT_ALIASES or any(p.lower() in own for p in packages):
        return ()  # the project's own package is there: it is imported by its name
    # Only a name the docs import: a package beside the code may be its build's (pygame's
    # buildconfig/ and src_py/, installed as pygame).
    wanted = set(packages)
    imported: set[str] = set()
    for text in _page_texts(root / docs):
        imported.update(name for name in _IMPORTED.findall(text) if name in wanted)
        if imported == wanted:
            break
    return tuple(sorted(imported))


def _documents_code(docs: Path) -> bool:
    """Whether a page in ``docs`` (its first MAX_SCANNED_PAGES) holds an autodoc directive, a
    mkdocstrings block or a doc-builder ``[[autodoc]]`` line: then the docs name their code
    themselves (itsdangerous' docs/, PEFT's docs/source/)."""
    return any(_API_DIRECTIVE.search(text) for text in _page_texts(docs))


def _page_texts(docs: Path) -> Iterator[str]:
    """The text of each reST and Markdown page in ``docs``, its first MAX_SCANNED_PAGES."""
    pages = 0
    for folder, folders, files in os.walk(docs):
        folders[:] = sorted(f for f in folders if f not in NOT_DOCS and not f.startswith("."))
        for file in sorted(files):
            if not file.endswith((".rst", ".md")) or pages >= MAX_SCANNED_PAGES:
                continue
            pages += 1
            try:
                yield Path(folder, file).read_text(encoding="utf-8", errors="replace")
            except OSError:
                continue


def _released(version: str) -> bool:
    """Whether ``version`` is a release's: a version, and not a placeholder ("0.0.0")."""
    return is_version(version) and not is_placeholder(version)
