"""A reader of calls of the project's functions over literal values, which never runs them.

builder.api.factory_properties asks it what ``environ_getter('REQUEST_METHOD', 'GET')``
returns. It follows a function's assignments, ``if`` statements, ``raise`` and ``return``, and
the calls it makes to other functions of the project, over the values of
builder.api.literal_values: literal arguments, the module's literal constants and those it
computes from the interpreter's version (``PY3 = sys.version_info[0] == 3``), other module
objects compared by identity (``default is _not_given``), and the properties
``property(...)`` makes. Strings are joined with ``+``, formatted with ``%``, f-strings and
``.format``, and changed by str's pure methods. Anything else is unknown: an ``if`` whose test
is unknown leaves unknown what its branches set differently, and a loop, ``try`` or ``with``
leaves the whole call unknown. Calls are followed to ``MAX_CALL_DEPTH`` levels and one reading
runs at most ``MAX_STEPS`` statements and reads of a constant's expression, all told.
"""

from __future__ import annotations

import ast
import operator
import textwrap
from functools import lru_cache
from typing import Any

from builder.api.literal_names import (
    PROPERTY_MARK,
    Scope,
    global_value,
    is_version_info,
    module_function_value,
    static_method,
)
from builder.api.literal_values import (
    MAX_TEXT_CHARS,
    PURE_FUNCTIONS,
    PURE_STR_METHODS,
    UNKNOWN,
    VERSION_INFO,
    MadeProperty,
    ModuleObject,
    ProjectFunction,
    bounded_format,
    bounded_spec,
    compared,
    formatted_field,
    guarded,
    is_literal,
    percent_fits,
    string_method,
    truth,
)

# How many calls deep a factory is followed (converter(environ_getter(...)) calls
# header_docstring, which calls _trans_key: four).
MAX_CALL_DEPTH = 6


# The most statements one reading runs, over all the calls it follows, and the constants'
# expressions it reads: a factory is a few lines. A budget per body would let a body of calls
# to a body of calls multiply it at each level (200 ** MAX_CALL_DEPTH), and constants read
# from others (``A = B + B + ...``) multiply it alike.
MAX_STEPS = 200


class Raised(Exception):
    """The call raises: it makes no property."""


class Unreadable(Exception):
    """The call does what the reading does not follow: its value is unknown."""


@lru_cache(maxsize=256)
def _parsed_function(source: str) -> ast.FunctionDef | None:
    """The function ``source`` defines, undecorated but for ``@staticmethod`` (which changes
    nothing a call through the class reads); None for another."""
    try:
        tree = ast.parse(textwrap.dedent(source))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    node = tree.body[0] if tree.body else None
    if not isinstance(node, ast.FunctionDef):
        return None
    static = [ast.Name] == [type(d) for d in node.decorator_list] and all(
        isinstance(d, ast.Name) and d.id == "staticmethod" for d in node.decorator_list
    )
    return node if static or not node.decorator_list else None


