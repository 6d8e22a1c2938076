"""The API pages pydoctor's Sphinx extension writes, written from the code's layout.

``pydoctor.sphinx_ext.build_apidocs`` runs pydoctor on the packages ``pydoctor_args`` names (a
list of command-line arguments, or a mapping of such lists) and puts its HTML beside the
Sphinx pages, in the folder ``--html-output={outdir}/api`` names. Those pages are not in the
docs folder, so the API reference was missing. Here each package's modules get a page, as
``builder.projects.sphinx_autoapi`` writes them (``automodule`` with its members, private
modules left out as pydoctor hides them), under that folder; the docstrings are read in
pydoctor's default format, epytext, by ``builder.api.epytext``. ``pydoctor_args`` is read only
when literal; it is usually computed from paths, and then the packages beside the docs are
documented, with a note.
"""

from __future__ import annotations

import posixpath
from pathlib import Path
from typing import Any

from builder.api.locate import candidate_folders, packages_in
from builder.projects.gen_files import MAX_GENERATED_PAGES, inside_folder
from builder.projects.sphinx_autoapi import AutoapiPages, api_pages, digest, module_names
from builder.sphinx_conf import SphinxConf

EXTENSION = "pydoctor.sphinx_ext.build_apidocs"
DEFAULT_ROOT = "api"
_OPTIONS = ("members", "undoc-members")
_OUTPUT = "--html-output="


def pydoctor_pages(
    conf: SphinxConf, docs: Path, bound: Path, tree_root: Path | None
) -> AutoapiPages:
    """The pages pydoctor would write for the settings ``conf`` of the docs in ``docs``;
    code outside ``bound`` (the project) is not read."""
    notes: list[str] = []
    runs = _runs(conf.get("pydoctor_args"))
    root, folders = DEFAULT_ROOT, []
    for arguments in runs[:1]:  # the first run is the project's own API
        for argument in arguments:
            if argument.startswith(_OUTPUT):
                written = argument[len(_OUTPUT) :].replace("{outdir}", "").strip("/")
                root = posixpath.normpath(written) if written else DEFAULT_ROOT
            elif not argument.startswith("-"):
                folders.append(Path(posixpath.normpath((docs / argument).as_posix())))
    if root.startswith("..") or root == ".":
        return AutoapiPages(notes=(f"pydoctor: {root} is not a folder of the docs",))
    if not runs:
        for folder in candidate_folders(docs, None, tree_root):
            if packages_in(folder):
                folders = [folder / name for name in packages_in(folder)]
                notes.append(
                    "pydoctor: pydoctor_args is not a literal list;"
                    f" the packages of {folder} are documented"
                )
                break
    modules: dict[str, None] = {}
    for folder in folders:
        if not inside_folder(folder, bound) or not (folder / "__init__.py").is_file():
            notes.append(f"pydoctor: {folder} is not a package of the project; skipped")
            continue
        modules.update(dict.fromkeys(module_names(folder.parent, folder, (), False)))
    if len(modules) > MAX_GENERATED_PAGES:
        notes.append(f"pydoctor: over {MAX_GENERATED_PAGES} modules; the rest is left out")
        modules = dict.fromkeys(list(modules)[:MAX_GENERATED_PAGES])
    if not modules:
        return AutoapiPages(notes=(*notes, "pydoctor: no modules found; no API pages"))
    pages = api_pages(root, sorted(modules), _OPTIONS)
    notes.append(f"pydoctor: {len(modules)} module page(s) under {root}/, from the code")
    return AutoapiPages(
        tuple(pages), tuple((page.relpath, digest(page.text)) for page in pages), tuple(notes)
    )


def _runs(value: Any) -> list[list[str]]:
    """The argument lists of ``pydoctor_args``: one list, or a mapping's lists in order."""
    lists = list(value.values()) if isinstance(value, dict) else [value]
    return [
        list(arguments)
        for arguments in lists
        if isinstance(arguments, list | tuple) and all(isinstance(a, str) for a in arguments)
    ]
