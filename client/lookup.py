"""Rank a catalog's libraries against a name or description, as catalog_lookup answers.

Scores are tiers, best first (the seed's, plus registry package names beside aliases):

    1.00  exact id or name                0.85  alias or package prefix, or a name variant
    0.95  exact alias or package name     0.60-0.83  name words hit (share of query words)
    0.90  id or name prefix               0.555  a name a one-word typo is near
                                          0.30-0.50  summary words hit (share of query words,
                                                     a word fewer summaries use weighing more)

A name variant is another spelling of the query (``import yaml``, ``psycopg2``, ``chartjs``:
client.lookup_names) that is a name or a name's prefix.

Popularity only moves a score inside its tier's headroom: bonus = (1 - raw) x
min(0.1, log10(popularity) / 100), at most a tenth of the gap to 1.0, which is smaller than the
gap to the next tier, so a popular library never climbs over a better match. Ties go to the more
popular library, then to the id. The names and words compared are those of
``schemas.library_keys``, which a large site's lookup table is made from too.

A LibraryIndex is built once per catalog (dicts, a sorted key list for prefixes, inverted word
lists) so that a query touches only the entries it hits.
"""

from __future__ import annotations

import bisect
import hashlib
import heapq
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import orjson

from client.errors import InvalidRequest
from client.gc_pause import collector_paused
from client.limits import MAX_LOOKUP_LIMIT, MAX_QUERY_CHARS
from client.lookup_names import name_variants, near_names, near_span
from client.lookup_units import (
    Unit,
    asked_registry,
    begun_by,
    elsewhere,
    is_cjk,
    name_units,
    query_units,
    rarity,
    strong_names,
    summary_units,
    weighted_share,
)
from client.model import CatalogEntry
from schemas.library_keys import (
    STEM_MEMO_LIMIT,
    bare_registry,
    fold,
    library_keys,
    name_words,
    registry_key,
    summary_words,
)
from schemas.library_keys import STEMS as _STEMS
from schemas.library_keys import popularity_factor as popularity_factor

EXACT_NAME, EXACT_ALIAS, NAME_PREFIX, ALIAS_PREFIX = 1.0, 0.95, 0.90, 0.85
NAME_WORDS = (0.60, 0.83)
# Between the tiers around it by more than popularity's bonus can move either (0.045, 0.05).
NEAR_NAME = 0.555
SUMMARY_WORDS = (0.30, 0.50)
_LAST_CHAR = "\U0010ffff"

# How many near-miss candidates (by shared letter pairs) get an edit distance computed.
_NEAR_CANDIDATES = 200


@dataclass(frozen=True)
class LookupHit:
    """One library that matched, its 0..1 score, and why (e.g. "exact alias match: expressjs")."""

    entry: CatalogEntry
    score: float
    matches: tuple[str, ...]


@dataclass(frozen=True)
class LookupResult:
    """The best hits, best first, and how many libraries matched in all (``limit`` aside)."""

    hits: tuple[LookupHit, ...]
    total: int


STEMS_FORMAT = "doctrove-stems@1"


def export_stems() -> bytes:
    """The stems computed so far, to be read back by :func:`import_stems` in a later process."""
    return orjson.dumps({"format": STEMS_FORMAT, "stems": _STEMS})


def import_stems(data: bytes) -> bool:
    """Take stems saved by :func:`export_stems`; False (and nothing taken) if they do not fit.

    Only a mapping of words to words is accepted; a wrong stem could only cost ranking quality,
    and the file's checksum already guards against damage.
    """
    try:
        saved = orjson.loads(data)
    except orjson.JSONDecodeError:
        return False
    if not isinstance(saved, dict) or saved.get("format") != STEMS_FORMAT:
        return False
    stems = saved.get("stems")
    if not isinstance(stems, dict):
        return False
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in stems.items()):
        return False
    room = STEM_MEMO_LIMIT - len(_STEMS)
    _STEMS.update(dict(list(stems.items())[: max(room, 0)]))
    return True


