"""Whether the content of a directive docbuild does not know is Python source.

A project's own directive that shows code and what it draws (bokeh's ``.. bokeh-plot::``, a
``.. jupyter-execute::``) holds Python, not reST; read as paragraphs, its lines ran into one
and a comment swallowed the code after it ("# create a figure p = figure(...)"). Content
counts as Python when it parses as Python and does something: imports, binds a name, defines
or calls. A lone word or a dotted name parses too, and is read as text, as are "Name: value"
lines, which parse as bare annotations.
"""

from __future__ import annotations

import ast
import warnings

# Longer content is not parsed: a directive's example is a few dozen lines.
MAX_PYTHON_CHARS = 64 * 1024
_STATEMENTS = (
    ast.Import, ast.ImportFrom, ast.Assign, ast.AugAssign, ast.FunctionDef,
    ast.AsyncFunctionDef, ast.ClassDef, ast.For, ast.AsyncFor, ast.While, ast.With,
    ast.AsyncWith, ast.If, ast.Try,
)  # fmt: skip


def is_python_source(content: tuple[str, ...]) -> bool:
    """Whether ``content`` (a directive's dedented lines) is Python that does something."""
    source = "\n".join(content)
    if not source.strip() or len(source) > MAX_PYTHON_CHARS:
        return False
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # invalid escapes in prose-like strings
            tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return any(
        isinstance(node, _STATEMENTS)
        # "Default: None", "Type: int": a bare annotation parses as a field written in prose.
        or (isinstance(node, ast.AnnAssign) and node.value is not None)
        or (isinstance(node, ast.Expr) and isinstance(node.value, ast.Call))
        for node in tree.body
    )
