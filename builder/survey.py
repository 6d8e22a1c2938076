"""Look at a project folder and say what ``docbuild init`` should write for it: the docs tool
(MkDocs, Sphinx, Sphinx with MyST, plain Markdown), the docs folder, the package's code, the
git tags that are versions, and the library's name from its own metadata (or, for a built
Sphinx site, from what the build says of itself).

Nothing is run: mkdocs.yml and conf.py are read as data, git is asked for tags and trees only.
"""

from __future__ import annotations

import email.parser
import json
import os
import posixpath
import re
import subprocess
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from builder.built_sphinx import read_built_sphinx
from builder.gzip_pages import gzipped_page_name
from builder.parsers import ASCIIDOC_SUFFIXES
from builder.projects.docusaurus import CONFIG_NAMES as DOCUSAURUS_CONFIG_NAMES
from builder.projects.docusaurus import (
    VERSIONED_DOCS,
    docs_options,
    find_docusaurus,
    site_versions,
)
from builder.projects.gen_files import generated_pages
from builder.projects.jupyter_book import find_jupyter_book
from builder.projects.mdbook import CONFIG_NAME as MDBOOK_CONFIG_NAME
from builder.projects.mdbook import read_book_settings
from builder.projects.mkdocs import CONFIG_NAMES as MKDOCS_CONFIG_NAMES
from builder.projects.mkdocs import load_config as load_mkdocs_config
from builder.projects.sphinx import CONFIG_NAME as SPHINX_CONFIG_NAME
from builder.projects.vitepress import find_vitepress_config
from builder.sphinx_conf import read_sphinx_conf
from builder.version_file import version_from_file
from schemas.versions import InvalidVersion, parse_version, sort_newest_first

# Where projects keep their docs, most usual first; "." (the project itself) comes last.
DOCS_FOLDERS = ("docs", "doc", "documentation", "docs/source", "doc/source", "website/docs")
# Newest version tags a starter catalog builds; more make the first build slow for little use.
MAX_TAGGED_VERSIONS = 3
# Folders that never hold a project's own docs when the docs are the project folder itself.
NOT_DOCS = (
    ".git", ".venv", "venv", "node_modules", "_build", "_site", ".docbuild-cache", "build",
    "dist", ".tox", ".nox", ".mypy_cache", ".pytest_cache", ".ruff_cache", "site-packages",
)  # fmt: skip
MARKDOWN_SUFFIXES = (".md", ".markdown", ".mdx", ".qmd")
RST_SUFFIXES = (".rst", ".rest")
MYST_EXTENSIONS = ("myst_parser", "myst_nb")
_ID_CHARACTERS = re.compile(r"[^a-z0-9._-]+")
_GITHUB_REMOTE = re.compile(r"github\.com[:/]([\w.-]+)/([\w.-]+?)(?:\.git)?/?$")


@dataclass(frozen=True)
class VersionTags:
    """Git tags that name versions: the glob that picks them, and how many of the newest
    hold the docs folder (only those are built)."""

    pattern: str
    newest: tuple[str, ...]  # tag names, newest first, each holding the docs folder


@dataclass(frozen=True)
class ProjectSurvey:
    """What ``docbuild init`` found in a project folder. Paths are relative to it, POSIX."""

    # "mkdocs", "vitepress", "docusaurus", "mdbook", "jupyterbook", "sphinx", "myst" (Sphinx with
    # MyST Markdown), or a plain folder of files: "markdown", "rst", "markdown+rst", "html"
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


