"""Answers HTTP/1.1 GET and HEAD requests for the files of one site, as GitHub Pages would.

The handler owns the wire: it reads a bounded request head by a deadline (request.py,
deadline.py), refuses unsafe paths (urlpath.py), finds the file (files.py), picks identity or gzip
(media.py, cache.py), evaluates validators and ranges (validators.py), and streams the body with
sendfile. Error bodies are a fixed status line in plain text, so nothing from the request or the
disk is echoed. Gzip is used only when no Range is sent: ranges always apply to the identity
representation.
"""

from __future__ import annotations

import functools
import io
import re
import socket
import sys
import time
import traceback
from dataclasses import dataclass
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler
from typing import Protocol, TextIO, cast

from builder.serve.cache import GZIP_SUFFIX, RepresentationCache
from builder.serve.connections import ConnectionTracker
from builder.serve.deadline import DeadlineReader
from builder.serve.errors import RequestRejected
from builder.serve.files import Found, Missing, OpenFile, Redirect, SiteRoot, open_file
from builder.serve.media import accepts_gzip, cache_control, media_type, shard_hash
from builder.serve.request import RequestHead, parse_head, read_head
from builder.serve.urlpath import parse_target
from builder.serve.validators import (
    ByteRange,
    EntityTag,
    evaluate_preconditions,
    format_http_date,
    select_range,
)

ALLOWED_METHODS = "GET, HEAD"
SERVER_NAME = "builder.serve"
# Small request bodies are read and dropped so the connection stays usable; larger ones close it.
_MAX_DISCARDED_BODY = 64 * 1024
_INLINE_BODY = 16 * 1024
_DRAIN_SECONDS = 1.0
_MAX_DRAINED = 1024 * 1024
_LOG_UNSAFE = re.compile(r'[\x00-\x1f\x7f-\x9f"\\]')
_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


@dataclass(frozen=True)
class Site:
    """What every request of one server shares."""

    root: SiteRoot
    representations: RepresentationCache
    cache_control: str
    access_log: TextIO | None


class SiteServer(Protocol):
    """The attributes the handler reads from its server."""

    site: Site
    connections: ConnectionTracker


