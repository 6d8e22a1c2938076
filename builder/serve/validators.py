"""Evaluates conditional and range requests against a representation's validators (RFC 9110).

Pure: callers pass header values as strings (None when absent) and the current ETag, last
modification time and length; the answer is a status to send instead (304, 412), or the byte
range to send. Precedence follows RFC 9110 13.2.2: If-Match, then If-Unmodified-Since, then
If-None-Match, then If-Modified-Since (ignored when If-None-Match is present), then If-Range.

Range choice: exactly one range is answered with 206; a Range header holding several ranges is
ignored and the full representation is sent with 200, which RFC 9110 14.2 permits and which
spares clients a multipart/byteranges body they rarely parse. HEAD mirrors GET, ranges included.
"""

from __future__ import annotations

import calendar
import email.utils
import re
from dataclasses import dataclass
from datetime import datetime
from http import HTTPStatus

_ENTITY_TAG = re.compile(r'[\s,]*(W/)?"([\x21\x23-\x7e\x80-\xff]*)"\s*(?:,|$)')
# 18 digits: lengths fit in int64, and int() never meets Python's 4300-digit conversion limit.
_RANGE = re.compile(r"\s*(\d{0,18})\s*-\s*(\d{0,18})\s*")


@dataclass(frozen=True)
class EntityTag:
    """An entity tag: its opaque value (without quotes) and whether it is weak."""

    opaque: str
    weak: bool = False

    def __str__(self) -> str:
        return f'W/"{self.opaque}"' if self.weak else f'"{self.opaque}"'


@dataclass(frozen=True)
class ByteRange:
    """An inclusive byte range already checked against the representation's length."""

    start: int
    end: int

    @property
    def length(self) -> int:
        """The number of bytes in the range."""
        return self.end - self.start + 1

    def content_range(self, total: int) -> str:
        """The Content-Range field value of a 206 carrying this range."""
        return f"bytes {self.start}-{self.end}/{total}"


@dataclass(frozen=True)
class Unsatisfiable:
    """A Range header none of whose ranges overlap the representation: answer 416."""


def parse_entity_tags(value: str) -> tuple[EntityTag, ...] | None:
    """Parse an If-Match / If-None-Match list. `*` gives (); a malformed list gives None."""
    value = value.strip()
    if value == "*":
        return ()
    tags: list[EntityTag] = []
    position = 0
    while position < len(value):
        match = _ENTITY_TAG.match(value, position)
        if match is None:
            return None
        tags.append(EntityTag(opaque=match[2], weak=match[1] is not None))
        position = match.end()
    return tuple(tags) or None


def parse_http_date(value: str) -> int | None:
    """Seconds since the epoch of an HTTP-date in any of the three RFC 9110 forms, else None."""
    parts = email.utils.parsedate_tz(value)
    if parts is None:
        return None
    try:
        # parsedate_tz accepts hour 25 or day 99; building a datetime rejects them.
        moment = datetime(*parts[:6])
    except (ValueError, OverflowError):
        return None
    return calendar.timegm(moment.timetuple()) - (parts[9] or 0)


def format_http_date(seconds: int) -> str:
    """An IMF-fixdate, e.g. "Sun, 06 Nov 1994 08:49:37 GMT"."""
    return email.utils.formatdate(seconds, usegmt=True)


def evaluate_preconditions(
    *,
    method: str,
    etag: EntityTag,
    last_modified: int,
    if_match: str | None = None,
    if_none_match: str | None = None,
    if_modified_since: str | None = None,
    if_unmodified_since: str | None = None,
) -> HTTPStatus | None:
    """Return 304 or 412 when a precondition says so, or None to answer normally."""
    if if_match is not None:
        tags = parse_entity_tags(if_match)
        if tags is None or not (tags == () or any(_strong_match(t, etag) for t in tags)):
            return HTTPStatus.PRECONDITION_FAILED
    elif if_unmodified_since is not None:
        date = parse_http_date(if_unmodified_since)
        if date is not None and last_modified > date:
            return HTTPStatus.PRECONDITION_FAILED
    safe = method in ("GET", "HEAD")
    if if_none_match is not None:
        tags = parse_entity_tags(if_none_match)
        if tags is not None and (tags == () or any(t.opaque == etag.opaque for t in tags)):
            return HTTPStatus.NOT_MODIFIED if safe else HTTPStatus.PRECONDITION_FAILED
    elif if_modified_since is not None and safe:
        date = parse_http_date(if_modified_since)
        if date is not None and last_modified <= date:
            return HTTPStatus.NOT_MODIFIED
    return None


def select_range(
    range_value: str | None,
    *,
    if_range: str | None,
    length: int,
    etag: EntityTag,
    last_modified: int,
) -> ByteRange | Unsatisfiable | None:
    """The single range to send with 206, Unsatisfiable for 416, or None to send everything."""
    if range_value is None:
        return None
    if if_range is not None and not _if_range_holds(if_range, etag, last_modified):
        return None
    unit, equals, spec = range_value.partition("=")
    if not equals or unit.strip().lower() != "bytes":
        return None
    parts = spec.split(",")
    if len(parts) != 1:
        return None
    match = _RANGE.fullmatch(parts[0])
    if match is None or not (match[1] or match[2]):
        return None
    first, last = match[1], match[2]
    if not first:
        suffix = int(last)
        if suffix == 0 or length == 0:
            return Unsatisfiable()
        return ByteRange(start=max(0, length - suffix), end=length - 1)
    start = int(first)
    if last and int(last) < start:
        return None
    if start >= length:
        return Unsatisfiable()
    end = min(int(last), length - 1) if last else length - 1
    return ByteRange(start=start, end=end)


def _strong_match(tag: EntityTag, current: EntityTag) -> bool:
    return not tag.weak and not current.weak and tag.opaque == current.opaque


def _if_range_holds(value: str, etag: EntityTag, last_modified: int) -> bool:
    # RFC 9110 13.1.5: an entity tag must match strongly; a date must equal Last-Modified exactly.
    value = value.strip()
    if value.startswith(('"', 'W/"')):
        tags = parse_entity_tags(value)
        return tags is not None and len(tags) == 1 and _strong_match(tags[0], etag)
    date = parse_http_date(value)
    return date is not None and date == last_modified
