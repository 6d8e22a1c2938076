"""Read whether a Sphinx conf.py renders each page as a Jinja template, and with what context.

The recipe (Eric Holscher's "Integrating Jinja and reST"; PyTorch Geometric, Shapely) is a
handler of Sphinx's ``source-read`` event that renders the page's text before Sphinx reads it::

    def rst_jinja_render(app, _, source):
        rst_context = {"torch_geometric": torch_geometric}
        source[0] = app.builder.templates.render_string(source[0], rst_context)

    def setup(app):
        app.connect("source-read", rst_jinja_render)

The context is a dict literal, a name the handler or the file binds to one, or conf.py's
``html_context`` (``app.config.html_context``). Of its entries, those whose value is a module
the file imports (or a dotted name inside one) are read, as (variable, dotted path); a function
of conf.py's own would have to run, and is left out. builder.parsers.rst.page_templates expands
the pages' loops over lists in that code.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence

from builder.sphinx_conf import MAX_CONF_BYTES

_EVENT = "source-read"


def page_template_context(conf_source: str) -> tuple[tuple[str, str], ...] | None:
    """The (variable, dotted path) pairs of the modules in the Jinja context the conf.py's
    ``source-read`` handler renders pages with; None when it renders none so."""
    if len(conf_source) > MAX_CONF_BYTES or "render_string" not in conf_source:
        return None
    try:
        tree = ast.parse(conf_source)
    except (SyntaxError, ValueError, RecursionError):
        return None
    try:
        return _context_of(tree)
    except RecursionError:
        return None


def _context_of(tree: ast.Module) -> tuple[tuple[str, str], ...] | None:
    connected = _connected_handlers(tree)
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef) or function.name not in connected:
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.Call) and _renders_source(node):
                context = _dict_of(node.args[1], function, tree)
                if context is None:
                    return ()
                imports = _imported(tree)
                pairs = ((key, _dotted(value, imports)) for key, value in context)
                return tuple((key, path) for key, path in pairs if path)
    return None


def _connected_handlers(tree: ast.Module) -> set[str]:
    """The names of the functions ``app.connect("source-read", name)`` connects."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "connect"
            and len(node.args) >= 2
            and isinstance(node.args[0], ast.Constant)
            and node.args[0].value == _EVENT
            and isinstance(node.args[1], ast.Name)
        ):
            names.add(node.args[1].id)
    return names


def _renders_source(node: ast.Call) -> bool:
    """Whether ``node`` is ``....render_string(source[0], context)``."""
    return (
        isinstance(node.func, ast.Attribute)
        and node.func.attr == "render_string"
        and len(node.args) == 2
        and isinstance(node.args[0], ast.Subscript)
        and isinstance(node.args[0].slice, ast.Constant)
        and node.args[0].slice.value == 0
    )


def _dict_of(
    node: ast.expr, function: ast.FunctionDef, tree: ast.Module
) -> list[tuple[str, ast.expr]] | None:
    """The entries of the dict literal ``node`` is, or names (bound in ``function``, else at
    the file's top level), or conf.py's ``html_context`` when it is ``app.config.html_context``."""
    if isinstance(node, ast.Attribute) and node.attr == "html_context":
        node = _bound_dict(tree.body, "html_context") or node
    elif isinstance(node, ast.Name):
        local = sorted(
            (n for n in ast.walk(function) if isinstance(n, ast.Assign)), key=lambda n: n.lineno
        )
        bound = _bound_dict(local, node.id) or _bound_dict(tree.body, node.id)
        if bound is None:
            return None
        node = bound
    if not isinstance(node, ast.Dict):
        return None
    return [
        (key.value, value)
        for key, value in zip(node.keys, node.values, strict=True)
        if isinstance(key, ast.Constant) and isinstance(key.value, str)
    ]


def _bound_dict(body: Sequence[ast.stmt], name: str) -> ast.Dict | None:
    """The dict literal the last assignment to ``name`` among ``body``'s statements binds."""
    found: ast.Dict | None = None
    for statement in body:
        if (
            isinstance(statement, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == name for t in statement.targets)
            and isinstance(statement.value, ast.Dict)
        ):
            found = statement.value
    return found


def _imported(tree: ast.Module) -> dict[str, str]:
    """What each name the file's imports bind is: ``import a.b as c`` binds c to a.b,
    ``import a.b`` binds a, ``from a import b`` binds b to a.b."""
    names: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    names[alias.asname] = alias.name
                else:
                    top = alias.name.partition(".")[0]
                    names[top] = top
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                if alias.name != "*":
                    names[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    return names


def _dotted(node: ast.expr, imports: dict[str, str]) -> str:
    """The dotted path ``node`` names (``torch_geometric``, ``brainsets.taxonomy``) when its
    first name is one the file imports; else ""."""
    attributes: list[str] = []
    while isinstance(node, ast.Attribute):
        attributes.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name) or node.id not in imports:
        return ""
    return ".".join([imports[node.id], *reversed(attributes)])
