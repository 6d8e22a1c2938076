"""The folders a project puts on griffe's search path besides its code folder: those the docs'
conf.py adds to ``sys.path``, those an MkDocs config's mkdocstrings Python handler names
(``paths``), and the members of a uv workspace (builder.api.locate searches them beside the
code); with the two checks every such name from a config needs: read a file only when it is a
regular one, and keep a folder only when it resolves inside the project.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

from builder.api.conf_paths import sys_path_folders
from builder.sources import open_regular
from builder.toml_errors import UNREADABLE_TOML


def conf_folders(docs: Path, project_root: Path) -> tuple[Path, ...]:
    """The folders the docs' conf.py puts on sys.path, in its order, that are in the project
    and not in the docs themselves (where its own Sphinx extensions are: ``_ext``)."""
    source = read_regular(docs / "conf.py")
    if not source:
        return ()
    folders: list[Path] = []
    inside, root = docs.resolve(), project_root.resolve()
    for relative in sys_path_folders(source.decode("utf-8", "replace")):
        folder = Path(os.path.normpath(docs / relative))
        where = folder.resolve()
        if where.is_relative_to(root) and not where.is_relative_to(inside):
            folders.append(folder)
    return tuple(folders)


def docs_conf_folders(docs: Path) -> tuple[Path, ...]:
    """The folders the docs' conf.py puts on sys.path that are in the docs themselves."""
    source = read_regular(docs / "conf.py")
    if not source:
        return ()
    inside = docs.resolve()
    folders = (Path(os.path.normpath(docs / relative)) for relative in
               sys_path_folders(source.decode("utf-8", "replace")))  # fmt: skip
    return tuple(folder for folder in folders if resolves_inside(folder, inside))


def mkdocstrings_folders(config: Path | None, docs: Path, project_root: Path) -> tuple[Path, ...]:
    """The folders an MkDocs config's mkdocstrings Python handler puts on griffe's search path
    (``paths``, relative to the config's folder), in its order, that are in the project."""
    if config is None:
        return ()
    from builder.projects.mkdocs_config import read_config
    from builder.projects.mkdocs_plugins import plugin_options

    plugin = plugin_options(read_config(config, []), "mkdocstrings") or {}
    handlers = plugin.get("handlers")
    python = handlers.get("python") if isinstance(handlers, dict) else None
    paths = python.get("paths") if isinstance(python, dict) else None
    if not isinstance(paths, list):
        return ()
    root = project_root.resolve()
    # Spelled as the docs are (the report names the folder) when the config is beside them.
    base = next((up for up in (docs, *docs.parents) if up.resolve() == config.parent.resolve()),
                config.parent)  # fmt: skip
    folders = [Path(os.path.normpath(base / str(path))) for path in paths]
    return tuple(folder for folder in folders if resolves_inside(folder, root))


def workspace_folders(project_root: Path) -> tuple[Path, ...]:
    """The member folders of the uv workspace the project's ``pyproject.toml`` declares
    (``[tool.uv.workspace] members``, globs less its ``exclude``), sorted within each glob:
    a monorepo keeps each distribution's package one level down (pydantic-ai's
    ``pydantic_ai_slim/pydantic_ai``, ``pydantic_evals/pydantic_evals``)."""
    import tomllib

    try:
        document = tomllib.loads(
            read_regular(project_root / "pyproject.toml").decode("utf-8", "replace")
        )
    except UNREADABLE_TOML:
        return ()
    tool = document.get("tool")
    uv = tool.get("uv") if isinstance(tool, dict) else None
    workspace = uv.get("workspace") if isinstance(uv, dict) else None
    if not isinstance(workspace, dict):
        return ()
    members, exclude = workspace.get("members"), workspace.get("exclude")
    excluded = set(_globbed(project_root, exclude))
    folders = (
        _member_code(folder) for folder in _globbed(project_root, members) if folder not in excluded
    )
    root = project_root.resolve()
    return tuple(
        folder for folder in dict.fromkeys(folders)
        if folder.is_dir() and resolves_inside(folder, root)
    )  # fmt: skip


def _member_code(member: Path) -> Path:
    """The folder a workspace member's Python code is in: the ``python-source`` its
    ``pyproject.toml`` gives maturin (pydantic's ``pydantic-core/python/pydantic_core``, beside
    its Rust ``src/``), else the member's own folder."""
    import tomllib

    pyproject = member / "pyproject.toml"
    if not pyproject.is_file():  # none, or a named pipe that would wait for a writer
        return member
    try:
        document = tomllib.loads(read_regular(pyproject).decode("utf-8", "replace"))
    except UNREADABLE_TOML:
        return member
    tool = document.get("tool")
    maturin = tool.get("maturin") if isinstance(tool, dict) else None
    source = maturin.get("python-source") if isinstance(maturin, dict) else None
    if not isinstance(source, str) or not source or Path(source).is_absolute():
        return member
    folder = Path(os.path.normpath(member / source))
    return folder if resolves_inside(folder, member.resolve()) and _is_folder(folder) else member


def _is_folder(path: Path) -> bool:
    """Whether ``path``, a name a config gives, is a folder: False for one longer than the
    system takes, on which Python 3.11's is_dir raises."""
    try:
        return path.is_dir()
    except OSError:
        return False


def _globbed(root: Path, patterns: object) -> Iterator[Path]:
    """The paths ``patterns`` (a TOML list of globs relative to ``root``) match."""
    if not isinstance(patterns, list):
        return
    for pattern in patterns:
        if isinstance(pattern, str) and pattern and not Path(pattern).is_absolute():
            try:
                yield from sorted(root.glob(pattern))
            except ValueError:  # an empty or malformed pattern
                continue


def resolves_inside(folder: Path, root: Path) -> bool:
    """Whether ``folder`` resolves to a place in ``root``: not when it cannot be resolved (a
    symbolic link loop, a NUL byte in a path the config gives), which the config's reader
    should not crash the build over."""
    try:
        return folder.resolve().is_relative_to(root)
    except (OSError, RuntimeError, ValueError):
        return False


def read_regular(path: Path) -> bytes:
    """``path``'s bytes; "" when it is no regular file (a FIFO named ``__init__.py`` or
    ``conf.py`` is never opened for reading, which would wait for a writer) or unreadable."""
    opened = open_regular(path)
    if isinstance(opened, str):
        return b""
    try:
        with opened:
            return opened.read()
    except OSError:
        return b""
