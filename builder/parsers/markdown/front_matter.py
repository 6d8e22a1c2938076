"""Read the title and MyST substitutions from Markdown front matter, without PyYAML.

Only top-level keys (``title``, ``subtitle``, ``description``) and the flat ``substitutions``
mapping are needed, so a line
scan is enough: ``title: Text``, ``title: "Text"``, a folded ``title: >`` block, TOML's
``title = "Text"``, and ``substitutions:`` followed by indented ``name: value`` lines; and
MkDocs' other kind, MultiMarkdown's ``key: value`` lines that open a page without fences.
"""

from __future__ import annotations

import re
import textwrap
from typing import Any

# A double quote inside a double-quoted YAML scalar that no backslash escapes: it ends it.
_UNESCAPED_QUOTE = re.compile(r'(?<!\\)"')
_YAML_TITLE = re.compile(r"^title[ \t]*:[ \t]*(.*?)[ \t]*$")
_YAML_DESCRIPTION = re.compile(r"^description[ \t]*:[ \t]*(.*?)[ \t]*$")
_YAML_SUBTITLE = re.compile(r"^subtitle[ \t]*:[ \t]*(.*?)[ \t]*$")
# MyST's substitutions: a top-level key, or (MyST-Parser 1.0 on) one under ``myst:``.
_YAML_SUBSTITUTIONS = re.compile(r"^([ \t]*)substitutions[ \t]*:[ \t]*$")
_YAML_MYST = re.compile(r"^myst[ \t]*:[ \t]*$")
_YAML_KERNELSPEC = re.compile(r"^kernelspec[ \t]*:[ \t]*$")
# The Jupyter kernels a notebook or code cell names, for the language they run.
KERNEL_LANGUAGES = {"ipython3": "python", "python3": "python"}
_YAML_ENTRY = re.compile(r"^([ \t]+)([\w.-]+)[ \t]*:[ \t]*(.*?)[ \t]*$")
_TOML_TITLE = re.compile(r"^title[ \t]*=[ \t]*(.*?)[ \t]*$")
_TOML_FENCE = "+++"
# Bounds the search for a closing "+++" so a stray opening line cannot make us scan a huge file.
_MAX_FRONT_MATTER_LINES = 2000
# MkDocs' own reading of MultiMarkdown meta-data (mkdocs.utils.meta): key lines and lines indented
# under them, up to the first blank line; a first line of another kind means there is none.
_META_KEY = re.compile(r"^[ ]{0,3}([A-Za-z0-9_-]+):\s*(.*?)\s*$")
_META_MORE = re.compile(r"^(?:[ ]{4}|\t)\s*(.*?)\s*$")
_YAML_FRONT_MATTER = re.compile(r"\A---[ \t]*\n(.*?)\n---[ \t]*(?:\n|$)", re.DOTALL)


def without_yaml_front_matter(text: str) -> str:
    """``text`` without the ``---`` block it opens with: an included file's own front matter is
    not part of the page that includes it (MDX partials, Quarto includes)."""
    return _YAML_FRONT_MATTER.sub("", text, count=1)


def yaml_front_matter(text: str) -> str | None:
    """The content of the ``---`` block ``text`` opens with, between its fences; None without
    one."""
    found = _YAML_FRONT_MATTER.match(text)
    return found.group(1) if found else None


def loaded_front_matter(front_matter: str) -> Any:
    """A YAML front matter block's content loaded as YAML, or None when it is none (the
    themes that lay a page out from it, VitePress' and VuePress', read it so)."""
    import yaml  # PyYAML only for a page whose layout is read from its front matter

    try:
        return yaml.safe_load(front_matter)
    # ValueError: an integer of over 4300 digits; RecursionError: lists nested thousands deep.
    except (yaml.YAMLError, ValueError, RecursionError):
        return None


def yaml_unquote(value: str) -> str:
    """A YAML scalar's text: a quoted one without its quotes, a plain one without a comment.
    A value that only starts and ends with a quote (a MyST csv-table's ``:header: "Name",
    "Value"``, quoted cells) is no quoted scalar: it is kept whole."""
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        inner = value[1:-1]
        if value[0] == "'" and "'" not in inner.replace("''", ""):
            return inner.replace("''", "'")
        if value[0] == '"' and _UNESCAPED_QUOTE.search(inner) is None:
            return inner.replace('\\"', '"')
        return value
    return value.split(" #", 1)[0].strip()  # a YAML comment after a plain scalar


def yaml_title(front_matter: str) -> str:
    """The ``title`` of a YAML front matter block's content, or ""."""
    return _top_level_value(front_matter, _YAML_TITLE)[0]


def yaml_description(front_matter: str) -> tuple[str, int]:
    """The ``description`` of a YAML front matter block's content (the page's one-line
    summary: npm's docs show it under each page's title, Docusaurus and VitePress in its meta
    tags) and its 0-based line in the block; ("", 0) without one."""
    return _top_level_value(front_matter, _YAML_DESCRIPTION)


def yaml_subtitle(front_matter: str) -> tuple[str, int]:
    """The ``subtitle`` of a YAML front matter block's content (mystmd and Quarto show it under
    the page's title) and its 0-based line in the block; ("", 0) without one."""
    return _top_level_value(front_matter, _YAML_SUBTITLE)


def _top_level_value(front_matter: str, key: re.Pattern[str]) -> tuple[str, int]:
    lines = front_matter.split("\n")
    for index, line in enumerate(lines):
        match = key.match(line)
        if match:
            return _scalar(match.group(1), lines, index + 1, 0), index
    return "", 0