def survey_project(root: Path) -> ProjectSurvey:
    """Survey ``root`` (an existing folder)."""
    found: list[str] = []
    metadata = _project_metadata(root, found)
    kind, docs, title = _docs_kind(root, found)
    built = read_built_sphinx(root / docs) if kind == "html" else None
    if built is not None:
        where = f"{docs}/_static/documentation_options.js".removeprefix("./")
        found.append(f"{where}: built by Sphinx, {built.project or 'release'} {built.version}")
        title = title or built.project or None
    name = metadata.get("name") or title or root.resolve().name
    source_dir = _source_dir(root, docs)
    if source_dir is not None:
        found.append(f"package code in {source_dir}/")
    tags = _version_tags(root, docs)
    if tags is not None:
        found.append(
            f"{len(tags.newest)} version tag(s) holding {docs}/: {', '.join(tags.newest)}"
            if tags.newest
            else f"version tags ({tags.pattern}), but none of the newest holds {docs}/"
        )
    version = metadata.get("version") or (built.version if built is not None else "")
    versioned = _versioned_docs(root, docs, version) if kind == "docusaurus" else ()
    if versioned:
        folder = posixpath.dirname(versioned[0][1])
        found.append(
            f"{len(versioned)} released version(s) in {folder}/: "
            + ", ".join(name for name, _ in versioned)
        )
    return ProjectSurvey(
        kind=kind,
        docs=docs,
        include=_include(kind, root / docs),
        exclude=_exclude(kind, docs),
        library_id=library_id_of(str(metadata.get("id") or name)),
        name=str(name),
        summary=str(metadata.get("summary") or ""),
        version=version if _is_version(version) else "0.0.0",
        version_known=_is_version(version),
        packages=tuple(metadata.get("packages", ())),
        homepage=metadata.get("homepage"),
        source_dir=source_dir,
        tags=tags if tags is not None and tags.newest else None,
        base_url=_pages_url(root),
        found=tuple(found),
        versioned=versioned,
    )


def library_id_of(name: str) -> str:
    """A catalog id (lowercase letters, digits, ``. _ -``) for a project name."""
    cleaned = _ID_CHARACTERS.sub("-", name.strip().lower()).strip("-._")
    return cleaned or "docs"


def _is_version(text: str) -> bool:
    try:
        parse_version(text)
    except InvalidVersion:
        return False
    return bool(text)


