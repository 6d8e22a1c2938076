"""The pages a Jupyter Book makes of scripts in jupytext's formats, written as Markdown.

A book whose ``_config.yml`` maps a suffix to ``jupytext.reads`` in MyST-NB's
``nb_custom_formats`` (``.py: [jupytext.reads, {fmt: py:percent}]``) lists scripts in its
table of contents, and MyST-NB reads each as a notebook: in the percent format a ``# %%
[markdown]`` cell's comment lines are its text and a ``# %%`` cell is code; in the light
format (a script with no ``# %%``) a paragraph of comment lines is text and the rest is code.
A script's page is that notebook as Markdown, at the script's path with ``.md`` for its
suffix; the cells MyST-NB hides (tags ``remove-cell`` and ``remove-input``) are left out.
Read as written, these pages were missing: femwell 0.1.12's 37 examples. mkdocs-jupyter reads
the scripts an MkDocs nav names so too (builder.projects.mkdocs_notebooks).
"""

from __future__ import annotations

import hashlib
import json
import posixpath
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from builder.projects.gen_files import GeneratedPage, inside_folder

# The reader MyST-NB is told to read a custom format with, and the languages of the suffixes
# whose scripts comment with "#" as Python does.
JUPYTEXT_READER = "jupytext.reads"
SCRIPT_LANGUAGES = {".py": "python", ".jl": "julia", ".r": "r"}
# A script larger than this is no page: a docs folder's scripts are examples, not data.
MAX_SCRIPT_BYTES = 1024 * 1024
_CELL_MARK = re.compile(r"^# %%(.*)$", re.MULTILINE)
_TEXT_CELL = re.compile(r"\[(?:markdown|md)\]")
_TAGS = re.compile(r"tags\s*=\s*(\[[^\]]*\])")
_HIDDEN_TAGS = frozenset({"remove-cell", "remove-input"})
_TRIPLE_QUOTES = ('"""', "'''")


@dataclass(frozen=True)
class ScriptPages:
    """The pages the book's scripts make, the table of contents' entries renamed to them,
    and each script's path and sha256 (for the build cache)."""

    pages: tuple[GeneratedPage, ...] = ()
    renamed: tuple[tuple[str, str], ...] = ()
    scripts: tuple[tuple[str, str], ...] = ()


def jupytext_suffixes(config: Any) -> tuple[str, ...]:
    """The suffixes of scripts ``_config.yml``'s ``nb_custom_formats`` reads with jupytext."""
    sphinx = config.get("sphinx") if isinstance(config, Mapping) else None
    settings = sphinx.get("config") if isinstance(sphinx, Mapping) else None
    formats = settings.get("nb_custom_formats") if isinstance(settings, Mapping) else None
    if not isinstance(formats, Mapping):
        return ()
    return tuple(
        suffix
        for suffix, reader in formats.items()
        if isinstance(suffix, str)
        and suffix.lower() in SCRIPT_LANGUAGES
        and (reader if isinstance(reader, str) else _first(reader)) == JUPYTEXT_READER
    )


def script_pages(order: list[str], folder: Path, suffixes: tuple[str, ...]) -> ScriptPages:
    """The pages of the scripts the table of contents names in ``folder``, by their path or by
    their path without a suffix when no page has it."""
    pages: list[GeneratedPage] = []
    renamed: list[tuple[str, str]] = []
    scripts: list[tuple[str, str]] = []
    for entry in order:
        script = _script(entry, folder, suffixes)
        data = _script_bytes(folder / script) if script is not None else None
        if script is None or data is None:
            continue
        stem, suffix = posixpath.splitext(script)
        language = SCRIPT_LANGUAGES[suffix.lower()]
        pages.append(
            GeneratedPage(f"{stem}.md", script_markdown(data.decode(errors="replace"), language))
        )
        renamed.append((entry, f"{stem}.md"))
        scripts.append((script, hashlib.sha256(data).hexdigest()))
    return ScriptPages(tuple(pages), tuple(renamed), tuple(scripts))


