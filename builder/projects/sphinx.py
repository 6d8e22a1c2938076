"""Read a Sphinx project: the settings of its ``conf.py`` that change how sources read, and the
page order its toctrees give, starting at the root document.

``conf.py`` is never run (``builder.sphinx_conf`` reads its literal values). Pages come in
the order a reader of the built docs meets them: the root document, then depth first through
each toctree; documents no toctree reaches come after in path order, each followed by what
its own toctrees name.
"""

from __future__ import annotations

import configparser
import os
import tomllib
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from builder.globs import sphinx_pattern
from builder.includes import IncludeReader, IncludeRefused, IncludeRoot, include_root
from builder.parsers import SUPPORTED_SUFFIXES
from builder.parsers.markdown.flavor import NBSPHINX as NBSPHINX_MARKDOWN
from builder.parsers.markdown.flavor import SPHINX as SPHINX_MARKDOWN
from builder.parsers.rst.bibliography import EXTENSION as BIBTEX_EXTENSION
from builder.parsers.rst.bibliography import FILES_SETTING as BIBTEX_FILES
from builder.parsers.rst.documentation_summary import EXTENSION as SUMMARY_EXTENSION
from builder.parsers.rst.documentation_summary import SETTING as SUMMARY_SETTING
from builder.parsers.rst.extlinks import EXTENSION as EXTLINKS_EXTENSION
from builder.parsers.rst.extlinks import SETTING as EXTLINKS_SETTING
from builder.parsers.rst.extlinks import read_extlinks
from builder.parsers.rst.issue_roles import (
    CHANGELOG_EXTENSION,
    CHANGELOG_SIGNS,
    DEFAULT_SIGNS,
    SIGNS,
)
from builder.parsers.rst.issue_roles import EXTENSION as ISSUES_EXTENSION
from builder.parsers.rst.issue_roles import SIGN_SETTINGS as ISSUE_SIGN_SETTINGS
from builder.parsers.rst.markup_lines import markup_line_numbers
from builder.parsers.rst.object_types import added_object_types
from builder.parsers.rst.only_tags import conf_tags
from builder.parsers.rst.plot_files import EXTENSION as PLOT_EXTENSION
from builder.parsers.rst.plot_files import PlotSettings
from builder.parsers.rst.substitutions import DEFINITION, define
from builder.projects.gen_files import inside_folder
from builder.projects.layout import ProjectLayout
from builder.projects.nbsphinx_link import EXTENSION as NBLINK_EXTENSION
from builder.projects.nbsphinx_link import LinkedNotebooks, linked_notebooks
from builder.projects.sphinx_apidoc import apidoc_pages
from builder.projects.sphinx_autoapi import EXTENSION as AUTOAPI_EXTENSION
from builder.projects.sphinx_autoapi import AutoapiPages, autoapi_pages
from builder.projects.sphinx_autodoc2 import EXTENSION as AUTODOC2_EXTENSION
from builder.projects.sphinx_autodoc2 import autodoc2_pages
from builder.projects.sphinx_copies import copied_pages
from builder.projects.sphinx_external_toc import EXTENSION as EXTERNAL_TOC_EXTENSION
from builder.projects.sphinx_external_toc import external_toc_entries
from builder.projects.sphinx_gallery import EXTENSION as GALLERY_EXTENSION
from builder.projects.sphinx_gallery import SETTING as GALLERY_SETTING
from builder.projects.sphinx_gallery import GalleryPages, gallery_pages
from builder.projects.sphinx_modules import conf_modules, extension_modules
from builder.projects.sphinx_page_templates import page_template_context
from builder.projects.sphinx_pydoctor import EXTENSION as PYDOCTOR_EXTENSION
from builder.projects.sphinx_pydoctor import pydoctor_pages
from builder.sphinx_conf import (
    CONFIG_NAME,
    MAX_CONF_BYTES,
    SphinxConf,
    read_sphinx_conf,
)
from builder.sphinx_pyproject import pyproject_text
from builder.toml_errors import UNREADABLE_TOML

