"""Template statements in a Markdown page read as nothing: a line that is only a Jinja,
Nunjucks or Liquid statement (``{% set %}``, ``{%- from "x" import y %}``, ``{% if %}``,
``{% endfor %}``), and ``{% raw %}``/``{% endraw %}`` around a code span.

Jekyll, Eleventy and mkdocs-macros run a page through their template engine before Markdown
is read, so such a statement never reaches the reader; read as text it opened the page or sat
between its paragraphs (ESLint 10.9.0's Eleventy docs: 29 pages open with ``{%- from
'components/npm_tabs.macro.html' import npm_tabs with context %}``). A statement in code
(fenced, or a code span) is the page showing it and stays. So do an expression
(``{{ npm_tabs(...) }}``, whose text only the engine knows), an include (it brings content)
and a tag of another name (GitBook's, read by ``gitbook_tags``), unless it is a paired tag
alone on its lines (``{% switchable-sample %}`` ... ``{% endswitchable-sample %}``), whose
tags read as nothing and whose text stays.
"""

from __future__ import annotations

import re

from builder.parsers.markdown.hugo_shortcodes import code_lines, code_spans, in_code_span

# Statements that steer the template or define names, in Jinja, Nunjucks and Liquid.
_STATEMENTS = (
    "set|endset|from|import|if|elif|elsif|else|endif|for|endfor|raw|endraw|macro|endmacro|"
    "call|endcall|block|endblock|extends|filter|endfilter|with|endwith|assign|capture|"
    "endcapture|unless|endunless|case|when|endcase|comment|endcomment|do|break|continue"
)
# A whole line that is one statement; its text holds no "%}", so a line of several tags
# ("{% if a %}text{% endif %}") is not one, and it is read in linear time.
_STATEMENT_LINE = re.compile(
    r"[ \t]*\{%-?[ \t]*(?:" + _STATEMENTS + r")\b[^%\n]*(?:%(?!\})[^%\n]*)*-?%\}[ \t]*"
)
_COMMENT = re.compile(r"\{%-?[ \t]*comment[ \t]*-?%\}")
_END_COMMENT = re.compile(r"\{%-?[ \t]*endcomment[ \t]*-?%\}")
_RAW_TAG = re.compile(r"\{%-?[ \t]*(?:end)?raw[ \t]*-?%\}")
# A statement's start, raw tags among them: led by its literal "{%", a page is searched for
# it at the speed of a substring search (the line pattern's indent is tried at every position).
_STATEMENT_START = re.compile(r"\{%-?[ \t]*(?:" + _STATEMENTS + r")\b")
# A paired shortcode's tags, each alone on its line: "{% switchable-sample %}" ...
# "{% endswitchable-sample %}" (Eleventy's and Nunjucks' own tags, lit.dev's 65 TypeScript and
# JavaScript pairs, its "{% aside 'positive' %}" notes). What is between is the text the tag
# draws; the tags read as nothing, as a statement's do.
_PAIRED_OPENING = re.compile(
    r"[ \t]*\{%-?[ \t]*(?P<name>[A-Za-z][\w-]*)(?:[ \t][^%\n]*)?(?:%(?!\})[^%\n]*)*-?%\}[ \t]*"
)
_PAIRED_END = re.compile(r"[ \t]*\{%-?[ \t]*end(?P<name>[A-Za-z][\w-]*)[ \t]*-?%\}[ \t]*")
_END_START = re.compile(r"\{%-?[ \t]*end[A-Za-z]")


def has_template_statements(text: str) -> bool:
    return "{%" in text and (
        _STATEMENT_START.search(text) is not None or _END_START.search(text) is not None
    )


def drop_template_statements(text: str, rendered: bool = False) -> str:
    """``text`` without its template statements outside code; it keeps its number of lines.
    In a page the engine is known to render (``rendered``: mkdocs-macros' pages), the
    ``{% raw %}`` tags in code go too: the engine reads the page before Markdown does, code
    and all, so they only ever kept the code's own ``{{ }}`` as written (molecule's Ansible
    examples, ``"{% raw %}{{ vault_ssh_user }}{% endraw %}"``)."""
    lines = text.split("\n")
    inside_code = code_lines(lines)
    _drop_comments(lines, inside_code)
    _drop_paired_tags(lines, inside_code)
    for index, line in enumerate(lines):
        if "{%" not in line:
            continue
        if inside_code[index]:
            lines[index] = _RAW_TAG.sub("", line) if rendered else line
        elif _STATEMENT_LINE.fullmatch(line):
            lines[index] = ""
        elif _RAW_TAG.search(line):
            lines[index] = _without_raw_tags(line, rendered)
    return "\n".join(lines)


def _drop_paired_tags(lines: list[str], inside_code: list[bool]) -> None:
    """Blank, in place, the lines outside code that are only a paired tag's opening or its
    end, when the page has both: a tag of that name with no end is another kind of tag (an
    include, a shortcode that draws on its own) and stays."""
    openings: dict[str, list[int]] = {}
    ends: dict[str, list[int]] = {}
    for index, line in enumerate(lines):
        if inside_code[index] or "{%" not in line:
            continue
        if end := _PAIRED_END.fullmatch(line):
            ends.setdefault(end.group("name"), []).append(index)
        elif opening := _PAIRED_OPENING.fullmatch(line):
            openings.setdefault(opening.group("name"), []).append(index)
    for name, found in ends.items():
        if name in openings:
            for index in (*openings[name], *found):
                lines[index] = ""


def _without_raw_tags(line: str, rendered: bool) -> str:
    spans = [] if rendered else code_spans(line)
    return _RAW_TAG.sub(
        lambda match: match.group(0) if in_code_span(spans, match.start()) else "", line
    )


def _drop_comments(lines: list[str], inside_code: list[bool]) -> None:
    """Blank what Liquid's ``{% comment %}`` ... ``{% endcomment %}`` hold, outside code, in
    place: Liquid renders none of it (Carpentries' aio.md opened with a note to maintainers).
    A comment never closed is left: Liquid fails the page. A line's kept text is gathered in
    pieces, so a line of many comments is read in linear time (it was cut once a comment)."""
    opened = -1  # the line whose comment is open, and where on it
    start = 0
    for index, line in enumerate(lines):
        if inside_code[index] or "{%" not in line:
            continue
        kept: list[str] = []  # the line's text before ``cursor`` that stays
        kept_chars = cursor = position = 0
        while True:
            if opened < 0:
                found = _COMMENT.search(line, position)
                if found is None:
                    break
                kept.append(line[cursor : found.start()])
                kept_chars += found.start() - cursor
                opened, start, cursor, position = index, kept_chars, found.start(), found.end()
                continue
            end = _END_COMMENT.search(line, position)
            if end is None:
                break
            cursor = end.end()
            if opened != index:  # it began on a line above: that line keeps what came before
                lines[opened] = lines[opened][:start].rstrip()
                for between in range(opened + 1, index):
                    lines[between] = ""
                while cursor < len(line) and line[cursor].isspace():
                    cursor += 1
            position, opened = cursor, -1
        lines[index] = "".join(kept) + line[cursor:]
