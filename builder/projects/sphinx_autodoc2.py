"""The API pages sphinx-autodoc2 writes in its auto mode, written from the code's layout.

sphinx-autodoc2 (``extensions = ["autodoc2"]``) analyses each package ``autodoc2_packages``
names (a path relative to the docs folder, or a mapping with ``path``, ``module``,
``exclude_dirs``, ``exclude_files`` and ``auto_mode``) and writes a page per module and
package into ``autodoc2_output_dir`` (default ``apidocs``): ``apidocs/<root>/<module>.rst``,
headed by the module's name, with its docstring and members, and ``apidocs/index.rst``
listing each package's page. The project's toctree names that index, but no page is in the
docs folder, so the whole API reference was missing (MyST-Parser's docs among them). Here each
page is an ``automodule`` with the members ``autodoc2_hidden_objects`` leaves shown, filled
from the code like any other, and a package's page lists its modules in a toctree.

Only literal settings are read (``ast``, never run). Packages autodoc2 would clone from git
(``from_git_clone``) are not in the tree and are left out, with a note; so are modules
``autodoc2_skip_module_regexes`` matches.
"""

from __future__ import annotations

import glob
import posixpath
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from builder.projects.gen_files import MAX_GENERATED_PAGES, GeneratedPage, inside_folder
from builder.projects.sphinx_autoapi import AutoapiPages, digest, module_names
from builder.sphinx_conf import SphinxConf

EXTENSION = "autodoc2"
DEFAULT_OUTPUT = "apidocs"
_DEFAULT_EXCLUDED_DIRS = ("__pycache__",)
_PAGE_SUFFIXES = (".rst", ".md")  # autodoc2's reST and MyST render plugins


def autodoc2_pages(conf: SphinxConf, docs: Path, bound: Path) -> AutoapiPages:
    """The pages autodoc2 would write for the settings ``conf`` of the docs in ``docs``;
    code outside ``bound`` (the project) is not read."""
    notes: list[str] = []
    output = conf.get("autodoc2_output_dir", DEFAULT_OUTPUT)
    written = posixpath.normpath(output.strip("/")) if isinstance(output, str) else ""
    if not written or written.startswith("..") or written == ".":
        return AutoapiPages(notes=(f"autodoc2: autodoc2_output_dir {output!r} is not used",))
    skip = _patterns(conf.get("autodoc2_skip_module_regexes", []))
    with_all = _patterns(conf.get("autodoc2_module_all_regexes", []))
    options = _member_options(
        conf.get("autodoc2_hidden_objects", ["inherited"]),
        conf.get("autodoc2_class_docstring", "merge"),
    )
    pages: list[GeneratedPage] = []
    roots: list[str] = []
    packages = conf.get("autodoc2_packages")
    if not isinstance(packages, list | tuple):
        return AutoapiPages(notes=("autodoc2: autodoc2_packages is not a literal list",))
    for package in packages:
        found = _package_modules(package, docs, bound, notes)
        if found is None:
            continue
        root, modules = found
        modules = [name for name in modules if not any(p.fullmatch(name) for p in skip)]
        if not modules or len(pages) + len(modules) > MAX_GENERATED_PAGES:
            notes.append(f"autodoc2: {root}: no modules, or too many; no API pages")
            continue
        roots.append(root)
        pages.extend(_module_pages(f"{written}/{root}", modules, options, with_all))
    if not pages:
        return AutoapiPages(notes=(*notes, "autodoc2: no modules found; no API pages"))
    toctree = "".join(f"   {root}/{root}\n" for root in roots)
    index = GeneratedPage(
        f"{written}/index.rst",
        "API Reference\n=============\n\n"
        "This page contains auto-generated API reference documentation.\n\n"
        f".. toctree::\n   :titlesonly:\n\n{toctree}",
    )
    # Pages already in the docs folder (an sdist holding a build's apidocs, ``.md`` where its
    # render plugin is MyST's) are autodoc2's own output, which the build would write again:
    # they stay as they are.
    pages = [page for page in (index, *pages) if not _written(docs / page.relpath)]
    if not pages:
        return AutoapiPages(notes=(*notes, f"autodoc2: {written}/ is in the docs already"))
    notes.append(f"autodoc2: {len(pages)} page(s) under {written}/, from the code")
    sources = tuple((page.relpath, digest(page.text)) for page in pages)
    return AutoapiPages(tuple(pages), sources, tuple(notes))


