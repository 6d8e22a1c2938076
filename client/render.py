"""Render answers as compact readable text: the CLI's default output and the MCP tools' text.

Every rendering names the library, the version served and how it was chosen, and where the
data came from, so a person or an agent reading only the text still sees the provenance. An
answer from a fallback (a configured site failed) says so in its first line.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from msgspec import UNSET

from schemas.answers import (
    ExtractAnswer,
    Library,
    LookupAnswer,
    Provenance,
    ReadAnswer,
    ReleasesAnswer,
    Section,
    ServedVersion,
    TocEntry,
)

_NO_MATCH_HINT_OPENING = "no library matches; "


def fallback_line(provenances: Sequence[Provenance]) -> list[str]:
    """The first line of an answer some of whose data comes from a fallback, else nothing."""
    for provenance in provenances:
        reason = provenance.fallbackReason
        if reason is not UNSET:
            return [
                f"FALLBACK: {reason.site} failed since {reason.since} ({reason.error}); "
                f"answering from {provenance.kind}:{provenance.source}"
            ]
    return []


def _provenance(answer: Library | ReleasesAnswer | ServedVersion) -> str:
    provenance = answer.provenance
    parts = [f"source {answer.source}"]
    if provenance.buildTime:
        parts.append(f"built {readable_time(provenance.buildTime)}")
    if provenance.fetchedAt:
        parts.append(f"fetched {readable_time(provenance.fetchedAt)}")
    if provenance.staleReason:
        parts.append(f"STALE: the version's last good shard ({provenance.staleReason})")
    elif provenance.stale:
        parts.append("STALE: the site could not be reached, this is the last good copy")
    return "; ".join(parts)


def with_warnings(text: str, warnings: list[str]) -> str:
    """``text`` with the warnings of its tool call right below its first line, which stays
    the answer's own (what was served, or the error): an agent that passed ``query`` for
    ``focus`` reads why before the 4,000 tokens of a table of contents, not after them."""
    if not warnings:
        return text
    first, newline, rest = text.partition("\n")
    return first + "".join(f"\nwarning: {warning}" for warning in warnings) + newline + rest


def render_lookup(answer: LookupAnswer) -> str:
    if not answer.results:
        # The hint opens with the same words for readers that see only the hint (MCP).
        hint = (answer.hint or "").removeprefix(_NO_MATCH_HINT_OPENING)
        return f"No library matches {answer.query!r}" + (f"; {hint}" if hint else "")
    shown, total = len(answer.results), answer.total
    count = f"{shown} of {total} matches" if total > shown else f"{shown} match(es)"
    lines = fallback_line([r.provenance for r in answer.results])
    lines.append(f"{count} for {answer.query!r}:")
    for result in answer.results:
        versions = ", ".join(result.versions[:6]) + (" …" if len(result.versions) > 6 else "")
        lines.append(
            f"- {result.id} ({result.name}) score {result.score:.2f} "
            f"[{'; '.join(result.matches)}] latest {result.latest}; "
            f"versions {versions}"
        )
        if result.summary:
            lines.append(f"  {result.summary}")
        lines.append(f"  {_provenance(result)}")
    return "\n".join(lines)


def render_releases(answer: ReleasesAnswer) -> str:
    pre = f"; prereleases: {', '.join(answer.prereleases)}" if answer.prereleases else ""
    lines = fallback_line([answer.provenance])
    lines.append(
        f"{answer.id} ({answer.name}): latest {answer.latest}; versions "
        f"{', '.join(answer.versions)}{pre}\n{_provenance(answer)}"
    )
    sources = answer.versionSources
    if len(set(sources.values())) > 1:
        # Versions from several sources: say which comes from where.
        lines.extend(f"- {version}: {source}" for version, source in sources.items())
    return "\n".join(lines)


def _header(answer: ExtractAnswer | ReadAnswer) -> str:
    asked = answer.resolvedFrom
    resolved = "" if asked is UNSET else f" (asked as {asked!r})"
    lines = fallback_line([answer.provenance])
    # The note says how the version was chosen in words ("exact match 2.3.8", "latest → ..."):
    # the kind beside it ("exact: exact match 2.3.8") would say it twice.
    lines.append(f"{answer.id}{resolved} {answer.version} ({answer.releaseNote})")
    lines.append(_provenance(answer))
    return "\n".join(lines)


def _address(entry: Section | TocEntry) -> str:
    """``page#anchor``, what doc_read and ``docclient read`` take (``#anchor`` without a page)."""
    return f"{entry.source or ''}#{entry.anchor}"


