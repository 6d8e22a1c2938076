"""The layout a documentation tool gives a version's pages, and what it changes in the build.

A ``ProjectLayout`` is read once per version from ``mkdocs.yml``, ``.vitepress/config.*``,
``book.toml`` or ``conf.py``
(``builder.projects.detect``) and then only applied: which files are never pages, the order
the pages are compiled in (so sections, the version's table of contents and its llms.txt
follow the tool's navigation), the title of a page that has no heading of its own, and the
reST substitutions every page sees.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import Path, PurePosixPath

from builder.model import ParsedFile
from builder.parsers.rst.object_types import ObjectType
from builder.parsers.rst.plot_files import PlotSettings
from builder.projects.gen_files import GeneratedPage
from builder.sources import Candidate

# Entries a project's navigation is read for (a sidebar, a table of contents, a content folder's
# pages), before the rest is cut: real ones hold a few hundred, and YAML aliases can make a
# short file's lists visit each other exponentially.
MAX_ENTRIES = 20_000


@dataclass(frozen=True)
class ProjectLayout:
    """What the build needs to know of a version's documentation tool.

    ``order`` lists page relpaths in the tool's order; pages it does not name come after, in
    path order, unless ``only_listed`` says they are no pages (mdBook renders only the chapters
    its summary links). ``exclude`` is a regular expression over relpaths (shown and keyed on as
    ``exclude_patterns``). An empty ``suffixes`` admits every suffix the parsers read.
    """

    # "mkdocs", "vitepress", "quarto", "sphinx", "docsify", "mdbook", "gitbook", "nextra",
    # "hugo", "mintlify", "starlight", "docbuilder" (Hugging Face's), "vuepress", "rspress",
    # "markdown-listed", "markdown-ordered" (builder.projects.plain_order) or "none"
    kind: str = "none"
    directory: Path | None = None  # where the pages are, when the tool says another folder
    config_file: str = ""
    config_folder: Path | None = None  # where the tool runs from (MkDocs: its config's folder)
    # pymdownx.snippets' base_path, then markdown-include's, from config_folder
    snippet_base: tuple[str, ...] = ()
    exclude_patterns: tuple[str, ...] = ()
    exclude: str = ""
    suffixes: tuple[str, ...] = ()
    order: tuple[str, ...] = ()
    only_listed: bool = False
    # ``order`` holds the entries of the _toc.yml sphinx-external-toc reads (a Jupyter Book's
    # conf.py), not the root document (builder.projects.sphinx_external_toc).
    external_toc: bool = False
    titles: tuple[tuple[str, str], ...] = ()
    substitutions: tuple[tuple[str, str], ...] = ()
    default_role: str | None = None
    # sphinx-toolbox's documentation_summary setting when conf.py loads the extension that
    # shows it (builder.parsers.rst.documentation_summary); "" otherwise.
    documentation_summary: str = ""
    # The Jinja context a conf.py's source-read handler renders each page with, as (variable,
    # the dotted module it names); None when it renders none (builder.parsers.rst.page_templates).
    page_templates: tuple[tuple[str, str], ...] | None = None
    # zzzeeksphinx's zzzeeksphinx_module_prefixes (prefix, module) when conf.py loads it; None
    # when it does not (builder.parsers.rst.module_prefixes).
    module_prefixes: tuple[tuple[str, str], ...] | None = None
    # sphinx-issues' roles and the sign each shows before its link when conf.py loads it; None
    # when it does not (builder.parsers.rst.issue_roles).
    issue_roles: tuple[tuple[str, str], ...] | None = None
    # sphinx.ext.extlinks' roles (role, URL, caption) when conf.py loads it; None when it does
    # not (builder.parsers.rst.extlinks).
    extlinks: tuple[tuple[str, str, str | None], ...] | None = None
    # matplotlib's plot directive's settings when conf.py loads it; None when it does not
    # (builder.parsers.rst.plot_files).
    plot_settings: PlotSettings | None = None
    # The description directives conf.py (or an extension module of the project it loads)
    # adds with app.add_object_type (".. chunk::"), read as entries of their pages
    # (builder.parsers.rst.object_types).
    object_types: tuple[ObjectType, ...] = ()
    # The tags conf.py sets, which ``.. only::`` expressions read (builder.parsers.rst.only_tags).
    only_tags: tuple[str, ...] = ()
    # The delimiters of Markdown attribute lists when the tool sets its own (VitePress'
    # markdown.attrs); None: braces.
    attribute_delimiters: tuple[str, str] | None = None
    # MyST's extensions (myst_enable_extensions) when conf.py loads MyST and names them, none
    # for VitePress and Docusaurus; None otherwise (builder.parsers.markdown.myst_syntax).
    myst_extensions: tuple[str, ...] | None = None
    # MyST's substitutions conf.py gives (myst_substitutions), or mkdocs-macros' variables
    # (builder.projects.mkdocs_macros), under each page's own.
    myst_substitutions: tuple[tuple[str, str], ...] = ()
    # mkdocs-macros' macros that read without running the project's module: (name, source)
    # (builder.projects.mkdocs_macros).
    macros: tuple[tuple[str, str], ...] = ()
    # The project's own pymdownx blocks that show a file: (block name, the option naming it)
    # (builder.projects.mkdocs_file_blocks).
    file_blocks: tuple[tuple[str, str], ...] = ()
    # sphinx.ext.autosectionlabel's labels when conf.py loads it: each title labelled by its
    # text, after "docname:" when the prefix is "document" (autosectionlabel_prefix_document),
    # "" when not; None when it is not loaded (builder.reference_scan).
    section_labels: str | None = None
    # conf.py's bibtex_bibfiles when it loads sphinxcontrib-bibtex, None when it does not,
    # and the keys the pages cite (builder.parsers.rst.bibliography).
    bibtex_files: tuple[str, ...] | None = None
    cited: tuple[str, ...] = ()
    not_in_nav: str = ""  # pages a MkDocs nav leaves out on purpose (no note for them)
    # Markdown syntax of the tool's own its pages are read with: "docsify", "mkdocs"
    # (Python-Markdown), "docusaurus" (.md pages compiled as MDX), or "" for none.
    markdown_flavor: str = ""
    # MkDocs: the extensions markdown_extensions names, the theme's features and the plugins
    # loaded that rewrite the pages' text (builder.projects.mkdocs.PAGE_PLUGINS).
    markdown_extensions: tuple[str, ...] = ()
    theme_features: tuple[str, ...] = ()
    markdown_plugins: tuple[str, ...] = ()
    # Pages a gen-files script would write (builder.projects.gen_files), and each script's
    # path and sha256: an edit to a script is a change to the version.
    generated: tuple[GeneratedPage, ...] = ()
    generated_from: tuple[tuple[str, str], ...] = ()
    # The pages of the catalog's api key among those generated: (path, module name).
    asked: tuple[tuple[str, str], ...] = ()
    # Pages autosummary wrote on an earlier build, whose objects are written below their
    # tables instead (builder.projects.autosummary_stubs).
    stubs: tuple[str, ...] = ()
    # The page that writes each generated page several pages ask for: (key, relpath)
    # (builder.projects.generated_owners).
    owners: tuple[tuple[str, str], ...] = ()
    warnings: tuple[str, ...] = ()  # what the build warns of: a script whose pages are missing
    notes: tuple[str, ...] = ()

    def substitutions_for(self, release: str) -> tuple[tuple[str, str], ...]:
        """The ``|name|`` substitutions a page of version ``release`` reads with: a Sphinx
        project's own and, where they leave them out, ``|version|`` and ``|release|`` as the
        version being built (most conf.py files compute those settings, from
        importlib.metadata, so only the catalog knows them)."""
        if self.kind != "sphinx":
            return self.substitutions
        defined = {name for name, _ in self.substitutions}
        defaults = (("version", release), ("release", release))
        return (
            *self.substitutions,
            *((name, value) for name, value in defaults if name not in defined),
        )

    def markdown_settings(self) -> tuple[object, ...]:
        """The extensions, theme features and plugins, for cache keys: nothing when none is
        set."""
        if not (self.markdown_extensions or self.theme_features or self.markdown_plugins):
            return ()
        settings = ("markdown", self.markdown_extensions, self.theme_features)
        if self.file_blocks:  # only when read, as the macros below
            return ((*settings, self.markdown_plugins, self.macros, self.file_blocks),)
        if self.macros:  # only when read, so that other projects' cache keys stay as they were
            return ((*settings, self.markdown_plugins, self.macros),)
        return ((*settings, self.markdown_plugins) if self.markdown_plugins else settings,)

    def bibtex_key(self) -> tuple[object, ...]:
        """The bib files and the keys cited, for cache keys; nothing without the extension."""
        return () if self.bibtex_files is None else (("bibtex", self.bibtex_files, self.cited),)

    def describe(self) -> str:
        """One line for the build report."""
        if self.kind == "none":
            return "none (read as a folder of files)"
        found = f"from {self.config_file}" if self.config_file else "without a config file"
        return f"{self.kind} {found}, {len(self.order)} pages in its order"

    def admits(self, relpath: str) -> bool:
        """Whether a listed file is a page of this project. The tool's own exclusions
        (``exclude_patterns``) do not apply to the pages the catalog's ``api`` asks for by
        name: they were written for the project's pages (an ``api/`` folder sphinx-apidoc
        fills at build time), and the version's ``exclude`` globs leave those pages out."""
        if self.suffixes and PurePosixPath(relpath).suffix.lower() not in self.suffixes:
            return False
        if self.only_listed and relpath not in self._listed:
            return False
        if relpath in self._asked:
            return True
        if relpath in self._stubs:
            return False
        return not (self.exclude and re.fullmatch(self.exclude, relpath, re.DOTALL))

    @cached_property
    def _listed(self) -> frozenset[str]:
        return frozenset(self.order)

    @cached_property
    def _stubs(self) -> frozenset[str]:
        return frozenset(self.stubs)

    @cached_property
    def _asked(self) -> frozenset[str]:
        return frozenset(relpath for relpath, _ in self.asked)

    def quiet(self, relpath: str) -> bool:
        """Whether a page is left out of the navigation on purpose."""
        return bool(self.not_in_nav and re.fullmatch(self.not_in_nav, relpath, re.DOTALL))

    def title_of(self, relpath: str) -> str | None:
        return dict(self.titles).get(relpath)

    def key(self) -> tuple[object, ...]:
        """Everything of the layout that changes a version's volume, for the build cache."""
        return (
            self.kind,
            str(self.directory or ""),
            self.exclude_patterns,
            self.suffixes,
            self.order,
            self.titles,
            self.substitutions,
            self.default_role,
            self.attribute_delimiters,
            self.generated_from,
            # Only when set, so that other projects' cache keys stay as they were.
            *(("only listed",) if self.only_listed else ()),
            *(("external toc",) if self.external_toc else ()),
            *((self.markdown_flavor,) if self.markdown_flavor else ()),
            *(self.markdown_settings()),
            *((self.module_prefixes,) if self.module_prefixes is not None else ()),
            *((("templates", self.page_templates),) if self.page_templates is not None else ()),
            *((self.issue_roles,) if self.issue_roles is not None else ()),
            *((("extlinks", self.extlinks),) if self.extlinks is not None else ()),
            *((("plot", self.plot_settings),) if self.plot_settings is not None else ()),
            *((("object types", self.object_types),) if self.object_types else ()),
            *((("tags", self.only_tags),) if self.only_tags else ()),
            *((self.myst_extensions,) if self.myst_extensions is not None else ()),
            *((self.myst_substitutions,) if self.myst_substitutions else ()),
            *((self.section_labels,) if self.section_labels is not None else ()),
            *(("summary", self.documentation_summary) if self.documentation_summary else ()),
            *(("stubs", self.stubs) if self.stubs else ()),
            *(("owners", self.owners) if self.owners else ()),
            *(self.bibtex_key()),
        )


