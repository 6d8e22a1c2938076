"""mkdocs-macros' macro calls in a page, read as the text the macro returns.

The plugin renders a page as a Jinja template before Markdown reads it, so a line
``{{ async_sync_snippet("fields", "custom_key_name.py", hl_lines="5") }}`` is the Markdown
the project's macro returns: odmantic 1.1.0's returns two content tabs, each a fence holding a
``--8<--`` snippet. Read as written, the page showed the call and none of its code. A macro
builder.projects.mkdocs_macros found (one ``return`` of a string built from its parameters:
f-strings, ``a if b else c``, comparisons, ``+``) is evaluated here over the call's literal
arguments, without running the project's code; a call of any other form, or one the macro
cannot answer without running, stays as written. Calls between ``{% raw %}`` tags stay too.
"""

from __future__ import annotations

import ast
import operator
import re
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from builder.parsers.markdown.spliced import SpliceBuilder, Spliced

Macro = tuple[str, str]  # the macro's name, and its function's source
# The most text the calls of one page add to it (a macro returns a few lines); a call past it,
# or a value longer while it is built, stays as written.
MAX_ADDED_CHARS = 4 * 1024 * 1024
# A call on one line, its arguments holding no braces: "{{ name(args) }}", "{{- name() -}}".
_CALL = re.compile(r"\{\{-?[ \t]*([A-Za-z_]\w*)[ \t]*\(([^{}\n]*)\)[ \t]*-?\}\}")
_RAW = re.compile(r"\{%-?[ \t]*(end)?raw[ \t]*-?%\}")
# The numbers of a format spec: a width or precision ("{name:>{width}}", "{value:.3f}").
_SPEC_NUMBER = re.compile(r"\d+")
# Jinja spells its constants in lower case too.
_JINJA_CONSTANTS = {"true": True, "false": False, "none": None}
_COMPARISONS: dict[type[ast.cmpop], Callable[[Any, Any], Any]] = {
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Is: operator.is_,
    ast.IsNot: operator.is_not,
    ast.In: lambda a, b: a in b,
    ast.NotIn: lambda a, b: a not in b,
}


class MacroNotRead(Exception):
    """The call or the macro needs more than literals and the macro's parameters."""


def has_macro_calls(text: str, macros: tuple[Macro, ...]) -> bool:
    return "{{" in text and any(name in text for name, _ in macros)


def expand_macro_calls(page: Spliced, macros: tuple[Macro, ...]) -> Spliced:
    """``page`` with each call of one of ``macros`` replaced by the text it returns, every
    line of that text placed at the call's line."""
    defined = dict(macros)
    builder = SpliceBuilder()
    raw = False
    changed = False
    budget = [MAX_ADDED_CHARS]  # what the page's calls may still add
    for index, line in enumerate(page.text.split("\n")):
        expanded, raw = _expand_line(line, defined, raw, budget)
        changed = changed or expanded != line
        for part in expanded.split("\n"):
            builder.add(part, index)
    return builder.build(page) if changed else page


def _expand_line(
    line: str, defined: Mapping[str, str], raw: bool, budget: list[int]
) -> tuple[str, bool]:
    """``line`` with its calls outside raw tags rendered, and whether a raw tag is open after it;
    ``budget`` holds what the calls may still add, and is lowered by what they add."""
    parts: list[str] = []
    start = 0
    for tag in _RAW.finditer(line):
        segment = line[start : tag.start()]
        parts.append(
            segment if raw else _CALL.sub(lambda m: _rendered(m, defined, budget), segment)
        )
        parts.append(tag.group(0))
        raw = tag.group(1) is None
        start = tag.end()
    rest = line[start:]
    parts.append(rest if raw else _CALL.sub(lambda m: _rendered(m, defined, budget), rest))
    return "".join(parts), raw


def _rendered(call: re.Match[str], defined: Mapping[str, str], budget: list[int]) -> str:
    source = defined.get(call.group(1))
    if source is None:
        return call.group(0)
    try:
        function = _function(source)
        args, keywords = _arguments(call.group(2))
        text = str(_evaluate(_returned(function), _bound(function, args, keywords)))
    except (MacroNotRead, SyntaxError, ValueError, TypeError, RecursionError, MemoryError):
        return call.group(0)
    added = len(text) - len(call.group(0))
    if added > budget[0]:
        return call.group(0)
    budget[0] -= max(added, 0)
    return text


