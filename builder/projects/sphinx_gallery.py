"""The example pages a Sphinx project's sphinx-gallery would write, written without running
the examples.

sphinx-gallery (``extensions = ["sphinx_gallery.gen_gallery"]``) turns each Python script of
an examples folder (``examples_dirs``, by default ``../examples``) into a page of the gallery
folder (``gallery_dirs``, by default ``auto_examples``), and each folder's header (its
``GALLERY_HEADER``, ``README`` or ``readme`` file, of suffix ``.txt`` or one of the pages'
``source_suffix``, a README.md too where Sphinx reads Markdown) into that folder's ``index``
page, its text as reST whatever the suffix. A script's page is
its docstring (reST, with the title), then its code split at the comment blocks that start with
a line of ``# %%`` or of 20 ``#`` or more: those comments are reST text, the rest code blocks.
The output and images of a run are not there: docbuild runs no project code.

Only ``sphinx_gallery_conf``'s literal entries are read (``ast``, never run): its
``subsection_order`` as ``ExplicitOrder([...])`` of literal paths too.
"""

from __future__ import annotations

import ast
import hashlib
import os
import posixpath
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from builder.projects.gen_files import MAX_GENERATED_PAGES, GeneratedPage, inside_folder
from builder.sources import MAX_FILE_BYTES

EXTENSION = "sphinx_gallery.gen_gallery"
SETTING = "sphinx_gallery_conf"
_DEFAULT_IGNORE = r"__init__\.py"
_HEADER_NAMES = ("GALLERY_HEADER", "README", "readme")
# Subfolders nested deeper than this are not read (a real gallery nests one or two).
MAX_GALLERY_DEPTH = 8
# A text block: its header line ("# %%" or a line of 20 "#" or more), then comment lines.
# "#{20}" and not "#{20,}": a long last line of "#" would backtrack quadratically.
_TEXT_BLOCK = re.compile(r"^(?:#{20}.*|# ?%%.*)\n((?:#.*(?:\n|$))*)", re.M)
# A line that sets sphinx-gallery options for the script, not shown on its page.
_OPTION_LINE = re.compile(r"^[ \t]*# ?sphinx_gallery_\w+.*(?:\n|$)", re.M)


@dataclass(frozen=True)
class GalleryPages:
    """The pages a gallery writes, each script's path (from the docs folder) and sha256 (an
    edit to an example is a change to the version), and notes for the build report."""

    pages: tuple[GeneratedPage, ...] = ()
    sources: tuple[tuple[str, str], ...] = ()
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class GalleryFormat:
    """How one gallery tool writes its pages: its name (for notes), the header files that make
    a folder a gallery, its pages' suffix, and the writers of a folder's index page (from its
    header's text, its scripts with their text, and the names of its pages and subfolders'
    index pages) and of a script's page (from its text and the label of its page)."""

    name: str
    headers: tuple[str, ...]
    suffix: str
    index_page: Callable[[str, list[tuple[Path, str]], list[str]], str]
    example_page: Callable[[str, str], str]


def gallery_pages(
    conf_source: str, docs: Path, bound: Path, suffixes: tuple[str, ...] = (".rst",)
) -> GalleryPages:
    """The pages sphinx-gallery would write for the conf.py text ``conf_source`` of the docs
    in ``docs``, whose pages are of ``suffixes``; examples outside ``bound`` (the project) are
    not read."""
    settings = _gallery_settings(conf_source)
    examples = setting_strings(settings.get("examples_dirs", "../examples"))
    galleries = setting_strings(settings.get("gallery_dirs", "auto_examples"))
    subsections = setting_strings(settings.get("subsection_order", []))
    order = [os.path.normpath(docs / p) for p in subsections]
    notes: list[str] = []
    ignored = ignore_pattern(settings.get("ignore_pattern", _DEFAULT_IGNORE), SPHINX, notes)
    pairs = [(e, docs / e, g) for e, g in zip(examples, galleries, strict=False)]
    form = replace(SPHINX, headers=sphinx_headers(suffixes))
    return written_galleries(pairs, bound, ignored, order, form, notes)


def sphinx_headers(suffixes: tuple[str, ...]) -> tuple[str, ...]:
    """The names a folder's header may have, in the order sphinx-gallery tries them: ``.txt``,
    then the pages' suffixes sorted, each as GALLERY_HEADER, README and readme. lark 1.1.5's
    examples/composition/README.md (its conf.py reads Markdown) made that folder a section of
    the gallery, with its three examples."""
    extensions = [".txt", *sorted(suffixes)]
    return tuple(f"{name}{ext}" for ext in extensions for name in _HEADER_NAMES)


