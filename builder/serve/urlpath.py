"""Turns a request target into decoded path segments under the site root, or refuses it.

Every spelling of "leave the root" is refused here, before the file system is touched: a segment
is split on the raw "/" first and percent-decoded once, as strict UTF-8, so `%2f` cannot make a
new separator, `%252e` stays the literal name "%2e", and overlong forms such as `%c0%ae` are not
UTF-8 at all. A decoded segment that is "." or "..", or holds a backslash, NUL, control character
or ":" (Windows drive letters and NTFS streams) is a 400. Empty segments ("//etc/passwd") are
dropped, so the path stays relative to the root. Segments starting with "." other than
".well-known" are hidden and answered like a miss (404): a site's dotfiles (.nojekyll, .git) are
build metadata, not content. Containment is checked again after symlinks are resolved (files.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from http import HTTPStatus
from urllib.parse import quote, unquote_to_bytes

from builder.serve.errors import RequestRejected

_PRINTABLE = re.compile(r"[\x21-\x7e]*")
_BAD_PERCENT = re.compile(r"%(?![0-9A-Fa-f]{2})")
_BAD_DECODED = re.compile(r"[\x00-\x1f\x7f/\\:]")
_ABSOLUTE_FORM = re.compile(r"(?i)https?://[^/?]*")
_VISIBLE_DOT_SEGMENTS = frozenset({".well-known"})


@dataclass(frozen=True)
class SitePath:
    """A safe request path: decoded segments relative to the root, and whether it ended in "/"."""

    segments: tuple[str, ...]
    directory: bool
    query: str = ""

    @property
    def relpath(self) -> str:
        """The segments joined with "/" (empty for the root)."""
        return "/".join(self.segments)

    def with_slash(self) -> str:
        """The Location of the "/dir" → "/dir/" redirect: re-encoded, never starting with "//"."""
        path = "".join(f"/{quote(segment, safe='')}" for segment in self.segments) + "/"
        return f"{path}?{self.query}" if self.query else path


def parse_target(target: str) -> SitePath:
    """Parse an origin-form (or absolute-form) request target; raise RequestRejected."""
    if not _PRINTABLE.fullmatch(target) or "\\" in target or "#" in target:
        raise RequestRejected(HTTPStatus.BAD_REQUEST, "invalid characters in target")
    absolute = _ABSOLUTE_FORM.match(target)
    if absolute is not None:
        target = target[absolute.end() :] or "/"
    if not target.startswith("/"):
        raise RequestRejected(HTTPStatus.BAD_REQUEST, "target is not an absolute path")
    path, _, query = target.partition("?")
    if _BAD_PERCENT.search(path):
        raise RequestRejected(HTTPStatus.BAD_REQUEST, "malformed percent-encoding")
    segments = tuple(_decode_segment(raw) for raw in path.split("/") if raw)
    return SitePath(segments=segments, directory=path.endswith("/"), query=query)


def _decode_segment(raw: str) -> str:
    try:
        segment = unquote_to_bytes(raw).decode("utf-8")
    except UnicodeDecodeError:
        raise RequestRejected(HTTPStatus.BAD_REQUEST, "segment is not UTF-8") from None
    if segment in (".", "..") or _BAD_DECODED.search(segment):
        raise RequestRejected(HTTPStatus.BAD_REQUEST, "unsafe segment")
    if segment.startswith(".") and segment not in _VISIBLE_DOT_SEGMENTS:
        raise RequestRejected(HTTPStatus.NOT_FOUND, "hidden segment")
    return segment
