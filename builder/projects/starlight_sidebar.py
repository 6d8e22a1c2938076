"""Find where an Astro Starlight config's sidebar array is written, and its default language.

The sidebar may be written in ``starlight({ sidebar: [...] })`` itself, or kept in a variable
the option names (``const sidebar = [...]; starlight({ sidebar })``), declared in the config
or in a module of the site it imports (Astro's docs: ``import { sidebar } from
'./astro.sidebar'``). Both are read as text, never run; a variable is followed one step, to a
declaration whose value is an array literal, in a module inside the site.

A site whose default language is no root locale (``defaultLocale: 'en'``) keeps that
language's pages in a folder of its name (src/content/docs/en/), and its sidebar names them
without it (``'guides/routing'``).
"""

from __future__ import annotations

import re
from pathlib import Path

from builder.projects.config_file import names_a_file, read_config_bytes, without_comments
from builder.projects.gen_files import inside_folder

_SIDEBAR = re.compile(r"\bsidebar\s*:\s*\[")
# The option naming a variable, ``sidebar: name`` or the shorthand ``sidebar``.
_SIDEBAR_NAME = re.compile(r"\bsidebar(?:\s*:\s*(?P<name>[A-Za-z_$][\w$]{0,99}))?\s*[,}]")
_IMPORT = re.compile(
    r"\bimport\s*\{(?P<names>[^{}]{0,2000})\}\s*from\s*(?P<q>['\"])(?P<path>[^'\"\n]{1,300})(?P=q)"
)
_DEFAULT_LOCALE = re.compile(r"\bdefaultLocale\s*:\s*(['\"])([\w-]{1,40})\1")
# What an imported module's name may leave off, as Vite resolves it.
_MODULE_SUFFIXES = ("", ".ts", ".mts", ".mjs", ".js", "/index.ts", "/index.js")
_ROOT_LOCALE = "root"


def config_text(path: Path, notes: list[str]) -> str:
    """The text of a config or module, its comments blanked out; "" when it is not read."""
    raw = read_config_bytes(path, notes, "pages in path order")
    return "" if raw is None else without_comments(raw.decode("utf-8", "replace"))


def sidebar_array(config: Path, text: str, site: Path, notes: list[str]) -> tuple[str, int]:
    """(the text holding the sidebar's array, the position after its "["); ("", -1) when
    the config writes none that can be read."""
    literal = _SIDEBAR.search(text)
    if literal is not None:
        return text, literal.end()
    option = _SIDEBAR_NAME.search(text)
    if option is None:
        return "", -1
    name = option.group("name") or "sidebar"
    declared = _declaration(name).search(text)
    if declared is not None:
        return text, declared.end()
    module = _imported_module(text, name, config.parent, site)
    if module is None:
        return "", -1
    imported = config_text(module, notes)
    declared = _declaration(name).search(imported)
    return (imported, declared.end()) if declared is not None else ("", -1)


def _declaration(name: str) -> re.Pattern[str]:
    """``const name = [`` (or ``let``, ``var``, exported, with a type after the name)."""
    return re.compile(rf"\b(?:const|let|var)\s+{re.escape(name)}\s*(?::[^=;\n]{{0,300}})?=\s*\[")


def _imported_module(text: str, name: str, folder: Path, site: Path) -> Path | None:
    """The module of the site that ``text`` imports ``name`` from, by a relative path."""
    for found in _IMPORT.finditer(text):
        names = [part.strip() for part in found.group("names").split(",")]
        path = found.group("path")
        if name not in names or not path.startswith(("./", "../")):
            continue
        for suffix in _MODULE_SUFFIXES:
            module = folder / f"{path}{suffix}"
            # names_a_file: a name longer than the system takes is none, where is_file raised.
            if inside_folder(module, site) and names_a_file(module):
                return module
    return None


def default_locale_folder(text: str, content: Path) -> str:
    """The folder of ``content`` holding the default language's pages ("" for none: they are
    at the top, Starlight's root locale)."""
    found = _DEFAULT_LOCALE.search(text)
    if found is None or found.group(2) == _ROOT_LOCALE:
        return ""
    folder = content / found.group(2)
    return found.group(2) if folder.is_dir() and not folder.is_symlink() else ""
