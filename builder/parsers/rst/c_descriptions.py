"""Sphinx's C domain descriptions (``.. c:function::``, ``.. c:type::``, ``.. c:member::``)
as entries of their page, anchored as Sphinx anchors them (``#c.gsd_open``).

GSD 2.7.0's C API page describes 14 functions, 11 types with their members and 23 constants
so; each is an object Sphinx indexes (``c.gsd_handle.header`` for a member written in its
type's content). Read as text, the signatures stayed code in the page's sections and no
object could be found by its name. The name is read from the signature as the C domain
reads it: the first identifier before a function's or a macro's parentheses, an array's
brackets, a value, a pointer's declarator's closing parenthesis, or the signature's end.
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
from builder.parsers.rst.signature_lines import joined_signatures

# The C domain's object descriptions; the types among them hold members in their content.
C_KINDS = frozenset(
    {"function", "macro", "type", "struct", "union", "enum", "enumerator", "var", "member"}
)
_SCOPES = frozenset({"struct", "union", "enum", "type"})
# A declaration's tokens: identifiers (a member's may be written under its type's name,
# "PyArrayObject.base", as the C domain reads it) and single other characters. Read token by
# token, as the C domain's parser reads it, so that no signature costs more than its length.
_TOKEN = re.compile(r"(?P<name>[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)|\S")
# What follows a declared name: its parameters, an array's size, a value, a bit field's width,
# the parenthesis closing a pointer's declarator ("int (*callback)(void *data)"), or nothing.
_AFTER_NAME = frozenset({"(", "[", "=", ":", ")", ",", ";", ""})
# What opens a pointer's declarator after a parenthesis: "void (*" is a return type's end.
_POINTER = frozenset({"*", "&", "^"})


def c_name(kind: str, signature: str) -> str:
    """The name a C description of ``kind`` declares in ``signature``; "" when none: the first
    identifier followed by its parameters (a function's must be), an array's brackets, a
    value, the end of a pointer's declarator, or nothing."""
    tokens = [(token.group(), token.lastgroup == "name") for token in _TOKEN.finditer(signature)]
    tokens += [("", False), ("", False)]
    for index, (token, is_name) in enumerate(tokens[:-2]):
        following = tokens[index + 1][0]
        if not is_name or following not in _AFTER_NAME:
            continue
        if following == "(" and tokens[index + 2][0] in _POINTER:
            continue  # "int (*fp)(int)": the type the pointer's declarator follows
        if kind == "function" and following != "(":
            return ""
        return token
    return ""


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
    shown = joined_signatures(signatures)
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
