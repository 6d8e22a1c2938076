"""Tell the Markdown files a package's code reads as data, for ``docbuild init``
(builder.survey): not pages of a project read from its top.

A package may ship Markdown that its code opens by name: browser-use 0.13.14's agent picks
one of eight system prompts (``template_filename = 'system_prompt_flash.md'`` in
browser_use/agent/prompts.py, the files in agent/system_prompts/), and its installer copies
skills/browser-use/SKILL.md. Read from the project's top, those were pages (twenty sections
of instructions to a language model). A Markdown file inside the package's folder is data
when a module in its folder or a folder above it, inside the package, names it in a string
(quoted, or after a slash). A README is a folder's docs whatever names it
(browser-use's agent/service.py lists 'README.md' among a repository's files).
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path, PurePosixPath

from builder.sources import MAX_FILE_BYTES

# The most files of a package looked at, and bytes of its code read: a package is small.
MAX_PACKAGE_FILES = 5000
MAX_CODE_BYTES = 20 * 1024 * 1024
_MARKDOWN = (".md", ".markdown")
_README = "readme"


def code_read_files(root: Path, packages: tuple[str, ...]) -> tuple[str, ...]:
    """The paths, relative to ``root``, of the Markdown files in the package folders
    ``packages`` (relative to ``root``) that the package's own modules name; sorted."""
    found: set[str] = set()
    budget = [MAX_CODE_BYTES]
    for package in packages:
        folder = root / package
        if not _inside(folder, root) or not folder.is_dir():
            continue
        markdown, modules = _files(folder)
        named = _named_in_code(modules, budget)
        for path in markdown:
            above = [path.parent, *path.parent.parents]
            if any(path.name in named.get(f, ()) for f in above if f.is_relative_to(folder)):
                found.add(path.relative_to(root).as_posix())
    return tuple(sorted(found))


def _inside(path: Path, root: Path) -> bool:
    try:
        return path.resolve().is_relative_to(root.resolve())
    except (OSError, RuntimeError, ValueError):
        return False


def _files(folder: Path) -> tuple[list[Path], list[Path]]:
    """The package's Markdown files (no README) and its modules, links not followed."""
    markdown: list[Path] = []
    modules: list[Path] = []
    seen = 0
    for parent, folders, names in os.walk(folder):
        folders[:] = sorted(f for f in folders if not f.startswith("."))
        for name in sorted(names):
            seen += 1
            if seen > MAX_PACKAGE_FILES:
                return markdown, modules
            path = Path(parent) / name
            if path.is_symlink():
                continue
            if name.endswith(".py"):
                modules.append(path)
            elif name.lower().endswith(_MARKDOWN) and PurePosixPath(name).stem.lower() != _README:
                markdown.append(path)
    return markdown, modules


def _named_in_code(modules: list[Path], budget: list[int]) -> dict[Path, set[str]]:
    """For each folder of ``modules``, the Markdown file names its modules write in a
    string, quoted or after a slash; ``budget`` is the bytes left to read."""
    named: dict[Path, set[str]] = {}
    for module in modules:
        try:
            status = module.stat()
            # A regular file only: a named pipe called x.py never ends, and reading one hung.
            if not stat.S_ISREG(status.st_mode) or status.st_size > min(MAX_FILE_BYTES, budget[0]):
                continue
            budget[0] -= status.st_size
            with module.open("rb") as file:
                data = file.read(status.st_size)  # it may have grown since
            text = data.decode("utf-8", "replace")
        except OSError:
            continue
        names = set(_NAMED.findall(text))
        if names:
            named.setdefault(module.parent, set()).update(names)
    return named


# A Markdown file's name in a string: after a quote or slash, up to its closing quote.
_NAMED = re.compile(r"""(?<=['"/])([\w.+-]{1,200}\.(?:md|markdown))(?=['"])""")
