"""Inline syntax of the Python-Markdown extensions MkDocs projects write, read as text.

Python-Markdown (MkDocs' renderer) is not CommonMark: its ``attr_list`` extension puts
``{ .class #id key=value }`` after links, images, icons and paragraphs; Material for MkDocs
draws icons from ``:material-name:`` shortcodes; and mkdocs-autorefs turns ``[text][path]``
and ``[path][]`` into links to the object ``path`` names, with no reference definition in the
page. markdown-it would keep all three as literal text, so they are rewritten here: attribute
lists and theme icons leave nothing, a cross-reference reads as its text.
"""

from __future__ import annotations

import re

# One attribute of an attribute list: "#id", ".class" or "key=value" (value quoted or bare).
_ATTRIBUTE = r"""(?:[#.][^\s{}"'=]+|[\w-]+=(?:"[^"]*"|'[^']*'|[^\s{}"']+))"""
# It ends an element, so a word right after the brace means it is not one.
ATTRIBUTE_LIST = re.compile(rf"[ \t]*\{{:?[ \t]*{_ATTRIBUTE}(?:[ \t]+{_ATTRIBUTE})*[ \t]*\}}(?!\w)")
# The icon sets Material for MkDocs bundles (its emoji extension turns these into SVG).
_ICON_SETS = "material|octicons|fontawesome|simple"
THEME_ICON = re.compile(rf":(?:{_ICON_SETS})-[\w-]+:[ \t]?")
# What every attribute list or icon starts with: text without it is returned untouched.
_MAY_HOLD_EITHER = re.compile(rf"\{{[:#. ]|:(?:{_ICON_SETS})-")
# A code span (left as it is), or "[text][target]" / "[text][]" with no nested brackets.
_CROSS_REFERENCE = re.compile(r"(`+)[\s\S]*?(?<!`)\1(?!`)|(!?)\[([^\[\]\n]+)\]\[[^\[\]\n]*\]")


def strip_attributes_and_icons(text: str) -> str:
    """Text with its attribute lists and theme icons left out (call it outside code spans)."""
    if not _MAY_HOLD_EITHER.search(text):
        return text
    return THEME_ICON.sub("", ATTRIBUTE_LIST.sub("", text))


def resolve_cross_references(markdown: str) -> str:
    """Inline Markdown whose ``[text][target]`` and ``[text][]`` references are links with no
    destination (read as their text), whether or not the page defines ``target``: autorefs
    resolves them across the whole site, and a defined one reads as its text either way."""
    if "][" not in markdown:
        return markdown
    return _CROSS_REFERENCE.sub(_as_link, markdown)


def _as_link(match: re.Match[str]) -> str:
    if match.group(1) is not None:
        return match.group(0)
    return f"{match.group(2)}[{match.group(3)}]()"
