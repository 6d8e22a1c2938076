"""Read a click command from its code, statically: what sphinx-click's ``.. click::`` shows.

A click command is a function under ``@click.command()`` or ``@click.group()`` (or a group's
``@cli.command()``), its parameters the ``@click.option(...)`` and ``@click.argument(...)``
decorators above it, top to bottom, and its help the docstring (up to a ``\\f``) or ``help=``
(a string, or the name of one the module assigns at its top level: ``help=clean_help``); an
option may be a variable the decorator names (``verbose = click.option(...)``, ``@verbose``).
A group's subcommands are the functions of its module decorated with ``@group.command()`` or
``@group.group()``, those ``group.add_command(name)`` adds at the module's top level, and those a
lazily loading group names (``@click.group(cls=LazyGroup, lazy_subcommands={"run":
"pkg.cli.run"})``, the pattern click's docs give; kedro's CLI is written so).
Nothing is run: a value that is not a literal (``default=DEFAULT_PORT``) shows as written.
"""

from __future__ import annotations

import ast
import textwrap
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

# A group nested deeper than this is not read (a group that adds itself would never end).
MAX_COMMAND_DEPTH = 8
# Commands read for one command's tree at most: groups that add each other gave every path
# through them (five groups each adding all five: 488,282 sections, 64 MB, 226 s).
MAX_COMMANDS = 1000
_COMMAND_MAKERS = ("command", "group")
_HELP = "Show this message and exit."
_VERSION_HELP = "Show the version and exit."


@dataclass(frozen=True)
class CliParam:
    """One option or argument: its declarations (``("-n", "--name")``), as click shows it."""

    kind: str  # "option" or "argument"
    declarations: tuple[str, ...]
    help: str = ""
    default: str = ""
    required: bool = False
    flag: bool = False
    multiple: bool = False
    envvar: str = ""
    metavar: str = ""  # the value's name as written (``metavar="PATH"``), else derived
    choices: tuple[str, ...] = ()  # the values a click.Choice or argparse choices= allows
    group: str = ""  # the title of the argparse argument group it was added to


# The --help option click gives every command.
HELP_OPTION = CliParam("option", ("--help",), _HELP, flag=True)


@dataclass(frozen=True)
class CliCommand:
    """A command or group: its name, help, parameters and subcommands (sorted, as click
    lists them)."""

    name: str
    help: str
    params: tuple[CliParam, ...]
    group: bool = False
    subcommands: tuple[CliCommand, ...] = ()
    # argparse's titled argument groups, (title, description), in the order they were made.
    argument_groups: tuple[tuple[str, str], ...] = ()


@dataclass
class _Reading:
    """One command tree being read: the groups above the one being read (a group is not read
    again inside itself) and how many more commands may be read."""

    within: tuple[str, ...] = ()
    left: int = MAX_COMMANDS
    # The strings each module assigns to names at its top level, read once a tree.
    constants: dict[str, dict[str, str]] = field(default_factory=dict)


def read_command(
    obj: Any, resolve: Callable[[Any], Any], reading: _Reading | None = None
) -> CliCommand | None:
    """The click command defined by the griffe function ``obj``; None when it is not one.
    ``resolve`` gives the object an alias names (None when it cannot)."""
    reading = reading or _Reading()
    calls = [(_called_name(call), call) for call in _decorator_calls(obj)]
    maker = next(
        ((name, call) for name, call in calls if name.rpartition(".")[2] in _COMMAND_MAKERS),
        None,
    )
    if maker is None or reading.left <= 0 or _identity(obj) in reading.within:
        return None
    reading.left -= 1
    name, call = maker
    group = name.rpartition(".")[2] == "group"
    constants = _module_strings(obj, reading)
    params: list[CliParam] = []
    for called, c in calls:
        given = _param(called, c, constants)
        params.extend([given] if given is not None else _shared(obj, c, resolve, reading))
    params.append(HELP_OPTION)
    subcommands = []
    if group and len(reading.within) < MAX_COMMAND_DEPTH:
        outer = reading.within
        reading.within = (*outer, _identity(obj))
        subcommands = group_subcommands(obj, resolve, reading)
        reading.within = outer
    return CliCommand(
        name=_command_name(obj.name, call),
        help=_help(obj, call, constants),
        params=tuple(params),
        group=group,
        subcommands=tuple(sorted(subcommands, key=lambda command: command.name)),
    )


