"""Find the pymdownx blocks of an MkDocs project's own Markdown extension that show a file.

A project may write its own ``pymdownx.blocks`` extension and name it in ``markdown_extensions``
(marimo's ``blocks:MarimoBlocksExtension``, the module ``docs/blocks/__init__.py``): a ``Block``
class whose ``NAME`` is the block's (``/// marimo-embed-file``) and whose code opens the file
one of its options names (``filepath: examples/ui/download.py``), to show it on the page. The
module is read, never imported: a class that assigns ``NAME`` a string and passes ``open()`` a
value of ``self.options`` (directly, or through a name it assigns from one) shows the file that
option names (builder.parsers.markdown.file_blocks splices it in as a code block). Without it,
marimo's API pages lost the example app each shows, 100 to 600 words of code on 30 pages.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

# A module is a few hundred lines; a bigger file is not read.
MAX_MODULE_BYTES = 1_000_000


def file_blocks(extensions: Any, folders: tuple[Path, ...]) -> tuple[tuple[str, str], ...]:
    """(block name, option) of each block of the project's own extensions that shows the
    file its option names; the modules are looked for in ``folders`` (mkdocs.yml's folder and
    the docs folder), as a name ``markdown_extensions`` gives (``module:Class``) is imported."""
    if not isinstance(extensions, list):
        return ()
    found: list[tuple[str, str]] = []
    for entry in extensions:
        name = next(iter(entry), None) if isinstance(entry, dict) else entry
        if not isinstance(name, str) or name.startswith(("pymdownx.", "markdown.")):
            continue
        module = name.partition(":")[0]
        if not module or not all(part.isidentifier() for part in module.split(".")):
            continue
        source = _module_source(module, folders)
        if source:
            found.extend(blocks_showing_files(source))
    return tuple(dict.fromkeys(found))


def _module_source(module: str, folders: tuple[Path, ...]) -> str:
    relative = Path(*module.split("."))
    for folder in folders:
        base = folder / relative
        for path in (base.with_name(base.name + ".py"), base / "__init__.py"):
            try:
                if path.is_file() and path.stat().st_size <= MAX_MODULE_BYTES:
                    return path.read_text(encoding="utf-8", errors="replace")
            except OSError:
                continue
    return ""


def blocks_showing_files(source: str) -> list[tuple[str, str]]:
    """(``NAME``, option) of each class of the module that opens the file an option names."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []
    found: list[tuple[str, str]] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ClassDef):
            continue
        name = _block_name(node)
        option = _opened_option(node) if name else None
        if name and option:
            found.append((name, option))
    return found


def _block_name(cls: ast.ClassDef) -> str:
    """The string the class body assigns ``NAME`` (annotated or not), or ""."""
    for statement in cls.body:
        target, value = None, None
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
            target, value = statement.targets[0], statement.value
        elif isinstance(statement, ast.AnnAssign):
            target, value = statement.target, statement.value
        if (
            isinstance(target, ast.Name)
            and target.id == "NAME"
            and isinstance(value, ast.Constant)
            and isinstance(value.value, str)
        ):
            return value.value
    return ""


def _opened_option(cls: ast.ClassDef) -> str | None:
    """The option of ``self.options`` whose value the class passes to ``open()``."""
    assigned: dict[str, str] = {}
    for node in ast.walk(cls):
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            option = _option_in(node.value)
            for target in targets:
                if option and isinstance(target, ast.Name):
                    assigned[target.id] = option
    for node in ast.walk(cls):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        if node.func.id != "open" or not node.args:
            continue
        argument = node.args[0]
        if isinstance(argument, ast.Name) and argument.id in assigned:
            return assigned[argument.id]
        if option := _option_in(argument):
            return option
    return None


def _option_in(value: ast.expr) -> str | None:
    """The key of ``self.options["key"]`` or ``self.options.get("key")`` in the expression
    (through a ``cast()`` or ``str()`` around it), or None."""
    for node in ast.walk(value):
        if isinstance(node, ast.Subscript) and _is_options(node.value):
            key = node.slice
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "get"
            and _is_options(node.func.value)
            and node.args
        ):
            key = node.args[0]
        else:
            continue
        if isinstance(key, ast.Constant) and isinstance(key.value, str):
            return key.value
    return None


def _is_options(node: ast.expr) -> bool:
    return (
        isinstance(node, ast.Attribute)
        and node.attr == "options"
        and isinstance(node.value, ast.Name)
        and node.value.id == "self"
    )
