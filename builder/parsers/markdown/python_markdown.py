"""Inline syntax of the Python-Markdown extensions MkDocs projects write, read as text.

Python-Markdown (MkDocs' renderer) is not CommonMark: its ``attr_list`` extension puts
``{ .class #id key=value }`` after links, images, icons and paragraphs; Material for MkDocs
draws icons from ``:material-name:`` shortcodes; and mkdocs-autorefs turns ``[text][path]``
and ``[path][]`` into links to the object ``path`` names, with no reference definition in the
page; pymdownx.keys draws ``++ctrl+alt+del++`` as the keys Ctrl+Alt+Del; the abbr extension's
``*[HTML]: title`` lines define tooltips. markdown-it would keep all five as literal text, so
they are rewritten here: attribute lists, theme icons and abbreviation definitions leave
nothing, a cross-reference reads as its text, keys as their names joined by "+". In an MkDocs
project's pages, the marks of the pymdownx extensions its mkdocs.yml enables (``==mark==``,
``^^ins^^``, ``H~2~O``, ``x^2^``) read as their text, emoji shortcodes (``:smile:``) as nothing
and inline code as its code without pymdownx.inlinehilite's language marker (``#!python``).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Collection

from markdown_it.common.utils import normalizeReference

# One attribute of an attribute list: "#id", ".class" or "key=value" (value quoted or bare).
# A name starts with a letter, digit, "_" or "-": "{ ...params }" is JavaScript's spread
# (openai's api.md: "client.conversations.update(conversationID, { ...params })").
_ATTRIBUTE = r"""(?:[#.][\w-][^\s{}"'=]*|[\w-]+=(?:"[^"]*"|'[^']*'|[^\s{}"']+))"""
# It ends an element, so a word right after the brace means it is not one. A match starts
# where a run of blanks does: tried at each blank of a long run, the leading blanks made a
# line of 200 KB of them take 34 s.
ATTRIBUTE_LIST = re.compile(
    rf"(?<![ \t])[ \t]*\{{:?[ \t]*{_ATTRIBUTE}(?:[ \t]+{_ATTRIBUTE})*[ \t]*\}}(?!\w)"
)
# A bracketed span, "[text]{.class}": MyST's attrs_inline and Pandoc (whose reST conversions
# write "[setup.cfg]{.title-ref}") show its text. Not after "]" (a reference link's label),
# "!" or a backslash; Python-Markdown has no such span, and shows the brackets.
# Code spans are left as they are.
_BRACKETED_SPAN = re.compile(
    rf"(?<![\]\\!\w])\[([^\[\]\n]+)\]\{{:?[ \t]*{_ATTRIBUTE}(?:[ \t]+{_ATTRIBUTE})*[ \t]*\}}(?!\w)"
)
_BACKTICKS = re.compile(r"`+")
# The icon sets Material for MkDocs bundles (its emoji extension turns these into SVG).
_ICON_SETS = "material|octicons|fontawesome|simple"
THEME_ICON = re.compile(rf":(?:{_ICON_SETS})-[\w-]+:[ \t]?")
# pymdownx.keys: "++" around key names joined by "+", a name quoted when it is the label itself.
_KEY = r'"[^"\n+]*"|[A-Za-z0-9][\w-]*'
KEYS = re.compile(rf"(?<![\w+])\+\+((?:{_KEY})(?:\+(?:{_KEY}))*)\+\+(?![\w+])")
_KEY_NAME = re.compile(_KEY)
# The labels pymdownx.keys shows for names that are not the label capitalised.
_KEY_LABELS = {
    "ctrl": "Ctrl", "control": "Ctrl", "cmd": "Cmd", "command": "Cmd", "opt": "Option",
    "return": "Enter", "esc": "Esc", "escape": "Esc", "del": "Del", "delete": "Del",
    "pgup": "Page Up", "pgdn": "Page Down", "ins": "Ins", "insert": "Ins",
    "windows": "Win", "win": "Win", "arrow-up": "Up", "arrow-down": "Down",
    "arrow-left": "Left", "arrow-right": "Right",
}  # fmt: skip
# What every attribute list, icon or key starts with: text without it is returned untouched.
# A list may open with a key ("{target="_blank"}", after most links of Powertools for AWS
# Lambda's pages).
_MAY_HOLD_EITHER = re.compile(rf"\{{[:#. ]|\{{[\w-]+=|:(?:{_ICON_SETS})-|\+\+")
# A list whose first attribute is a key ("{target="_blank"}").
_OPENS_WITH_KEY = re.compile(r"[ \t]*\{[\w-]+=")
_LINE_ENDS = re.compile(r"[ \t]*(?:\n|$)")
# A code span (left as it is), or "[text][target]" / "[text][]" with no nested brackets but in
# a code span: "[`dispatcher.close([callback])`][]", as undici writes a method's name; not
# right after a Latin letter, a digit or a bracket, where it indexes ("arr[0][1]", "f()[k][v]";
# Chinese runs a link on from its words: "请参阅[加载器][griffe.load]").
_CROSS_REFERENCE = re.compile(
    r"(`+)[\s\S]*?(?<!`)\1(?!`)"
    r"|(?<![A-Za-z0-9)\]])(!?)\[((?:`[^`\n]*`|[^\[\]\n`])*)\]\[([^\[\]\n]*)\]"
)
# Python-Markdown also reads "[text]" and "[target]" on two lines as one reference (a page
# wrapped at 80 columns); a footnote's "[^1]" is no link text, an index no reference.
_WRAPPED_REFERENCE = re.compile(
    r"(`+)[\s\S]*?(?<!`)\1(?!`)"
    r"|(?<![A-Za-z0-9)\]])(!?)\[(?!\^)((?:`[^`\n]*`|[^\[\]\n`])*)\]\n?\[([^\[\]\n]*)\]"
)


# The abbr extension's definitions ("*[HTML]: Hyper Text Markup Language", also PHP Markdown
# Extra's and kramdown's) show nothing: each "HTML" in the page gets the title as a tooltip.
# MkDocs projects append a glossary of them to every page with the snippets' auto_append.
_ABBREVIATION = re.compile(r"^[ \t]*\*\[[^\]\n]+\][ \t]?:.*(?:\n|$)", re.MULTILINE)


def drop_abbreviations(paragraph: str) -> str:
    """A paragraph's source without its abbreviation definition lines."""
    return _ABBREVIATION.sub("", paragraph) if "*[" in paragraph else paragraph


def strip_attributes_and_icons(text: str) -> str:
    """Text with its attribute lists and theme icons left out and its keys named (call it
    outside code spans)."""
    if not _MAY_HOLD_EITHER.search(text):
        return text
    return KEYS.sub(_key_names, THEME_ICON.sub("", ATTRIBUTE_LIST.sub(_attribute_list, text)))


def read_bracketed_spans(text: str) -> str:
    """Inline Markdown with each bracketed span ("[text]{.class}") replaced by its text (not
    on Python-Markdown's pages)."""
    if "]{" not in text:
        return text
    pieces: list[str] = []
    start = 0
    for code_start, code_end in _code_spans(text):
        pieces += [_BRACKETED_SPAN.sub(r"\1", text[start:code_start]), text[code_start:code_end]]
        start = code_end
    pieces.append(_BRACKETED_SPAN.sub(r"\1", text[start:]))
    return "".join(pieces)


def _code_spans(text: str) -> list[tuple[int, int]]:
    """Where ``text``'s code spans start and end: as CommonMark reads them, a run of backticks
    opens one that the next run of as many closes, and is only text when none does.

    A regex that looked for each run's closer from every backtick was cubic: 10 KB of runs of
    one to 140 backticks, none closed, took half a minute. Each run's closer is found here
    among the runs of its length."""
    runs = [(run.start(), run.end()) for run in _BACKTICKS.finditer(text)]
    by_length: dict[int, list[int]] = {}
    for number, (run_start, run_end) in enumerate(runs):
        by_length.setdefault(run_end - run_start, []).append(number)
    spans: list[tuple[int, int]] = []
    number = 0
    while number < len(runs):
        run_start, run_end = runs[number]
        same = by_length[run_end - run_start]
        after = bisect_right(same, number)
        if after < len(same):
            spans.append((run_start, runs[same[after]][1]))
            number = same[after] + 1
        else:
            number += 1
    return spans


def _attribute_list(match: re.Match[str]) -> str:
    """Nothing for an attribute list. One that opens with a key stays where text runs on both
    sides of it on its line ("the template {name=World} says", "GET /v1/{name=projects/*}/x"):
    Python-Markdown reads a list right after an element (where a text begins) or ending a
    heading or a paragraph, never there, and braces in prose hold a template or a path."""
    written = match.group()
    if not _OPENS_WITH_KEY.match(written):
        return ""
    # The spaces before a list are its own, so the character before it is text, if any.
    text, start = match.string, match.start()
    text_before = start > 0 and text[start - 1] != "\n"
    text_after = _LINE_ENDS.match(text, match.end()) is None
    return written if text_before and text_after else ""


def _key_names(match: re.Match[str]) -> str:
    return "+".join(_key_label(name.group()) for name in _KEY_NAME.finditer(match.group(1)))


def _key_label(name: str) -> str:
    if name.startswith('"'):
        return name.strip('"')
    lowered = name.lower()
    if lowered in _KEY_LABELS:
        return _KEY_LABELS[lowered]
    return (
        " ".join(word.capitalize() for word in lowered.split("-"))
        if len(name) > 1
        else name.upper()
    )


def resolve_cross_references(
    markdown: str, defined: Collection[str] = (), *, wrapped: bool = False
) -> str:
    """Inline Markdown whose ``[text][target]`` and ``[text][]`` references are links with no
    destination (read as their text), whether or not the page defines ``target``: autorefs
    resolves them across the whole site, and a defined one reads as its text either way.
    An image whose reference the page defines (``defined``: labels as markdown-it keeps them)
    stays: its source tells a status badge from a picture, as in koa's and yargs' READMEs'
    ``[![NPM version][npm-image]][npm-url]``. ``wrapped`` (Python-Markdown's pages) also reads
    a line break between the two as one."""
    if wrapped and "]\n[" in markdown:
        return _WRAPPED_REFERENCE.sub(lambda match: _as_link(match, defined), markdown)
    if "][" not in markdown:
        return markdown
    return _CROSS_REFERENCE.sub(lambda match: _as_link(match, defined), markdown)


def _as_link(match: re.Match[str], defined: Collection[str]) -> str:
    # "[][]" is no reference; "[][target]" is a link whose text an icon or emoji was (both
    # leave nothing: read_marks), as pymdown-extensions opens its pages with
    # "[:octicons-file-code-24:][_details]".
    if match.group(1) is not None or not (match.group(3) or match.group(4)):
        return match.group(0)
    if match.group(2) and normalizeReference(match.group(4) or match.group(3)) in defined:
        return match.group(0)
    return f"{match.group(2)}[{match.group(3)}]()"


# pymdownx's inline marks, each read as the text it shows (mark, ins, sub and sup tags). A mark
# holds no delimiter character and stays within a line, so one look across a long paragraph
# costs linear time; "a == b" and "x==y" are no marks (a space inside, a word outside). A code
# span, tried first at each place, is kept as it is.
_CODE_SPAN = r"(?P<code>(`+)[\s\S]*?(?<!`)\2(?!`))|"
_MARKS = {
    "pymdownx.mark": re.compile(_CODE_SPAN + r"(?<![\w=])==(?![\s=])([^\n=]+?)(?<!\s)==(?![\w=])"),
    "pymdownx.caret": re.compile(
        _CODE_SPAN
        + r"(?<![\w^])\^\^(?![\s^])([^\n^]+?)(?<!\s)\^\^(?![\w^])|(?<!\^)\^([^\s^]+)\^(?!\^)"
    ),
    "pymdownx.tilde": re.compile(_CODE_SPAN + r"(?<!~)~([^\s~]+)~(?!~)"),
}
# pymdownx.emoji's ":smile:" shortcodes (an image whose alt text is the emoji): a lowercase name
# standing alone, so "a::b", "10:30:00" and a reST role's ":func:`x`" stay as written.
_EMOJI = re.compile(_CODE_SPAN + r"(?<![\w:]):([a-z0-9_+-]{1,60}):(?![\w:`])[ \t]?")
_EMOJI_EXTENSION = "pymdownx.emoji"
# pymdownx.inlinehilite: a code span that starts "#!python " or ":::python " is code in that
# language, highlighted; the marker is not shown.
_LANGUAGE_MARKER = re.compile(r"^[ \t]*(?:#!|:::)[\w#.+-]*[ \t]+(?=\S)")
_INLINEHILITE_EXTENSION = "pymdownx.inlinehilite"


def code_span_text(code: str, extensions: frozenset[str]) -> str:
    """A code span's text as the pymdownx ``extensions`` enabled show it."""
    if _INLINEHILITE_EXTENSION in extensions and code[:4].lstrip()[:1] in ("#", ":"):
        return _LANGUAGE_MARKER.sub("", code, count=1)
    return code


def read_marks(markdown: str, extensions: frozenset[str]) -> str:
    """Inline Markdown with the marks of the pymdownx ``extensions`` enabled read as their
    text and emoji shortcodes left out, code spans untouched."""
    if not extensions or not any(c in markdown for c in "=^~:"):
        return markdown
    for extension, pattern in _MARKS.items():
        if extension in extensions:
            markdown = pattern.sub(_marked_text, markdown)
    if _EMOJI_EXTENSION in extensions and ":" in markdown:
        markdown = _EMOJI.sub(_without_emoji, markdown)
    return markdown


def _marked_text(match: re.Match[str]) -> str:
    if match.group("code") is not None:
        return match.group()
    return next(group for group in match.groups()[2:] if group is not None)


def _without_emoji(match: re.Match[str]) -> str:
    """Nothing for a shortcode: a name with a letter (":+1:" too); ":30:" is no emoji."""
    name = match.group(3)
    if match.group("code") is not None or not (
        name in ("+1", "-1") or any(c.isalpha() for c in name)
    ):
        return match.group()
    return ""
