"""Render the build report a user reads on stderr: per version, skipped files, sections that say
little, warnings, speed."""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Sequence

from builder.build_report import BuildReport, VersionSummary, near_empty_advice
from builder.sections import MAX_NEAR_EMPTY_SHARE
from builder.shards import ShardInfo
from schemas.shards import NEAR_EMPTY_CHARS

MAX_LISTED = 15
# Pages named after a version's near-empty count, most near-empty sections first.
MAX_WORST_PAGES = 5
# Libraries' own index.json named in the line that says they were left out, the largest first.
MAX_LEFT_OUT_INDEXES = 5
# Versions whose files were read and parsed (the others were taken from an index as they were).
COMPILED_ORIGINS = frozenset({"directory", "git", "archive"})


def _left_out_line(report: BuildReport) -> str:
    """What a doctrove client may be given when the whole-site index.json was left out."""
    left_out = report.library_indexes_left_out
    every = not report.library_ids() - {library_id for library_id, _ in left_out}
    return index_left_out_line(report.whole_index_bytes, left_out, every, report.index_url())


def index_left_out_line(
    whole_bytes: int, left_out: Sequence[tuple[str, int]], every_library: bool, index_url: str
) -> str:
    """The line of a build's (or a merge's) report when the whole-site index.json was left out
    for its size (``whole_bytes``), and the libraries' own ``left_out`` as (id, bytes) were too
    (``every_library``: all of them)."""
    whole = f"the whole one, {_megabytes(whole_bytes)}"
    # A catalog of thousands of libraries built with --index-limit-mb 0 leaves out thousands.
    largest = sorted(left_out, key=lambda item: (-item[1], item[0]))
    named = largest[:MAX_LEFT_OUT_INDEXES]
    more = len(largest) - len(named)
    listed = ", ".join(
        f"libs/{library_id}/index.json {_megabytes(size)}" for library_id, size in named
    ) + (f" and {more} more" if more else "")
    if every_library:
        return (
            f"index.json: none written ({whole}, and {listed}, each pass --index-limit-mb): "
            "docclient reads catalog.json and the shards; a plain doctrove client has no index"
        )
    if listed:
        whole += f", and {listed}"
    return (
        f"index.json: per library only ({whole}, would pass --index-limit-mb); give a doctrove "
        f"client {index_url}"
    )


def _megabytes(count: int) -> str:
    return f"{count / 1e6:.1f} MB" if count >= 100_000 else f"{count / 1e3:.1f} kB"


def _chunked_shard(shard: ShardInfo) -> str:
    """What a first answer fetches at least (the head) and the rest, for an index in chunks."""
    return (
        f"search index in chunks ({shard.format}): a {_megabytes(shard.bytes)} head and "
        f"{shard.chunks} chunks of {_megabytes(shard.chunk_bytes)}, fetched by term"
    )


def render_report_streams(report: BuildReport, *, verbose: bool = False) -> tuple[str, str]:
    """The report split for the two streams: (summary for stdout, warnings for stderr).
    Skipped files, warnings and size warnings are the warnings; each is "" when empty. Both
    are listed up to a bound, and always counted, so a large build stays readable."""
    tagged = _report_lines(report, verbose)
    summary = "\n".join(line for is_warning, line in tagged if not is_warning)
    warnings = "\n".join(line for is_warning, line in tagged if is_warning)
    return summary, warnings


class _Lines(list[tuple[bool, str]]):
    """Report lines, each marked as a warning or not."""

    def say(self, line: str) -> None:
        self.append((False, line))

    def warn(self, line: str) -> None:
        self.append((True, line))


