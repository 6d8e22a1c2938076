"""MyST's optional syntax a Sphinx project enables, and the substitutions it gives, for the
pages of one version.

conf.py's ``myst_enable_extensions`` names them and ``myst_substitutions`` gives the
substitutions (builder.projects.sphinx); ``myst_extensions`` holds them while the version's
pages are parsed. VitePress and Docusaurus pages read none
(``- :three: Vue 3`` in a list is no field list there); pages of no other project that names
them are read with all of the optional syntax the Markdown reader knows. No markdown-it import
here: the build's stages import this module to set the extensions.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

FIELD_LISTS = "fieldlist"
_EXTENSIONS: ContextVar[frozenset[str] | None] = ContextVar("myst_extensions", default=None)
_SUBSTITUTIONS: ContextVar[tuple[tuple[str, str], ...]] = ContextVar(
    "myst_substitutions", default=()
)


@contextmanager
def myst_extensions(
    names: tuple[str, ...] | None, substitutions: tuple[tuple[str, str], ...] = ()
) -> Iterator[None]:
    """Read the pages parsed within with MyST's extensions ``names`` enabled (None: pages of
    no Sphinx project that names them) and the project's ``substitutions``."""
    token = _EXTENSIONS.set(None if names is None else frozenset(names))
    given = _SUBSTITUTIONS.set(substitutions)
    try:
        yield
    finally:
        _SUBSTITUTIONS.reset(given)
        _EXTENSIONS.reset(token)


def myst_configured() -> bool:
    """Whether the pages being parsed are a project's that names the MyST syntax they read
    (conf.py's myst_enable_extensions, none for VitePress and Docusaurus)."""
    return _EXTENSIONS.get() is not None


def conf_substitutions() -> dict[str, str]:
    """The substitutions the project gives every page being parsed, which a page's own
    front matter overrides."""
    return dict(_SUBSTITUTIONS.get())


def myst_enables(extension: str) -> bool:
    """Whether the pages being parsed read ``extension``'s syntax."""
    enabled = _EXTENSIONS.get()
    return enabled is None or extension in enabled
