"""Section bodies of a search shard (doctrove-shard@2), fetched pack by pack when first read.

A search shard has no ``body`` column; :func:`add_section_views` gives every opened shard the
same face anyway: a TEMP view ``sections`` (the temp schema is searched before the file's, so
queries written for doctrove-shard@1 read it unchanged) with a ``body_length`` column and, for a
search shard, ``body`` and ``sha256`` columns computed by :class:`SectionBodies`. SQLite
evaluates a view's column only when a query reads it, so ranking (which reads ``body_length``)
fetches nothing and only the sections shown (or read by address) fetch their packs.

Trust: a pack is used only when its size and sha256 are the ones the packs table of the verified
search shard gives (the shard itself was checked against the catalog), and its ids and body
lengths match the shard's. Packs are kept in the cache's derived folder under their names
(client.disk_cache.listed_file_name), so a later question on the same version fetches only the
packs it has not seen, and an offline client answers from them. A failure inside the view's
function reaches SQLite as a generic error; :attr:`SectionBodies.failure` keeps the real
ClientError so the caller reports it rather than a damaged shard.
"""

from __future__ import annotations

import hashlib
import sqlite3
import threading
from collections.abc import Callable, Sequence

from client.disk_cache import DiskCache, listed_file_name
from client.errors import ClientError, CoolingDown, NetworkError
from client.parallel_fetch import fetch_each
from schemas.body_packs import MAX_PACK_BYTES, PackError, decode_pack, pack_path
from schemas.digests import names_content

# (path relative to the site root, size and sha256 of the bytes expected, the name a download
# is kept under in the cache's derived folder) -> the bytes the source holds there (the caller
# checks them too).
PackFetch = Callable[[str, int, str, str], bytes]
# Decoded packs kept in memory per shard: enough for one answer's sections and its neighbours.
_MEMO_PACKS = 32
_BODY_FUNCTION = "doctrove_section_body"
_SHA256_FUNCTION = "doctrove_section_sha256"
_PREFETCH_FUNCTION = "doctrove_prefetch_bodies"
_AT_HAND_FUNCTION = "doctrove_bodies_at_hand"
# Packs fetched at the same time for one answer (its sections' pages).
_PARALLEL_FETCHES = 8


