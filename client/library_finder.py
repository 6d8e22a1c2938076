"""Find a library in what the sources know: by its id, alias or registry name (every tool that
takes an id), by words (catalog_lookup), and the ids nearest a name that is none of them.

A site's catalog is searched through a LibraryIndex built on first need and kept on disk; a large
site's libraries are in its lookup table instead (client.lookup_table), searched beside it and
merged, each id once.
"""

from __future__ import annotations

from collections.abc import Sequence

from client.errors import InvalidRequest
from client.lookup import LibraryIndex, LookupHit, LookupResult, export_stems, import_stems
from client.model import CatalogEntry, SiteSource
from schemas.library_keys import same_name

# How many close ids an unknown name is answered with.
NEAREST_IDS = 5


class LibraryFinder:
    """The libraries of one SiteSource, found by name or by words."""

    def __init__(self, data: SiteSource) -> None:
        self.data = data
        self._index: LibraryIndex | None = None
        self._indexed: Sequence[CatalogEntry] | None = None

    def entries(self) -> Sequence[CatalogEntry]:
        """The catalog's entries, once the sources are re-checked if they are due."""
        self.data.refresh_if_due()
        return self.data.entries()

    def warm_up(self) -> None:
        """Build the lookup structures now, so the first catalog_lookup does not wait."""
        self._library_index()

    def find(self, text: str) -> CatalogEntry | None:
        """The entry whose id, alias or registry name ``text`` is; None when none is."""
        entry = self.data.entry(text) or self.data.entry(text.casefold()) or self._named(text)
        if entry is None and ":" not in text:
            # A Python distribution's name as code spells it (more_itertools for the id
            # more-itertools) is its PyPI name, which PyPI compares with separators alike.
            entry = self._named(f"pypi:{text}")
        return entry

    def search(self, query: str, limit: int) -> LookupResult:
        """The catalog's index and the large sites' lookup tables, best first; an id found in
        several is answered by the best."""
        found = self._library_index().search(query, limit)
        tables = self.data.lookup_tables()
        if not tables:
            return found
        results = [found, *(table.search(query, limit) for table in tables)]
        ranked = sorted(
            (hit for result in results for hit in result.hits),
            key=lambda hit: (-hit.score, -hit.entry.popularity, hit.entry.id),
        )
        best: dict[str, LookupHit] = {}
        for hit in ranked:
            best.setdefault(hit.entry.id, hit)
        duplicates = sum(len(result.hits) for result in results) - len(best)
        total = sum(result.total for result in results) - duplicates
        return LookupResult(tuple(list(best.values())[:limit]), total)

    def nearest_ids(self, text: str) -> list[str]:
        """The ids closest to ``text`` as written, for a name no library answers to."""
        near = self._library_index().nearest_ids(text, NEAREST_IDS)
        for table in self.data.lookup_tables():
            near += [found for found in table.nearest_ids(text, NEAREST_IDS) if found not in near]
        return near[:NEAREST_IDS]

    def known_entries(self, limit: int = -1) -> list[CatalogEntry]:
        """Every library the sources know (a large site's from its lookup table, the first
        ``limit`` of each table's when given), each once."""
        entries = {entry.id: entry for entry in self.entries()}
        for table in self.data.lookup_tables():
            for entry in table.entries(limit):
                entries.setdefault(entry.id, entry)
        return list(entries.values())

    def _library_index(self) -> LibraryIndex:
        """Built on first need only (doc_extract by id never pays for it), and kept on disk
        so the next process reads it back instead of building it again."""
        entries = self.entries()
        if self._index is None or entries is not self._indexed:
            # A large site's libraries are looked up in its table (merged in search).
            tables = {table.provenance.source for table in self.data.lookup_tables()}
            own = [e for e in entries if e.provenance.source not in tables] if tables else entries
            self._index, self._indexed = self._load_or_build_index(own), entries
        return self._index

    def _load_or_build_index(self, entries: Sequence[CatalogEntry]) -> LibraryIndex:
        if not entries:  # a large site alone: its lookup table needs no stems kept
            return LibraryIndex(entries)
        name = "stems-" + LibraryIndex.fingerprint(entries)
        saved = self.data.load_derived(name)
        known = saved is not None and import_stems(saved)
        index = LibraryIndex(entries)
        if not known:
            self.data.store_derived(name, export_stems())
        return index

    def _named(self, text: str) -> CatalogEntry | None:
        """The entry one of whose aliases or registry names (``expressjs``, ``npm:express``) is
        ``text``, as doctrove agents pass them where an id is asked for; refused when several
        libraries answer to it."""
        found = {
            entry.id: entry
            for entry in self.entries()
            if any(same_name(name, text) for name in (*entry.aliases, *entry.packages))
        }
        for table in self.data.lookup_tables():
            for library_id in table.named(text):
                if library_id not in found and (entry := self.data.entry(library_id)):
                    found[library_id] = entry
        if len(found) > 1:
            ids = sorted(found)
            raise InvalidRequest(
                f"{text!r} names several libraries ({', '.join(ids)}); pass one of their ids",
                hints=ids,
            )
        return next(iter(found.values()), None)
