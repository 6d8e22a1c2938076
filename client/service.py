"""Answer the three doctrove questions (and doc_read) with provenance, whatever the front end.

The CLI and the MCP adapter both call :class:`DocService`; it checks every argument's bounds,
picks the version, searches the shard and shapes the answer with the seed's result keys
(``results``/``total``/``sources`` for lookup; ``id``/``name``/``version``/``releaseKind``/
``releaseNote``/``sections``/``source``/``versions``/``volumeSummary`` for extract; without a
focus, its first sections in document order) plus what agents need to trust it: how the
version was chosen, the index build time, where the data came from and whether it is stale.
Answers are the typed models of schemas.answers (frozen: the same answer serves many calls),
cached per catalog generation in a TTL+LRU result cache; the front ends encode them.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable, Hashable, Sequence
from typing import Any, TypeVar

from msgspec import UNSET, UnsetType, structs

from client.addresses import find_section, read_addresses, rows_around
from client.answers import (
    found_section,
    names_the_library,
    popularity_number,
    provenance_model,
    read_section,
    source_label,
)
from client.arguments import optional_text, required_text, whole_number
from client.config import DEFAULT_REWRITE_BELOW
from client.errors import (
    ClientError,
    InvalidRequest,
    ListedFileGone,
    NetworkError,
    RewriteFailed,
    SectionChanged,
    UnknownLibrary,
    VersionNotFound,
)
from client.library_finder import LibraryFinder
from client.limits import (
    DEFAULT_LOOKUP_LIMIT,
    DEFAULT_MAX_SECTIONS,
    DEFAULT_MAX_TOKENS,
    MAX_ANCHOR_CHARS,
    MAX_FOCUS_CHARS,
    MAX_ID_CHARS,
    MAX_LOOKUP_LIMIT,
    MAX_NEIGHBOURS,
    MAX_PAGE_CHARS,
    MAX_QUERY_CHARS,
    MAX_SECTIONS,
    MAX_TOKENS,
    MAX_VERSION_CHARS,
    MIN_SECTIONS,
    MIN_TOKENS,
    SHA256_HEX_CHARS,
)
from client.listing import library_choices, library_list
from client.model import CatalogEntry, SiteSource
from client.opening_answer import opening_answer
from client.render import extract_overhead
from client.result_cache import ResultCache
from client.rewrite import check_queries, language_hint
from client.rewritten_answers import REWRITE_OFF, Rewriter, fused, skip_reason, with_rewrite
from client.search.elsewhere import ReadVersion, answered_elsewhere
from client.search.recall import has_heading
from client.search.sections import (
    search_sections,
)
from client.semantic_lane import SemanticLane
from client.versions import SeenVersions, VersionChoice, latest_version, select_version
from schemas.answers import (
    Answer,
    ExtractAnswer,
    Library,
    LookupAnswer,
    ReadAnswer,
    ReleasesAnswer,
    ServedVersion,
)
from schemas.versions import is_prerelease

_SHA256 = re.compile(r"^[0-9a-f]{64}$")
# A hash that is not a whole sha256 (most often the 12 characters a text answer shows), said
# alike by the command line and doc_read, whose schema check would otherwise come first.
EXPECTED_HASH_REFUSAL = (
    "expectedHash must be a section's whole sha256, 64 lowercase hex characters (the "
    "sections' sha256 in structured and --json answers give it whole; text answers "
    "show its first 12)"
)

# The answers an alias or registry name may be resolved in.
Resolvable = TypeVar("Resolvable", ReleasesAnswer, ExtractAnswer, ReadAnswer)
T = TypeVar("T")


class DocService:
    """The read-only question answerer over one SiteSource."""

    def __init__(
        self,
        data: SiteSource,
        *,
        cache_size: int = 256,
        cache_ttl: float = 600.0,
        min_confidence: float | None = None,
        rewrite_below: float = DEFAULT_REWRITE_BELOW,
        clock: Callable[[], float] | None = None,
        lane: SemanticLane | None = None,
    ) -> None:
        self.data = data
        self.lane = lane
        self.min_confidence = min_confidence
        self.rewrite_below = rewrite_below
        kwargs = {} if clock is None else {"clock": clock}
        self.results: ResultCache[Answer] = ResultCache(cache_size, cache_ttl, **kwargs)
        # The host's alternatives per (focus, library, version): a model call is dear, a search not.
        self.rewrites: ResultCache[tuple[str, ...]] = ResultCache(cache_size, cache_ttl, **kwargs)
        self._finder = LibraryFinder(data)
        self._versions = SeenVersions()

    # -- the catalog, rebuilt only when the data layer hands out a new one --------------------

    def _entries(self) -> Sequence[CatalogEntry]:
        return self._finder.entries()

    def start_lane(self, wait: bool = False) -> None:
        """Load the semantic lane's model (in the background unless ``wait``); a no-op when
        the lane is off."""
        if self.lane is not None:
            self.lane.start()
            if wait:
                self.lane.wait()

    def warm_up(self) -> None:
        """Load the catalog and build the lookup structures now (a long-running server calls
        this in the background at start, so the agent's first catalog_lookup does not wait)."""
        self._finder.warm_up()

    def _cached(self, key: tuple[Hashable, ...], compute: Callable[[], Answer]) -> Answer:
        # A refreshed catalog is a new sequence: its answers never mix with older ones.
        return self.results.get_or_compute((id(self._entries()), *key), compute)

    def _once_more_if_republished(self, answer: Callable[[], T]) -> T:
        """``answer()``; when a site lacked a file its catalog lists and the merged catalog was
        made again since the question started (the site was published again while it ran, and
        this thread or another checked it): once more, wholly on the new catalog."""
        self.data.refresh_if_due()  # what the question starts from (answer() re-checks nothing)
        before = self.data.generation
        try:
            return answer()
        except ListedFileGone:
            self.data.refresh_if_due()
            if self.data.generation == before:
                raise
        return answer()

    def _entry(self, entry_id: object) -> CatalogEntry:
        text = required_text(entry_id, "id", MAX_ID_CHARS)
        # Every tool that takes an id starts here: a catalog past its TTL (or a site past its
        # cooldown) is re-checked before the entry is read, not after, so no answer comes from
        # the old catalog and is cached under the new one's key.
        self.data.refresh_if_due()
        entry = self._finder.find(text)
        if entry is None and self.data.refresh_for_unknown():
            entry = self._finder.find(text)  # a library published since the catalog was read
        if entry is not None:
            return entry
        raise UnknownLibrary(text, self._finder.nearest_ids(text))

    def _choose(
        self, entry: CatalogEntry, requested: str | None
    ) -> tuple[CatalogEntry, VersionChoice]:
        """The entry and the version of it that answers ``requested``; a version no source has
        re-checks the sites first, as an unknown id does (one published since, else refused)."""
        try:
            return entry, self._versions.choose(entry, requested)
        except VersionNotFound:
            if not self.data.refresh_for_unknown():
                raise
        entry = self._entry(entry.id)
        return entry, self._versions.choose(entry, requested)

    @staticmethod
    def _resolved(answer: Resolvable, entry_id: object, entry: CatalogEntry) -> Resolvable:
        """The answer, saying which id an alias or registry name resolved to (the cached answer
        itself is shared by every name of the library, so it is copied, never changed)."""
        if entry_id == entry.id:
            return answer
        return structs.replace(answer, resolvedFrom=str(entry_id))

    # -- catalog_lookup ------------------------------------------------------------------------

    def lookup(self, query: object, limit: object = None) -> LookupAnswer:
        text = required_text(query, "query", MAX_QUERY_CHARS)
        count = whole_number(limit, "limit", 1, MAX_LOOKUP_LIMIT, DEFAULT_LOOKUP_LIMIT)

        def answer() -> LookupAnswer:
            found = self._once_more_if_republished(
                lambda: self._cached(("lookup", text, count), lambda: self._lookup(text, count))
            )
            assert isinstance(found, LookupAnswer)  # the key names the kind of answer
            return found

        found = answer()
        if not found.results and self.data.refresh_for_unknown():
            found = answer()  # a library published since the catalog was read
        return found

    def _lookup(self, query: str, limit: int) -> LookupAnswer:
        found = self._finder.search(query, limit)
        results = [
            Library(
                id=hit.entry.id,
                name=hit.entry.name,
                summary=hit.entry.summary,
                score=round(hit.score, 4),
                matches=list(hit.matches),
                versions=list(hit.entry.versions),
                latest=latest_version(hit.entry),
                aliases=list(hit.entry.aliases),
                packages=list(hit.entry.packages),
                homepage=hit.entry.homepage,
                popularity=popularity_number(hit.entry.popularity),
                source=source_label(hit.entry.provenance),
                provenance=provenance_model(hit.entry.provenance),
            )
            for hit in found.hits
        ]
        hint: str | UnsetType = UNSET
        if not results:
            near = self._finder.nearest_ids(query)
            hint = "no library matches; try its package name or another spelling" + (
                f" (close ids: {', '.join(near)})"
                if near
                else library_choices(self._finder.known_entries)
            )
        return LookupAnswer(
            query=query,
            results=results,
            # Every library that matched, as doctrove counts: more than results when limit cut.
            total=found.total,
            sources=sorted({r.source for r in results}),
            hint=hint,
        )

    # -- catalog_releases ----------------------------------------------------------------------

    def releases(self, entry_id: object) -> ReleasesAnswer:
        entry = self._entry(entry_id)
        answer = self._cached(("releases", entry.id), lambda: self._releases(entry))
        assert isinstance(answer, ReleasesAnswer)  # the key names the kind of answer
        return self._resolved(answer, entry_id, entry)

    def _releases(self, entry: CatalogEntry) -> ReleasesAnswer:
        choice = select_version(None, entry.versions)
        return ReleasesAnswer(
            id=entry.id,
            name=entry.name,
            latest=choice.version,
            versions=list(entry.versions),
            prereleases=[v for v in entry.versions if is_prerelease(v)],
            source=source_label(entry.provenance),
            provenance=provenance_model(entry.provenance),
            versionSources={v: source_label(entry.provenance_of(v)) for v in entry.versions},
        )

    # -- doc_extract ---------------------------------------------------------------------------

    def extract(
        self,
        entry_id: object,
        version: object = None,
        focus: object = None,
        max_sections: object = None,
        max_tokens: object = None,
        rewriter: Rewriter | None = None,
    ) -> ExtractAnswer:
        """The answer to one concept; with ``rewriter``, a weak answer (confidence below
        rewrite_below, no identifier hit) is fused with the answers to the host model's
        alternative queries, and ``rewrite`` says what happened."""
        return self._once_more_if_republished(
            lambda: self._extract_answer(
                entry_id, version, focus, max_sections, max_tokens, rewriter
            )
        )

    def _extract_answer(
        self,
        entry_id: object,
        version: object,
        focus: object,
        max_sections: object,
        max_tokens: object,
        rewriter: Rewriter | None,
    ) -> ExtractAnswer:
        entry = self._entry(entry_id)
        requested = optional_text(version, "version", MAX_VERSION_CHARS)
        wanted = optional_text(focus, "focus", MAX_FOCUS_CHARS)
        sections = whole_number(
            max_sections, "maxSections", MIN_SECTIONS, MAX_SECTIONS, DEFAULT_MAX_SECTIONS
        )
        tokens = whole_number(max_tokens, "maxTokens", MIN_TOKENS, MAX_TOKENS, DEFAULT_MAX_TOKENS)
        entry, choice = self._choose(entry, requested)
        # With the lane on, an answer made before the model was ready is not served after.
        ready = self.lane.ready if self.lane is not None else None
        key = ("extract", entry.id, choice.version, requested, wanted, sections, tokens, ready)
        answer = self._cached(
            key, lambda: self._extract(entry, choice, requested, wanted, sections, tokens)
        )
        assert isinstance(answer, ExtractAnswer)  # the key names the kind of answer
        if wanted is not None:
            answer = self._rewritten(answer, entry, choice, wanted, sections, tokens, rewriter)
        return self._resolved(answer, entry_id, entry)

    def _rewritten(
        self,
        answer: ExtractAnswer,
        entry: CatalogEntry,
        choice: VersionChoice,
        focus: str,
        max_sections: int,
        max_tokens: int,
        rewriter: Rewriter | None,
    ) -> ExtractAnswer:
        """``answer`` (never changed: it is cached) with its ``rewrite`` report, fused with the
        alternatives' sections when the host's model was asked and answered well."""
        if rewriter is None:
            return with_rewrite(answer, "off", reason=REWRITE_OFF)
        skip = skip_reason(answer, self.rewrite_below)
        if skip is not None:
            return with_rewrite(answer, "skipped", reason=skip)
        try:
            queries = self.rewrites.get_or_compute(
                (focus, entry.id, choice.version),
                lambda: check_queries(rewriter(focus, entry.name, language_hint(focus)), focus),
            )
        except RewriteFailed as error:
            return with_rewrite(answer, "failed", reason=error.message)
        with self.data.reading_shard(entry.id, choice.version) as shard:
            results = [
                search_sections(
                    shard.connection,
                    query,
                    max_sections=max_sections,
                    max_tokens=max_tokens,
                    min_confidence=self.min_confidence,
                )
                for query in queries
            ]
        return fused(answer, queries, results, max_sections, max_tokens)

    def _extract(
        self,
        entry: CatalogEntry,
        choice: VersionChoice,
        requested: str | None,
        focus: str | None,
        max_sections: int,
        max_tokens: int,
    ) -> ExtractAnswer:
        with self.data.reading_shard(entry.id, choice.version) as shard:
            conn = shard.connection
            served = self._served(entry, choice, requested, shard.stale_reason)
            # doctrove's keys: every documented version (newest first) and this one's summary.
            opening: dict[str, Any] = structs.asdict(served) | {
                "versions": list(entry.versions),
                "volumeSummary": entry.volume_summaries.get(choice.version),
            }
            library_named = focus is not None and names_the_library(
                focus, entry, lambda word: has_heading(conn, word, any_case=True)
            )
            if focus is None or library_named:
                return opening_answer(conn, opening, focus, library_named, max_sections, max_tokens)
            dense = None
            if self.lane is not None:
                dense = self.lane.nearest(self.data, entry.id, choice.version, focus)
                opening.update(lanes=dense.lanes(), semantic=dense.semantic())
            # The answer's lines besides its sections, counted as they will read.
            bare = ExtractAnswer(
                **opening,
                focus=focus,
                sections=[],
                truncated=False,
                omitted=0,
                hint=None,
                confidence=0.0,
            )
            result = search_sections(
                conn,
                focus,
                max_sections=max_sections,
                max_tokens=max_tokens,
                min_confidence=self.min_confidence,
                dense=None if dense is None else dense.scores,
                reserved=extract_overhead(bare),
            )
        result = answered_elsewhere(
            result, focus, entry.versions, choice.version, self._other_version(entry)
        )
        return ExtractAnswer(
            **opening,
            focus=focus,
            sections=[found_section(s) for s in result.sections],
            truncated=result.truncated,
            omitted=result.omitted,
            hint=result.hint,
            confidence=result.confidence,
            unmentioned=list(result.unheard) if result.unheard else UNSET,
            answeredIn=result.answered_in or UNSET,
        )

    def _other_version(self, entry: CatalogEntry) -> ReadVersion:
        """Reads another version's shard for client.search.elsewhere; None when that version
        cannot be opened (its site failing is no reason to fail this answer)."""

        def read(version: str, reader: Callable[[sqlite3.Connection], T]) -> T | None:
            try:
                with self.data.reading_shard(entry.id, version) as shard:
                    return reader(shard.connection)
            except ClientError:
                return None

        return read

    def _served(
        self,
        entry: CatalogEntry,
        choice: VersionChoice,
        requested: str | None,
        stale_reason: str | None,
    ) -> ServedVersion:
        provenance = entry.provenance_of(choice.version)  # the source of the version served
        return ServedVersion(
            id=entry.id,
            name=entry.name,
            version=choice.version,
            requestedVersion=requested,
            releaseKind=choice.how,
            releaseNote=choice.note,
            source=source_label(provenance),
            provenance=provenance_model(provenance, stale_reason),
        )

    # -- doc_read --------------------------------------------------------------------------------

    def read(
        self,
        entry_id: object,
        version: object,
        anchor: object,
        expected_hash: object = None,
        neighbours: object = None,
        page: object = None,
    ) -> ReadAnswer:
        """One section whole by its address (and ``neighbours`` sections on each side), refused
        with code "version" when ``expected_hash`` no longer matches what the docs say.

        ``anchor`` is an anchor or ``page#anchor``; an anchor that several pages share is refused
        with code "validation" listing them, unless ``expected_hash`` picks exactly one."""
        return self._once_more_if_republished(
            lambda: self._read_answer(entry_id, version, anchor, expected_hash, neighbours, page)
        )

    def _read_answer(
        self,
        entry_id: object,
        version: object,
        anchor: object,
        expected_hash: object,
        neighbours: object,
        page: object,
    ) -> ReadAnswer:
        entry = self._entry(entry_id)
        requested = optional_text(version, "version", MAX_VERSION_CHARS)
        addresses = read_addresses(
            required_text(anchor, "anchor", MAX_ANCHOR_CHARS),
            optional_text(page, "page", MAX_PAGE_CHARS),
        )
        expected = optional_text(expected_hash, "expectedHash", SHA256_HEX_CHARS)
        if expected is not None and not _SHA256.match(expected):
            raise InvalidRequest(EXPECTED_HASH_REFUSAL)
        around = whole_number(neighbours, "neighbours", 0, MAX_NEIGHBOURS, 0)
        entry, choice = self._choose(entry, requested)
        where = f"{entry.id} {choice.version}"
        with self.data.reading_shard(entry.id, choice.version) as shard:
            conn = shard.connection
            served = self._served(entry, choice, requested, shard.stale_reason)
            match = find_section(conn, addresses, expected, where)
            found = rows_around(conn, match, around)
        sections = [read_section(row, target=row[0] == match.id) for row in found]
        target = next(s for s in sections if s.target)
        if expected is not None and target.sha256 != expected:
            raise SectionChanged(
                f"the section {match.spelled()!r} of {where} changed since you saw it (sha256 "
                f"{expected[:12]}… is now {target.sha256[:12]}…)",
                target.sha256,
            )
        answer = ReadAnswer(
            **structs.asdict(served), anchor=match.anchor, page=match.page, sections=sections
        )
        return self._resolved(answer, entry_id, entry)

    # -- list ------------------------------------------------------------------------------------

    def libraries(self) -> dict[str, Any]:
        """Every library the sources know, with its versions and source (``docclient list``)."""
        return library_list(self._finder.known_entries())

    # -- status ----------------------------------------------------------------------------------

    def status(self) -> dict[str, Any]:
        stats = self.results.stats()
        try:
            entries = self._entries()
        except NetworkError:  # every site failed, nothing cached: the sources below say why
            entries = ()
        return {
            "libraries": len(entries),
            "versions": sum(len(e.versions) for e in entries),
            "data": self.data.status(),
            "resultCache": {
                "hits": stats.hits,
                "misses": stats.misses,
                "evictions": stats.evictions,
                "expirations": stats.expirations,
                "size": stats.size,
                "maxEntries": stats.max_entries,
                "ttlSeconds": stats.ttl_seconds,
            },
        }
