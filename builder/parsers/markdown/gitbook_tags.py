"""GitBook's blocks (``{% hint style="info" %}`` ... ``{% endhint %}``, ``{% tabs %}`` and
``{% tab title="..." %}``, ``{% content-ref %}``, ``{% code %}``, ``{% embed %}``, its API blocks)
rewritten, line for line, as the Hugo shortcodes of the same meaning or the text they show,
before the page is parsed; ``hugo_shortcodes`` then reads a hint as an admonition and a tab as
a content tab.

GitBook renders them when it shows the page; read as text, every hint, tab and page card
showed its raw tags (LANraragi's docs, synced from GitBook, hold 288). An API block
(``{% openapi-operation method="get" path="/plugins" %}``, the older ``{% swagger %}``) is
filled from an OpenAPI file the page does not hold: it leaves its method and path, and a
``{% swagger-parameter %}`` its name, place, type and "required". Tags of other names
(Jinja's, Liquid's) and tags in code (fenced, or a code span) are left as they are.
"""

from __future__ import annotations

import re

from builder.parsers.markdown.hugo_shortcodes import code_lines, code_spans, in_code_span

# "{% name key="value" ... %}" or "{% endname %}"; a value holds no quote or newline, so a
# line of unclosed tags is read in linear time.
_TAG = re.compile(
    r"""\{%[ \t]*(end)?([a-z][\w-]*+)((?:[ \t]+[\w-]+=(?:"[^"\n]*"|'[^'\n]*'|[^\s%'"]+))*+)"""
    r"""[ \t]*%\}"""
)
_ARGUMENT = re.compile(r"""([\w-]+)=(?:"([^"\n]*)"|'([^'\n]*)'|([^\s%'"]+))""")
_HINT_KINDS = {"info": "info", "warning": "warning", "danger": "danger", "success": "tip"}
# Blocks that show their content only: the tags go.
_CONTAINERS = frozenset(
    {"content-ref", "code", "stepper", "step", "columns", "column", "swagger-description",
     "openapi", "openapi-schemas", "openapi-webhook", "updates", "update", "file"}
)  # fmt: skip
_API_BLOCKS = frozenset({"openapi-operation", "swagger"})
GITBOOK_TAGS = frozenset(
    {"hint", "tabs", "tab", "embed", "swagger-parameter", "swagger-response"}
    | _CONTAINERS
    | _API_BLOCKS
)


def has_gitbook_tags(text: str) -> bool:
    return "{%" in text and any(match.group(2) in GITBOOK_TAGS for match in _TAG.finditer(text))


def rewrite_gitbook_tags(text: str) -> str:
    """``text`` with GitBook's tags rewritten; it keeps its number of lines."""
    lines = text.split("\n")
    inside_code = code_lines(lines)
    for index, line in enumerate(lines):
        if "{%" in line and not inside_code[index]:
            lines[index] = _rewritten_line(line)
    return "\n".join(lines)


def _rewritten_line(line: str) -> str:
    # A tag in a code span is a page showing how to write it: it means the tag as written.
    spans = code_spans(line)
    return _TAG.sub(
        lambda match: match.group(0) if in_code_span(spans, match.start()) else _rewritten(match),
        line,
    )


def _rewritten(match: re.Match[str]) -> str:
    if match.group(2) not in GITBOOK_TAGS:
        return match.group(0)
    shown = _shown(match)
    # A line of its own, ended by a Markdown line break, not run into the next line's text.
    return shown + "  " if shown and not shown.startswith("{{<") else shown


def _shown(match: re.Match[str]) -> str:
    """The Hugo shortcode or the text a tag becomes."""
    closing, name = bool(match.group(1)), match.group(2)
    arguments = {
        key: next((value for value in values if value is not None), "")
        for key, *values in _ARGUMENT.findall(match.group(3))
    }
    if name == "hint":
        if closing:
            return "{{< /admonition >}}"
        kind = _HINT_KINDS.get(arguments.get("style", "info").lower(), "note")
        return f'{{{{< admonition type="{kind}" >}}}}'
    if name in ("tabs", "tab"):
        title = arguments.get("title", "").replace('"', "'")
        if closing:
            return f"{{{{< /{name} >}}}}"
        return f'{{{{< tab title="{title}" >}}}}' if name == "tab" else "{{< tabs >}}"
    if closing:
        return ""
    if name in _CONTAINERS:  # {% code title="server.js" %}: the file name over the code
        return arguments.get("title", "")
    if name in _API_BLOCKS:
        method, path = arguments.get("method", "").upper(), arguments.get("path", "")
        summary = arguments.get("summary", "")
        return " ".join(part for part in (method, path, summary) if part)
    if name == "swagger-parameter":
        notes = [arguments.get(key, "") for key in ("in", "type")]
        notes += ["required"] if arguments.get("required") == "true" else []
        shown = ", ".join(note for note in notes if note)
        return f"{arguments.get('name', '')} ({shown})" if shown else arguments.get("name", "")
    if name == "swagger-response":
        return f"Response {arguments.get('status', '')}".strip()
    return arguments.get("url", "")  # embed
