"""NestJS' code blocks (docs.nestjs.com and its translations) read as the page shows them.

A block whose first line is ``@@filename(cats.controller)`` is shown under the name of its
file, and ``@@switch`` on a line of its own splits it in two: the TypeScript above, which the
page shows, and the JavaScript below, which its "JS" tab shows in its place (the site's
renderer, tools/transforms' code.renderer, drops both marks). Each part reads under the name
the page's header gives it while its tab is shown, ``cats.controller.ts`` and
``cats.controller.js``; a block that names no file (``@@filename()``) under its tab's label,
``TS`` or ``JS``. Read as written, the marks stayed in the code and the two versions ran
together as one block.
"""

from __future__ import annotations

import re

from builder.parsers.labelled_text import labelled
from builder.parsers.markdown.code_blocks import titled_fence

# The first line of such a block: the mark, the file's name without its extension.
_FILENAME = re.compile(r"[ \t]*@@filename\(([^()\n]*)\)[ \t]*")
_SWITCH = re.compile(r"^[ \t]*@@switch[ \t]*$", re.MULTILINE)


def has_filename_mark(code: str) -> bool:
    """The quick test: a block whose first line is not the mark is read as written."""
    return code.lstrip(" \t").startswith("@@filename(") and _match(code) is not None


def switched_parts(code: str) -> list[tuple[str, str, str]]:
    """The parts of a marked block, each (title, language, code): the TypeScript under its
    file's name, then, after ``@@switch``, the JavaScript; [] when ``code`` has no mark. A
    part's language is "" where the fence's own stays."""
    first = _match(code)
    if first is None:
        return []
    name = first.group(1).strip()
    rest = code.split("\n", 1)[1] if "\n" in code else ""
    switch = _SWITCH.search(rest)
    if switch is None:
        return [(f"{name}.ts" if name else "", "", rest)]
    typescript = rest[: switch.start()].strip("\n") + "\n"
    javascript = rest[switch.end() :].strip("\n") + "\n"
    return [
        (f"{name}.ts" if name else "TS", "", typescript),
        (f"{name}.js" if name else "JS", "javascript", javascript),
    ]


def _match(code: str) -> re.Match[str] | None:
    return _FILENAME.fullmatch(code.split("\n", 1)[0])


def switched_blocks(info: str, code: str) -> str:
    """A NestJS block's TypeScript and JavaScript, each under the file name its tab shows."""
    parts = []
    for title, language, part in switched_parts(code):
        block = titled_fence(language or info, part)
        parts.append(labelled(title, block) if title and block else block)
    return "\n\n".join(part for part in parts if part)