# Folders a Sphinx build writes or reads templates and static files from, never pages.
DEFAULT_EXCLUDED = ("_build", "_static", "_templates")
# The settings read from conf.py; a note says when one of them is not a literal.
USED_SETTINGS = (
    "root_doc", "master_doc", "exclude_patterns", "source_suffix", "default_role",
    "rst_prolog", "rst_epilog", "templates_path", "html_static_path", "extensions",
    "zzzeeksphinx_module_prefixes", "myst_enable_extensions", "myst_substitutions",
    *ISSUE_SIGN_SETTINGS.values(),
)  # fmt: skip
# The substitutions Sphinx defines on every page, from the conf.py settings of those names.
VERSION_SUBSTITUTIONS = ("version", "release")
# What a conf.py imports its package's version as (pytest's ``from pytest import __version__
# as full_version``): it holds the release being built, as the settings above do.
VERSION_IMPORTS = ("__version__",)
# Extensions that make Sphinx read Markdown pages.
MARKDOWN_EXTENSIONS = frozenset({"myst_parser", "myst_nb"})
# The extensions that make a page of each .ipynb file.
NOTEBOOK_EXTENSIONS = frozenset({"nbsphinx", "myst_nb"})
# SQLAlchemy's extension, whose references are shortened (builder.parsers.rst.module_prefixes).
ZZZEEKSPHINX = "zzzeeksphinx"
# jaraco.packaging's extension (in every project made from jaraco's skeleton: keyring, zipp,
# inflect) reads the package's metadata in the folder above conf.py and defines |project| as
# its name in rst_epilog: their index pages are titled "Welcome to |project| documentation!".
PACKAGING_EXTENSION = "jaraco.packaging.sphinx"


