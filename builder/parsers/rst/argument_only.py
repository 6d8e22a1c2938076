"""A directive this parser does not know, holding nothing but its argument: what of it the page
shows (builder.parsers.rst.directives hands such a directive here)."""

from __future__ import annotations

import re

from builder.parsers.rst.events import Event, Text
from builder.parsers.rst.substitutions import substituted

# An argument that names a file (a path, or a name with an extension): text kept elsewhere.
_FILE_ARGUMENT = re.compile(r"\S*/\S*|\S+\.[A-Za-z0-9]{1,5}")


def argument_only(name: str, argument: str, following: str) -> list[Event]:
    """A directive this parser does not know, with nothing but its argument: the argument as
    code, for it is all the page says of what the directive shows (scikit-build-core's own
    ``{conftabs} build-dir "build/{wheel_tag}"`` draws that setting's tabs). A file path is
    left out: it names text kept elsewhere (``bibliography:: refs.bib``). A substitution the
    page knows is replaced: such a directive writes its argument into the text it makes
    (pytest's ``towncrier-draft-entries:: |release| [UNRELEASED DRAFT]`` heads its entries)."""
    if not argument or _FILE_ARGUMENT.fullmatch(argument) or _targets(name, argument, following):
        return []
    argument = substituted(argument)
    return [Text(f"`{argument}`" if "`" not in argument else argument)]


def _targets(name: str, argument: str, following: str) -> bool:
    """Whether the directive is a cross-reference target of what ``following`` starts: the
    directives ``app.add_crossref_type`` makes show nothing and stand before the title, term
    or description that shows their name (celery's ``.. setting:: broker_url`` over the title
    that names broker_url, pytest's ``.. hook:: pytest_addoption`` over its autofunction), or
    before another target of theirs (scrapy's two ``.. reqmeta::`` of one paragraph). Kept,
    each name ran on at the end of the section before."""
    if following.lstrip().startswith(f".. {name}::"):
        return True
    return re.search(rf"(?<![\w-]){re.escape(argument)}(?![\w-])", following) is not None
