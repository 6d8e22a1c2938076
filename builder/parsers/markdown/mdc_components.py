"""MDC components (Nuxt Content's Markdown, the docs of Nuxt, its modules and UnJS) rewritten
as the Markdown they show, line for line, before the page is parsed.

A block component opens on a line of its own (``::tip``, ``::card{title="Open on StackBlitz"}``,
its props maybe in a YAML block between ``---`` lines under it) and closes at a bare ``::``,
the innermost first, so components nest (``::card-group`` around its ``::card``). A note
(``::note``, ``::tip``, ``::warning``, ``::important``, ``::caution``, ``::callout``) becomes an
admonition (``!!! tip``), its content indented under it, as Hugo's notes do; any other block
(``::code-group``, ``::steps``, ``::card``) leaves its content, under its title or label when it
has one, and a slot's line (``#title``) goes. An inline component (``:read-more{title="..."
to="..."}``, ``:badge[v4.4]{color="info"}``) leaves its label or its title; one of the
package-manager commands UnJS's docs and shadcn-docs-nuxt show as tabs
(``:pm-install{name="h3"}``, ``:pm-run{script="dev"}``, ``:pm-x{command="giget nitro app"}``)
its npm command, which went with nothing left (Nitro's quick start: how to create, run and
build a project). A component with a label and no props (``:badge[v4]``) is one only on a page
that shows MDC otherwise (a block, or a component with props): in a README read as GitHub
Markdown, morgan's token headings ``:date[format]`` and ``:req[header]`` are the token names,
and read as components they showed only 'format' and 'header'. Only two colons open a block:
``:::tip`` is a Docusaurus admonition and ``::: tip`` a VitePress container. Read as text,
every note showed as one paragraph between its markers ('::tip Well done! ::').
"""

from __future__ import annotations

import re
from bisect import bisect_right

from builder.parsers.markdown.hugo_shortcodes import code_lines, code_spans, in_code_span
from builder.parsers.markdown.indented_blocks import CONTENT_INDENT

# "::name", "::name{props}" or "::name[label]{props}" alone on its line; not three colons.
_OPENING = re.compile(
    r"(?P<indent>[ \t]*)::(?P<name>[A-Za-z][\w-]*)(?:\[(?P<label>[^\[\]\n]*)\])?"
    r"(?:\{(?P<props>[^{}\n]*)\})?[ \t]*"
)
_CLOSING = re.compile(r"[ \t]*::[ \t]*")
_YAML_FENCE = re.compile(r"[ \t]*---[ \t]*")
_YAML_PROP = re.compile(r"[ \t]*([\w.-]+)[ \t]*:[ \t]*(?:\"([^\"]*)\"|'([^']*)'|(.*))")
_SLOT = re.compile(r"[ \t]*#[A-Za-z][\w-]*[ \t]*")
# An inline component where a word starts: ":badge[v4.4]{color="info"}", ":read-more{to="/x"}";
# not after a '[', where a slice starts ("x[:n[0]]" in prose, not the component 'n').
_INLINE = re.compile(
    r"(?<![\w:\\[]):(?P<name>[A-Za-z][\w-]*)(?:\[(?P<label>[^\[\]\n]*)\])?(?:\{(?P<props>[^{}\n]*)\})?"
)
_PROP = re.compile(r"""(?<![\w:.-])([\w.-]+)=(?:"([^"]*)"|'([^']*)')""")
_NOTES = {
    "note": "note", "tip": "tip", "warning": "warning", "important": "important",
    "caution": "caution", "danger": "danger", "info": "info", "callout": "note",
}  # fmt: skip
_TITLE_PROPS = ("title", "label", "name")
# Each package-manager component: the prop it takes its words from, and the npm command's start.
_PACKAGE_COMMANDS = {
    "pm-install": ("name", "npm install "),
    "pm-run": ("script", "npm run "),
    "pm-x": ("command", "npx "),
}
# pm-install's flag for a development dependency, a prop with no value ('{name="x" dev}').
_DEV_FLAG = re.compile(r"(?<![\w-])(?:dev|save-dev)(?![\w=-])")
_QUOTED = re.compile(r""""[^"]*"|'[^']*'""")
_INDENT = " " * CONTENT_INDENT  # an admonition's content indent
# Notes nested deeper than this are indented no further (hugo_shortcodes.MAX_NESTED_BLOCKS).
MAX_NESTED_NOTES = 8


def has_mdc_components(text: str) -> bool:
    """The quick test: a text without a block's opening line or an inline component has none."""
    return (
        re.search(r"(?m)^[ \t]*::[A-Za-z]|(?<![\w:\\[]):(?:[A-Za-z][\w-]*[\[{]|br\b)", text)
        is not None
    )