def read_sphinx(
    directory: Path,
    conf_path: Path | None,
    tree_root: Path | None = None,
    bound: Path | None = None,
    release: str | None = None,
) -> ProjectLayout:
    """The settings of ``conf_path`` (None: Sphinx's defaults) for the docs in ``directory``
    (of the tree ``tree_root``, when they come from git or an archive; else never above
    ``bound``, the catalog's folder, as includes), with ``release`` (the catalog's version)
    for the ``version`` and ``release`` it computes; the page order is added by
    :func:`toctree_order` once the pages are listed."""
    notes: list[str] = []
    docs = directory.resolve()
    # The code is beside the docs, or above the docs folder of sphinx-quickstart's separate
    # source folder (docs/source, two levels down).
    above = docs.parent.parent if docs.parent.name in ("doc", "docs") else docs.parent
    where = include_root(directory, tree_root, None, bound=bound)
    conf, source = (
        _read_conf(conf_path, where, notes, release)
        if conf_path is not None
        else (SphinxConf(), "")
    )
    for name in USED_SETTINGS:
        if name in conf.not_literal:
            notes.append(f"{CONFIG_NAME}: {name} is not a literal value; ignored")
    root_doc = _text(conf, "root_doc", notes) or _text(conf, "master_doc", notes) or "index"
    patterns = (
        *DEFAULT_EXCLUDED,
        *_strings(conf, "templates_path", notes),
        *_strings(conf, "html_static_path", notes),
        *_strings(conf, "exclude_patterns", notes),
    )
    prolog = "\n".join(_text(conf, name, notes) or "" for name in ("rst_prolog", "rst_epilog"))
    substitutions = rst_substitutions(prolog)
    for name in VERSION_SUBSTITUTIONS:  # Sphinx defines |version| and |release| from these
        value = conf.get(name)
        if isinstance(value, str) and value and name not in substitutions:
            substitutions[name] = value
    extensions = conf.extension_names()
    # The project's own extensions (Django's docs/_ext/djangodocs.py) add object types too.
    extension_sources = (
        extension_modules(conf_path, source, extensions, where).values()
        if conf_path is not None
        else ()
    )
    markdown = reads_markdown(conf, directory)
    if markdown and not loads_myst(extensions):
        notes.append(f"{CONFIG_NAME}: names no Markdown parser, but the root document is Markdown")
    if (
        PACKAGING_EXTENSION in extensions
        and conf_path is not None
        and "project" not in substitutions
    ):
        name = _distribution_name(conf_path.parent.parent, where)
        substitutions.update({"project": name} if name else {})
    # Examples and notebooks are beside the docs (../examples): inside the tree, the
    # catalog's folder (pvlib's docs/sphinx/source reads ../../examples), or the folder that
    # holds the docs.
    holder = docs.parent
    if tree_root is None and bound is not None and inside_folder(docs, bound):
        holder = bound
    suffixes = source_suffixes(conf, notes, markdown)
    gallery = GalleryPages()
    # A conf.py whose extensions list is not there to read (lmfit imports it from a module
    # its Makefile writes) and that configures sphinx-gallery builds the gallery.
    if GALLERY_EXTENSION in extensions or (
        "extensions" not in conf.values and isinstance(conf.get(GALLERY_SETTING), dict)
    ):
        gallery = gallery_pages(source, directory, tree_root or holder, suffixes)
    # The pages conf.py copies in as it runs (a changelog from the project's top).
    copied = copied_pages(source, docs, tree_root or holder)
    linked = LinkedNotebooks()
    if NBLINK_EXTENSION in extensions:
        linked = linked_notebooks(docs, tree_root or holder)
    autoapi = AutoapiPages()
    if AUTOAPI_EXTENSION in extensions:
        autoapi = autoapi_pages(conf, directory, tree_root or above, tree_root, source)
    elif PYDOCTOR_EXTENSION in extensions:
        autoapi = pydoctor_pages(conf, directory, tree_root or above, tree_root)
    elif AUTODOC2_EXTENSION in extensions:
        autoapi = autodoc2_pages(conf, directory, tree_root or above)
    elif "apidoc" in source:
        autoapi = apidoc_pages(conf, source, directory, tree_root or above)
    toc = (
        external_toc_entries(_text(conf, "external_toc_path", notes), directory, notes)
        if EXTERNAL_TOC_EXTENSION in extensions
        else None
    )
    return ProjectLayout(
        kind="sphinx",
        config_file=CONFIG_NAME if conf_path is not None else "",
        exclude_patterns=tuple(dict.fromkeys(patterns)),
        exclude="|".join(f"(?:{sphinx_pattern(p)})(?:/.*)?" for p in dict.fromkeys(patterns)),
        suffixes=suffixes,
        # A document name (or the toc's entries) until complete_layout resolves it.
        order=toc if toc is not None else (root_doc,),
        external_toc=toc is not None,
        substitutions=tuple(substitutions.items()),
        default_role=_text(conf, "default_role", notes),
        documentation_summary=_summary(conf, extensions),
        module_prefixes=_module_prefixes(conf, extensions),
        page_templates=page_template_context(source),
        issue_roles=_issue_roles(conf, extensions),
        extlinks=read_extlinks(conf.get(EXTLINKS_SETTING))
        if EXTLINKS_EXTENSION in extensions
        else None,
        plot_settings=_plot_settings(conf, extensions),
        object_types=added_object_types(source, *extension_sources),
        only_tags=conf_tags(source),
        markdown_flavor=_markdown_flavor(extensions, markdown),
        myst_extensions=_myst_extensions(conf, markdown),
        myst_substitutions=_myst_substitutions(conf, markdown),
        section_labels=_section_labels(conf, extensions),
        bibtex_files=(
            _strings(conf, BIBTEX_FILES, notes) if BIBTEX_EXTENSION in extensions else None
        ),
        generated=(*copied.pages, *gallery.pages, *linked.pages, *autoapi.pages),
        generated_from=(*copied.sources, *gallery.sources, *linked.sources, *autoapi.sources),
        notes=(*notes, *copied.notes, *gallery.notes, *linked.notes, *autoapi.notes),
    )


def _plot_settings(conf: SphinxConf, extensions: Sequence[str]) -> PlotSettings | None:
    """matplotlib's plot directive's plot_include_source and plot_basedir, when it is loaded
    (a value that is not a literal of its type is its default)."""
    if PLOT_EXTENSION not in extensions:
        return None
    basedir = conf.get("plot_basedir")
    return PlotSettings(
        include_source=conf.get("plot_include_source") is True,
        basedir=basedir if isinstance(basedir, str) else "",
    )


def _summary(conf: SphinxConf, extensions: Sequence[str]) -> str:
    """sphinx-toolbox's documentation_summary, when the extension that shows it is loaded."""
    summary = conf.get(SUMMARY_SETTING)
    return summary if SUMMARY_EXTENSION in extensions and isinstance(summary, str) else ""


