"""The text sphinx.ext.extlinks shows for the roles conf.py defines: ``:pr:`175``` reads "#175".

A conf.py that loads ``sphinx.ext.extlinks`` names roles in ``extlinks``, each a URL and a
caption: ``{"pr": ("https://github.com/o/r/pull/%s", "#%s")}``. The page shows the caption with
the role's text put in for ``%s`` ("#175"); a caption of None shows the whole URL, an explicit
title (``:pr:`the fix <175>```) shows as written, and a caption without ``%s`` (Sphinx before 6)
is put before the text. Read as plain roles, blinker's changelog lost the sign of every entry's
pull request ("Drop support for Python 3.8. 175").
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar

EXTENSION = "sphinx.ext.extlinks"
SETTING = "extlinks"
_EXPLICIT_TITLE = re.compile(r"(.+?)\s*<(.*)>", re.DOTALL)
_ESCAPE = re.compile(r"\\(.)", re.DOTALL)

# Each role's (URL, caption) while a page of a project that loads extlinks is read; None for
# any other project, whose roles of these names are its own.
_LINKS: ContextVar[dict[str, tuple[str, str | None]] | None] = ContextVar("extlinks", default=None)


def read_extlinks(value: object) -> tuple[tuple[str, str, str | None], ...]:
    """conf.py's ``extlinks`` as (role, URL, caption), roles lowercased as the reader reads
    them; an entry that is not a role's name with a URL and a caption (or None) is left out."""
    if not isinstance(value, Mapping):
        return ()
    links = []
    for role, link in value.items():
        if not isinstance(role, str) or not isinstance(link, list | tuple) or len(link) != 2:
            continue
        url, caption = link
        if isinstance(url, str) and (caption is None or isinstance(caption, str)):
            links.append((role.lower(), url, caption))
    return tuple(sorted(links, key=lambda link: link[0]))


@contextmanager
def extlink_roles(links: tuple[tuple[str, str, str | None], ...] | None) -> Iterator[None]:
    """Read extlinks' roles as ``links`` define them within; None leaves them plain roles."""
    token = _LINKS.set(None if links is None else {r: (u, c) for r, u, c in links})
    try:
        yield
    finally:
        _LINKS.reset(token)


def shown_extlink(role: str, text: str) -> str | None:
    """What the page shows for ``:role:`text```, or None when extlinks does not define it."""
    links = _LINKS.get()
    if links is None or role not in links:
        return None
    url, caption = links[role]
    text = _ESCAPE.sub(r"\1", text) if "\\" in text else text
    titled = _EXPLICIT_TITLE.fullmatch(text)
    if titled:
        return titled.group(1)
    shown = url if caption is None else caption
    if "%s" not in shown:
        return shown + text
    return shown.replace("%%", "\0").replace("%s", text, 1).replace("\0", "%")
