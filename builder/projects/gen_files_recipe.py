"""Read a gen-files script as text and tell whether it is mkdocstrings' API reference recipe.

mkdocstrings documents a script for the ``gen-files`` plugin (``scripts/gen_ref_pages.py``,
``gen_ref_nav.py``) that walks the package's source folder and writes, for each module, a page
``<folder>/<dotted/path>.md`` holding ``::: package.module``. docbuild never runs a project's
script: it parses it (``ast``, nothing imported or executed) and learns the few things the
recipe's variants differ in, then writes those pages itself (``builder.projects.gen_files``):

- the folder walked (the ``rglob("*.py")`` loop's receiver), or the modules a list names one
  by one (Python-Markdown's ``modules = [base.joinpath("markdown", "util.py"), ...,
  *sorted(extensions.rglob("*.py"))]``, looped over), and the folder module paths are
  relative to (``path.relative_to(src)``): ``Path("src")`` from where MkDocs runs,
  ``Path(__file__).parent.parent / "src"``, names assigned from those (and a package named
  by a string constant, ``src_root / package_name``);
- the folder the pages go in (``Path("reference", doc_path)``, ``"reference/SUMMARY.md"``);
- whether private modules are left out (``parts[-1].startswith("_")``, or any part's), and
  ``__main__``;
- what a package's ``__init__`` becomes: its ``index.md``, nothing, or ``__init__.md``;
- whether the page has a front matter title or a heading before the block.

A script that does not read as the recipe gets a reason, never a guess.
"""

from __future__ import annotations

import ast
import os
from dataclasses import dataclass
from pathlib import Path

# A recipe is a few dozen lines; a larger script is something else.
MAX_SCRIPT_BYTES = 64 * 1024


@dataclass(frozen=True)
class Recipe:
    """What a recipe script does, as far as its pages go."""

    walk: Path  # the folder whose .py files it walks (holding every module it lists)
    module_root: Path  # the folder module paths are dotted from
    doc_root: Path  # the folder page paths are relative to (most often module_root)
    output: str  # the folder under docs_dir the pages go in
    skip_private: str  # "any" part, the "last" part, or "none"
    skip_main: bool  # __main__ left out
    packages: str  # a package's __init__: "index" (its index.md), "skip", or "init"
    title: str  # before the block: "front-matter", "heading", or "none"
    extra_options: bool  # it writes options under some blocks (not read)
    # The modules a list names, in its order (a folder: every module below it, as walked);
    # empty when the script walks ``walk`` whole.
    listed: tuple[Path, ...] = ()


