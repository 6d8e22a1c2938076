"""Hugo shortcodes (``{{% note %}}``, ``{{< tab >}}``, ``{{< relref "page" >}}``) rewritten as
the Markdown they stand for, line for line, before the page is parsed.

Hugo expands them when it renders the page; read as text they showed as raw tags around every
note, tab and cross-reference (poetry's docs hold 700). A note or warning whose tags stand on
lines of their own becomes an admonition (``!!! warning``) and a named tab a content tab
(``=== "Name"``), their lines indented under it, so they read as MkDocs' do; other block tags
(``tabs``, ``steps``) leave their content as it is, a reference leaves its target (the link
around it then reads as a link), and any other tag leaves its title, if it names one, or
nothing. Hugo's escaped form ``{{</* tag */>}}`` shows a tag as written.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass

from builder.parsers.markdown.indented_blocks import CONTENT_INDENT

# "{{< name args >}}" or "{{% name args %}}", "/name" closing; quoted arguments may hold ">".
# The name and the arguments are matched possessively and unquoted arguments stop at a brace,
# so a line of unclosed tags ('{{<a{{<a...', '{{< ' and 100 KB of letters) is read in linear
# time: backtracking between them took minutes on 100 KB.
# A name may hold slashes, a template's path (Docsy's "blocks/cover").
_TAG = re.compile(
    r'\{\{([<%])[ \t]*(/?)[ \t]*([\w.-]++(?:/[\w.-]++)*+)((?:"[^"\n]*"|[^"\n>%{}])*+)[>%]\}\}'
)
# A tag's opening whose arguments go on below it: its name, and the line holds no "}}".
_SPLIT_OPENING = re.compile(
    r"^([ \t]*)\{\{([<%])[ \t]*[\w.-]++(?:/[\w.-]++)*+(?:[ \t]++[^{}\n]*+)?$", re.MULTILINE
)
_SPLIT_END = re.compile(r"[%>]\}\}[ \t]*$", re.MULTILINE)
# The most lines one tag is written over (an argument a line: Docsy's cards take six).
MAX_TAG_LINES = 20
# An escaped tag holds no brace, so each opening looks no further than the next one.
_ESCAPED = re.compile(r"\{\{([<%])/\*([^{}\n]*?)\*/([>%])\}\}")
_BACKTICKS = re.compile(r"`+")
_FENCE = re.compile(r"(`{3,}|~{3,})")
# Both start only where a word starts: tried inside a long word, each try ran to its end.
_NAMED = re.compile(r'(?<![\w-])([\w-]++)[ \t]*=[ \t]*"([^"\n]*)"')
_POSITIONAL = re.compile(r'"([^"\n]*)"|(?<![^\s"=])([^\s"=]++)(?=\s|$)')
ADMONITIONS = frozenset(
    {"note", "tip", "info", "warning", "caution", "danger", "important", "hint", "example"}
)
# Shortcodes that name their kind of note in an argument (Hextra's callout, Docsy's alert).
_KIND_IN_ARGUMENT = frozenset({"callout", "alert", "admonition"})
_REFERENCES = frozenset({"relref", "ref"})
# Shortcodes whose first positional argument is their title.
_TITLED = frozenset({"tab", "details", "expand", "collapse", "accordion", "card"})
_TITLE_NAMES = ("title", "name", "header", "label", "summary")
_INDENT = " " * CONTENT_INDENT  # admonitions' and tabs' content indent
# Blocks nested deeper than this are indented no further: each level indents every line it
# holds, so 3,000 nested notes (12 KB) made 36 MB of text and 10 s of parsing. Pages nest a
# note in a tab in tabs, three deep.
MAX_NESTED_BLOCKS = 8


@dataclass(frozen=True)
class _Tag:
    line: int
    closing: bool
    name: str
    arguments: str
    indent: str


def has_shortcodes(text: str) -> bool:
    return ("{{<" in text or "{{%" in text) and (
        _TAG.search(text) is not None
        or (_SPLIT_OPENING.search(text) is not None and _SPLIT_END.search(text) is not None)
    )


def rewrite_shortcodes(text: str) -> str:
    """``text`` with its shortcodes rewritten; it keeps its number of lines."""
    lines = text.split("\n")
    code = code_lines(lines)
    if _SPLIT_OPENING.search(text):
        lines = _joined_tags(lines, code)
        text = "\n".join(lines)
    tab_names = _tab_names(text)
    alone = [None if code[k] else _alone(k, line) for k, line in enumerate(lines)]
    pairs = _pairs([tag for tag in alone if tag is not None])
    headers: dict[int, str] = {}
    depth = [0] * (len(lines) + 1)
    for opening, closing in pairs:
        header = _block_header(opening, tab_names)
        if header:
            headers[opening.line] = header
            depth[opening.line + 1] += 1
            depth[closing.line] -= 1
        headers.setdefault(closing.line, "")
    shift = 0
    rewritten: list[str] = []
    for k, line in enumerate(lines):
        shift += depth[k]
        prefix = _INDENT * min(shift, MAX_NESTED_BLOCKS)
        if k in headers:
            tag = alone[k]
            lead = tag.indent if tag is not None else ""
            rewritten.append(f"{prefix}{lead}{headers[k]}" if headers[k] else "")
            continue
        line = _inline(line, tab_names) if "{{" in line and not code[k] else line
        rewritten.append(prefix + line if line.strip() else line)
    return "\n".join(rewritten)


def code_lines(lines: list[str]) -> list[bool]:
    """Which lines are inside fenced code: a page that shows a shortcode in an example means
    the tag as written (Hugo's own pages escape it instead, which reads the same)."""
    inside: list[bool] = []
    fence = ""
    for line in lines:
        stripped = line.strip()
        if fence:
            inside.append(True)
            if stripped.startswith(fence) and not stripped.lstrip(fence[0]):
                fence = ""
        elif match := _FENCE.match(stripped):
            inside.append(True)
            fence = match.group(1)
        else:
            inside.append(False)
    return inside


def _joined_tags(lines: list[str], code: list[bool]) -> list[str]:
    """``lines`` with each tag written over several lines, its arguments one a line
    (Docsy's ``{{% card`` / ``  header="..."`` / ``%}}``), joined onto its first line, the
    lines it took left blank; outside code, and within MAX_TAG_LINES."""
    joined = list(lines)
    k = 0
    while k < len(joined):
        opening = None if code[k] else _SPLIT_OPENING.match(joined[k])
        if opening is None:
            k += 1
            continue
        end = "%}}" if opening.group(2) == "%" else ">}}"
        last = min(len(joined), k + 1 + MAX_TAG_LINES)
        # The first line below that ends the tag, or holds code or another tag's opening.
        close = next(
            (j for j in range(k + 1, last) if code[j] or "{{" in joined[j] or end in joined[j]),
            -1,
        )
        ends = close > 0 and not code[close] and "{{" not in joined[close]
        if not ends or not joined[close].rstrip().endswith(end):
            k += 1
            continue
        joined[k] = " ".join(part.strip() for part in joined[k : close + 1] if part.strip())
        joined[k] = opening.group(1) + joined[k]
        joined[k + 1 : close + 1] = [""] * (close - k)
        k = close + 1
    return joined


def _alone(index: int, line: str) -> _Tag | None:
    """The tag that is all of ``line`` (but its indent), if it is one."""
    stripped = line.strip()
    match = _TAG.fullmatch(stripped)
    if match is None:
        return None
    indent = line[: len(line) - len(line.lstrip())]
    return _Tag(index, match.group(2) == "/", match.group(3).lower(), match.group(4), indent)


def _pairs(tags: list[_Tag]) -> list[tuple[_Tag, _Tag]]:
    """Opening and closing tags on lines of their own, matched by name as they nest."""
    stack: list[_Tag] = []
    pairs: list[tuple[_Tag, _Tag]] = []
    for tag in tags:
        if not tag.closing:
            stack.append(tag)
            continue
        depth = next((d for d in range(len(stack) - 1, -1, -1) if stack[d].name == tag.name), -1)
        if depth >= 0:
            pairs.append((stack[depth], tag))
            del stack[depth:]  # tags left open inside it close with it, as Hugo would fail
    return pairs


def _block_header(tag: _Tag, tab_names: dict[str, str]) -> str:
    """The admonition or tab line a block shortcode becomes, or "" to leave its content as is."""
    kind = _note_kind(tag.name, tag.arguments)
    if kind:
        title = _title(tag.name, tag.arguments, tab_names, positional=False)
        return f'!!! {kind} "{title}"' if title else f"!!! {kind}"
    if tag.name == "tab":
        title = _title(tag.name, tag.arguments, tab_names, positional=True)
        return f'=== "{title}"' if title else ""
    return ""


def _note_kind(name: str, arguments: str) -> str:
    if name in ADMONITIONS:
        return name
    if name in _KIND_IN_ARGUMENT:
        named = dict(_NAMED.findall(arguments))
        kind = (named.get("type") or named.get("color") or "note").lower()
        return kind if kind in ADMONITIONS else "note"
    return ""


def _title(name: str, arguments: str, tab_names: dict[str, str], *, positional: bool) -> str:
    named = dict(_NAMED.findall(arguments))
    title = next((named[key] for key in _TITLE_NAMES if named.get(key)), "")
    if not title and "tabID" in named:
        title = tab_names.get(named["tabID"], "")
    if not title and positional and name in _TITLED:
        first = _POSITIONAL.search(_NAMED.sub("", arguments))
        title = (first.group(1) or first.group(2)) if first else ""
    return title.replace('"', "'").strip()


def _tab_names(text: str) -> dict[str, str]:
    """Tab names a tabs shortcode gives its tabs' IDs (``tabID1="pipx" tabName1="With pipx"``)."""
    names: dict[str, str] = {}
    for match in _TAG.finditer(text):
        if match.group(3).lower() != "tabs":
            continue
        named = dict(_NAMED.findall(match.group(4)))
        for key, value in named.items():
            if key.startswith("tabID") and named.get("tabName" + key[5:]):
                names[value] = named["tabName" + key[5:]]
    return names


def _inline(line: str, tab_names: dict[str, str]) -> str:
    """A line's tags in running text: references leave their target, notes their label."""
    escaped: list[str] = []

    def hold(match: re.Match[str]) -> str:
        escaped.append("{{" + match.group(1) + match.group(2) + match.group(3) + "}}")
        return f"\0{len(escaped) - 1}\0"

    line = _ESCAPED.sub(hold, line)
    spans = code_spans(line)
    line = _TAG.sub(
        lambda match: (
            match.group(0) if in_code_span(spans, match.start()) else _inline_tag(match, tab_names)
        ),
        line,
    )
    for k, original in enumerate(escaped):
        line = line.replace(f"\0{k}\0", original)
    return line


def code_spans(line: str) -> list[tuple[int, int]]:
    """Where ``line``'s code spans start and end: a tag in one (```{{< ref "x" >}}```, a page
    showing how to write it) is meant as written, as in fenced code. A run of backticks
    closes at the next run as long; one never closed opens nothing."""
    spans: list[tuple[int, int]] = []
    opening: re.Match[str] | None = None
    for run in _BACKTICKS.finditer(line):
        if opening is None:
            opening = run
        elif len(run.group()) == len(opening.group()):
            spans.append((opening.start(), run.end()))
            opening = None
    return spans


def in_code_span(spans: list[tuple[int, int]], position: int) -> bool:
    k = bisect_right(spans, position, key=lambda span: span[0]) - 1
    return k >= 0 and spans[k][0] <= position < spans[k][1]


def _inline_tag(match: re.Match[str], tab_names: dict[str, str]) -> str:
    closing, name, arguments = match.group(2) == "/", match.group(3).lower(), match.group(4)
    if closing:
        return ""
    if name in _REFERENCES:
        target = _POSITIONAL.search(_NAMED.sub("", arguments))
        return (target.group(1) or target.group(2)) if target else ""
    kind = _note_kind(name, arguments)
    if kind:
        return f"{kind.capitalize()}:"
    return _title(name, arguments, tab_names, positional=True)
