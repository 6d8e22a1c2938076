"""mkdocs-macros' ``{% include 'file.yaml' %}``: the page is a Jinja template, and the tag is
replaced by the file's text, read from the plugin's ``include_dir`` (the docs folder when it
sets none), before Markdown reads the page.

Jinja renders the whole page, so a tag inside a code fence is replaced too (gateway-api's and
external-secrets' pages show each example manifest as a fence holding one include). The text
goes in where the tag is, its lines after the first not indented (Jinja's own rule), without
the file's last newline (Jinja's ``keep_trailing_newline`` is off) and without its line
comments (the plugin's ``j2_line_comment_prefix``, gateway-api's ``#$ Used in:``); a tag
between ``{% raw %}`` and ``{% endraw %}`` stays as written. Only pages the plugin renders are
read so (builder.parsers.markdown.mkdocs_flavor.renders_macros); the folders are the snippet
folders (builder.projects.mkdocs adds ``include_dir`` to them), and an included file's own
includes are followed within the page's include budget. A tag whose file is not read stays
as written, with a note.
"""

from __future__ import annotations

import re

from builder.includes import MAX_INCLUDE_DEPTH, IncludeReader, IncludeRefused
from builder.parsers.include_budget import IncludeBudget
from builder.parsers.markdown.mkdocs_flavor import macros_line_comment
from builder.parsers.markdown.spliced import SpliceBuilder, Spliced

# Jinja's include of a literal name, with its optional "ignore missing" and "with(out)
# context"; the name runs to the next quote of its kind on the line. Each option word follows
# its blanks, so the blanks before "%}" are read one way: where the words could end on any of
# a run of blanks, a tag left open before a long run was quadratic.
_TAG = re.compile(
    r"\{%-?[ \t]*include[ \t]+(?P<quote>[\"'])(?P<path>(?:(?!(?P=quote))[^\n])+)(?P=quote)"
    r"(?P<options>(?:[ \t]+\w+)*)[ \t]*-?%\}"
)
_RAW = re.compile(r"\{%-?[ \t]*raw[ \t]*-?%\}")
_END_RAW = re.compile(r"\{%-?[ \t]*endraw[ \t]*-?%\}")


def has_macros_includes(text: str) -> bool:
    """The quick test: a text without both signs has no include tag."""
    return "{%" in text and "include" in text


def splice_macros_includes(page: Spliced, reader: IncludeReader) -> Spliced:
    """``page`` with each include tag outside ``{% raw %}`` replaced by its file's text."""
    builder = SpliceBuilder()
    budget = IncludeBudget()
    raw = False
    for k, line in enumerate(page.text.split("\n")):
        if raw or "{%" not in line:
            builder.add(line, k)
            raw = raw and not _END_RAW.search(line)
            continue
        text, raw = _rendered_line(line, reader, budget, builder, k)
        for part in text.split("\n"):
            builder.add(part, k)
    return builder.build(page)


def _rendered_line(
    line: str, reader: IncludeReader, budget: IncludeBudget, builder: SpliceBuilder, k: int
) -> tuple[str, bool]:
    """The line with its tags outside raw blocks replaced, and whether a raw block it opens
    is still open at its end."""
    pieces: list[str] = []
    position = 0
    while True:
        opened = _RAW.search(line, position)
        stop = opened.start() if opened else len(line)
        done = position
        for tag in _TAG.finditer(line, position, stop):
            text, warning = _included(tag.group("path"), (), reader, budget)
            if warning:
                builder.note(k, warning)
            pieces.extend((line[done : tag.start()], tag.group(0) if text is None else text))
            done = tag.end()
        pieces.append(line[done:stop])
        if opened is None:
            return "".join(pieces), False
        closed = _END_RAW.search(line, opened.end())
        if closed is None:
            pieces.append(line[stop:])
            return "".join(pieces), True
        pieces.append(line[stop : closed.end()])
        position = closed.end()


def _included(
    path: str, chain: tuple[str, ...], reader: IncludeReader, budget: IncludeBudget
) -> tuple[str | None, str]:
    """The text the file at ``path`` brings, its own tags followed (None when it is not
    read), and a warning ("" for none); ``chain`` holds the files being included."""
    refused = budget.follow()
    if refused is not None:
        return None, refused
    if len(chain) >= MAX_INCLUDE_DEPTH or path in chain:
        return None, f"include {path}: includes nest in a loop or too deep"
    try:
        text = reader.read("", path, snippet=True).text
    except IncludeRefused as exc:
        return None, f"macros include not read: {exc}"
    refused = budget.take(len(text), path)
    if refused:
        return None, refused
    if comment := macros_line_comment():
        text = _without_line_comments(text, comment)
    if has_macros_includes(text):

        def nested(match: re.Match[str]) -> str:
            inner, _ = _included(match.group("path"), (*chain, path), reader, budget)
            return match.group(0) if inner is None else inner

        text = _TAG.sub(nested, text)
    return text.removesuffix("\n"), ""


def _without_line_comments(text: str, prefix: str) -> str:
    """``text`` without its line comments: from ``prefix`` to the line's end, with the blanks
    before it (Jinja's ``line_comment_prefix``; the line's newline stays)."""
    pattern = re.compile(r"[ \t]*" + re.escape(prefix) + r"[^\n]*")
    return pattern.sub("", text)
