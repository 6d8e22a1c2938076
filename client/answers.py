"""Shape what the service found into the answer models (schemas.answers) the front ends encode.

Keys follow the Node.js doctrove's results (``heading``, ``path``, ``body``...), plus the
provenance and location fields agents need to trust and cite a section.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from typing import Any, cast

from msgspec import UNSET, UnsetType

from client import model
from client.search.sections import FoundSection, TocEntry
from schemas import answers
from schemas.library_keys import bare_package, fold, pypi_spelling

# What may surround a library's name in a focus: quotes, backticks, a closing "?" or ".".
_AROUND_A_NAME = " `'\"\u2018\u2019\u201c\u201d?.!"


def provenance_model(
    provenance: model.Provenance, stale_reason: str | None = None
) -> answers.Provenance:
    """The answer's provenance; with ``stale_reason``, an answer from a version's last good
    shard, which says so and why."""
    fallback = provenance.fallback
    return answers.Provenance(
        # client.site_data writes one of the four kinds the model names.
        kind=cast(Any, provenance.kind),
        source=provenance.source,
        fetchedAt=provenance.fetched_at,
        stale=provenance.stale or stale_reason is not None,
        buildTime=provenance.build_time,
        buildId=provenance.build_id,
        fallbackReason=UNSET
        if fallback is None
        else answers.FallbackReason(site=fallback.site, error=fallback.error, since=fallback.since),
        staleReason=UNSET if stale_reason is None else stale_reason,
    )


def source_label(provenance: model.Provenance) -> str:
    """The seed's one-string ``source`` field: ``remote:URL``, ``local:PATH``..."""
    return f"{provenance.kind}:{provenance.source}"


def popularity_number(popularity: float) -> int | float:
    """The index's popularity as it wrote it: 1200, not 1200.0 (catalogs hold whole numbers)."""
    return int(popularity) if popularity.is_integer() else popularity


def found_section(section: FoundSection) -> answers.FoundSection:
    return answers.FoundSection(
        heading=section.heading,
        headingPath=list(section.heading_path),
        body=section.body,
        anchor=section.anchor,
        source=section.source,
        lines=list(section.lines) if section.lines else None,
        sha256=section.sha256,
        path=section.link,
        score=round(section.score, 4),
        matches=list(section.matches),
        truncated=section.truncated,
        subsections=[
            answers.Subsection(heading=sub.heading, anchor=sub.anchor)
            for sub in section.subsections
        ]
        or UNSET,
    )


def toc_entry(entry: TocEntry) -> answers.TocEntry:
    return answers.TocEntry(
        heading=entry.heading,
        headingPath=list(entry.heading_path),
        anchor=entry.anchor,
        source=entry.source,
        path=entry.link,
        level=entry.level,
    )


def toc_within(toc: Sequence[TocEntry], room: int) -> list[TocEntry]:
    """The shallowest entries of ``toc`` whose lines fit in ``room`` characters, in document
    order: an answer without a focus gives its table of contents the part of maxTokens its
    sections left, as it gives its sections no more than maxTokens (a library's 200 headings
    were 60,000 characters of JSON whatever the budget)."""
    kept: set[int] = set()
    used = 0
    for index in sorted(range(len(toc)), key=lambda i: (toc[i].level, i)):
        used += _toc_line_chars(toc[index])
        if used > room:
            break
        kept.add(index)
    return [toc[index] for index in sorted(kept)]


def _toc_line_chars(entry: TocEntry) -> int:
    """An entry's size as the text shows it: indented, its heading and its page#anchor."""
    address = f"{entry.source}#{entry.anchor}" if entry.source else entry.anchor
    return 2 * entry.level + len(entry.heading) + len(address) + 3


def read_section(row: Sequence[Any], *, target: bool) -> answers.ReadSection:
    """A section read straight from the shard's sections table, for doc_read."""
    _, heading, heading_path, body, link, anchor, source, start, end, sha256 = row
    return answers.ReadSection(
        heading=str(heading),
        headingPath=list(json.loads(heading_path)) if heading_path else [],
        body=str(body),
        anchor=str(anchor),
        source=source,
        lines=[int(start), int(end)] if start is not None and end is not None else None,
        sha256=str(sha256),
        path=str(link),
        target=target,
        bodySha256Verified=hashlib.sha256(str(body).encode()).hexdigest() == sha256,
    )


def text_or_unset(text: str | None) -> str | UnsetType:
    """An optional key's value: absent from the answer when there is none."""
    return UNSET if text is None else text


def unfocused_hint(
    shown: int,
    total: int,
    budget_hint: str | None,
    library_named: bool = False,
    toc_cut: tuple[int, int, int] | None = None,
) -> str:
    """What an answer without a focus (or whose focus is the library's name) holds, and how
    to get the part an agent wants; ``toc_cut`` (headings kept, headings, maxTokens) when the
    table of contents was cut to fit."""
    why = "the focus names the library itself" if library_named else "no focus given"
    contents = "its table of contents"
    if toc_cut is not None:
        kept, headings, max_tokens = toc_cut
        contents = (
            f"its table of contents cut to its {kept} shallowest headings (of {headings} "
            f"listed with room for all) to fit maxTokens={max_tokens}: raise it for more"
        )
    hint = (
        f"{why}: the first {shown} of the version's {total} sections in document "
        f"order, and {contents}; ask again with a focus for the sections on one "
        "concept, or read a section by its page#anchor"
    )
    # Its own sentence: "... by its page#anchor. Cut to fit maxTokens=...".
    return f"{hint}. {budget_hint[:1].upper()}{budget_hint[1:]}" if budget_hint else hint


def names_the_library(
    focus: str, entry: model.CatalogEntry, heads_a_section: Callable[[str], bool]
) -> bool:
    """Whether ``focus`` is the library's own id, name or alias ("click", "`Werkzeug`"): a
    question about the library as a whole, which its opening sections answer, where a search
    of its docs for the word found whichever section says it most (click.pause for "click").
    An alias the docs head a section with is also a concept of theirs, and that section is
    the answer (werkzeug's alias "wsgi" and its section "WSGI"); ``heads_a_section`` says.
    A registry name ("pypi:click") is an alias; quotes, "()" and a closing "?" do not count."""
    asked = _name_key(focus)
    if not asked:
        return False
    if asked in {_name_key(entry.id), _name_key(entry.name)}:
        return True
    packages = (name for package in entry.packages for name in (package, bare_package(package)))
    aliased = asked in {_name_key(alias) for alias in (*entry.aliases, *packages)}
    return aliased and not heads_a_section(focus.strip(_AROUND_A_NAME).removesuffix("()"))


def _name_key(text: str) -> str:
    """``text`` as library names are compared: folded, without the quotes, "()" or "?" around
    it, its separators as PEP 503 spells them ("dirty_equals" is "dirty-equals")."""
    return pypi_spelling(fold(text).strip(_AROUND_A_NAME))  # fold drops "()"
