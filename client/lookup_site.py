"""A large site read through its lookup.json: the lookup table, fetched once and kept, and each
library's catalog record, fetched only when that library is asked for.

A site too large for a catalog.json (builder.lookup_site) names in lookup.json a gzipped SQLite
lookup table and where each library's doctrove-catalog@1 record lives. The table answers
catalog_lookup (client.lookup_table); a record gives one library's versions and shards, and is
checked like a catalog.json. Records are kept on disk per lookup.json body, so a site rebuilt
is asked again. Nothing here holds the whole catalog in memory.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import orjson

from client.catalog_loader import CheckedBody, Layer, make_entries
from client.disk_cache import DiskCache, hash_key
from client.errors import ClientError, ConfigError, NetworkError
from client.lookup_table import LookupTable
from client.model import CatalogEntry, ShardRef
from client.shard_store import install_published, published_key
from schemas.catalog_rules import catalog_problems
from schemas.lookup_table import LIBRARY_ID, record_path

if TYPE_CHECKING:
    from client.fetch import RemoteSite

# A library's record lists its versions' shards: a few hundred bytes per version.
RECORD_LIMIT = 4 << 20
TABLE_FOLDER = "shards"  # the cache folder published shards (and the table) are kept in
TABLE_LIMIT = 256 << 20
# The name of a checked table's stamp in the cache's derived folder, before its key. A stamp of
# the name before (table-checked-) vouched for the sha256 only, not the rows.
_STAMP = "table-rows-checked-"


class LookupSource:
    """One lookup layer's table and records; made per lookup.json body (its sha256)."""

    def __init__(self, layer: Layer, cache: DiskCache, remote: RemoteSite | None) -> None:
        if layer.lookup is None:
            raise ValueError("a lookup source needs a lookup layer")
        self._described = layer.lookup["table"]
        self.layer = layer
        self._cache = cache
        self._remote = remote
        self._table: LookupTable | None = None
        self._table_key = ""  # the table's name in the cache, once it is loaded
        self._probed: dict[str, CatalogEntry | None] = {}

    def close(self) -> None:
        if self._table is not None:
            self._table.close()

    def update(self, layer: Layer) -> None:
        """Follow the layer's standing (a site's copy turned stale, then fresh again)."""
        self.layer = layer
        if self._table is not None:
            self._table.provenance = layer.provenance

    def _error(self, message: str) -> ClientError:
        if self.layer.record is not None:
            return NetworkError(message, hints=[self.layer.label])
        return ConfigError(message) if self.layer.kind == "local" else ClientError(message)

    def table(self) -> LookupTable:
        """The lookup table, downloaded (or copied from a local site) and verified once; marked
        used at each call, so the cache's budget keeps it while lookups read it."""
        if self._table is None:
            described = self._described
            ref = ShardRef(
                described["path"], described["sha256"], described["bytes"], described["rawBytes"], 0
            )
            self._table_key = published_key(ref)
            path = self._stamped(self._table_key)
            checked = path is not None
            if path is None:
                path = self._cache.shard_path(self._table_key) or self._install(ref)
            try:
                table = LookupTable(path, self.layer.provenance, check_rows=not checked)
            except ClientError as exc:  # the site's table, vouched for by its lookup.json
                self._cache.remove_shard(self._table_key, TABLE_FOLDER)
                raise self._error(exc.message) from exc
            if not checked:
                self._stamp(path, self._table_key)
            self._table = table
        self._cache.mark_used(self._table_key, TABLE_FOLDER)
        return self._table

    # The table is checked against its sha256, and its rows' values, once, not by every
    # process: hashing tens of megabytes and reading every row would be most of a new process's
    # first lookup. A file changed since (its size, modification time or inode) is checked
    # again; SQLite refuses a damaged page. (Its schema is checked at every open: that is cheap.)

    def _stamped(self, key: str) -> Path | None:
        path = self._cache.base / TABLE_FOLDER / f"{key}.sqlite"
        stamp = self._cache.read_derived(f"{_STAMP}{key}")
        try:
            facts = path.stat()
        except OSError:
            return None
        now = f"{facts.st_size} {facts.st_mtime_ns} {facts.st_ino}".encode()
        return path if stamp == now else None

    def _stamp(self, path: Path, key: str) -> None:
        facts = path.stat()
        stamp = f"{facts.st_size} {facts.st_mtime_ns} {facts.st_ino}".encode()
        with contextlib.suppress(ClientError):
            self._cache.write_derived(f"{_STAMP}{key}", stamp)

    def _install(self, ref: ShardRef) -> Path:
        if self.layer.record is not None and self._remote is not None:
            if ref.bytes > TABLE_LIMIT:
                raise self._error(f"{ref.path} is larger than {TABLE_LIMIT} bytes")
            return self._remote.download_shard(self.layer.record, ref)
        folder = self.layer.folder
        source = (folder / ref.path).resolve() if folder is not None else None
        if folder is None or source is None or not source.is_relative_to(folder.resolve()):
            raise self._error(f"{self.layer.label} has no lookup table {ref.path}")
        installed = install_published(self._cache, source, ref)
        if isinstance(installed, list):
            raise self._error(f"{source} is invalid: {installed[0]}")
        return installed

    def entry(self, library_id: str) -> CatalogEntry | None:
        """The library's entry from its record (None when the site has no such library)."""
        if not LIBRARY_ID.fullmatch(library_id):
            # A caller's id, not the site's: its record path could name any file of the host
            # ("../../x?"), whose failure to be a record would start the site's cooldown.
            return None
        if library_id not in self._probed:
            self._probed[library_id] = self._fetch(library_id)
        return self._probed[library_id]

    def _fetch(self, library_id: str) -> CatalogEntry | None:
        name = "record-" + hash_key(self.layer.sha256, library_id)
        body = self._cache.read_derived(name)
        if body is None:
            body = self._read_record(library_id)
            if body is None:
                return None
            with_problems = catalog_problems(body)
            if with_problems:
                raise self._error(
                    f"the record of {library_id} of {self.layer.label} is invalid: "
                    f"{with_problems[0]}"
                )
            with contextlib.suppress(ClientError):  # a cache that cannot be written only costs
                self._cache.write_derived(name, body)  # asking the site again
        document = orjson.loads(body)
        entries = document["entries"]
        if len(entries) != 1 or entries[0]["id"] != library_id:
            raise self._error(f"the record of {library_id} of {self.layer.label} is another's")
        checked = CheckedBody("catalog", entries, document["buildId"], document.get("updatedAt"))
        return make_entries(checked, self.layer.provenance)[0]

    def _read_record(self, library_id: str) -> bytes | None:
        path = record_path(library_id)
        if self.layer.record is not None and self._remote is not None:
            return self._remote.download_file(self.layer.record, path, RECORD_LIMIT)
        folder = self.layer.folder
        if folder is None:
            return None
        source = (folder / path).resolve()
        if not source.is_relative_to(folder.resolve()) or not source.is_file():
            return None
        return source.read_bytes()


class LookupSources:
    """The large sites' LookupSource, one per (source, lookup.json sha256): a site rebuilt gets
    a new one, and its old table is closed."""

    def __init__(self, cache: DiskCache, remotes: Mapping[str, RemoteSite]) -> None:
        self._cache = cache
        self._remotes = remotes
        self._sources: dict[tuple[str, str], LookupSource] = {}

    def source(self, layer: Layer) -> LookupSource:
        """The source of a lookup layer, brought up to date with it."""
        key = (layer.label, layer.sha256)
        source = self._sources.get(key)
        if source is None:
            for old in [k for k in self._sources if k[0] == layer.label]:
                self._sources.pop(old).close()  # the site was rebuilt: its old table is done
            remote = self._remotes.get(layer.label) if layer.record is not None else None
            source = self._sources[key] = LookupSource(layer, self._cache, remote)
        source.update(layer)
        return source

    def close(self) -> None:
        for source in self._sources.values():
            source.close()
