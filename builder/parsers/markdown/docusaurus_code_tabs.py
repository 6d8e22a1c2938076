"""Docusaurus 1's code tabs: between ``<!--DOCUSAURUS_CODE_TABS-->`` and
``<!--END_DOCUSAURUS_CODE_TABS-->``, each ``<!--Label-->`` comment opens a tab of that label.

The page shows the labels on the tabs; as comments they were dropped, and the tabs' code blocks
read as one run with nothing to tell them apart. Each label's comment line is rewritten as the
label's line, ``Label:``, as a ``<TabItem>``'s label reads; the text keeps its lines.
"""

from __future__ import annotations

import re

from builder.parsers.markdown.spliced import lines_outside_fences

_OPEN = "<!--DOCUSAURUS_CODE_TABS-->"
_CLOSE = "<!--END_DOCUSAURUS_CODE_TABS-->"
_LABEL = re.compile(r"[ \t]*<!--(?P<label>[^<>\n]*?)-->[ \t]*")
# ASCII punctuation, backslash-escaped so a label reads as written ('C++', '*nix', '# Shell').
_PUNCTUATION = re.compile(r"([!-/:-@\[-`{-~])")


def has_code_tabs(text: str) -> bool:
    """The quick test: a text without this sign has no code tabs."""
    return _OPEN in text


def label_code_tabs(text: str) -> str:
    """``text`` with each tab's label comment inside code tabs (outside code blocks) written
    as its label's line."""
    lines = text.split("\n")
    prose = lines_outside_fences(lines)
    inside = False
    for k, line in enumerate(lines):
        if k not in prose:
            continue
        stripped = line.strip()
        if stripped == _OPEN:
            inside = True
        elif stripped == _CLOSE:
            inside = False
        elif inside and (label := _LABEL.fullmatch(line)) and label.group("label").strip():
            lines[k] = _PUNCTUATION.sub(r"\\\1", label.group("label").strip()) + ":"
    return "\n".join(lines)
