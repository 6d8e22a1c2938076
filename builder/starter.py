"""``docbuild init``: write a commented docbuild.toml for a surveyed project that builds as it
stands, and say the next three commands.

The catalog names one library, the project itself: its versions from git tags when the survey
found version tags, else the working tree. Every value is one the catalog loader accepts, so the
first ``docbuild build`` succeeds; the comments say what to change next.
"""

from __future__ import annotations

import json
import shlex
from dataclasses import dataclass
from pathlib import Path

from builder.archive_source import TAR_SUFFIXES, ZIP_SUFFIXES
from builder.errors import BuildError
from builder.starter_archive import is_archive, survey_archive, survey_folder
from builder.survey import CATALOG_NAME, ProjectSurvey, library_id_of
from builder.survey_docs import NO_DOCS_FOUND
from builder.survey_docusaurus import DocsInstanceSurvey

# The archives init reads: a wheel holds no docs pages (starter_archive refuses it).
_SOURCE_ARCHIVES = tuple(s for s in TAR_SUFFIXES + ZIP_SUFFIXES if s != ".whl")
# Where a site is served before it has a home; `docbuild serve` listens there by default.
LOCAL_BASE_URL = "http://127.0.0.1:8730/"
_PROJECT_SETTING = {
    "mkdocs": "mkdocs",
    "vitepress": "vitepress",
    "vuepress": "auto",  # and its .vuepress/config.* sidebar
    "mdbook": "mdbook",
    "docusaurus": "docusaurus",
    "jupyterbook": "jupyterbook",
    "quarto": "auto",  # no setting of its own: "auto" reads _quarto.yml
    "docsify": "auto",  # and its index.html
    "gitbook": "auto",  # and its SUMMARY.md
    "nextra": "auto",  # and its _meta files
    "rspress": "auto",  # and its _meta.json files
    "docbuilder": "auto",  # and its _toctree.yml
    "hugo": "auto",  # and its pages' weights
    "mintlify": "auto",  # and its docs.json
    "starlight": "auto",  # and its astro.config.* sidebar
    "vocs": "auto",  # and its vocs.config.* sidebar
    "apollo": "auto",  # and its _sidebar.yaml
    "pydoc-markdown": "auto",  # and its pydoc-markdown.yml
    "markdown-listed": "auto",  # and the file listing its pages
    "markdown-ordered": "auto",  # and its pages' front matter numbers
    "sphinx": "sphinx",
    "myst": "sphinx",
    "markdown": "none",
    "rst": "none",
    "markdown+rst": "none",
    "html": "none",
    "asciidoc": "none",
}
_KIND_NAMES = {
    "mkdocs": "MkDocs",
    "vitepress": "VitePress",
    "vuepress": "VuePress",
    "mdbook": "mdBook",
    "docusaurus": "Docusaurus",
    "jupyterbook": "Jupyter Book",
    "quarto": "Quarto",
    "docsify": "docsify",
    "gitbook": "GitBook",
    "nextra": "Nextra",
    "rspress": "Rspress",
    "docbuilder": "Hugging Face doc-builder",
    "hugo": "Hugo",
    "mintlify": "Mintlify",
    "starlight": "Astro Starlight",
    "vocs": "Vocs",
    "apollo": "Apollo's docs",
    "pydoc-markdown": "Pydoc-Markdown",
    "markdown-listed": "Markdown pages in the order of a list of them",
    "markdown-ordered": "Markdown pages in the order of their front matter's numbers",
    "sphinx": "Sphinx (reStructuredText)",
    "myst": "Sphinx with MyST Markdown",
    "markdown": "plain Markdown",
    "rst": "plain reStructuredText",
    "markdown+rst": "plain Markdown and reStructuredText",
    "html": "HTML pages",
    "asciidoc": "AsciiDoc",
}


class CatalogExists(BuildError):
    """``docbuild init`` would replace a catalog file; ``--force`` says to."""

    code = "exists"


@dataclass(frozen=True)
class StarterCatalog:
    """What init wrote and what to run next."""

    path: Path
    survey: ProjectSurvey
    next_commands: tuple[str, ...]


def write_starter_catalog(root: Path, *, force: bool = False) -> StarterCatalog:
    """Survey ``root`` and write ``root/docbuild.toml``; CatalogExists when one is there and
    ``force`` is false. ``root`` may be a release archive instead: its project is surveyed
    inside it, and the catalog, written beside it, reads its one version from it."""
    archive = is_archive(root)
    if not archive and not root.is_dir():
        raise BuildError(
            f"{root} is not a folder or a release archive; give docbuild init the project's "
            f"folder, or an archive ({', '.join(_SOURCE_ARCHIVES)})"
        )
    target = (root.parent if archive else root) / CATALOG_NAME
    if target.exists() and not force:
        raise CatalogExists(
            f"{target} already exists; docbuild init leaves it alone (pass --force to "
            "replace it, or edit it by hand)"
        )
    survey = survey_archive(root) if archive else survey_folder(root)
    if NO_DOCS_FOUND in survey.found:
        if not archive:
            _refuse_a_folder_of_archives(root)
        if not survey.api:
            # A catalog of nothing builds a site of 0 sections: most likely init ran in the
            # wrong folder (or on the wrong archive), and its catalog would then stand in the
            # way of the right one.
            instead = (
                "give docbuild init the project's folder, or the release archive holding its docs"
                if archive
                else "run docbuild init in the project's folder, or give it that folder"
            )
            raise BuildError(
                f"{root.resolve()} holds no docs: no docs folder, no Markdown, reST or HTML "
                f"files and no package code to read; {instead}: docbuild init PATH"
            )
    text = render_catalog(survey, archive=root.name if archive else None)
    target.write_text(text, encoding="utf-8")
    return StarterCatalog(target, survey, next_commands(target))


