"""Pandoc's fenced divs, as Quarto pages write them: ``::: {.callout-note title="Heads up"}``.

A colon fence whose info string is a block of attributes (``.class``, ``#id``, ``key=value``)
is a div: the markdown-it colon fence plugin reads it as a fence of raw text, so its Markdown
(links, lists, code) was shown as written. Its info is rewritten to the MyST directive it
reads as: a callout is that admonition, or, with a ``title``, an admonition labelled by its
title (Quarto shows the title in place of the kind); any other div is a ``container``, whose
content reads as the page's text.
"""

from __future__ import annotations

import re

from markdown_it.rules_core import StateCore

# One attribute: a class or id, or key=value with the value quoted or bare.
_ATTRIBUTE = r"""(?:[.#][\w:-]+|[\w-]+=(?:"[^"\n]*"|'[^'\n]*'|[^\s"'{}]*))"""
_ATTRIBUTES = re.compile(rf"\{{\s*({_ATTRIBUTE}(?:\s+{_ATTRIBUTE})*)\s*\}}")
_WORD = re.compile(_ATTRIBUTE)
_TITLE = re.compile(r"""title=(?:"([^"\n]*)"|'([^'\n]*)'|(\S*))""")
# Quarto's five callouts, each an admonition Sphinx and MyST also know.
CALLOUTS = frozenset({"note", "tip", "warning", "caution", "important"})


def callout_kind(name: str) -> str:
    """The admonition a ``callout-<kind>`` class names, or ``name`` when it names none."""
    kind = name.removeprefix("callout-")
    return kind if kind != name and kind in CALLOUTS else name


def div_info(info: str) -> str | None:
    """The MyST info string of a div whose fence info is ``info``, or None when ``info`` is
    not a block of Pandoc attributes."""
    match = _ATTRIBUTES.fullmatch(info.strip())
    if match is None:
        return None
    words = _WORD.findall(match.group(1))
    classes = [word[1:] for word in words if word.startswith(".")]
    kind = next((callout_kind(name) for name in classes if callout_kind(name) in CALLOUTS), "")
    if not kind:
        return "{container}"
    title = _TITLE.search(match.group(1))
    text = next((group for group in title.groups() if group), "").strip() if title else ""
    return f"{{admonition}} {text}" if text else f"{{{kind}}}"


def pandoc_divs_rule(state: StateCore) -> None:
    """Read each colon fence opened by Pandoc attributes as the directive it amounts to."""
    for token in state.tokens:
        if token.type == "colon_fence":
            info = div_info(token.info)
            if info is not None:
                token.info = info
