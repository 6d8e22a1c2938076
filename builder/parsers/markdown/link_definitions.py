"""A paragraph CommonMark refused as link reference definitions, which a renderer shows none
of: told apart from text, so the body does not keep it."""

from __future__ import annotations

import re

from builder.parsers.markdown.hugo_shortcodes import code_lines

# A line defining a link reference, as CommonMark writes one: "[label]: destination 'title'".
# CommonMark refuses a label holding brackets, even in code (undici's
# "[`dispatcher.close([callback])`]: Dispatcher.md#dispatcherclosecallback"), and reads the
# page's definitions from there on as one paragraph of text; a renderer shows none of them.
_LINK_DEFINITION = re.compile(
    r"[ \t]{0,3}\[(?:\\.|[^\\\n])+\]:[ \t]*\S+"
    r"""(?:[ \t]+(?:"[^"\n]*"|'[^'\n]*'|\([^()\n]*\)))?[ \t]*"""
)


def is_link_definitions(paragraph: str) -> bool:
    """Whether each line of a paragraph defines a link reference (one CommonMark refused)."""
    return paragraph[:1] == "[" and all(
        _LINK_DEFINITION.fullmatch(line) for line in paragraph.split("\n")
    )


# A definition whose destination holds a template expression ("[contributing]:
# {{ repo_url }}/blob/main/CONTRIBUTING.md"), which Liquid or Jinja renders into a URL before
# Markdown is read; CommonMark refuses its blanks, and the definitions below it ran into one
# paragraph of text. The destination's expressions are written without their blanks.
_TEMPLATE_DEFINITION = re.compile(r"[ \t]{0,3}\[(?:\\.|[^\\\n\]])+\]:[ \t]*(?=[^ \t\n]*\{\{)")
_EXPRESSION = re.compile(r"\{\{[^{}\n]*\}\}")


def has_template_destinations(text: str) -> bool:
    return "]:" in text and "{{" in text


def join_template_destinations(text: str) -> str:
    """``text`` with the template expressions in its link definitions' destinations written
    without blanks, outside fenced code; it keeps its number of lines."""
    lines = text.split("\n")
    inside_code = code_lines(lines)
    for index, line in enumerate(lines):
        if inside_code[index] or "{{" not in line or "]:" not in line:
            continue
        start = _TEMPLATE_DEFINITION.match(line)
        if start is None:
            continue
        rest = line[start.end() :]
        destination = re.match(r"(?:\{\{[^{}\n]*\}\}|[^\s{]|\{(?!\{))+", rest)
        if destination is None:
            continue
        joined = _EXPRESSION.sub(lambda m: re.sub(r"\s+", "", m.group(0)), destination.group(0))
        lines[index] = line[: start.end()] + joined + rest[destination.end() :]
    return "\n".join(lines)
