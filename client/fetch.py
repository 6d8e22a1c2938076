"""One remote doctrove site: fetch or revalidate its catalog, download its shards into the cache.

catalog.json is fetched first; a 404 falls back to lookup.json (a large site, read through
client.lookup_site), then to index.json (a plain doctrove host). The
request carries ``If-None-Match`` / ``If-Modified-Since`` from the stored copy, so an unchanged
site answers 304 and sends no body. A new body is validated before it replaces the stored copy:
the copy on disk is always the last *good* one. A shard is downloaded once, checked against the
catalog's size and sha256, and stored by hash.

Every failure (network, timeout, HTTP status, truncated or oversized body, invalid JSON, invalid
document, hash mismatch, a 304 with nothing stored) raises NetworkError or FetchTimeout; the
caller decides about cooldowns and fallbacks.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urljoin, urlsplit

from client.catalog_loader import CATALOG_FILE, INDEX_FILE, CheckedBody, check_body
from client.disk_cache import CopyRecord, DiskCache
from client.errors import ListedFileGone, NetworkError
from client.model import ShardRef
from client.shard_store import install_published
from schemas.lookup_table import LOOKUP_FILE

if TYPE_CHECKING:  # client.http imports httpx, which a warm start without network never needs
    from client.http import Fetcher, Validators

CATALOG_LIMIT = 32 << 20
LOOKUP_LIMIT = 1 << 20
INDEX_LIMIT = 512 << 20
# The largest file of a site the client downloads beside its catalog: a shard, a body pack, an
# index chunk, a vectors file (GitHub Pages holds no file over 100 MB). The size a catalog or
# shard lists is the site's word, not a bound: a larger one is refused before it is asked for.
SHARD_LIMIT = 128 << 20
# A file that may be absent (catalog.json, before lookup.json is tried): only a 404 says so. A
# 403 there is more often a password the site wants, and must not read as "try the next file".
NOT_FOUND = frozenset({404})
# What RemoteSite._get says of a document answered with an HTML page.
_A_PAGE = "page"
# A file the catalog lists, named by its content: a host that lacks it answers 404, an object
# store that may not list its bucket (S3, Cloud Storage) 403, some CDNs 410. Each means the
# site was most likely published again since its catalog was read.
NOT_LISTED = frozenset({403, 404, 410})


class RemoteSite:
    """A site URL as configured: a folder URL (catalog.json, else index.json) or a .json file.

    ``url`` is the site's name everywhere (cache, messages, answers) and never carries
    credentials: those the configured URL had are ``credentials`` and go only into requests."""

    def __init__(
        self,
        url: str,
        fetcher: Callable[[], Fetcher],
        cache: DiskCache,
        clock: Callable[[], float],
        credentials: tuple[str, str] | None = None,
    ) -> None:
        self.url = url
        self._fetcher = fetcher
        self._cache = cache
        self._clock = clock
        self._credentials = credentials

    def documents(self) -> list[tuple[str, str, int]]:
        """(URL, expected kind, size cap) of the documents to try, in order."""
        path = urlsplit(self.url).path
        if path.endswith("/" + LOOKUP_FILE):
            return [(self.url, "lookup", LOOKUP_LIMIT)]
        if path.endswith(".json"):
            kind = "catalog" if path.endswith("/" + CATALOG_FILE) else "index"
            return [(self.url, kind, CATALOG_LIMIT if kind == "catalog" else INDEX_LIMIT)]
        # A large site has no catalog.json but a lookup.json: once known, it is asked first.
        return [
            (urljoin(self.url, CATALOG_FILE), "catalog", CATALOG_LIMIT),
            (urljoin(self.url, LOOKUP_FILE), "lookup", LOOKUP_LIMIT),
            (urljoin(self.url, INDEX_FILE), "index", INDEX_LIMIT),
        ]

    def stored(self) -> CopyRecord | None:
        """The last good copy on disk, if its body is still there (its size is checked here,
        its hash whenever it is read)."""
        record = self._cache.read_copy(self.url)
        if record is None:
            return None
        try:
            size = self._cache.blob_path(record.sha256).stat().st_size
        except OSError:
            return None
        # The hash is checked when the body is read; the size is a cheap check before that.
        return record if size == record.bytes else None

    def refresh(self, record: CopyRecord | None) -> tuple[CopyRecord, CheckedBody | None]:
        """Ask the site for its current document; the new copy record, and the checked body
        when a new one arrived (None after a 304: the stored copy is still current)."""
        from client.http import Validators

        candidates = self.documents()
        if record is not None and record.document == "lookup":
            candidates.sort(key=lambda candidate: candidate[1] != "lookup")
        # A folder URL may lack any one of its documents; a .json URL names the one it must be.
        optional = len(candidates) > 1
        pages = 0  # documents answered with an HTML page (a host's page for any address)
        for url, kind, limit in candidates:
            same = record if record is not None and record.document == kind else None
            validators = Validators(same.etag, same.last_modified) if same else None
            result = self._get(url, kind, limit, validators, same, optional)
            if isinstance(result, tuple):
                return result
            pages += result == _A_PAGE
        answered = "404" if not pages else "404 or an HTML page (a host's page for any address)"
        raise NetworkError(
            f"{self.url} is not a doctrove site: {CATALOG_FILE}, {LOOKUP_FILE} and {INDEX_FILE} "
            f"all answered {answered}; give the address of the folder docbuild build wrote (the "
            f"one holding {CATALOG_FILE})",
            hints=[url for url, _kind, _limit in candidates],
        )

    def _get(
        self,
        url: str,
        kind: str,
        limit: int,
        validators: Validators | None,
        record: CopyRecord | None,
        optional: bool,
    ) -> tuple[CopyRecord, CheckedBody | None] | str | None:
        """The new copy record and checked body; None when the document is missing (404), and
        _A_PAGE when an optional one answered an HTML page instead."""
        with self._cache.temporary("blobs") as (temporary, handle):
            download = self._fetcher().download(
                url,
                handle,
                limit=limit,
                validators=validators,
                missing=NOT_FOUND if optional else frozenset(),
                credentials=self._credentials,
            )
            now = self._clock()
            if download.status in NOT_FOUND:
                return None
            if download.status == 304:
                if record is None or validators is None:
                    raise NetworkError(f"{url} answered 304 Not Modified but nothing is stored")
                # A 304 may carry new validators; keep the stored ones it leaves out.
                refreshed = replace(
                    record,
                    checked_at=now,
                    etag=download.validators.etag or record.etag,
                    last_modified=download.validators.last_modified or record.last_modified,
                )
                self._cache.write_copy(self.url, refreshed)
                return refreshed, None
            handle.flush()
            body = temporary.read_bytes()
            if optional and body.lstrip()[:1] == b"<":
                # A host that answers every address with a page (a single-page app's fallback,
                # a custom 404 sent as 200): the document is not there, as a 404 says, and a
                # large site's lookup.json is still to be asked for.
                return _A_PAGE
            checked = check_body(body, download.sha256, self._cache, kind)
            if isinstance(checked, list):
                raise NetworkError(
                    f"{url} sent an invalid {kind}: {'; '.join(checked[:3])}", hints=checked
                )
            if kind == "catalog":
                _refuse_a_library_record(self.url, download.url, checked)
            self._cache.store_blob(temporary, handle, download.sha256)
        fresh = CopyRecord(
            url=download.url,
            document=kind,
            sha256=download.sha256,
            bytes=download.size,
            etag=download.validators.etag,
            last_modified=download.validators.last_modified,
            fetched_at=now,
            checked_at=now,
        )
        self._cache.write_copy(self.url, fresh)
        return fresh, checked

    def download_file(self, record: CopyRecord, path: str, limit: int) -> bytes | None:
        """A small file of the site at ``path`` (relative to the document of ``record``), as
        sent; None when the site has no such file (404)."""
        sink = io.BytesIO()
        url = urljoin(record.url, path)
        download = self._fetcher().download(
            url, sink, limit=limit, missing=NOT_FOUND, credentials=self._for(url)
        )
        return None if download.status in NOT_FOUND else sink.getvalue()

    def _for(self, url: str) -> tuple[str, str] | None:
        """The site's credentials for ``url``: only on the configured site's own origin. A
        catalog that was redirected elsewhere (a CDN) names its files there, and the site's
        password must not follow it (client.http sends them only where asked, never on a
        redirect: this keeps them from being asked for elsewhere)."""
        return self._credentials if _origin(url) == _origin(self.url) else None

    def download_listed(self, record: CopyRecord, path: str, size: int) -> bytes:
        """A file the catalog at ``record.url`` lists beside a shard (a body pack, an index
        chunk, vectors), as published (never decoded), at most ``size`` bytes; the caller
        checks it. ListedFileGone when the site has no such file."""
        url = urljoin(record.url, path)
        if size > SHARD_LIMIT:  # it would be held in memory, as long as the site kept sending
            raise NetworkError(
                f"{url} is listed as {size} bytes, over the limit of {SHARD_LIMIT} for a file "
                "of a site; not fetched",
                hints=[url],
            )
        sink = io.BytesIO()
        download = self._fetcher().download(
            url, sink, limit=size, decode=False, missing=NOT_LISTED, credentials=self._for(url)
        )
        if download.status in NOT_LISTED:
            raise _gone(url, download.status)
        return sink.getvalue()

    def download_shard(self, record: CopyRecord, ref: ShardRef) -> Path:
        """Download a shard the catalog at ``record.url`` lists, verify it, store it; its path.
        ListedFileGone when the site has no such file."""
        url = urljoin(record.url, ref.path)
        with self._cache.temporary("shards") as (temporary, handle):
            limit = min(SHARD_LIMIT, ref.bytes)
            download = self._fetcher().download(
                url,
                handle,
                limit=limit,
                decode=False,
                missing=NOT_LISTED,
                credentials=self._for(url),
            )
            if download.status in NOT_LISTED:
                raise _gone(url, download.status)
            handle.close()
            installed = install_published(self._cache, Path(temporary), ref)
        if isinstance(installed, list):
            raise NetworkError(f"{url} is not the shard the catalog lists: {installed[0]}")
        return installed


def _refuse_a_library_record(site: str, url: str, checked: CheckedBody) -> None:
    """A site's ``libs/<id>/`` folder holds a catalog.json of that library alone, whose files
    are named from the site's folder: read as a site, it listed the library, then every shard
    answered 404, said to be a site "published again since its catalog was read"."""
    if len(checked.entries) != 1:
        return
    library = checked.entries[0].get("id")
    path = urlsplit(url).path
    tail = f"/libs/{library}/{CATALOG_FILE}"
    if isinstance(library, str) and path.endswith(tail):
        root = urljoin(url, "../../")
        raise NetworkError(
            f"{site} holds the record of one library ({library}) of a doctrove site, whose files "
            f"are named from the site's own folder: give that folder, {root}",
            hints=[root],
        )


def _gone(url: str, status: int) -> ListedFileGone:
    # An object store answers 403 for a file it does not hold, and for one it holds but the
    # request may not read: the message names both.
    refused = " (or the host refuses it: does it want credentials?)" if status == 403 else ""
    return ListedFileGone(
        f"{url} is listed by the site's catalog but the site has no such file (HTTP {status}): "
        f"the site was probably published again since its catalog was read{refused}",
        status=status,
        hints=[url],
    )


def _origin(url: str) -> tuple[str, str, int | None]:
    """(scheme, host, port) with the default port spelled out."""
    parts = urlsplit(url)
    default = {"http": 80, "https": 443}.get(parts.scheme)
    return parts.scheme, (parts.hostname or ""), parts.port or default
