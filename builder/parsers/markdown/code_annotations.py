"""Material for MkDocs' code annotations: the ``(1)`` markers a code block's comments hold,
read as the code without them.

In a block marked ``.annotate`` (or any block, with the theme's ``content.code.annotate``
feature) followed by a numbered list, Material turns each ``(n)`` in a comment into a button
that shows the list's item n; ``(n)!`` replaces the whole comment with the button. Read as
text, ``y = 2  # (1)!`` is ``y = 2``; the list after the block stays, as the notes it is.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from markdown_it.token import Token

from builder.parsers.markdown.mkdocs_flavor import mkdocs_markdown

# A comment whose end is a marker: the comment starts at the last opener before the marker
# (a URL's "//" or a "#" in a string before it is not the comment's start).
_OPENER = r"#|//|/\*|<!--|--"
_MARKER = re.compile(
    rf"(?P<lead>[ \t]*)(?P<comment>(?:{_OPENER})(?:(?!{_OPENER})[^\n])*?)[ \t]*"
    r"\((?P<number>\d+)\)(?P<force>!)?[ \t]*(?P<close>\*/|-->)?[ \t]*$",
    re.MULTILINE,
)
# The comment text left once the marker goes: only an opener means the comment was the marker.
_BARE_OPENER = re.compile(rf"(?:{_OPENER})[ \t]*")
_ANNOTATE_CLASS = re.compile(r"(?<![\w-])\.annotate(?![\w-])")
ANNOTATE_FEATURE = "content.code.annotate"


def code_without_markers(tokens: Sequence[Token], index: int, closers: Sequence[int]) -> str:
    """The code of the fence ``tokens[index]``, without its annotation markers when it is
    annotated in an MkDocs page and a numbered list of the annotations follows it."""
    fence = tokens[index]
    mkdocs = mkdocs_markdown()
    after = index + 1
    if (
        mkdocs is None
        or after >= len(tokens)
        or tokens[after].type != "ordered_list_open"
        or not is_annotated(fence.info, mkdocs.features)
    ):
        return fence.content
    level = tokens[after].level + 1
    notes = sum(
        1
        for item in tokens[after : closers[after]]
        if item.type == "list_item_open" and item.level == level
    )
    return strip_annotation_markers(fence.content, notes)


def is_annotated(info: str, features: frozenset[str]) -> bool:
    """Whether a fence with ``info`` (``{ .python .annotate }``) is one whose comments hold
    annotation markers, under the theme's ``features``."""
    return ANNOTATE_FEATURE in features or _ANNOTATE_CLASS.search(info) is not None


def strip_annotation_markers(code: str, notes: int) -> str:
    """``code`` without the markers of its ``notes`` annotations (``(1)`` to ``(notes)``); a
    comment that held only a marker goes with it."""
    if "(" not in code:
        return code
    return _MARKER.sub(lambda match: _without_marker(match, notes), code)


def _without_marker(match: re.Match[str], notes: int) -> str:
    if not 1 <= int(match.group("number")) <= notes:
        return match.group()
    comment = match.group("comment")
    if match.group("force") or _BARE_OPENER.fullmatch(comment):
        return ""
    close = match.group("close")
    return match.group("lead") + comment.rstrip() + (f" {close}" if close else "")
