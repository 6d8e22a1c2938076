"""A kramdown block attribute list that makes the block after it a callout, ``{: .warning }``
over a paragraph or a quote, as just-the-docs draws it: the line is the callout's kind, "Warning:",
in place of the list, line for line, before the page is parsed.

just-the-docs styles a block whose class its ``_config.yml`` names under ``callouts`` (and a
``-title`` one, whose first line is its title) as a box headed by its title. The attribute list
reads as nothing, and with it the warning read as any other paragraph: just-the-docs 0.12.0's
callouts page showed "A paragraph..." under each of its five kinds, none named. Only a class
named for a kind of note is one (``{: .btn }`` styles a link, ``{: .no_toc }`` a heading).
"""

from __future__ import annotations

import re

from builder.parsers.markdown.hugo_shortcodes import code_lines

_KINDS = ("note", "tip", "info", "warning", "caution", "danger", "important")
# A line that is one block attribute list of one class: a kind, or a kind's "-title" variant.
_CALLOUT = re.compile(r"[ \t]{0,3}\{:[ \t]*\.(" + "|".join(_KINDS) + r")(?:-title)?[ \t]*\}[ \t]*")


def has_kramdown_callouts(text: str) -> bool:
    return "{:" in text and re.search(r"\{:[ \t]*\.(?:" + "|".join(_KINDS) + ")", text) is not None


def rewrite_kramdown_callouts(text: str) -> str:
    """``text`` with each callout's attribute list its kind, outside code, when a block
    follows it on the next line; it keeps its number of lines."""
    lines = text.split("\n")
    inside_code = code_lines(lines)
    for index, line in enumerate(lines[:-1]):
        if "{:" not in line or inside_code[index] or not lines[index + 1].strip():
            continue
        callout = _CALLOUT.fullmatch(line)
        if callout is not None:
            lines[index] = f"{callout.group(1).capitalize()}:"
    return "\n".join(lines)
