"""A fault-injecting HTTP proxy for tests: forwards GETs to a real server, breaks chosen answers.

    with FaultProxy(upstream_url) as proxy:
        proxy.inject(r"/catalog\\.json", Hang())
        ... point the client at proxy.url ...

Each rule is a regular expression over the request path (query string excluded) and a fault;
the first matching rule applies, and a path no rule matches is passed through unchanged (the
upstream's status, headers and body, conditional requests and gzip included). Faults:

    Hang()              accept the request and never answer (until the proxy stops)
    Trickle()           send the real body a few bytes at a time, far slower than a timeout;
                        ``gzip_name_bytes`` re-encodes it as gzip whose header holds a file
                        name that long, so the first decoded byte comes only after it
    TrickleHead()       send the status line, then one header line every 50 ms, forever
    Truncate()          send part of the body while Content-Length announces all of it
    TruncateGzip()      a gzip stream cut short, with a Content-Length that matches the cut
    Corrupt()           flip bytes in the plain body, length unchanged; ``encoded``: in the
                        body as sent, gzip-encoded when the client accepts it
    Substitute(path)    serve another path's bytes (a shard under another shard's name)
    FlipETag(variant)   200 with a new ETag on every request, ``variant`` and the real body in
                        turn (``variant`` None: always the real body); validators ignored
    Unsolicited304()    304 Not Modified with a new ETag, whatever the request said
    RedirectLoop()      302 back to the same path, forever

Every answer closes its connection (HTTP/1.0), so a broken response never poisons the next
request of a keep-alive pool. ``requests`` lists the path of every request seen, in order;
``reset()`` clears the faults and that list and lets hanging answers go, between tests.
"""

from __future__ import annotations

import gzip
import http.client
import io
import re
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any
from urllib.parse import urlsplit

# Longest a hanging handler waits when the test forgets to stop the proxy.
HANG_LIMIT_SECONDS = 60.0
UPSTREAM_TIMEOUT_SECONDS = 10.0
# How often serve_forever looks for a stop request: stop() waits up to this long.
_POLL_SECONDS = 0.02
# Request headers passed on to the upstream; the others are the client's own business.
_FORWARDED = ("accept-encoding", "if-none-match", "if-modified-since", "range", "user-agent")
# Response headers the proxy sets itself.
_OWN_HEADERS = frozenset(
    {"connection", "keep-alive", "transfer-encoding", "content-length", "server", "date"}
)


@dataclass(frozen=True)
class Upstream:
    """What the real server answered."""

    status: int
    headers: tuple[tuple[str, str], ...]
    body: bytes

    def header(self, name: str) -> str | None:
        return next((v for k, v in self.headers if k.lower() == name.lower()), None)

    def without(self, *names: str) -> tuple[tuple[str, str], ...]:
        drop = {name.lower() for name in names}
        return tuple((k, v) for k, v in self.headers if k.lower() not in drop)


@dataclass(frozen=True)
class Hang:
    pass


@dataclass(frozen=True)
class Trickle:
    chunk_bytes: int = 4
    interval_seconds: float = 0.05
    gzip_name_bytes: int = 0


@dataclass(frozen=True)
class TrickleHead:
    interval_seconds: float = 0.05


@dataclass(frozen=True)
class Truncate:
    kept_share: float = 0.5


@dataclass(frozen=True)
class TruncateGzip:
    kept_share: float = 0.5


@dataclass(frozen=True)
class Corrupt:
    flips: int = 3
    encoded: bool = False


@dataclass(frozen=True)
class Substitute:
    path: str


@dataclass(frozen=True)
class FlipETag:
    variant: bytes | None = None


@dataclass(frozen=True)
class Unsolicited304:
    pass


@dataclass(frozen=True)
class RedirectLoop:
    pass


Fault = (
    Hang
    | Trickle
    | TrickleHead
    | Truncate
    | TruncateGzip
    | Corrupt
    | Substitute
    | FlipETag
    | Unsolicited304
    | RedirectLoop
)


def flip_bytes(body: bytes, flips: int) -> bytes:
    """``body`` with ``flips`` bytes inverted, spread over its middle."""
    damaged = bytearray(body)
    for n in range(1, flips + 1):
        position = len(body) * n // (flips + 1)
        damaged[position] ^= 0xFF
    return bytes(damaged)


class FaultProxy(ThreadingHTTPServer):
    """The proxy server on 127.0.0.1, port 0; a context manager that runs it in a thread."""

    daemon_threads = True

    def __init__(self, upstream_url: str) -> None:
        super().__init__(("127.0.0.1", 0), _FaultHandler)
        parts = urlsplit(upstream_url)
        self.upstream = (parts.hostname or "127.0.0.1", parts.port or 80)
        self.released = threading.Event()
        self.requests: list[str] = []
        self._rules: list[tuple[re.Pattern[str], Fault]] = []
        self._counts: dict[int, int] = {}
        self._lock = threading.Lock()
        self._thread = threading.Thread(
            target=self.serve_forever,
            kwargs={"poll_interval": _POLL_SECONDS},
            name="fault-proxy",
            daemon=True,
        )

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/"

    def inject(self, pattern: str, fault: Fault) -> None:
        with self._lock:
            self._rules.append((re.compile(pattern), fault))

    def clear(self) -> None:
        """Remove every fault; requests are passed through again."""
        with self._lock:
            self._rules.clear()
            self._counts.clear()

    def reset(self) -> None:
        """Clear the faults and the request log, and let every hanging answer go."""
        with self._lock:
            self._rules.clear()
            self._counts.clear()
            self.requests.clear()
            released, self.released = self.released, threading.Event()
        released.set()

    def fault_for(self, path: str) -> tuple[Fault | None, int]:
        """The fault for ``path`` and how many requests that rule matched before this one."""
        with self._lock:
            self.requests.append(path)
            for position, (pattern, fault) in enumerate(self._rules):
                if pattern.fullmatch(path):
                    count = self._counts.get(position, 0)
                    self._counts[position] = count + 1
                    return fault, count
        return None, 0

    def fetch_upstream(self, path: str, headers: dict[str, str]) -> Upstream:
        connection = http.client.HTTPConnection(*self.upstream, timeout=UPSTREAM_TIMEOUT_SECONDS)
        try:
            connection.request("GET", path, headers=headers)
            response = connection.getresponse()
            return Upstream(response.status, tuple(response.getheaders()), response.read())
        finally:
            connection.close()

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client that gives up on a hanging or trickling answer is the point, not an error."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)

    def start(self) -> FaultProxy:
        self._thread.start()
        return self

    def stop(self) -> None:
        self.released.set()
        self.shutdown()
        self._thread.join()
        self.server_close()

    def __enter__(self) -> FaultProxy:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()