class SectionBodies:
    """The body packs of one opened search shard: fetched, verified, cached on disk."""

    def __init__(
        self,
        conn: sqlite3.Connection,
        library_id: str,
        cache: DiskCache,
        fetch: PackFetch,
        site: str,
    ) -> None:
        """``site`` is the packs' source (its URL or folder), which their names in the cache
        carry when they are short (listed_file_name)."""
        self._conn, self._library_id, self._site = conn, library_id, site
        self._cache, self._fetch = cache, fetch
        self._lock = threading.Lock()
        self._memo: dict[int, dict[int, str]] = {}
        self.failure: ClientError | None = None
        # Why the last prefetch failed, when it did: reading a pack it left behind then meets
        # the remote cooling down, and that failure is the one to report.
        self._prefetch_cause: BaseException | None = None

    def body(self, section_id: int, pack: int) -> str:
        """The body of one section of ``pack`` (the view's function)."""
        with self._lock:
            bodies = self._memo.get(pack)
            if bodies is None:
                try:
                    bodies = self._load(pack)
                except ClientError as exc:
                    self.failure = exc
                    raise
                if len(self._memo) >= _MEMO_PACKS:
                    self._memo.pop(next(iter(self._memo)))
                self._memo[pack] = bodies
            return bodies[section_id]

    def prefetch(self, ids_text: str) -> int:
        """Have the packs of the sections ``ids_text`` names (comma-separated ids) fetched, at
        the same time, before a query reads their bodies one by one (the view's prefetch
        function); how many were fetched (0 when one failed). Each is checked as :meth:`body`
        checks it."""
        packs = {pack: (sha256, size) for _, pack, sha256, size in self._sections_of(ids_text)}
        with self._lock:
            missing = [
                (pack, sha256, size)
                for pack, (sha256, size) in packs.items()
                if pack not in self._memo
                and self._cache.read_derived(self._derived_name(sha256)) is None
            ]
        if len(missing) < 2:
            return 0  # one pack is fetched when read, as fast
        self._prefetch_cause = None  # only this prefetch's failure explains what follows
        try:
            fetch_each(lambda pack: self._download(*pack[1:]), missing, _PARALLEL_FETCHES)
        except ClientError as exc:
            # A pack that failed is fetched again when its body is read, which reports the error.
            self._prefetch_cause = exc
            return 0
        return len(missing)

    def at_hand(self, ids_text: str) -> str:
        """Which of the sections ``ids_text`` names (comma-separated ids) have their pack read
        or cached, so that their bodies are had without a fetch (the view's at-hand function):
        the ids, comma-separated."""
        sections = self._sections_of(ids_text)
        packs = {pack: (sha256, size) for _, pack, sha256, size in sections}
        with self._lock:
            # Each pack looked at once, however many of the sections it holds.
            held = {
                pack
                for pack, (sha256, size) in packs.items()
                if pack in self._memo or self._cached(sha256, size)
            }
        return ",".join(str(section) for section, pack, _, _ in sections if pack in held)

    def _sections_of(self, ids_text: str) -> list[tuple[int, int, str, int]]:
        """The sections ``ids_text`` names (comma-separated ids), each with its pack, the
        pack's sha256 and size; none for text naming none."""
        ids = [int(part) for part in ids_text.split(",") if part.strip().isdigit()]
        if not ids:
            return []
        rows = self._conn.execute(
            "SELECT s.id, s.pack, p.sha256, p.bytes FROM main.sections AS s "
            f"JOIN main.packs AS p ON p.id = s.pack WHERE s.id IN ({', '.join('?' * len(ids))})",
            ids,
        ).fetchall()
        return [(int(i), int(pack), str(sha256), int(size)) for i, pack, sha256, size in rows]

    def _cached(self, sha256: str, size: int) -> bool:
        data = self._cache.read_derived(self._derived_name(sha256))
        return data is not None and len(data) == size and names_content(sha256, data)

    def sha256(self, section_id: int, pack: int) -> str:
        """The sha256 of a section's body (the view's sha256 column)."""
        return hashlib.sha256(self.body(section_id, pack).encode("utf-8")).hexdigest()

    def fetch_all(self) -> int:
        """Have every pack of the shard on disk (docclient sync), fetched _PARALLEL_FETCHES at
        a time and each checked against its size and sha256; how many were fetched. The
        failure that caused the others is raised (client.parallel_fetch)."""
        missing = [
            (sha256, size)
            for _pack, sha256, size in self._packs()
            if self._cache.read_derived(self._derived_name(sha256)) is None
        ]
        fetch_each(lambda pack: self._download(*pack), missing, _PARALLEL_FETCHES)
        return len(missing)

    def _packs(self) -> list[tuple[int, str, int]]:
        rows = self._conn.execute("SELECT id, sha256, bytes FROM main.packs ORDER BY id")
        return [(int(i), str(sha256), int(size)) for i, sha256, size in rows]

    def _load(self, pack: int) -> dict[int, str]:
        row = self._conn.execute(
            "SELECT sha256, bytes FROM main.packs WHERE id = ?", (pack,)
        ).fetchone()
        if row is None:
            raise ClientError(f"the search shard of {self._library_id} names no pack {pack}")
        sha256, size = str(row[0]), int(row[1])
        data = self._cache.read_derived(self._derived_name(sha256))
        # The size too, as a download is checked: a name may be 32 digits of the sha256.
        if data is None or len(data) != size or not names_content(sha256, data):
            data = self._verified(pack, sha256, size)
        return self._decoded(pack, data)

    def _decoded(self, pack: int, data: bytes) -> dict[int, str]:
        lengths = [
            (int(i), int(n))
            for i, n in self._conn.execute(
                "SELECT id, body_length FROM main.sections WHERE pack = ? ORDER BY id", (pack,)
            )
        ]
        try:
            return decode_pack(data, lengths)
        except PackError as exc:
            raise NetworkError(f"body pack {pack} of {self._library_id} is invalid: {exc}") from exc

    def _verified(self, pack: int, sha256: str, size: int) -> bytes:
        """Fetch a pack, check it against the shard's row and decode it once."""
        try:
            data = self._download(sha256, size)
        except CoolingDown:
            if self._prefetch_cause is None:
                raise
            raise self._prefetch_cause from None
        self._decoded(pack, data)
        return data

    def _download(self, sha256: str, size: int) -> bytes:
        """Fetch a pack, check its size and sha256, keep it on disk. Touches no connection, so
        :meth:`prefetch` runs it in threads while SQLite holds the connection."""
        path = pack_path(self._library_id, sha256)
        if size > MAX_PACK_BYTES:  # gzip makes no pack larger than the bodies it holds
            raise NetworkError(
                f"the search shard of {self._library_id} lists {path} as {size} bytes; a body "
                f"pack is at most {MAX_PACK_BYTES}",
                hints=[path],
            )
        data = self._fetch(path, size, sha256, self._derived_name(sha256))
        if len(data) != size or not names_content(sha256, data):
            raise NetworkError(
                f"{path} is not the body pack the search shard lists (size or sha256)",
                hints=[path],
            )
        return data

    def _derived_name(self, name: str) -> str:
        return listed_file_name("bodies", name, self._site)


