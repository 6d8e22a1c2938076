"""Read a gen-files script as text and tell whether it is mkdocstrings' API reference recipe.

mkdocstrings documents a script for the ``gen-files`` plugin (``scripts/gen_ref_pages.py``,
``gen_ref_nav.py``) that walks the package's source folder and writes, for each module, a page
``<folder>/<dotted/path>.md`` holding ``::: package.module``. docbuild never runs a project's
script: it parses it (``ast``, nothing imported or executed) and learns the few things the
recipe's variants differ in, then writes those pages itself (``builder.projects.gen_files``):

- the folder walked (the ``rglob("*.py")`` loop's receiver; ``glob("*.py")`` walks the
  folder's own modules only, as nautobot's ``Path("nautobot", "apps").glob("*.py")`` does),
  or the modules a list names one by one (Python-Markdown's ``modules =
  [base.joinpath("markdown", "util.py"), ..., *sorted(extensions.rglob("*.py"))]``, looped
  over), and the folder module paths are relative to (``path.relative_to(src)``):
  ``Path("src")`` from where MkDocs runs, ``Path(__file__).parent.parent / "src"``, names
  assigned from those (and a package named by a string constant, ``src_root / package_name``);
  or, when the walked folder is written relative to where MkDocs runs and the loop dots its
  paths as they are (``file_path.with_suffix("")``), that folder;
- the folder the pages go in (``Path("reference", doc_path)``, ``"reference/SUMMARY.md"``);
- whether private modules are left out (``parts[-1].startswith("_")``, or any part's), and
  ``__main__``;
- what a package's ``__init__`` becomes: its ``index.md``, nothing, or ``__init__.md``;
- what it writes before the dotted name: outlines walks ``src/outlines`` and writes
  ``f"::: {CODEBASE_DIR_NAME}.{ident}"``, its package's ``__init__`` being ``::: outlines``;
  and the names a module is left out for when any part of it is one
  (``if any(part in EXCLUDED_FILES for part in parts): continue``);
- whether the page has a front matter title or a heading before the block.

A script that does not read as the recipe gets a reason, never a guess.
"""

from __future__ import annotations

import ast
import os
from dataclasses import dataclass
from pathlib import Path

from builder.projects.gen_files_script import (
    assigned_paths,
    constant,
    constant_names_inlined,
    folder_value,
    is_path_class,
    module_values,
    path_value,
    string_lists,
    strings_of,
    times_bound,
)

# A recipe is a few dozen lines; a larger script is something else.
MAX_SCRIPT_BYTES = 64 * 1024


@dataclass(frozen=True)
class Recipe:
    """What a recipe script does, as far as its pages go."""

    walk: Path  # the folder whose .py files it walks (holding every module it lists)
    module_root: Path  # the folder module paths are dotted from
    doc_root: Path  # the folder page paths are relative to (most often module_root)
    output: str  # the folder under docs_dir the pages go in
    skip_private: str  # "any" part, the "last" part of a module, the "named" object's, "none"
    skip_main: bool  # __main__ left out
    packages: str  # a package's __init__: "index" (its index.md), "skip", or "init"
    title: str  # before the block: "front-matter", "heading", or "none"
    extra_options: bool  # it writes options under some blocks (not read)
    # The modules a list names, in its order (a folder: every module below it, as walked);
    # empty when the script walks ``walk`` whole.
    listed: tuple[Path, ...] = ()
    prefix: str = ""  # written before each dotted name ("outlines.")
    excluded: frozenset[str] = frozenset()  # a module with a part among these is left out
    subfolders: bool = True  # rglob("*.py") walks the folders below; glob("*.py") does not


