"""TypeScript path aliases in a page's imports: ``import Input from '@/components/input.md'``
names ``src/components/input.md`` when the project's ``tsconfig.json`` maps ``"@/*"`` to
``["src/*"]``, as Astro and Vite resolve it.

An Astro Starlight site's pages import their shared Markdown so (biome's website: its home
page's formatter example and the eighteen partials of its diagnostics reference were
"only files beside the page are read"). Only a ``"prefix/*"`` alias to a ``"folder/*"``
target (its first) is read, from ``baseUrl`` (default the file's folder), and only a path
that stays in the project; the file is JSON with comments and trailing commas allowed, as
TypeScript reads it, and is never run.
"""

from __future__ import annotations

import json
import posixpath
import re
from typing import Any

from builder.includes import IncludeReader, IncludeRefused
from builder.projects.config_file import without_comments

TSCONFIG = "tsconfig.json"
# A comma before a closing bracket (strings are kept whole, so a comma in one stays).
_TRAILING_COMMA = re.compile(r"""("(?:\\.|[^"\\\n])*")|,(\s*[}\]])""")


def aliased_path(target: str, reader: IncludeReader) -> str | None:
    """The path from the project's root that ``target`` names through an alias of the
    project's ``tsconfig.json``, or None when no alias names it."""
    try:
        text = reader.read_in_project(TSCONFIG).text
    except IncludeRefused:
        return None
    options = _compiler_options(text)
    paths = options.get("paths")
    base = options.get("baseUrl", ".")
    if not isinstance(paths, dict) or not isinstance(base, str):
        return None
    for pattern, targets in paths.items():
        first = targets[0] if isinstance(targets, list) and targets else None
        if not (pattern.endswith("/*") and isinstance(first, str) and first.endswith("/*")):
            continue
        prefix = pattern[:-1]
        if target.startswith(prefix):
            relpath = posixpath.normpath(posixpath.join(base, first[:-1], target[len(prefix) :]))
            if not relpath.startswith(("..", "/")):
                return relpath
    return None


def _compiler_options(text: str) -> dict[str, Any]:
    plain = _TRAILING_COMMA.sub(lambda m: m.group(1) or m.group(2), without_comments(text))
    try:
        config = json.loads(plain)
    except (ValueError, RecursionError):
        return {}
    options = config.get("compilerOptions") if isinstance(config, dict) else None
    return options if isinstance(options, dict) else {}
