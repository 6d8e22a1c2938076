"""Decides how a file goes on the wire: its Content-Type, whether gzip may be applied, its
Cache-Control, and whether the client accepts gzip.

Types cover every artifact docbuild writes; text types carry `charset=utf-8` as GitHub Pages
sends them. Content-addressed shards (shards/<id>/<version>.<hash>.<ext>), body packs and index
chunks (shards/<id>/bodies|index/<name>.<ext>, named by their sha256) never change under one
name, so they are cached for a year as immutable, and their ETag is the hash in the name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from schemas.body_packs import PACKS_FOLDER
from schemas.digests import CONTENT_NAME
from schemas.term_chunks import CHUNKS_FOLDER

DEFAULT_CACHE_CONTROL = "max-age=600"
IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable"
DEFAULT_TYPE = "application/octet-stream"

_UTF8 = "; charset=utf-8"
_TEXT_TYPES: dict[str, str] = {
    ".html": "text/html",
    ".htm": "text/html",
    ".txt": "text/plain",
    ".md": "text/markdown",
    ".css": "text/css",
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".json": "application/json",
    ".map": "application/json",
    ".webmanifest": "application/manifest+json",
    ".xml": "application/xml",
    ".svg": "image/svg+xml",
    ".csv": "text/csv",
}
_BINARY_TYPES: dict[str, str] = {
    ".sqlite": "application/vnd.sqlite3",
    ".sqlite3": "application/vnd.sqlite3",
    ".db": "application/vnd.sqlite3",
    ".gz": "application/gzip",
    ".zst": "application/zstd",
    ".br": "application/x-brotli",
    ".zip": "application/zip",
    ".woff2": "font/woff2",
    ".woff": "font/woff",
    ".ttf": "font/ttf",
    ".otf": "font/otf",
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".gif": "image/gif",
    ".webp": "image/webp",
    ".avif": "image/avif",
    ".ico": "image/x-icon",
    ".pdf": "application/pdf",
    ".wasm": "application/wasm",
}
# shards/<id>/<version>.<hash>.<ext>: the id may be scoped (two segments), the version may hold
# dots, the extension may be double (".sqlite.zst"); the hash is 12 to 64 lower-case hex digits.
_SHARD = re.compile(
    r"shards/(?:[^/]+/){1,2}[^/]+\.(?P<hash>[0-9a-f]{12,64})\.[A-Za-z0-9]+(?:\.[A-Za-z0-9]+)?"
    # a body pack or an index chunk: shards/<id>/<folder>/<name>.<ext>, named by its content
    # (its sha256, whole or its first 32 digits: schemas.digests.CONTENT_NAME)
    rf"|shards/(?:[^/]+/){{1,2}}(?:{PACKS_FOLDER}|{CHUNKS_FOLDER})/"
    rf"(?P<named>{CONTENT_NAME.pattern})\.[A-Za-z0-9]+(?:\.[A-Za-z0-9]+)?"
)


@dataclass(frozen=True)
class MediaType:
    """The Content-Type to send and whether the representation may be gzip-encoded."""

    content_type: str
    compressible: bool


def media_type(name: str) -> MediaType:
    """The media type of a file from its name's last extension (any case)."""
    dot = name.rfind(".")
    extension = name[dot:].lower() if dot > name.rfind("/") else ""
    text = _TEXT_TYPES.get(extension)
    if text is not None:
        return MediaType(content_type=text + _UTF8, compressible=True)
    return MediaType(content_type=_BINARY_TYPES.get(extension, DEFAULT_TYPE), compressible=False)


def shard_hash(relpath: str) -> str | None:
    """The content hash in a content-addressed shard path, or None for any other path."""
    match = _SHARD.fullmatch(relpath)
    return (match["hash"] or match["named"]) if match else None


def cache_control(relpath: str, default: str = DEFAULT_CACHE_CONTROL) -> str:
    """The Cache-Control of a file: immutable for content-addressed shards, else `default`."""
    return IMMUTABLE_CACHE_CONTROL if shard_hash(relpath) is not None else default


def accepts_gzip(accept_encoding: str | None) -> bool:
    """Whether an Accept-Encoding value allows gzip: listed (or `*`) with a q-value above 0.

    An explicit "gzip" or "x-gzip" entry wins over "*"; an entry whose q-value is malformed is
    treated as refusing, since the safe answer to an unreadable preference is identity.
    """
    if not accept_encoding:
        return False
    explicit: float | None = None
    wildcard: float | None = None
    for item in accept_encoding.split(","):
        coding, _, params = item.partition(";")
        coding = coding.strip().lower()
        if coding not in ("gzip", "x-gzip", "*"):
            continue
        quality = _quality(params)
        if coding == "*":
            wildcard = quality
        else:
            explicit = quality if explicit is None else max(explicit, quality)
    chosen = explicit if explicit is not None else wildcard
    return chosen is not None and chosen > 0


_QUALITY = re.compile(r"\s*[qQ]\s*=\s*(0(?:\.[0-9]{0,3})?|1(?:\.0{0,3})?)\s*")


def _quality(params: str) -> float:
    if not params.strip():
        return 1.0
    for param in params.split(";"):
        if param.strip()[:1] in ("q", "Q"):
            match = _QUALITY.fullmatch(param)
            return float(match[1]) if match else 0.0
    return 1.0