# A hit signal: its text, or the parts of one (made into text only for the winners, since a
# catalog of 10,000 libraries has 70,000 names to index).
Signal = str | tuple[str, str, str]


def _describe(signal: Signal) -> str:
    if isinstance(signal, str):
        return signal
    tier, kind, suffix = signal
    return f"exact {kind} match{suffix}" if tier == "exact" else f"{kind} prefix match{suffix}"


def _edit_distance(a: str, b: str) -> int:
    previous = list(range(len(b) + 1))
    for i, char_a in enumerate(a, start=1):
        current = [i]
        for j, char_b in enumerate(b, start=1):
            cost = 0 if char_a == char_b else 1
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost))
        previous = current
    return previous[-1]


def _pairs(text: str) -> set[str]:
    return {text[i : i + 2] for i in range(len(text) - 1)} or {text}


def _meeting(unit: Unit, inverted: dict[str, list[int]]) -> set[int]:
    """The entries with all the words of one of ``unit``'s ways."""
    met: set[int] = set()
    for way in unit:
        holding = set(inverted.get(way[0], ()))
        for word in way[1:]:
            holding.intersection_update(inverted.get(word, ()))
        met |= holding
    return met


def query_key(query: str, limit: int) -> str:
    """The folded lookup key of ``query``, or InvalidRequest when it or ``limit`` is out of
    bounds (every lookup checks its arguments alike)."""
    if not 1 <= limit <= MAX_LOOKUP_LIMIT:
        raise InvalidRequest(f"limit must be between 1 and {MAX_LOOKUP_LIMIT}, not {limit}")
    if len(query) > MAX_QUERY_CHARS:
        raise InvalidRequest(f"query is longer than {MAX_QUERY_CHARS} characters")
    key = registry_key(fold(query))
    if not key:
        raise InvalidRequest("query is empty")
    return key


