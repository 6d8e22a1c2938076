"""Fold the host model's rewrites of a focus into a doc_extract answer.

The service asks for rewrites only when an answer is weak (client.service); this module says
when a rewrite cannot help (:func:`skip_reason`), records what happened in the answer's
``rewrite`` field (:func:`with_rewrite`), and merges the sections the alternatives found into
the original answer (:func:`fused`). The rankings themselves are fused by client.rewrite.fuse.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from msgspec import UNSET, structs

from client.answers import found_section
from client.render import extract_overhead, section_frame
from client.rewrite import fuse
from client.search.sections import SearchResult
from client.search.trim import CHARS_PER_TOKEN
from client.search.unheard import unheard_hint
from schemas.answers import ExtractAnswer, FoundSection, Rewrite, RewriteStatus

# (focus, library name, language hint) -> alternative queries; RewriteFailed when it cannot.
# The MCP layer implements it with sampling; the service never knows how.
Rewriter = Callable[[str, str, str], Sequence[str]]
REWRITE_OFF = (
    "query rewrite is off: --rewrite off, the CLI, or --rewrite auto with a host that cannot "
    "sample on this connection"
)
# How a section's matches say its heading is the identifier the focus names.
_NAMED_MATCH = "identifier:"


def with_rewrite(
    answer: ExtractAnswer,
    status: RewriteStatus,
    *,
    queries: Sequence[str] = (),
    reason: str,
) -> ExtractAnswer:
    return structs.replace(
        answer, rewrite=Rewrite(status=status, queries=list(queries), reason=reason)
    )


def skip_reason(answer: ExtractAnswer, below: float) -> str | None:
    """Why a rewrite cannot help this answer, or None when it may."""
    if answer.answeredIn is not UNSET:
        return f"the docs of {answer.answeredIn} answer this, and these do not"
    if answer.toc is not UNSET:
        return "the focus names the library itself: its opening sections answer"
    sections = answer.sections
    if sections and any(m.startswith(_NAMED_MATCH) for m in sections[0].matches):
        return "the focus names an identifier the docs have: its answer is exact"
    sure = answer.confidence
    if sure is not None and sure is not UNSET and sure >= below:
        return f"confidence {sure} is at least {below}"
    return None


def _frame(section: FoundSection) -> str:
    return section_frame(
        section.headingPath,
        section.heading,
        section.source,
        section.anchor,
        section.lines,
        section.sha256,
        section.path,
        scored=True,
    )


def fused(
    answer: ExtractAnswer,
    queries: Sequence[str],
    results: Sequence[SearchResult],
    max_sections: int,
    max_tokens: int,
) -> ExtractAnswer:
    """``answer`` with its sections fused with the alternatives' (weighted RRF, see
    client.rewrite.fuse): every original section stays, the alternatives fill the room left in
    maxSections and maxTokens. The confidence is that of a query whose first section comes first."""
    original = answer.sections
    found = {_address(s): s for s in original}
    rankings = []
    for result in results:
        shaped = [found_section(s) for s in result.sections]
        for section in shaped:
            found.setdefault(_address(section), section)
        rankings.append([_address(s) for s in shaped])
    order = fuse([_address(s) for s in original], rankings, max_sections)
    # The room the answer's text leaves, its note's included; a section costs its frame too.
    room = max_tokens * CHARS_PER_TOKEN - extract_overhead(answer)
    kept_original = {_address(s) for s in original}
    sections = []
    for address in order:
        section = found[address]
        if address not in kept_original:
            cost = len(section.body) + len(_frame(section))
            if cost > room:
                continue
            room -= cost
        sections.append(section)
    added = len(sections) - len(original)
    fused = structs.replace(answer, sections=sections)
    if sections:
        first = _address(sections[0])
        confidence = None if answer.confidence is UNSET else answer.confidence
        firsts = [(confidence, original[:1])] + [
            (r.confidence, [found_section(s) for s in r.sections[:1]]) for r in results
        ]
        sure = [c for c, top in firsts if c is not None and top and _address(top[0]) == first]
        if sure:
            fused = structs.replace(fused, confidence=max(sure))
    if added and not original:
        unmentioned = unheard_hint(answer.unmentioned or ())
        rewritten = (
            "these sections answer the host model's rewrites of the focus "
            "(rewrite.queries), not the focus itself: check them before quoting"
        )
        fused = structs.replace(
            fused,
            hint="; ".join(filter(None, (unmentioned, rewritten))),
            truncated=any(s.truncated for s in sections),
        )
    reason = f"{added} section(s) found only by the rewrites" if added else "no new section"
    return with_rewrite(fused, "used", queries=queries, reason=reason)


def _address(section: FoundSection) -> tuple[str | None, str]:
    return (section.source, section.anchor)
