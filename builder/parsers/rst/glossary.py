"""Sphinx's glossary directive: its entries, each term (one or more) above its definition."""

from __future__ import annotations

from builder.parsers.rst.events import Context, DocState, RenderBlocks, dedent, join_events
from builder.parsers.rst.inline import render_inline


def render_glossary(
    content: tuple[str, ...], content_first: int, ctx: Context, doc: DocState, render: RenderBlocks
) -> str:
    """A glossary's entries: one or more terms, a line each at the margin, above their
    indented definition (docutils' definition list takes one term, so the others ran into
    one paragraph with it and the definition lost its indent)."""
    entries: list[str] = []
    terms: list[str] = []
    definition: list[str] = []
    first = content_first

    def flush() -> None:
        if terms:
            events = render(dedent(definition), first, ctx.nested(sections=False), doc)
            text = join_events(events)
            indented = "\n".join(f"  {line}" if line else "" for line in text.split("\n"))
            entries.append("\n".join([*terms, indented]).rstrip())
        terms.clear()
        definition.clear()

    for number, line in enumerate(content):
        if line.strip() and not line[:1].isspace():
            if definition and any(part.strip() for part in definition):
                flush()
            definition.clear()
            terms.append(render_inline(line.strip()))
            first = content_first + number + 1
        elif terms:
            definition.append(line)
    flush()
    return "\n\n".join(entries)