def ordered_candidates(candidates: Sequence[Candidate], order: Sequence[str]) -> list[Candidate]:
    """``candidates`` in project order: those ``order`` names first, as it names them, then
    the rest in path order, each folder's front page first (path_order_key)."""
    rank = {relpath: position for position, relpath in enumerate(order)}
    unranked = len(rank)
    return sorted(
        candidates, key=lambda c: (rank.get(c.relpath, unranked), path_order_key(c.relpath))
    )


# The page of a folder that introduces it, as GitHub shows a README and MkDocs puts index.md
# first in a nav it makes itself.
FRONT_PAGE_STEMS = frozenset({"readme", "index"})


def path_order_key(relpath: str) -> str:
    """Path order with a folder's front page (README, index) before its other files and
    folders: a plain folder's CHANGELOG.md came before README.md, so the first sections of
    its docs, which an agent reads for an overview, were about eighty releases."""
    folder, _, name = relpath.rpartition("/")
    if PurePosixPath(name).stem.lower() not in FRONT_PAGE_STEMS:
        return relpath
    return f"{folder}/\0{name}" if folder else f"\0{name}"


def titled_by_navigation(parsed: ParsedFile, title: str) -> ParsedFile:
    """A file without a top heading (and without a front matter title), titled ``title``: its
    text before the first heading becomes that title's section and every heading goes under
    it, as on the tool's own page. A file with its own title is returned as it is."""
    stem = PurePosixPath(parsed.relpath).stem
    if parsed.title != stem or any(s.level == 1 for s in parsed.sections):
        return parsed
    sections = tuple(
        replace(s, heading=title)
        if s.level == 0 and not s.heading_path
        else replace(s, heading_path=(title, *s.heading_path))
        for s in parsed.sections
    )
    return replace(parsed, title=title, sections=sections)


_SUBSTITUTION_REFERENCE = re.compile(r"\{sub-ref\}`([^`\n]+)`")


def substitute_references(text: str, substitutions: Sequence[tuple[str, str]]) -> str:
    """MyST text with each ``{sub-ref}`name``` role of ``substitutions`` replaced by its text:
    the role reads the substitutions a reST page sees, Sphinx's ``|release|`` among them."""
    if "{sub-ref}" not in text:
        return text
    values = dict(substitutions)

    def value(match: re.Match[str]) -> str:
        return values.get(match.group(1).strip(), match.group(0))

    return _SUBSTITUTION_REFERENCE.sub(value, text)
