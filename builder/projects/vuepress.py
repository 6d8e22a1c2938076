"""Read a VuePress site's page order from the ``sidebar`` of ``.vuepress/config.*``.

The config is JavaScript or TypeScript and is never run: its ``sidebar:`` value is read when
it is a literal (arrays, objects, strings), as VuePress 1 writes it (``'guide/intro'``,
``['guide/intro', 'Title']``, ``{ title, path, children }``) and VuePress 2 (``{ text, link,
children }``). A sidebar of several, an object keyed by the part of the site each serves
(``'/samples/': [...]``, ``'/': [...]``), names its pages relative to its key; the site's
root sidebar, the one its front page shows, comes first, the others in the order written.
A path names its Markdown file (``guide/`` the folder's ``README.md`` or ``index.md``). A
sidebar the config computes (a variable, a function call, a spread) names no page: the pages
come in path order, as they did. Read in path order, Chart.js v4.5.1's docs put its sample
pages (and their ``_common.md`` partials) between its axes' pages and its configuration.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path
from typing import Any

from builder.parsers.markdown.flavor import VUEPRESS
from builder.projects.config_file import names_a_file, read_config_bytes
from builder.projects.layout import MAX_ENTRIES, ProjectLayout

CONFIG_FOLDER = ".vuepress"
CONFIG_NAMES = ("config.ts", "config.js", "config.mts", "config.mjs", "config.cts", "config.cjs")
# How deep a literal nests before it is taken for computed.
MAX_DEPTH = 30
FRONT_PAGES = ("README.md", "index.md")
_TOKEN = re.compile(
    r"""(?P<space>\s+|//[^\n]*|/\*.*?(?:\*/|\Z))"""
    r"""|'(?P<s1>(?:\\.|[^'\\\n])*)'|"(?P<s2>(?:\\.|[^"\\\n])*)"|`(?P<s3>[^`$\\]*)`"""
    r"""|(?P<punct>[{}\[\]:,])|(?P<word>[A-Za-z_$][\w$]*|[0-9][\w.]*)|(?P<other>.)""",
    re.DOTALL,
)
_EXTERNAL = re.compile(r"[a-z][a-z0-9+.-]*:", re.IGNORECASE)


class ComputedSidebar(Exception):
    """The value is not a literal: the config builds it when it runs."""


def find_vuepress_config(directory: Path) -> Path | None:
    """``.vuepress/config.*`` in the docs folder (VuePress' source folder), if any."""
    for name in CONFIG_NAMES:
        path = directory / CONFIG_FOLDER / name
        if path.is_file():
            return path
    return None


def read_vuepress(config_path: Path, directory: Path) -> ProjectLayout:
    """The layout the config at ``config_path`` gives the docs folder ``directory``."""
    config_file = config_path.relative_to(directory).as_posix()
    notes: list[str] = []
    raw = read_config_bytes(config_path, notes, "pages in path order")
    sidebar = _literal_sidebar(raw.decode("utf-8", "replace"), notes) if raw is not None else None
    order: list[str] = []
    if sidebar is not None:
        groups = sidebar.items() if isinstance(sidebar, dict) else [("/", sidebar)]
        # The root's sidebar, the one the front page shows, before the other parts'.
        for base, items in sorted(groups, key=lambda group: group[0].strip("/") != ""):
            _visit(items, base, directory, order, 0)
    if sidebar is not None and not order:
        notes.append(f"{config_file}: its sidebar names no page; path order")
    return ProjectLayout(
        kind="vuepress",
        markdown_flavor=VUEPRESS,  # its heading slugs (builder.parsers.markdown.flavor)
        config_file=config_file,
        exclude=re.escape(CONFIG_FOLDER) + r"/.*",
        order=tuple(dict.fromkeys(order))[:MAX_ENTRIES],
        notes=tuple(notes),
    )