def _report_lines(report: BuildReport, verbose: bool) -> list[tuple[bool, str]]:
    lines = _Lines()
    width = max((len(f"{v.library_id} {v.version}") for v in report.versions), default=10)
    for summary in report.versions:
        label = f"{summary.library_id} {summary.version}".ljust(width)
        if summary.origin in COMPILED_ORIGINS:
            lines.say(
                f"{label}  {summary.files_read:5d} files  {summary.sections:6d} sections"
                f"  {_megabytes(summary.source_bytes):>9}"
                + (f"  ({len(summary.skipped)} skipped)" if summary.skipped else "")
                + (f"  from {summary.source}" if summary.source else "")
            )
            for line in _thin_sections(summary):
                lines.say(line)
        else:
            lines.say(f"{label}  {summary.sections:6d} sections taken from {summary.origin}")
        if summary.shard.chunks:
            lines.say(f"    {_chunked_shard(summary.shard)}")
        if summary.project:
            lines.say(f"    project: {summary.project}")
        for note in summary.project_notes:
            lines.say(f"    note: {note}")
        if summary.api:
            lines.say(f"    {summary.api}")
        limit = len(summary.skipped) if verbose else MAX_LISTED
        name = f"{summary.library_id} {summary.version}"
        for skipped in summary.skipped[:limit]:
            lines.warn(f"{name}: skipped {skipped.relpath}: {skipped.reason}")
        if len(summary.skipped) > limit:
            reasons = Counter(s.reason.split(" (")[0] for s in summary.skipped[limit:])
            detail = ", ".join(f"{n} {r}" for r, n in reasons.most_common())
            lines.warn(
                f"    … and {len(summary.skipped) - limit} more skipped ({detail}); "
                "--verbose lists all"
            )
    if report.imported_entries:
        lines.say(f"imported entries: {', '.join(report.imported_entries)}")
    if report.warnings:
        lines.warn(f"{len(report.warnings)} warning(s):")
        limit = len(report.warnings) if verbose else MAX_LISTED
        for w in report.warnings[:limit]:
            lines.warn(f"  {w.where}: {w.message}")
        if len(report.warnings) > limit:
            lines.warn(f"  … and {len(report.warnings) - limit} more; --verbose lists all")
    if report.size is not None:
        for warning in report.size.warnings():
            lines.warn(f"warning: {warning}")
        biggest = ", ".join(f"{p} {_megabytes(s)}" for p, s in report.size.biggest[:3])
        per_version = report.catalog_bytes / max(len(report.versions), 1)
        catalog = (
            ""
            if report.part
            else f"; catalog.json {report.catalog_bytes} bytes ({per_version:.0f} per version)"
        )
        lines.say(
            f"site: {report.size.files} files, {_megabytes(report.size.total_bytes)}; "
            f"biggest: {biggest}{catalog}"
        )
    if report.site_search is not None:
        search = report.site_search
        lines.say(
            f"site search: Pagefind indexed {search.pages} pages "
            f"({search.files} files, {_megabytes(search.bytes)}, counted in the site's size)"
        )
    if report.cache_hits or report.cache_misses:
        lines.say(f"build cache: {report.cache_hits} reused, {report.cache_misses} rebuilt")
    if report.cache_unwritable is not None:
        lines.warn(
            f"warning: the build cache could not keep what this build made "
            f"({report.cache_unwritable}); the site is complete, but the next build will make "
            "it again: make the cache folder writable (or delete it), or pass --no-cache"
        )
    if report.vectors:
        lines.say(_vectors_line(report))
    seconds = max(report.seconds, 1e-9)
    rate = report.source_bytes / 1e6 / seconds
    sections = sum(v.sections for v in report.versions)
    versions = f"{len(report.versions)} version{'' if len(report.versions) == 1 else 's'}"
    if report.part:
        built = f"the part {report.out} (for docbuild merge"
    elif not report.index_bytes and report.versions:
        lines.say(_left_out_line(report))
        written = report.library_ids() - {i for i, _ in report.library_indexes_left_out}
        built = f"{report.out} (index.json {'per library' if written else 'left out'}"
    else:
        lines.say(f"doctrove clients: {report.index_url()} (or a library's libs/<id>/index.json)")
        built = f"{report.out / 'index.json'} ({_megabytes(report.index_bytes)}"
    lines.say(
        f"Built {built}, {sections} sections, {versions}) from "
        f"{_megabytes(report.source_bytes)} of source in {report.seconds:.2f} s ({rate:.1f} MB/s)"
    )
    # File names, headings and reasons come from the inputs; a newline or an escape sequence
    # in them must not reach the terminal as it is.
    return [(is_warning, _printable(line)) for is_warning, line in lines]


def _vectors_line(report: BuildReport) -> str:
    """What the embedding stage made and what it cost, per 1,000 sections it embedded."""
    embedded = sum(v.embedded for v in report.vectors)
    sections = sum(v.sections for v in report.vectors)
    seconds = sum(v.seconds for v in report.vectors)
    per_thousand = f" ({seconds / embedded * 1000:.0f} s per 1,000)" if embedded else ""
    return (
        f"vectors ({report.vectors[0].model}): {sections} sections, {embedded} embedded in "
        f"{seconds:.1f} s{per_thousand}, the rest from the cache; "
        f"{_megabytes(sum(v.bytes for v in report.vectors))} of sidecars"
    )


def _thin_sections(summary: VersionSummary) -> list[str]:
    """Counts of empty and near-empty sections, the pages with most, and advice past the limit."""
    if not summary.empty_sections and not summary.near_empty:
        return []
    share = summary.near_empty / max(summary.sections, 1)
    lines = [
        f"    {summary.empty_sections} empty section(s) dropped, {summary.near_empty} "
        f"near-empty API entries (under {NEAR_EMPTY_CHARS} characters"
        + (f", {share:.1%} of sections)" if summary.near_empty else ")")
    ]
    if summary.near_empty_pages:
        worst = summary.near_empty_pages[:MAX_WORST_PAGES]
        more = len(summary.near_empty_pages) - len(worst)
        lines.append(
            "    most near-empty: "
            + ", ".join(f"{page} ({count})" for page, count in worst)
            + (f" and {more} more page(s)" if more else "")
        )
    if summary.near_empty_problem():
        lines.append(
            f"    more than {MAX_NEAR_EMPTY_SHARE:.0%} near-empty, so --strict fails: "
            + near_empty_advice(summary.origin, (page for page, _ in summary.near_empty_pages))
        )
    return lines


def _printable(line: str) -> str:
    return "".join(
        char if char.isprintable() or unicodedata.category(char) == "Zs" else ascii(char)[1:-1]
        for char in line
    )
