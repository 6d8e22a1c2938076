"""Read the argparse parser a function builds, statically: what sphinx-argparse's
``.. argparse::`` shows.

The function's own statements are read (never run): ``p = argparse.ArgumentParser(...)``,
``p.add_argument(...)``, ``g = p.add_argument_group(...)`` (its arguments are the parser's),
``s = p.add_subparsers(...)`` and ``c = s.add_parser("name", help=...)``, whose arguments make
a subcommand. A ``make = functools.partial(argparse.ArgumentParser, ...)`` (pypa/build's, a
partial of a partial too) makes a parser with those keywords when called. A function of the
package it passes a parser to (``create_load_subparser(p)``, defined in the module or imported
into it: tmuxp adds each subcommand's options so) is read the same way, its parameter holding
that parser, up to :data:`MAX_HELPER_DEPTH` calls deep. A script outside the package
(sphinx-argparse's ``:filename:``) is read from its text, its own functions the helpers.
"""

from __future__ import annotations

import ast
import re
import textwrap
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import griffe

from builder.api.cli_commands import (
    CliCommand,
    CliParam,
    choice_values,
    literal,
    shown,
    text_value,
)

_HELP = "show this help message and exit"
_GROUP_METHODS = ("add_argument_group", "add_mutually_exclusive_group")
_SUPPRESSED = "==SUPPRESS=="
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
# The actions whose option takes no value (``store_const``: tmuxp's ``--pdb``; ``help`` and
# ``version``: pypa/build adds its own ``-h`` and ``-V`` so).
_VALUELESS_ACTIONS = (
    *("store_true", "store_false", "store_const", "append_const", "count"),
    *("help", "version"),
)
# The help argparse gives an action that has none.
_ACTION_HELP = {"help": _HELP, "version": "show program's version number and exit"}
# How many helper calls deep a parser is followed (a helper calling another, and so on).
MAX_HELPER_DEPTH = 4
# The longest help text filled in (a few lines are written); one that would be longer, with
# a width of millions ("%(default)100000000s") or many long defaults, stays as written.
MAX_FILLED_HELP = 100_000
# A conversion of a help text, with its width and precision: "%(default)10s", "%(prog).3s".
_CONVERSION = re.compile(r"%%|%(?:\([^)]*\))?[-#0 +]*(\d*)(?:\.(\d*))?")

# The griffe function a name means where the griffe object ``scope`` is, aliases followed;
# None when there is none.
FindFunction = Callable[[Any, str], Any]


def read_parser(obj: Any, find: FindFunction | None = None) -> CliCommand | None:
    """The parser the griffe function ``obj`` builds, or that the module-level variable
    ``obj`` holds, with what the functions ``find`` finds add to it; None when there is
    none. A function that builds none, a script's ``main()`` calling
    ``_parse_args(sys.argv[1:])`` (python-can's), has the parser of the first function it
    calls that builds one (up to :data:`MAX_HELPER_DEPTH` calls deep)."""
    return _read_parser(obj, find, MAX_HELPER_DEPTH, obj.name, set())


def _read_parser(
    obj: Any, find: FindFunction | None, depth: int, name: str, tried: set[str]
) -> CliCommand | None:
    """As :func:`read_parser`, ``name`` the parser's when it names none, ``tried`` the
    functions read so far (each is read once however many call it: a search through calls
    fanning out grows as their number to the power of the depth)."""
    tried.add(str(getattr(obj, "path", "")))
    kind = str(getattr(getattr(obj, "kind", None), "value", ""))
    holder = obj if kind == "function" else getattr(obj, "parent", None)
    if kind == "function":
        defined = _function_def(obj)
        statements = list(_statements(defined.body)) if defined is not None else []
    else:
        tree = _parsed(holder)
        statements = list(_statements(tree.body)) if tree is not None else []
    built = _Built(find, holder)
    parsers: dict[str, _Parser] = {}
    built.read(statements, parsers, {}, MAX_HELPER_DEPTH)
    command = built.root(parsers, name)
    if command is not None or kind != "function" or find is None or depth <= 0:
        return command
    for called_name in _called_names(statements):
        called = find(holder, called_name)
        called_kind = str(getattr(getattr(called, "kind", None), "value", ""))
        if called_kind == "function" and str(getattr(called, "path", "")) not in tried:
            command = _read_parser(called, find, depth - 1, name, tried)
            if command is not None:
                return command
    return None