def _read_conf(
    path: Path, where: IncludeRoot, notes: list[str], release: str | None
) -> tuple[SphinxConf, str]:
    """The settings conf.py gives, with those of the project's own modules it imports them
    from, and its text ("" when it is not read)."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        notes.append(f"{CONFIG_NAME}: cannot be read ({exc.strerror}); Sphinx defaults used")
        return SphinxConf(), ""
    if len(raw) > MAX_CONF_BYTES:
        notes.append(f"{CONFIG_NAME}: larger than {MAX_CONF_BYTES // 1024} KiB; not read")
        return SphinxConf(), ""
    source = raw.decode("utf-8", errors="replace")
    pyproject = pyproject_text(path, source, where.root)
    computed = (
        dict.fromkeys((*VERSION_SUBSTITUTIONS, *VERSION_IMPORTS), release) if release else None
    )
    conf = read_sphinx_conf(source, conf_modules(path, source, where), pyproject, computed)
    if conf.problem:
        notes.append(f"{CONFIG_NAME}: {conf.problem}; Sphinx defaults used")
    return conf, source


def _distribution_name(folder: Path, where: IncludeRoot) -> str:
    """The package name the project in ``folder`` declares: pyproject.toml's ``[project]``
    name, else setup.cfg's ``[metadata]`` one; "" when neither is there or can be read."""
    reader = IncludeReader(where)
    folder = Path(os.path.normpath(folder.resolve()))
    if not folder.is_relative_to(where.root):
        return ""
    relpath = folder.relative_to(where.root).as_posix()
    try:
        pyproject = tomllib.loads(reader.read_in_project(f"{relpath}/pyproject.toml").text)
    except (IncludeRefused, *UNREADABLE_TOML):
        pyproject = {}
    project = pyproject.get("project")
    if isinstance(project, dict) and isinstance(project.get("name"), str):
        return str(project["name"])
    setup = configparser.ConfigParser(interpolation=None)
    try:
        setup.read_string(reader.read_in_project(f"{relpath}/setup.cfg").text)
    except (IncludeRefused, configparser.Error):
        return ""
    return setup.get("metadata", "name", fallback="")


def _module_prefixes(
    conf: SphinxConf, extensions: tuple[str, ...]
) -> tuple[tuple[str, str], ...] | None:
    """zzzeeksphinx's prefixes when conf.py loads it (none when they are not a literal dict of
    strings: its references are still shortened as it shortens them)."""
    if ZZZEEKSPHINX not in extensions:
        return None
    value = conf.get("zzzeeksphinx_module_prefixes")
    if not isinstance(value, dict):
        return ()
    return tuple(
        sorted((k, v) for k, v in value.items() if isinstance(k, str) and isinstance(v, str))
    )


def _issue_roles(
    conf: SphinxConf, extensions: tuple[str, ...]
) -> tuple[tuple[str, str], ...] | None:
    """sphinx-issues' roles and their signs when conf.py loads it (a sign it sets that the
    extension would refuse leaves the default), and the changelog extension's ``ticket``."""
    signs = []
    if ISSUES_EXTENSION in extensions:
        for role, default in DEFAULT_SIGNS:
            sign = conf.get(ISSUE_SIGN_SETTINGS[role])
            valid = isinstance(sign, str) and len(sign) == 1 and sign in SIGNS
            signs.append((role, sign if valid else default))
    if CHANGELOG_EXTENSION in extensions:
        signs.extend(CHANGELOG_SIGNS)
    return tuple(signs) if signs else None


def _section_labels(conf: SphinxConf, extensions: tuple[str, ...]) -> str | None:
    """How sphinx.ext.autosectionlabel labels each title when conf.py loads it: "document"
    when the label starts with the page's docname, "" when it is the title alone."""
    if "sphinx.ext.autosectionlabel" not in extensions:
        return None
    return "document" if conf.get("autosectionlabel_prefix_document") is True else ""


def loads_myst(extensions: Iterable[str]) -> bool:
    """Whether conf.py's extensions load MyST: myst_parser or myst_nb, or a module of theirs
    (``myst_parser.sphinx_``), the one test ``docbuild init`` and the build share."""
    return any(name.split(".")[0] in MARKDOWN_EXTENSIONS for name in extensions)