def _project_metadata(root: Path, found: list[str]) -> dict[str, Any]:
    """Name, version, summary, homepage and registry names from pyproject.toml or
    package.json, whichever is there (pyproject first)."""
    pyproject = root / "pyproject.toml"
    if pyproject.is_file():
        try:
            document = tomllib.loads(pyproject.read_text(encoding="utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError, OSError):
            document = {}
        project = document.get("project", {})
        if isinstance(project, dict) and isinstance(project.get("name"), str):
            found.append(f"pyproject.toml: package {project['name']}")
            urls = project.get("urls")
            urls = urls if isinstance(urls, dict) else {}
            version = project.get("version")
            if not isinstance(version, str):
                # Dynamic: a source archive's PKG-INFO has it, a checkout the backend's file.
                version = _package_info(root).get("version", "")
                version = version or version_from_file(root, document)
            return {
                "name": project["name"],
                "id": project["name"],
                "version": version,
                "summary": project.get("description") or "",
                "packages": [f"pypi:{project['name'].lower()}"],
                "homepage": _web_url(urls, ("Documentation", "Homepage", "Source")),
            }
    package_info = _package_info(root)
    if package_info:
        found.append(f"PKG-INFO: package {package_info['name']} {package_info['version']}")
        return package_info
    package_json = root / "package.json"
    if package_json.is_file():
        try:
            package = json.loads(package_json.read_text(encoding="utf-8"))
        except (ValueError, OSError):
            package = {}
        if isinstance(package, dict) and isinstance(package.get("name"), str):
            found.append(f"package.json: package {package['name']}")
            homepage = package.get("homepage")
            return {
                "name": package["name"],
                "id": package["name"].lstrip("@").replace("/", "-"),
                "version": package.get("version")
                if isinstance(package.get("version"), str)
                else "",
                "summary": package.get("description") or "",
                "packages": [f"npm:{package['name']}"],
                "homepage": homepage if isinstance(homepage, str) and _is_web(homepage) else None,
            }
    return {}


def _package_info(root: Path) -> dict[str, Any]:
    """Name, version and summary from PKG-INFO, the metadata a Python source archive carries."""
    path = root / "PKG-INFO"
    if not path.is_file():
        return {}
    headers = email.parser.HeaderParser().parsestr(
        path.read_text(encoding="utf-8", errors="replace")
    )
    name = headers.get("Name")
    if not name:
        return {}
    homepage = next(
        (
            url.strip()
            for label, _, url in (
                value.partition(",") for value in headers.get_all("Project-URL", [])
            )
            if label.strip().lower() in ("documentation", "homepage", "source")
            and _is_web(url.strip())
        ),
        None,
    )
    return {
        "name": name,
        "id": name,
        "version": headers.get("Version") or "",
        "summary": headers.get("Summary") or "",
        "packages": [f"pypi:{name.lower()}"],
        "homepage": homepage,
    }


def _web_url(urls: dict[str, Any], keys: tuple[str, ...]) -> str | None:
    for key in keys:
        for name, value in urls.items():
            if name.lower() == key.lower() and isinstance(value, str) and _is_web(value):
                return value
    return None


def _is_web(url: str) -> bool:
    return re.match(r"^https?://[^/\s]+", url) is not None


def _docs_kind(root: Path, found: list[str]) -> tuple[str, str, str | None]:
    """(kind, docs folder, the docs' own title) by the first sign found: mkdocs.yml (or
    Zensical's zensical.toml), a Sphinx conf.py, VitePress' .vitepress/config.*, then a docs
    folder of Markdown, reST or HTML files, then the project."""
    for name in MKDOCS_CONFIG_NAMES:
        config = root / name
        if config.is_file():
            data = _mkdocs_settings(config)
            docs = str(data.get("docs_dir") or "docs").strip("/") or "docs"
            tool = "Zensical" if name.endswith(".toml") else "MkDocs"
            found.append(f"{name}: {tool}, pages in {docs}/")
            # What the build will say of its gen-files scripts, which it never runs.
            generated = generated_pages(data, root.resolve(), name)
            found.extend((*generated.notes, *generated.warnings))
            title = data.get("site_name")
            return "mkdocs", docs, title if isinstance(title, str) else None
    for folder in _sphinx_folders(root):
        conf = root / folder / SPHINX_CONFIG_NAME
        if conf.is_file():
            settings = read_sphinx_conf(conf.read_text(encoding="utf-8", errors="replace"))
            extensions = settings.extension_names()
            myst = any(e.split(".")[0] in MYST_EXTENSIONS for e in extensions)
            kind = "myst" if myst else "sphinx"
            where = f"{folder}/{SPHINX_CONFIG_NAME}".removeprefix("./")
            found.append(f"{where}: Sphinx" + (" with MyST Markdown" if myst else ""))
            title = settings.get("project")
            return kind, folder, title if isinstance(title, str) else None
    for folder in (*DOCS_FOLDERS, "."):
        vitepress = find_vitepress_config(root / folder)
        if vitepress is not None:
            where = vitepress.relative_to(root).as_posix()
            found.append(f"{where}: VitePress, pages in the order of its sidebar")
            return "vitepress", folder, None
    for folder in DOCUSAURUS_FOLDERS:
        site = root / folder
        site_config = next(
            (site / n for n in DOCUSAURUS_CONFIG_NAMES if (site / n).is_file()), None
        )
        if site_config is not None:
            docs = posixpath.normpath(f"{folder}/{docs_options(site_config).path}")
            if not docs.startswith(".."):
                where = site_config.relative_to(root).as_posix()
                found.append(f"{where}: Docusaurus, pages in {docs}/ in the order of its sidebar")
                return "docusaurus", docs, None
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
            where = toc.relative_to(root).as_posix()
            found.append(f"{where}: Jupyter Book, pages in the order of its table of contents")
            return "jupyterbook", folder, None
    for folder in (*DOCS_FOLDERS, "."):
        files = _kind_of_files(root / folder)
        if files is not None:
            found.append(f"{folder}/: {_KIND_WORDS[files]} files, no MkDocs or Sphinx config")
            return files, folder, None
    found.append("no docs folder and no Markdown, reST or HTML files: the project folder")
    return "markdown", ".", None


def _sphinx_folders(root: Path) -> Iterator[str]:
    """The folders a Sphinx conf.py may be in, likeliest first: the usual docs folders and the
    project, then the subfolders of a docs folder (pytest's doc/en, pip's docs/html)."""
    yield from (*DOCS_FOLDERS, ".")
    for folder in DOCS_FOLDERS[:3]:
        parent = root / folder
        if parent.is_dir():
            for conf in sorted(parent.glob(f"*/{SPHINX_CONFIG_NAME}")):
                yield f"{folder}/{conf.parent.name}"


# Folders a Docusaurus site is kept in: the project, or beside the code.
DOCUSAURUS_FOLDERS = (".", "website", "docs", "site", "documentation")
# Folders an mdBook is kept in besides the docs folders (PyO3's and mdBook's own guide/).
MDBOOK_FOLDERS = ("guide", "book", "user-guide")


def _versioned_docs(root: Path, docs: str, version: str) -> tuple[tuple[str, str], ...]:
    """The newest MAX_TAGGED_VERSIONS released versions of the Docusaurus site whose docs are
    ``docs``; a version named by no version number (prettier's "stable") is the project's
    own version when that is known and not listed."""
    found = find_docusaurus(root / docs)
    if found is None:
        return ()
    site = found.config.parent
    chosen: list[tuple[str, str]] = []
    for name in site_versions(site)[:MAX_TAGGED_VERSIONS]:
        folder = (site / VERSIONED_DOCS / f"version-{name}").relative_to(root).as_posix()
        number = name if _is_version(name) else version
        if _is_version(number) and number not in (n for n, _ in chosen):
            chosen.append((number, folder))
    return tuple(chosen)


def _mdbook_folders(root: Path) -> Iterator[str]:
    """The folders a book.toml may be in, likeliest first: the project, the docs folders and
    the usual book folders (a book's test fixtures lie deeper and are never looked at)."""
    yield "."
    yield from (folder for folder in (*DOCS_FOLDERS, *MDBOOK_FOLDERS) if "/" not in folder)


_KIND_WORDS = {
    "markdown": "Markdown",
    "rst": "reStructuredText",
    "markdown+rst": "Markdown and reStructuredText",
    "html": "HTML",
    "asciidoc": "AsciiDoc",
}


def _mkdocs_settings(config: Path) -> dict[str, Any]:
    try:
        data = load_mkdocs_config(config.name, config.read_text(encoding="utf-8"))
    except Exception:  # a broken mkdocs.yml still means MkDocs; the build reports it
        return {}
    return data if isinstance(data, dict) else {}


def _kind_of_files(folder: Path) -> str | None:
    """The most common kind of doc file in ``folder`` (not in NOT_DOCS), if any."""
    if not folder.is_dir():
        return None
    counts = {"markdown": 0, "rst": 0, "html": 0, "asciidoc": 0}
    for path in _files(folder):
        # A gzipped page counts as the page it holds (Debian's changelog.html.gz).
        suffix = PurePosixPath(gzipped_page_name(path.name) or path.name).suffix.lower()
        if suffix in MARKDOWN_SUFFIXES:
            counts["markdown"] += 1
        elif suffix in RST_SUFFIXES:
            counts["rst"] += 1
        elif suffix in (".html", ".htm"):
            counts["html"] += 1
        elif suffix in ASCIIDOC_SUFFIXES:
            counts["asciidoc"] += 1
    kind, count = max(counts.items(), key=lambda item: item[1])
    if kind in ("markdown", "rst") and counts["markdown"] and counts["rst"]:
        return "markdown+rst"
    return kind if count else None


def _files(folder: Path) -> list[Path]:
    files: list[Path] = []
    for path in sorted(folder.iterdir()):
        if path.name in NOT_DOCS or path.name.startswith("."):
            continue
        if path.is_dir() and not path.is_symlink():
            files.extend(_files(path))
        elif path.is_file():
            files.append(path)
    return files


def _include(kind: str, folder: Path) -> tuple[str, ...]:
    """The patterns a version's pages match; a Docusaurus folder's ``.mdx`` pages too,
    Quarto's ``.qmd`` pages, and notebooks (which a Sphinx or MkDocs project reads only when
    its config loads a notebook extension or plugin)."""
    include = {
        "mkdocs": ("**/*.md",),
        "vitepress": ("**/*.md",),
        "mdbook": ("**/*.md",),
        "docusaurus": ("**/*.md", "**/*.mdx"),
        "jupyterbook": ("**/*.md", "**/*.rst"),
        "sphinx": ("**/*.rst",),
        "myst": ("**/*.md", "**/*.rst"),
        "markdown": ("**/*.md",),
        "rst": ("**/*.rst",),
        "markdown+rst": ("**/*.md", "**/*.rst"),
        "html": ("**/*.html",),
        # An Antora component's pages are its modules' pages/ folders; its partials and
        # examples are read where a page includes them, its nav files are menus.
        "asciidoc": ("modules/*/pages/**/*.adoc",)
        if (folder / "antora.yml").is_file()
        else ("**/*.adoc", "**/*.asciidoc"),
    }[kind]
    suffixes = {p.suffix.lower() for p in _files(folder)} if kind != "html" else set()
    if kind.startswith("markdown") and ".mdx" in suffixes:
        include = (*include, "**/*.mdx")
    if kind.startswith("markdown") and ".qmd" in suffixes:  # Quarto's pages
        include = (*include, "**/*.qmd")
    if ".ipynb" in suffixes:
        include = (*include, "**/*.ipynb")
    return include


def _exclude(kind: str, docs: str) -> tuple[str, ...]:
    build_folders = ("_build",) if kind in ("sphinx", "myst") else ()
    if docs != ".":
        return build_folders
    return tuple(dict.fromkeys((*build_folders, *NOT_DOCS)))


def _source_dir(root: Path, docs: str) -> str | None:
    """The folder on sys.path that holds the package: ``src`` when it holds one, else the
    project folder when a package sits in it beside the docs."""
    for folder in ("src", "."):
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


def _environment() -> dict[str, str]:
    # git reads GIT_DIR and friends from the environment; init must ask about this folder.
    return {key: value for key, value in os.environ.items() if not key.startswith("GIT_")}


def _git(root: Path, *args: str) -> str | None:
    try:
        result = subprocess.run(
            ["git", *args],
            cwd=root,
            env=_environment(),
            capture_output=True,
            text=True,
            check=False,
        )
    except FileNotFoundError:
        return None
    return result.stdout if result.returncode == 0 else None


def _version_tags(root: Path, docs: str) -> VersionTags | None:
    """The newest version tags (up to MAX_TAGGED_VERSIONS, stopping at the first that lacks
    the docs folder) when ``root`` is the top of a git repository that has any."""
    top = _git(root, "rev-parse", "--show-toplevel")
    if top is None or Path(top.strip()).resolve() != root.resolve():
        return None
    listing = _git(root, "for-each-ref", "--format=%(refname:strip=2)", "refs/tags/") or ""
    versions: dict[str, str] = {}
    for tag in listing.split():
        version = tag[1:] if tag[:1] in ("v", "V") else tag
        if _is_version(version) and version[:1].isdigit():
            versions[version] = tag
    if not versions:
        return None
    prefixed = sum(tag[:1] in ("v", "V") for tag in versions.values())
    pattern = "v*" if prefixed * 2 >= len(versions) else "[0-9]*"
    chosen = [v for v in versions if _matches(versions[v], pattern)]
    newest: list[str] = []
    for version in sort_newest_first(chosen)[:MAX_TAGGED_VERSIONS]:
        tag = versions[version]
        if docs != "." and not _git(root, "ls-tree", "-d", "--name-only", tag, docs):
            break
        newest.append(tag)
    return VersionTags(pattern, tuple(newest))


def _matches(tag: str, pattern: str) -> bool:
    return tag[:1] == "v" if pattern == "v*" else tag[:1].isdigit()


def _pages_url(root: Path) -> str | None:
    """https://OWNER.github.io/REPO/ when the origin remote is a GitHub repository."""
    remote = _git(root, "remote", "get-url", "origin")
    match = _GITHUB_REMOTE.search(remote.strip()) if remote else None
    if match is None:
        return None
    owner, repo = match.group(1), match.group(2)
    if repo.lower() == f"{owner.lower()}.github.io":
        return f"https://{repo.lower()}/"
    return f"https://{owner.lower()}.github.io/{repo}/"
