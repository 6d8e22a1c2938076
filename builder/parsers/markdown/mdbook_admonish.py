"""mdbook-admonish's callouts: a fenced block whose info string opens with ``admonish``.

mdBook's most used preprocessor turns ```` ```admonish warning title="Data loss" ```` ...
```` ``` ```` into a callout of that kind and title, its content Markdown (no kind: a note;
``title=""``: no title; ``collapsible``, ``class`` and ``id`` change only its look). Read as
code, the callout's Markdown showed as a code block of language ``admonish``. In an mdBook's
pages (builder.parsers.markdown.flavor) each such fence is rewritten
as a ``:::`` container of that kind, its marks as many colons as the fence has backticks, so
that a callout nested in another (whose fence is longer) closes where its fence does; the
text keeps its lines.
"""

from __future__ import annotations

import re

_OPENING = re.compile(r"(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*admonish\b(?P<rest>.*)")
_TITLE = re.compile(r"""\btitle\s*=\s*(?:"((?:\\.|[^"\\])*)"|'([^']*)')""")
# The older form: a quoted title right after the kind (```admonish warning "Data loss").
_QUOTED = re.compile(r"""\s*"((?:\\.|[^"\\])*)"|\s*'([^']*)'""")
# The kind, a word that is no option's key; possessive, so a long word is read once.
_KIND = re.compile(r"[ \t]+([A-Za-z][\w-]*+)(?![ \t]*=)")
_DEFAULT_KIND = "note"
_FENCE = re.compile(r"[ \t]*(`{3,}|~{3,})")


def has_admonish_blocks(text: str) -> bool:
    """The quick test: a page without the word has no callout of mdbook-admonish."""
    return "admonish" in text


def admonish_containers(text: str) -> str:
    """``text`` with each ``admonish`` fence written as a container of its kind and title."""
    lines = text.split("\n")
    code = ""  # the fence of the code block being skipped
    callouts: list[str] = []  # the fences of the callouts open, innermost last
    for number, line in enumerate(lines):
        stripped = line.strip()
        if code:
            code = "" if _closes(stripped, code) else code
        elif callouts and _closes(stripped, callouts[-1]):
            indent = line[: len(line) - len(line.lstrip())]
            lines[number] = indent + ":" * len(callouts.pop())
        elif (opening := _OPENING.fullmatch(line)) is not None:
            callouts.append(opening.group("fence"))
            kind, title = _kind_and_title(opening.group("rest"))
            marks = ":" * len(callouts[-1])
            lines[number] = f"{opening.group('indent')}{marks} {kind} {title}".rstrip()
        elif (fence := _FENCE.match(line)) is not None:
            code = fence.group(1)
    return "\n".join(lines)


def _closes(stripped: str, fence: str) -> bool:
    """Whether a line (its spaces stripped) closes a block opened by ``fence``."""
    return len(stripped) >= len(fence) and not stripped.lstrip(fence[0])


def _kind_and_title(rest: str) -> tuple[str, str]:
    kind = _KIND.match(rest)
    after = rest[kind.end() :] if kind else rest
    quoted = _QUOTED.match(after) if kind else None
    titled = quoted or _TITLE.search(after)
    title = next((g for g in titled.groups() if g is not None), "") if titled else ""
    return (kind.group(1).lower() if kind else _DEFAULT_KIND), title.replace('\\"', '"')
