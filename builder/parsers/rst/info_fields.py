"""Sphinx info fields (``:param str name: text``) in a hand-written Python description.

Sphinx's Python domain shows ``.. class::`` and ``.. method::`` fields as autodoc shows a
docstring's: "Parameters", "Returns", "Raises" lists, each name with its type. Read as a plain
field list they were lines like "param str database: Database name...", the type run into the
name (peewee's API reference writes its 1,044 fields so). Here they are read as a docstring's
Sphinx fields are (builder.api.docstrings) and shown as its lists are (builder.api.render).
"""

from __future__ import annotations

from builder.api.render import render_part
from builder.api.sphinx_fields import read_sphinx_fields
from builder.parsers.rst.events import Context, DocState, Event, Text, dedent, join_events


def info_field_events(lines: list[str], first: int, ctx: Context, doc: DocState) -> list[Event]:
    """The field list ``lines`` (its first at source line ``first``) as titled lists."""
    # Imported here: blocks imports this module.
    from builder.parsers.rst.blocks import render_blocks

    def markup(text: str) -> str:
        inner = ctx.nested(sections=False)
        return join_events(render_blocks(dedent(text.split("\n")), first, inner, doc))

    parts = read_sphinx_fields("\n".join(lines))
    texts = (render_part(part, markup) for part in parts)
    return [Text(text) for text in texts if text]
