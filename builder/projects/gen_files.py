"""The API reference pages an MkDocs project's ``gen-files`` scripts would write, written
without running them.

Many MkDocs projects generate their whole API reference at build time: the ``gen-files``
plugin (``plugins: - gen-files: scripts: [scripts/gen_ref_pages.py]``) runs a script that writes
one ``::: package.module`` page per module, and ``literate-nav`` puts them where the nav says
``reference/``. Running a project's code is no part of compiling its docs, so each script is
read as text (``builder.projects.gen_files_recipe``) and, when it is mkdocstrings' recipe, its
pages are written here, from the module files it would walk. A script that is not the recipe
is named in a note with the reason its pages are missing.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from builder.projects.gen_files_recipe import MAX_SCRIPT_BYTES, Recipe, read_recipe
from builder.projects.mkdocs_plugins import plugin_options

PLUGIN = "gen-files"
# The module a script writes the build's pages with; a script that never names it writes none.
GEN_FILES_MODULE = "mkdocs_gen_files"
# More modules than this in one walk is not a package's reference; the rest is left out.
MAX_GENERATED_PAGES = 5_000


@dataclass(frozen=True)
class GeneratedPage:
    """A page a gen-files script would write: its path under docs_dir, and its text."""

    relpath: str
    text: str


@dataclass(frozen=True)
class GeneratedPages:
    """What a config's gen-files scripts give: the pages, the folders they fill (where the
    nav points to them), each script's path and sha256 (for the build cache), notes, and
    warnings (a script whose pages are missing)."""

    pages: tuple[GeneratedPage, ...] = ()
    folders: tuple[str, ...] = ()
    scripts: tuple[tuple[str, str], ...] = ()
    notes: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()


def gen_files_scripts(config: dict[str, Any]) -> tuple[str, ...]:
    """The scripts the config's ``gen-files`` plugin runs (``plugins`` a list or a mapping)."""
    options = plugin_options(config, PLUGIN) or {}
    scripts = options.get("scripts")
    scripts = [scripts] if isinstance(scripts, str) else scripts
    if isinstance(scripts, list):
        return tuple(s for s in scripts if isinstance(s, str) and s)
    return ()


def generated_pages(
    config: dict[str, Any], config_folder: Path, name: str, project: Path | None = None
) -> GeneratedPages:
    """The pages the gen-files scripts of ``config`` (the file ``name`` in ``config_folder``,
    where MkDocs runs them from) would write, from modules within ``project`` (the project's
    root; the config's folder when not given): a config in a folder of its own beside the
    package (pyiceberg's mkdocs/mkdocs.yml, its script walking ../pyiceberg) is the
    project's."""
    within = config_folder if project is None else project
    pages: list[GeneratedPage] = []
    folders: list[str] = []
    scripts: list[tuple[str, str]] = []
    notes: list[str] = []
    warnings: list[str] = []
    for script in gen_files_scripts(config):
        path = Path(os.path.normpath(config_folder / script))
        data = bytes_inside(path, config_folder, MAX_SCRIPT_BYTES)
        scripts.append((script, hashlib.sha256(data or b"").hexdigest()))
        if data is None:
            warnings.append(
                f"{name}: gen-files script {script} cannot be read; its pages are missing"
            )
            continue
        text = data.decode("utf-8", "replace")
        if GEN_FILES_MODULE not in text:
            # It writes the project's own files, if any (ansible-lint's docs/_autofix_rules.md,
            # in its release), none of the build's: nothing is missing.
            notes.append(f"{name}: gen-files script {script} writes no page of the build")
            continue
        recipe = read_recipe(text, path, config_folder)
        if isinstance(recipe, str):
            warnings.append(
                f"{name}: gen-files script {script} was not run (docbuild runs no project code)"
                f" and is not mkdocstrings' API reference recipe ({recipe}); the pages it"
                " writes are missing"
            )
            continue
        walked = Path(os.path.relpath(recipe.walk, config_folder)).as_posix()
        if not inside_folder(recipe.walk, within):
            warnings.append(
                f"{name}: gen-files script {script} walks {walked}/, outside the project;"
                " the pages it writes are missing"
            )
            continue
        made = _recipe_pages(recipe, within)
        if len(made) > MAX_GENERATED_PAGES:
            notes.append(f"{script}: over {MAX_GENERATED_PAGES} modules; the rest is left out")
            made = made[:MAX_GENERATED_PAGES]
        pages.extend(made)
        folders.append(recipe.output)
        notes.append(
            f"{name}: gen-files script {script} read as mkdocstrings' recipe, not run:"
            f" {len(made)} API page(s) under {recipe.output}/ from {walked}/"
            + ("; the options it adds to some blocks are not read" if recipe.extra_options else "")
        )
    return GeneratedPages(
        tuple(pages), tuple(folders), tuple(scripts), tuple(notes), tuple(warnings)
    )


