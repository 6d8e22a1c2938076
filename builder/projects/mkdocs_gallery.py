"""The example pages an MkDocs project's mkdocs-gallery would write, written without running
the examples.

mkdocs-gallery (``plugins: - gallery: {examples_dirs: docs/examples, gallery_dirs:
docs/generated_examples}``) is sphinx-gallery for MkDocs: each Python script of an examples
folder becomes a page of the gallery folder, and each folder's ``README.md`` (or
``GALLERY_HEADER.md``) that folder's index page. A script's page is its docstring, then its
code split at its ``# %%`` comment blocks, all Markdown here. Its folders are named from
mkdocs.yml's folder. Read as written, the gallery was missing: magicgui 0.10's 33 examples,
which its nav names by their folder (``Examples: generated_examples``).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from builder.projects.gen_files import GeneratedPages
from builder.projects.mkdocs_plugins import has_plugin, plugin_options
from builder.projects.sphinx_gallery import (
    GalleryFormat,
    docstring,
    example_blocks,
    ignore_pattern,
    setting_strings,
    without_options,
    written_galleries,
)

PLUGIN = "gallery"
_DEFAULT_EXAMPLES = "docs/examples"
_DEFAULT_GALLERY = "docs/generated/gallery"
_DEFAULT_IGNORE = r"__init__\.py"


def mkdocs_gallery_pages(
    config: dict[str, Any], config_folder: Path, docs_root: Path
) -> GeneratedPages:
    """The pages the config's ``gallery`` plugin would write under ``docs_root``, the folders
    they fill, the scripts read (for the build cache) and notes; none without the plugin."""
    if not has_plugin(config, PLUGIN):
        return GeneratedPages()
    options = plugin_options(config, PLUGIN) or {}
    examples = setting_strings(options.get("examples_dirs", _DEFAULT_EXAMPLES))
    galleries = setting_strings(options.get("gallery_dirs", _DEFAULT_GALLERY))
    notes: list[str] = []
    ignored = ignore_pattern(options.get("ignore_pattern", _DEFAULT_IGNORE), MARKDOWN, notes)
    pairs = [
        (example, config_folder / example, _under(config_folder / gallery, docs_root))
        for example, gallery in zip(examples, galleries, strict=False)
    ]
    written = written_galleries(pairs, config_folder, ignored, [], MARKDOWN, notes)
    folders = tuple(
        g for _, _, g in pairs if any(p.relpath.startswith(f"{g}/") for p in written.pages)
    )
    return GeneratedPages(written.pages, folders, written.sources, written.notes)


def with_gallery(generated: GeneratedPages, gallery: GeneratedPages) -> GeneratedPages:
    """The pages of gen-files (and api-autonav) and of the gallery together; the former win a
    path both write."""
    if not gallery.pages:
        return GeneratedPages(
            generated.pages,
            generated.folders,
            generated.scripts,
            (*generated.notes, *gallery.notes),
            generated.warnings,
        )
    written = {page.relpath for page in generated.pages}
    return GeneratedPages(
        (*generated.pages, *(p for p in gallery.pages if p.relpath not in written)),
        (*generated.folders, *gallery.folders),
        (*generated.scripts, *gallery.scripts),
        (*generated.notes, *gallery.notes),
        generated.warnings,
    )


def example_page(source: str, label: str = "") -> str:
    """The Markdown page of one example script: its docstring, then its text and code
    blocks (mkdocs-gallery writes no label; ``label`` is not used)."""
    text, rest = docstring(without_options(source))
    blocks = [text] if text else []
    blocks += example_blocks(rest, _code_block)
    return "\n\n".join(block for block in blocks if block.strip()) + "\n"


def _index_page(header: str, examples: list[tuple[Path, str]], names: list[str]) -> str:
    """A folder's page: its header, then a link to each example by its title, as the
    thumbnails show them."""
    links = "".join(f"- [{_title(path, text)}]({path.stem}.md)\n" for path, text in examples)
    return f"{header.rstrip()}\n\n{links}"


def _title(script: Path, source: str) -> str:
    """The first heading of the script's docstring, else its name."""
    text, _ = docstring(source)
    for line in text.split("\n"):
        if line.startswith("#"):
            return line.lstrip("#").strip() or script.stem
    return script.stem


def _under(folder: Path, docs_root: Path) -> str:
    """``folder`` from the docs folder, as a page path starts (".." when it is outside)."""
    return Path(os.path.relpath(os.path.normpath(folder), docs_root)).as_posix()


def _code_block(code: str) -> str:
    code = code.strip("\n")
    return f"```python\n{code}\n```" if code.strip() else ""


MARKDOWN = GalleryFormat(
    "mkdocs-gallery",
    ("GALLERY_HEADER.md", "README.md", "README.txt"),
    ".md",
    _index_page,
    example_page,
)
