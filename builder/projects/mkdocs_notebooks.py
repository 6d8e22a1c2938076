"""Which notebooks an MkDocs site makes pages of: each one when a notebook plugin is loaded."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from builder.projects.mkdocs_plugins import has_plugin

# The plugins that make a page of each notebook in docs_dir, by the names a config loads them
# by: mkdocs-jupyter, mknotebooks (distilabel's tutorials), mkdocs-ipynb's "ipynb" (equinox's
# examples).
NOTEBOOK_PLUGINS = ("mkdocs-jupyter", "mknotebooks", "ipynb")
NOTEBOOK_SUFFIX = ".ipynb"


def page_suffixes(config: Mapping[str, Any], suffixes: tuple[str, ...]) -> tuple[str, ...]:
    """``suffixes`` and, when the config loads a notebook plugin, the notebook's."""
    if any(has_plugin(config, name) for name in NOTEBOOK_PLUGINS):
        return (*suffixes, NOTEBOOK_SUFFIX)
    return suffixes
