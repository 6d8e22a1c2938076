"""The folders a JavaScript project's package.json scripts run a docs tool on, for ``docbuild
init`` (builder.survey_docs).

VitePress and VuePress take the docs folder as their command's argument (``vitepress dev
packages``), and a project may keep its site in a folder of no docs name: VueUse's is
``packages/``, its functions' pages beside their code, which init, looking in the usual docs
folders, workspace members and the top, never found (it read the whole repository as plain
Markdown). Nothing is run; a folder leaving the project is passed over.
"""

from __future__ import annotations

import json
import posixpath
import re
from pathlib import Path

from builder.projects.config_file import MAX_CONFIG_BYTES

# "vitepress dev packages --open", "vuepress build docs": the command, then the word right
# after it when it is no option (after an option, a word may be the option's value).
_COMMAND = re.compile(
    r"\b(vitepress|vuepress)[ \t]+(?:dev|build|serve|preview)[ \t]+"
    r"([^\s&|;'\"<>`$-][^\s&|;'\"<>`$]*)"
)


def script_docs_folders(root: Path, tool: str) -> tuple[str, ...]:
    """The folders (relative to ``root``) that the scripts of its package.json run ``tool``
    (``vitepress`` or ``vuepress``) on, in the order the scripts are written."""
    try:
        with (root / "package.json").open("rb") as file:
            package = json.loads(file.read(MAX_CONFIG_BYTES))
    except (ValueError, OSError, RecursionError):
        return ()
    scripts = package.get("scripts") if isinstance(package, dict) else None
    if not isinstance(scripts, dict):
        return ()
    found: list[str] = []
    for script in scripts.values():
        if not isinstance(script, str):
            continue
        for command in _COMMAND.finditer(script):
            folder = posixpath.normpath(command.group(2).removeprefix("./"))
            if command.group(1) == tool and not folder.startswith(("..", "/")) and folder != ".":
                found.append(folder)
    return tuple(dict.fromkeys(found))