def yaml_kernel_language(front_matter: str) -> str:
    """The language of a MyST notebook's ``kernelspec:`` (its ``language``, else the one its
    ``name`` runs), which myst-nb highlights its code cells in; "" when it names none."""
    lines = front_matter.split("\n")
    start = next((i + 1 for i, line in enumerate(lines) if _YAML_KERNELSPEC.match(line)), 0)
    given: dict[str, str] = {}
    for line in lines[start:] if start else ():
        if line.strip() and not line[:1].isspace():
            break  # the next top-level key
        match = _YAML_ENTRY.match(line)
        if match:
            given[match.group(2)] = yaml_unquote(match.group(3)).lower()
    return given.get("language") or KERNEL_LANGUAGES.get(given.get("name", ""), "")


def yaml_substitutions(front_matter: str) -> dict[str, str]:
    """MyST's ``substitutions:`` mapping of a YAML front matter block (top-level or under
    ``myst:``): name to Markdown text."""
    lines = front_matter.split("\n")
    start, key_indent = _substitutions_key(lines)
    values: dict[str, str] = {}
    entry_indent = 0
    for index in range(start, len(lines) if start else 0):
        line = lines[index]
        if line.strip() and len(line) - len(line.lstrip()) <= key_indent:
            break  # the next key beside it
        match = _YAML_ENTRY.match(line)
        if match and (not entry_indent or len(match.group(1)) == entry_indent):
            entry_indent = len(match.group(1))
            values[match.group(2)] = _scalar(match.group(3), lines, index + 1, entry_indent)
    return values


def _substitutions_key(lines: list[str]) -> tuple[int, int]:
    """The line after the ``substitutions:`` key and the key's indent; (0, 0) without one. An
    indented key counts only inside the top-level ``myst:`` mapping."""
    in_myst = False
    for index, line in enumerate(lines):
        if line.strip() and not line[:1].isspace():
            in_myst = _YAML_MYST.match(line) is not None
        match = _YAML_SUBSTITUTIONS.match(line)
        if match and (not match.group(1) or in_myst):
            return index + 1, len(match.group(1))
    return 0, 0


def _scalar(value: str, lines: list[str], start: int, indent: int) -> str:
    """A plain or quoted scalar, or the block scalar (``>``, ``|``) in the lines from
    ``start`` on (read in place: a copy of the rest for each entry was quadratic in a mapping
    of many)."""
    if value[:1] not in (">", "|"):
        return yaml_unquote(value)
    kept: list[str] = []
    for continuation in (lines[n] for n in range(start, len(lines))):
        if continuation.strip() and len(continuation) - len(continuation.lstrip()) <= indent:
            break
        kept.append(continuation.rstrip())
    if value[0] == "|":
        # A literal block keeps its lines, blank ones and indents within it too: MyST reads
        # a multi-line substitution as Markdown blocks (a directive fence, a list).
        return textwrap.dedent("\n".join(kept)).strip("\n")
    return " ".join(part.strip() for part in kept if part.strip())  # as YAML folds them


def split_toml_front_matter(text: str) -> tuple[str, str]:
    """Return (title, text with the TOML front matter lines blanked), line numbers unchanged.

    Text without a closed ``+++`` block at its first line comes back unchanged, title "".
    """
    if not text.startswith(_TOML_FENCE):
        return "", text
    lines = text.split("\n", _MAX_FRONT_MATTER_LINES + 1)
    if lines[0].rstrip() != _TOML_FENCE:
        return "", text
    for end in range(1, min(len(lines), _MAX_FRONT_MATTER_LINES + 1)):
        if lines[end].rstrip() == _TOML_FENCE:
            title = ""
            for line in lines[1:end]:
                match = _TOML_TITLE.match(line)
                if match:
                    title = yaml_unquote(match.group(1))
                    break
            rest = "\n".join(lines[end + 1 :])
            return title, "\n" * (end + 1) + rest
    return "", text


def split_multimarkdown_meta(text: str) -> tuple[str, str]:
    """Return (title, text with its MultiMarkdown meta-data lines blanked), line numbers
    unchanged: the ``title: Text`` lines an MkDocs page may open with instead of a ``---``
    block, which MkDocs takes off the page (Python-Markdown's own docs open every page so).

    Text that does not open with ``key: value`` lines ended by a blank line comes back unchanged,
    title "" (MkDocs takes such lines off even when a paragraph goes on under them; a page
    opening with "Note: ..." keeps its paragraph here).
    """
    lines = text.split("\n", _MAX_FRONT_MATTER_LINES + 1)
    values: dict[str, str] = {}
    key = ""
    end = 0
    while end < min(len(lines), _MAX_FRONT_MATTER_LINES) and lines[end].strip():
        matched = _META_KEY.match(lines[end])
        more = None if matched else _META_MORE.match(lines[end])
        if matched:
            key = matched.group(1).lower()
            values[key] = f"{values[key]} {matched.group(2)}" if key in values else matched.group(2)
        elif more and key:
            values[key] = f"{values[key]} {more.group(1)}"
        else:
            break
        end += 1
    if not values or (end < len(lines) and lines[end].strip()):
        return "", text  # no meta-data, or a paragraph that merely starts with "word:"
    return values.get("title", ""), "\n".join(["" for _ in lines[:end]] + lines[end:])