def read_recipe(text: str, script: Path, run_folder: Path) -> Recipe | str:
    """The recipe ``text`` (the script at ``script``, run from ``run_folder``) follows, or
    why it does not read as one."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError):
        return "it is not Python this builder can parse"
    try:
        return _recipe_of(constant_names_inlined(tree), text, script, run_folder)
    except RecursionError:  # ast.parse takes deeper nesting than the readers below recurse
        return "its expressions nest deeper than this builder reads"


def _recipe_of(tree: ast.Module, text: str, script: Path, run_folder: Path) -> Recipe | str:
    if "mkdocs_gen_files" not in text or not _writes_block(tree):
        return "it writes no '::: module' pages with mkdocs_gen_files"
    names = assigned_paths(tree, script, run_folder)
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
        walk = path_value(_rglob_receiver(loop.iter, own_modules=True), names, script, run_folder)
    if walk is None:
        return "the folder it walks is not a path this builder can tell without running it"
    roots = _relative_roots(loop, names, script, run_folder)
    if _written_from_run_folder(loop.iter):
        # Path("nautobot", "apps").glob("*.py") gives paths from where MkDocs runs, which the
        # loop dots and writes under its folder as they are.
        roots.update(dict.fromkeys(_names_of_loop_path(loop), run_folder))
    module_root = _dotted_root(loop, roots)
    if module_root is None:
        return "it does not dot module names from path.relative_to(folder).parts"
    found = _output(loop, roots)
    if found is None:
        return "the folder its pages go in is not a plain string under the docs"
    output, doc_root = found
    lists = string_lists(tree)
    unread = _unread_skip(loop, lists)
    if unread:
        return f"it leaves modules out by a test this builder does not read ({unread})"
    prefix = _block_prefix(loop)
    if prefix is None:
        return "the '::: ' blocks it writes name modules in more than one way"
    strings = [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)]
    texts = [s for s in strings if isinstance(s, str)]
    return Recipe(
        walk=walk,
        module_root=module_root,
        doc_root=doc_root,
        output=output,
        skip_private=_private_rule(tree, loop),
        skip_main="__main__" in texts,
        packages=_package_rule(tree, texts),
        title=_title_rule(texts),
        extra_options=any("options:" in s for s in texts),
        listed=listed,
        prefix=prefix,
        excluded=frozenset(
            name for node in ast.walk(loop) for name in _excluded_parts(node, lists) or ()
        ),
        subfolders=_glob_receiver(loop.iter) is None,
    )


def _writes_block(tree: ast.AST) -> bool:
    return any(
        isinstance(node, ast.Constant) and isinstance(node.value, str) and ":::" in node.value
        for node in ast.walk(tree)
    )


def _module_loop(tree: ast.AST) -> ast.For | None:
    for node in ast.walk(tree):
        if isinstance(node, ast.For) and _rglob_receiver(node.iter, own_modules=True) is not None:
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
        for name, value in module_values(tree).items()
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
                path = path_value(_rglob_receiver(item.value), names, script, run_folder)
            else:
                path = path_value(item, names, script, run_folder)
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
    if times_bound(tree).get(name, 0) > 1:
        return True
    return any(
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == name
        and node.func.attr in ("append", "extend", "insert")
        for node in ast.walk(tree)
    )


def _rglob_receiver(node: ast.expr, own_modules: bool = False) -> ast.expr | None:
    """``X`` of ``sorted(X.rglob("*.py"))`` or ``X.rglob("*.py")`` (or ``glob("**/*.py")``);
    with ``own_modules``, of ``X.glob("*.py")`` too."""
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
    if own_modules and (method, glob) == ("glob", "*.py"):
        return node.func.value
    return None


def _glob_receiver(node: ast.expr) -> ast.expr | None:
    """``X`` of ``X.glob("*.py")``, which walks ``X``'s own modules only; None otherwise."""
    if _rglob_receiver(node) is not None:
        return None
    return _rglob_receiver(node, own_modules=True)


def _written_from_run_folder(node: ast.expr) -> bool:
    """Whether the loop walks a folder written as a relative path of string constants
    (``Path("nautobot", "apps")``), so its paths are relative to where MkDocs runs."""
    receiver = _rglob_receiver(node, own_modules=True)
    if not (isinstance(receiver, ast.Call) and is_path_class(receiver.func) and receiver.args):
        return False
    texts = [constant(arg) for arg in receiver.args]
    first = texts[0]
    return None not in texts and first is not None and not first.startswith(("/", "~"))


def _names_of_loop_path(loop: ast.For) -> list[str]:
    """The loop's names assigned its own path, maybe renamed (``path.with_suffix("")``)."""
    if not isinstance(loop.target, ast.Name):
        return []
    return [
        node.targets[0].id
        for node in ast.walk(loop)
        if isinstance(node, ast.Assign)
        and len(node.targets) == 1
        and isinstance(node.targets[0], ast.Name)
        and isinstance(value := _without_renames(node.value), ast.Name)
        and value.id == loop.target.id
    ]


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
            and (folder := folder_value(value.args[0], names, script, run_folder)) is not None
        ):
            roots[target.id] = folder
    return roots


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
            and constant(node.func.value) == "."
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
            value = value.args[0] if value.func.id in ("tuple", "list") and value.args else value
        if isinstance(value, ast.Attribute) and value.attr == "parts":
            source = _without_renames(value.value)
            if isinstance(source, ast.Name) and source.id in roots:
                return roots[source.id]
    return None


def _output(loop: ast.For, roots: dict[str, Path]) -> tuple[str, Path] | None:
    """The folder of ``Path("reference", doc_path)`` (or ``Path("reference") / doc_path``) in
    the loop, and the folder ``doc_path`` is relative to."""
    for node in ast.walk(loop):
        if isinstance(node, ast.Call) and is_path_class(node.func) and len(node.args) >= 2:
            *folders, last = node.args
        elif (
            isinstance(node, ast.BinOp)
            and isinstance(node.op, ast.Div)
            and isinstance(node.left, ast.Call)
            and is_path_class(node.left.func)
        ):
            folders, last = list(node.left.args), node.right
        else:
            continue
        texts = [constant(f) for f in folders]
        if not isinstance(last, ast.Name) or last.id not in roots or None in texts or not texts:
            continue
        folder = "/".join(t.strip("/") for t in texts if t is not None)
        if folder and ".." not in folder.split("/") and not folder.startswith("/"):
            return folder, roots[last.id]
    return None


