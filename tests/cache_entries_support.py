"""The build cache's entries as tests read and damage them: key -> payload, through the file
builder.cache_entries keeps them in."""

from __future__ import annotations

from pathlib import Path

from builder.cache import entry_digest
from builder.cache_entries import EntryStore


def kept_payloads(cache: Path) -> dict[str, bytes]:
    """Every entry's payload by key."""
    store = EntryStore(cache)
    try:
        return {key: found[1] for key in store.kept_keys() if (found := store.get(key)) is not None}
    finally:
        store.close()


def rewrite_entry(cache: Path, key: str, payload: bytes) -> None:
    """Store ``payload`` under ``key`` with its own checksum: an entry that reads as kept."""
    _put(cache, key, entry_digest(key, payload), payload)


def damage_entry(cache: Path, key: str, payload: bytes) -> None:
    """Store ``payload`` under ``key`` with the checksum the entry had: damaged bytes."""
    store = EntryStore(cache)
    try:
        found = store.get(key)
    finally:
        store.close()
    assert found is not None, key
    _put(cache, key, found[0], payload)


def _put(cache: Path, key: str, sha256: str, payload: bytes) -> None:
    store = EntryStore(cache)
    try:
        store.put(key, sha256, payload)
    finally:
        store.close()
