"""The API pages sphinx-apidoc writes when conf.py runs it, written from the code's layout.

PyScaffold's template (and every project made from it) runs sphinx-apidoc from conf.py,
``apidoc.main(f"sphinx-apidoc ... -o {output_dir} {module_dir}".split(" "))`` with both
folders joined to conf.py's own; sphinxcontrib-apidoc runs it for ``apidoc_module_dir`` and
``apidoc_output_dir`` (default ``api``), and Sphinx's own ``sphinx.ext.apidoc`` (8.2 on) for
each item of ``apidoc_modules``. The index's toctree names ``api/modules``, but no page
is in the docs folder, so the whole API reference was missing. Here the pages are those
sphinx-apidoc writes by default: ``modules.rst``, a toctree of the top package, and a page per
package, ``<package>.rst``, its subpackages in a toctree, each module's ``automodule`` under a
"<module> module" heading, then the package's own (a page per module with ``--separate``,
the package's own first with ``--module-first``).

Only what conf.py states is read (``ast``, never run): paths given as strings, joined to
``os.path.dirname(__file__)`` or ``Path(__file__).parent``, and the command as a string (an
f-string of those paths, or a template their ``.format`` fills) or a list.
"""

from __future__ import annotations

import ast
import posixpath
import re
import shlex
from collections.abc import Sequence
from fnmatch import fnmatch
from pathlib import Path

from builder.projects.gen_files import MAX_GENERATED_PAGES, GeneratedPage, inside_folder
from builder.projects.sphinx_autoapi import AutoapiPages, digest, module_names
from builder.sphinx_conf import SphinxConf

EXTENSION = "sphinxcontrib.apidoc"
# Sphinx's own (8.2 on): a run per item of apidoc_modules, its defaults in apidoc_* settings.
BUILTIN_EXTENSION = "sphinx.ext.apidoc"
_BUILTIN_FLAGS = {"separate_modules": "--separate", "include_private": "--private",
                  "module_first": "--module-first",
                  "implicit_namespaces": "--implicit-namespaces"}  # fmt: skip
DEFAULT_OUTPUT = "api"
# SPHINX_APIDOC_OPTIONS' default: what each automodule shows; --private adds private members.
_OPTIONS = "   :members:\n   :undoc-members:\n   :show-inheritance:\n"
_PRIVATE_OPTION = "   :private-members:\n"
_SEPARATE = ("-e", "--separate")
_PRIVATE = ("-P", "--private")
_NO_TOC = ("-T", "--no-toc")
_IMPLICIT_NAMESPACES = "--implicit-namespaces"
_MODULE_FIRST = ("-M", "--module-first")
_VALUED = ("-o", "--output-dir", "-d", "--maxdepth", "-s", "--suffix", "-H", "--doc-project",
           "-A", "--doc-author", "-V", "--doc-version", "-R", "--doc-release", "--tocfile",
           "-t", "--templatedir")  # fmt: skip
# A "{name}" or "{}" field of a str.format template.
_PLACEHOLDER = re.compile(r"\{\w*\}")


def apidoc_pages(conf: SphinxConf, source: str, docs: Path, bound: Path) -> AutoapiPages:
    """The pages sphinx-apidoc would write for the conf.py ``source`` (read as ``conf``) of
    the docs in ``docs``; code outside ``bound`` (the project) is not read."""
    names = conf.extension_names()
    runs = _builtin_runs(conf) if BUILTIN_EXTENSION in names else []
    arguments = _extension_arguments(conf, source) if EXTENSION in names else None
    if not runs and arguments is None:
        arguments = command_arguments(source)
    runs += [arguments] if arguments is not None else []
    written = [_run(run, docs, bound) for run in runs]
    return AutoapiPages(
        tuple(page for run in written for page in run.pages),
        tuple(source for run in written for source in run.sources),
        tuple(note for run in written for note in run.notes),
    )


