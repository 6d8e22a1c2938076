"""Read a VitePress project's page order from the ``sidebar`` of ``.vitepress/config.*``.

The config is JavaScript or TypeScript and is never run: the file is scanned as text for
each ``sidebar:`` value (one per locale or section), and the ``link: '/guide/features'``
strings inside it, in order, name the pages (``/guide/`` is ``guide/index.md``). Strings and
comments are skipped while the brackets are counted, so a ``}`` in a title ends nothing.
Links built at run time (template strings with ``${...}``, function calls) are not followed;
the pages they would name come after the sidebar's, in path order. A config that keeps its
sidebars in modules of its own (``import { enConfig } from './en'``, or VitePress' other
form, ``.vitepress/config/index.ts``) is read with those modules, each after the file that
imports it first, as long as they stay inside ``.vitepress``. A literal ``srcDir`` (the folder
of the pages, below the one ``.vitepress`` is in) is where the pages, and so the sidebar's
links, start.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path, PurePosixPath

from builder.globs import readable_globs_pattern
from builder.parsers.markdown.flavor import VITEPRESS
from builder.projects.config_file import MAX_CONFIG_BYTES, without_comments
from builder.projects.gen_files import inside_folder
from builder.projects.layout import ProjectLayout
from builder.projects.vitepress_locales import other_locales

CONFIG_FOLDER = ".vitepress"
MARKDOWN_FLAVOR = VITEPRESS
CONFIG_NAMES = ("config.ts", "config.mts", "config.js", "config.mjs", "config.cts")
_MODULE_SUFFIXES = tuple(PurePosixPath(name).suffix for name in CONFIG_NAMES)
# Every config file and module read counts against MAX_CONFIG_BYTES, together.
MAX_CONFIG_MODULES = 32
# markdown-it-attrs' options (``attrs: { leftDelimiter: '%{', rightDelimiter: '}%' }``): the
# object's text (braces inside its strings included, up to its first other brace), then each
# literal delimiter in it.
_ATTRS_OPTIONS = re.compile(
    r"""\battrs\s*:\s*\{((?:[^{}'"]|'[^'\n]{0,100}'|"[^"\n]{0,100}"){0,2000})\}"""
)
_LEFT_DELIMITER = re.compile(r"""\bleftDelimiter\s*:\s*(['"])([^'"\n]{1,10})\1""")
_RIGHT_DELIMITER = re.compile(r"""\brightDelimiter\s*:\s*(['"])([^'"\n]{1,10})\1""")
# A relative module a config imports: ``from './en'``, ``import './sidebar.js'``.
_LOCAL_IMPORT = re.compile(r"""\b(?:from|import)\s*(['"])(\.\.?/[^'"\n]{1,200})\1""")
# The one pass over the file reads these: comments and strings (skipped as wholes), brackets,
# and the three keys that matter, bare or quoted as JSON writes them (a sidebar module generated
# by a script: sinon's '"link": "/concepts/spies/"'). A string left open ends at its line's end
# (a template string at the file's), as a comment does: the match never fails once begun, or
# every later quote would rescan the rest of the line (or file), quadratic in a hostile config.
_TOKEN = re.compile(
    r"""//[^\n]*|/\*.*?(?:\*/|\Z)"""
    r"""|(?P<quote>['"])(?P<quoted_key>sidebar|link|base)(?P=quote)\s*:"""
    r"""|(?P<string>'(?:\\.|[^'\\\n])*(?:'|(?=\n)|\\?\Z)|"(?:\\.|[^"\\\n])*(?:"|(?=\n)|\\?\Z)"""
    r"""|`(?:\\.|[^`\\])*(?:`|\\?\Z))"""
    r"""|(?P<open>[{\[(])|(?P<close>[}\])])"""
    r"""|(?P<key>\b(?:sidebar|link|base))\s*:""",
    re.DOTALL,
)
_EXTERNAL = re.compile(r"[a-z][a-z0-9+.-]*:", re.IGNORECASE)
# srcExclude: literal globs (fast-glob's, from the docs folder) of Markdown files that are no
# pages; a page may still include one (vitest's guide/cli-generated.md, in guide/cli.md).
# The list holds no bracket but a glob's class ('v[0-9].md'): an unclosed one ends it, so
# "srcExclude: [" written over and over is not scanned to the file's end from each.
_SRC_EXCLUDE = re.compile(r"\bsrcExclude\s*:\s*\[((?:[^\]\[]|\[[^\]\[]*\])*)\]")
_GLOB_LITERAL = re.compile(r"'([^'\\\n]+)'|\"([^\"\\\n]+)\"")
# srcDir: the folder of the pages, relative to the one .vitepress is in (bullmq's 'gitbook');
# the sidebar's links, srcExclude and the locales' folders start there.
_SRC_DIR = re.compile(r"""\bsrcDir\s*:\s*(['"])([^'"\n]{1,200})\1""")


def find_vitepress_config(directory: Path) -> Path | None:
    """``.vitepress/config.*`` (or ``.vitepress/config/index.*``) in the docs folder
    (VitePress' srcDir by default), if any."""
    for name in CONFIG_NAMES:
        for path in (
            directory / CONFIG_FOLDER / name,
            directory / CONFIG_FOLDER / "config" / f"index{PurePosixPath(name).suffix}",
        ):
            if path.is_file():
                return path
    return None


def read_vitepress(config_path: Path, directory: Path) -> ProjectLayout:
    """The layout the config at ``config_path`` gives the docs folder ``directory``."""
    config_file = config_path.relative_to(directory).as_posix()
    exclude = re.escape(CONFIG_FOLDER) + r"/.*"
    try:
        with config_path.open("rb") as file:  # never more than the limit, however big it is
            data = file.read(MAX_CONFIG_BYTES + 1)
    except OSError as exc:
        note = f"{config_file} could not be read ({exc.strerror}); pages in path order"
        return ProjectLayout(
            kind="vitepress",
            config_file=config_file,
            exclude=exclude,
            notes=(note,),
            markdown_flavor=MARKDOWN_FLAVOR,
        )
    notes: list[str] = []
    if len(data) > MAX_CONFIG_BYTES:
        data = data[:MAX_CONFIG_BYTES]
        notes.append(f"{config_file} is over {MAX_CONFIG_BYTES >> 10} KiB; the rest is not read")
    sources = [data.decode("utf-8", errors="replace")]
    sources += _imported_modules(config_path, sources[0], MAX_CONFIG_BYTES - len(data), notes)
    pages = _source_folder(sources, directory, notes)
    # Each file on its own: a regular expression literal holding a quote (the usual slugify)
    # opens a string that must not run on into the next module.
    found = [_literal_links(source) for source in sources]
    links = [link for inside, _ in found for link in inside]
    links = links or [link for _, everywhere in found for link in everywhere]
    order = tuple(dict.fromkeys(page for link in links if (page := page_of_link(link))))
    # A locale that links to another site (Vue Router's ko: a link) has no folder here.
    locales = tuple(name for name in other_locales(sources) if (pages / name).is_dir())
    if locales:
        # The other languages' pages and sidebars are left out, as MkDocs' i18n plugins' are.
        exclude = "(?:" + "|".join(map(re.escape, (CONFIG_FOLDER, *locales))) + ")/.*"
        order = tuple(page for page in order if not re.fullmatch(exclude, page, re.DOTALL))
        folders = ", ".join(f"{locale}/" for locale in locales)
        notes.append(f"pages of the other languages left out: {folders}")
    excluded = _src_exclude(sources, notes)
    if excluded:
        exclude = f"(?:{exclude})|(?:{excluded})"
    if not order:
        notes.append(f"{config_file} names no page in a literal link; path order")
    return ProjectLayout(
        kind="vitepress",
        directory=None if pages == directory else pages,
        config_file=config_file,
        config_folder=None if pages == directory else directory,
        exclude=exclude,
        order=order,
        attribute_delimiters=_attribute_delimiters(sources),
        myst_extensions=(),  # markdown-it's syntax: a line opening ":three: Vue 3" is no field
        notes=tuple(notes),
        markdown_flavor=MARKDOWN_FLAVOR,  # its registered components (builder.parsers.markdown)
    )


def _source_folder(sources: list[str], directory: Path, notes: list[str]) -> Path:
    """The folder of the pages: the one the config's literal ``srcDir`` names, when it is a
    folder inside ``directory`` that holds Markdown, else ``directory``. A plugin's option of
    that name (VitePWA's ``srcDir: 'public'``, its service worker's folder) names none."""
    for source in sources:
        for found in _SRC_DIR.finditer(without_comments(source)):
            name = posixpath.normpath(found.group(2).strip())
            if name == ".":
                return directory
            folder = directory / name
            if (
                not name.startswith(("/", "../"))
                and name != ".."
                and inside_folder(folder, directory)
                and _holds_markdown(folder)
            ):
                return folder
            notes.append(f"srcDir {found.group(2)!r} names no folder of pages here; not read")
    return directory


def _holds_markdown(folder: Path) -> bool:
    """Whether ``folder`` has a Markdown file at any depth."""
    try:
        return folder.is_dir() and next(folder.rglob("*.md"), None) is not None
    except (OSError, RuntimeError, ValueError):  # unreadable; a loop of links; a NUL
        return False


def _src_exclude(sources: list[str], notes: list[str]) -> str:
    """A regular expression of the files the config's ``srcExclude`` globs leave out, or ""."""
    globs: list[str] = []
    for source in sources:
        for value in _SRC_EXCLUDE.finditer(without_comments(source)):
            for literal in _GLOB_LITERAL.finditer(value.group(1)):
                glob = (literal.group(1) or literal.group(2)).removeprefix("./")
                # fast-glob anchors a pattern at the folder; docbuild's globs match a bare
                # name at any depth, as .gitignore does.
                globs.append(glob if "/" in glob or glob.startswith("!") else f"/{glob}")
    # A "!" glob puts back what another left out: not read, as a page left out stays out.
    return readable_globs_pattern((g for g in globs if not g.startswith("!")), notes, "srcExclude")


def _attribute_delimiters(sources: list[str]) -> tuple[str, str] | None:
    """The delimiters ``markdown: { attrs: { leftDelimiter, rightDelimiter } }`` sets, when
    the config's literal strings set both."""
    for source in sources:
        for attrs in _ATTRS_OPTIONS.finditer(source):
            left = _LEFT_DELIMITER.search(attrs.group(1))
            right = _RIGHT_DELIMITER.search(attrs.group(1))
            if left is not None and right is not None:
                return left.group(2), right.group(2)
    return None


def _imported_modules(config_path: Path, source: str, budget: int, notes: list[str]) -> list[str]:
    """The text of the local modules the config imports, and those they import, in the order
    they are first imported; none outside ``.vitepress`` and none read twice."""
    folder = next(p for p in config_path.parents if p.name == CONFIG_FOLDER).resolve()
    seen = {config_path.resolve()}
    pending = [(config_path.parent, source)]
    texts: list[str] = []
    while pending:
        base, text = pending.pop(0)
        for match in _LOCAL_IMPORT.finditer(text):
            path = _module_path(base / match.group(2), folder)
            if path is None or path in seen:
                continue
            seen.add(path)
            if len(texts) >= MAX_CONFIG_MODULES or budget <= 0:
                limit = f"over {MAX_CONFIG_MODULES} modules or {MAX_CONFIG_BYTES >> 10} KiB"
                notes.append(f"config {limit}: {path.name} and later modules are not read")
                return texts
            try:
                with path.open("rb") as file:
                    data = file.read(budget)
            except OSError:
                continue
            budget -= len(data)
            texts.append(data.decode("utf-8", errors="replace"))
            pending.append((path.parent, texts[-1]))
    return texts


def _module_path(stem: Path, folder: Path) -> Path | None:
    """The file an import of ``stem`` resolves to, as Node and bundlers try suffixes, if it
    is inside ``folder``."""
    candidates = [stem] if stem.suffix in _MODULE_SUFFIXES else []
    candidates += [stem.with_name(stem.name + suffix) for suffix in _MODULE_SUFFIXES]
    candidates += [stem / f"index{suffix}" for suffix in _MODULE_SUFFIXES]
    for candidate in candidates:
        # is_file first: it is False for a loop of links or a NUL in the name, which
        # resolve() raises on.
        if candidate.is_file() and inside_folder(candidate, folder):
            return candidate.resolve()
    return None


def sidebar_links(source: str) -> list[str]:
    """The literal ``link:`` strings inside every ``sidebar:`` value of a config's source, in
    the order they are written; when its sidebars are built by functions, every literal
    ``link:`` in the file, as the functions' bodies list them."""
    inside, everywhere = _literal_links(source)
    return inside or everywhere


def _literal_links(source: str) -> tuple[list[str], list[str]]:
    """The literal ``link:`` strings inside ``sidebar:`` values, and every other one.

    Inside a sidebar, a group's (or a multi-sidebar's) literal ``base: '/guide'`` goes before
    the links of the group and of the groups in it, as VitePress' ``addBase`` joins them, the
    innermost base counting (handlebars' ``{ base: '/guide', items: [{ link: '/partials'
    }] }`` links ``/guide/partials``); a base written after a link of its group is not read
    for that link. The site's own ``base`` is outside any sidebar and is no part of a page."""
    inside: list[str] = []
    everywhere: list[str] = []
    depth = 0  # brackets open inside the sidebar value being read; 0 outside any
    sidebar_end = -1  # where the last ``sidebar:`` key ended, until its value opens
    link_end = base_end = -1
    bases: list[tuple[int, str]] = []  # (depth of the object that sets it, base), innermost last
    for token in _TOKEN.finditer(source):
        key = token.group("key") or token.group("quoted_key")
        string = token.group("string")
        if token.group("open"):
            if depth:
                depth += 1
            elif _follows(source, sidebar_end, token.start()):
                depth = 1
        elif token.group("close") and depth:
            while bases and bases[-1][0] >= depth:
                bases.pop()
            depth -= 1
        elif key == "sidebar" and not depth:
            sidebar_end = token.end()
            continue
        elif key == "link":
            link_end = token.end()
            continue
        elif key == "base" and depth:
            base_end = token.end()
            continue
        elif string is not None and depth and _is_link(source, base_end, token.start(), string):
            bases.append((depth, string[1:-1]))
        elif string is not None and _is_link(source, link_end, token.start(), string):
            link = string[1:-1]
            if depth and bases and not _EXTERNAL.match(link):
                link = bases[-1][1] + link
            (inside if depth else everywhere).append(link)
        sidebar_end = link_end = base_end = -1
    return inside, everywhere


def _follows(source: str, key_end: int, start: int) -> bool:
    """Whether the token at ``start`` is the value of the key that ended at ``key_end``."""
    return key_end >= 0 and not source[key_end:start].strip()


def _is_link(source: str, link_end: int, start: int, string: str) -> bool:
    """Whether ``string`` is the literal value of a ``link:`` (a template string built at
    run time names no page)."""
    closed = len(string) > 1 and string[-1] == string[0]  # a string left open is no link
    return closed and _follows(source, link_end, start) and "${" not in string


def page_of_link(link: str) -> str | None:
    """The page a sidebar link names, relative to the docs folder, or None for another site."""
    if _EXTERNAL.match(link) or link.startswith("//"):
        return None
    path = link.split("#", 1)[0].split("?", 1)[0].strip().lstrip("/")
    if not path or path.endswith("/"):
        return f"{path}index.md"
    stem = PurePosixPath(path)
    if stem.suffix in (".md", ".html"):
        stem = stem.with_suffix("")
    return f"{stem.as_posix()}.md"
