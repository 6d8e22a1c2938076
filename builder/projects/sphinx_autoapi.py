"""The API pages a Sphinx project's sphinx-autoapi would write, written from the code's layout.

sphinx-autoapi (``extensions = ["autoapi.extension"]``) reads the packages of the folders
``autoapi_dirs`` names (relative to the docs folder) and writes a page per package and module
under ``autoapi_root`` (default ``autoapi``): ``autoapi/<package>/<module>/index.rst``, headed
by the module's name, with its docstring and the members ``autoapi_options`` asks for. No page
is in the docs folder, so without them the whole API reference was missing. Here each page is
an ``automodule`` directive with those options, filled from the code like any other, and a
package's page lists its submodules in a toctree, as autoapi's does.

Only literal settings are read (``ast``, never run). ``autoapi_dirs`` is often computed
(``os.path.join(os.path.dirname(__file__), "..", "src", "pkg")``); then the packages of the
folder autodoc's code would come from are documented (``<docs>/src``, ``<docs>/../src``,
``<docs>/..``, the tree's root), with a note. ``autoapi_ignore`` patterns (default
``*migrations*``) leave modules out; ``autoapi_generate_api_docs = False`` (or 0, None) leaves
out every page (the project then places autoapi's directives in its own pages). The modules an
``autoapi-skip-member`` handler in conf.py skips have no page (``builder.projects.autoapi_skip``).
"""

from __future__ import annotations

import hashlib
import posixpath
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fnmatch import fnmatch
from pathlib import Path
from typing import Any

from builder.api.locate import candidate_folders, packages_in
from builder.projects.autoapi_skip import EVENT, skip_handler
from builder.projects.gen_files import (
    MAX_GENERATED_PAGES,
    GeneratedPage,
    inside_folder,
    module_files,
)
from builder.sphinx_conf import SphinxConf

EXTENSION = "autoapi.extension"
DEFAULT_ROOT = "autoapi"
DEFAULT_OPTIONS = (
    "members", "undoc-members", "private-members", "show-inheritance",
    "show-module-summary", "special-members", "imported-members",
)  # fmt: skip
DEFAULT_IGNORE = ("*migrations*",)
# autoapi's options that are automodule options of the same name; the others steer its
# templates (inheritance diagrams, summary tables) and add no text.
_MODULE_OPTIONS = (
    "members", "undoc-members", "private-members", "special-members", "inherited-members"
)  # fmt: skip


@dataclass(frozen=True)
class AutoapiPages:
    """The pages autoapi writes, a digest of each (the module list is what they depend on:
    the build cache keys the version by it), and notes for the build report."""

    pages: tuple[GeneratedPage, ...] = ()
    sources: tuple[tuple[str, str], ...] = ()
    notes: tuple[str, ...] = ()


def autoapi_pages(
    conf: SphinxConf, docs: Path, bound: Path, tree_root: Path | None, conf_source: str = ""
) -> AutoapiPages:
    """The pages autoapi would write for the settings ``conf`` of the docs in ``docs``
    (``conf_source``: the text of their conf.py, for its skip handler); code outside ``bound``
    (the project) is not read."""
    if not conf.get("autoapi_generate_api_docs", True):  # autoapi tests it for truth
        return AutoapiPages()
    notes: list[str] = []
    root = _text_setting(conf, "autoapi_root", DEFAULT_ROOT, notes)
    written = posixpath.normpath(root.strip("/"))
    if written.startswith("..") or written == ".":
        return AutoapiPages(notes=(f"autoapi: autoapi_root {root} is not a folder of the docs",))
    options = _list_setting(conf, "autoapi_options", DEFAULT_OPTIONS, notes)
    ignore = _list_setting(conf, "autoapi_ignore", DEFAULT_IGNORE, notes)
    roots = _code_roots(conf, docs, tree_root, notes)
    modules: dict[str, None] = {}
    for package_root, folder in roots:
        if not inside_folder(folder, bound) or not folder.is_dir():
            notes.append(f"autoapi: {folder} is not a folder of the project; skipped")
            continue
        for name in module_names(package_root, folder, ignore, "private-members" in options):
            modules[name] = None
            if len(modules) >= MAX_GENERATED_PAGES:
                break
    if not modules:
        return AutoapiPages(notes=(*notes, "autoapi: no modules found; no API pages"))
    names = sorted(modules)
    skips = skip_handler(conf_source) if EVENT in conf_source else None
    if skips is not None:
        names = _unskipped(names, [package_root for package_root, _ in roots], skips)
        notes.append(
            f"autoapi: {len(modules) - len(names)} module page(s) the {EVENT} handler skips"
        )
    content = _text_setting(conf, "autoapi_python_class_content", "class", notes)
    pages = api_pages(written, names, options, content)
    sources = tuple((page.relpath, digest(page.text)) for page in pages)
    notes.append(f"autoapi: {len(names)} module page(s) under {written}/, from the code")
    return AutoapiPages(tuple(pages), sources, tuple(notes))