def reads_markdown(conf: SphinxConf, docs: Path) -> bool:
    """Whether Sphinx reads the Markdown pages of the docs in ``docs``: conf.py loads MyST, or
    its root document is a Markdown file, which Sphinx could not start from without a
    Markdown parser (a conf.py whose settings a shared helper makes names none itself:
    tmuxp's ``globals().update(merge_sphinx_config(...))``, gp-sphinx loading myst_parser)."""
    if loads_myst(conf.extension_names()):
        return True
    root_doc = conf.get("root_doc") or conf.get("master_doc") or "index"
    if not isinstance(root_doc, str):
        return False
    return (docs / f"{root_doc}.md").is_file() and not (docs / f"{root_doc}.rst").is_file()


def _markdown_flavor(extensions: Sequence[str], markdown: bool) -> str:
    """How the Markdown of the project's pages and notebooks is read: nbsphinx's notebooks
    (unless myst-nb, which reads them itself, is loaded too), or MyST's pages."""
    if "nbsphinx" in extensions and "myst_nb" not in extensions:
        return NBSPHINX_MARKDOWN
    return SPHINX_MARKDOWN if markdown else ""


def _myst_extensions(conf: SphinxConf, markdown: bool) -> tuple[str, ...] | None:
    """The MyST extensions conf.py enables when Sphinx reads Markdown (``markdown``) and it
    names them in a literal list (or set) of strings; None otherwise, which leaves every one
    read."""
    setting = "myst_enable_extensions"
    if not markdown or setting in conf.not_literal:
        return None
    value = conf.get(setting, [])
    if not isinstance(value, list | tuple | set) or not all(isinstance(v, str) for v in value):
        return None
    return tuple(sorted(value))


def _myst_substitutions(conf: SphinxConf, markdown: bool) -> tuple[tuple[str, str], ...]:
    """The substitutions conf.py's literal ``myst_substitutions`` dict gives MyST pages (names
    to Markdown text); none when Sphinx reads no Markdown or a value is not a string."""
    value = conf.get("myst_substitutions")
    if not markdown or not isinstance(value, dict):
        return ()
    return tuple((k, v) for k, v in value.items() if isinstance(k, str) and isinstance(v, str))


def _text(conf: SphinxConf, name: str, notes: list[str]) -> str | None:
    value = conf.get(name)
    if value is None or isinstance(value, str):
        return value
    notes.append(f"{CONFIG_NAME}: {name} is not a string; ignored")
    return None


def _strings(conf: SphinxConf, name: str, notes: list[str]) -> tuple[str, ...]:
    value: Any = conf.get(name, ())
    if isinstance(value, list | tuple) and all(isinstance(v, str) for v in value):
        return tuple(v for v in value if v)
    notes.append(f"{CONFIG_NAME}: {name} is not a list of strings; ignored")
    return ()


def source_suffixes(conf: SphinxConf, notes: list[str], markdown: bool) -> tuple[str, ...]:
    """The suffixes of the pages Sphinx reads, by ``source_suffix`` (a suffix, a list, or a
    dict of suffix to parser), ``markdown`` (whether it reads Markdown: :func:`reads_markdown`)
    and the notebook extensions, that docbuild reads."""
    value: Any = conf.get("source_suffix", ".rst")
    if isinstance(value, str):
        value = [value]
    elif isinstance(value, dict):
        value = list(value)
    if not (isinstance(value, list | tuple) and all(isinstance(v, str) for v in value)):
        notes.append(f"{CONFIG_NAME}: source_suffix is not a suffix or a list of them; '.rst' used")
        value = [".rst"]
    suffixes = [v.lower() for v in value]
    extensions = set(conf.extension_names())
    if markdown:
        suffixes.append(".md")
    if NOTEBOOK_EXTENSIONS & extensions:
        suffixes.append(".ipynb")
    readable = tuple(s for s in dict.fromkeys(suffixes) if s in SUPPORTED_SUFFIXES)
    if not readable:
        notes.append(f"{CONFIG_NAME}: no source_suffix docbuild reads ({', '.join(suffixes)})")
    return readable


def rst_substitutions(text: str) -> dict[str, str]:
    """The substitution definitions of a prolog, read as a page's are: at any indent, as an
    indented ``rst_prolog`` (Sphinx's own example of it) is a block quote whose definitions
    docutils applies to the whole page."""
    found: dict[str, str] = {}
    lines = text.split("\n")
    for i in markup_line_numbers(lines):
        if DEFINITION.match(lines[i].lstrip()):
            define(lines, i, found)
    return found