def written_galleries(
    pairs: list[tuple[str, Path, str]],
    bound: Path,
    ignored: re.Pattern[str],
    order: list[str],
    form: GalleryFormat,
    notes: list[str],
) -> GalleryPages:
    """The pages of each (examples folder as the config names it, that folder, gallery folder
    under the docs)."""
    pages: list[GeneratedPage] = []
    sources: list[tuple[str, str]] = []
    for example_dir, example_path, gallery_dir in pairs:
        folder = Path(os.path.normpath(example_path))
        if not inside_folder(folder, bound) or not folder.is_dir():
            notes.append(f"{form.name}: {example_dir} is not a folder of the project; skipped")
            continue
        written = posixpath.normpath(gallery_dir.strip("/"))
        if written.startswith("..") or written == ".":
            notes.append(f"{form.name}: {gallery_dir} is not a folder of the docs; skipped")
            continue
        before = len(pages)
        walk = _Walk(folder, bound, written, ignored, order, form)
        _gallery(walk, folder, pages, sources)
        notes.append(
            f"{form.name}: {len(pages) - before} page(s) under {gallery_dir}/ from"
            f" {example_dir}/, the examples read, not run"
        )
    if len(pages) > MAX_GENERATED_PAGES:
        notes.append(f"{form.name}: over {MAX_GENERATED_PAGES} pages; the rest is left out")
    return GalleryPages(tuple(pages[:MAX_GENERATED_PAGES]), tuple(sources), tuple(notes))


@dataclass(frozen=True)
class _Walk:
    """One gallery: its examples folder, the project it must stay in, the gallery folder its
    pages go to, the scripts it ignores, its subfolders' order and the tool's format."""

    root: Path
    bound: Path
    gallery: str
    ignored: re.Pattern[str]
    order: list[str]
    form: GalleryFormat


def _gallery(
    walk: _Walk, folder: Path, pages: list[GeneratedPage], sources: list[tuple[str, str]]
) -> None:
    """The pages of one folder of examples, its subfolders' after (sphinx-gallery shows a
    subfolder only when it has a header)."""
    form = walk.form
    header = next((folder / n for n in form.headers if (folder / n).is_file()), None)
    relative = folder.relative_to(walk.root).as_posix()
    depth = 0 if relative == "." else relative.count("/") + 1
    if header is None or len(pages) > MAX_GENERATED_PAGES or depth > MAX_GALLERY_DEPTH:
        return
    base = walk.gallery if relative == "." else f"{walk.gallery}/{relative}"
    scripts = sorted(
        path
        for path in folder.iterdir()
        if path.suffix == ".py" and path.is_file() and not walk.ignored.search(str(path))
    )
    subfolders = sorted(
        (
            path
            for path in folder.iterdir()
            if depth < MAX_GALLERY_DEPTH and path.is_dir() and not path.is_symlink()
        ),
        key=lambda path: (_rank(path, walk.order), path.name),
    )
    names = [path.stem for path in scripts]
    names += [f"{path.name}/index" for path in subfolders if _has_header(path, form)]
    index_text = _read(header, walk.bound) or ""
    sources.append((posixpath.join(base, header.name), _digest(index_text)))
    examples = [(script, text) for script in scripts if (text := _read(script, walk.bound))]
    index = form.index_page(index_text, examples, names)
    pages.append(GeneratedPage(f"{base}/index{form.suffix}", index))
    for script, text in examples:
        sources.append((posixpath.join(base, script.name), _digest(text)))
        label = f"sphx_glr_{base.replace('/', '_')}_{script.name}"
        page = form.example_page(text, label)
        pages.append(GeneratedPage(f"{base}/{script.stem}{form.suffix}", page))
    for subfolder in subfolders:
        _gallery(walk, subfolder, pages, sources)


def _rest_index(header: str, examples: list[tuple[Path, str]], names: list[str]) -> str:
    # The thumbnails under the header: the page shows each example by its title.
    thumbnails = "".join(f"* :doc:`{path.stem}`\n" for path, _ in examples)
    toctree = "".join(f"   {name}\n" for name in names)
    return f"{header}\n\n{thumbnails}\n.. toctree::\n   :hidden:\n\n{toctree}"


def example_page(source: str, label: str = "") -> str:
    """The reST page of one example script: its docstring, then its text and code blocks;
    with ``label``, the label sphinx-gallery writes above the title (``sphx_glr_`` and the
    page's path from the docs folder, ``/`` as ``_``, then the script's name), which the
    project's ``:ref:`` references to the example name."""
    source = without_options(source)
    text, rest = docstring(source)
    blocks = [f".. _{label}:"] if label else []
    blocks += [text] if text else []
    blocks += example_blocks(rest, _code_block)
    return "\n\n".join(block for block in blocks if block.strip()) + "\n"