def _code_roots(
    conf: SphinxConf, docs: Path, tree_root: Path | None, notes: list[str]
) -> list[tuple[Path, Path]]:
    """(the folder module names start from, the folder to walk) for each code folder."""
    value: Any = conf.get("autoapi_dirs")
    if isinstance(value, list | tuple) and value and all(isinstance(v, str) for v in value):
        roots = []
        for entry in value:
            folder = Path(posixpath.normpath((docs / entry).as_posix()))
            # A package folder's modules are named from its parent; a folder of packages' from it.
            roots.append((folder.parent if (folder / "__init__.py").is_file() else folder, folder))
        return roots
    for folder in candidate_folders(docs, None, tree_root):
        packages = packages_in(folder)
        if packages:
            notes.append(
                "autoapi: autoapi_dirs is not a literal list;"
                f" the packages of {folder} are documented"
            )
            return [(folder, folder / name) for name in packages]
    notes.append(
        "autoapi: autoapi_dirs is not a literal list and no package was found beside the docs"
    )
    return []


def module_names(
    package_root: Path, folder: Path, ignore: Sequence[str], private: bool, namespaces: bool = False
) -> list[str]:
    """The dotted names of the modules and packages below ``folder`` autoapi documents: those
    inside packages (every folder above them has ``__init__.py``, or any folder does when
    ``namespaces``), not ignored, and without a private part unless ``private`` (``__init__``
    names its package)."""
    names: list[str] = []
    packages: dict[Path, bool] = {}
    for path in module_files(folder):
        if any(fnmatch(str(path), pattern) for pattern in ignore):
            continue
        try:
            parts = path.relative_to(package_root).with_suffix("").parts
        except ValueError:
            continue
        if parts and parts[-1] == "__init__":
            parts = parts[:-1]
        if not parts or not all(part.isidentifier() for part in parts):
            continue
        if not private and any(part.startswith("_") for part in parts):
            continue
        folders = [package_root.joinpath(*parts[:depth]) for depth in range(1, len(parts))]
        if namespaces or all(_is_package(f, packages) for f in folders):
            names.append(".".join(parts))
    return names


def _unskipped(
    names: list[str], package_roots: list[Path], skips: Callable[[str, str], bool]
) -> list[str]:
    """The sorted module ``names`` less those the skip handler skips, asked as autoapi asks
    (a package as ``"package"``), and the modules of a skipped package, which have no page
    to be listed on."""
    kept: list[str] = []
    skipped: set[str] = set()
    for name in names:  # sorted: a package comes before its modules
        parts = name.split(".")
        if any(".".join(parts[:depth]) in skipped for depth in range(1, len(parts))):
            skipped.add(name)
            continue
        package = any((root.joinpath(*parts) / "__init__.py").is_file() for root in package_roots)
        if skips("package" if package else "module", name):
            skipped.add(name)
        else:
            kept.append(name)
    return kept


def _is_package(folder: Path, seen: dict[Path, bool]) -> bool:
    if folder not in seen:
        seen[folder] = (folder / "__init__.py").is_file()
    return seen[folder]


def api_pages(
    root: str, modules: list[str], options: Sequence[str], class_content: str = "class"
) -> list[GeneratedPage]:
    """The index page, then a page per module (a package's page lists its children).
    ``class_content`` is ``autoapi_python_class_content``: with "both" or "init" a class shows
    its ``__init__``'s docstring (after its own, or alone), which is then no member of it."""
    top = [name for name in modules if "." not in name]
    toctree = "".join(f"   {name.replace('.', '/')}/index\n" for name in top)
    pages = [
        GeneratedPage(
            f"{root}/index.rst",
            "API Reference\n=============\n\n"
            "This page contains auto-generated API reference documentation.\n\n"
            f".. toctree::\n   :titlesonly:\n\n{toctree}",
        )
    ]
    flags = "".join(f"   :{option}:\n" for option in _MODULE_OPTIONS if option in options)
    if class_content in ("both", "init"):
        flags += f"   :class-doc-from: {class_content}\n   :exclude-members: __init__\n"
    children: dict[str, list[str]] = {}
    for name in modules:
        parent, _, last = name.rpartition(".")
        children.setdefault(parent, []).append(last)
    for name in modules:
        below = "".join(f"   {child}/index\n" for child in children.get(name, []))
        text = f"{name}\n{'=' * len(name)}\n\n.. automodule:: {name}\n{flags}"
        if below:
            text += f"\n.. toctree::\n   :hidden:\n\n{below}"
        pages.append(GeneratedPage(f"{root}/{name.replace('.', '/')}/index.rst", text))
    return pages


def _text_setting(conf: SphinxConf, name: str, default: str, notes: list[str]) -> str:
    value = conf.get(name, default)
    if isinstance(value, str) and value:
        return value
    notes.append(f"autoapi: {name} is not a literal string; {default!r} used")
    return default


def _list_setting(
    conf: SphinxConf, name: str, default: tuple[str, ...], notes: list[str]
) -> tuple[str, ...]:
    value: Any = conf.get(name, default)
    if isinstance(value, list | tuple) and all(isinstance(v, str) for v in value):
        return tuple(value)
    notes.append(f"autoapi: {name} is not a literal list of strings; autoapi's default used")
    return default


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