def read_recipe(text: str, script: Path, run_folder: Path) -> Recipe | str:
    """The recipe ``text`` (the script at ``script``, run from ``run_folder``) follows, or
    why it does not read as one."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError):
        return "it is not Python this builder can parse"
    try:
        return _recipe_of(_constant_names_inlined(tree), text, script, run_folder)
    except RecursionError:  # ast.parse takes deeper nesting than the readers below recurse
        return "its expressions nest deeper than this builder reads"


def _constant_names_inlined(tree: ast.Module) -> ast.Module:
    """``tree`` with each name that one module-level assignment binds to a string, and
    nothing rebinds, read as that string: bump-my-version's ``package_name = "bumpversion"``,
    walked as ``src_root / package_name``."""
    bound = _times_bound(tree)
    strings = {
        name: value.value
        for name, value in _module_values(tree).items()
        if isinstance(value, ast.Constant) and isinstance(value.value, str) and bound.get(name) == 1
    }
    if not strings:
        return tree

    class Inline(ast.NodeTransformer):
        def visit_Name(self, node: ast.Name) -> ast.expr:
            if isinstance(node.ctx, ast.Load) and node.id in strings:
                return ast.copy_location(ast.Constant(strings[node.id]), node)
            return node

    inlined = Inline().visit(tree)
    return ast.fix_missing_locations(inlined) if isinstance(inlined, ast.Module) else tree


def _times_bound(tree: ast.AST) -> dict[str, int]:
    """How many times the script binds (or deletes) each name, anywhere in it."""
    bound: dict[str, int] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            bound[node.id] = bound.get(node.id, 0) + 1
    return bound


def _module_values(tree: ast.Module) -> dict[str, ast.expr]:
    """What each module-level ``name = value`` statement binds (a later one wins)."""
    return {
        target.id: statement.value
        for statement in tree.body
        if isinstance(statement, ast.Assign)
        and len(statement.targets) == 1
        and isinstance(target := statement.targets[0], ast.Name)
    }


def _recipe_of(tree: ast.Module, text: str, script: Path, run_folder: Path) -> Recipe | str:
    if "mkdocs_gen_files" not in text or not _writes_block(tree):
        return "it writes no '::: module' pages with mkdocs_gen_files"
    names = _assigned_paths(tree, script, run_folder)
    loop = _module_loop(tree)
    listed: tuple[Path, ...] = ()
    if loop is None:
        found_list = _listed_modules(tree, names, script, run_folder)
        if found_list is None:
            return "it has no loop over a folder's rglob('*.py') or over a list of modules"
        if isinstance(found_list, str):
            return found_list
        loop, listed = found_list
        walk: Path | None = Path(os.path.commonpath(
            [path if path.suffix != ".py" else path.parent for path in listed]
        ))  # fmt: skip
    else:
        walk = _path_value(_rglob_receiver(loop.iter), names, script, run_folder)
    if walk is None:
        return "the folder it walks is not a path this builder can tell without running it"
    roots = _relative_roots(loop, names, script, run_folder)
    module_root = _dotted_root(loop, roots)
    if module_root is None:
        return "it does not dot module names from path.relative_to(folder).parts"
    found = _output(loop, roots)
    if found is None:
        return "the folder its pages go in is not a plain string under the docs"
    output, doc_root = found
    unread = _unread_skip(loop)
    if unread:
        return f"it leaves modules out by a test this builder does not read ({unread})"
    strings = [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)]
    texts = [s for s in strings if isinstance(s, str)]
    return Recipe(
        walk=walk,
        module_root=module_root,
        doc_root=doc_root,
        output=output,
        skip_private=_private_rule(tree),
        skip_main="__main__" in texts,
        packages=_package_rule(tree, texts),
        title=_title_rule(texts),
        extra_options=any("options:" in s for s in texts),
        listed=listed,
    )


def _writes_block(tree: ast.AST) -> bool:
    return any(
        isinstance(node, ast.Constant) and isinstance(node.value, str) and ":::" in node.value
        for node in ast.walk(tree)
    )


def _module_loop(tree: ast.AST) -> ast.For | None:
    for node in ast.walk(tree):
        if isinstance(node, ast.For) and _rglob_receiver(node.iter) is not None:
            return node
    return None


def _listed_modules(
    tree: ast.Module, names: dict[str, Path], script: Path, run_folder: Path
) -> tuple[ast.For, tuple[Path, ...]] | str | None:
    """A loop over a module-level list of module paths (``base.joinpath("pkg", "util.py")``)
    and walks (``*sorted(folder.rglob("*.py"))``), and what the list names; None when the
    script loops over no such list; why not, when the list is not one this builder can read
    as written (an item it cannot tell, or a list changed after it is built)."""
    lists = {
        name: value.elts
        for name, value in _module_values(tree).items()
        if isinstance(value, ast.List | ast.Tuple)
    }
    for node in ast.walk(tree):
        if not (isinstance(node, ast.For) and isinstance(node.iter, ast.Name)):
            continue
        items = lists.get(node.iter.id)
        if not items:
            continue
        if _changed(tree, node.iter.id):
            return (
                f"the list of modules it loops over ({node.iter.id}) is changed after it is"
                " built, which this builder does not follow"
            )
        listed = []
        for item in items:
            if isinstance(item, ast.Starred):
                path = _path_value(_rglob_receiver(item.value), names, script, run_folder)
            else:
                path = _path_value(item, names, script, run_folder)
                path = path if path is not None and path.suffix == ".py" else None
            if path is None:
                return (
                    f"an item of the list of modules it loops over ({ast.unparse(item)[:60]})"
                    " is not a path this builder can tell without running it"
                )
            listed.append(path)
        return node, tuple(listed)
    return None


def _changed(tree: ast.Module, name: str) -> bool:
    """Whether the script binds ``name`` more than once (``+=`` too), or changes the list it
    holds (``append``, ``extend``, ``insert``)."""
    if _times_bound(tree).get(name, 0) > 1:
        return True
    return any(
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == name
        and node.func.attr in ("append", "extend", "insert")
        for node in ast.walk(tree)
    )


def _rglob_receiver(node: ast.expr) -> ast.expr | None:
    """``X`` of ``sorted(X.rglob("*.py"))`` or ``X.rglob("*.py")`` (or ``glob("**/*.py")``)."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "sorted":
        node = node.args[0] if node.args else node
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
        return None
    pattern = node.args[0] if node.args else None
    if not (isinstance(pattern, ast.Constant) and isinstance(pattern.value, str)):
        return None
    method, glob = node.func.attr, pattern.value
    if (method, glob) in (("rglob", "*.py"), ("glob", "**/*.py")):
        return node.func.value
    return None


