"""Sphinx's glossary directive (reST, or a MyST fence): each entry's terms (one or more) above
its definition, a section per entry anchored as Sphinx anchors its first term
(``#term-coroutine``) where the page has sections, else the entries as text."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

from builder.parsers.docutils_ids import GLOSSARY_TERM_PREFIX, sphinx_id
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

# What parts a term from the index key written after it ("term 1 : A"), which Sphinx's
# split_term_classifiers leaves out of the term's text and id.
_INDEX_KEY = re.compile(" +: +")
# What starts a comment among a glossary's terms (Sphinx's test: a margin line so starting).
_COMMENT = ".. "


@dataclass(frozen=True)
class GlossaryEntry:
    """One entry as written: its terms (markup not yet rendered), its definition's lines, the
    source line the definition starts on and the first term's line."""

    terms: tuple[str, ...]
    definition: tuple[str, ...]
    first: int
    line: int


# An entry's definition rendered in a context: reST blocks, or a MyST fence's Markdown.
RenderDefinition = Callable[[GlossaryEntry, Context], list[Event]]


def render_glossary(
    content: tuple[str, ...],
    content_first: int,
    ctx: Context,
    doc: DocState,
    render: RenderBlocks,
    *,
    sort: bool = False,
) -> list[Event]:
    """A reST glossary's events (``sort``: ':sorted:' was given)."""

    def definition(entry: GlossaryEntry, inner: Context) -> list[Event]:
        return render(dedent(list(entry.definition)), entry.first, inner, doc)

    entries = glossary_entries(content, content_first)
    return glossary_events(entries, ctx, doc, render_inline, definition, sort=sort)


def glossary_entries(content: tuple[str, ...], content_first: int) -> list[GlossaryEntry]:
    """The entries of a glossary's content: a line at the margin is a term, the indented lines
    under it its definition; terms on consecutive lines (blank lines between them too, as
    Sphinx reads them, with a warning) share the definition under the last. A line at the
    margin starting '.. ' is a comment (a label too), it and the lines indented under it
    skipped, as Sphinx's Glossary.run skips them."""
    entries: list[GlossaryEntry] = []
    terms: list[str] = []
    definition: list[str] = []
    first = term_line = content_first
    in_comment = False
    for number, line in enumerate(content):
        if line.strip() and not line[:1].isspace():
            in_comment = line.startswith(_COMMENT)
            if in_comment:
                continue
            if terms and any(part.strip() for part in definition):
                entries.append(GlossaryEntry(tuple(terms), tuple(definition), first, term_line))
                terms = []
            if not terms:
                term_line = content_first + number
            definition = []
            terms.append(_INDEX_KEY.split(line)[0].strip())
            first = content_first + number + 1
        elif terms and not in_comment:
            definition.append(line)
    if terms:
        entries.append(GlossaryEntry(tuple(terms), tuple(definition), first, term_line))
    return entries


def glossary_events(
    entries: list[GlossaryEntry],
    ctx: Context,
    doc: DocState,
    term_text: Callable[[str], str],
    definition: RenderDefinition,
    *,
    sort: bool = False,
) -> list[Event]:
    """A section per entry where ``ctx`` allows sections (its first term the heading, the
    others leading its text), else one text of the terms, a line each at the margin, above
    their indented definitions (docutils' definition list takes one term, so the others ran
    into one paragraph with it and the definition lost its indent). ``sort``: by the first
    term, as ':sorted:' has Sphinx order them."""
    named = [(tuple(term_text(term) for term in entry.terms), entry) for entry in entries]
    # Sphinx makes the ids as it reads the terms, synonyms too, before ':sorted:' reorders them.
    shown = [(terms, entry, _make_term_ids(terms, doc)[0]) for terms, entry in named]
    if sort:  # by the term's text, as Sphinx sorts: a code term (`nvm`) under its letter
        shown.sort(key=lambda item: unicodedata.normalize("NFD", _unmarked(item[0][0]).lower()))
    inner = ctx.nested(sections=False)
    if not ctx.sections:
        texts = [_entry_text(terms, definition(entry, inner)) for terms, entry, _ in shown]
        return [Text("\n\n".join(texts))]
    events: list[Event] = []
    # Sorted, a term's lines are not those up to the next term's: each section ends with its
    # own definition, and the first claims the glossary's first line from the text above it.
    glossary_line = min((entry.line for entry in entries), default=0)
    for index, (terms, entry, anchor) in enumerate(shown):
        end = _definition_end(entry)
        events.append(Heading(title=terms[0], line=entry.line, last_line=end,
                              claim_line=entry.line if index else glossary_line,
                              anchor=anchor, api_depth=ctx.api_depth + 1, term=True))  # fmt: skip
        if len(terms) > 1:  # its synonyms lead its definition
            events.append(Text(", ".join(terms[1:])))
        events.extend(definition(entry, inner))
        events.append(Resume(last_line=end))
    return events


def _unmarked(term: str) -> str:
    """A rendered term's text without the backticks its code is shown in (the only markup
    that rendered inline text keeps)."""
    return term.replace("`", "")


def _definition_end(entry: GlossaryEntry) -> int:
    """The last written line of the entry's definition (its first term's, without one)."""
    written = [offset for offset, text in enumerate(entry.definition) if text.strip()]
    return entry.first + written[-1] if written else entry.line


def _make_term_ids(terms: tuple[str, ...], doc: DocState) -> list[str]:
    """The ids Sphinx gives an entry's terms read after the page's others
    (sphinx.util.nodes.make_id): numbered, from term-0 on through the page, for a term it
    makes none of or has given its id."""
    ids: list[str] = []
    for term in terms:
        ident = term_id(term)
        while not ident or ident in doc.term_ids:
            ident = f"{GLOSSARY_TERM_PREFIX}-{doc.numbered_terms}"
            doc.numbered_terms += 1
        doc.term_ids.add(ident)
        ids.append(ident)
    return ids


def term_id(term: str) -> str:
    """The id Sphinx makes for a glossary term ("" when it would number it instead)."""
    ident = sphinx_id(f"{GLOSSARY_TERM_PREFIX}-{term}")
    return "" if ident == GLOSSARY_TERM_PREFIX else ident


def _entry_text(terms: tuple[str, ...], events: list[Event]) -> str:
    text = join_events(events)
    indented = "\n".join(f"  {line}" if line else "" for line in text.split("\n"))
    return "\n".join([*terms, indented]).rstrip()
