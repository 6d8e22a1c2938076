"""Reading and parsing request heads: limits, the RFC 9112 grammar, keep-alive."""

from __future__ import annotations

import io
from http import HTTPStatus

import pytest

from builder.serve.errors import RequestRejected
from builder.serve.request import (
    MAX_FIELD_LINE,
    MAX_FIELDS,
    MAX_REQUEST_LINE,
    parse_head,
    read_head,
)


def read(data: bytes) -> tuple[bytes, list[bytes]] | None:
    return read_head(io.BytesIO(data))


def rejected_status(data: bytes) -> HTTPStatus:
    with pytest.raises(RequestRejected) as caught:
        lines = read(data)
        assert lines is not None
        parse_head(*lines)
    return caught.value.status


def test_read_head_splits_request_line_and_fields() -> None:
    data = b"GET / HTTP/1.1\r\nHost: a\r\nAccept: */*\r\n\r\nBODY"
    assert read(data) == (b"GET / HTTP/1.1", [b"Host: a", b"Accept: */*"])


def test_read_head_accepts_bare_newlines_and_skips_leading_empty_lines() -> None:
    assert read(b"\r\n\nGET / HTTP/1.1\nHost: a\n\n") == (b"GET / HTTP/1.1", [b"Host: a"])


def test_read_head_returns_none_when_the_stream_ends_early() -> None:
    assert read(b"") is None
    assert read(b"GET / HTT") is None
    assert read(b"GET / HTTP/1.1\r\nHost: a\r\n") is None


def test_request_line_at_the_limit_is_read() -> None:
    target = b"/" + b"a" * (MAX_REQUEST_LINE - len(b"GET / HTTP/1.1"))
    line = b"GET " + target + b" HTTP/1.1"
    assert len(line) == MAX_REQUEST_LINE
    assert read(line + b"\r\nHost: a\r\n\r\n") == (line, [b"Host: a"])


def test_request_line_over_the_limit_is_414() -> None:
    line = b"GET /" + b"a" * MAX_REQUEST_LINE + b" HTTP/1.1\r\n\r\n"
    assert rejected_status(line) == HTTPStatus.REQUEST_URI_TOO_LONG


def test_field_over_the_limit_is_431() -> None:
    data = b"GET / HTTP/1.1\r\nX: " + b"v" * MAX_FIELD_LINE + b"\r\n\r\n"
    assert rejected_status(data) == HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE


def test_too_many_fields_is_431() -> None:
    fields = b"".join(b"X-%d: v\r\n" % n for n in range(MAX_FIELDS + 1))
    assert rejected_status(b"GET / HTTP/1.1\r\n" + fields + b"\r\n") == 431


def test_too_many_header_bytes_is_431() -> None:
    fields = b"".join(b"X-%d: %s\r\n" % (n, b"v" * 4000) for n in range(20))
    assert rejected_status(b"GET / HTTP/1.1\r\n" + fields + b"\r\n") == 431


@pytest.mark.parametrize(
    ("data", "status"),
    [
        (b"GET /\r\n\r\n", 400),
        (b"GET  / HTTP/1.1\r\nHost: a\r\n\r\n", 400),
        (b"GET / HTTP/1.1 extra\r\nHost: a\r\n\r\n", 400),
        (b"G(T / HTTP/1.1\r\nHost: a\r\n\r\n", 400),
        (b"GET /\x01 HTTP/1.1\r\nHost: a\r\n\r\n", 400),
        (b"GET /\xc3\xa9 HTTP/1.1\r\nHost: a\r\n\r\n", 400),
        (b"GET / HTTP/1\r\nHost: a\r\n\r\n", 400),
        (b"GET / HTTP/2.0\r\nHost: a\r\n\r\n", 505),
        (b"GET / HTTP/1.1\r\n\r\n", 400),
        (b"GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),
        (b"GET / HTTP/1.1\r\nHost: a\r\n folded\r\n\r\n", 400),
        (b"GET / HTTP/1.1\r\nHost : a\r\n\r\n", 400),
        (b"GET / HTTP/1.1\r\nHost a\r\n\r\n", 400),
        (b"GET / HTTP/1.1\r\nHost: a\r\nX: a\x00b\r\n\r\n", 400),
        (b"GET / HTTP/1.1\r\nHost: a\r\nContent-Length: -1\r\n\r\n", 400),
        (b"GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nContent-Length: 1\r\n\r\n", 400),
    ],
)
def test_malformed_heads_are_rejected(data: bytes, status: int) -> None:
    assert rejected_status(data) == status


def test_parse_head_lowercases_names_and_joins_repeated_fields() -> None:
    head = parse_head(
        b"GET /x?y HTTP/1.1",
        [b"Host: example", b"Accept-Encoding: gzip", b"accept-encoding:  br \t"],
    )
    assert (head.method, head.target, head.version) == ("GET", "/x?y", "HTTP/1.1")
    assert head.fields == {"host": "example", "accept-encoding": "gzip, br"}
    assert head.header("Accept-Encoding") == "gzip, br"
    assert head.header("Range") is None


def test_higher_minor_version_is_answered_as_1_1() -> None:
    assert parse_head(b"GET / HTTP/1.7", [b"Host: a"]).version == "HTTP/1.1"


@pytest.mark.parametrize(
    ("version", "connection", "keep_alive"),
    [
        (b"HTTP/1.1", None, True),
        (b"HTTP/1.1", b"close", False),
        (b"HTTP/1.1", b"Upgrade, Close", False),
        (b"HTTP/1.0", None, False),
        (b"HTTP/1.0", b"Keep-Alive", True),
    ],
)
def test_keep_alive(version: bytes, connection: bytes | None, keep_alive: bool) -> None:
    fields = [b"Host: a"] + ([b"Connection: " + connection] if connection else [])
    assert parse_head(b"GET / " + version, fields).keep_alive is keep_alive


def test_body_framing() -> None:
    plain = parse_head(b"POST / HTTP/1.1", [b"Host: a"])
    sized = parse_head(b"POST / HTTP/1.1", [b"Host: a", b"Content-Length: 12"])
    chunked = parse_head(b"POST / HTTP/1.1", [b"Host: a", b"Transfer-Encoding: chunked"])
    assert (plain.content_length, plain.chunked) == (None, False)
    assert (sized.content_length, sized.chunked) == (12, False)
    assert (chunked.content_length, chunked.chunked) == (None, True)