class LibraryIndex:
    """Lookup structures over one catalog's entries, built once."""

    def __init__(
        self, entries: Sequence[CatalogEntry], chinese_summaries: bool | None = None
    ) -> None:
        """``chinese_summaries``: whether the catalog's summaries include Chinese ones (English
        query words are then met by their Chinese terms too); None: whether ``entries``' do."""
        with collector_paused():
            self._build(entries)
        if chinese_summaries is None:
            chinese_summaries = any(map(is_cjk, self._summary_words))
        self.chinese_summaries = chinese_summaries

    def _build(self, entries: Sequence[CatalogEntry]) -> None:
        self.entries = tuple(entries)
        self._factor = [popularity_factor(e.popularity) for e in self.entries]
        self._registries = [frozenset(map(bare_registry, e.packages)) for e in self.entries]
        self._exact: dict[str, list[tuple[int, float, Signal]]] = defaultdict(list)
        prefix_rows: list[tuple[str, int, float, Signal]] = []
        self._name_words: dict[str, list[int]] = defaultdict(list)
        self._summary_words: dict[str, list[int]] = defaultdict(list)
        for i, entry in enumerate(self.entries):
            for key, kind, label in self._keys(entry):
                named = kind in ("id", "name")
                suffix = "" if named else f": {label}"
                exact = EXACT_NAME if named else EXACT_ALIAS
                self._exact[key].append((i, exact, ("exact", kind, suffix)))
                prefix = NAME_PREFIX if named else ALIAS_PREFIX
                prefix_rows.append((key, i, prefix, ("prefix", kind, suffix)))
            for word in name_words(entry.id, entry.name, entry.aliases):
                self._name_words[word].append(i)
            for word in summary_words(entry.summary, entry.packages):
                self._summary_words[word].append(i)
        prefix_rows.sort()
        self._prefix_keys = [row[0] for row in prefix_rows]
        self._prefix_rows = [row[1:] for row in prefix_rows]
        self._near: dict[str, list[int]] | None = None
        self._summary_vocabulary: list[str] | None = None

    # Stemming the catalog's words is the larger part of building the structures; the stems
    # can be kept (see DocService) so the next process only looks them up.

    @staticmethod
    def fingerprint(entries: Sequence[CatalogEntry]) -> str:
        """A key over the texts the stems are taken from, in order."""
        fields = [[e.id, e.name, e.summary, e.aliases] for e in entries]
        return hashlib.sha256(orjson.dumps([STEMS_FORMAT, fields])).hexdigest()

    @staticmethod
    def _keys(entry: CatalogEntry) -> Iterable[tuple[str, str, str]]:
        """(folded key, kind, original text) for every string that names the entry."""
        return library_keys(entry.id, entry.name, entry.aliases, entry.packages)

    def lookup(self, query: str, limit: int = 5) -> list[LookupHit]:
        """The best ``limit`` libraries for ``query``, best first; empty when nothing matches."""
        return list(self.search(query, limit).hits)

    def search(
        self, query: str, limit: int = 5, summary_weights: Sequence[float] | None = None
    ) -> LookupResult:
        """The best ``limit`` libraries for ``query`` and the count of every library it hits.
        ``summary_weights``: the rarity of each summary unit in a larger catalog these entries
        were taken from (client.lookup_table), else in these entries."""
        key = query_key(query, limit)
        found: dict[int, list[tuple[float, Signal]]] = defaultdict(list)
        for i, score, signal in self._exact.get(key, ()):
            found[i].append((score, signal))
        for position in self._prefixed(key):
            if self._prefix_keys[position] != key:
                i, score, signal = self._prefix_rows[position]
                found[i].append((score, signal))
        for variant in name_variants(key):
            for i, _, _ in self._exact.get(variant, ()):
                found[i].append((ALIAS_PREFIX, f"variant match: {variant}"))
            for position in self._prefixed(variant):
                if self._prefix_keys[position] != variant:
                    i = self._prefix_rows[position][0]
                    found[i].append((ALIAS_PREFIX, f"variant prefix match: {variant}"))
        span = near_span(key) if not found else None  # a name or a name's prefix is no typo
        if span is not None:
            start = bisect.bisect_left(self._prefix_keys, span[0])
            end = bisect.bisect_left(self._prefix_keys, span[0] + _LAST_CHAR)
            for name in near_names(key, dict.fromkeys(self._prefix_keys[start:end])):
                for i, _, _ in self._exact[name]:
                    found[i].append((NEAR_NAME, f"near name: {name}"))
        units = query_units(key, self.chinese_summaries)
        if units:
            hits: dict[int, list[tuple[float, Signal]]] = defaultdict(list)
            named = name_units(units)
            named_met = [_meeting(unit, self._name_words) for _, unit in named]
            strong = strong_names(named_met)
            self._name_hits(hits, named_met, strong)
            summary = begun_by(summary_units(units), self._summary_words_after)
            met = [_meeting(unit, self._summary_words) for unit in summary]
            if summary_weights is None:
                summary_weights = [rarity(len(self.entries), len(m)) for m in met]
            # A name meeting too few of the words counts them as the summary's.
            weak: set[int] = set()
            for (position, _), entries in zip(named, named_met, strict=True):
                met[position] |= entries - strong
                weak |= entries - strong
            self._summary_hits(hits, met, summary_weights, weak)
            asked = asked_registry(units)
            for i, signals in hits.items():
                if asked is None or not elsewhere(self._registries[i], asked):
                    found[i] += signals
        return LookupResult(tuple(self._best(found, limit)), len(found))

    def _summary_words_after(self, word: str) -> Iterable[str]:
        """The summary words that begin with ``word`` and are longer, in order."""
        if self._summary_vocabulary is None:
            self._summary_vocabulary = sorted(self._summary_words)
        vocabulary = self._summary_vocabulary
        for position in range(bisect.bisect_right(vocabulary, word), len(vocabulary)):
            if not vocabulary[position].startswith(word):
                break
            yield vocabulary[position]

    def _prefixed(self, key: str) -> Iterable[int]:
        """The positions of the keys starting with ``key``, in key order."""
        start = bisect.bisect_left(self._prefix_keys, key)
        for position in range(start, len(self._prefix_keys)):
            if not self._prefix_keys[position].startswith(key):
                break
            yield position

    @staticmethod
    def _name_hits(
        found: dict[int, list[tuple[float, Signal]]], met: list[set[int]], strong: set[int]
    ) -> None:
        """Name hits of the entries in ``strong``, by the share of the units they meet."""
        counts = Counter(i for entries in met for i in entries if i in strong)
        low, high = NAME_WORDS
        total = len(met)
        noun = "word" if total == 1 else "words"
        # One label per hit count, shared: a common word can hit thousands of entries.
        labels = {n: f"name hit: {n} of {total} {noun}" for n in range(1, total + 1)}
        step = (high - low) / total
        for i, hits in counts.items():
            found[i].append((low + step * hits, labels[hits]))

    @staticmethod
    def _summary_hits(
        found: dict[int, list[tuple[float, Signal]]],
        met: list[set[int]],
        weights: Sequence[float],
        weak: set[int],
    ) -> None:
        """Summary hits, each scored by the weighted share of the units it meets (``weak``: the
        entries whose names meet some of them)."""
        units_met: dict[int, list[int]] = defaultdict(list)
        for unit, entries in enumerate(met):
            for i in entries:
                units_met[i].append(unit)
        low, high = SUMMARY_WORDS
        total = len(met)
        noun = "word" if total == 1 else "words"
        labels = {n: f"summary hit: {n} of {total} {noun}" for n in range(1, total + 1)}
        both = {n: f"name and summary hit: {n} of {total} {noun}" for n in range(1, total + 1)}
        for i, units in units_met.items():
            share = weighted_share(weights, units)
            label = both[len(units)] if i in weak else labels[len(units)]
            found[i].append((low + (high - low) * share, label))

    def _best(self, found: dict[int, list[tuple[float, Signal]]], limit: int) -> list[LookupHit]:
        factor, entries = self._factor, self.entries
        scored = []
        for i, signals in found.items():
            raw = signals[0][0] if len(signals) == 1 else max(score for score, _ in signals)
            entry = entries[i]
            scored.append((-(raw + (1 - raw) * factor[i]), -entry.popularity, entry.id, i, signals))
        hits = []
        for negative, _, _, i, signals in heapq.nsmallest(limit, scored):
            # The signals that set the score say why; weaker ones it also had would be noise.
            raw = signals[0][0] if len(signals) == 1 else max(score for score, _ in signals)
            best = (_describe(signal) for score, signal in signals if score == raw)
            hits.append(LookupHit(self.entries[i], -negative, tuple(dict.fromkeys(best))))
        return hits

    @staticmethod
    def _names(entry: CatalogEntry) -> set[str]:
        return {fold(entry.id), fold(entry.name), *map(fold, entry.aliases)}

    def nearest_ids(self, query: str, n: int = 5) -> list[str]:
        """Ids that look like ``query`` (a typo, a prefix): for a not-found message's hints."""
        key = fold(query)[:MAX_QUERY_CHARS]
        if not key or n < 1:
            return []
        if self._near is None:
            # Built aside and then published: another thread never sees it half filled.
            near: defaultdict[str, list[int]] = defaultdict(list)
            for i, entry in enumerate(self.entries):
                for name in self._names(entry):
                    for pair in _pairs(name):
                        near[pair].append(i)
            self._near = near
        shared = Counter(i for pair in _pairs(key) for i in set(self._near.get(pair, ())))
        ranked = []
        for i, _ in shared.most_common(_NEAR_CANDIDATES):
            entry = self.entries[i]
            names = self._names(entry)
            distance = min(_edit_distance(key, name) for name in names)
            if any(key in name or name in key for name in names):
                distance = min(distance, 1)
            if distance <= max(2, len(key) // 3):
                ranked.append((distance, -entry.popularity, entry.id))
        return [entry_id for _, _, entry_id in sorted(ranked)[:n]]