@cache
def _function(source: str) -> ast.FunctionDef:
    node = ast.parse(source).body[0]
    if not isinstance(node, ast.FunctionDef):
        raise MacroNotRead
    return node


def _returned(function: ast.FunctionDef) -> ast.expr:
    last = function.body[-1]
    if not isinstance(last, ast.Return) or last.value is None:
        raise MacroNotRead
    return last.value


def _arguments(text: str) -> tuple[list[Any], dict[str, Any]]:
    call = ast.parse(f"_({text})", mode="eval").body
    if not isinstance(call, ast.Call):
        raise MacroNotRead
    keywords = {}
    for keyword in call.keywords:
        if keyword.arg is None:  # **mapping
            raise MacroNotRead
        keywords[keyword.arg] = _literal(keyword.value)
    return [_literal(arg) for arg in call.args], keywords


def _literal(node: ast.expr) -> Any:
    if isinstance(node, ast.Name) and node.id in _JINJA_CONSTANTS:
        return _JINJA_CONSTANTS[node.id]
    if isinstance(node, ast.Starred):
        raise MacroNotRead
    return ast.literal_eval(node)


def _bound(function: ast.FunctionDef, args: list[Any], keywords: dict[str, Any]) -> dict[str, Any]:
    """The parameters' values for a call, as Python binds them; a call it cannot bind raises."""
    spec = function.args
    if spec.vararg or spec.kwarg:
        raise MacroNotRead
    positional = [*spec.posonlyargs, *spec.args]
    if len(args) > len(positional):
        raise MacroNotRead
    ordered = [a.arg for a in positional]
    defaults = dict(zip(ordered[len(ordered) - len(spec.defaults) :], spec.defaults, strict=True))
    keyword_only = zip(spec.kwonlyargs, spec.kw_defaults, strict=True)
    defaults |= {a.arg: d for a, d in keyword_only if d is not None}
    values = dict(zip(ordered, args, strict=False))  # the first len(args)
    names = {a.arg for a in (*positional, *spec.kwonlyargs)}
    for name, value in keywords.items():
        if name not in names or name in values:
            raise MacroNotRead
        values[name] = value
    for name in names - values.keys():
        if name not in defaults:
            raise MacroNotRead
        values[name] = _literal(defaults[name])
    return values


def _evaluate(node: ast.expr, names: Mapping[str, Any]) -> Any:
    """The value of an expression made of literals, the parameters, f-strings, conditional
    expressions, comparisons, ``and``/``or``/``not`` and ``+``; anything else raises."""
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        if node.id not in names:
            raise MacroNotRead
        return names[node.id]
    if isinstance(node, ast.JoinedStr):
        return _joined([str(_evaluate(value, names)) for value in node.values])
    if isinstance(node, ast.FormattedValue):
        value = _evaluate(node.value, names)
        if node.conversion == ord("r"):
            value = repr(value)
        elif node.conversion in (ord("s"), ord("a")):
            value = str(value) if node.conversion == ord("s") else ascii(value)
        spec = "" if node.format_spec is None else str(_evaluate(node.format_spec, names))
        if any(int(number) > MAX_ADDED_CHARS for number in _SPEC_NUMBER.findall(spec)):
            raise MacroNotRead  # a width or precision making more text than a page holds
        return format(value, spec)
    if isinstance(node, ast.IfExp):
        chosen = node.body if _evaluate(node.test, names) else node.orelse
        return _evaluate(chosen, names)
    if isinstance(node, ast.Compare) and len(node.ops) == 1:
        compare = _COMPARISONS.get(type(node.ops[0]))
        if compare is not None:
            left = _evaluate(node.left, names)
            return compare(left, _evaluate(node.comparators[0], names))
    if isinstance(node, ast.BoolOp):
        result: Any = None
        for value in node.values:
            result = _evaluate(value, names)
            if bool(result) is isinstance(node.op, ast.Or):
                return result
        return result
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return not _evaluate(node.operand, names)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _evaluate(node.left, names), _evaluate(node.right, names)
        sized = (str, list, tuple)
        both_sized = isinstance(left, sized) and isinstance(right, sized)
        if both_sized and len(left) + len(right) > MAX_ADDED_CHARS:
            raise MacroNotRead
        return left + right
    raise MacroNotRead


def _joined(parts: list[str]) -> str:
    """``parts`` as one string; raises when it would be longer than the calls of a page add."""
    if sum(map(len, parts)) > MAX_ADDED_CHARS:
        raise MacroNotRead
    return "".join(parts)