def _decorator_calls(obj: Any) -> list[ast.Call]:
    calls = []
    for decorator in getattr(obj, "decorators", ()) or ():
        try:
            node = ast.parse(str(decorator.value).strip(), mode="eval").body
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            continue
        calls.append(node if isinstance(node, ast.Call) else ast.Call(node, [], []))
    return calls


def _called_name(call: ast.Call) -> str:
    parts: list[str] = []
    node: ast.expr = call.func
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
    return ".".join(reversed(parts))


def _module_strings(obj: Any, reading: _Reading) -> dict[str, str]:
    """The strings the module of ``obj`` assigns to names at its top level
    (``clean_help = "Remove old files..."``), which its decorators may name as help."""
    module = getattr(obj, "parent", None)
    key = _identity(module) if module is not None else ""
    if key not in reading.constants:
        reading.constants[key] = _assigned_strings(str(getattr(module, "source", "") or ""))
    return reading.constants[key]


def _assigned_strings(source: str) -> dict[str, str]:
    """Top-level ``name = "..."`` and ``name: str = "..."`` (or ``Final``), the string
    given to gettext (``_("...")``) as well."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return {}
    strings: dict[str, str] = {}
    for statement in tree.body:
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
            target, value = statement.targets[0], statement.value
        elif isinstance(statement, ast.AnnAssign) and statement.value is not None:
            target, value = statement.target, statement.value
        else:
            continue
        if isinstance(target, ast.Name) and isinstance(text := literal(_gettext(value)), str):
            strings[target.id] = text
    return strings


def _param(called: str, call: ast.Call, constants: dict[str, str]) -> CliParam | None:
    kind = called.rpartition(".")[2]
    keywords = {k.arg: k.value for k in call.keywords if k.arg}
    if kind == "version_option":
        help_text = _text(keywords.get("help"), constants) or _VERSION_HELP
        return CliParam("option", ("--version",), help_text, flag=True)
    if kind not in ("option", "argument"):
        return None
    declarations = tuple(
        value for arg in call.args if isinstance(value := literal(arg), str) and value
    )
    if not declarations:
        return None
    default = keywords.get("default")
    flag = (
        literal(keywords.get("is_flag")) is True
        or literal(keywords.get("count")) is True
        or any("/" in d for d in declarations)
    )
    required = literal(keywords.get("required"))
    if kind == "argument":
        required = required is not False and default is None
    return CliParam(
        kind=kind,
        declarations=declarations,
        help=_text(keywords.get("help"), constants),
        default="" if default is None or (flag and literal(default) is False) else shown(default),
        required=required is True,
        flag=flag,
        multiple=literal(keywords.get("multiple")) is True,
        envvar=shown(keywords["envvar"]) if "envvar" in keywords else "",
        metavar=text_value(keywords.get("metavar")),
        choices=choice_values(_choice_list(keywords.get("type"))),
    )


def _shared(
    obj: Any, decorator: ast.Call, resolve: Callable[[Any], Any], reading: _Reading
) -> list[CliParam]:
    """The options a decorator written as a name stands for (``@options.color``, ``@verbose``):
    a variable of the package assigned ``click.option(...)``, defined in the command's module
    or another it imports (pip-tools keeps every option of its commands in one module), or a
    function that puts options on the command it is given (rsconnect-python's
    ``@server_args``: an inner function under ``@click.option(...)`` lines, returned)."""
    if decorator.args or decorator.keywords:
        return []  # a call: click's own decorator, or a function that makes one
    first, _, rest = _called_name(decorator).partition(".")
    found = getattr(getattr(obj, "parent", None), "members", {}).get(first) if first else None
    found = resolve(found) if found is not None else None
    if found is not None and rest:
        found = _member(found, rest)
        found = resolve(found) if found is not None else None
    kind = str(getattr(getattr(found, "kind", None), "value", ""))
    if kind == "function":
        return _decorator_function_params(found, reading)
    if kind != "attribute":
        return []
    try:
        value = ast.parse(str(getattr(found, "value", "") or "").strip(), mode="eval").body
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []
    if not isinstance(value, ast.Call):
        return []
    param = _param(_called_name(value), value, _module_strings(found, reading))
    return [] if param is None else [param]


def _decorator_function_params(function: Any, reading: _Reading) -> list[CliParam]:
    """The options a decorator function puts on the command: those above the function it
    defines and returns, top to bottom, as click lists a command's own."""
    try:
        tree = ast.parse(textwrap.dedent(str(getattr(function, "source", "") or "")))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []
    outer = tree.body[0] if tree.body else None
    if not isinstance(outer, ast.FunctionDef | ast.AsyncFunctionDef):
        return []
    returned = {
        node.value.id
        for node in outer.body
        if isinstance(node, ast.Return) and isinstance(node.value, ast.Name)
    }
    constants = _module_strings(function, reading)
    return [
        param
        for inner in outer.body
        if isinstance(inner, ast.FunctionDef | ast.AsyncFunctionDef) and inner.name in returned
        for decorator in inner.decorator_list
        if isinstance(decorator, ast.Call)
        and (param := _param(_called_name(decorator), decorator, constants)) is not None
    ]


