"""lit.dev's playground tags: a line ``{% playground-example "v3-docs/templates/define"
"my-element.ts" %}`` shows that file of the playground project, and a line
``{% playground-ide "v3-docs/components/shadowdom/slots/" %}`` the project's files, each a
code block titled by its name.

lit.dev's Eleventy plugin (``playground-plugin``) replaces each tag with a live editor of
the project in ``samples/<project>/``, whose ``project.json`` (playground-elements' manifest)
lists its files under ``files``: one marked ``hidden`` is not shown, one with a ``content``
holds its text there. Read as written, each tag stood as text where lit.dev's pages show
their examples (120 in its docs, articles and tutorials). The ``samples`` folder is the
first found from the page's folder up, as Eleventy reads it from the folder it runs in;
a tag of no such project stays as written. Within the page's include budget.
"""

from __future__ import annotations

import json
import posixpath
import re
from typing import Any

from builder.includes import IncludeReader, IncludeRefused
from builder.parsers.include_budget import IncludeBudget
from builder.parsers.included_lines import language_of
from builder.parsers.markdown.spliced import SpliceBuilder, Spliced, splice_tag_lines
from builder.parsers.rst.events import fence

SAMPLES_FOLDER = "samples"
MANIFEST = "project.json"
# How far above the docs folder the samples folder may be (lit.dev's site/ beside samples/).
LEVELS_ABOVE_DOCS = 3
_QUOTED = r"""(?:"(?P<{0}>[^"\n]+)"|'(?P<{0}_single>[^'\n]+)')"""
_TAG = re.compile(
    r"[ \t]*\{%-?[ \t]*playground-(?P<kind>example|ide)[ \t]+"
    + _QUOTED.format("project")
    + r"(?:[ \t]*,?[ \t]*"
    + _QUOTED.format("file")
    + r")?[^%\n]*-?%\}[ \t]*"
)


def has_playground_tags(text: str) -> bool:
    """The quick test: a text without this sign has no playground tag."""
    return "playground-" in text and _TAG.search(text) is not None


def splice_playground_tags(page: Spliced, relpath: str, reader: IncludeReader) -> Spliced:
    """``page`` with each playground tag alone on its line outside code replaced by the code
    blocks of the files it shows."""
    budget = IncludeBudget()
    return splice_tag_lines(
        page, _TAG, lambda tag, k, builder: _tag_blocks(tag, relpath, reader, budget, builder, k)
    )


def _tag_blocks(
    tag: re.Match[str],
    relpath: str,
    reader: IncludeReader,
    budget: IncludeBudget,
    builder: SpliceBuilder,
    k: int,
) -> list[str] | None:
    """The lines of the code blocks ``tag`` shows, or None to keep its line."""
    project = (tag.group("project") or tag.group("project_single")).strip().strip("/")
    chosen = tag.group("file") or tag.group("file_single")
    found = _manifest(project, relpath, reader)
    if found is None:
        return None
    folder, files = found
    names = [chosen] if tag.group("kind") == "example" and chosen else list(files)
    shown: list[str] = []
    for name in names:
        entry = files.get(name, {})
        if not isinstance(entry, dict) or (name != chosen and entry.get("hidden") is True):
            continue
        refused = budget.follow()
        if refused is not None:
            if refused:
                builder.note(k, refused)
            break
        text = _file_text(folder, name, entry, relpath, reader, builder, k)
        if text is None:
            continue
        if warning := budget.take(len(text), name):
            builder.note(k, warning)
            break
        block = fence(text.split("\n"), language_of(name)).split("\n")
        block[0] += f' title="{name}"' if '"' not in name else ""
        shown += [*block, ""]
    return shown[:-1] or None


def _manifest(
    project: str, relpath: str, reader: IncludeReader
) -> tuple[str, dict[str, Any]] | None:
    """(the project's folder from the page's, its manifest's ``files``) from the first
    samples folder up from the page holding the project; None when none does."""
    if not project or project.startswith("..") or "\0" in project:
        return None
    depth = len(posixpath.dirname(relpath).split("/")) if posixpath.dirname(relpath) else 0
    for up in range(depth + LEVELS_ABOVE_DOCS + 1):
        folder = posixpath.join("../" * up + SAMPLES_FOLDER, project)
        try:
            text = reader.read(relpath, f"{folder}/{MANIFEST}").text
        except IncludeRefused:
            continue
        try:
            manifest = json.loads(text)
        except (ValueError, RecursionError):
            return None
        files = manifest.get("files") if isinstance(manifest, dict) else None
        return (folder, files) if isinstance(files, dict) else None
    return None


def _file_text(
    folder: str,
    name: str,
    entry: dict[str, Any],
    relpath: str,
    reader: IncludeReader,
    builder: SpliceBuilder,
    k: int,
) -> str | None:
    """A project file's text: its manifest's ``content``, else the file beside it."""
    content = entry.get("content")
    if isinstance(content, str):
        return content
    try:
        return reader.read(relpath, f"{folder}/{name}").text
    except IncludeRefused as exc:
        builder.note(k, f"playground file not read: {exc}")
        return None
