"""A page's own roles: ``.. role:: code-py(code)`` makes ``:code-py:`x``` read as ``:code:`x```.

docutils' role directive names a new role after an existing one, whose kind of text it keeps
(with a highlighting language or a CSS class, which show nothing here). Sphinx's own docs define
``code-py``, ``code-tex`` and five more so on the pages that use them, 1,050 times in all; read
as unknown roles, their code showed as plain words ("Type: bool", "Default: False"). A page's
definitions are known from its start, as its substitutions are. A role made from ``raw`` keeps
the ``:format:`` its definition gives (``html``): its text is markup for that output alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar

# ".. role:: name(base)", options below it; a role without a base is a plain text one.
_DEFINITION = re.compile(r"\s*\.\. +role ?:: +([\w.+:-]+) *\( *([\w.+:-]+) *\)\s*$", re.IGNORECASE)
# The most a page keeps, against a page made of nothing else.
MAX_ALIASES = 1000
# The most option lines read below a definition.
MAX_OPTION_LINES = 10

# An option line of a definition: ":format: html".
_FORMAT_OPTION = re.compile(r"\s+:format:\s*(.*?)\s*$", re.IGNORECASE)
_RAW = "raw"

_ALIASES: ContextVar[dict[str, str] | None] = ContextVar("role_aliases", default=None)
_RAW_FORMATS: ContextVar[dict[str, str] | None] = ContextVar("raw_formats", default=None)


@contextmanager
def page_roles(lines: Sequence[str]) -> Iterator[None]:
    """Within, each role the page defines from another reads as that one."""
    found: dict[str, str] = {}
    formats: dict[str, str] = {}
    for index, line in enumerate(lines):
        if "role" in line and len(found) < MAX_ALIASES and (match := _DEFINITION.match(line)):
            name, base = match.group(1).lower(), match.group(2).lower()
            found[name] = base
            if base == _RAW:
                formats[name] = _format_option(lines, index + 1)
    token = _ALIASES.set(found)
    raw_token = _RAW_FORMATS.set(formats)
    try:
        yield
    finally:
        _RAW_FORMATS.reset(raw_token)
        _ALIASES.reset(token)


def _format_option(lines: Sequence[str], start: int) -> str:
    """The ``:format:`` value of the definition whose option lines start at ``start``, in
    lower case; "" when it gives none."""
    for line in lines[start : start + MAX_OPTION_LINES]:
        if not line.strip() or not line[:1].isspace():
            break
        if match := _FORMAT_OPTION.match(line):
            return match.group(1).lower()
    return ""


def raw_format(role: str) -> str:
    """The output formats (``html``, ``latex``) a page's role made from ``raw`` is markup
    for, as its definition's ``:format:`` names them; "" for another role."""
    formats = _RAW_FORMATS.get()
    return "" if not formats else formats.get(role, "")


def base_role(role: str) -> str:
    """The role ``role`` reads as: the one the page defines it from, else itself."""
    aliases = _ALIASES.get()
    return role if not aliases else aliases.get(role, role)