def _called_names(statements: list[ast.stmt]) -> Iterator[str]:
    """The names of the functions ``statements`` call by a bare name, statement by
    statement, each once."""
    seen: set[str] = set()
    for statement in statements:
        for node in ast.walk(statement):
            called = node.func if isinstance(node, ast.Call) else None
            if isinstance(called, ast.Name) and called.id not in seen:
                seen.add(called.id)
                yield called.id


def parser_in_script(code: str, module: str, function: str) -> CliCommand | None:
    """The parser the function (or module-level variable) ``function`` of a script builds,
    from the script's text ``code`` (named ``module``); None when it holds none."""
    path = Path(f"{module}.py")  # a name only: nothing is read from disk
    lines = griffe.LinesCollection()
    lines[path] = code.splitlines()
    try:
        script = griffe.visit(module, path, code, lines_collection=lines)
    except (SyntaxError, ValueError, RecursionError, MemoryError, griffe.GriffeError):
        return None
    found = script.members.get(function)
    if found is None or found.is_alias:
        return None
    return read_parser(found, _script_member)


def _script_member(scope: Any, name: str) -> Any:
    """What ``name`` means in the script of the griffe object ``scope``: what it defines."""
    module = scope if str(getattr(scope.kind, "value", "")) == "module" else scope.module
    member = module.members.get(name)
    return None if member is None or member.is_alias else member


def _parsed(obj: Any) -> ast.Module | None:
    try:
        return ast.parse(textwrap.dedent(getattr(obj, "source", "") or ""))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def _function_def(obj: Any) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The definition of the griffe function ``obj``, parsed from its source."""
    tree = _parsed(obj)
    return next((n for n in tree.body if isinstance(n, _FUNCTIONS)), None) if tree else None


def _statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements of ``body`` in source order, those of its blocks (``if``, ``with``,
    ``for``, ``try``) included, not those of the functions and classes it defines."""
    for statement in body:
        if isinstance(statement, (*_FUNCTIONS, ast.ClassDef)):
            continue
        yield statement
        for block in ("body", "orelse", "finalbody"):
            yield from _statements(getattr(statement, block, []) or [])
        for handler in getattr(statement, "handlers", []) or []:
            yield from _statements(handler.body)


