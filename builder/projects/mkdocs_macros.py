"""mkdocs-macros' variables, as a page's ``{{ name }}`` reads them: the plugin renders each page
as a Jinja template before Markdown reads it, with the config's ``extra`` values as variables
(``{{ version }}``, ``{{ project.repo }}``) and the config itself as ``config``
(``{{ config.site_name }}``, ``{{ config.extra.version }}``). Only text values are read: a
list or a mapping is no text. Of the project's own module (``main.py``'s ``define_env``), the
macros whose one statement returns a string built from their parameters are read without
running it (builder.parsers.markdown.macro_calls renders their calls); its variables, and
macros that compute, would need it run, and are not read.
"""

from __future__ import annotations

import ast
import os
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from builder.parsers.markdown.mkdocs_flavor import MACROS, MACROS_LINE_COMMENT, MACROS_OPT_IN
from builder.projects.mkdocs_plugins import has_plugin, plugin_options

PLUGIN = "macros"
# How deep a mapping of extra is read, and how many variables at most: a config's extra is a
# few dozen settings.
MAX_DEPTH = 4
MAX_VARIABLES = 1000
# The module mkdocs-macros imports when module_name is not set, beside mkdocs.yml; the largest
# read (a macros module is a few hundred lines).
DEFAULT_MODULE = "main"
MAX_MODULE_BYTES = 1_000_000
_DELIMITERS = {"j2_variable_start_string": "{{", "j2_variable_end_string": "}}"}


def macros_rendering(config: Mapping[str, Any]) -> tuple[str, ...]:
    """How the config's mkdocs-macros renders pages, as the page reader names it
    (builder.parsers.markdown.mkdocs_flavor): every page, only those that ask
    (``render_by_default: false``), or none that it can read: the plugin not loaded, or
    variables written between other delimiters than ``{{ }}``; and the prefix of its
    templates' line comments, when set (gateway-api's ``#$``)."""
    if not has_plugin(config, PLUGIN):
        return ()
    options = plugin_options(config, PLUGIN) or {}
    if any(options.get(key, default) != default for key, default in _DELIMITERS.items()):
        return ()
    rendering = MACROS_OPT_IN if options.get("render_by_default", True) is False else MACROS
    comment = options.get("j2_line_comment_prefix")
    if isinstance(comment, str) and comment.strip():
        return (rendering, MACROS_LINE_COMMENT + comment)
    return (rendering,)


def macro_variables(config: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    """The variables mkdocs-macros renders the pages with, as (name, text) pairs; none when
    it renders none it can read."""
    if not macros_rendering(config):
        return ()
    extra = config.get("extra")
    variables: dict[str, str] = {}
    if isinstance(extra, Mapping):
        for name, value in _texts(extra, "", 0):
            variables.setdefault(name, value)
            variables.setdefault(f"config.extra.{name}", value)
    for name, value in config.items():
        if isinstance(name, str) and (text := _text(value)) is not None:
            variables.setdefault(f"config.{name}", text)
    return tuple(variables.items())[:MAX_VARIABLES]


def _texts(mapping: Mapping[Any, Any], prefix: str, depth: int) -> Iterator[tuple[str, str]]:
    for key, value in mapping.items():
        if not isinstance(key, str):
            continue
        if isinstance(value, Mapping) and depth < MAX_DEPTH:
            yield from _texts(value, f"{prefix}{key}.", depth + 1)
        elif (text := _text(value)) is not None:
            yield f"{prefix}{key}", text


def _text(value: Any) -> str | None:
    """A scalar as Jinja prints it (``True``, ``3.11``); None for anything else."""
    if isinstance(value, str | int | float | bool):
        return str(value)
    return None


def include_folders(
    config: Mapping[str, Any], docs_dir: str, config_folder: Path, project: Path
) -> tuple[str, ...]:
    """The folder (relative to ``config_folder``, where MkDocs runs) mkdocs-macros reads a
    page's ``{% include 'file' %}`` from: its ``include_dir``, else the docs folder. The plugin
    opens include_dir from the folder MkDocs is run in, which is mkdocs.yml's but for a config
    kept below the project (external-secrets' hack/api-docs/mkdocs.yml, run from the root with
    include_dir docs/snippets): there, the folder from the project's root is taken when the
    config's has none. None when the plugin renders no page."""
    if not macros_rendering(config):
        return ()
    include_dir = (plugin_options(config, PLUGIN) or {}).get("include_dir")
    if not isinstance(include_dir, str) or not include_dir:
        return (docs_dir,)
    if (config_folder / include_dir).is_dir() or not (project / include_dir).is_dir():
        return (include_dir,)
    return (os.path.relpath(project / include_dir, config_folder),)


def read_module_macros(config: Mapping[str, Any], folder: Path) -> tuple[tuple[str, str], ...]:
    """The macros of the project's module (``module_name``, a file or a package, relative to
    ``folder``, mkdocs.yml's) that read without running it, as :func:`module_macros` gives
    them; none when the plugin renders no page or the module is not there."""
    if not macros_rendering(config):
        return ()
    name = (plugin_options(config, PLUGIN) or {}).get("module_name", DEFAULT_MODULE)
    if not isinstance(name, str) or not name:
        return ()
    base = folder / name
    for path in (base.with_name(base.name + ".py"), base / "__init__.py"):
        if path.is_file() and path.stat().st_size <= MAX_MODULE_BYTES:
            return module_macros(path.read_text(encoding="utf-8", errors="replace"))
    return ()


def module_macros(source: str) -> tuple[tuple[str, str], ...]:
    """The macros ``define_env(env)`` declares (``@env.macro``) whose body, its docstring
    aside, is one ``return``: (name, the function's source without its decorators)."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return ()
    macros: list[tuple[str, str]] = []
    for node in tree.body:
        if not isinstance(node, ast.FunctionDef) or node.name != "define_env":
            continue
        if not node.args.args:
            continue
        env = node.args.args[0].arg
        for inner in node.body:
            if isinstance(inner, ast.FunctionDef) and _is_macro(inner, env) and _returns(inner):
                inner.decorator_list = []
                try:
                    macros.append((inner.name, ast.unparse(inner)))
                except RecursionError:  # an expression nested past what unparse reads
                    continue
    return tuple(macros)


def _is_macro(function: ast.FunctionDef, env: str) -> bool:
    for decorator in function.decorator_list:
        if isinstance(decorator, ast.Call) and not (decorator.args or decorator.keywords):
            decorator = decorator.func
        if (
            isinstance(decorator, ast.Attribute)
            and decorator.attr == "macro"
            and isinstance(decorator.value, ast.Name)
            and decorator.value.id == env
        ):
            return True
    return False


def _returns(function: ast.FunctionDef) -> bool:
    body = function.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]  # the docstring
    return len(body) == 1 and isinstance(body[0], ast.Return) and body[0].value is not None