class _FaultHandler(BaseHTTPRequestHandler):
    server: FaultProxy
    released: threading.Event

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        path = urlsplit(self.path).path
        self.released = self.server.released  # reset() replaces the server's
        fault, count = self.server.fault_for(path)
        headers = {k: v for k, v in self.headers.items() if k.lower() in _FORWARDED}
        # A faulty answer is made from a whole body: the upstream must not answer 304.
        unconditional = {k: v for k, v in headers.items() if not k.lower().startswith("if-")}
        # Without Accept-Encoding: a body to rewrite or damage as content comes plain.
        plain = {k: v for k, v in unconditional.items() if k.lower() != "accept-encoding"}
        if fault is None:
            self._send(self.server.fetch_upstream(self.path, headers))
        elif isinstance(fault, Hang):
            self.released.wait(HANG_LIMIT_SECONDS)
        elif isinstance(fault, TrickleHead):
            self.wfile.write(b"HTTP/1.0 200 OK\r\n")
            while not self.released.wait(fault.interval_seconds):
                self.wfile.write(b"X-Slow: 1\r\n")
                self.wfile.flush()
        elif isinstance(fault, RedirectLoop):
            self._send(Upstream(302, (("Location", self.path),), b""))
        elif isinstance(fault, Unsolicited304):
            self._send(Upstream(304, (("ETag", f'"unseen-{count}"'),), b""))
        elif isinstance(fault, FlipETag | Substitute):
            self._send_rewritten(fault, count, plain)
        elif isinstance(fault, Corrupt) and not fault.encoded:
            self._send_damaged(fault, self.server.fetch_upstream(self.path, plain))
        else:
            self._send_damaged(fault, self.server.fetch_upstream(self.path, unconditional))

    def _send_rewritten(
        self, fault: FlipETag | Substitute, count: int, headers: dict[str, str]
    ) -> None:
        if isinstance(fault, Substitute):
            other = self.server.fetch_upstream(fault.path, headers)
            self._send(Upstream(other.status, other.headers, other.body))
            return
        real = self.server.fetch_upstream(self.path, headers)
        body = fault.variant if fault.variant is not None and count % 2 == 0 else real.body
        etag = (("ETag", f'"flip-{count}"'),)
        self._send(Upstream(200, (*real.without("etag", "content-encoding"), *etag), body))

    def _send_damaged(self, fault: Fault, real: Upstream) -> None:
        if isinstance(fault, Corrupt):
            self._send(Upstream(real.status, real.headers, flip_bytes(real.body, fault.flips)))
        elif isinstance(fault, TruncateGzip):
            body, headers = real.body, real.headers
            if not body.startswith(b"\x1f\x8b"):
                body = gzip.compress(body, mtime=0)
                headers = (*real.without("content-encoding"), ("Content-Encoding", "gzip"))
            self._send(Upstream(real.status, headers, body[: int(len(body) * fault.kept_share)]))
        elif isinstance(fault, Truncate):
            kept = real.body[: int(len(real.body) * fault.kept_share)]
            self._send_head(real, len(real.body))
            self.wfile.write(kept)
        elif isinstance(fault, Trickle):
            if fault.gzip_name_bytes:
                real = _gzip_with_name(real, fault.gzip_name_bytes)
            self._send_head(real, len(real.body))
            for piece in _pieces(real.body, fault.chunk_bytes):
                if self.released.is_set():
                    return
                self.wfile.write(piece)
                self.wfile.flush()
                time.sleep(fault.interval_seconds)

    def _send(self, answer: Upstream) -> None:
        self._send_head(answer, len(answer.body))
        self.wfile.write(answer.body)

    def _send_head(self, answer: Upstream, length: int) -> None:
        self.send_response(answer.status)
        for name, value in answer.headers:
            if name.lower() not in _OWN_HEADERS:
                self.send_header(name, value)
        if answer.status != 304:
            self.send_header("Content-Length", str(length))
        self.end_headers()


def _gzip_with_name(real: Upstream, name_bytes: int) -> Upstream:
    body = gzip.decompress(real.body) if real.header("content-encoding") == "gzip" else real.body
    packed = io.BytesIO()
    with gzip.GzipFile("n" * name_bytes, "wb", fileobj=packed, mtime=0) as writer:
        writer.write(body)
    headers = (*real.without("content-encoding", "etag"), ("Content-Encoding", "gzip"))
    return Upstream(real.status, headers, packed.getvalue())


def _pieces(body: bytes, size: int) -> Iterator[bytes]:
    for start in range(0, len(body), size):
        yield body[start : start + size]