class SiteRequestHandler(BaseHTTPRequestHandler):
    """One thread per connection; keep-alive; GET and HEAD only."""

    protocol_version = "HTTP/1.1"
    # Bodies sent with sendfile follow the head at once instead of waiting for its ACK.
    disable_nagle_algorithm = True
    # Idle keep-alive connections, and clients that stop reading, are dropped after this many
    # seconds; a request that has begun has ConnectionLimits.request_deadline_seconds in all.
    timeout = 30
    site: Site
    connections: ConnectionTracker
    _reader: DeadlineReader
    rfile: io.BufferedReader
    _status = 0
    _sent = 0
    _headers_sent = False
    _unread_input = False

    def setup(self) -> None:
        """Set up the socket and its streams; requests are read through a DeadlineReader."""
        super().setup()
        self.rfile.close()
        self._reader = DeadlineReader(self.connection, self.timeout)
        self.rfile = io.BufferedReader(self._reader)

    def handle(self) -> None:
        """Serve requests on this connection until it closes, the client's or shutdown's choice."""
        context = cast(SiteServer, self.server)
        self.site = context.site
        self.connections = context.connections
        if not self.connections.open(self.connection, str(self.client_address[0])):
            self._reset()
            self.close_connection = True
            self._send_plain(HTTPStatus.SERVICE_UNAVAILABLE)
            self._log_access()
            self._drain_before_close()
            return
        try:
            self.close_connection = False
            while not self.close_connection:
                self.handle_one_request()
            if self._unread_input:
                self._drain_before_close()
        finally:
            self.connections.close(self.connection)

    def handle_one_request(self) -> None:
        """Read one request head, answer it, and log it."""
        self._reset()
        try:
            lines = self._read_request_head()
        except RequestRejected as rejected:
            self.close_connection = self._unread_input = True
            self._send_plain(rejected.status)
            self._log_access()
            return
        except OSError:
            lines = None
        if lines is None or not self.connections.begin(self.connection):
            self.close_connection = True
            return
        try:
            self.requestline = lines[0].decode("latin-1")
            self._respond(*lines)
        except (ConnectionError, TimeoutError):
            self.close_connection = True
        except Exception:
            self.close_connection = True
            traceback.print_exc(file=sys.stderr)
            if not self._headers_sent:
                self._send_plain(HTTPStatus.INTERNAL_SERVER_ERROR)
        finally:
            if self.connections.end(self.connection):
                self.close_connection = True
        self._log_access()

    def _read_request_head(self) -> tuple[bytes, list[bytes]] | None:
        # Waiting for the first byte is keep-alive idleness, bounded by `timeout`; from that
        # byte on, the head (and a body that is read and dropped) must arrive by the deadline.
        if not self.rfile.peek(1):
            return None
        self._reader.start_deadline(self.connections.limits.request_deadline_seconds)
        return read_head(self.rfile)

    def _respond(self, request_line: bytes, field_lines: list[bytes]) -> None:
        try:
            head = parse_head(request_line, field_lines)
        except RequestRejected as rejected:
            self.close_connection = self._unread_input = True
            self._send_plain(rejected.status)
            return
        self.command, self.path, self.request_version = head.method, head.target, head.version
        self.close_connection = not head.keep_alive
        try:
            self._drop_body(head)
        except RequestRejected as rejected:
            self.close_connection = self._unread_input = True
            self._send_plain(rejected.status)
            return
        if head.method not in ("GET", "HEAD"):
            self._send_plain(HTTPStatus.METHOD_NOT_ALLOWED, [("Allow", ALLOWED_METHODS)], head)
            return
        try:
            path = parse_target(head.target)
        except RequestRejected as rejected:
            if rejected.status == HTTPStatus.NOT_FOUND:
                self._send_not_found(head)
            else:
                self._send_plain(rejected.status, None, head)
            return
        resolution = self.site.root.resolve(path)
        if isinstance(resolution, Redirect):
            moved = [("Location", resolution.location), ("Cache-Control", self.site.cache_control)]
            self._send_plain(HTTPStatus.MOVED_PERMANENTLY, moved, head)
        elif isinstance(resolution, Missing):
            self._send_not_found(head)
        else:
            opened = open_file(resolution)
            if opened is None:
                self._send_not_found(head)
                return
            with opened.file:
                self._send_file(head, resolution, opened)

    def _send_file(self, head: RequestHead, found: Found, opened: OpenFile) -> None:
        media = media_type(found.relpath)
        representations = self.site.representations
        identity = shard_hash(found.relpath) or representations.content_hash(
            found.path, opened.key, opened.file
        )
        gzipped = None
        wants_gzip = accepts_gzip(head.header("accept-encoding"))
        if media.compressible and wants_gzip and head.header("range") is None:
            gzipped = representations.gzip_body(found.path, opened.key, opened.file)
        etag = EntityTag(identity + GZIP_SUFFIX if gzipped is not None else identity)
        last_modified = opened.key.mtime_ns // 1_000_000_000
        headers = [
            ("ETag", str(etag)),
            ("Last-Modified", _http_date(last_modified)),
            ("Cache-Control", cache_control(found.relpath, self.site.cache_control)),
        ]
        if media.compressible:
            headers.append(("Vary", "Accept-Encoding"))
        outcome = evaluate_preconditions(
            method=head.method,
            etag=etag,
            last_modified=last_modified,
            if_match=head.header("if-match"),
            if_none_match=head.header("if-none-match"),
            if_modified_since=head.header("if-modified-since"),
            if_unmodified_since=head.header("if-unmodified-since"),
        )
        if outcome == HTTPStatus.NOT_MODIFIED:
            self._start(outcome, headers)
            return
        if outcome is not None:
            self._send_plain(outcome, [], head)
            return
        headers += [("Content-Type", media.content_type), ("Accept-Ranges", "bytes")]
        if gzipped is not None:
            headers += [("Content-Encoding", "gzip"), ("Content-Length", str(len(gzipped)))]
            self._start(HTTPStatus.OK, headers, gzipped if head.method == "GET" else b"")
            return
        size = opened.key.size
        selected = select_range(
            head.header("range"),
            if_range=head.header("if-range"),
            length=size,
            etag=etag,
            last_modified=last_modified,
        )
        if isinstance(selected, ByteRange):
            headers += [
                ("Content-Range", selected.content_range(size)),
                ("Content-Length", str(selected.length)),
            ]
            self._send_with_body(HTTPStatus.PARTIAL_CONTENT, headers, head, opened.file, selected)
        elif selected is None:
            headers.append(("Content-Length", str(size)))
            whole = ByteRange(0, size - 1)
            self._send_with_body(HTTPStatus.OK, headers, head, opened.file, whole)
        else:
            unsatisfiable = [("Content-Range", f"bytes */{size}")]
            self._send_plain(HTTPStatus.REQUESTED_RANGE_NOT_SATISFIABLE, unsatisfiable, head)

    def _send_not_found(self, head: RequestHead) -> None:
        page = self.site.root.not_found_page()
        opened = open_file(page) if page is not None else None
        if page is None or opened is None:
            self._send_plain(HTTPStatus.NOT_FOUND, [], head)
            return
        with opened.file:
            headers = [
                ("Content-Type", media_type(page.relpath).content_type),
                ("Content-Length", str(opened.key.size)),
                # A miss may be a page the next build adds: let the browser ask again.
                ("Cache-Control", "no-cache"),
            ]
            whole = ByteRange(0, opened.key.size - 1)
            self._send_with_body(HTTPStatus.NOT_FOUND, headers, head, opened.file, whole)

    def _send_plain(
        self,
        status: HTTPStatus,
        extra: list[tuple[str, str]] | None = None,
        head: RequestHead | None = None,
    ) -> None:
        body = f"{status.value} {status.phrase}\n".encode()
        headers = [
            ("Content-Type", "text/plain; charset=utf-8"),
            ("Content-Length", str(len(body))),
            *(extra or [("Cache-Control", "no-store")]),
        ]
        self._start(status, headers, body if head is None or head.method != "HEAD" else b"")

    def _send_with_body(
        self,
        status: HTTPStatus,
        headers: list[tuple[str, str]],
        head: RequestHead,
        file: io.FileIO,
        part: ByteRange,
    ) -> None:
        if head.method != "GET" or part.length <= 0:
            self._start(status, headers)
            return
        if part.length <= _INLINE_BODY:
            # Small bodies share the head's write: one packet, no sendfile setup.
            file.seek(part.start)
            self._start(status, headers, file.read(part.length))
        else:
            self._start(status, headers)
            # Large bodies go from the page cache to the socket in the kernel, in chunks.
            self._sent = self.connection.sendfile(file, part.start, part.length)
        if self._sent < part.length:
            # The file shrank while being sent: closing is the only honest end of the body.
            self.close_connection = True

    def _start(self, status: HTTPStatus, headers: list[tuple[str, str]], body: bytes = b"") -> None:
        # The response is written under the ordinary timeout, not what is left of the deadline.
        self._reader.clear_deadline()
        # The head and a small body leave in one write: two small writes would wait on Nagle's
        # algorithm and the peer's delayed ACK.
        lines = [
            f"{self.protocol_version} {status.value} {status.phrase}",
            f"Server: {SERVER_NAME}",
            f"Date: {self.date_time_string()}",
            "X-Content-Type-Options: nosniff",
            *(f"{name}: {value}" for name, value in headers),
        ]
        if self.close_connection:
            lines.append("Connection: close")
        elif self.request_version == "HTTP/1.0":
            lines.append("Connection: keep-alive")
        lines.append("\r\n")
        self.wfile.write("\r\n".join(lines).encode("latin-1") + body)
        self._status = status.value
        self._sent = len(body)
        self._headers_sent = True

    def _drop_body(self, head: RequestHead) -> None:
        length = head.content_length or 0
        if head.chunked or length > _MAX_DISCARDED_BODY or head.header("expect") is not None:
            self.close_connection = self._unread_input = True
        elif length:
            self.rfile.read(length)

    def _drain_before_close(self) -> None:
        # Closing a socket with unread input makes the kernel send RST, which can destroy the
        # error response before the client reads it; half-close and drain briefly instead.
        # The drain has one deadline in all, so a client that trickles cannot stretch it.
        deadline = time.monotonic() + _DRAIN_SECONDS
        try:
            self.connection.shutdown(socket.SHUT_WR)
            drained = 0
            while drained < _MAX_DRAINED and (remaining := deadline - time.monotonic()) > 0:
                self.connection.settimeout(remaining)
                chunk = self.connection.recv(65536)
                if not chunk:
                    break
                drained += len(chunk)
        except OSError:
            pass  # the client is gone or slow: the RST no longer matters

    def _reset(self) -> None:
        self._status = 0
        self._sent = 0
        self._headers_sent = False
        self.command = ""
        self.path = ""
        self.requestline = ""
        self.request_version = self.protocol_version

    def _log_access(self) -> None:
        log = self.site.access_log
        if log is None:
            return
        now = time.gmtime()
        stamp = (
            f"{now.tm_mday:02d}/{_MONTHS[now.tm_mon - 1]}/{now.tm_year}:"
            f"{now.tm_hour:02d}:{now.tm_min:02d}:{now.tm_sec:02d} +0000"
        )
        request = _LOG_UNSAFE.sub(lambda m: f"\\x{ord(m[0]):02x}", self.requestline[:1024])
        client = self.client_address[0]
        log.write(f'{client} - - [{stamp}] "{request}" {self._status} {self._sent}\n')
        log.flush()

    def date_time_string(self, timestamp: float | None = None) -> str:
        """The Date header value, formatted once per second."""
        return _http_date(int(time.time() if timestamp is None else timestamp))

    def log_message(self, format: str, *args: object) -> None:
        """Route the base class's messages to the access log, with control characters escaped."""
        if self.site.access_log is not None:
            text = _LOG_UNSAFE.sub(lambda m: f"\\x{ord(m[0]):02x}", format % args)
            self.site.access_log.write(f"{self.client_address[0]} {text}\n")


@functools.lru_cache(maxsize=4096)
def _http_date(second: int) -> str:
    return format_http_date(second)