def _run(arguments: Sequence[str], docs: Path, bound: Path) -> AutoapiPages:
    """The pages one sphinx-apidoc run with ``arguments`` writes."""
    output, module, excluded, flags = _read_arguments(arguments)
    written = posixpath.normpath(output.strip("/")) if output else ""
    if not written or written.startswith("..") or not module:
        return AutoapiPages(notes=("sphinx-apidoc: no output folder or module folder read",))
    folder = Path(posixpath.normpath((docs / module).as_posix()))
    if not inside_folder(folder, bound) or not folder.is_dir():
        return AutoapiPages(notes=(f"sphinx-apidoc: {folder} is not a folder of the project",))
    # An excluded path is a module or a folder: the files below a folder are left out too.
    paths = [Path(posixpath.normpath((docs / p).as_posix())).as_posix() for p in excluded]
    ignore = [*paths, *(f"{path}/*" for path in paths)]
    # A package is documented with its modules; a folder of packages (src/), each of them,
    # unless every folder is a package (PyScaffold's "src/<namespace>" is one so).
    implicit = _IMPLICIT_NAMESPACES in flags
    root = folder.parent if (folder / "__init__.py").is_file() or implicit else folder
    modules = module_names(root, folder, ignore, bool(flags & set(_PRIVATE)), implicit)
    if not implicit:
        modules = [name for name in modules if not _package_excluded(root, name, ignore)]
    if not modules or len(modules) > MAX_GENERATED_PAGES:
        return AutoapiPages(notes=(f"sphinx-apidoc: {folder}: no modules, or too many",))
    # The folders above modules that have no __init__.py: namespace packages.
    namespaces = sorted({n.rpartition(".")[0] for n in modules} - {""} - set(modules))
    while above := sorted({n.rpartition(".")[0] for n in namespaces} - {""} - set(namespaces)):
        namespaces = sorted({*namespaces, *above})
    modules = sorted({*modules, *namespaces})
    packages = [n for n in modules if root.joinpath(*n.split("."), "__init__.py").is_file()]
    # The docs folder itself ("apidoc_output_dir = '.'"), or a folder in it.
    prefix = "" if written == "." else f"{written}/"
    separate, first = bool(flags & set(_SEPARATE)), bool(flags & set(_MODULE_FIRST))
    packages = [*packages, *namespaces]
    private = bool(flags & set(_PRIVATE))
    pages = _pages(prefix, folder.name, modules, packages, separate, namespaces, first, private)
    # Pages the docs hold already (an sdist with a build's api/) stay as they are.
    pages = [page for page in pages if not (docs / page.relpath).exists()]
    if flags & set(_NO_TOC):
        pages = [page for page in pages if page.relpath != f"{prefix}modules.rst"]
    if not pages:
        return AutoapiPages(notes=(f"sphinx-apidoc: {written}/ is in the docs already",))
    notes = (f"sphinx-apidoc: {len(pages)} page(s) under {written}/, from the code",)
    sources = tuple((page.relpath, digest(page.text)) for page in pages)
    return AutoapiPages(tuple(pages), sources, notes)


def _package_excluded(root: Path, name: str, ignore: Sequence[str]) -> bool:
    """Whether a package holding module ``name`` (or the package itself) has its
    ``__init__.py`` excluded: sphinx-apidoc then reads the folder as no package and leaves
    it out whole (oslo.concurrency excludes "oslo_concurrency/_*", and so its API)."""
    parts = name.split(".")
    folders = [root.joinpath(*parts[:depth]) for depth in range(1, len(parts) + 1)]
    return any(
        fnmatch(str(init), pattern)
        for init in (folder / "__init__.py" for folder in folders)
        if init.is_file()
        for pattern in ignore
    )


def command_arguments(source: str) -> list[str] | None:
    """The arguments of the sphinx-apidoc run the conf.py ``source`` states, after the
    program's name; None when it states none that can be read."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError):
        return None
    paths = _assigned_paths(tree)
    # The pieces of an f-string are not commands of their own.
    pieces = {id(v) for n in ast.walk(tree) if isinstance(n, ast.JoinedStr) for v in n.values}
    for node in ast.walk(tree):
        words = None if id(node) in pieces else _command_words(node, paths)
        if words and words[0].rpartition("/")[2] == "sphinx-apidoc":
            return words[1:]
    return None


def _assigned_paths(tree: ast.AST) -> dict[str, str]:
    """The names conf.py binds to paths, each relative to conf.py's folder."""
    paths: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name) and (path := _path(node.value, paths)) is not None:
                paths[target.id] = path
    return paths


