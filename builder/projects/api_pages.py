"""The API pages a version's ``api`` key asks for: a page per module or package it names.

A project whose docs are its README (tabulate, backoff, docopt: no docs folder in the release
archive) has no page naming its code, so its docstrings, most of what it documents, were never
read. Each name becomes ``api/<name>.md`` holding mkdocstrings' ``::: name``
(``api/<name>.rst`` with ``.. automodule:: name`` and ``:members:`` in a Sphinx project, whose
pages are reST; a page of the suffix its ``source_suffix`` reads when that is not ``.rst``:
Django's ``.txt``, a MyST ``{automodule}`` fence in ``.md``), documented from the code as any
such block is. A package whose ``__init__.py`` sets no ``__all__`` is documented with its
modules (``show_submodules``): colorama and toolz define their functions in modules the package
imports them from, and mkdocstrings shows imported names only when ``__all__`` lists them. The
version's ``include`` globs do not apply to these pages, which the catalog asks for by name,
nor do the project's own exclusions (``exclude_patterns``: ProjectLayout.admits); its
``exclude`` globs do. A page of the docs already at ``api/<name>`` (a hand-written
``api/tabulate.md``, whatever its suffix) stays: the name's page is
``api/<name>-docstrings.md`` instead (``-`` is in no module name). A project that reads only
the pages its navigation lists (mdBook's SUMMARY.md) lists them last.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from pathlib import Path, PurePosixPath

from builder.projects.gen_files import GeneratedPage

API_FOLDER = "api"
_BLOCK = "::: {0}\n"
_BLOCK_WITH_MODULES = "::: {0}\n    options:\n      show_submodules: true\n"
# Outside MkDocs no mkdocstrings config names the docstrings' style, and Google, its default,
# left prompt_toolkit's ":param layout:" fields as text: griffe infers each one's style.
_INFERRED_STYLE = "      docstring_style: auto\n"
# A package's own tests are not its API: towncrier 24.8.0 ships towncrier/test, whose modules
# came out as API pages. Nor are the other projects it keeps a copy of: datasette 0.65.5's
# datasette/vendored/pint made 595 of its 676 sections. mkdocstrings' filters leave them out
# by name (and so would hide a function of that name too: they are added only to a package
# that has such a module).
_NOT_API = frozenset({"test", "tests", "conftest", "vendor", "vendored", "externals"})
_FILTERS_LEAVING_OUT = (
    '      filters: ["!^_[^_]", "!^(tests?|conftest|vendor|vendored|externals)$"]\n'
)
_SETS_ALL = re.compile(r"^__all__\s*(?::[^=\n]*)?[+]?=", re.M)
# The most of an __init__.py read for its __all__.
_MAX_INIT_BYTES = 1024 * 1024
# The most modules a package's Sphinx page documents after it (a vendored tree can hold
# thousands).
MAX_SUBMODULES = 200


def api_pages(
    names: Sequence[str],
    kind: str,
    code_folders: Sequence[Path],
    pages: Iterable[str] = (),
    suffixes: Sequence[str] = (),
) -> tuple[GeneratedPage, ...]:
    """The pages documenting ``names`` in a project of ``kind`` (a ProjectLayout's kind),
    whose code is in the first of ``code_folders`` that holds each, beside the docs' ``pages``
    (their paths), which they never replace; ``suffixes``: those the project's pages take
    (all when empty)."""
    taken = {PurePosixPath(page).with_suffix("").as_posix() for page in pages}
    stems = {name: _free_stem(name, taken) for name in names}
    if kind == "sphinx":
        # A Sphinx project reads only its source_suffix: Django's .txt pages are reST, a
        # MyST-only project's (source_suffix = {".md": ...}) Markdown, where automodule is a
        # {automodule} fence.
        suffix = next((s for s in (".rst", *suffixes) if not suffixes or s in suffixes), ".rst")
        return tuple(
            GeneratedPage(
                f"{stems[name]}{suffix}",
                _automodule_page(
                    name,
                    () if _sets_all(name, code_folders) else _submodules(name, code_folders),
                    markdown=suffix == ".md",
                ),
            )
            for name in names
        )
    return tuple(
        GeneratedPage(
            f"{stems[name]}.md", _mkdocstrings_block(name, code_folders, kind != "mkdocs")
        )
        for name in names
    )


def _mkdocstrings_block(name: str, code_folders: Sequence[Path], infer_style: bool) -> str:
    """``name``'s mkdocstrings block; ``infer_style``: whether it asks griffe to infer each
    docstring's style (in a project whose mkdocs.yml does not name one for it)."""
    style = _INFERRED_STYLE if infer_style else ""
    if _sets_all(name, code_folders):
        return _BLOCK.format(name) + (f"    options:\n{style}" if style else "")
    block = _BLOCK_WITH_MODULES.format(name) + style
    return block + _FILTERS_LEAVING_OUT if _has_left_out(name, code_folders) else block


def _automodule_page(name: str, modules: Sequence[str], markdown: bool) -> str:
    """A Sphinx page documenting ``name`` and then ``modules`` (a package's, when it has no
    ``__all__``: autodoc's ``:members:`` leaves out what the package imports from them, as
    mkdocstrings does, so colorama's page showed its docstring alone)."""
    if markdown:
        blocks = [f"```{{automodule}} {module}\n:members:\n```\n" for module in (name, *modules)]
        return f"# {name}\n\n" + "\n".join(blocks)
    blocks = [f".. automodule:: {module}\n   :members:\n" for module in (name, *modules)]
    return f"{name}\n{'=' * len(name)}\n\n" + "\n".join(blocks)


def _submodules(name: str, code_folders: Sequence[Path]) -> tuple[str, ...]:
    """The public modules of the package ``name`` at any depth (``_private`` ones and those
    inside them left out), in path order, as ``show_submodules`` lists them; the first of
    ``code_folders`` that holds the package."""
    for folder in code_folders:
        package = folder.joinpath(*name.split("."))
        if not (package / "__init__.py").is_file():
            continue
        found = []
        for root, dirs, files in os.walk(package):
            dirs[:] = sorted(
                d
                for d in dirs
                if _public(d) and d not in _NOT_API and Path(root, d, "__init__.py").is_file()
            )
            prefix = ".".join((name, *Path(root).relative_to(package).parts))
            if Path(root) != package:
                found.append(prefix)
            found += [
                f"{prefix}.{file[:-3]}"
                for file in sorted(files)
                if file.endswith(".py") and _public(file[:-3]) and file[:-3] not in _NOT_API
            ]
            if len(found) >= MAX_SUBMODULES:
                return tuple(found[:MAX_SUBMODULES])
        return tuple(found)
    return ()


def _has_left_out(name: str, code_folders: Sequence[Path]) -> bool:
    """Whether the package ``name`` (in the first of ``code_folders`` holding it) has a test
    or vendored package or a conftest module at any depth, outside its private folders."""
    for folder in code_folders:
        package = folder.joinpath(*name.split("."))
        if not (package / "__init__.py").is_file():
            continue
        for _root, dirs, files in os.walk(package):
            if _NOT_API & {*dirs, *(f[:-3] for f in files if f.endswith(".py"))}:
                return True
            dirs[:] = [d for d in dirs if _public(d)]
        return False
    return False


def _public(name: str) -> bool:
    return name.isidentifier() and not name.startswith("_")


def _free_stem(name: str, taken: set[str]) -> str:
    """The page path, less its suffix, of ``name``'s page: ``api/<name>``, unless a page of the
    docs is there (the project's own words about it, which it would replace)."""
    stem = f"{API_FOLDER}/{name}"
    return stem if stem not in taken else f"{stem}-docstrings"


def _sets_all(name: str, code_folders: Sequence[Path]) -> bool:
    """Whether the package ``name`` lists its names in ``__all__`` (a module: True, it has
    no modules to show)."""
    for folder in code_folders:
        package = folder.joinpath(*name.split("."))
        init = package / "__init__.py"
        try:
            if init.is_file():
                with init.open("rb") as stream:
                    text = stream.read(_MAX_INIT_BYTES).decode("utf-8", "replace")
                return _SETS_ALL.search(text) is not None
            if package.with_suffix(".py").is_file():
                return True
        except OSError:
            return True
    return True


def unfound_name_message(
    name: str, place: str, looked_in: str, holds_code: bool, source_dir: bool, from_tree: bool
) -> str:
    """What the build says of an ``api`` name its code does not hold (a misspelt
    ``"tabulat"``): the catalog key to correct, where the code was looked for (``holds_code``:
    whether any was found there), and what to change. ``place``: where the catalog writes the
    version; ``source_dir``: whether it gives one; ``from_tree``: a git or archive version,
    whose code is in its own tree (it takes no source_dir)."""
    key = f" ({place}.api)" if place else ""
    found = "" if holds_code else ", which holds no code"
    if source_dir:
        hint = "check the spelling and the source_dir"
    elif from_tree:
        hint = "check the spelling (a git or archive version's code is in its own tree)"
    else:
        hint = "check the spelling, or set source_dir to the folder that holds it"
    return (
        f"api name {name!r}{key}: no module or package of that name in {looked_in}{found}; {hint}"
    )
