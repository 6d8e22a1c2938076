"""Reads and parses one HTTP/1.x request head (request line and header fields) under strict limits.

The standard library's parser accepts 64 KiB lines and hands headers to the email package; this
module reads at most MAX_REQUEST_LINE bytes of request line (414 past it) and at most MAX_FIELDS
fields of MAX_FIELD_LINE bytes, MAX_HEAD_BYTES in all (431 past any of them), then parses the
bytes it read with the RFC 9112 grammar and refuses anything ambiguous (obsolete line folding,
whitespace before the colon, a second Host) with 400 rather than guessing.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from http import HTTPStatus
from typing import Protocol

from builder.serve.errors import RequestRejected

MAX_REQUEST_LINE = 8 * 1024
MAX_FIELD_LINE = 8 * 1024
MAX_FIELDS = 100
MAX_HEAD_BYTES = 64 * 1024
# RFC 9112 2.2: a server SHOULD ignore at least one empty line before the request line.
_MAX_LEADING_EMPTY_LINES = 4

_TOKEN = re.compile(r"[!#$%&'*+\-.^_`|~0-9A-Za-z]+")
_TARGET = re.compile(r"[\x21-\x7e]+")
_VERSION = re.compile(r"HTTP/([0-9])\.([0-9])")
_BAD_VALUE_CHARS = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")


class Readable(Protocol):
    """The one method of a buffered binary stream that reading a request head needs."""

    def readline(self, size: int = -1, /) -> bytes: ...


@dataclass(frozen=True)
class RequestHead:
    """A parsed request head. Field names are lower-case; repeated fields are joined by ", "."""

    method: str
    target: str
    version: str
    fields: Mapping[str, str]

    def header(self, name: str) -> str | None:
        """The value of field `name` (any case), or None when the request did not send it."""
        return self.fields.get(name.lower())

    @property
    def keep_alive(self) -> bool:
        """Whether the client asked to keep the connection open after this response."""
        tokens = {token.strip().lower() for token in self.fields.get("connection", "").split(",")}
        if self.version == "HTTP/1.1":
            return "close" not in tokens
        return "keep-alive" in tokens

    @property
    def content_length(self) -> int | None:
        """The declared body length (validated by parse_head), or None when there is none."""
        value = self.fields.get("content-length")
        return None if value is None else int(value)

    @property
    def chunked(self) -> bool:
        """Whether a body of unknown length follows (any Transfer-Encoding)."""
        return "transfer-encoding" in self.fields


def read_head(stream: Readable) -> tuple[bytes, list[bytes]] | None:
    """Read one request head: the request line and the field lines, without line endings.

    Returns None when the stream ends before a complete request line (an idle keep-alive
    connection closed by the client). Raises RequestRejected with 414 or 431 past the limits,
    having read no more than the limit plus a line ending.
    """
    for _ in range(_MAX_LEADING_EMPTY_LINES + 1):
        raw = stream.readline(MAX_REQUEST_LINE + 3)
        line = raw.rstrip(b"\r\n")
        if len(line) > MAX_REQUEST_LINE:
            raise RequestRejected(HTTPStatus.REQUEST_URI_TOO_LONG, "request line too long")
        if not raw.endswith(b"\n"):
            return None
        if line:
            break
    else:
        raise RequestRejected(HTTPStatus.BAD_REQUEST, "only empty lines")
    fields: list[bytes] = []
    total = 0
    while True:
        raw = stream.readline(MAX_FIELD_LINE + 3)
        field = raw.rstrip(b"\r\n")
        if len(field) > MAX_FIELD_LINE:
            raise RequestRejected(HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE, "field too long")
        if not raw.endswith(b"\n"):
            return None
        if not field:
            return line, fields
        total += len(raw)
        if len(fields) >= MAX_FIELDS or total > MAX_HEAD_BYTES:
            raise RequestRejected(HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE, "too many fields")
        fields.append(field)


def parse_head(request_line: bytes, field_lines: list[bytes]) -> RequestHead:
    """Parse a request line and its field lines as RFC 9112 describes; raise RequestRejected."""
    method, target, version = _parse_request_line(request_line)
    fields: dict[str, str] = {}
    for raw in field_lines:
        name, value = _parse_field(raw)
        if name in fields:
            if name in ("host", "content-length"):
                raise RequestRejected(HTTPStatus.BAD_REQUEST, f"repeated {name}")
            fields[name] = f"{fields[name]}, {value}"
        else:
            fields[name] = value
    if version == "HTTP/1.1" and "host" not in fields:
        raise RequestRejected(HTTPStatus.BAD_REQUEST, "missing Host")
    length = fields.get("content-length")
    if length is not None and not (length.isascii() and length.isdigit() and len(length) < 19):
        raise RequestRejected(HTTPStatus.BAD_REQUEST, "invalid Content-Length")
    return RequestHead(method=method, target=target, version=version, fields=fields)


def _parse_request_line(raw: bytes) -> tuple[str, str, str]:
    line = raw.decode("latin-1")
    parts = line.split(" ")
    if len(parts) != 3:
        raise RequestRejected(HTTPStatus.BAD_REQUEST, "malformed request line")
    method, target, version = parts
    if not _TOKEN.fullmatch(method):
        raise RequestRejected(HTTPStatus.BAD_REQUEST, "malformed method")
    if not _TARGET.fullmatch(target):
        raise RequestRejected(HTTPStatus.BAD_REQUEST, "malformed target")
    match = _VERSION.fullmatch(version)
    if match is None:
        raise RequestRejected(HTTPStatus.BAD_REQUEST, "malformed version")
    major, minor = int(match[1]), int(match[2])
    if major != 1:
        raise RequestRejected(HTTPStatus.HTTP_VERSION_NOT_SUPPORTED, "unsupported version")
    # RFC 9110 6.2: a higher minor version is answered as the highest one we implement.
    return method, target, "HTTP/1.0" if minor == 0 else "HTTP/1.1"


def _parse_field(raw: bytes) -> tuple[str, str]:
    line = raw.decode("latin-1")
    if line[0] in " \t":
        raise RequestRejected(HTTPStatus.BAD_REQUEST, "obsolete line folding")
    name, colon, value = line.partition(":")
    if not colon or not _TOKEN.fullmatch(name):
        raise RequestRejected(HTTPStatus.BAD_REQUEST, "malformed field")
    value = value.strip(" \t")
    if _BAD_VALUE_CHARS.search(value):
        raise RequestRejected(HTTPStatus.BAD_REQUEST, "control character in field")
    return name.lower(), value
