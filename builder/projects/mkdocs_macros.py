"""mkdocs-macros' variables, as a page's ``{{ name }}`` reads them: the plugin renders each page
as a Jinja template before Markdown reads it, with the config's ``extra`` values as variables
(``{{ version }}``, ``{{ project.repo }}``) and the config itself as ``config``
(``{{ config.site_name }}``, ``{{ config.extra.version }}``). Only text values are read: a
list or a mapping is no text. The variables a project's own module defines (``main.py``'s
``define_env``) would need it run, and are not read.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from builder.parsers.markdown.mkdocs_flavor import MACROS, MACROS_OPT_IN
from builder.projects.mkdocs_plugins import has_plugin, plugin_options

PLUGIN = "macros"
# How deep a mapping of extra is read, and how many variables at most: a config's extra is a
# few dozen settings.
MAX_DEPTH = 4
MAX_VARIABLES = 1000
_DELIMITERS = {"j2_variable_start_string": "{{", "j2_variable_end_string": "}}"}


def macros_rendering(config: Mapping[str, Any]) -> tuple[str, ...]:
    """How the config's mkdocs-macros renders pages, as the page reader names it
    (builder.parsers.markdown.mkdocs_flavor): every page, only those that ask
    (``render_by_default: false``), or none that it can read: the plugin not loaded, or
    variables written between other delimiters than ``{{ }}``."""
    if not has_plugin(config, PLUGIN):
        return ()
    options = plugin_options(config, PLUGIN) or {}
    if any(options.get(key, default) != default for key, default in _DELIMITERS.items()):
        return ()
    return (MACROS_OPT_IN,) if options.get("render_by_default", True) is False else (MACROS,)


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
