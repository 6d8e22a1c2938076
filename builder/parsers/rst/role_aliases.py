"""A page's own roles: ``.. role:: code-py(code)`` makes ``:code-py:`x``` read as ``:code:`x```.

docutils' role directive names a new role after an existing one, whose kind of text it keeps
(with a highlighting language or a CSS class, which show nothing here). Sphinx's own docs define
``code-py``, ``code-tex`` and five more so on the pages that use them, 1,050 times in all; read
as unknown roles, their code showed as plain words ("Type: bool", "Default: False"). A page's
definitions are known from its start, as its substitutions are.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar

# ".. role:: name(base)", options below it; a role without a base is a plain text one.
_DEFINITION = re.compile(r"\s*\.\. +role:: +([\w.+:-]+) *\( *([\w.+:-]+) *\)\s*$", re.IGNORECASE)
# The most a page keeps, against a page made of nothing else.
MAX_ALIASES = 1000

_ALIASES: ContextVar[dict[str, str] | None] = ContextVar("role_aliases", default=None)


@contextmanager
def page_roles(lines: Sequence[str]) -> Iterator[None]:
    """Within, each role the page defines from another reads as that one."""
    found: dict[str, str] = {}
    for line in lines:
        if "role::" in line and len(found) < MAX_ALIASES and (match := _DEFINITION.match(line)):
            found[match.group(1).lower()] = match.group(2).lower()
    token = _ALIASES.set(found)
    try:
        yield
    finally:
        _ALIASES.reset(token)


def base_role(role: str) -> str:
    """The role ``role`` reads as: the one the page defines it from, else itself."""
    aliases = _ALIASES.get()
    return role if not aliases else aliases.get(role, role)