def _literal_sidebar(source: str, notes: list[str]) -> Any:
    """The first ``sidebar:`` value of ``source`` that is a literal, or None (with a note
    when there is a sidebar but the config computes it)."""
    tokens = [(kind, text) for kind, text in _tokens(source) if kind != "space"]
    computed = False
    for index in range(len(tokens) - 1):
        kind, text = tokens[index]
        if kind in ("word", "string") and text == "sidebar" and tokens[index + 1][1] == ":":
            try:
                value, _ = _value(tokens, index + 2, 0)
            except ComputedSidebar:
                computed = True
                continue
            return value
    if computed:
        notes.append("the sidebar is computed when the config runs; pages in path order")
    return None


def _tokens(source: str) -> list[tuple[str, str]]:
    tokens: list[tuple[str, str]] = []
    for match in _TOKEN.finditer(source):
        kind = match.lastgroup or "other"
        if kind in ("s1", "s2", "s3"):
            tokens.append(("string", match.group(kind)))
        else:
            tokens.append((kind, match.group(0)))
    return tokens


def _value(tokens: list[tuple[str, str]], index: int, depth: int) -> tuple[Any, int]:
    """The literal starting at ``tokens[index]`` and the index after it."""
    if depth > MAX_DEPTH or index >= len(tokens):
        raise ComputedSidebar
    kind, text = tokens[index]
    if kind == "string":
        return text, index + 1
    if kind == "word" and text in ("true", "false", "null", "undefined"):
        return None, index + 1
    if kind == "word" and text[0].isdigit():
        return None, index + 1
    if text == "[":
        items: list[Any] = []
        index += 1
        while index < len(tokens) and tokens[index][1] != "]":
            item, index = _value(tokens, index, depth + 1)
            items.append(item)
            index = _after_item(tokens, index, "]")
        return items, index + 1
    if text == "{":
        entries: dict[str, Any] = {}
        index += 1
        while index < len(tokens) and tokens[index][1] != "}":
            key_kind, key = tokens[index]
            if key_kind not in ("word", "string") or tokens[index + 1 : index + 2] != [
                ("punct", ":")
            ]:
                raise ComputedSidebar  # a spread, a method or a shorthand property
            entries[key], index = _value(tokens, index + 2, depth + 1)
            index = _after_item(tokens, index, "}")
        return entries, index + 1
    raise ComputedSidebar


def _after_item(tokens: list[tuple[str, str]], index: int, closer: str) -> int:
    if index < len(tokens) and tokens[index][1] == ",":
        return index + 1
    if index < len(tokens) and tokens[index][1] == closer:
        return index
    raise ComputedSidebar


def _visit(items: Any, base: str, directory: Path, order: list[str], depth: int) -> None:
    """Append the pages a sidebar's ``items`` name, relative to ``base``, depth first."""
    if not isinstance(items, list) or depth > MAX_DEPTH:
        return
    for item in items:
        if len(order) >= MAX_ENTRIES:
            return
        link: Any = None
        if isinstance(item, str):
            link = item
        elif isinstance(item, list) and item:
            link = item[0]  # [path, title]
        elif isinstance(item, dict):
            link = item.get("path", item.get("link"))  # a group's own page, then its children
        if isinstance(link, str) and (page := page_of_link(link, base, directory)) is not None:
            order.append(page)
        if isinstance(item, dict):
            _visit(item.get("children"), base, directory, order, depth + 1)


def page_of_link(link: str, base: str, directory: Path) -> str | None:
    """The page a sidebar path names (``base`` the key of its sidebar, for a relative path),
    relative to the docs folder; None for another site or a path out of the folder."""
    if _EXTERNAL.match(link) or link.startswith("//"):
        return None
    path = link.split("#", 1)[0].split("?", 1)[0].strip()
    if not path.startswith("/"):
        path = base.rstrip("/") + "/" + path
    folder_page = path.endswith("/")
    path = posixpath.normpath(path.lstrip("/") or ".")
    if path.startswith(".."):
        return None
    if folder_page or path == ".":
        prefix = "" if path == "." else f"{path}/"
        return next(
            # names_a_file: a name longer than the system takes is none, where is_file raised.
            (f"{prefix}{name}" for name in FRONT_PAGES if names_a_file(directory / prefix / name)),
            f"{prefix}{FRONT_PAGES[0]}",
        )
    stem = path.removesuffix(".html").removesuffix(".md")
    return f"{stem}.md"