def _refuse_a_folder_of_archives(root: Path) -> None:
    """A folder with no docs but release archives (a download folder) would get a catalog of
    nothing, which then stands in the way of init on the archive: BuildError naming them."""
    archives = sorted(path.name for path in root.iterdir() if is_archive(path))
    if archives:
        raise BuildError(
            f"{root} holds no docs but release archives ({', '.join(archives[:5])}); give "
            f"docbuild init one: docbuild init {shlex.quote(str(root / archives[0]))}"
        )


def next_commands(catalog: Path) -> tuple[str, ...]:
    """The three commands that take a new catalog to a site an agent can read."""
    where = _catalog_option(catalog)
    # Where build writes the site: its --out default is relative to where it is run, not to
    # the catalog.
    return (
        f"docbuild build{where}",
        f"docbuild serve{where}",
        "docclient list --local-index _site",
    )


def publish_step(catalog: Path, base_url: str | None) -> str:
    """The step after the next commands: the command that publishes the new catalog's site
    (to the gh-pages branch), after setting its address when init found none (``base_url``,
    from a GitHub origin remote): the catalog's stand-in is this machine's, which a published
    site's links, catalog and llms.txt would point to."""
    publish = f"docbuild publish{_catalog_option(catalog)}"
    address = (
        ""
        if base_url
        else f"set base_url in {catalog} to the address it will be served at (GitHub Pages: "
        "https://OWNER.github.io/REPO/), then "
    )
    return (
        f"Then publish it: {address}{publish} --dry-run, then {publish} (the site becomes the "
        "repository's gh-pages branch, for GitHub Pages to serve)."
    )


def _catalog_option(catalog: Path) -> str:
    """`` -c CATALOG`` for a command run where init was, or nothing when that is its default."""
    # Quoted for a shell: a download folder's name may hold spaces.
    return "" if catalog == Path(CATALOG_NAME) else f" -c {shlex.quote(str(catalog))}"