def example_blocks(rest: str, code_block: Callable[[str], str]) -> list[str]:
    """A script's blocks after its docstring: its code (as ``code_block`` writes it) split
    at its comment blocks, which are text."""
    blocks: list[str] = []
    position = 0
    for match in _TEXT_BLOCK.finditer(rest):
        blocks.append(code_block(rest[position : match.start()]))
        blocks.append(_comment_text(match.group(1)))
        position = match.end()
    blocks.append(code_block(rest[position:]))
    return blocks


def without_options(source: str) -> str:
    """The script without its sphinx-gallery option lines, which its page does not show."""
    return _OPTION_LINE.sub("", source.replace("\r\n", "\n"))


def docstring(source: str) -> tuple[str, str]:
    """The module docstring and the source after it; ("", source) without one."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return "", source
    first = tree.body[0] if tree.body else None
    if not (
        isinstance(first, ast.Expr)
        and isinstance(first.value, ast.Constant)
        and isinstance(first.value.value, str)
        and first.end_lineno is not None
    ):
        return "", source
    lines = source.split("\n")
    return first.value.value.strip("\n"), "\n".join(lines[first.end_lineno :])


def _code_block(code: str) -> str:
    code = code.strip("\n")
    if not code.strip():
        return ""
    body = "\n".join(f"    {line}" if line.strip() else "" for line in code.split("\n"))
    return f".. code-block:: python\n\n{body}"


def _comment_text(comments: str) -> str:
    return "\n".join(re.sub(r"^# ?", "", line) for line in comments.rstrip("\n").split("\n"))


def _gallery_settings(conf_source: str) -> dict[str, Any]:
    """The literal entries of the ``sphinx_gallery_conf`` dict conf.py assigns; an entry that
    names a variable conf.py assigned a literal above it (sphinx-gallery's own docs:
    ``examples_dirs = ['../examples', '../tutorials']``, then ``'examples_dirs':
    examples_dirs``) has that literal."""
    try:
        tree = ast.parse(conf_source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return {}
    settings: dict[str, Any] = {}
    assigned: dict[str, Any] = {}  # the top-level names assigned a literal so far
    for node in tree.body:
        if not isinstance(node, ast.Assign):
            continue
        names = [getattr(t, "id", None) for t in node.targets]
        if names != [SETTING] or not isinstance(node.value, ast.Dict):
            literal = _literal(node.value)
            for name in names:
                if isinstance(name, str):
                    assigned[name] = literal  # None: no longer a literal known
            continue
        settings = {}
        for key, value in zip(node.value.keys, node.value.values, strict=True):
            if isinstance(key, ast.Constant) and isinstance(key.value, str):
                named = value.id if isinstance(value, ast.Name) else None
                literal = assigned.get(named) if named is not None else _literal(value)
                if literal is not None:
                    settings[key.value] = literal
    return settings


def _literal(node: ast.expr) -> Any:
    if (
        isinstance(node, ast.Call)
        and getattr(node.func, "id", getattr(node.func, "attr", "")) == "ExplicitOrder"
        and node.args
    ):
        node = node.args[0]
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None


def ignore_pattern(given: Any, form: GalleryFormat, notes: list[str]) -> re.Pattern[str]:
    """``ignore_pattern`` compiled; the default when it is not a string or not a regex."""
    if isinstance(given, str):
        try:
            return re.compile(given)
        except (re.error, RecursionError, OverflowError):
            notes.append(f"{form.name}: ignore_pattern {given!r} is not a regex; not used")
    return re.compile(_DEFAULT_IGNORE)


def setting_strings(value: Any) -> list[str]:
    """A gallery setting that is one folder or a list of them, as strings (others dropped)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, list | tuple):
        return [v for v in value if isinstance(v, str)]
    return []


SPHINX = GalleryFormat(
    "sphinx-gallery",
    sphinx_headers((".rst",)),
    ".rst",
    _rest_index,
    example_page,
)


def _rank(path: Path, order: list[str]) -> int:
    where = os.path.normpath(path)
    return order.index(where) if where in order else len(order)


def _has_header(folder: Path, form: GalleryFormat) -> bool:
    return any((folder / name).is_file() for name in form.headers)


def _read(path: Path, bound: Path) -> str | None:
    """The file's text, or None when it is not a readable file of the project (a link to
    a file elsewhere is not read)."""
    if not inside_folder(path, bound):
        return None
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            return None
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
