"""mkdocs-include-markdown-plugin: ``{% include-markdown "file.md" %}`` replaced by the file.

The plugin works on a page's Markdown before MkDocs renders it, so the tag (which may span
lines) is replaced by the included file's text, relative to the including file's folder:
between the first ``start="..."`` string and the ``end="..."`` string after it when those are
given, its ATX headings moved down by ``heading-offset=N``, its lines after the first indented
as the tag is (unless ``preserve-includer-indent=false``) and dedented with ``dedent=true``.
Included files may include others, within the page's include budget (include_budget: files
each including the next a hundred times made a million tags; the indent counts as text, as it
repeats on every line). Pages use it to show a changelog or README kept at the repository's
root. Its ``{% include "file.py" %}`` tag puts a file's text in as it is, usually
inside a code fence the page opens (rich-click's examples); that tag is Jinja's and Liquid's
too, so it is read only in the pages of an MkDocs project that loads the plugin.
"""

from __future__ import annotations

import re
import textwrap

from builder.includes import MAX_INCLUDE_DEPTH, IncludeReader, IncludeRefused
from builder.parsers.include_budget import TAGS_RUN_OUT, IncludeBudget
from builder.parsers.markdown.spliced import SpliceBuilder, Spliced, lines_outside_fences

# The path runs to the next quote of its kind: a lazy path tried each later quote of the line,
# each time reading the options to the window's end, when no "%}" closes the tag (400 open
# tags on one line of 6 KB: 10 s, 1,000 of them more than ten minutes).
_TAG = re.compile(
    r"\{%-?[ \t\n]*(?P<name>include-markdown)[ \t\n]+(?P<quote>[\"'])"
    r"(?P<path>(?:(?!(?P=quote))[^\n])+)(?P=quote)"
    r"(?P<options>(?:[^%]|%(?!\}))*?)-?%\}"
)
# Both of the plugin's tags: ``include`` puts the file in as it is.
_EITHER_TAG = re.compile(
    _TAG.pattern.replace("(?P<name>include-markdown)", "(?P<name>include(?:-markdown)?)")
)
# name="value", name='value' (a backslash escapes a quote) or name=value.
_OPTION = re.compile(
    r"([a-z][a-z-]*)[ \t\n]*=[ \t\n]*(?:\"((?:\\.|[^\"\\])*)\"|'((?:\\.|[^'\\])*)'|(\S+))"
)
# A tag spans a few lines at most (one option a line); past this it is not looked for further.
_MAX_TAG_LINES = 20
_ATX = re.compile(r"#{1,6}(?=[ \t]|$)")


def has_include_markdown(text: str, *, include_files: bool = False) -> bool:
    """The quick test: a text without this name has no tag (nor ``include``, the name both
    tags hold, when ``include_files`` says the plugin's ``include`` tag is read too)."""
    return "include-markdown" in text or (include_files and "include" in text and "{%" in text)


def splice_include_markdown(
    page: Spliced, relpath: str, reader: IncludeReader, *, include_files: bool = False
) -> Spliced:
    """``page`` with each ``include-markdown`` tag replaced by the text it names, and each
    ``include`` tag too when ``include_files`` says the project loads the plugin."""
    tag_pattern = _EITHER_TAG if include_files else _TAG
    budget = IncludeBudget()
    builder = SpliceBuilder()
    lines = page.text.split("\n")
    k = 0
    while k < len(lines):
        if "{%" not in lines[k]:
            builder.add(lines[k], k)
            k += 1
            continue
        window = "\n".join(lines[k : k + _MAX_TAG_LINES])
        pieces: list[str] = []
        done = position = 0  # what of the window is in ``pieces``, and where to look on
        line_end = len(lines[k])
        while (at := window.find("{%", position, line_end)) >= 0:
            if window.find("%}", at + 2) < 0:
                break  # no tag from here on closes in the window
            tag = tag_pattern.match(window, at)
            if tag is None:
                position = at + 2
                continue
            told = budget.told
            text, warning = _included(tag, relpath, (), reader, budget)
            if budget.told and not told and not warning:  # a nested tag was the first past it
                warning = TAGS_RUN_OUT
            indent = window[window.rfind("\n", 0, at) + 1 : at]
            if not indent.strip(" \t") and _option(tag, "preserve-includer-indent") != "false":
                # The indent repeats on every line, counted as text the include brings.
                refused = budget.take(len(indent) * text.count("\n"), tag.group("path"))
                text = "" if refused else text.replace("\n", "\n" + indent)
                warning = refused or warning
            if warning:
                builder.note(k, warning)
            pieces.extend((window[done:at], text))
            done = position = tag.end()
            found = window.find("\n", position)  # a later tag may follow on the tag's last line
            line_end = len(window) if found < 0 else found
        if not pieces:
            builder.add(lines[k], k)
            k += 1
            continue
        pieces.append(window[done:line_end])
        for line in "".join(pieces).split("\n"):
            builder.add(line, k)
        k += window.count("\n", 0, line_end) + 1
    return builder.build(page)


