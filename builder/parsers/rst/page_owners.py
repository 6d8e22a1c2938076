"""Whether this page writes a generated page that several pages' tables ask for.

builder.projects.generated_owners gives each such page (an automodapi's module, an object an
autosummary ``:toctree:`` table lists) to the first page in the project's order that asks for
it; the other pages keep their tables and leave the objects' sections to that page.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_OWNERS: ContextVar[dict[str, str] | None] = ContextVar("page_owners", default=None)


def automodapi_key(module: str) -> str:
    return f"automodapi:{module}"


def autosummary_key(name: str) -> str:
    return f"autosummary:{name}"


@contextmanager
def page_owners(owners: tuple[tuple[str, str], ...]) -> Iterator[None]:
    """Read pages with these owners (key, relpath) within."""
    token = _OWNERS.set(dict(owners))
    try:
        yield
    finally:
        _OWNERS.reset(token)


def written_elsewhere(key: str, relpath: str) -> bool:
    """Whether another page than ``relpath`` writes the generated page ``key``."""
    owner = (_OWNERS.get() or {}).get(key)
    return owner is not None and owner != relpath
