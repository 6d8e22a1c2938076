"""Sphinx's glossary directive: each term (one or more) above its definition, a section of
its own anchored as Sphinx anchors the term (``#term-coroutine``) where the page has sections,
else the entries as text."""

from __future__ import annotations

import re
import unicodedata

from builder.parsers.rst.events import (
    Context,
    DocState,
    Event,
    Heading,
    RenderBlocks,
    Resume,
    Text,
    dedent,
    join_events,
)
from builder.parsers.rst.inline import render_inline

# sphinx.util.nodes.make_id: what an id may hold, and what it may not start or end with.
_NOT_ID = re.compile(r"[^a-zA-Z0-9._]+")
_NOT_ID_AT_ENDS = re.compile(r"^[-0-9._]+|-+$")
TERM_PREFIX = "term"


def render_glossary(
    content: tuple[str, ...],
    content_first: int,
    ctx: Context,
    doc: DocState,
    render: RenderBlocks,
    *,
    sort: bool = False,
) -> list[Event]:
    """A glossary's entries (``sort``: by their first term, as ':sorted:' asks Sphinx): a
    section per term where sections are allowed, else one text of its terms, a line each at
    the margin, above their indented definition (docutils' definition list takes one term, so
    the others ran into one paragraph with it and the definition lost its indent)."""
    entries = _entries(content, content_first)
    if sort:
        entries.sort(key=lambda entry: unicodedata.normalize("NFD", entry[0][0].lower()))
    if not ctx.sections:
        return [Text("\n\n".join(_entry_text(entry, ctx, doc, render) for entry in entries))]
    events: list[Event] = []
    unnamed = 0
    for terms, definition, first, line in entries:
        anchor = term_id(terms[0])
        if not anchor:  # Sphinx numbers a term it cannot make an id of
            anchor, unnamed = f"{TERM_PREFIX}-{unnamed}", unnamed + 1
        events.append(Heading(title=terms[0], line=line, last_line=line, claim_line=line,
                              anchor=anchor, api_depth=ctx.api_depth + 1, term=True))  # fmt: skip
        inner = ctx.nested(sections=False)
        if len(terms) > 1:  # its synonyms lead its definition
            events.append(Text(", ".join(terms[1:])))
        events.extend(render(dedent(definition), first, inner, doc))
        written = [offset for offset, text in enumerate(definition) if text.strip()]
        events.append(Resume(last_line=first + written[-1] if written else line))
    return events


def term_id(term: str) -> str:
    """The id Sphinx makes for a glossary term ("" when it would number it instead)."""
    ascii_text = unicodedata.normalize("NFKD", term).encode("ascii", "ignore").decode("ascii")
    ident = _NOT_ID_AT_ENDS.sub(
        "", _NOT_ID.sub("-", " ".join(f"{TERM_PREFIX}-{ascii_text}".split()))
    )
    return "" if ident == TERM_PREFIX else ident


def _entries(
    content: tuple[str, ...], content_first: int
) -> list[tuple[list[str], list[str], int, int]]:
    """Each entry: its terms (inline markup rendered), its definition's lines, the source
    line its definition starts on and its first term's line."""
    entries: list[tuple[list[str], list[str], int, int]] = []
    terms: list[str] = []
    definition: list[str] = []
    first = term_line = content_first
    for number, line in enumerate(content):
        if line.strip() and not line[:1].isspace():
            if terms and any(part.strip() for part in definition):
                entries.append((terms, definition, first, term_line))
                terms, definition = [], []
            if not terms:
                term_line = content_first + number
            definition = []
            terms.append(render_inline(line.strip()))
            first = content_first + number + 1
        elif terms:
            definition.append(line)
    if terms:
        entries.append((terms, definition, first, term_line))
    return entries


def _entry_text(
    entry: tuple[list[str], list[str], int, int], ctx: Context, doc: DocState, render: RenderBlocks
) -> str:
    terms, definition, first, _ = entry
    events = render(dedent(definition), first, ctx.nested(sections=False), doc)
    text = join_events(events)
    indented = "\n".join(f"  {line}" if line else "" for line in text.split("\n"))
    return "\n".join([*terms, indented]).rstrip()