@dataclass
class _Built:
    """The parsers read so far: those made, and the variable the function returns."""

    find: FindFunction | None
    scope: Any  # the griffe object whose module names the helpers called
    made: list[_Parser] = field(default_factory=list)
    returned: str = ""
    # Each helper read, with the parsers it was passed: one called again with the same
    # parsers adds nothing argparse would take (its options would conflict), and a helper
    # calling itself many times was read that many times to the power MAX_HELPER_DEPTH.
    # The parsers are in it themselves (hashed by identity), so none is freed and its id reused.
    helpers_read: set[tuple[str, tuple[tuple[str, _Parser], ...]]] = field(default_factory=set)

    def read(
        self,
        statements: list[ast.stmt],
        parsers: dict[str, _Parser],
        subparsers: dict[str, _Parser],
        depth: int,
    ) -> None:
        """Read ``statements`` with ``parsers`` (a variable's name: the parser or group it
        holds) and ``subparsers`` (a variable holding add_subparsers(): its parser)."""
        top = depth == MAX_HELPER_DEPTH
        # A variable holding a partial of ArgumentParser: the keywords it binds.
        factories: dict[str, list[ast.keyword]] = {}
        # A variable holding a titled argument group: its title, which heads its arguments.
        titles: dict[str, str] = {}
        for node in statements:
            if top and isinstance(node, ast.Return) and isinstance(node.value, ast.Name):
                self.returned = self.returned or node.value.id
            target, call = _assigned_call(node)
            if call is None:
                continue
            bound = _partial_keywords(call, factories)
            if bound is not None:
                factories.update({target: bound} if target else {})
                continue
            method, owner = _method(call)
            if target not in parsers or method not in _GROUP_METHODS:
                titles.pop(target, None)  # the variable holds something else from here on
            if not owner and method in factories:
                keywords = _merged([*factories[method], *call.keywords])
                call = ast.Call(ast.Name("ArgumentParser"), call.args, keywords)
                method = "ArgumentParser"
            if method == "ArgumentParser" or method.endswith(".ArgumentParser"):
                parser = _Parser(_keyword_text(call, "prog"), _keyword_text(call, "description"))
                made = _with_parents(parser, call, parsers)
                self.made.extend([made] if top else [])
                if target:
                    parsers[target] = parser
            elif owner in parsers and method == "add_argument":
                param = _argument(call)
                if param is not None and titles.get(owner):
                    param = replace(param, group=titles[owner])
                # An argument named by nothing read (``add_argument(*names)``) shows nothing.
                parsers[owner].params.extend([param] if param and param.declarations else [])
            elif owner in parsers and method in _GROUP_METHODS:
                # A group's title is its first argument or title=; a mutually exclusive
                # group has none, and is in the group it was made from.
                title, about = _group_title(call) if method == "add_argument_group" else ("", "")
                if title:
                    parsers[owner].groups.append((title, about))
                if target:
                    parsers[target] = parsers[owner]
                    titles[target] = title or titles.get(owner, "")
            elif owner in parsers and method == "add_subparsers" and target:
                subparsers[target] = parsers[owner]
            elif owner in subparsers and method == "add_parser":
                name = literal(call.args[0]) if call.args else None
                if isinstance(name, str):
                    description = _keyword_text(call, "description") or _keyword_text(call, "help")
                    child = _with_parents(_Parser(name, description), call, parsers)
                    subparsers[owner].children.append(child)
                    if target:
                        parsers[target] = child
            elif method and not owner and depth:
                self._helper(method, call, parsers, depth)

    def _helper(self, name: str, call: ast.Call, parsers: dict[str, _Parser], depth: int) -> None:
        """Read the function ``name`` when ``call`` passes it a parser, its parameters holding
        the parsers passed."""
        passed = [arg for arg in call.args if isinstance(arg, ast.Name) and arg.id in parsers]
        named = [
            (k.arg, k.value.id)
            for k in call.keywords
            if k.arg and isinstance(k.value, ast.Name) and k.value.id in parsers
        ]
        if self.find is None or not (passed or named):
            return
        helper = self.find(self.scope, name)
        if str(getattr(getattr(helper, "kind", None), "value", "")) != "function":
            return
        defined = _function_def(helper)
        if defined is None:
            return
        positional = [*defined.args.posonlyargs, *defined.args.args]
        bound: dict[str, _Parser] = {}
        for parameter, arg in zip(positional, call.args, strict=False):
            if isinstance(arg, ast.Name) and arg.id in parsers:
                bound[parameter.arg] = parsers[arg.id]
        for parameter_name, variable in named:
            bound[parameter_name] = parsers[variable]
        key = (str(getattr(helper, "path", name)), tuple(sorted(bound.items(), key=_first)))
        if key in self.helpers_read:
            return
        self.helpers_read.add(key)
        caller, self.scope = self.scope, helper
        self.read(list(_statements(defined.body)), bound, {}, depth - 1)
        self.scope = caller

    def root(self, parsers: dict[str, _Parser], fallback: str) -> CliCommand | None:
        """The parser the function returns (``parsers``: its variables'); else the one with
        subcommands, else the first made (a parser made only to be another's ``parents=``
        has neither)."""
        root = parsers.get(self.returned) or next((p for p in self.made if p.children), None)
        root = root or (self.made[0] if self.made else None)
        return None if root is None else root.command(fallback)


def _first(item: tuple[str, _Parser]) -> str:
    return item[0]