def _string(text: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's)."""
    return json.dumps(text, ensure_ascii=False)


def _strings(items: tuple[str, ...]) -> str:
    return "[" + ", ".join(_string(item) for item in items) + "]"


def render_catalog(survey: ProjectSurvey, archive: str | None = None) -> str:
    """The catalog text for ``survey``, with comments; ``archive`` names the release archive
    (beside the catalog) the project was surveyed in, which its one version is read from."""
    lines = [
        "# docbuild.toml: written by docbuild init. It builds as it stands:",
        "#   docbuild build    (the site goes to _site/)",
        "# What docbuild found:",
        *(f"#   {line}" for line in survey.found),
        "# Every key is described in the README's 'The catalog file'.",
        "",
        "[site]",
        f"title = {_string(survey.name + ' docs')}",
    ]
    if survey.base_url:
        lines += [
            "# Your GitHub Pages address, from the origin remote; change it if you publish",
            "# elsewhere (docbuild publish pushes the site to the gh-pages branch).",
            f"base_url = {_string(survey.base_url)}",
        ]
    else:
        lines += [
            "# Where the site will be hosted; links in pages and index.json start with it.",
            "# For GitHub Pages: https://OWNER.github.io/REPO/ (docbuild publish pushes there).",
            f"base_url = {_string(LOCAL_BASE_URL)}",
        ]
    lines += [
        "",
        "[[libraries]]",
        f"id = {_string(survey.library_id)}            # lowercase letters, digits, . _ -",
        f"name = {_string(survey.name)}",
    ]
    if survey.summary:
        lines.append(f"summary = {_string(survey.summary)}")
    if survey.homepage:
        lines.append(f"homepage = {_string(survey.homepage)}")
    if survey.packages:
        lines.append(f"packages = {_strings(survey.packages)}   # lets agents find it by package")
    if survey.aliases:
        lines.append(f"aliases = {_strings(survey.aliases)}   # the names its code is imported by")
    lines.append("")
    lines += _archive_version(survey, archive) if archive else _versions(survey)
    if not archive:
        for instance in survey.instances:
            lines += ["", *_instance_library(survey, instance)]
    return "\n".join(lines) + "\n"


def _instance_library(survey: ProjectSurvey, instance: DocsInstanceSurvey) -> list[str]:
    """A library of another docs instance of the project (a Docusaurus site's API reference,
    Invoke's sites/www beside sites/docs): each of its released versions, or its current docs
    as the project's version."""
    lines = [
        f"# Another docs instance of the project, {instance.id!r}, in {instance.docs}/ (a",
        "# Docusaurus docs plugin's, a Sphinx site's): a library of its own, shown apart.",
        "[[libraries]]",
        f"id = {_string(library_id_of(f'{survey.library_id}-{instance.id}'))}",
        f"name = {_string(f'{survey.name} {instance.id}')}",
    ]
    settings = _settings(survey)
    versions = instance.versioned or ((survey.version, instance.docs),)
    for version, path in versions:
        lines += [
            "  [[libraries.versions]]",
            f"  version = {_string(version)}",
            f"  path = {_string(path)}",
            *(f"  {line}" for line in settings),
        ]
    return lines


def _settings(survey: ProjectSurvey) -> list[str]:
    """A version's include, exclude and project lines."""
    kind = _KIND_NAMES[survey.kind]
    project = _PROJECT_SETTING[survey.kind]
    return [
        f"include = {_strings(survey.include)}",
        *([f"exclude = {_strings(survey.exclude)}"] if survey.exclude else []),
        f'project = {_string(project)}   # {kind}; "auto" detects it per version',
    ]


def _versions(survey: ProjectSurvey) -> list[str]:
    kind = _KIND_NAMES[survey.kind]
    project = _PROJECT_SETTING[survey.kind]
    settings = _settings(survey)
    if survey.versioned:
        return _released_versions(survey, settings)
    if survey.tags is not None:
        items = [
            'repo = "."',
            f"tags = {_string(survey.tags.pattern)}",
            f"path = {_string(survey.docs)}",  # a git version's default is docs/
            f"limit = {len(survey.tags.newest)}",
            f"include = {_strings(survey.include)}",
            *([f"exclude = {_strings(survey.exclude)}"] if survey.exclude else []),
            f"project = {_string(project)}",
            *([f"api = {_strings(survey.api)}"] if survey.api else []),
        ]
        return [
            f"# One version per git tag matching {survey.tags.pattern!r}, newest first "
            f"({', '.join(survey.tags.newest)}); project {project!r} reads them as {kind}.",
            "# Raise limit to build more tags (each must hold the docs folder); a new tag is",
            "# picked up by the next build. To build the working tree instead, replace this",
            '# line with [[libraries.versions]] tables: version = "X.Y.Z", path = "docs".',
            "versions_from_git = { " + ", ".join(items) + " }",
        ]
    lines = [
        "# The working tree's docs, as one version. Add a table per release you keep, or use",
        '# versions_from_git = { repo = ".", tags = "v*", path = "docs" } once you tag them.',
        "  [[libraries.versions]]",
        f"  version = {_string(survey.version)}"
        + ("" if survey.version_known else "   # set your release's version"),
        f"  path = {_string(survey.docs)}",
        *(f"  {line}" for line in settings),
    ]
    if survey.docs_outside is not None:
        lines.append(f"  allow_outside = true   # {survey.docs} leads to {survey.docs_outside}")
    if survey.source_dir is not None:
        lines.append(
            f"  source_dir = {_string(survey.source_dir)}   # the package's code, for API pages"
        )
    if survey.api:
        lines.append(f"  api = {_strings(survey.api)}   # a page of API docs each, from the code")
    return lines


def _archive_version(survey: ProjectSurvey, archive: str) -> list[str]:
    """The one version a release archive holds, read from the archive: its code is found in
    its own tree, as a git version's is (no source_dir)."""
    table = f"archive = {{ file = {_string(archive)}, path = {_string(survey.docs)} }}"
    return [
        "# The release in the archive beside this file, read from it as it stands (nothing is",
        "# unpacked by hand); add a table per release you keep, each its own archive.",
        "  [[libraries.versions]]",
        f"  version = {_string(survey.version)}"
        + ("" if survey.version_known else "   # set the release's version"),
        f"  {table}",
        *(f"  {line}" for line in _settings(survey)),
        *(
            [f"  api = {_strings(survey.api)}   # a page of API docs each, from the code"]
            if survey.api
            else []
        ),
    ]


def _released_versions(survey: ProjectSurvey, settings: list[str]) -> list[str]:
    """A table per released version of a Docusaurus site, each its versioned_docs folder."""
    lines = [
        "# The site's released versions (versions.json), newest first, each from its",
        f"# versioned_docs folder; {survey.docs}/ holds the next, unreleased one.",
    ]
    if survey.versioned[0][1] == survey.docs:
        lines = [
            f"# The site's released versions, newest first: {survey.docs}/ (its lastVersion is",
            "# 'current'), then those of versions.json, each from its versioned_docs folder.",
        ]
    for version, path in survey.versioned:
        lines += [
            "  [[libraries.versions]]",
            f"  version = {_string(version)}",
            f"  path = {_string(path)}",
            *(f"  {line}" for line in settings),
        ]
    return lines
