"""Twoslash code blocks (```` ```ts twoslash ````, VitePress' and Shiki's type-checked
examples) read as the code the page shows.

Twoslash compiles the whole block but shows only part of it: the lines above a
``// ---cut---`` (or ``// ---cut-before---``) set the example up, those after
``// ---cut-after---`` close it, those between ``// ---cut-start---`` and ``// ---cut-end---``
are hidden, and the compiler's options (``// @noErrors``, ``// @filename: a.ts``) and type
queries (``//    ^?``) are not shown either. A block whose language is ``twoslash`` itself
(```` ```twoslash include name ````) only stores its code for the others to include.
"""

from __future__ import annotations

import re

_TWOSLASH = "twoslash"
_CUT_BEFORE = re.compile(r"[ \t]*// ---cut(?:-before)?---[ \t]*")
_CUT_AFTER = re.compile(r"[ \t]*// ---cut-after---[ \t]*")
_CUT_START = re.compile(r"[ \t]*// ---cut-start---[ \t]*")
_CUT_END = re.compile(r"[ \t]*// ---cut-end---[ \t]*")
# A compiler option ("// @errors: 2322", "// @noErrors"), Vocs' cache of the block's types
# ("// @twoslash-cache: {...}", kilobytes of base64 on one line) or a query ("//  ^?", "// ^^^^").
# A TypeScript directive ("// @ts-expect-error") is the code's own and shows.
_HIDDEN_LINE = re.compile(r"[ \t]*//[ \t]*(?:@\w+(?::.*)?|@twoslash-cache:.*|\^+[?|]?(?:[ \t].*)?)")


def is_twoslash_include(info: str) -> bool:
    """Whether a fence (```` ```twoslash include router ````) stores code for the twoslash
    blocks below it (``// @include: router``): remark-shiki-twoslash shows nothing for it."""
    return info.split(maxsplit=1)[:1] == [_TWOSLASH]


def is_twoslash(info: str) -> bool:
    """Whether a fence's info string (```` ```ts twoslash [a.ts] ````) marks it twoslash."""
    return _TWOSLASH in info.split()[1:]


def shown_code(code: str) -> str:
    """The lines of twoslash block ``code`` that the page shows."""
    lines = code.split("\n")
    cuts = [at for at, line in enumerate(lines) if _CUT_BEFORE.fullmatch(line)]
    if cuts:
        lines = lines[cuts[-1] + 1 :]
    ends = [at for at, line in enumerate(lines) if _CUT_AFTER.fullmatch(line)]
    if ends:
        lines = lines[: ends[0]]
    shown: list[str] = []
    hidden = False
    for line in lines:
        if _CUT_START.fullmatch(line):
            hidden = True
        elif _CUT_END.fullmatch(line):
            hidden = False
        elif not hidden and not _HIDDEN_LINE.fullmatch(line):
            shown.append(line)
    return "\n".join(shown)
