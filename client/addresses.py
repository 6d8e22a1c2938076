"""Name one section of a version: its page (source file) and its anchor, spelled ``page#anchor``.

Anchors are unique per page, not per version (a ``top`` on every page is common), so the page is
part of a section's address. Sections imported from an index without source files have no page;
their anchors are unique per version (schemas.shard_build makes them so). A caller may send the
page on its own or inside the anchor as ``page#anchor``; an anchor alone still names a section
when no other page has it.

Parsing an address is pure; :func:`find_section` resolves one against a shard's sections table.
"""

from __future__ import annotations

import difflib
import heapq
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import orjson

from client.errors import AmbiguousAnchor, InvalidRequest, UnknownAnchor

PAGE_SEPARATOR = "#"
MAX_ANCHOR_CANDIDATES = 10  # the sections a refusal lists when an anchor names several
MAX_SIMILAR_ANCHORS = 5  # the anchors a refusal suggests when none is the one asked for
# How alike a misspelt anchor and a real one are (difflib's ratio) to suggest it.
_SIMILAR_RATIO = 0.8
# Anchors compared letter by letter at most, the closest by shared letter pairs: a page of
# 20,000 anchors of 115 characters sharing a long prefix took 22.6 s to compare with one.
_MAX_COMPARED = 200
# How many characters, at least, the two anchors' ends compared keep (whole words).
_MIN_COMPARED_CHARS = 12
# The marks that end a word of an anchor: "more_itertools.chunked", "required-option".
_WORD_ENDS = ".-_/:#"


@dataclass(frozen=True)
class SectionAddress:
    """Where a section is within a version; ``page`` None means any page (or no page at all)."""

    page: str | None
    anchor: str

    def spelled(self) -> str:
        """``page#anchor``, or ``#anchor`` for a section without a page, as doc_read takes it."""
        return f"{self.page or ''}{PAGE_SEPARATOR}{self.anchor}"


def read_addresses(anchor: str, page: str | None) -> tuple[SectionAddress, ...]:
    """The addresses ``anchor`` (with ``page``) may mean, to be tried in order.

    Taken literally first, since an anchor taken from an HTML id may itself hold a ``#``; then
    split at its last ``#`` into page and anchor (an empty page, as in ``#top``, means any page).
    """
    literal = SectionAddress(page, anchor)
    if PAGE_SEPARATOR not in anchor:
        return (literal,)
    named_page, _, bare = anchor.rpartition(PAGE_SEPARATOR)
    if not bare:
        raise InvalidRequest(
            f"anchor {anchor!r} ends with {PAGE_SEPARATOR!r}; send page#anchor or the anchor alone"
        )
    if page is not None and named_page not in ("", page):
        raise InvalidRequest(
            f"anchor {anchor!r} names page {named_page!r} but page is {page!r}; send one of them"
        )
    return (literal, SectionAddress(page or named_page or None, bare))


@dataclass(frozen=True)
class SectionMatch:
    """A section an address names: enough to read it, or to list it as a candidate."""

    id: int
    page: str | None
    anchor: str
    heading_path: tuple[str, ...]  # the headings above the section, then its own
    sha256: str

    def spelled(self) -> str:
        return SectionAddress(self.page, self.anchor).spelled()

    def described(self) -> str:
        """``page#anchor (Outer > Heading)``: the address and what a reader sees there."""
        return f"{self.spelled()} ({' > '.join(self.heading_path)})"


def find_section(
    conn: sqlite3.Connection,
    addresses: Sequence[SectionAddress],
    expected_hash: str | None,
    where: str,
) -> SectionMatch:
    """The one section ``addresses`` (from read_addresses) name in the shard at ``conn``.

    Several sections with one anchor are refused with AmbiguousAnchor listing them, unless
    ``expected_hash`` (the sha256 the caller saw) is the hash of exactly one of them. ``where``
    names the library and version in messages.
    """
    address, matches = _sections_at(conn, addresses)
    if not matches:
        raise _no_section(conn, address, where)
    if len(matches) > 1 and expected_hash is not None:
        same = [match for match in matches if match.sha256 == expected_hash]
        matches = same if len(same) == 1 else matches
    if len(matches) == 1:
        return matches[0]
    raise AmbiguousAnchor(
        f"anchor {address.anchor!r} names {len(matches)} sections of {where}",
        _candidates(matches),
        hints=[match.spelled() for match in matches[:MAX_ANCHOR_CANDIDATES]],
    )


def rows_around(conn: sqlite3.Connection, match: SectionMatch, around: int) -> list[Sequence[Any]]:
    """The rows client.answers.read_section shapes: the matched section and up to ``around``
    sections on each side of it, on its page only, in volume order."""
    return conn.execute(
        "SELECT id, heading, heading_path, body, path, anchor, source, line_start, "
        "line_end, sha256 FROM sections WHERE id BETWEEN ? AND ? AND source IS ? ORDER BY id",
        (match.id - around, match.id + around, match.page),
    ).fetchall()


def _sections_at(
    conn: sqlite3.Connection, addresses: Sequence[SectionAddress]
) -> tuple[SectionAddress, list[SectionMatch]]:
    """The first of ``addresses`` that names any section, with those sections in volume order."""
    for address in addresses:
        query = (
            "SELECT id, source, anchor, heading_path, heading, sha256 FROM sections "
            "WHERE anchor = ?"
        )
        values: tuple[str, ...] = (address.anchor,)
        if address.page is not None:
            query, values = query + " AND source = ?", (*values, address.page)
        rows = conn.execute(query + " ORDER BY id", values).fetchall()
        if rows:
            return address, [_match(row) for row in rows]
    return addresses[-1], []


