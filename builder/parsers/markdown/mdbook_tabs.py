"""mdbook-tabs' tab sets: ``{{#tabs }}``, then each ``{{#tab name="Rust" }}`` ... ``{{#endtab }}``,
then ``{{#endtabs }}``, each tag on a line of its own.

The preprocessor turns them into a tab set whose tabs show their names. Read as text, the tags
were neither text nor Markdown: the braces read as empty substitutions (``{} {} Tab content
1 {} {}``), the tabs' names were lost and their contents ran together. In an mdBook's pages
(builder.parsers.markdown.flavor) each tab's tag reads as its name on
a line of its own over its content, as other tab sets' labels read, and the other tags as
nothing; the text keeps its lines, and tags in fenced code stay as written.
"""

from __future__ import annotations

import re

from builder.parsers.markdown.spliced import lines_outside_fences

_TAG = re.compile(r"[ \t]*\{\{#(tabs|endtabs|tab|endtab)\b([^{}\n]{0,500})\}\}[ \t]*")
_NAME = re.compile(r"""\bname\s*=\s*(?:"([^"\n]*)"|'([^'\n]*)')""")
# A line that starts a block of its own: a fence, heading, list item, quote, table or tag.
_BLOCK_START = re.compile(r"[ \t]*(?:`{3}|~{3}|#|[-*+][ \t]|\d{1,9}[.)][ \t]|>|\||<|\{\{#)")
# ASCII punctuation, backslash-escaped so a name reads as written ('C++', '*nix').
_PUNCTUATION = re.compile(r"([!-/:-@\[-`{-~])")


def has_tab_sets(text: str) -> bool:
    """The quick test: a text without this sign has no tab of mdbook-tabs."""
    return "{{#tab" in text


def label_tab_sets(text: str) -> str:
    """``text`` with each tag of a tab set outside code written as what it shows."""
    lines = text.split("\n")
    for number in lines_outside_fences(lines):
        line = lines[number]
        tag = _TAG.fullmatch(line) if "{{#" in line else None
        if tag is None:
            continue
        name = _NAME.search(tag.group(2)) if tag.group(1) == "tab" else None
        label = next((g for g in name.groups() if g is not None), "") if name else ""
        following = lines[number + 1] if number + 1 < len(lines) else ""
        # Over a line of text, a hard break keeps the name on a line of its own.
        joined = bool(following.strip()) and _BLOCK_START.match(following) is None
        shown = _PUNCTUATION.sub(r"\\\1", label) + (":\\" if joined else ":")
        lines[number] = shown if label else ""
    return "\n".join(lines)
