"""Each configured site's copy of its catalog, re-checked as the cache TTL and the cooldown allow.

A site's copy is re-checked once it is older than the cache TTL, or at once when it lacked a file
its catalog lists (client.listed_files). A failure starts a cooldown during which the site is not
asked again and its copy on disk answers (``Layer.kind == "disk"``); after it the site is tried
again. Since when a site fails is kept on disk, for the next process. With a cache TTL of 0
every call re-checks and there is no cooldown. A cache that cannot be written (a full disk, a
read-only folder) counts as such a failure while a copy on disk can answer, with the cache's
error as the reason; without one its error stands.

client.site_data calls this under its lock, except ``fail``, which worker threads call too: it
touches only the cooldown and the cache, which have locks of their own.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from dataclasses import replace

from client.catalog_loader import CheckedBody, Layer, copy_layer
from client.config import Settings
from client.cooldown import Cooldown, Failure
from client.disk_cache import CopyRecord, DiskCache
from client.errors import ClientError, NetworkError
from client.fetch import RemoteSite
from client.listed_files import ListedFiles

log = logging.getLogger("doctrove.site_data")

# A library asked for by an id or name no source has may have been published since the sites
# were checked: each site checked longer ago than this is checked again at once, within its TTL.
RECHECK_UNKNOWN_SECONDS = 30.0


class SiteCopies:
    """The configured sites' layers (None for a site with no good copy), in configured order."""

    def __init__(
        self,
        remotes: dict[str, RemoteSite],
        cache: DiskCache,
        cooldown: Cooldown,
        settings: Settings,
        clock: Callable[[], float],
    ) -> None:
        self._remotes, self._cache, self._cooldown = remotes, cache, cooldown
        self._settings, self._clock = settings, clock
        self.layers: dict[str, Layer | None] = dict.fromkeys(remotes)
        self._due_at: dict[str, float] = dict.fromkeys(remotes, 0.0)

    def update_due(self, listed: ListedFiles) -> bool:
        """Re-check each site whose copy has outlived the cache TTL, or lacked a file its
        catalog lists, and is not cooling down; whether a layer changed."""
        now = self._clock()
        stale = listed.stale_sites()
        due = [url for url, at in self._due_at.items() if now >= at or url in stale]
        if not self._settings.result_cache_enabled:
            due = list(self._remotes)
        # A list, not a generator: every due site is updated, not just up to the first change.
        return any([self.update(url, listed, force=False) for url in due])

    def update_for_unknown(self, listed: ListedFiles) -> bool:
        """Re-check each site not cooling down whose copy was checked more than
        RECHECK_UNKNOWN_SECONDS ago, TTL or not; whether a layer changed."""
        now = self._clock()
        due = []
        for url, remote in self._remotes.items():
            record = remote.stored()
            checked_at = record.checked_at if record is not None else 0.0
            if now - checked_at > RECHECK_UNKNOWN_SECONDS and not self._cooldown.blocked(url):
                due.append(url)
        return any([self.update(url, listed, force=True) for url in due])

    def update(self, url: str, listed: ListedFiles, *, force: bool) -> bool:
        """Bring one site's layer up to date; whether its layer changed."""
        had_copy = self._remotes[url].stored() is not None
        changed = self._update_once(url, listed, force=force)
        if self.layers[url] is None and had_copy:
            # The stored body turned out unsound when read and was removed; with no copy left
            # the next pass fetches the document afresh (unless the site is cooling down).
            changed = self._update_once(url, listed, force=False) or changed
        return changed

    def _update_once(self, url: str, listed: ListedFiles, *, force: bool) -> bool:
        remote, now, ttl = self._remotes[url], self._clock(), self._settings.cache_ttl
        record = remote.stored()
        checked: CheckedBody | None = None
        # A copy that lacked a file its catalog lists is checked again, TTL or not.
        within_ttl = not force and ttl > 0 and url not in listed.stale_sites()
        if record is not None and within_ttl and now - record.checked_at < ttl:
            kind, self._due_at[url] = "remote", record.checked_at + ttl
            log.debug("%s: copy checked %.0f s ago, within the TTL", url, now - record.checked_at)
        elif not force and self._cooldown.blocked(url):
            kind, self._due_at[url] = "disk", now + self._cooldown.remaining(url)
            log.debug(
                "%s: cooling down for %.0f s more; answering from the copy on disk",
                url,
                self._cooldown.remaining(url),
            )
        else:
            try:
                previous_sha = record.sha256 if record else None
                record, checked = remote.refresh(record)
                kind, self._due_at[url] = "remote", now + ttl
                self._succeed(url)
                lacked = listed.catalog_checked(url, record.sha256)
                if lacked is not None:
                    # Not published again: the site really lacks a file its catalog lists.
                    self.fail(
                        url, f"its catalog lists files the site does not have (HTTP {lacked})"
                    )
                log.debug(
                    "%s: revalidated (%s)",
                    url,
                    "unchanged" if record.sha256 == previous_sha else "new catalog",
                )
            except ClientError as exc:
                # The site failed (NetworkError), or the cache could not be written (a full
                # disk, a read-only folder): the copy on disk is still the last good one and
                # answers, with this failure as the reason. A cache error with no copy stands.
                record = remote.stored()
                if record is None and not isinstance(exc, NetworkError):
                    raise
                self.fail(url, exc.message)
                kind, self._due_at[url] = "disk", now + self._cooldown.seconds
                log.debug(
                    "%s: failed (%s); cooldown %.0f s", url, exc.message, self._cooldown.seconds
                )
        return self._set_layer(url, kind, record, checked)

    def fail(self, url: str, reason: str) -> None:
        """Record a site's failure; since when it fails is kept on disk, for the next process.
        It is written again when another process's success has cleared it since this one's
        first failure: else that process, its copy fresh, would go on calling the site ok."""
        on_disk = self._cache.read_failing_since(url)
        failure = self._cooldown.fail(url, reason, on_disk)
        if on_disk is None:
            # Only a record of the failure is lost if this cannot be written.
            with contextlib.suppress(ClientError):
                self._cache.write_failing_since(url, failure.since)

    def _succeed(self, url: str) -> None:
        self._cooldown.succeed(url)
        self._cache.clear_failing(url)

    def _set_layer(
        self, url: str, kind: str, record: CopyRecord | None, checked: CheckedBody | None
    ) -> bool:
        previous = self.layers[url]
        if (
            record is not None
            and previous is not None
            and (previous.sha256, previous.kind) == (record.sha256, kind)
        ):
            # Same body, same standing: the entries stand; only the check time moved.
            self.layers[url] = replace(previous, record=record)
            return False
        layer = copy_layer(url, kind, record, self._cache, checked, previous) if record else None
        self.layers[url] = layer
        return layer is not None or previous is not None

    def failures(self) -> list[tuple[str, Failure]]:
        """The configured sites whose last attempt failed, in configured order."""
        found = [(url, self._cooldown.last_failure(url)) for url in self._remotes]
        return [(url, failure) for url, failure in found if failure is not None]

    def failure_marks(self) -> tuple[tuple[str, str, float], ...]:
        """What the merged entries' fallbacks were made from: a change means merging again."""
        return tuple((url, failure.reason, failure.since) for url, failure in self.failures())
