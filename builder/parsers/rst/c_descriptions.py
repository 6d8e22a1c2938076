"""Sphinx's C domain descriptions (``.. c:function::``, ``.. c:type::``, ``.. c:member::``)
as entries of their page, anchored as Sphinx anchors them (``#c.gsd_open``).

GSD 2.7.0's C API page describes 14 functions, 11 types with their members and 23 constants
so; each is an object Sphinx indexes (``c.gsd_handle.header`` for a member written in its
type's content). Read as text, the signatures stayed code in the page's sections and no
object could be found by its name. The name is read from the signature as the C domain
reads it: the identifier before a function's or a macro's parentheses, else the last one
before an array's brackets or a value.
"""

from __future__ import annotations

import re

from builder.parsers.rst.events import (
    Context,
    DocState,
    Event,
    Heading,
    RenderBlocks,
    Text,
    description_end,
)

# The C domain's object descriptions; the types among them hold members in their content.
C_KINDS = frozenset(
    {"function", "macro", "type", "struct", "union", "enum", "enumerator", "var", "member"}
)
_SCOPES = frozenset({"struct", "union", "enum", "type"})
_CALLED = re.compile(r"([A-Za-z_]\w*)\s*\(")
_IDENTIFIER = re.compile(r"[A-Za-z_]\w*")
# What follows a declared name: an array's size, a value, a bit field's width.
_AFTER_NAME = re.compile(r"\s*(?:\[[^\]]*\]|=.*|:\s*\d+)\s*$")


def c_name(kind: str, signature: str) -> str:
    """The name a C description of ``kind`` declares in ``signature``; "" when none."""
    text = signature.strip()
    if kind in ("function", "macro"):
        called = _CALLED.search(text)
        if called is not None:
            return called.group(1)
        if kind == "function":
            return ""
    previous = ""
    while previous != text:  # "char name[2][3]": each suffix off in turn
        previous, text = text, _AFTER_NAME.sub("", text)
    names = _IDENTIFIER.findall(text)
    return names[-1] if names else ""


def render_c_description(
    kind: str,
    signatures: tuple[str, ...],
    content: tuple[str, ...],
    line: int,
    content_first: int,
    ctx: Context,
    doc: DocState,
    render: RenderBlocks,
) -> list[Event]:
    """A heading (where sections are allowed) titled and anchored by the declared name (a
    member's under its type's), the signatures as code, then the content."""
    shown = _joined(signatures)
    name = c_name(kind, shown[0]) if shown else ""
    qualified = f"{doc.c_scope}.{name}" if name and doc.c_scope else name
    events: list[Event] = []
    entry = bool(qualified) and ctx.sections
    if entry:
        events.append(
            Heading(
                title=qualified,
                line=line,
                last_line=line,
                claim_line=line,
                anchor=f"c.{qualified}",
                api_depth=ctx.api_depth + 1,
            )
        )
    events.extend(Text(f"`{signature}`") for signature in shown)
    inner = Context(
        depth=ctx.depth + 1,
        sections=ctx.sections,
        api_depth=ctx.api_depth + 1 if entry else ctx.api_depth,
    )
    outer = doc.c_scope
    if kind in _SCOPES and qualified:  # the members in its content are its own
        doc.c_scope = qualified
    events.extend(render(list(content), content_first, inner, doc))
    doc.c_scope = outer
    if entry:
        events.append(description_end(content, content_first, line, top_level=ctx.depth == 0))
    return events


def _joined(lines: tuple[str, ...]) -> list[str]:
    """The signatures the argument's lines write: a line ending in a backslash goes on in the
    next one, as Sphinx joins them (a long function's parameters, one a line)."""
    signatures: list[str] = []
    carried = ""
    for line in lines:
        text = f"{carried} {line.strip()}".strip()
        carried = text[:-1].rstrip() if text.endswith("\\") else ""
        if not carried and text:
            signatures.append(text)
    if carried:
        signatures.append(carried)
    return signatures