def _package_modules(
    package: Any, docs: Path, bound: Path, notes: list[str]
) -> tuple[str, list[str]] | None:
    """The root module of one ``autodoc2_packages`` entry and its modules' dotted names."""
    settings: dict[str, Any] = {"path": package} if isinstance(package, str) else package
    if not isinstance(settings, dict) or not isinstance(settings.get("path"), str):
        notes.append("autodoc2: a package that is not a literal path or mapping; skipped")
        return None
    if settings.get("from_git_clone") is not None:
        notes.append(f"autodoc2: {settings['path']} is cloned from git at build time; no API pages")
        return None
    if settings.get("auto_mode", True) is False:
        return None  # the project places its directives itself
    path = Path(posixpath.normpath((docs / settings["path"]).as_posix()))
    if not inside_folder(path, bound) or not path.exists():
        notes.append(f"autodoc2: {path} is not in the project; skipped")
        return None
    module = settings.get("module")
    root = module if isinstance(module, str) and module else path.stem
    if path.is_file():
        return root, [root]
    # autodoc2 matches these against the names below the package, never the folders above it
    # (a checkout under "tests/" with "test*" excluded); module_names matches whole paths.
    below = glob.escape(path.as_posix())
    ignore = [
        *(
            f"{below}{middle}{name}/*"
            for name in _strings(settings.get("exclude_dirs"), _DEFAULT_EXCLUDED_DIRS)
            for middle in ("/", "/*/")
        ),
        *(
            f"{below}{middle}{name}"
            for name in _strings(settings.get("exclude_files"), ())
            for middle in ("/", "/*/")
        ),
    ]
    names = module_names(path.parent, path, ignore, True)
    return root, [root + name[len(path.name) :] for name in names]


def _module_pages(
    folder: str,
    modules: Sequence[str],
    options: Sequence[str],
    with_all: Sequence[re.Pattern[str]],
) -> list[GeneratedPage]:
    """A page per module, named by its dotted name; a package's page lists its children.
    autodoc2 documents all a module defines, unless ``with_all`` (its
    ``autodoc2_module_all_regexes``) matches the module's name: then what ``__all__`` names."""
    flags = "".join(f"   :{option}\n" for option in options)
    children: dict[str, list[str]] = {}
    for name in modules:
        children.setdefault(name.rpartition(".")[0], []).append(name)
    pages = []
    for name in sorted(modules):
        every = "" if any(p.fullmatch(name) for p in with_all) else "   :ignore-module-all:\n"
        text = f"{name}\n{'=' * len(name)}\n\n.. automodule:: {name}\n{flags}{every}"
        below = "".join(f"   {child}\n" for child in sorted(children.get(name, [])))
        if below:
            text += f"\n.. toctree::\n   :titlesonly:\n\n{below}"
        pages.append(GeneratedPage(f"{folder}/{name}.rst", text))
    return pages


def _written(page: Path) -> bool:
    return any(page.with_suffix(suffix).exists() for suffix in _PAGE_SUFFIXES)


def _member_options(hidden: Any, class_docstring: Any) -> tuple[str, ...]:
    """The automodule options (each as written after its first colon) that show what
    ``autodoc2_hidden_objects`` does not hide, and a class's ``__init__`` docstring after its
    own unless ``autodoc2_class_docstring`` is "both" (by default autodoc2 merges them, under
    "Initialization")."""
    shown = set(hidden) if isinstance(hidden, list | tuple | set) else {"inherited"}
    return (
        "members:",
        *(("undoc-members:",) if "undoc" not in shown else ()),
        *(("private-members:",) if "private" not in shown else ()),
        *(("special-members:",) if "dunder" not in shown else ()),
        *(("inherited-members:",) if "inherited" not in shown else ()),
        *(("class-doc-from: both",) if class_docstring != "both" else ()),
        # A merged __init__ is the class's docstring, not a member of it.
        *(("exclude-members: __init__",) if class_docstring != "both" else ()),
    )


def _patterns(value: Any) -> list[re.Pattern[str]]:
    patterns = []
    for text in _strings(value, ()):
        try:
            patterns.append(re.compile(text))
        except re.error:
            continue
    return patterns


def _strings(value: Any, default: tuple[str, ...]) -> tuple[str, ...]:
    if isinstance(value, list | tuple) and all(isinstance(item, str) for item in value):
        return tuple(value)
    return default