def _command_words(node: ast.AST, paths: dict[str, str]) -> list[str] | None:
    """The words of a command line written as a string, an f-string or a template filled by
    ``.format`` (PyScaffold 3's template and the projects made with it), or as the list passed
    to ``apidoc.main``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        # A template whose "{outputdir}" a .format call fills is no command of its own.
        return None if _PLACEHOLDER.search(node.value) else _split(node.value)
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "format"
        and (template := _path(node.func.value, paths)) is not None
    ):
        positional = [_path(arg, paths) for arg in node.args]
        named = {k.arg: _path(k.value, paths) for k in node.keywords if k.arg is not None}
        if None in positional or None in named.values() or len(named) != len(node.keywords):
            return None
        try:
            return _split(template.format(*positional, **named))
        except (IndexError, KeyError, ValueError):
            return None
    if isinstance(node, ast.JoinedStr):
        parts = []
        for value in node.values:
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                parts.append(value.value)
            elif isinstance(value, ast.FormattedValue) and isinstance(value.value, ast.Name):
                if value.value.id not in paths:
                    return None
                parts.append(paths[value.value.id])
            else:
                return None
        return _split("".join(parts))
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "main"
        and "apidoc" in ast.unparse(node.func.value)
        and node.args
        and isinstance(node.args[0], ast.List | ast.Tuple)
    ):
        words = [_path(element, paths) for element in node.args[0].elts]
        strings = [word for word in words if word is not None]
        return ["sphinx-apidoc", *strings] if len(strings) == len(words) else None
    return None


def _split(text: str) -> list[str] | None:
    try:
        return shlex.split(text)
    except ValueError:
        return None


def _path(node: ast.expr, paths: dict[str, str]) -> str | None:
    """A path relative to conf.py's folder: a string, a name bound to one, conf.py's own
    folder (``os.path.dirname(__file__)``, ``Path(__file__).parent``), or those joined."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Name):
        return paths.get(node.id)
    if isinstance(node, ast.Attribute) and node.attr == "parent":
        if _is_file(node.value):
            return "."
        below = _path(node.value, paths)
        return None if below is None else posixpath.join(below, "..")
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
        left, right = _path(node.left, paths), _path(node.right, paths)
        return None if left is None or right is None else posixpath.join(left, right)
    if not isinstance(node, ast.Call) or node.keywords:
        return None
    name = ast.unparse(node.func).rpartition(".")[2]
    if name == "dirname" and len(node.args) == 1 and _is_file(node.args[0]):
        return "."
    if name in ("abspath", "realpath", "normpath", "Path", "str") and len(node.args) == 1:
        return _path(node.args[0], paths)
    if name == "join" and node.args:
        # conf.py's folder is absolute, so the join starts again there (PyScaffold 3 puts
        # os.getcwd() before it).
        starts = [index for index, arg in enumerate(node.args) if _is_own_folder(arg)]
        parts = [_path(arg, paths) for arg in node.args[starts[-1] if starts else 0 :]]
        return None if None in parts else posixpath.join(*[p for p in parts if p is not None])
    return None


def _is_own_folder(node: ast.expr) -> bool:
    """``os.path.dirname(__file__)``: conf.py's folder, an absolute path."""
    return (
        isinstance(node, ast.Call)
        and ast.unparse(node.func).rpartition(".")[2] == "dirname"
        and len(node.args) == 1
        and _is_file(node.args[0])
    )


def _is_file(node: ast.expr) -> bool:
    """``__file__``, a call that resolves it (``Path(__file__).resolve()``), or the file of
    the running frame (``inspect.getfile(inspect.currentframe())``, PyScaffold 3's)."""
    while isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and not node.args:
        node = node.func.value
    if isinstance(node, ast.Call) and len(node.args) == 1:
        node = node.args[0]
    if isinstance(node, ast.Call) and not node.args:
        return ast.unparse(node.func).rpartition(".")[2] == "currentframe"
    return isinstance(node, ast.Name) and node.id == "__file__"


def _extension_arguments(conf: SphinxConf, source: str) -> list[str] | None:
    """sphinxcontrib-apidoc's settings as the command line it runs; a folder may be joined to
    conf.py's own (python-semantic-release: ``os.path.join(docs_path, "api", "modules")``)."""
    try:
        paths = _assigned_paths(ast.parse(source))
    except (SyntaxError, ValueError, RecursionError):
        paths = {}
    module = conf.get("apidoc_module_dir", paths.get("apidoc_module_dir"))
    output = conf.get("apidoc_output_dir", paths.get("apidoc_output_dir", DEFAULT_OUTPUT))
    if not isinstance(module, str) or not isinstance(output, str):
        return None
    arguments = ["-o", output, module]
    excluded = conf.get("apidoc_excluded_paths", [])
    if isinstance(excluded, list | tuple):
        arguments.extend(posixpath.join(module, p) for p in excluded if isinstance(p, str))
    if conf.get("apidoc_separate_modules") is True:
        arguments.append("--separate")
    if conf.get("apidoc_module_first") is True:
        arguments.append("--module-first")
    if conf.get("apidoc_toc_file", "modules") is False:
        arguments.append("--no-toc")
    extra = conf.get("apidoc_extra_args", [])
    if isinstance(extra, list | tuple):
        arguments.extend(word for word in extra if isinstance(word, str))
    return arguments