def _included(
    tag: re.Match[str],
    relpath: str,
    chain: tuple[str, ...],
    reader: IncludeReader,
    budget: IncludeBudget,
) -> tuple[str, str]:
    """The text one tag brings in, and a warning ("" when there is none); ``chain`` holds the
    files the tag is inside, the page's own included files (nested tags' warnings are not
    shown, but the first tag past the budget is told at the page's tag)."""
    name, path = tag.group("name"), tag.group("path").strip()
    refused = budget.follow()
    if refused is not None:
        return "", refused
    if path.startswith(("http://", "https://")):
        return "", f"{name} {path}: remote files are not fetched"
    if len(chain) >= MAX_INCLUDE_DEPTH:
        return "", f"{name} {path}: includes nest in a loop or too deep"
    try:
        included = reader.read(relpath, path, included_by=chain[-1] if chain else "")
    except IncludeRefused as exc:
        return "", f"{name} not read: {exc}"
    text = _between(included.text, _option(tag, "start"), _option(tag, "end"))
    refused = budget.take(len(text), path)
    if refused:
        return "", refused
    offset = _option(tag, "heading-offset") if name == "include-markdown" else ""
    if offset.lstrip("-").isdigit() and int(offset):
        text = _headings_moved(text, int(offset))
    if _option(tag, "dedent") == "true":
        text = textwrap.dedent(text)
    if has_include_markdown(text, include_files=tag.re is _EITHER_TAG):
        inner = (*chain, included.path)  # nested tags name files relative to the last

        def nested(match: re.Match[str]) -> str:
            return _included(match, relpath, inner, reader, budget)[0]

        # No tag starting after the last "%}" closes: each would be read to the end.
        closed = text.rfind("%}") + 2
        text = tag.re.sub(nested, text[:closed]) + text[closed:]
    return text.removesuffix("\n"), ""


def _option(tag: re.Match[str], name: str) -> str:
    """The value the tag gives the option ``name`` ("" when it gives none)."""
    for option in _OPTION.finditer(tag.group("options")):
        if option.group(1) == name:
            return next(value for value in option.groups()[1:] if value is not None)
    return ""


def _between(text: str, start: str, end: str) -> str:
    """The text after the first ``start`` and before the next ``end`` (either may be "")."""
    start, end = _unescaped(start), _unescaped(end)
    if start and (at := text.find(start)) >= 0:
        text = text[at + len(start) :]
    if end and (at := text.find(end)) >= 0:
        text = text[:at]
    return text


def _unescaped(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


def _headings_moved(text: str, offset: int) -> str:
    """ATX headings outside code blocks ``offset`` levels deeper (shallower when negative)."""
    lines = text.split("\n")
    for number in lines_outside_fences(lines):
        if (heading := _ATX.match(lines[number])) is not None:
            level = min(max(len(heading.group(0)) + offset, 1), 6)
            lines[number] = "#" * level + lines[number][heading.end() :]
    return "\n".join(lines)