# The only constants a test that leaves a module out may compare with: the recipe's own.
_READ_SKIP_CONSTANTS = frozenset({"__init__", "__init__.py", "__main__", "__pycache__", "_"})


def _unread_skip(loop: ast.For, lists: dict[str, frozenset[str]]) -> str:
    """The first test in the loop that ends in ``continue`` on a rule other than the recipe's
    (``__init__``, ``__main__``, private names, names in a list), as source text; "" when
    there is none."""
    for node in ast.walk(loop):
        if not (isinstance(node, ast.If) and _continues(node.body)):
            continue
        if _excluded_parts(node, lists) is not None:
            continue
        for leaf in ast.walk(node.test):
            if (
                isinstance(leaf, ast.Constant)
                and isinstance(leaf.value, str)
                and leaf.value not in _READ_SKIP_CONSTANTS
            ):
                return ast.unparse(node.test)[:80]
    return ""


def _excluded_parts(node: ast.AST, lists: dict[str, frozenset[str]]) -> frozenset[str] | None:
    """The names of ``if any(part in NAMES for part in parts): continue`` (``NAMES`` a list
    bound once, or written there); None for any other statement."""
    if not (isinstance(node, ast.If) and _continues(node.body) and not node.orelse):
        return None
    test = node.test
    if not (
        isinstance(test, ast.Call)
        and isinstance(test.func, ast.Name)
        and test.func.id == "any"
        and len(test.args) == 1
        and isinstance(generator := test.args[0], ast.GeneratorExp)
        and len(generator.generators) == 1
        and isinstance(generator.generators[0].target, ast.Name)
        and isinstance(compare := generator.elt, ast.Compare)
        and isinstance(compare.left, ast.Name)
        and compare.left.id == generator.generators[0].target.id
        and len(compare.ops) == 1
        and isinstance(compare.ops[0], ast.In)
    ):
        return None
    names = compare.comparators[0]
    if isinstance(names, ast.Name):
        return lists.get(names.id)
    return strings_of(names)


def _block_prefix(loop: ast.For) -> str | None:
    """What the loop's f-strings write between ``:::`` and the dotted name they fill in: ""
    for the recipe's ``f"::: {ident}"``, ``"outlines."`` for ``f"::: {PACKAGE}.{ident}"``
    (a string constant); None when two blocks write different ones. A block that fills in no
    name (outlines' ``f"::: {PACKAGE}"`` for the package itself) says nothing of the rest."""
    prefixes: set[str] = set()
    for node in ast.walk(loop):
        if not isinstance(node, ast.JoinedStr):
            continue
        values = node.values
        opening = [
            (i, str(value.value))
            for i, value in enumerate(values)
            if isinstance(value, ast.Constant) and ":::" in str(value.value)
        ]
        if not opening:
            continue
        index, written_before = opening[-1]
        text = written_before.rpartition(":::")[2]
        for value in values[index + 1 :]:
            if isinstance(value, ast.FormattedValue) and isinstance(value.value, ast.Name):
                prefixes.add(text.strip())
                break
            written = value.value if isinstance(value, ast.FormattedValue) else value
            if not isinstance(written, ast.Constant):
                return None
            text += str(written.value)
    if len(prefixes) > 1:
        return None
    return prefixes.pop() if prefixes else ""


def _continues(body: list[ast.stmt]) -> bool:
    return any(isinstance(statement, ast.Continue) for statement in body)


def _private_rule(tree: ast.AST, loop: ast.For) -> str:
    """ "any" when the script tests ``startswith("_")`` inside ``any(...)``; "named" when it
    tests it in an ``if`` of its own after the one that renames a package's ``__init__``, so
    on the name the page is for, a package's too (app-model's gen_ref_nav.py leaves its
    private ``types/_keys`` package out); "last" when it tests it otherwise (the recipe's
    ``elif``, on a module's own name); else "none"."""
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
    return "named" if rule == "last" and _tests_after_rename(loop) else rule


def _tests_after_rename(loop: ast.For) -> bool:
    """Whether the loop's body tests ``startswith("_")`` in an ``if`` that ends in
    ``continue`` after the ``if`` that tests for ``__init__``."""
    renamed = False
    for statement in loop.body:
        if not isinstance(statement, ast.If):
            continue
        tests_private = any(_tests_private(node) for node in ast.walk(statement.test))
        if renamed and tests_private and _continues(statement.body):
            return True
        renamed = renamed or any(
            isinstance(node, ast.Constant) and node.value == "__init__"
            for node in ast.walk(statement.test)
        )
    return False


def _tests_private(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "startswith"
        and len(node.args) == 1
        and constant(node.args[0]) == "_"
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
