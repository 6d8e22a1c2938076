"""Material for MkDocs' setting shortcodes: ``#### <!-- md:setting config.blog_dir -->``.

Material's documentation (its translations, and sites that copy its ``shortcodes.py`` hook)
heads each setting of a plugin with a comment the hook expands before Markdown is read: the
setting's last name as code, anchored by the whole (```blog_dir` { #config.blog_dir }``).
Read as it is written, the comment is an empty heading. The hook's other shortcodes are badges
(a version, a default value), which are left out as the comments they are.
"""

from __future__ import annotations

import re

# The hook's "setting" and "option" shortcodes: the name is what follows the last dot (or,
# for a setting, "*"; for an option, ":").
_SHORTCODE = re.compile(r"<!-- md:(setting|option)[ \t]+(\S+?)[ \t]*-->", re.IGNORECASE)
_SEPARATORS = {"setting": r"[.*]", "option": r"[.:]"}


def has_setting_shortcodes(text: str) -> bool:
    return "<!-- md:" in text and _SHORTCODE.search(text) is not None


def expand_setting_shortcodes(text: str) -> str:
    """``text`` with each setting (and option) shortcode written as the hook writes it, on
    its own line still: its name as code, and the id its anchor has."""
    return _SHORTCODE.sub(_expanded, text)


def _expanded(match: re.Match[str]) -> str:
    kind, path = match.group(1).lower(), match.group(2)
    name = re.split(_SEPARATORS[kind], path)[-1]
    anchor = path if kind == "setting" else f"+{path}"
    return f"`{name}` {{ #{anchor} }}"