def _with_parents(parser: _Parser, call: ast.Call, parsers: dict[str, _Parser]) -> _Parser:
    """The parser with the arguments of its ``parents=[...]`` first, and without ``-h`` when
    ``add_help=False``, as argparse makes it. An argument a parent repeats is taken once
    (argparse refuses a parser whose options conflict), so parents that double each other
    cannot grow the list exponentially."""
    keywords = {k.arg: k.value for k in call.keywords if k.arg}
    parents = keywords.get("parents")
    seen = {param.declarations for param in parser.params}
    for element in parents.elts if isinstance(parents, ast.List | ast.Tuple) else []:
        if isinstance(element, ast.Name) and element.id in parsers:
            for param in parsers[element.id].params:
                if param.declarations not in seen:
                    seen.add(param.declarations)
                    parser.params.append(param)
    parser.help_option = literal(keywords.get("add_help")) is not False
    return parser


class _Parser:
    def __init__(self, prog: str, description: str) -> None:
        self.prog = prog
        self.description = description
        self.params: list[CliParam] = []
        self.children: list[_Parser] = []
        self.help_option = True
        self.groups: list[tuple[str, str]] = []

    def command(self, fallback: str) -> CliCommand:
        shown_help = [CliParam("option", ("-h", "--help"), _HELP, flag=True)]
        params = (*(shown_help if self.help_option else []), *self.params)
        return CliCommand(
            name=self.prog or fallback,
            help=self.description,
            params=params,
            group=bool(self.children),
            subcommands=tuple(child.command(child.prog) for child in self.children),
            argument_groups=tuple(dict.fromkeys(self.groups)),
        )


def _assigned_call(node: ast.AST) -> tuple[str, ast.Call | None]:
    """A statement's call, and the variable it is assigned to ("" when none), annotated
    (``parser: argparse.ArgumentParser = ...``) or not."""
    if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
        target = node.targets[0]
        return (target.id if isinstance(target, ast.Name) else ""), node.value
    if isinstance(node, ast.AnnAssign) and isinstance(node.value, ast.Call):
        target = node.target
        return (target.id if isinstance(target, ast.Name) else ""), node.value
    if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
        return "", node.value
    return "", None


def _partial_keywords(
    call: ast.Call, factories: dict[str, list[ast.keyword]]
) -> list[ast.keyword] | None:
    """The keywords ``call`` binds when it is a ``functools.partial`` of ArgumentParser or of
    one of ``factories``; None when it is not."""
    method, owner = _method(call)
    if method != "partial" or owner not in ("", "functools") or not call.args:
        return None
    made = call.args[0]
    if isinstance(made, ast.Name) and made.id in factories:
        return _merged([*factories[made.id], *call.keywords])
    name = made.attr if isinstance(made, ast.Attribute) else getattr(made, "id", "")
    return _merged(call.keywords) if name == "ArgumentParser" else None


def _merged(keywords: list[ast.keyword]) -> list[ast.keyword]:
    """``keywords`` with a later one of a name replacing an earlier, as a partial's call does."""
    return list({k.arg: k for k in keywords if k.arg}.values())


def _method(call: ast.Call) -> tuple[str, str]:
    """The called name ("add_argument", "argparse.ArgumentParser") and the variable whose
    method it is ("" for a plain function)."""
    func = call.func
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        owner = func.value.id
        return (f"{owner}.{func.attr}" if func.attr == "ArgumentParser" else func.attr), owner
    if isinstance(func, ast.Name):
        return func.id, ""
    return "", ""


def _argument(call: ast.Call) -> CliParam | None:
    """The argument ``add_argument`` adds; None for one ``help=argparse.SUPPRESS`` hides."""
    names = tuple(value for arg in call.args if isinstance(value := literal(arg), str))
    keywords = {k.arg: k.value for k in call.keywords if k.arg}
    if _is_suppress(keywords.get("help")):
        return None
    option = any(name.startswith("-") for name in names)
    # dest names the value (click's way: an identifier among the declarations), and is the
    # only name of a positional written add_argument(dest="workspace_file").
    dest = literal(keywords.get("dest"))
    if isinstance(dest, str) and dest.isidentifier() and dest not in names:
        names = (*names, dest)
    action = literal(keywords.get("action"))
    flag = isinstance(action, str) and action.startswith(_VALUELESS_ACTIONS)
    default = keywords.get("default")
    # argparse.SUPPRESS leaves the attribute unset: there is no default to show.
    if _is_suppress(default):
        default = None
    help_text = _help_text(keywords.get("help")) or _ACTION_HELP.get(str(action), "")
    required = literal(keywords.get("required")) is True or (
        not option and literal(keywords.get("nargs")) not in ("?", "*")
    )
    return CliParam(
        kind="option" if option else "argument",
        declarations=names,
        help=help_text.strip(),
        default="" if default is None else shown(default),
        required=required,
        flag=flag,
        multiple=action == "append",
        metavar=text_value(keywords.get("metavar")),
        choices=choice_values(keywords.get("choices")),
    )


