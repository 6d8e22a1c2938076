"""Find the toctree entries of one Sphinx source file, reST or MyST Markdown.

Pure text in, entries out: ``.. toctree::`` directives (in any file, so also inside a MyST
``{eval-rst}`` block) and MyST ```` ```{toctree} ```` or ``:::{toctree}`` fences. Each entry
is a document name as written (relative to the file, or to the root when it starts with
``/``), a glob pattern when the toctree has ``:glob:``, or ``self``; links out are dropped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_RST_TOCTREE = re.compile(r"^([ \t]*)\.\. +toctree ?::[ \t]*$")
_MYST_TOCTREE = re.compile(r"^[ \t]*(`{3,}|:{3,})\{toctree\}[ \t]*$")
_OPTION = re.compile(r"^:([\w-]+):(.*)$")
_YAML_OPTION = re.compile(r"^([\w-]+)[ \t]*:(.*)$")
_EXPLICIT_TITLE = re.compile(r"^(.*?)\s*<([^<>]+)>$", re.DOTALL)
_GLOB_CHARS = re.compile(r"[*?\[]")


@dataclass(frozen=True)
class ToctreeEntry:
    target: str  # a document name, a pattern or "self"
    title: str | None = None
    is_glob: bool = False


def toctree_entries(text: str) -> list[ToctreeEntry]:
    """Every toctree entry of ``text``, in document order."""
    if "toctree" not in text:
        return []
    lines = text.split("\n")
    entries: list[ToctreeEntry] = []
    i = 0
    while i < len(lines):
        rst = _RST_TOCTREE.match(lines[i])
        myst = None if rst else _MYST_TOCTREE.match(lines[i])
        if rst:
            body, i = _indented_body(lines, i + 1, len(rst.group(1).expandtabs()))
        elif myst:
            body, i = _fenced_body(lines, i + 1, myst.group(1))
        else:
            i += 1
            continue
        entries.extend(_entries(body))
    return entries


def _indented_body(lines: list[str], start: int, indent: int) -> tuple[list[str], int]:
    """The lines indented deeper than ``indent`` (blank lines included), and where they end."""
    end = start
    while end < len(lines):
        line = lines[end].expandtabs()
        if line.strip() and len(line) - len(line.lstrip()) <= indent:
            break
        end += 1
    return [line.strip() for line in lines[start:end]], end


def _fenced_body(lines: list[str], start: int, fence: str) -> tuple[list[str], int]:
    end = start
    closing = re.compile(rf"^[ \t]*{re.escape(fence[0])}{{{len(fence)},}}[ \t]*$")
    while end < len(lines) and not closing.match(lines[end]):
        end += 1
    body = [line.strip() for line in lines[start:end]]
    if body and body[0] == "---":  # options as a YAML block
        close = body.index("---", 1) if "---" in body[1:] else len(body) - 1
        matches = map(_YAML_OPTION.match, body[1:close])
        options = [f":{m.group(1)}:{m.group(2)}" for m in matches if m]
        body = options + body[close + 1 :]
    return body, end + 1


def _entries(body: list[str]) -> list[ToctreeEntry]:
    options = {m.group(1).lower(): m.group(2).strip() for m in map(_OPTION.match, body) if m}
    glob = "glob" in options and options["glob"].lower() not in ("false", "no", "0")
    entries = []
    for line in body:
        if not line or _OPTION.match(line):
            continue
        title, target = None, line
        explicit = _EXPLICIT_TITLE.match(line)
        if explicit and explicit.group(1):
            title, target = explicit.group(1), explicit.group(2).strip()
        if "://" in target or target.startswith("mailto:"):
            continue
        entries.append(ToctreeEntry(target, title, glob and bool(_GLOB_CHARS.search(target))))
    return entries