def _script(entry: str, folder: Path, suffixes: tuple[str, ...]) -> str | None:
    """The script ``entry`` names in ``folder``, if it is one of a suffix read with jupytext
    and in the folder once its links are followed."""
    path = posixpath.normpath(entry.strip().lstrip("/"))
    if path.startswith(".."):
        return None
    suffix = posixpath.splitext(path)[1]
    candidates = [path] if suffix in suffixes else [path + s for s in suffixes]
    for candidate in candidates:
        file = folder / candidate
        # Through a link, a script leads where it leads: none out of the folder is read (a
        # link to another checkout's module, or to a file that is no script at all).
        if not inside_folder(file, folder):
            continue
        try:
            if file.is_file() and file.stat().st_size <= MAX_SCRIPT_BYTES:
                return candidate
        except (OSError, ValueError):  # a name too long for the file system; a NUL in it
            continue
    return None


def _script_bytes(path: Path) -> bytes | None:
    """The script's bytes, at most MAX_SCRIPT_BYTES of them; None when it cannot be read."""
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_SCRIPT_BYTES + 1)
    except OSError:
        return None
    return data if len(data) <= MAX_SCRIPT_BYTES else None


def script_markdown(text: str, language: str) -> str:
    """The Markdown of a script's cells: text cells as they are, code cells fenced."""
    blocks = []
    # MyST-NB and mkdocs-jupyter open a script as text, its line ends read as "\n" whatever
    # they are: a Windows script's blank lines part its light format's cells too.
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    for kind, tags, body in _cells(_without_header(text)):
        if not body.strip() or tags & _HIDDEN_TAGS:
            continue
        blocks.append(body.strip("\n") if kind == "markdown" else _fenced(body, language))
    return "\n\n".join(blocks) + "\n"


def _cells(text: str) -> Iterator[tuple[str, frozenset[str], str]]:
    """(kind, tags, body) of each cell, in the percent format when the script has a cell
    mark, else in the light format."""
    marks = list(_CELL_MARK.finditer(text))
    if not marks:
        yield from _light_cells(text)
        return
    yield "code", frozenset(), text[: marks[0].start()]
    for mark, after in zip(marks, [*marks[1:], None], strict=True):
        body = text[mark.end() : after.start() if after else len(text)]
        options = mark.group(1)
        tags = _tags(options)
        if _TEXT_CELL.search(options):
            yield "markdown", tags, _text_of(body)
        else:
            yield "code", tags, body


def _light_cells(text: str) -> Iterator[tuple[str, frozenset[str], str]]:
    """A paragraph of comment lines is text; the rest is code, one cell per paragraph."""
    for paragraph in re.split(r"\n[ \t]*\n", text):
        lines = paragraph.strip("\n").split("\n")
        if all(line.startswith("#") for line in lines) and lines[0] not in ("# +", "# -"):
            yield "markdown", frozenset(), _uncommented(lines)
        else:
            code = [line for line in lines if line not in ("# +", "# -")]
            yield "code", frozenset(), "\n".join(code)


def _without_header(text: str) -> str:
    """The script without its encoding line and jupytext's commented YAML header."""
    lines = text.split("\n")
    while (
        lines and lines[0].startswith("#") and (lines[0].startswith("#!") or "coding" in lines[0])
    ):
        lines.pop(0)
    if lines and lines[0].rstrip() == "# ---":
        end = next((i for i in range(1, len(lines)) if lines[i].rstrip() == "# ---"), None)
        if end is not None:
            lines = lines[end + 1 :]
    return "\n".join(lines)


def _text_of(body: str) -> str:
    """A text cell's Markdown: its comment lines uncommented, or the string it quotes."""
    stripped = body.strip()
    for quotes in _TRIPLE_QUOTES:
        if stripped.startswith(quotes) and stripped.endswith(quotes) and len(stripped) >= 6:
            return stripped[3:-3]
    return _uncommented(body.strip("\n").split("\n"))


def _uncommented(lines: list[str]) -> str:
    return "\n".join(line[2:] if line.startswith("# ") else line.lstrip("#") for line in lines)


def _tags(options: str) -> frozenset[str]:
    found = _TAGS.search(options)
    try:
        tags = json.loads(found.group(1)) if found else []
    except ValueError:
        return frozenset()
    return (
        frozenset(tag for tag in tags if isinstance(tag, str))
        if isinstance(tags, list)
        else frozenset()
    )


def _fenced(code: str, language: str) -> str:
    runs = [len(run) for run in re.findall(r"`{3,}", code)]
    fence = "`" * max([3, *(run + 1 for run in runs)])
    return f"{fence}{language}\n{code.strip(chr(10))}\n{fence}"


def _first(reader: Any) -> Any:
    return reader[0] if isinstance(reader, list) and reader else None
