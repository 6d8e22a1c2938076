"""Pandoc's fenced divs, as Quarto pages write them: ``::: {.callout-note title="Heads up"}``.

A colon fence whose info string is a block of attributes (``.class``, ``#id``, ``key=value``)
is a div: the markdown-it colon fence plugin reads it as a fence of raw text, so its Markdown
(links, lists, code) was shown as written. Its info is rewritten to the MyST directive it
reads as: a callout is that admonition, or, with a ``title``, an admonition labelled by its
title (Quarto shows the title in place of the kind); any other div is a ``container``, whose
content reads as the page's text.

Pandoc closes the innermost open div at any line of three or more colons, where the colon
fence closes a fence only with at least as many as opened it: a ``:::::::`` div that ``:::``
closes (quarto-web's branding page) ran to the end of the page and took its headings with it.
So on a Quarto page each div's fences are first given as many colons as its nesting needs, the
innermost three. A div of no attributes (``::: {}``) is a container too.
"""

from __future__ import annotations

import re

from markdown_it.rules_core import StateCore

from builder.parsers.markdown.spliced import lines_outside_fences

# One attribute: a class or id, or key=value with the value quoted or bare.
_ATTRIBUTE = r"""(?:[.#][\w:-]+|[\w-]+=(?:"[^"\n]*"|'[^'\n]*'|[^\s"'{}]*))"""
_ATTRIBUTES = re.compile(rf"\{{\s*((?:{_ATTRIBUTE}(?:\s+{_ATTRIBUTE})*)?)\s*\}}")
_WORD = re.compile(_ATTRIBUTE)
_TITLE = re.compile(r"""title=(?:"([^"\n]*)"|'([^'\n]*)'|(\S*))""")
# A div's fence: its indent, its colons, and what follows them (only spaces on a closing one).
_DIV_FENCE = re.compile(r"([ \t]{0,3})(:{3,})(.*)")
# The most colons a fence gains: each of N nested divs gaining up to N made a page's text grow
# as N squared (a 26 KB page of 2,000 nested divs became 4 MB).
_MAX_HEIGHT = 50
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


def balance_div_fences(text: str) -> str:
    """``text`` (a Quarto page) with each div's fences as long as Pandoc's nesting of them
    needs them to be for the colon fence: an outer div's longer than any div inside it, and
    than any run of colons alone on a line of code inside it (a page showing a div's Markdown
    in an example), which the colon fence would take for its end. Its lines stay where they
    are."""
    lines = text.split("\n")
    prose = lines_outside_fences(lines)
    fences = {k: fence for k, line in enumerate(lines) if (fence := _DIV_FENCE.fullmatch(line))}
    open_divs: list[int] = []
    pairs: list[tuple[int, int]] = []
    height: dict[int, int] = {}  # a div's opening line -> how many colons past 3 it needs
    for number, fence in fences.items():
        closing = not fence.group(3).strip()
        if number not in prose:
            if closing and open_divs:
                inner = open_divs[-1]
                height[inner] = max(height[inner], len(fence.group(2)) - 2)
        elif not closing:
            open_divs.append(number)
            height[number] = 0
        elif open_divs:
            opening = open_divs.pop()
            pairs.append((opening, number))
            if open_divs:
                outer = open_divs[-1]
                height[outer] = max(height[outer], height[opening] + 1)
    for opening, closing_line in pairs:
        colons = ":" * (3 + min(height[opening], _MAX_HEIGHT))
        for number in (opening, closing_line):
            fence = fences[number]
            lines[number] = f"{fence.group(1)}{colons}{lines[number][fence.end(2) :]}"
    return "\n".join(lines) if pairs else text