def title_line(heading_path: Sequence[str], heading: str, marks: Sequence[str]) -> str:
    """A section's title as the text shows it: its heading path and its marks."""
    path = " > ".join([*heading_path, heading])
    return f"\n## {path}" + (f"  [{', '.join(marks)}]" if marks else "")


def location_line(
    source: str | None, anchor: str, lines: Sequence[int] | None, sha256: str, link: str
) -> str:
    """Where a section is: page#anchor (what doc_read takes), its lines, hash and link."""
    where = f" lines {lines[0]}-{lines[1]}" if lines else ""
    return f"{source or ''}#{anchor}{where} sha256 {sha256[:12]} {link}"


_SUBSECTIONS_OPENING = "\nSubsections that match too: "


def subsection_parts(source: str | None, named: Sequence[tuple[str, str]]) -> list[str]:
    """The line naming a section's matching subsections ((heading, anchor) pairs), in parts
    that add up to it (the line break before it included): fitting an answer spends them one
    by one."""
    return [
        f"{_SUBSECTIONS_OPENING if i == 0 else ', '}{heading} {source or ''}#{anchor}"
        for i, (heading, anchor) in enumerate(named)
    ]


def section_frame(
    heading_path: Sequence[str],
    heading: str,
    source: str | None,
    anchor: str,
    lines: Sequence[int] | None,
    sha256: str,
    link: str,
    *,
    scored: bool,
) -> str:
    """What the text shows of a section besides its body and subsections, its marks at their
    longest: the part of maxTokens a section costs before its first word (client.search.trim)."""
    marks = ["score 0.00", "truncated"] if scored else ["truncated"]
    title = title_line(heading_path, heading, marks)
    # The line breaks before the title, the location and the body.
    return f"\n{title}\n{location_line(source, anchor, lines, sha256, link)}\n"


# Room kept in maxTokens for the note an answer may end with (why it was cut, words the docs
# never use); the answer's other lines are counted as they are (extract_overhead).
NOTE_ROOM = 320


def extract_overhead(answer: ExtractAnswer) -> int:
    """Characters the text of ``answer`` takes as it stands, and room for the note it may
    gain: what sections added to it cannot use of maxTokens (of an answer without sections,
    its header)."""
    return len(render_extract(answer)) + NOTE_ROOM


def _location(section: Section) -> str:
    return location_line(
        section.source, section.anchor, section.lines, section.sha256, section.path
    )


def _toc_lines(toc: list[TocEntry]) -> list[str]:
    """The table of contents indented by depth. A heading with no section of its own (a page
    title with no text before its first subheading: the builder drops empty sections) is shown
    without an address above its subsections; without it they read as the previous page's."""
    lines: list[str] = []
    shown: list[str] = []
    for entry in toc:
        path = entry.headingPath
        for depth, heading in enumerate(path):
            if shown[: depth + 1] != path[: depth + 1]:
                lines.append(f"{'  ' * depth}- {heading}")
                shown = path[: depth + 1]
        lines.append(f"{'  ' * len(path)}- {entry.heading} {_address(entry)}")
        shown = [*path, entry.heading]
    return lines


def render_extract(answer: ExtractAnswer) -> str:
    lines = [_header(answer)]
    if answer.volumeSummary:
        lines.append(f"About {answer.version}: {answer.volumeSummary}")
    lines.append(f"Documented versions: {', '.join(answer.versions)}")
    if answer.toc is not UNSET and answer.toc:
        lines.append(f"Table of contents ({len(answer.toc)} headings):")
        lines.extend(_toc_lines(answer.toc))
    if answer.confidence is not None and answer.confidence is not UNSET:
        # An empty answer's confidence is that of the section it held back (a focus word only
        # another version's docs use): "Confidence that the first section answers: 1.00" over
        # no section at all read as a sure answer.
        lines.append(
            f"Confidence that the first section answers: {answer.confidence:.2f}"
            if answer.sections
            else "No section given (see the note); the best one of this version scored "
            f"{answer.confidence:.2f}"
        )
    if answer.lanes is not UNSET:
        semantic = answer.semantic
        status = None if semantic is UNSET else semantic.status
        reason = "" if semantic is UNSET else semantic.reason
        why = f" ({reason})" if reason else ""
        lines.append(f"Lanes: {' + '.join(answer.lanes)}; semantic {status}{why}")
    # The opening sections (no focus, or one naming the library) come in document order,
    # unscored: their table of contents says which answer this is.
    scored = answer.toc is UNSET
    for section in answer.sections:
        marks = [f"score {section.score:.2f}"] if scored else []
        marks += ["truncated"] if section.truncated else []
        lines.append(title_line(section.headingPath, section.heading, marks))
        lines.append(_location(section))
        named = [] if section.subsections is UNSET else section.subsections
        parts = subsection_parts(section.source, [(sub.heading, sub.anchor) for sub in named])
        lines.append(section.body + "".join(parts))
    if answer.hint:
        lines.append(f"\nNote: {answer.hint}")
    return "\n".join(lines)


