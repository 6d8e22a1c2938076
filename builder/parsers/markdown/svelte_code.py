"""The file names Svelte's docs give their code blocks: ``<!--- file: App.svelte --->`` or
``/// file: index.js`` on a block's first line is its title, and ``copy: false`` (no copy
button) and ``link:`` lines show nothing, as svelte.dev's renderer reads them (its
METADATA_REGEX). Read as code, the lines opened 152 of Svelte 5.56's blocks.

Only lines at the top of a block count, and the ``///`` form only in JavaScript, TypeScript
and Svelte blocks: elsewhere (Rust's doc comments) it is code.
"""

from __future__ import annotations

import re

_METADATA = re.compile(
    r"[ \t]*(?:(?P<comment><!---)|///)[ \t]*(?P<key>file|link|copy):[ \t]*(?P<value>.*?)"
    r"[ \t]*(?(comment)--->)[ \t]*"
)
_SLASHED_LANGUAGES = frozenset({"svelte", "js", "javascript", "ts", "typescript"})


def code_metadata(code: str, language: str) -> tuple[str, str]:
    """(the block's file name or "", its code without the metadata lines at its top)."""
    if "file:" not in code and "copy:" not in code and "link:" not in code:
        return "", code
    lines = code.split("\n")
    title = ""
    start = 0
    while start < len(lines):
        found = _METADATA.fullmatch(lines[start])
        if found is None or (not found.group("comment") and language not in _SLASHED_LANGUAGES):
            break
        if found.group("key") == "file":
            title = found.group("value")
        start += 1
    return title, "\n".join(lines[start:]) if start else code
