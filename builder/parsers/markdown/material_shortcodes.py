"""Material for MkDocs' documentation shortcodes: ``#### <!-- md:setting config.blog_dir -->``.

Material's documentation (its translations, and sites that copy its ``shortcodes.py`` hook)
writes a plugin's settings with comments the hook expands before Markdown is read. A setting's
heading is its last name as code, anchored by the whole (```blog_dir` { #config.blog_dir }``);
under it, badges: an icon whose tooltip says what the text beside it is ("Default value",
"Minimum version"). Read as they are written, the comments are an empty heading and no text:
here each reads as the hook's text, the badge's tooltip before its own text.
"""

from __future__ import annotations

import re
from typing import Any

from markdown_it.common.utils import normalizeReference

_SHORTCODE = re.compile(r"<!-- md:(\w+)(.*?) -->", re.IGNORECASE)
# The name of a setting is what follows its last "." or "*"; of an option, its last "." or ":".
_SEPARATORS = {"setting": r"[.*]", "option": r"[.:]"}
# Each badge's tooltip, by shortcode (and by its argument, for those whose argument chooses it).
_BADGES = {
    "version": "Minimum version",
    "default": "Default value",
    "feature": "Optional feature",
    "plugin": "Plugin",
    "extension": "Markdown extension",
    "utility": "Third-party utility",
    "sponsors": "Sponsors only",
}
# What follows a badge within a sentence, not one of a list: "<!-- md:version 4.6.3 -->."
_PUNCTUATION = re.compile(r"[.,;:!?)]")
_FLAGS = {
    ("default", "none"): "Default value is empty",
    ("default", "computed"): "Default value is computed",
    ("flag", "experimental"): "Experimental",
    ("flag", "required"): "Required value",
    ("flag", "customization"): "Customization",
    ("flag", "metadata"): "Metadata property",
    ("flag", "multiple"): "Multiple instances",
}


def has_material_shortcodes(text: str) -> bool:
    return "<!-- md:" in text and _SHORTCODE.search(text) is not None


def expand_material_shortcodes(text: str) -> str:
    """``text`` with each shortcode written as the hook writes it, on its line still: a setting
    as its name and the id its anchor has, a badge as its tooltip and text, an example's
    download links as nothing."""
    return _SHORTCODE.sub(_expanded, text)


def setting_references(text: str) -> dict[str, dict[str, Any]]:
    """The link reference each setting shortcode of ``text`` defines, as markdown-it's env
    holds them: the hook writes "[config.blog_toc]: #config.blog_toc" under the heading, so
    the page's "[config.blog_toc]" reads "config.blog_toc". Kept out of the text, whose lines
    keep their places."""
    return {
        normalizeReference(path): {"href": f"#{path}", "title": ""}
        for match in _SHORTCODE.finditer(text)
        if match.group(1).lower() == "setting" and (path := match.group(2).strip())
    }


def _expanded(match: re.Match[str]) -> str:
    kind, argument = match.group(1).lower(), match.group(2).strip()
    if kind in _SEPARATORS:
        name = re.split(_SEPARATORS[kind], argument)[-1]
        anchor = argument if kind == "setting" else f"+{argument}"
        return f"`{name}` {{ #{anchor} }}"
    line = match.string[match.string.rfind("\n", 0, match.start()) + 1 : match.start()]
    if _SHORTCODE.sub("", line).strip(" \t:") or _PUNCTUATION.match(match.string, match.end()):
        # Within a sentence ("Prior to <!-- md:version 5.0.0 -->, search ..."), no break;
        # a version reads as its number, which the sentence names ("- `color` – <!--
        # md:default ... -->" keeps its "Default value").
        return _badge_text(kind, argument, tooltip=kind != "version")
    # Badges stand side by side on the page: a hard break keeps each on a line of its own.
    text = _badge_text(kind, argument)
    return f"{text}  " if text else ""


def _badge_text(kind: str, argument: str, *, tooltip: bool = True) -> str:
    flag = _FLAGS.get((kind, argument.split(" ", 1)[0]))
    if flag is not None:
        return flag
    badge = _BADGES.get(kind)
    if badge is None:
        return ""
    if kind == "version" and argument.startswith("insiders-"):
        argument = f"{argument.removeprefix('insiders-')} (Insiders)"
    if not argument:
        return badge
    return f"{badge}: {argument}" if tooltip else argument
