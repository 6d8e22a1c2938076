"""Read the argparse parser a function builds, statically: what sphinx-argparse's
``.. argparse::`` shows.

The function's own statements are read (never run): ``p = argparse.ArgumentParser(...)``,
``p.add_argument(...)``, ``g = p.add_argument_group(...)`` (its arguments are the parser's),
``s = p.add_subparsers(...)`` and ``c = s.add_parser("name", help=...)``, whose arguments make
a subcommand. Arguments added by another function the builder calls are not seen.
"""

from __future__ import annotations

import ast
import textwrap
from collections.abc import Iterator
from typing import Any

from builder.api.cli_commands import CliCommand, CliParam, literal, shown

_HELP = "show this help message and exit"
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


def read_parser(obj: Any) -> CliCommand | None:
    """The parser the griffe function ``obj`` builds, or that the module-level variable
    ``obj`` holds; None when there is none."""
    kind = str(getattr(getattr(obj, "kind", None), "value", ""))
    holder = obj if kind == "function" else getattr(obj, "parent", None)
    try:
        tree = ast.parse(textwrap.dedent(getattr(holder, "source", "") or ""))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    if kind == "function":
        defined = next((n for n in tree.body if isinstance(n, _FUNCTIONS)), None)
        statements = list(_statements(defined.body)) if defined is not None else []
    else:
        statements = list(_statements(tree.body))
    return _built(statements, obj.name)


def _statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements of ``body`` in source order, those of its blocks (``if``, ``with``,
    ``for``, ``try``) included, not those of the functions and classes it defines."""
    for statement in body:
        if isinstance(statement, (*_FUNCTIONS, ast.ClassDef)):
            continue
        yield statement
        for field in ("body", "orelse", "finalbody"):
            yield from _statements(getattr(statement, field, []) or [])
        for handler in getattr(statement, "handlers", []) or []:
            yield from _statements(handler.body)


def _built(statements: list[ast.stmt], fallback: str) -> CliCommand | None:
    parsers: dict[str, _Parser] = {}  # a variable's name: the parser (or group) it holds
    subparsers: dict[str, _Parser] = {}  # a variable holding add_subparsers(): its parser
    made: list[_Parser] = []
    returned = ""
    for node in statements:
        if isinstance(node, ast.Return) and isinstance(node.value, ast.Name):
            returned = returned or node.value.id
        target, call = _assigned_call(node)
        if call is None:
            continue
        method, owner = _method(call)
        if method == "ArgumentParser" or method.endswith(".ArgumentParser"):
            parser = _Parser(_keyword_text(call, "prog"), _keyword_text(call, "description"))
            made.append(_with_parents(parser, call, parsers))
            if target:
                parsers[target] = parser
        elif owner in parsers and method == "add_argument":
            parsers[owner].params.append(_argument(call))
        elif owner in parsers and method in ("add_argument_group", "add_mutually_exclusive_group"):
            if target:
                parsers[target] = parsers[owner]
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
    # The parser the function returns; else the one with subcommands, else the first made
    # (a parser made only to be another's ``parents=`` has neither).
    root = parsers.get(returned) or next((p for p in made if p.children), None)
    root = root or (made[0] if made else None)
    return None if root is None else root.command(fallback)


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

    def command(self, fallback: str) -> CliCommand:
        shown_help = [CliParam("option", ("-h", "--help"), _HELP, flag=True)]
        params = (*(shown_help if self.help_option else []), *self.params)
        return CliCommand(
            name=self.prog or fallback,
            help=self.description,
            params=params,
            group=bool(self.children),
            subcommands=tuple(child.command(child.prog) for child in self.children),
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


def _argument(call: ast.Call) -> CliParam:
    names = tuple(value for arg in call.args if isinstance(value := literal(arg), str))
    keywords = {k.arg: k.value for k in call.keywords if k.arg}
    option = any(name.startswith("-") for name in names)
    action = literal(keywords.get("action"))
    flag = isinstance(action, str) and action.startswith(("store_true", "store_false", "count"))
    default = keywords.get("default")
    help_text = literal(keywords.get("help"))
    required = literal(keywords.get("required")) is True or (
        not option and literal(keywords.get("nargs")) not in ("?", "*")
    )
    return CliParam(
        kind="option" if option else "argument",
        declarations=names,
        help=help_text.strip() if isinstance(help_text, str) else "",
        default="" if default is None else shown(default),
        required=required,
        flag=flag,
        multiple=action == "append",
    )


def _keyword_text(call: ast.Call, name: str) -> str:
    value = next((literal(k.value) for k in call.keywords if k.arg == name), None)
    return textwrap.dedent(value).strip() if isinstance(value, str) else ""