class CallReader:
    """Reads calls over literal values (the module docstring says which)."""

    def __init__(self) -> None:
        self.depth = 0
        self.steps = 0

    def constant(self, expression: ast.expr, scope: Scope) -> Any:
        """The value of a module's or class's constant made by ``expression``, read one call
        deeper than the reading that asks (builder.api.literal_names); unknown past
        MAX_CALL_DEPTH or MAX_STEPS, or where it raises or is not followed."""
        self.steps += 1
        if self.depth >= MAX_CALL_DEPTH or self.steps > MAX_STEPS:
            return UNKNOWN
        self.depth += 1
        try:
            return self.evaluate(expression, {}, scope)
        except (Raised, Unreadable, RecursionError):
            return UNKNOWN
        finally:
            self.depth -= 1

    def evaluate(self, node: ast.expr, names: dict[str, Any], scope: Scope) -> Any:
        value = self._value(node, names, scope)
        if isinstance(value, str) and len(value) > MAX_TEXT_CHARS:
            return UNKNOWN
        return value

    def _value(self, node: ast.expr, names: dict[str, Any], scope: Scope) -> Any:
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.Name):
            return self._named(node.id, names, scope)
        if isinstance(node, ast.Tuple | ast.List):
            if any(isinstance(item, ast.Starred) for item in node.elts):
                return UNKNOWN
            items = [self.evaluate(item, names, scope) for item in node.elts]
            if any(item is UNKNOWN for item in items):
                return UNKNOWN
            return guarded(tuple if isinstance(node, ast.Tuple) else list, items)
        if isinstance(node, ast.Dict):
            keys = [None if k is None else self.evaluate(k, names, scope) for k in node.keys]
            values = [self.evaluate(v, names, scope) for v in node.values]
            if any(k is None or k is UNKNOWN for k in keys) or UNKNOWN in values:
                return UNKNOWN
            return guarded(dict, zip(keys, values, strict=True))
        if isinstance(node, ast.JoinedStr):
            return self._joined(node, names, scope)
        if isinstance(node, ast.BinOp):
            return self._binary(node, names, scope)
        if isinstance(node, ast.BoolOp):
            return self._boolean(node, names, scope)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            operand = truth(self.evaluate(node.operand, names, scope))
            return UNKNOWN if operand is UNKNOWN else not operand
        if isinstance(node, ast.Compare):
            return self._compared(node, names, scope)
        if isinstance(node, ast.IfExp):
            test = truth(self.evaluate(node.test, names, scope))
            if test is UNKNOWN:
                return UNKNOWN
            return self.evaluate(node.body if test else node.orelse, names, scope)
        if isinstance(node, ast.Subscript):
            container = self.evaluate(node.value, names, scope)
            index = self._index(node.slice, names, scope)
            if not is_literal(container) or index is UNKNOWN:
                return UNKNOWN
            return guarded(operator.getitem, container, index)
        if isinstance(node, ast.Attribute):
            if is_version_info(node, names, scope):
                return VERSION_INFO
            return self._attribute(self.evaluate(node.value, names, scope), node.attr)
        if isinstance(node, ast.Call):
            return self._call(node, names, scope)
        return UNKNOWN

    def _named(self, name: str, names: dict[str, Any], scope: Scope) -> Any:
        """What ``name`` reads: the body's binding, else builder.api.literal_names'."""
        return names[name] if name in names else global_value(name, scope, self)

    def _index(self, node: ast.expr, names: dict[str, Any], scope: Scope) -> Any:
        if not isinstance(node, ast.Slice):
            return self.evaluate(node, names, scope)
        bounds = [
            None if part is None else self.evaluate(part, names, scope)
            for part in (node.lower, node.upper, node.step)
        ]
        if any(b is UNKNOWN or not (b is None or isinstance(b, int)) for b in bounds):
            return UNKNOWN
        return slice(*bounds)

    def _joined(self, node: ast.JoinedStr, names: dict[str, Any], scope: Scope) -> Any:
        parts: list[str] = []
        size = 0
        for part in node.values:
            if isinstance(part, ast.Constant):
                parts.append(str(part.value))
                continue
            if not isinstance(part, ast.FormattedValue):
                return UNKNOWN
            value = self.evaluate(part.value, names, scope)
            spec: Any = ""
            if isinstance(part.format_spec, ast.JoinedStr):
                spec = self._joined(part.format_spec, names, scope)
            elif part.format_spec is not None:
                return UNKNOWN
            if not is_literal(value) or spec is UNKNOWN or not bounded_spec(spec):
                return UNKNOWN
            shown = guarded(formatted_field, value, part.conversion, spec)
            if shown is UNKNOWN:
                return UNKNOWN
            parts.append(shown)
            size += len(shown)
            if size > MAX_TEXT_CHARS:  # f"{doc}{doc}{doc}..." of a long text
                return UNKNOWN
        return "".join(parts)

    def _binary(self, node: ast.BinOp, names: dict[str, Any], scope: Scope) -> Any:
        left = self.evaluate(node.left, names, scope)
        right = self.evaluate(node.right, names, scope)
        if not (is_literal(left) and is_literal(right)):
            return UNKNOWN
        if isinstance(node.op, ast.Add):
            return guarded(operator.add, left, right)
        if isinstance(node.op, ast.Mod) and isinstance(left, str) and percent_fits(left, right):
            return guarded(operator.mod, left, right)
        return UNKNOWN

    def _boolean(self, node: ast.BoolOp, names: dict[str, Any], scope: Scope) -> Any:
        value: Any = UNKNOWN
        for operand in node.values:
            value = self.evaluate(operand, names, scope)
            holds = truth(value)
            if holds is UNKNOWN:
                return UNKNOWN
            if holds == isinstance(node.op, ast.Or):
                return value  # ``a or b`` ends at a true operand, ``a and b`` at a false one
        return value

    def _compared(self, node: ast.Compare, names: dict[str, Any], scope: Scope) -> Any:
        left = self.evaluate(node.left, names, scope)
        for comparing, right_node in zip(node.ops, node.comparators, strict=True):
            right = self.evaluate(right_node, names, scope)
            outcome = compared(comparing, left, right)
            if outcome is not True:
                return outcome
            left = right
        return True

    def _attribute(self, value: Any, name: str) -> Any:
        if isinstance(value, MadeProperty) and name == "__doc__":
            return value.doc
        if isinstance(value, ModuleObject) and name == "__doc__":
            return value.doc
        if isinstance(value, ProjectFunction) and name in ("__name__", "__doc__"):
            if name == "__name__":
                return value.function.name
            docstring = value.function.docstring
            return None if docstring is None else docstring.value
        return UNKNOWN

    def _call(self, node: ast.Call, names: dict[str, Any], scope: Scope) -> Any:
        if any(isinstance(a, ast.Starred) for a in node.args) or any(
            k.arg is None for k in node.keywords
        ):
            return UNKNOWN
        function = node.func
        if (
            isinstance(function, ast.Attribute)
            and isinstance(function.value, ast.Name)
            and function.value.id not in names
            and (method := static_method(function.value.id, function.attr, scope)) is not None
        ):
            return self._followed(method.function, node, names, scope)
        if isinstance(function, ast.Attribute):
            owner = self.evaluate(function.value, names, scope)
            if (
                isinstance(owner, str)
                and function.attr in PURE_STR_METHODS
                and (function.attr != "format" or bounded_format(owner))
            ):
                arguments, keywords = self._arguments(node, names, scope)
                if arguments is None or keywords is None:
                    return UNKNOWN
                return string_method(owner, function.attr, *arguments, **keywords)
            return module_function_value(scope, function, self._arguments(node, names, scope))
        if not isinstance(function, ast.Name):
            return UNKNOWN
        called = (
            names[function.id] if function.id in names else global_value(function.id, scope, self)
        )
        if called is PROPERTY_MARK:
            return self._property(node, names, scope)
        if isinstance(called, ProjectFunction):
            return self._followed(called.function, node, names, scope)
        if called is isinstance:
            arguments, _ = self._arguments(node, names, scope, types=True)
            if arguments is None or len(arguments) != 2:
                return UNKNOWN
            return guarded(isinstance, *arguments)
        if callable(called) and called in PURE_FUNCTIONS.values():
            arguments, keywords = self._arguments(node, names, scope)
            if arguments is None or keywords is None:
                return UNKNOWN
            return guarded(called, *arguments, **keywords)
        return UNKNOWN

    def _arguments(
        self, node: ast.Call, names: dict[str, Any], scope: Scope, types: bool = False
    ) -> tuple[list[Any] | None, dict[str, Any] | None]:
        """The literal values of a call's arguments (with ``types``, built-in types too);
        (None, None) when one is not."""
        arguments = [self.evaluate(a, names, scope) for a in node.args]
        keywords = {k.arg: self.evaluate(k.value, names, scope) for k in node.keywords if k.arg}
        if not all(is_literal(v, types) for v in (*arguments, *keywords.values())):
            return None, None
        return arguments, keywords

    def _property(self, node: ast.Call, names: dict[str, Any], scope: Scope) -> Any:
        """``property(fget, fset, fdel, doc)``: its doc, or its getter's docstring."""
        given = {k.arg: k.value for k in node.keywords if k.arg}
        doc_node = given.get("doc", node.args[3] if len(node.args) > 3 else None)
        if doc_node is not None:
            doc = self.evaluate(doc_node, names, scope)
            return MadeProperty(doc) if doc is None or isinstance(doc, str) else UNKNOWN
        getter_node = given.get("fget", node.args[0] if node.args else None)
        if getter_node is None:
            return MadeProperty(None)
        getter = self.evaluate(getter_node, names, scope)
        getter_doc = self._attribute(getter, "__doc__")
        return (
            MadeProperty(getter_doc)
            if getter_doc is None or isinstance(getter_doc, str)
            else UNKNOWN
        )

    def _followed(self, function: Any, node: ast.Call, names: dict[str, Any], scope: Scope) -> Any:
        """The value a call of the project's ``function`` returns, its body read with the
        call's arguments."""
        definition = _parsed_function(str(getattr(function, "source", "") or ""))
        if definition is None or self.depth >= MAX_CALL_DEPTH:
            return UNKNOWN
        own = Scope(function.module)
        bound = self._bound(definition.args, node, names, scope, own)
        if bound is None:
            return UNKNOWN
        self.depth += 1
        try:
            outcome = self._run(definition.body, bound, own)
        finally:
            self.depth -= 1
        return outcome[1] if outcome is not None else None  # no return: None

    def _bound(
        self,
        signature: ast.arguments,
        node: ast.Call,
        names: dict[str, Any],
        scope: Scope,
        own: Scope,
    ) -> dict[str, Any] | None:
        """The parameters' values for the call ``node``; None when it cannot be bound. The
        arguments ``*args`` and ``**kwargs`` take are a tuple and a dict of their values."""
        if signature.posonlyargs:
            return None
        positional = [p.arg for p in signature.args]
        if len(node.args) > len(positional) and signature.vararg is None:
            return None
        bound = {
            name: self.evaluate(argument, names, scope)
            for name, argument in zip(positional, node.args, strict=False)
        }
        if signature.vararg is not None:
            extra = node.args[len(positional) :]
            bound[signature.vararg.arg] = tuple(self.evaluate(a, names, scope) for a in extra)
        named = {p.arg for p in (*signature.args, *signature.kwonlyargs)}
        more: dict[str, Any] = {}
        for keyword in node.keywords:
            if keyword.arg in bound or keyword.arg is None:
                return None
            if keyword.arg not in named:
                if signature.kwarg is None:
                    return None
                more[keyword.arg] = self.evaluate(keyword.value, names, scope)
                continue
            bound[keyword.arg] = self.evaluate(keyword.value, names, scope)
        if signature.kwarg is not None:
            bound[signature.kwarg.arg] = more
        defaults = dict(
            zip(positional[len(positional) - len(signature.defaults) :], signature.defaults,
                strict=True)
        )  # fmt: skip
        for parameter, default in zip(signature.kwonlyargs, signature.kw_defaults, strict=True):
            if default is not None:
                defaults[parameter.arg] = default
        for name in [*positional, *(p.arg for p in signature.kwonlyargs)]:
            if name not in bound:
                if name not in defaults:
                    return None
                bound[name] = self.evaluate(defaults[name], {}, own)
        return bound

    def _run(
        self, body: list[ast.stmt], names: dict[str, Any], scope: Scope
    ) -> tuple[str, Any] | None:
        """Run ``body`` over ``names`` (changed in place): ("return", value) when it returns,
        None when it ends; raises Raised or Unreadable."""
        for statement in body:
            self.steps += 1
            if self.steps > MAX_STEPS:
                raise Unreadable
            outcome = self._statement(statement, names, scope)
            if outcome is not None:
                return outcome
        return None

    def _statement(
        self, statement: ast.stmt, names: dict[str, Any], scope: Scope
    ) -> tuple[str, Any] | None:
        if isinstance(statement, ast.Return):
            value = (
                None if statement.value is None else self.evaluate(statement.value, names, scope)
            )
            return ("return", value)
        if isinstance(statement, ast.Assign):
            value = self.evaluate(statement.value, names, scope)
            for target in statement.targets:
                _assign(target, value, names)
        elif isinstance(statement, ast.AnnAssign) and statement.value is not None:
            _assign(statement.target, self.evaluate(statement.value, names, scope), names)
        elif isinstance(statement, ast.AugAssign):
            operation = ast.BinOp(left=_load(statement.target), op=statement.op,
                                  right=statement.value)  # fmt: skip
            _assign(statement.target, self.evaluate(operation, names, scope), names)
        elif isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names[statement.name] = ModuleObject(f"<local {statement.name}>",
                                            ast.get_docstring(statement))  # fmt: skip
        elif isinstance(statement, ast.If):
            return self._branch(statement, names, scope)
        elif isinstance(statement, ast.Raise):
            raise Raised
        elif isinstance(statement, ast.Expr):
            _forget_receivers(statement.value, names)  # ``items.append(x)`` changes items
        elif not isinstance(statement, ast.Pass | ast.Assert):
            raise Unreadable  # a loop, try, with, import, global...: not followed
        return None

    def _branch(
        self, statement: ast.If, names: dict[str, Any], scope: Scope
    ) -> tuple[str, Any] | None:
        """An ``if``: the branch its test takes; when the test is unknown, both, what they
        set differently unknown after it (a branch that raises is no way through)."""
        test = truth(self.evaluate(statement.test, names, scope))
        if test is not UNKNOWN:
            return self._run(statement.body if test else statement.orelse, names, scope)
        ways: list[tuple[dict[str, Any], tuple[str, Any] | None]] = []
        for branch in (statement.body, statement.orelse):
            copy = dict(names)
            try:
                ways.append((copy, self._run(branch, copy, scope)))
            except Raised:
                continue
        if not ways:
            raise Raised
        if len(ways) == 1:
            names.clear()
            names.update(ways[0][0])
            return ways[0][1]
        (first, first_outcome), (second, second_outcome) = ways
        if (first_outcome is None) != (second_outcome is None):
            raise Unreadable  # one way returns, the other goes on
        for name in set(first) | set(second):
            if first.get(name, UNKNOWN) != second.get(name, UNKNOWN):
                first[name] = UNKNOWN
        names.clear()
        names.update(first)
        if first_outcome is None or first_outcome == second_outcome:
            return first_outcome
        return ("return", UNKNOWN)