def bytes_inside(path: Path, folder: Path, limit: int) -> bytes | None:
    """The bytes of the regular file ``path`` when it is in ``folder`` (``inside_folder``) and
    at most ``limit`` bytes; None otherwise, or when it cannot be read."""
    if not inside_folder(path, folder):
        return None
    try:
        if not path.is_file() or path.stat().st_size > limit:
            return None
        return path.read_bytes()
    except OSError:
        return None


def inside_folder(path: Path, folder: Path) -> bool:
    """Whether ``path`` is in ``folder`` once its ``..`` and links are followed: a script
    must not make the build walk the machine (``src`` linked to ``/``) or publish the module
    names of another checkout."""
    try:
        return path.resolve().is_relative_to(folder.resolve())
    except (OSError, RuntimeError, ValueError):  # a loop of links; a NUL in a name
        return False


def _recipe_pages(recipe: Recipe, within: Path) -> list[GeneratedPage]:
    """One page per module the recipe walks, in the order it walks them (``sorted``)."""
    if not inside_folder(recipe.walk, within) or not recipe.walk.is_dir():
        return []
    pages: dict[str, GeneratedPage] = {}
    for module in _recipe_modules(recipe):
        try:
            parts = module.relative_to(recipe.module_root).with_suffix("").parts
            doc = PurePosixPath(module.relative_to(recipe.doc_root).with_suffix(".md").as_posix())
        except ValueError:
            continue
        page = _module_page(recipe, parts, doc)
        if page is not None and page.relpath not in pages:
            pages[page.relpath] = page
        if len(pages) > MAX_GENERATED_PAGES:
            break
    return list(pages.values())


def _recipe_modules(recipe: Recipe) -> Iterator[Path]:
    """The module files the recipe writes pages for: those its list names (a folder's
    walked), or every one below the folder it walks."""
    if not recipe.listed and not recipe.subfolders:
        yield from sorted(p for p in recipe.walk.glob("*.py") if p.is_file())
    elif not recipe.listed:
        yield from module_files(recipe.walk)
    for listed in recipe.listed:
        if listed.is_dir():
            yield from module_files(listed)
        elif listed.is_file() and inside_folder(listed, recipe.walk):
            yield listed


def module_files(folder: Path) -> Iterator[Path]:
    """The .py files below ``folder`` as ``sorted(folder.rglob("*.py"))`` lists them, without
    following links to folders."""
    found: list[Path] = []
    for root, dirs, names in os.walk(folder, followlinks=False):
        dirs.sort()
        found.extend(Path(root) / n for n in names if n.endswith(".py"))
    yield from sorted(found)


def _module_page(
    recipe: Recipe, parts: tuple[str, ...], doc: PurePosixPath
) -> GeneratedPage | None:
    """The page ``doc`` the recipe writes for the module at ``parts`` (``pkg/__init__`` is
    the package), or None when it leaves that module out."""
    if not parts or not all(p.isidentifier() for p in parts):
        return None
    if recipe.excluded.intersection(parts):
        return None
    is_package = parts[-1] == "__init__"
    if is_package:
        if recipe.packages == "skip":
            return None
        if recipe.packages == "index":
            parts, doc = parts[:-1], doc.with_name("index.md")
            if not parts and not recipe.prefix:
                return None
        elif recipe.packages == "init":
            parts = parts[:-1]  # its own __init__.md page documents the package
            if not parts and not recipe.prefix:
                return None
    elif (recipe.skip_private == "last" and parts[-1].startswith("_")) or (
        recipe.skip_main and parts[-1] == "__main__"
    ):
        return None
    if recipe.skip_private == "any" and any(p.startswith("_") for p in parts):
        return None
    if recipe.skip_private == "named" and parts and parts[-1].startswith("_"):
        return None
    # The folder walked is the package named before each module: its __init__ is that name.
    identifier = recipe.prefix + ".".join(parts) if parts else recipe.prefix.rstrip(".")
    return GeneratedPage(f"{recipe.output}/{doc}", _page_text(recipe, identifier))


def _page_text(recipe: Recipe, identifier: str) -> str:
    block = f"::: {identifier}\n"
    if recipe.title == "front-matter":
        return f"---\ntitle: {identifier}\n---\n\n{block}"
    if recipe.title == "heading":
        return f"# {identifier}\n\n{block}"
    return block
