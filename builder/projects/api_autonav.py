"""The API pages the ``api-autonav`` plugin (mkdocs-api-autonav) writes, written here.

``plugins: - api-autonav: modules: ['src/package']`` walks each package folder and adds a page
per module, ``reference/package/sub/index.md`` for a package and ``reference/package/sub/mod.md``
for a module, each a front matter title and ``::: package.sub.mod``, with the options
``module_options`` gives that module. The pages go in a nav section of their own (``API
Reference``), at the end of the nav unless the nav names that section. psygnal 0.15.1's docs
build their whole API reference so, and had none: 8 pages of guides, no ``::: psygnal``.

As the plugin does: a folder with modules but no ``__init__.py`` (an implicit namespace package)
is skipped with what is below it, a module any of whose names starts with ``_`` is left out
(``exclude_private``, on by default), and ``exclude`` leaves out modules by dotted prefix or by
a ``re:`` pattern.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from builder.projects.gen_files import (
    MAX_GENERATED_PAGES,
    GeneratedPage,
    GeneratedPages,
    inside_folder,
)
from builder.projects.mkdocs_plugins import plugin_options

PLUGIN = "api-autonav"
_DEFAULT_ROOT = "reference"


def autonav_pages(config: dict[str, Any], config_folder: Path, name: str) -> GeneratedPages:
    """The pages the config's api-autonav plugin writes (``modules`` are folders relative to
    ``config_folder``, where the config ``name`` is)."""
    options = plugin_options(config, PLUGIN)
    if options is None:
        return GeneratedPages()
    modules = options.get("modules")
    root = options.get("api_root_uri", _DEFAULT_ROOT)
    if not isinstance(modules, list) or not isinstance(root, str) or not root.strip("/"):
        return GeneratedPages()
    root = root.strip("/")
    excluded = _exclusion(options.get("exclude"), options.get("exclude_private", True) is True)
    module_options = options.get("module_options")
    module_options = module_options if isinstance(module_options, dict) else {}
    pages: dict[str, GeneratedPage] = {}
    warnings: list[str] = []
    for module in modules:
        folder = Path(os.path.normpath(config_folder / str(module)))
        if not inside_folder(folder, config_folder) or not folder.is_dir():
            warnings.append(f"{name}: api-autonav module {module} is no folder of the project")
            continue
        for path in sorted(_module_files(folder)):
            parts = path.relative_to(folder.parent).with_suffix("").parts
            relpath = _page_path(root, parts)
            parts = parts[:-1] if parts[-1] == "__init__" else parts
            identifier = ".".join(parts)
            if excluded(parts) or not all(p.isidentifier() for p in parts):
                continue
            text = _page_text(identifier, module_options.get(identifier))
            pages.setdefault(relpath, GeneratedPage(relpath, text))
            if len(pages) >= MAX_GENERATED_PAGES:
                break
    notes = (f"{name}: api-autonav's {len(pages)} API page(s) under {root}/",) if pages else ()
    return GeneratedPages(tuple(pages.values()), (root,), (), notes, tuple(warnings))


def with_autonav(generated: GeneratedPages, autonav: GeneratedPages) -> GeneratedPages:
    """The pages of gen-files and of api-autonav together; gen-files' win a path both write."""
    written = {page.relpath for page in generated.pages}
    return GeneratedPages(
        (*generated.pages, *(p for p in autonav.pages if p.relpath not in written)),
        (*generated.folders, *autonav.folders),
        generated.scripts,
        (*generated.notes, *autonav.notes),
        (*generated.warnings, *autonav.warnings),
    )


def _exclusion(exclude: Any, private: bool) -> Callable[[tuple[str, ...]], bool]:
    """What tells whether a module (its dotted names) is left out."""
    entries = [e for e in exclude if isinstance(e, str)] if isinstance(exclude, list) else []
    prefixes = [e for e in entries if not e.startswith("re:")]
    patterns = []
    for entry in entries:
        if entry.startswith("re:"):
            try:
                patterns.append(re.compile(entry[3:]))
            except re.error:
                continue  # the plugin logs an invalid pattern and goes on

    def excluded(parts: tuple[str, ...]) -> bool:
        dotted = ".".join(parts)
        return (
            (private and any(part.startswith("_") for part in parts))
            or any(dotted.startswith(prefix) for prefix in prefixes)
            or any(pattern.search(dotted) for pattern in patterns)
        )

    return excluded


def _module_files(folder: Path) -> Iterator[Path]:
    """The .py files below ``folder``, none below a folder that has modules but no
    ``__init__.py``; links to folders are not followed."""
    if not (folder / "__init__.py").is_file() and any(folder.glob("*.py")):
        return
    for item in folder.iterdir():
        if item.suffix == ".py" and item.is_file():
            yield item
        elif item.is_dir() and not item.is_symlink():
            yield from _module_files(item)


def _page_path(root: str, parts: tuple[str, ...]) -> str:
    """Where the plugin writes the page of the module file at ``parts``."""
    if parts[-1] == "__init__":
        return "/".join((root, *parts[:-1], "index.md"))
    # A module named index would take its folder's index page.
    leaf = "index_py" if parts[-1] == "index" else parts[-1]
    return "/".join((root, *parts[:-1], f"{leaf}.md"))


def _page_text(identifier: str, options: Any) -> str:
    text = f"---\ntitle: {identifier}\n---\n\n::: {identifier}\n"
    if isinstance(options, dict) and options:
        import yaml  # PyYAML only when a project has an mkdocs.yml (builder.projects.mkdocs)

        dumped = yaml.safe_dump({"options": options}, default_flow_style=False)
        text += "".join(f"    {line}\n" for line in dumped.splitlines())
    return text
