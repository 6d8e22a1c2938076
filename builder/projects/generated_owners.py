"""Which page writes the generated pages that several pages' tables ask for.

Sphinx writes one page per object an ``autosummary`` table with ``:toctree:`` lists, and one
set of pages per module an ``.. automodapi::`` documents, whichever pages ask: specutils 2.4.0
has ``.. automodapi:: specutils`` on three pages, which link to the same class pages. docbuild
writes those pages below the table that asks for them, so each object was documented once per
page (130 of its 392 sections were copies). The first page in the project's order that asks
writes them; the others keep their tables. Pure text in, owners out.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from builder.parsers.rst.page_owners import automodapi_key, autosummary_key
from builder.projects.autosummary_stubs import generated_names

_AUTOMODAPI = re.compile(r"^[ \t]*\.\. +automodapi ?::[ \t]*(\S+)[ \t]*$", re.M)


def generated_owners(pages: Sequence[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    """(key, relpath) of each generated page more than one of ``pages`` (relpath and text,
    in the project's order) asks for: the first page that asks."""
    first: dict[str, str] = {}
    asked: dict[str, int] = {}
    for relpath, text in pages:
        for key in set(_keys(text)):
            first.setdefault(key, relpath)
            asked[key] = asked.get(key, 0) + 1
    return tuple(sorted((key, first[key]) for key, count in asked.items() if count > 1))


def _keys(text: str) -> Iterator[str]:
    if "automodapi" in text:
        yield from (automodapi_key(module) for module in _AUTOMODAPI.findall(text))
    if "autosummary" in text:
        yield from (autosummary_key(name) for _, name in generated_names(text))
