"""MyST's optional syntax a Sphinx project enables, for the pages of one version.

conf.py's ``myst_enable_extensions`` names them (builder.projects.sphinx); ``myst_extensions``
holds them while the version's pages are parsed. VitePress and Docusaurus pages read none
(``- :three: Vue 3`` in a list is no field list there); pages of no other project that names
them are read with all of the optional syntax the Markdown reader knows. No markdown-it import here:
the build's stages import this module to set the extensions.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

FIELD_LISTS = "fieldlist"
_EXTENSIONS: ContextVar[frozenset[str] | None] = ContextVar("myst_extensions", default=None)


@contextmanager
def myst_extensions(names: tuple[str, ...] | None) -> Iterator[None]:
    """Read the pages parsed within with MyST's extensions ``names`` enabled (None: pages of
    no Sphinx project that names them)."""
    token = _EXTENSIONS.set(None if names is None else frozenset(names))
    try:
        yield
    finally:
        _EXTENSIONS.reset(token)


def myst_enables(extension: str) -> bool:
    """Whether the pages being parsed read ``extension``'s syntax."""
    enabled = _EXTENSIONS.get()
    return enabled is None or extension in enabled
