"""Docstrings a module assigns after the fact: ``__doc__ = "..."`` in a class body, or
``histplot.__doc__ = "...".format(**params)`` under a function or, in a class body, a method.

statsmodels writes its models' docstrings so (``OLS``: ``__doc__ = "Ordinary Least Squares
{params} ...".format(...)``), seaborn its plotting functions'; read statically, the objects
had no docstring, and their sections held a signature alone. The string written there is
their docstring, as Python runs it, less what is filled in at run time: a line that is only a
placeholder (``{params.core.data}``, ``%(params)s``) is left out, a field ``.format`` fills
with a literal keyword (xarray's ``count.__doc__ = _TEMPLATE.format(name="count")``, a string
the module sets once) is filled, and its doubled braces read single. A class body that adds
to its own docstring (lark's ``if __doc__: __doc__ += "\\n\\n" + LarkOptions.OPTIONS_DOC``)
extends it with the texts it adds: literals, the module's or a class's string constants, and
``+`` between them. Nothing is run: the module's syntax tree is read.
"""

from __future__ import annotations

import ast
import inspect
import re
import warnings
from functools import lru_cache

from builder.api.identity_cache import IdentityCache
from builder.api.literal_values import MAX_TEXT_CHARS

# Modules whose assignments are kept: an API page looks up the objects of a few modules.
MODULES_KEPT = 32
# A module larger than this is not parsed for them (generated code); a source file is far less.
MAX_MODULE_CHARS = 2 * 1024 * 1024
# Lines holding nothing but a placeholder a run-time format fills in.
_PLACEHOLDER_LINE = re.compile(r"^[ \t]*(?:\{[\w.\[\]]*\}|%\(\w+\)s)[ \t]*(?:\n|$)", re.M)
# A replacement field that names a keyword, not a doubled (escaped) brace.
_FIELD = re.compile(r"(?<!\{)\{(\w+)\}(?!\})")


def assigned_docstring(module_lines: list[str], qualified_name: str) -> str:
    """The docstring assigned to ``qualified_name`` (a path within the module: ``histplot``,
    ``OLS``, ``Outer.Inner``) in the module whose source is ``module_lines``; "" when none."""
    if not module_lines:
        return ""
    return _assigned_docs(_source(module_lines))[0].get(qualified_name, "")


def extended_docstring(module_lines: list[str], qualified_name: str) -> str:
    """The docstring of the class ``qualified_name`` after its body adds to it (lark's
    ``if __doc__: __doc__ += "\\n\\n" + LarkOptions.OPTIONS_DOC``), cleaned as inspect.getdoc
    cleans it; "" when its body adds nothing it can read."""
    if not module_lines:
        return ""
    return _assigned_docs(_source(module_lines))[2].get(qualified_name, "")


def copied_docstring_name(module_lines: list[str], qualified_name: str) -> str:
    """The dotted name, in the module's namespace, of the object whose ``__doc__`` the module
    assigns to ``qualified_name``'s (arrow's ``get.__doc__ = _factory.get.__doc__`` gives
    ``_factory.get``); "" when none."""
    if not module_lines:
        return ""
    return _assigned_docs(_source(module_lines))[1].get(qualified_name, "")


# Each path's assigned text, each path's copied name (copied_docstring_name) and each class's
# docstring with what its body adds (extended_docstring).
_Assigned = tuple[dict[str, str], dict[str, str], dict[str, str]]


# The last modules' sources by the identity of their lines: griffe keeps one list per file, and
# joining xarray's 10,800-line dataset.py, then hashing the text to find it in the cache, for
# each of its objects took a second of its build.
_SOURCES: IdentityCache[str] = IdentityCache(MODULES_KEPT)


def _source(module_lines: list[str]) -> str:
    """``module_lines`` as one text, the same ``str`` for the same list (its hash is computed
    once)."""
    return _SOURCES.get(module_lines, "\n".join)


@lru_cache(maxsize=MODULES_KEPT)
def _assigned_docs(source: str) -> _Assigned:
    if "__doc__" not in source or len(source) > MAX_MODULE_CHARS:
        return {}, {}, {}
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return {}, {}, {}
    found: _Assigned = ({}, {}, {})
    strings = _module_strings(tree.body)
    # A class's string constants, by their dotted name (``LarkOptions.OPTIONS_DOC``).
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            own = _module_strings(node.body)
            strings.update({f"{node.name}.{name}": text for name, text in own.items()})
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            name = _doc_owner(node.targets[0])
            if name:
                _keep(found, name, node.value, strings)
        elif isinstance(node, ast.ClassDef):
            _class_docs(node, node.name, found, strings, depth=0)
    return found


def _module_strings(body: list[ast.stmt]) -> dict[str, str]:
    """The module's names set to a string literal once (a docstring template), by name."""
    strings: dict[str, str] = {}
    twice: set[str] = set()
    for node in body:
        if not isinstance(node, ast.Assign | ast.AnnAssign):
            continue
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        for target in targets:
            if not isinstance(target, ast.Name):
                continue
            if target.id in strings:
                twice.add(target.id)
            value = node.value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                strings[target.id] = value.value
            else:
                twice.add(target.id)
    return {name: text for name, text in strings.items() if name not in twice}


def _doc_owner(target: ast.expr) -> str:
    """``name`` when ``target`` is ``name.__doc__``, ``Type.oid`` for ``Type.oid.__doc__`` (a
    NamedTuple's field, asyncpg's types); "" for anything else."""
    if isinstance(target, ast.Attribute) and target.attr == "__doc__":
        return _dotted_name(target.value)
    return ""


