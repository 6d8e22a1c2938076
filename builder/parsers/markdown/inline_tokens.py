"""Questions the inline renderer (builder.parsers.markdown.body_text) asks of a paragraph's
inline tokens: which are pictures and which of those read as nothing, where a soft break joins
wide characters, which HTML tags open or close a code span, and which text is a MyST autolink.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from markdown_it.token import Token

from builder.parsers.badges import is_badge, is_logo
from builder.parsers.wide_breaks import breaks_without_space

# MyST's link schemes: a page or label of the project, an intersphinx object, a file.
_MYST_SCHEMES = ("project:", "inv:", "path:")

# Inline HTML that opens or closes code, where GitHub shows no emoji: "<code>:x:</code>".
CODE_TAG = re.compile(r"<(/?)(code|pre|tt)\b[^>]*>", re.IGNORECASE)

# Inline code written as HTML, shown as a code span is: "<code>str | None</code>".
_CODE_SPAN_TAGS = frozenset({"code", "tt"})

# What a paragraph of pictures holds: images, the links around them, the breaks between them.
_PICTURE_PARTS = frozenset({"image", "link_open", "link_close", "softbreak", "hardbreak"})


def is_picture_part(token: Token) -> bool:
    """Whether ``token`` is an image, a link around one or the space between them."""
    return token.type in _PICTURE_PARTS or (token.type == "text" and not token.content.strip())


def reads_as_nothing(children: Sequence[Token], position: int, pictures_only: bool) -> bool:
    """Whether the image at ``position`` reads as nothing: a status badge, or a logo among
    pictures only (no words around it, where it would be one of them)."""
    image = children[position]
    source = str(image.attrs.get("src", ""))
    linked = position > 0 and children[position - 1].type == "link_open"
    return is_badge(source, linked) or (pictures_only and is_logo(source, image.content))


def joins_wide_text(before: str, children: Sequence[Token], position: int) -> bool:
    """Whether the soft break at ``position``, after the text ``before``, falls between two
    wide characters: the text that follows it, past any markup that opens (a link, emphasis),
    starts with one."""
    # By index: a copy of the tokens after each break was quadratic in a paragraph's lines.
    for index in range(position + 1, len(children)):
        child = children[index]
        if child.type in ("text", "text_special"):
            return breaks_without_space(before, child.content)
        if not child.type.endswith("_open"):
            return False
    return False


def marks_code_span(children: Sequence[Token], position: int, tag: re.Match[str]) -> bool:
    """Whether a ``<code>`` tag (or ``<tt>``) opens or closes a code span: an opening tag whose
    closing tag follows with text only between them (no backtick), or that closing tag. Any
    other (a tag left open, one around other tags, an empty one) marks nothing."""
    name = tag.group(2).lower()
    if name not in _CODE_SPAN_TAGS:
        return False
    step = -1 if tag.group(1) else 1
    other = position + step
    while 0 <= other < len(children) and children[other].type in ("text", "text_special"):
        if "`" in children[other].content:
            return False  # a backtick inside would end the span early
        other += step
    if not 0 <= other < len(children) or other == position + step:
        return False
    pair = CODE_TAG.fullmatch(children[other].content)
    return (
        children[other].type == "html_inline"
        and pair is not None
        and pair.group(2).lower() == name
        and bool(pair.group(1)) != bool(tag.group(1))
    )


def next_type(children: Sequence[Token], position: int) -> str:
    return children[position + 1].type if position + 1 < len(children) else ""


def is_myst_autolink(children: Sequence[Token], position: int) -> bool:
    """Whether ``children[position]`` is the text of an autolink to a MyST link target
    (``<project:...>``, ``<inv:...>``, ``<path:...>``), which shows what it points to, not
    the target as written."""
    link = children[position - 1] if position else None
    return (
        link is not None
        and link.type == "link_open"
        and link.markup == "autolink"
        and str(link.attrs.get("href", "")).startswith(_MYST_SCHEMES)
    )