def _match(row: Sequence[Any]) -> SectionMatch:
    section_id, page, anchor, heading_path, heading, sha256 = row
    above = orjson.loads(heading_path) if heading_path else []
    trail = tuple(str(h) for h in above) if isinstance(above, list) else ()
    return SectionMatch(
        int(section_id),
        None if page is None else str(page),
        str(anchor),
        (*trail, str(heading)),
        str(sha256),
    )


def similar_anchors(anchor: str, anchors: Sequence[str]) -> list[str]:
    """Up to MAX_SIMILAR_ANCHORS of ``anchors`` an agent most likely meant by ``anchor``: those
    it is the end of, any case ("chunked" for "more_itertools.chunked", "Signal.connect" for
    "blinker.Signal.connect"), in ``anchors``' order, else those spelled almost as it is
    ("required-options" for "required-option"), the most alike first."""
    wanted = anchor.casefold()
    distinct = list(dict.fromkeys(anchors))
    ending = [
        known
        for known in distinct
        if known.casefold() == wanted or known.casefold().endswith(("." + wanted, "-" + wanted))
    ]
    if ending:
        return ending[:MAX_SIMILAR_ANCHORS]
    if len(distinct) > _MAX_COMPARED:  # the letter pairs they share pick whom to compare
        pairs = _letter_pairs(wanted)
        shared = {known: len(pairs & _letter_pairs(known.casefold())) for known in distinct}
        chosen = set(heapq.nlargest(_MAX_COMPARED, distinct, key=shared.__getitem__))
        distinct = [known for known in distinct if known in chosen]
    scored = [(_likeness(wanted, known.casefold()), known) for known in distinct]
    alike = sorted((pair for pair in scored if pair[0] >= _SIMILAR_RATIO), key=lambda p: -p[0])
    return [known for _, known in alike[:MAX_SIMILAR_ANCHORS]]


def _word_start(text: str, before: int) -> int:
    """Where the word holding ``text[before - 1]`` starts (0: in the first word)."""
    return max(text.rfind(mark, 0, before) for mark in _WORD_ENDS) + 1


def _letter_pairs(text: str) -> set[str]:
    return {text[i : i + 2] for i in range(len(text) - 1)}


def _likeness(wanted: str, known: str) -> float:
    """difflib's ratio of the two after the words they share at the start: the
    "more_itertools." of every anchor of a page made "more_itertools.unzip" look like
    "more_itertools.chunkd"."""
    shared = next(
        (i for i, (mine, theirs) in enumerate(zip(wanted, known, strict=False)) if mine != theirs),
        min(len(wanted), len(known)),
    )
    cut = _word_start(wanted, shared)
    # A slip near the end ("..._of_the_clas") keeps some words before it, or "clas" against
    # "class" would look less alike than another member's whole different name.
    while cut and min(len(wanted), len(known)) - cut < _MIN_COMPARED_CHARS:
        cut = _word_start(wanted, cut - 1)
    mine, theirs = wanted[cut:], known[cut:]
    # The most their lengths allow (difflib's real_quick_ratio), before a matcher is made.
    if 2 * min(len(mine), len(theirs)) < _SIMILAR_RATIO * (len(mine) + len(theirs)):
        return 0.0
    matcher = difflib.SequenceMatcher(None, mine, theirs)
    return matcher.ratio() if matcher.quick_ratio() >= _SIMILAR_RATIO else 0.0


def _no_section(conn: sqlite3.Connection, address: SectionAddress, where: str) -> UnknownAnchor:
    """Not found, naming the pages that do have the anchor when the caller gave another, else
    the sections whose anchors are most like it (a guessed or misspelt anchor)."""
    elsewhere: list[SectionMatch] = []
    if address.page is not None:
        _, elsewhere = _sections_at(conn, (SectionAddress(None, address.anchor),))
    on_page = "" if address.page is None else f" on page {address.page!r}"
    missing = f"{where} has no section with anchor {address.anchor!r}{on_page}"
    if elsewhere:
        return UnknownAnchor(
            missing,
            _candidates(elsewhere),
            [match.spelled() for match in elsewhere[:MAX_ANCHOR_CANDIDATES]],
        )
    anchors = [str(anchor) for (anchor,) in conn.execute("SELECT anchor FROM sections ORDER BY id")]
    similar = similar_anchors(address.anchor, anchors)
    alike: list[SectionMatch] = []
    if similar:
        rows = conn.execute(
            "SELECT id, source, anchor, heading_path, heading, sha256 FROM sections "
            f"WHERE anchor IN ({', '.join('?' * len(similar))}) ORDER BY id LIMIT ?",
            (*similar, MAX_ANCHOR_CANDIDATES),
        )
        # The most alike first, as similar_anchors ranks them; sorted() keeps volume order.
        alike = sorted((_match(row) for row in rows), key=lambda m: similar.index(m.anchor))
    return UnknownAnchor(
        missing,
        None,
        [match.spelled() for match in alike],
        similar=_candidates(alike) if alike else None,
    )


def _candidates(matches: Sequence[SectionMatch]) -> str:
    """The first few described, and how many more there are."""
    shown = [match.described() for match in matches[:MAX_ANCHOR_CANDIDATES]]
    more = len(matches) - len(shown)
    return "; ".join(shown) + (f"; and {more} more" if more else "")