def _builtin_runs(conf: SphinxConf) -> list[list[str]]:
    """Sphinx's apidoc extension's runs as command lines: each item of ``apidoc_modules`` (its
    path and exclude patterns relative to conf.py's folder, its destination to the docs')."""
    modules = conf.get("apidoc_modules", [])
    runs = []
    for item in modules if isinstance(modules, list | tuple) else ():
        if not isinstance(item, dict):
            continue
        path, destination = item.get("path"), item.get("destination")
        if not isinstance(path, str) or not isinstance(destination, str):
            continue
        run = ["-o", destination, path]
        patterns = item.get("exclude_patterns", conf.get("apidoc_exclude_patterns", []))
        if isinstance(patterns, list | tuple):
            run.extend(pattern for pattern in patterns if isinstance(pattern, str))
        for key, flag in _BUILTIN_FLAGS.items():
            if item.get(key, conf.get(f"apidoc_{key}", False)) is True:
                run.append(flag)
        runs.append(run)
    return runs


def _read_arguments(arguments: Sequence[str]) -> tuple[str, str, list[str], set[str]]:
    """The output folder, the module folder, the excluded paths and the flags given."""
    output, positional, flags = "", [], set()
    words = iter(arguments)
    for word in words:
        if word in _VALUED:
            value = next(words, "")
            output = value if word in ("-o", "--output-dir") else output
        elif word.startswith("--output-dir="):
            output = word.partition("=")[2]
        elif word.startswith("-"):
            flags.add(word)
        else:
            positional.append(word)
    module, *excluded = positional or [""]
    return output, module, excluded, flags


def _pages(
    prefix: str,
    top: str,
    modules: Sequence[str],
    packages: Sequence[str],
    separate: bool,
    namespaces: Sequence[str] = (),
    module_first: bool = False,
    private: bool = False,
) -> list[GeneratedPage]:
    """``modules.rst``, then a page per package (and per module, when ``separate``); a
    namespace package's page has no module contents, as it has no ``__init__.py``; with
    ``module_first``, a package's own docs come right under its title; with ``private``
    (``--private``), each automodule shows private members too, as sphinx-apidoc adds
    ``private-members`` to its options then."""

    def automodule(name: str) -> str:
        return f".. automodule:: {name}\n{_OPTIONS}{_PRIVATE_OPTION if private else ''}\n"

    tops = [name for name in modules if "." not in name]
    pages = [GeneratedPage(f"{prefix}modules.rst", _toc(top, tops, 4))]
    pages.extend(
        GeneratedPage(f"{prefix}{name}.rst", _title(f"{name} module", "=") + automodule(name))
        for name in tops
        if name not in packages
    )
    for package in sorted(packages):
        children = [name for name in sorted(modules) if name.rpartition(".")[0] == package]
        subpackages = [name for name in children if name in packages]
        submodules = [name for name in children if name not in packages]
        namespace = package in namespaces
        text = _title(f"{package} {'namespace' if namespace else 'package'}", "=")
        if namespace:
            text += f".. py:module:: {package}\n\n"
        elif module_first:
            text += automodule(package)
        if subpackages:
            text += _title("Subpackages", "-") + _toctree(subpackages, 4)
        if submodules:
            text += _title("Submodules", "-")
            if separate:
                text += _toctree(submodules, 4)
            else:
                text += "".join(_title(f"{name} module", "-") + automodule(name)
                                for name in submodules)  # fmt: skip
        if not namespace and not module_first:
            text += _title("Module contents", "-") + automodule(package)
        pages.append(GeneratedPage(f"{prefix}{package}.rst", text))
        if separate:
            pages.extend(
                GeneratedPage(
                    f"{prefix}{name}.rst", _title(f"{name} module", "=") + automodule(name)
                )
                for name in submodules
            )
    return pages


def _title(text: str, underline: str) -> str:
    return f"{text}\n{underline * len(text)}\n\n"


def _toctree(names: Sequence[str], depth: int) -> str:
    return f".. toctree::\n   :maxdepth: {depth}\n\n" + "".join(f"   {n}\n" for n in names) + "\n"


def _toc(title: str, names: Sequence[str], depth: int) -> str:
    return _title(title, "=") + _toctree(names, depth)
