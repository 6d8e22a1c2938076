"""mkdocs-include-markdown-plugin: ``{% include-markdown "file.md" %}`` replaced by the file.

The plugin works on a page's Markdown before MkDocs renders it, so the tag (which may span
lines) is replaced by the included file's text, relative to the including file's folder:
between the first ``start="..."`` string and the ``end="..."`` string after it when those are
given, its ATX headings moved down by ``heading-offset=N``. Included files may include others.
Pages use it to show a changelog or README kept at the repository's root.
"""

from __future__ import annotations

import re

from builder.includes import MAX_INCLUDE_DEPTH, IncludeReader, IncludeRefused
from builder.parsers.markdown.spliced import SpliceBuilder, Spliced, lines_outside_fences

_TAG = re.compile(
    r"\{%-?[ \t\n]*include-markdown[ \t\n]+(?P<quote>[\"'])(?P<path>.+?)(?P=quote)"
    r"(?P<options>(?:[^%]|%(?!\}))*?)-?%\}"
)
# name="value", name='value' (a backslash escapes a quote) or name=value.
_OPTION = re.compile(
    r"([a-z][a-z-]*)[ \t\n]*=[ \t\n]*(?:\"((?:\\.|[^\"\\])*)\"|'((?:\\.|[^'\\])*)'|(\S+))"
)
# A tag spans a few lines at most (one option a line); past this it is not looked for further.
_MAX_TAG_LINES = 20
_ATX = re.compile(r"#{1,6}(?=[ \t]|$)")


def has_include_markdown(text: str) -> bool:
    """The quick test: a text without this name has no tag."""
    return "include-markdown" in text


def splice_include_markdown(page: Spliced, relpath: str, reader: IncludeReader) -> Spliced:
    """``page`` with each ``include-markdown`` tag replaced by the text it names."""
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
            tag = _TAG.match(window, at)
            if tag is None:
                position = at + 2
                continue
            text, warning = _included(tag, relpath, "", reader, 0)
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
    tag: re.Match[str], relpath: str, included_by: str, reader: IncludeReader, depth: int
) -> tuple[str, str]:
    """The text one tag brings in, and a warning ("" when there is none)."""
    path = tag.group("path").strip()
    if path.startswith(("http://", "https://")):
        return "", f"include-markdown {path}: remote files are not fetched"
    if depth >= MAX_INCLUDE_DEPTH:
        return "", f"include-markdown {path}: includes nest in a loop or too deep"
    try:
        included = reader.read(relpath, path, included_by=included_by)
    except IncludeRefused as exc:
        return "", f"include-markdown not read: {exc}"
    options = {
        m.group(1): next(v for v in m.groups()[1:] if v is not None)
        for m in _OPTION.finditer(tag.group("options"))
    }
    text = _between(included.text, options.get("start", ""), options.get("end", ""))
    offset = options.get("heading-offset", "0")
    if offset.lstrip("-").isdigit() and int(offset):
        text = _headings_moved(text, int(offset))
    if has_include_markdown(text):  # nested tags name files relative to this one
        inner = included.path

        def nested(match: re.Match[str]) -> str:
            return _included(match, relpath, inner, reader, depth + 1)[0]

        text = _TAG.sub(nested, text)
    return text.removesuffix("\n"), ""


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