def _identity(obj: Any) -> str:
    return str(getattr(obj, "path", "") or id(obj))


def group_subcommands(
    obj: Any, resolve: Callable[[Any], Any], reading: _Reading | None = None
) -> list[CliCommand]:
    """The commands the group ``obj`` holds: its module's functions decorated with
    ``@obj.command()`` (or ``.group()``), and those its ``obj.add_command(...)`` calls add
    (``obj`` a decorated function, or a variable assigned ``click.Group(...)``)."""
    reading = reading or _Reading()
    module = getattr(obj, "parent", None)
    if module is None:
        return []
    found: list[CliCommand] = []
    makers = {f"{obj.name}.{maker}" for maker in _COMMAND_MAKERS}
    for member in list(getattr(module, "members", {}).values()):
        if getattr(member, "is_alias", False) or member is obj:
            continue
        if any(_called_name(call) in makers for call in _decorator_calls(member)):
            command = read_command(member, resolve, reading)
            if command is not None:
                found.append(command)
    for target, name in _added_commands(module, obj.name):
        member = getattr(module, "members", {}).get(target.partition(".")[0])
        if member is not None and "." in target:
            member = _member(member, target.partition(".")[2])
        member = resolve(member) if member is not None else None
        if getattr(member, "is_module", False):
            # A package and the command it defines share a name (hatch.cli.build's build):
            # the module's name can win over the imported function's in the namespace.
            member = resolve(_member(member, target.rpartition(".")[2]) or member)
        command = read_command(member, resolve, reading) if member is not None else None
        if command is not None:
            found.append(command if name is None else _renamed(command, name))
    collection = getattr(obj, "modules_collection", None)
    for name, target in _lazy_commands(obj) if collection is not None else ():
        member = _member(collection, target)
        member = resolve(member) if member is not None else None
        command = read_command(member, resolve, reading) if member is not None else None
        if command is not None:
            found.append(_renamed(command, name))
    return found


def _lazy_commands(obj: Any) -> list[tuple[str, str]]:
    """The name and dotted path of each command a lazily loading group's decorator lists in
    ``lazy_subcommands={"name": "package.module.command"}`` ("package.module:command" too)."""
    for call in _decorator_calls(obj):
        for keyword in call.keywords:
            named = literal(keyword.value) if keyword.arg == "lazy_subcommands" else None
            if isinstance(named, dict):
                return [
                    (name, target.replace(":", "."))
                    for name, target in named.items()
                    if isinstance(name, str) and isinstance(target, str)
                ]
    return []


