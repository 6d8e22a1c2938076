"""The include and exclude patterns docbuild init writes for the docs folder it found: which
files of it are pages, by the kind of docs (builder.survey_docs.docs_kind), and which folders
and files of a project read from its top are not its users' docs (tests, templates, build
output, agent instructions, translations).
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from builder.language_folders import translation_folders
from builder.projects.sphinx import reads_markdown, source_suffixes
from builder.readme_translations import readme_translations
from builder.sphinx_conf import CONFIG_NAME as SPHINX_CONFIG_NAME
from builder.sphinx_conf import read_sphinx_conf
from builder.sphinx_pyproject import pyproject_text
from builder.survey_docs import (
    KIND_WORDS,
    NOT_DOCS,
    docs_files,
    project_test_folders,
)

# Instructions for the coding agents that work on the project, not docs for its users
# (pydantic-ai's docs/AGENTS.md, and docs/CLAUDE.md, a link to it).
_AGENT_FILES = ("AGENTS.md", "CLAUDE.md", "GEMINI.md")


def include_patterns(kind: str, folder: Path, root: Path) -> tuple[str, ...]:
    """The patterns a version's pages (in ``folder``, of the project ``root``) match; a
    Docusaurus folder's ``.mdx`` pages too, Quarto's ``.qmd`` pages, a Sphinx project's
    ``source_suffix`` (Django's pages are .txt), and notebooks (which a Sphinx or MkDocs
    project reads only when its config loads a notebook extension or plugin)."""
    include = {
        "mkdocs": ("**/*.md",),
        "vitepress": ("**/*.md",),
        "vuepress": ("**/*.md",),
        "mdbook": ("**/*.md",),
        "docusaurus": ("**/*.md", "**/*.mdx"),
        "jupyterbook": ("**/*.md", "**/*.rst"),
        "quarto": ("**/*.qmd", "**/*.md"),
        "sphinx": ("**/*.rst",),
        "myst": ("**/*.md", "**/*.rst"),
        "markdown": ("**/*.md",),
        "docsify": ("**/*.md",),
        "gitbook": ("**/*.md",),
        "nextra": ("**/*.md", "**/*.mdx"),
        "rspress": ("**/*.md", "**/*.mdx"),
        "docbuilder": ("**/*.md", "**/*.mdx"),
        "hugo": ("**/*.md",),
        "mintlify": ("**/*.mdx", "**/*.md"),
        "starlight": ("**/*.md", "**/*.mdx"),
        "vocs": ("**/*.md", "**/*.mdx"),
        "apollo": ("**/*.md", "**/*.mdx"),
        "pydoc-markdown": ("**/*.md",),
        "markdown-listed": ("**/*.md",),
        "markdown-ordered": ("**/*.md",),
        "rst": ("**/*.rst",),
        "markdown+rst": ("**/*.md", "**/*.rst"),
        "html": ("**/*.html",),
        # An Antora component's pages are its modules' pages/ folders; its partials and
        # examples are read where a page includes them, its nav files are menus.
        "asciidoc": ("modules/*/pages/**/*.adoc",)
        if (folder / "antora.yml").is_file()
        else ("**/*.adoc", "**/*.asciidoc"),
    }[kind]
    if kind in ("sphinx", "myst"):
        read = _sphinx_suffixes(folder, root)
        include = (*include, *(f"**/*{s}" for s in read if f"**/*{s}" not in include))
        # A suffix conf.py leaves out is not a page: Django's docs/README.rst.
        include = tuple(p for p in include if PurePosixPath(p).suffix in read) or include
    found = docs_files(folder, root.resolve()) if kind != "html" else []
    suffixes = {p.suffix.lower() for p in found}
    if kind.startswith("markdown") and ".mdx" in suffixes:
        include = (*include, "**/*.mdx")
    # The long suffix GitHub and npm show as Markdown too: handlebars' README.markdown.
    if kind.startswith("markdown") and ".markdown" in suffixes:
        include = (*include, "**/*.markdown")
    if kind.startswith("markdown") and ".qmd" in suffixes:  # Quarto's pages
        include = (*include, "**/*.qmd")
    if ".ipynb" in suffixes:
        include = (*include, "**/*.ipynb")
    return tuple(dict.fromkeys(include))


def _sphinx_suffixes(folder: Path, root: Path) -> tuple[str, ...]:
    conf = folder / SPHINX_CONFIG_NAME
    text = conf.read_text(encoding="utf-8", errors="replace") if conf.is_file() else ""
    settings = read_sphinx_conf(text, pyproject=pyproject_text(conf, text, root))
    return source_suffixes(settings, [], reads_markdown(settings, folder))


def exclude_patterns(
    kind: str, docs: str, folder: Path, built_site: bool = False
) -> tuple[str, ...]:
    """The folders and files of the docs ``folder`` that are no pages. A ``built_site`` (a
    folder Sphinx built) is all pages: its testing/ and templates/ are the docs' own
    (Django's topics/testing/*.html, ref/templates/*.html), where a project read from its top
    keeps its tests and the templates its program renders."""
    build_folders = ("_build",) if kind in ("sphinx", "myst") else ()
    agent_files = tuple(name for name in _AGENT_FILES if (folder / name).exists())
    languages = translation_folders(folder, skipped=NOT_DOCS)
    if docs != ".":
        return (*build_folders, *agent_files, *languages)
    read_as_project = kind in KIND_WORDS and not built_site
    tests = project_test_folders(folder) if read_as_project else ()
    translations = (*readme_translations(folder), *languages)
    return tuple(dict.fromkeys((*build_folders, *NOT_DOCS, *tests, *agent_files, *translations)))
