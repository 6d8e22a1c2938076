"""Sphinx's standard-domain descriptions (``.. option::``, ``.. envvar::``, ``.. confval::``) as
sections, anchored the way Sphinx anchors them.

Sphinx gives each such description a target of its own (``#cmdoption-mypy-strict``,
``#envvar-APP_HOME``, ``#confval-python_version``), and a built page read by the HTML reader
has a section per description; read from the reST, all of a page's options were one section's
text. An option's target names the program the last ``.. program::`` set.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from builder.parsers.rst.events import (
    Context,
    DocState,
    Event,
    Heading,
    RenderBlocks,
    Text,
    description_end,
)

# The description directives that get a section, and the prefix of the target Sphinx makes.
TARGET_PREFIXES = {
    "option": "cmdoption",
    "cmdoption": "cmdoption",
    "envvar": "envvar",
    "confval": "confval",
}
# Sphinx's make_id: a run of characters that cannot be in an id becomes one "-", none at the ends.
_NOT_ID = re.compile(r"[^A-Za-z0-9._]+")
# An option's name: the signature's first word ("-O FORMAT, --output FORMAT" names "-O").
_OPTION_NAME = re.compile(r"[^\s,=\[]+")
# The options Sphinx (7.4+) shows at the top of a confval's content, as fields with these names.
_CONFVAL_FIELDS = {"type": "Type", "default": "Default"}


def target_id(kind: str, signature: str, program: str) -> str:
    """The id Sphinx gives the target of a ``kind`` description whose first signature is
    ``signature`` ("" for a signature it would not name)."""
    prefix = TARGET_PREFIXES[kind]
    if prefix == "cmdoption":
        match = _OPTION_NAME.match(signature.strip())
        name = match.group() if match else ""
        term = f"{'-'.join(program.split())}-{name}" if program else name
    else:
        term = signature.strip()
    return _NOT_ID.sub("-", f"{prefix}-{term}").strip("-.") if term.strip("-") else ""


def render_description(
    kind: str,
    signatures: Sequence[str],
    options: Sequence[tuple[str, str]],
    content: tuple[str, ...],
    line: int,
    content_first: int,
    ctx: Context,
    doc: DocState,
    render: RenderBlocks,
) -> list[Event]:
    """A heading (where sections are allowed) titled by the signatures, the signatures as
    code, the content, then the end of the description, as a Python API description's. A
    confval's ``:type:`` and ``:default:`` lead its content, as Sphinx writes them."""
    shown = [signature for signature in signatures if signature]
    events: list[Event] = []
    if shown and ctx.sections:
        events.append(
            Heading(
                title=", ".join(shown),
                line=line,
                last_line=line,
                claim_line=line,
                anchor=target_id(kind, shown[0], doc.program),
                api_depth=ctx.api_depth + 1,
            )
        )
    events.extend(Text(f"`{signature}`") for signature in shown)
    inner = Context(
        depth=ctx.depth + 1,
        sections=ctx.sections,
        klass=ctx.klass,
        klass_module=ctx.klass_module,
        api_depth=ctx.api_depth + 1 if shown and ctx.sections else ctx.api_depth,
    )
    fields = _confval_fields(options) if kind == "confval" else []
    if fields:
        events.extend(render(fields, line, inner, doc))
    events.extend(render(list(content), content_first, inner, doc))
    if shown and ctx.sections:
        events.append(description_end(content, content_first, line))
    return events


def _confval_fields(options: Sequence[tuple[str, str]]) -> list[str]:
    """A confval's type and default as the reST field list Sphinx puts above its content."""
    return [
        f":{_CONFVAL_FIELDS[key]}: {value}"
        for key, value in options
        if key in _CONFVAL_FIELDS and value
    ]
