"""Read a click group made as an object, not by a decorator, statically.

``main = click.Group(name="Principal Commands", help="...")`` is a group whose subcommands are
its module's ``@main.command()`` functions (and those ``main.add_command`` adds), and
``cli = click.CommandCollection(name="cli", sources=[main, helpers], help="...")`` holds the
commands of its sources, as click merges them. sphinx-click's own example documents such a
collection (``.. click:: commandcollections.cli:cli``).
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import Any

from builder.api.cli_commands import (
    HELP_OPTION,
    CliCommand,
    group_subcommands,
    literal,
    read_command,
)

_GROUP = "Group"
_COLLECTION = "CommandCollection"


def read_command_object(
    obj: Any,
    resolve: Callable[[Any], Any],
    within: frozenset[str] = frozenset(),
    read: dict[str, CliCommand | None] | None = None,
) -> CliCommand | None:
    """The group or collection the griffe attribute ``obj`` is assigned; None when it holds
    neither. ``within``: the collections being read around it (one naming itself ends);
    ``read``: the sources read so far for the outermost, by path, each read once."""
    call = _assigned_call(obj)
    kind = _called_kind(call) if call is not None else ""
    if call is None or kind not in (_GROUP, _COLLECTION) or str(obj.path) in within:
        return None
    keywords = {k.arg: k.value for k in call.keywords if k.arg}
    if kind == _GROUP:
        subcommands = group_subcommands(obj, resolve)
    else:
        read = {} if read is None else read
        # A name two sources hold is the first one's, as click looks a command up.
        merged: dict[str, CliCommand] = {}
        for source in dict.fromkeys(_source_names(keywords.get("sources"))):
            found = getattr(obj.parent, "members", {}).get(source)
            found = resolve(found) if found is not None else None
            if found is None:
                continue
            path = str(found.path)
            if path not in read:
                read[path] = read_command(found, resolve) or read_command_object(
                    found, resolve, within | {str(obj.path)}, read
                )
            group = read[path]
            for command in group.subcommands if group is not None else ():
                merged.setdefault(command.name, command)
        subcommands = list(merged.values())
    name, help_text = literal(keywords.get("name")), literal(keywords.get("help"))
    return CliCommand(
        name=name if isinstance(name, str) else obj.name,
        help=help_text if isinstance(help_text, str) else "",
        params=(HELP_OPTION,),
        group=True,
        subcommands=tuple(sorted(subcommands, key=lambda command: command.name)),
    )


def _assigned_call(obj: Any) -> ast.Call | None:
    """The call a griffe attribute's value is, parsed; None for anything else."""
    if str(getattr(getattr(obj, "kind", None), "value", "")) != "attribute":
        return None
    try:
        value = ast.parse(str(getattr(obj, "value", "") or "").strip(), mode="eval").body
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    return value if isinstance(value, ast.Call) else None


def _called_kind(call: ast.Call) -> str:
    """The class a call makes, without its module: ``click.Group(...)`` is "Group"."""
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def _source_names(node: ast.expr | None) -> list[str]:
    """The names a collection's ``sources=[main, helpers]`` lists."""
    if not isinstance(node, ast.List | ast.Tuple):
        return []
    return [element.id for element in node.elts if isinstance(element, ast.Name)]