def render_read(answer: ReadAnswer) -> str:
    lines = [_header(answer)]
    for section in answer.sections:
        mark = "" if section.target else " (neighbour)"
        path = " > ".join([*section.headingPath, section.heading])
        lines.append(f"\n## {path}{mark}")
        lines.append(_location(section))
        lines.append(section.body)
    return "\n".join(lines)


def render_status(status: dict[str, Any]) -> str:
    libraries, versions = status["libraries"], status["versions"]
    lines = [
        f"{libraries} librar{'y' if libraries == 1 else 'ies'}, "
        f"{versions} version{'' if versions == 1 else 's'}"
    ]
    for source in status["data"].get("sources", []):
        details = ", ".join(
            _status_detail(key, value)
            for key, value in source.items()
            if key not in ("kind", "source") and value not in (None, "")
        )
        lines.append(f"- {source.get('kind')}: {source.get('source')} ({details})")
    cache = status["data"].get("cache")
    if cache:
        kinds = [
            f"{name} {figures['files']} ({figures['bytes'] / 1e6:.1f} MB)"
            for name, figures in cache.items()
            if isinstance(figures, dict) and figures.get("files")
        ]
        total = cache.get("bytes", 0) / 1e6
        lines.append(
            f"disk cache: {cache.get('path')}, {total:.1f} MB"
            + (f": {', '.join(kinds)}" if kinds else "")
        )
    results = status["resultCache"]
    lines.append(
        f"result cache: {results['hits']} hits, {results['misses']} misses, "
        f"{results['size']}/{results['maxEntries']} entries, ttl {results['ttlSeconds']}s"
    )
    return "\n".join(lines)


# Status keys whose values are ISO 8601 times or seconds, and what a person reads for them.
_TIME_KEYS = {"fetchedAt": "fetched", "checkedAt": "checked", "buildTime": "built"}
_SECONDS_KEYS = {"ageSeconds": "age", "retryInSeconds": "retry in"}
# "fresh" beside a failed last check read as a contradiction: it is the copy that is fresh.
_BOOLEAN_WORDS = {"stale": ("copy stale", "copy fresh")}


def _status_detail(key: str, value: object) -> str:
    """One source figure as a person reads it: times in UTC to the second, durations in
    seconds, minutes or hours, yes/no for booleans (never Python's True and False)."""
    if key in _TIME_KEYS and isinstance(value, str):
        return f"{_TIME_KEYS[key]} {readable_time(value)}"
    if key in _SECONDS_KEYS and isinstance(value, int | float):
        return f"{_SECONDS_KEYS[key]} {readable_duration(value)}"
    if key == "error":
        return f"error: {value}"
    if key == "buildId" and isinstance(value, str):
        return f"build {value[:12]}"
    if isinstance(value, bool):
        yes, no = _BOOLEAN_WORDS.get(key, (f"{key} yes", f"{key} no"))
        return yes if value else no
    return f"{key} {value}"


def readable_time(text: str) -> str:
    """``2026-12-01T21:30:05.123Z`` → ``2026-12-01 21:30:05 UTC``; anything else as given."""
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return text
    if moment.tzinfo is None:
        return text
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")


def readable_duration(seconds: float) -> str:
    """``42`` → ``42 s``, ``300`` → ``5 min``, ``7200`` → ``2.0 h``."""
    if seconds < 120:
        return f"{seconds:g} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"
