"""The AsciiDoc attributes an Antora component gives its pages: ``antora.yml``'s
``asciidoc.attributes``, and its ``version``, ``name`` and ``title`` as
``page-component-version``, ``page-component-name`` and ``page-component-title``.

Antora sets them before a page is read, so a page writes ``{release-version}`` or
``{url-org}`` and never defines it: read alone, the page showed the reference. The file is
the component's, beside its ``modules/`` folder, and is read through the version's include
reader (inside the project, keyed in the page's cache entry) only for a page in a module's
``pages/`` folder.
"""

from __future__ import annotations

import functools
from pathlib import PurePosixPath
from typing import TYPE_CHECKING

import yaml

if TYPE_CHECKING:
    from builder.includes import IncludeReader

MAX_ATTRIBUTES = 1000  # a component's attributes read; the rest are left out
_COMPONENT_FIELDS = {"version": "version", "name": "name", "title": "title"}


def component_attributes(relpath: str, includes: IncludeReader | None) -> dict[str, str]:
    """The attributes of the Antora component holding the page ``relpath``; {} when the page
    is in none, or its ``antora.yml`` is missing or not a mapping."""
    from builder.includes import IncludeRefused

    parts = PurePosixPath(relpath).parent.parts
    if includes is None or "pages" not in parts or "modules" not in parts:
        return {}
    up = len(parts) - parts.index("modules")
    try:
        text = includes.read(relpath, "/".join([".."] * up + ["antora.yml"])).text
    except IncludeRefused:
        return {}
    return dict(_attributes_in(text))


# Every page of a component reads its antora.yml (so each page's cache entry is keyed on it), and
# YAML is slow to parse: a 100 KB file took 0.5 s a page. Parsed once for all of them.
@functools.lru_cache(maxsize=16)
def _attributes_in(text: str) -> tuple[tuple[str, str], ...]:
    """The attributes an ``antora.yml`` of this text gives its pages."""
    try:
        data = yaml.safe_load(text)
    except (yaml.YAMLError, RecursionError):  # RecursionError: "[[[..." nested past the stack
        return ()
    if not isinstance(data, dict):
        return ()
    found: dict[str, str] = {}
    for key, field in _COMPONENT_FIELDS.items():
        value = data.get(key)
        if isinstance(value, (str, int, float)) and not isinstance(value, bool):
            found[f"page-component-{field}"] = str(value)
    asciidoc = data.get("asciidoc")
    attributes = asciidoc.get("attributes") if isinstance(asciidoc, dict) else None
    if isinstance(attributes, dict):
        for name, value in list(attributes.items())[:MAX_ATTRIBUTES]:
            if isinstance(value, (str, int, float)) and not isinstance(value, bool):
                # A value ending in "@" is one a page may change: the same here.
                found[str(name)] = str(value).removesuffix("@")
    return tuple(found.items())