def _class_docs(
    node: ast.ClassDef, path: str, found: _Assigned, strings: dict[str, str], depth: int
) -> None:
    """A class body's ``__doc__ = ...`` and ``method.__doc__ = ...`` (networkx's
    ``out_edges.__doc__ = edges.__doc__``), and those of the classes nested in it."""
    if depth > 5:
        return
    members = _class_names(node)
    _extend(node, path, found, {**strings, **_module_strings(node.body)})
    for statement in node.body:
        if isinstance(statement, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "__doc__" for target in statement.targets
        ):
            _keep(found, path, statement.value, strings)
        elif isinstance(statement, ast.Assign) and len(statement.targets) == 1:
            name = _doc_owner(statement.targets[0])
            if name in members:
                _keep(found, f"{path}.{name}", statement.value, strings, (path, members))
        elif isinstance(statement, ast.ClassDef):
            _class_docs(statement, f"{path}.{statement.name}", found, strings, depth + 1)


def _extend(node: ast.ClassDef, path: str, found: _Assigned, strings: dict[str, str]) -> None:
    """Record the docstring of a class whose body adds to it, at its top or under ``if
    __doc__:`` (true when the class has one), with texts ``_written_text`` reads: the raw
    docstring and the additions, cleaned together as inspect.getdoc cleans ``__doc__``."""
    raw = ast.get_docstring(node, clean=False)
    if raw is None:
        return
    added: list[str] = []
    statements: list[ast.stmt] = []
    for statement in node.body:  # in the order Python runs them, an ``if __doc__:``'s in place
        if (
            isinstance(statement, ast.If)
            and isinstance(statement.test, ast.Name)
            and statement.test.id == "__doc__"
        ):
            statements.extend(statement.body)
        else:
            statements.append(statement)
    for statement in statements:
        if (
            isinstance(statement, ast.AugAssign)
            and isinstance(statement.op, ast.Add)
            and isinstance(statement.target, ast.Name)
            and statement.target.id == "__doc__"
        ):
            text = _written_text(statement.value, strings)
            if text is None or len(text) + sum(map(len, added)) > MAX_TEXT_CHARS:
                return  # an addition it cannot read, or past any doc: the docstring as written
            added.append(text)
    if added:
        found[2][path] = inspect.cleandoc(raw + "".join(added))


def _class_names(node: ast.ClassDef) -> frozenset[str]:
    """The names a class body defines: its methods, nested classes and assigned names."""
    names: set[str] = set()
    for statement in node.body:
        if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(statement.name)
        elif isinstance(statement, ast.Assign):
            names.update(t.id for t in statement.targets if isinstance(t, ast.Name))
        elif isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
            names.add(statement.target.id)
    return frozenset(names)


def _keep(
    found: _Assigned,
    path: str,
    value: ast.expr,
    strings: dict[str, str],
    scope: tuple[str, frozenset[str]] | None = None,
) -> None:
    """Record what ``value`` assigns to ``path``'s ``__doc__``; ``scope``: the class whose
    body assigns it and the names it defines, where a copied name is looked up first."""
    if isinstance(value, ast.Attribute) and value.attr == "__doc__":
        copied = _dotted_name(value.value)
        if copied and scope is not None and copied.split(".")[0] in scope[1]:
            copied = f"{scope[0]}.{copied}"
        if copied:
            found[1][path] = copied
        return
    text = _written_text(value, strings)
    if text is not None and text.strip():
        found[0][path] = _PLACEHOLDER_LINE.sub("", text)


def _written_text(value: ast.expr, strings: dict[str, str], depth: int = 0) -> str | None:
    """The string literal an expression formats: ``"..."`` (or a name of the module's
    ``strings``), ``"..." % x``, ``"...".format(...)`` or ``dedent(...)`` of one; None for
    anything else."""
    if depth > 3:
        return None
    if isinstance(value, ast.Constant) and isinstance(value.value, str):
        return value.value
    if isinstance(value, ast.Name | ast.Attribute):
        return strings.get(_dotted_name(value))
    if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Add):
        left = _written_text(value.left, strings, depth + 1)
        right = _written_text(value.right, strings, depth + 1)
        if left is None or right is None or len(left) + len(right) > MAX_TEXT_CHARS:
            return None  # a module's megabyte string added to itself, eight times a line
        return left + right
    if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Mod):
        return _written_text(value.left, strings, depth + 1)
    if not isinstance(value, ast.Call):
        return None
    function = value.func
    if isinstance(function, ast.Attribute) and function.attr == "format":
        text = _written_text(function.value, strings, depth + 1)
        return None if text is None else _formatted(text, value.keywords)
    name = function.attr if isinstance(function, ast.Attribute) else ""
    name = function.id if isinstance(function, ast.Name) else name
    if name == "dedent" and value.args:  # textwrap.dedent("...") or dedent("...")
        return _written_text(value.args[0], strings, depth + 1)
    return None


def _formatted(text: str, keywords: list[ast.keyword]) -> str:
    """``text`` with the fields ``.format`` fills from literal keywords filled, its doubled
    braces single; the other fields stay as written."""
    given = {
        keyword.arg: str(keyword.value.value)
        for keyword in keywords
        if keyword.arg
        and isinstance(keyword.value, ast.Constant)
        and isinstance(keyword.value.value, str | int | float)
    }
    text = _FIELD.sub(lambda field: given.get(field.group(1), field.group(0)), text)
    return text.replace("{{", "{").replace("}}", "}")


def _dotted_name(value: ast.expr) -> str:
    """``a.b.c`` for the expression naming it so; "" for any other expression."""
    if isinstance(value, ast.Name):
        return value.id
    if isinstance(value, ast.Attribute):
        owner = _dotted_name(value.value)
        return f"{owner}.{value.attr}" if owner else ""
    return ""