def _member(obj: Any, path: str) -> Any:
    try:
        return obj[path]
    except (KeyError, ValueError, AttributeError, TypeError):
        return None


def _renamed(command: CliCommand, name: str) -> CliCommand:
    return replace(command, name=name)


def _added_commands(module: Any, group: str) -> list[tuple[str, str | None]]:
    """``group.add_command(target[, name])`` calls at the module's top level: each target's
    dotted name and the name it is added under (None: its own)."""
    source = getattr(module, "source", "")
    if f"{group}.add_command" not in source:
        return []
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []
    added: list[tuple[str, str | None]] = []
    for statement in tree.body:
        call = statement.value if isinstance(statement, ast.Expr) else None
        if not isinstance(call, ast.Call) or _called_name(call) != f"{group}.add_command":
            continue
        if not call.args:
            continue
        target = _called_name(ast.Call(call.args[0], [], []))
        names = [*call.args[1:2], *(k.value for k in call.keywords if k.arg == "name")]
        name = literal(names[0]) if names else None
        if target:
            added.append((target, name if isinstance(name, str) else None))
    return added


def _command_name(function: str, call: ast.Call) -> str:
    given = [*call.args[:1], *(k.value for k in call.keywords if k.arg == "name")]
    name = literal(given[0]) if given else None
    return name if isinstance(name, str) and name else function.replace("_", "-")


def _help(obj: Any, call: ast.Call, constants: dict[str, str]) -> str:
    given = next((k.value for k in call.keywords if k.arg == "help"), None)
    if given is not None:
        return _text(given, constants)
    docstring = getattr(obj, "docstring", None)
    text = str(getattr(docstring, "value", "") or "").split("\f")[0].strip()
    short = next((k.value for k in call.keywords if k.arg == "short_help"), None)
    return text or _text(short, constants)


def _text(node: ast.expr | None, constants: dict[str, str]) -> str:
    """A help text: a string, the string a gettext call (``_("...")``) is given, or the
    string a name in ``constants`` stands for."""
    node = _gettext(node)
    if isinstance(node, ast.Name):
        return constants.get(node.id, "").strip()
    value = literal(node)
    return value.strip() if isinstance(value, str) else ""


def _gettext(node: ast.expr | None) -> ast.expr | None:
    """The argument of a one-argument call (``_("...")``), else ``node``."""
    if isinstance(node, ast.Call) and len(node.args) == 1:
        return node.args[0]
    return node


def _choice_list(node: ast.expr | None) -> ast.expr | None:
    """The list a ``click.Choice([...])`` type is given; None for another type."""
    if not isinstance(node, ast.Call) or not node.args:
        return None
    func = node.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    return node.args[0] if name == "Choice" else None


def choice_values(node: ast.expr | None) -> tuple[str, ...]:
    """The values of a literal list or tuple of choices, as text; none when it is not one
    (``choices=INSTALLERS`` is not read: nothing is run)."""
    value = literal(node)
    if not isinstance(value, (list, tuple)):
        return ()
    return tuple(str(item) for item in value)


def text_value(node: ast.expr | None) -> str:
    """A literal string keyword's value; "" when it is none."""
    value = literal(node)
    return value if isinstance(value, str) else ""


def shown(node: ast.expr) -> str:
    """A value as the docs show it: a literal's value, else the code as written."""
    if isinstance(node, ast.Constant) and node.value is None:
        return ""
    value = literal(node)
    if isinstance(value, str):
        return value
    return ast.unparse(node) if value is None else repr(value)


def literal(node: ast.expr | None) -> Any:
    """The value of a literal expression; None when it is none (or absent)."""
    if node is None:
        return None
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None
