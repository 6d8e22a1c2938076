"""Which folders of a VitePress site hold its other languages' pages: the keys of the config's
``locales`` object but the default one.

VitePress serves ``locales: { root: {...}, zh: {...} }`` as one site per language: the root
locale's pages at the top, ``zh``'s under ``zh/``, each with its own sidebar. Read as one, a
translated site was mostly its translations: Vue Router 5.2.0's docs were 573 sections in
Chinese of 869, each page twice in two languages. A site whose every language has a folder
(no ``root`` key) keeps English's (``en``, ``en-US``), else its first locale's. Only a literal
key is read: a locales object built at run time names none. The config is scanned as text, its
strings and comments skipped, as builder.projects.vitepress scans it.
"""

from __future__ import annotations

import re

_KEY = "locales"
_OBJECT_VALUE = re.compile(r"[ \t]*:\s*\{")
_ROOT = "root"
_DEFAULT_LANGUAGE = "en"
# A key (a name or a quoted string, before its colon), a string or comment skipped whole (one
# left open ends at its line's end, so the scan never backtracks), or a bracket.
_TOKEN = re.compile(
    r"""//[^\n]*|/\*.*?(?:\*/|\Z)"""
    r"""|(?P<key>(?<![\w$-])[A-Za-z_$][\w$-]*+|'[^'\\\n]*'|"[^"\\\n]*")(?=[ \t]*:)"""
    r"""|'(?:\\.|[^'\\\n])*(?:'|(?=\n)|\\?\Z)|"(?:\\.|[^"\\\n])*(?:"|(?=\n)|\\?\Z)"""
    r"""|`(?:\\.|[^`\\])*(?:`|\\?\Z)"""
    r"""|(?P<open>[{\[(])|(?P<close>[}\])])""",
    re.DOTALL,
)
# A folder name a locale key can be: no path of its own.
_FOLDER = re.compile(r"[\w.-]+")


def other_locales(sources: list[str]) -> tuple[str, ...]:
    """The folders of the locales the first literal ``locales`` object in ``sources`` (the
    config and its modules) names, but the default one's."""
    for source in sources:
        for token in _TOKEN.finditer(source):
            opening = _OBJECT_VALUE.match(source, token.end())
            if token.group("key") == _KEY and opening is not None:
                keys = [k for k in _top_keys(source, opening.end()) if _FOLDER.fullmatch(k)]
                return tuple(key for key in keys if key != _kept(keys))
    return ()


def _kept(keys: list[str]) -> str:
    if _ROOT in keys or not keys:
        return _ROOT
    english = (k for k in keys if k.lower().split("-")[0] == _DEFAULT_LANGUAGE)
    return next(english, keys[0])


def _top_keys(source: str, start: int) -> list[str]:
    """The keys of the object whose text starts at ``start`` (after its ``{``)."""
    keys: list[str] = []
    depth = 1
    for token in _TOKEN.finditer(source, start):
        if token.group("open"):
            depth += 1
        elif token.group("close"):
            depth -= 1
            if depth == 0:
                break
        elif (key := token.group("key")) is not None and depth == 1:
            keys.append(key.strip("'\""))
    return list(dict.fromkeys(keys))
