"""The text of the project's own Python modules a Sphinx ``conf.py`` uses: those it imports
settings from, and the extensions it loads that are files of the project.

A module is looked for as Python would find it when Sphinx runs the conf.py: beside it, or in
a folder its ``sys.path`` lines add (Invoke's ``sites/docs/conf.py`` adds ``..`` and imports
``shared_conf``; Django's adds ``_ext`` and loads ``djangodocs``). Each is read as an include
is: a module outside the project's root, in version control metadata or too big is not.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from builder.api.conf_paths import sys_path_folders
from builder.includes import IncludeReader, IncludeRefused, IncludeRoot
from builder.sphinx_conf import imported_modules


def conf_modules(path: Path, source: str, where: IncludeRoot) -> dict[str, str]:
    """The text of each module the conf.py at ``path`` (whose text is ``source``) imports
    names from that is a file of the project, by module name."""
    return _project_modules(path, source, imported_modules(source), where)


def extension_modules(
    path: Path, source: str, extensions: Iterable[str], where: IncludeRoot
) -> dict[str, str]:
    """The text of each of ``extensions`` (the conf.py's extension names) that is a module of
    the project rather than an installed package, by extension name."""
    return _project_modules(path, source, extensions, where)


def _project_modules(
    path: Path, source: str, names: Iterable[str], where: IncludeRoot
) -> dict[str, str]:
    folders = (".", *sys_path_folders(source))
    reader = IncludeReader(where)
    modules: dict[str, str] = {}
    for name in names:
        relative = name.replace(".", "/")
        candidates = (f"{relative}.py", f"{relative}/__init__.py")
        for folder in folders:
            text = _module_text(path.parent / folder, candidates, reader, where)
            if text is not None:
                modules[name] = text
                break
    return modules


def _module_text(
    folder: Path, candidates: tuple[str, ...], reader: IncludeReader, where: IncludeRoot
) -> str | None:
    """The text of the first of ``candidates`` in ``folder`` that is a readable file of the
    project; None when there is none."""
    for candidate in candidates:
        module = Path(os.path.normpath(folder.resolve() / candidate))
        if not module.is_relative_to(where.root):
            continue
        try:
            return reader.read_in_project(module.relative_to(where.root).as_posix()).text
        except IncludeRefused:
            continue
    return None