def _assign(target: ast.expr, value: Any, names: dict[str, Any]) -> None:
    if isinstance(target, ast.Name):
        names[target.id] = value
    elif (
        isinstance(target, ast.Attribute)
        and target.attr == "__doc__"
        and isinstance(target.value, ast.Name)
        and isinstance(names.get(target.value.id), ModuleObject)
    ):
        # ``fget.__doc__ = docs`` on a function the body defines: property() reads it.
        local = names[target.value.id]
        doc = value if value is None or isinstance(value, str) else UNKNOWN
        names[target.value.id] = UNKNOWN if doc is UNKNOWN else ModuleObject(local.path, doc)
    elif isinstance(target, ast.Tuple | ast.List):
        items = value if isinstance(value, tuple | list) else None
        if items is not None and len(items) != len(target.elts):
            items = None
        for index, element in enumerate(target.elts):
            _assign(element, UNKNOWN if items is None else items[index], names)
    else:
        _forget_receivers(target, names)  # ``doc[0] = ...``, ``self.x = ...``


def _forget_receivers(node: ast.expr, names: dict[str, Any]) -> None:
    """A statement that may change the objects it names in place: they are unknown after."""
    for child in ast.walk(node):
        if isinstance(child, ast.Attribute | ast.Subscript):
            base = child.value
            if isinstance(base, ast.Name) and base.id in names:
                names[base.id] = UNKNOWN


def _load(target: ast.expr) -> ast.expr:
    """The expression reading ``target``'s value (``x`` of ``x += y``)."""
    return ast.Name(id=target.id, ctx=ast.Load()) if isinstance(target, ast.Name) else target