def _assigned_paths(tree: ast.Module, script: Path, run_folder: Path) -> dict[str, Path]:
    """The paths the script's plain ``name = <path>`` assignments give, in source order."""
    names: dict[str, Path] = {}
    assigns = [n for n in ast.walk(tree) if isinstance(n, ast.Assign | ast.AnnAssign)]
    for node in sorted(assigns, key=lambda n: (n.lineno, n.col_offset)):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        if len(targets) != 1 or not isinstance(targets[0], ast.Name) or node.value is None:
            continue
        value = _path_value(node.value, names, script, run_folder)
        if value is not None:
            names[targets[0].id] = value
        else:
            names.pop(targets[0].id, None)
    return names


def _path_value(
    node: ast.expr | None, names: dict[str, Path], script: Path, run_folder: Path
) -> Path | None:
    """The path an expression names, when it is built only from ``__file__``, string
    constants, ``Path``, ``.parent``, ``.parents[n]``, ``.resolve()``, ``/`` and names
    assigned from those; None for anything else."""
    if node is None:
        return None
    if isinstance(node, ast.Name):
        return names.get(node.id)
    if isinstance(node, ast.Call) and _is_path_class(node.func):
        if not node.args:
            return run_folder
        first = node.args[0]
        if isinstance(first, ast.Name) and first.id == "__file__":
            base: Path | None = script
        else:
            base = _relative(_constant(first), run_folder)
        return _joined(base, node.args[1:])
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        receiver = _path_value(node.func.value, names, script, run_folder)
        if node.func.attr in ("resolve", "absolute") and not node.args:
            return receiver
        if node.func.attr == "joinpath":
            return _joined(receiver, node.args)
        return None
    if isinstance(node, ast.Attribute) and node.attr == "parent":
        receiver = _path_value(node.value, names, script, run_folder)
        return receiver.parent if receiver is not None else None
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute):
        index = _constant(node.slice)
        if node.value.attr == "parents" and index is not None and index.isdigit():
            receiver = _path_value(node.value.value, names, script, run_folder)
            if receiver is not None and int(index) < len(receiver.parents):
                return receiver.parents[int(index)]
        return None
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
        return _joined(_path_value(node.left, names, script, run_folder), [node.right])
    return None


def _is_path_class(node: ast.expr) -> bool:
    if isinstance(node, ast.Name):
        return node.id in ("Path", "PurePath")
    return isinstance(node, ast.Attribute) and node.attr in ("Path", "PurePath")


def _constant(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str | int):
        return str(node.value)
    return None


def _relative(part: str | None, run_folder: Path) -> Path | None:
    return run_folder / part if part is not None else None


def _joined(base: Path | None, parts: list[ast.expr]) -> Path | None:
    for part in parts:
        text = _constant(part)
        if base is None or text is None:
            return None
        base = base / text
    return base


def _relative_roots(
    loop: ast.For, names: dict[str, Path], script: Path, run_folder: Path
) -> dict[str, Path]:
    """The loop's names that hold ``path.relative_to(folder)`` (``path`` the loop's own
    variable), maybe with ``with_suffix``/``with_name``/``with_stem`` after it: each name's
    folder."""
    roots: dict[str, Path] = {}
    if not isinstance(loop.target, ast.Name):
        return roots
    assigns = [n for n in ast.walk(loop) if isinstance(n, ast.Assign) and len(n.targets) == 1]
    for node in sorted(assigns, key=lambda n: (n.lineno, n.col_offset)):
        target, value = node.targets[0], _without_renames(node.value)
        if not isinstance(target, ast.Name):
            continue
        if isinstance(value, ast.Name) and value.id in roots:
            roots[target.id] = roots[value.id]
        elif (
            isinstance(value, ast.Call)
            and isinstance(value.func, ast.Attribute)
            and value.func.attr == "relative_to"
            and isinstance(value.func.value, ast.Name)
            and value.func.value.id == loop.target.id
            and len(value.args) == 1
            and (folder := _folder_value(value.args[0], names, script, run_folder)) is not None
        ):
            roots[target.id] = folder
    return roots


