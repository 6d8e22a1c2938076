"""A directive this parser does not know: what of its argument the page shows, when it holds
nothing else or when the argument names what its content describes
(builder.parsers.rst.directives hands such a directive here)."""

from __future__ import annotations

import re

from builder.parsers.rst.events import Event, Text
from builder.parsers.rst.substitutions import substituted

# An argument that names a file (a path, or a name with an extension): text kept elsewhere.
_FILE_ARGUMENT = re.compile(r"\S*/\S*|\S+\.[A-Za-z0-9]{1,5}")
# An unknown directive's argument that names what it describes (a setting, an event), not a
# count or a condition (sphinx-design's "grid:: 2", "ifconfig:: builder != 'text'").
_OBJECT_NAME = re.compile(r"[A-Za-z_][\w.:-]*")
# Directives of docutils, Sphinx and common extensions whose one-word argument is no name of
# what they hold: a condition (psycopg2's "ifconfig:: todo_include_todos"), classes, a link
# target, a file, a module whose members they list.
_NO_NAME_ARGUMENT = frozenset(
    {
        "only", "ifconfig", "container", "div", "compound", "highlights", "pull-quote",
        "epigraph", "line-block", "hlist", "tabs", "tab-set", "tab-set-code", "grid",
        "grid-item", "button-ref", "button-link", "nbgallery", "exec", "automodsumm",
        "program-output", "command-output", "bibliography", "footbibliography",
    }
)  # fmt: skip


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


def named_object(name: str, argument: str, default: str) -> list[Event]:
    """The name the directive ``name`` describes, when its argument is one name: a project's
    own description directive (beets' ``.. conf:: client_id`` with its ``:default:``, over the
    setting's text) shows it as Sphinx's descriptions show their signature; left out, the text
    was about nothing it named."""
    argument = argument.strip()
    if name in _NO_NAME_ARGUMENT or not _OBJECT_NAME.fullmatch(argument):
        return []
    default = default.strip()
    return [Text(f"`{argument}`" + (f" (default: `{default}`)" if default else ""))]
