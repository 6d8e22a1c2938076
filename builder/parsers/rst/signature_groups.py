"""The objects one hand-written description names, each with the signatures that are its own.

``.. method:: HttpRequest.read(size=None)`` over ``readline()``, ``readlines()`` and
``__iter__()`` with one text under the last (a run of descriptions, builder.parsers.rst
.description_runs), or one ``.. class::`` with several signature lines, documents several
objects: Sphinx gives each signature its own ``<dt id=...>`` and the text below them is all of
theirs. Each object becomes an entry of its own, so a lookup of its name finds its anchor.
A signature naming the object the one before it names (an overload, Sphinx gives it no second
target) or naming none (an expression such as ``key in d``, which Sphinx shows with no target)
stays with the object before it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence


def object_groups(lines: Sequence[str], name_of: Callable[[str], str]) -> list[list[str]]:
    """``lines`` (a description's signatures) split into one list per object they name, in
    order; ``name_of`` gives the full name a signature names ("" for none). Expressions before
    the first name are a group of their own, as one written alone is."""
    groups: list[list[str]] = []
    seen: set[str] = set()
    for line in lines:
        name = name_of(line)
        if groups and (not name or name in seen):
            groups[-1].append(line)
        else:
            groups.append([line])
            seen.add(name)
    return groups