def _group_title(call: ast.Call) -> tuple[str, str]:
    """The title and description ``add_argument_group`` is given, by position or keyword;
    "" for one not written as a literal."""
    found = []
    for position, name in enumerate(("title", "description")):
        value = literal(call.args[position]) if len(call.args) > position else None
        text = textwrap.dedent(value).strip() if isinstance(value, str) else ""
        found.append(text or _keyword_text(call, name))
    return found[0], found[1]


def _is_suppress(node: ast.expr | None) -> bool:
    """Whether ``node`` is ``argparse.SUPPRESS`` (or its value, "==SUPPRESS==")."""
    if isinstance(node, ast.Attribute | ast.Name):
        return (node.attr if isinstance(node, ast.Attribute) else node.id) == "SUPPRESS"
    return bool(literal(node) == _SUPPRESSED)


def filled_help(command: CliCommand, prog: str) -> CliCommand:
    """``command`` with the ``%(default)s``, ``%(prog)s``, ``%(choices)s``... of its help
    texts filled in, as argparse and sphinx-argparse show them; ``prog`` the command line's
    name (a subcommand's: its parent's and its own)."""
    params = tuple(replace(param, help=_filled(param, prog)) for param in command.params)
    subcommands = tuple(filled_help(sub, f"{prog} {sub.name}") for sub in command.subcommands)
    return replace(command, params=params, subcommands=subcommands)


class _AsWritten(dict[str, object]):
    """Format values; a name it lacks stays as written (``%(type)s``: nothing is run)."""

    def __missing__(self, key: str) -> str:
        return f"%({key})s"


def _filled(param: CliParam, prog: str) -> str:
    if "%" not in param.help:
        return param.help
    names = [name for name in param.declarations if name.isidentifier()]
    values = _AsWritten(
        prog=prog,
        default=param.default or "None",
        choices=", ".join(param.choices) if param.choices else "None",
        metavar=param.metavar or "None",
        dest=names[0] if names else max(param.declarations, key=len).lstrip("-").replace("-", "_"),
    )
    if _filled_length(param.help, values) > MAX_FILLED_HELP:
        return param.help
    try:
        return param.help % values
    except (TypeError, ValueError):  # a format argparse would refuse too
        return param.help


def _filled_length(help_text: str, values: dict[str, object]) -> int:
    """A length ``help_text`` filled in with ``values`` is not longer than, counted before the
    text is made: its own, a name it lacks written out again, and for each conversion the
    width, precision and all the values (a plain "%s" writes them all, escaped)."""
    all_values = sum(4 * len(str(value)) + 20 for value in values.values())
    length = 2 * len(help_text)
    for conversion in _CONVERSION.finditer(help_text):
        if conversion.group(0) != "%%":
            width, precision = conversion.group(1, 2)
            for number in (width, precision or ""):
                # A number of many digits is past any limit (int() refuses 4,300 digits).
                length += int(number or 0) if len(number) < 10 else MAX_FILLED_HELP + 1
            length += all_values
    return length


def _help_text(node: ast.expr | None) -> str:
    """A help text: a string, or an f-string with its replacement fields as written
    (``f"defaults to {os.sep}dist"``: nothing is run)."""
    if not isinstance(node, ast.JoinedStr):
        value = literal(node)
        return value if isinstance(value, str) else ""
    parts = []
    for part in node.values:
        if isinstance(part, ast.FormattedValue):
            parts.append("{" + ast.unparse(part.value) + "}")
        else:
            parts.append(str(literal(part) or ""))
    return "".join(parts)


def _keyword_text(call: ast.Call, name: str) -> str:
    value = next((literal(k.value) for k in call.keywords if k.arg == name), None)
    return textwrap.dedent(value).strip() if isinstance(value, str) else ""