def _folder_value(
    node: ast.expr, names: dict[str, Path], script: Path, run_folder: Path
) -> Path | None:
    """A path expression, or a plain string (``relative_to(".")``) from where MkDocs runs."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return run_folder / node.value
    return _path_value(node, names, script, run_folder)


def _without_renames(node: ast.expr) -> ast.expr:
    """``X`` of ``X.with_suffix(...)``, ``X.with_name(...)``, ``X.with_stem(...)``."""
    while (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in ("with_suffix", "with_name", "with_stem")
    ):
        node = node.func.value
    return node


def _dotted_root(loop: ast.For, roots: dict[str, Path]) -> Path | None:
    """The folder of the path whose ``.parts`` the ``".".join(parts)`` identifier is made of."""
    joined = None
    for node in ast.walk(loop):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "join"
            and _constant(node.func.value) == "."
            and len(node.args) == 1
            and isinstance(node.args[0], ast.Name)
        ):
            joined = node.args[0].id
    if joined is None:
        return None
    for node in ast.walk(loop):
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1):
            continue
        target, value = node.targets[0], node.value
        if not (isinstance(target, ast.Name) and target.id == joined):
            continue
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Name):
            value = value.args[0] if value.func.id == "tuple" and value.args else value
        if isinstance(value, ast.Attribute) and value.attr == "parts":
            source = _without_renames(value.value)
            if isinstance(source, ast.Name) and source.id in roots:
                return roots[source.id]
    return None


def _output(loop: ast.For, roots: dict[str, Path]) -> tuple[str, Path] | None:
    """The folder of ``Path("reference", doc_path)`` (or ``Path("reference") / doc_path``) in
    the loop, and the folder ``doc_path`` is relative to."""
    for node in ast.walk(loop):
        if isinstance(node, ast.Call) and _is_path_class(node.func) and len(node.args) >= 2:
            *folders, last = node.args
        elif (
            isinstance(node, ast.BinOp)
            and isinstance(node.op, ast.Div)
            and isinstance(node.left, ast.Call)
            and _is_path_class(node.left.func)
        ):
            folders, last = list(node.left.args), node.right
        else:
            continue
        texts = [_constant(f) for f in folders]
        if not isinstance(last, ast.Name) or last.id not in roots or None in texts or not texts:
            continue
        folder = "/".join(t.strip("/") for t in texts if t is not None)
        if folder and ".." not in folder.split("/") and not folder.startswith("/"):
            return folder, roots[last.id]
    return None


# The only constants a test that leaves a module out may compare with: the recipe's own.
_READ_SKIP_CONSTANTS = frozenset({"__init__", "__init__.py", "__main__", "__pycache__", "_"})


def _unread_skip(loop: ast.For) -> str:
    """The first test in the loop that ends in ``continue`` on a rule other than the recipe's
    (``__init__``, ``__main__``, private names), as source text; "" when there is none."""
    for node in ast.walk(loop):
        if not (isinstance(node, ast.If) and _continues(node.body)):
            continue
        for leaf in ast.walk(node.test):
            if (
                isinstance(leaf, ast.Constant)
                and isinstance(leaf.value, str)
                and leaf.value not in _READ_SKIP_CONSTANTS
            ):
                return ast.unparse(node.test)[:80]
    return ""


def _continues(body: list[ast.stmt]) -> bool:
    return any(isinstance(statement, ast.Continue) for statement in body)


def _private_rule(tree: ast.AST) -> str:
    """ "any" when the script tests ``startswith("_")`` inside ``any(...)``, "last" when it
    tests it on its own, else "none"."""
    rule = "none"
    for node in ast.walk(tree):
        if _tests_private(node):
            rule = "last"
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "any"
            and any(_tests_private(n) for n in ast.walk(node))
        ):
            return "any"
    return rule


def _tests_private(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "startswith"
        and len(node.args) == 1
        and _constant(node.args[0]) == "_"
    )


def _package_rule(tree: ast.AST, texts: list[str]) -> str:
    """What a package's ``__init__`` becomes: nothing when the branch that tests for it ends
    in ``continue``, else its folder's ``index.md`` when the script names an index, else a
    page of its own."""
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and any(
            isinstance(n, ast.Constant) and n.value == "__init__" for n in ast.walk(node.test)
        ):
            if _continues(node.body):
                return "skip"
            break
    if any(s in ("index", "index.md") for s in texts):
        return "index"
    return "init"


def _title_rule(texts: list[str]) -> str:
    if any("title:" in s for s in texts):
        return "front-matter"
    if any(s.lstrip("\n").startswith("# ") for s in texts):
        return "heading"
    return "none"
