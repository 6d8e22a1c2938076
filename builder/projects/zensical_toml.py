"""Read Zensical's ``zensical.toml`` as the ``mkdocs.yml`` settings it holds.

Zensical, MkDocs' successor from the Material for MkDocs authors, takes the same settings as
``mkdocs.yml`` under a ``[project]`` table. TOML has no list of one-key mappings for the Markdown
extensions, so they are a table keyed by extension name, where a dotted name nests:
``[project.markdown_extensions.pymdownx.snippets]`` is ``pymdownx.snippets``, and
``pymdownx.blocks.*`` and ``zensical.extensions.*`` are one level deeper. Zensical lifts those
back to the dotted names; so does this, into the list form ``mkdocs.yml`` writes.
"""

from __future__ import annotations

import tomllib
from typing import Any

# The namespaces whose extensions a TOML table nests, and the one below each that nests again.
_NESTED = {"pymdownx": "blocks", "zensical": "extensions"}


def load(text: str) -> dict[str, Any]:
    """The settings ``text`` gives, as ``mkdocs.yml`` would; raises tomllib.TOMLDecodeError."""
    document = tomllib.loads(text)
    settings = document.get("project", document)
    if not isinstance(settings, dict):
        return {}
    extensions = settings.get("markdown_extensions")
    if isinstance(extensions, dict):
        settings = {**settings, "markdown_extensions": _extension_list(extensions)}
    return settings


def _extension_list(table: dict[str, Any]) -> list[dict[str, Any]]:
    """``[{name: options}, ...]`` for a table of extensions, with nested names lifted."""
    found: list[dict[str, Any]] = []
    for name, options in table.items():
        inner = _NESTED.get(name)
        if inner is None or not isinstance(options, dict):
            found.append({name: options})
            continue
        for sub, sub_options in options.items():
            if sub == inner and isinstance(sub_options, dict):
                found.extend({f"{name}.{sub}.{key}": value} for key, value in sub_options.items())
            else:
                found.append({f"{name}.{sub}": sub_options})
    return found
