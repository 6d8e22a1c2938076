"""A plugin's options in an MkDocs config (``mkdocs.yml``'s document, or ``zensical.toml``'s
read as one), where ``plugins`` is a list of names and one-key mappings, or a mapping."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def plugin_options(config: Mapping[str, Any], name: str) -> dict[str, Any] | None:
    """The options the config gives the plugin ``name``; None when it gives none."""
    plugins = config.get("plugins")
    entries = plugins if isinstance(plugins, list) else [plugins]
    for entry in entries:
        options = entry.get(name) if isinstance(entry, dict) else None
        if isinstance(options, dict):
            return options
    return None


def has_plugin(config: Mapping[str, Any], name: str) -> bool:
    """Whether the config loads the plugin ``name``, by name alone or with options."""
    plugins = config.get("plugins")
    if isinstance(plugins, dict):
        return name in plugins
    entries = plugins if isinstance(plugins, list) else []
    return any(entry == name or (isinstance(entry, dict) and name in entry) for entry in entries)