def rewrite_mdc_components(text: str) -> str:
    """``text`` with its MDC components rewritten; it keeps its number of lines."""
    lines = text.split("\n")
    code = code_lines(lines)
    closed = _closed_blocks(lines, code)
    yaml_fences = [k for k, line in enumerate(lines) if _YAML_FENCE.fullmatch(line)]
    rewritten = list(lines)
    bare_labels = _shows_mdc(lines, code, closed)
    open_blocks: list[tuple[str, bool]] = []  # each open block's indent, and whether a note
    notes = 0
    k = 0
    while k < len(lines):
        line = lines[k]
        opening = None if code[k] else _OPENING.fullmatch(line)
        if opening is not None and k in closed:
            props = _props(opening.group("props") or "")
            end = _yaml_end(yaml_fences, k)
            end = end if end < closed[k] else k
            if end > k:
                props.update(_yaml_props(lines[k + 2 : end]))
                rewritten[k + 1 : end + 1] = [""] * (end - k)
            kind = _kind(opening.group("name").lower(), props)
            title = _title(opening.group("label"), props)
            if opening.group("name").lower() == "field" and props.get("type") and title:
                title = f"{title} ({props['type']})"  # Nuxt UI's field: a name and its type
            rewritten[k] = _header(kind, title, notes)
            open_blocks.append((opening.group("indent"), bool(kind)))
            notes += bool(kind)
            k = end + 1
            continue
        if code[k]:
            rewritten[k] = _nested(line, open_blocks, notes)
        elif open_blocks and _CLOSING.fullmatch(line):
            notes -= open_blocks.pop()[1]
            rewritten[k] = ""
        elif open_blocks and _SLOT.fullmatch(line):
            rewritten[k] = ""
        elif opening is not None and _is_component(opening):  # no content: its label or title
            rewritten[k] = _nested(opening.group("indent") + _shown(opening), open_blocks, notes)
        else:
            line = _inline(line, bare_labels) if ":" in line else line
            rewritten[k] = _nested(line, open_blocks, notes)
        k += 1
    return "\n".join(rewritten)


def _shows_mdc(lines: list[str], code: list[bool], closed: dict[int, int]) -> bool:
    """Whether the page is written in MDC beyond a bare label: it has a closed block or an
    inline component with props outside code."""
    if closed:
        return True
    for k, line in enumerate(lines):
        if code[k] or "{" not in line:
            continue
        spans = code_spans(line) if "`" in line else []
        for match in _INLINE.finditer(line):
            if _is_component(match, bare_labels=False) and not in_code_span(spans, match.start()):
                return True
    return False


def _closed_blocks(lines: list[str], code: list[bool]) -> dict[int, int]:
    """The opening line of each block a bare ``::`` closes (the innermost open one first),
    and the line that closes it."""
    stack: list[int] = []
    closed: dict[int, int] = {}
    for k, line in enumerate(lines):
        if code[k]:
            continue
        if _OPENING.fullmatch(line):
            stack.append(k)
        elif stack and _CLOSING.fullmatch(line):
            closed[stack.pop()] = k
    return closed


def _yaml_end(yaml_fences: list[int], start: int) -> int:
    """The line closing the YAML props block right under ``start``, or ``start``; the
    ``---`` lines of the page are ``yaml_fences``."""
    at = bisect_right(yaml_fences, start)
    if at + 1 < len(yaml_fences) and yaml_fences[at] == start + 1:
        return yaml_fences[at + 1]
    return start


def _yaml_props(lines: list[str]) -> dict[str, str]:
    props: dict[str, str] = {}
    for line in lines:
        if match := _YAML_PROP.fullmatch(line):
            props[match.group(1)] = next(g for g in match.groups()[1:] if g is not None).strip()
    return props


def _props(text: str) -> dict[str, str]:
    return {
        m.group(1): m.group(2) if m.group(2) is not None else m.group(3)
        for m in _PROP.finditer(text)
    }


def _kind(name: str, props: dict[str, str]) -> str:
    if name == "alert":
        return _NOTES.get(props.get("type", "note").lower(), "note")
    return _NOTES.get(name, "")


def _title(label: str | None, props: dict[str, str]) -> str:
    if label:
        return label.strip()
    return next((props[key].strip() for key in _TITLE_PROPS if props.get(key)), "")


def _header(kind: str, title: str, notes: int) -> str:
    """The line a block's opening becomes: an admonition's, its title's, or an empty one."""
    title = title.replace('"', "'")
    # A title's line ends in a hard break, so the content under it starts a line of its own.
    line = f"{title}  " if title else ""
    if kind:
        line = f'!!! {kind} "{title}"' if title else f"!!! {kind}"
    return _INDENT * min(notes, MAX_NESTED_NOTES) + line if line else ""


def _nested(line: str, open_blocks: list[tuple[str, bool]], notes: int) -> str:
    """A line inside blocks: without its innermost block's indent, under its notes'."""
    if not open_blocks or not line.strip():
        return line
    indent = open_blocks[-1][0]
    if indent and line.startswith(indent):
        line = line[len(indent) :]
    return _INDENT * min(notes, MAX_NESTED_NOTES) + line


def _is_component(match: re.Match[str], bare_labels: bool = True) -> bool:
    """Whether a component unclosed or inline is one: it has props, or a label where
    ``bare_labels`` (CSS's ``::selection`` or ``:root{--gap: 1rem}`` in prose, an emoji's
    ``:tada:``, are none)."""
    if "=" in (match.group("props") or ""):
        return True
    return bare_labels and match.group("label") is not None


def _shown(match: re.Match[str]) -> str:
    text = match.group("props") or ""
    props = _props(text)
    prop, command = _PACKAGE_COMMANDS.get(match.group("name").lower(), ("", ""))
    if props.get(prop):
        dev = "-D " if prop == "name" and _DEV_FLAG.search(_QUOTED.sub("", text)) else ""
        return f"`{command}{dev}{props[prop]}`"
    return _title(match.group("label"), props)


def _inline(line: str, bare_labels: bool) -> str:
    """A line's inline components, each as its label or title; in a code span as written.
    A label-only component is one where ``bare_labels``."""
    spans = code_spans(line) if "`" in line else []

    def shown(match: re.Match[str]) -> str:
        if in_code_span(spans, match.start()):
            return match.group(0)
        if match.group(0) == ":br":  # the line break component: a break in the paragraph
            return ""
        return _shown(match) if _is_component(match, bare_labels) else match.group(0)

    return _INLINE.sub(shown, line)