def add_section_views(conn: sqlite3.Connection, bodies: SectionBodies | None) -> None:
    """Give an opened shard the ``sections`` view every query reads: ``body_length`` always,
    ``body`` from the packs for a search shard (``bodies``). Call before ``query_only``."""
    if bodies is None:
        conn.create_function(_PREFETCH_FUNCTION, 1, lambda _ids: 0)
        conn.create_function(_AT_HAND_FUNCTION, 1, lambda ids: ids)  # every body is in the file
        conn.execute(
            "CREATE TEMP VIEW sections AS SELECT *, length(body) AS body_length FROM main.sections"
        )
        return
    conn.create_function(_PREFETCH_FUNCTION, 1, bodies.prefetch)
    conn.create_function(_AT_HAND_FUNCTION, 1, bodies.at_hand)
    conn.create_function(_BODY_FUNCTION, 2, bodies.body, deterministic=True)
    conn.create_function(_SHA256_FUNCTION, 2, bodies.sha256, deterministic=True)
    conn.execute(
        "CREATE TEMP VIEW sections AS SELECT id, heading, heading_path, "
        f"{_BODY_FUNCTION}(id, pack) AS body, path, anchor, source, line_start, line_end, "
        f"{_SHA256_FUNCTION}(id, pack) AS sha256, body_length FROM main.sections"
    )


def prefetch_bodies(conn: sqlite3.Connection, ids: Sequence[int]) -> None:
    """Fetch the packs of the sections ``ids`` at once, before a query reads their bodies (a
    connection opened with :func:`add_section_views`; nothing to do for a whole shard)."""
    if ids:
        conn.execute(f"SELECT {_PREFETCH_FUNCTION}(?)", (",".join(map(str, ids)),)).fetchone()


def bodies_at_hand(conn: sqlite3.Connection, ids: Sequence[int]) -> set[int]:
    """The sections among ``ids`` whose bodies are read without a fetch (a connection opened
    with :func:`add_section_views`): all of a whole shard's, those of a search shard whose pack
    was read or is cached."""
    if not ids:
        return set()
    (text,) = conn.execute(f"SELECT {_AT_HAND_FUNCTION}(?)", (",".join(map(str, ids)),)).fetchone()
    return {int(part) for part in str(text).split(",") if part}
