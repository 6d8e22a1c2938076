"""A markdown-exec block that prints the reference of the project's argparse parser, read as
sphinx-argparse's ``.. argparse::`` over the function that builds it.

git-changelog's CLI reference page is one such block: it imports ``get_parser`` from the
package, builds the parser and prints its options as Markdown. markdown-exec runs it at build
time and shows only what it prints, so the page read as nothing; the parser the function
builds is read from the code instead (builder.parsers.rst.argparse_directive), as a
``{argparse}`` fence naming it is.
"""

from __future__ import annotations

import ast
import re

from builder.parsers.markdown.code_blocks import runs_unshown

# A name that says it holds, or builds, a parser.
_PARSER_NAME = re.compile(r"parser", re.IGNORECASE)
# Blocks longer than this are not read for one (a page's script is a few dozen lines).
MAX_BLOCK_CHARS = 64 * 1024


def exec_parser_function(info: str, code: str) -> str | None:
    """The dotted path of the function (``package.get_parser``) whose parser a Python block
    markdown-exec runs builds and prints, or None: the block imports it from a module
    (``from git_changelog import get_parser``) and calls it with no arguments into a name
    (``parser = get_parser()``), the function's name or that name saying it is a parser."""
    language = info.split(maxsplit=1)[0] if info.strip() else ""
    if language not in ("python", "py") or not runs_unshown(info) or len(code) > MAX_BLOCK_CHARS:
        return None
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError, RecursionError):
        return None
    imported = {
        alias.asname or alias.name: f"{node.module}.{alias.name}"
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and node.module and not node.level
        for alias in node.names
    }
    for node in tree.body:
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1):
            continue
        target, call = node.targets[0], node.value
        if not (
            isinstance(target, ast.Name)
            and isinstance(call, ast.Call)
            and isinstance(call.func, ast.Name)
            and not call.args
            and not call.keywords
            and call.func.id in imported
        ):
            continue
        if _PARSER_NAME.search(call.func.id) or _PARSER_NAME.search(target.id):
            return imported[call.func.id]
    return None
