"""The client's one HTTP boundary: stream a URL into a file, within a deadline and a size cap.

Every httpx exception is translated here, and only here, into the client's tree: a timeout of any
kind becomes FetchTimeout, everything else NetworkError (:data:`TRANSLATED` lists the httpx bases
that are caught; a test walks httpx's exception classes to prove they are all covered).

What a download promises:

- one deadline for the whole transfer, redirects included. httpx's timeouts bound each connect
  and each read; the deadline is checked after every chunk read from the network (before any
  gzip decoding, which may need many reads for one byte), so a server that trickles a byte at a
  time is cut off too, and client.http_deadline clamps every network wait to it, so a response
  head that trickles in is cut off as well;
- redirects are followed (at most ``MAX_REDIRECTS``) only to the scheme the request started with,
  so never from https to http;
- credentials (HTTP basic) go only to the origin (scheme, host, port) of the URL asked for, never
  to a host it redirects to; the URLs in messages never carry them;
- at most ``limit`` bytes reach the sink; the body is streamed and the transfer stops at the cap;
  a compressed body is inflated in bounded pieces (client.content_decoding), so the cap holds in
  memory too, however far a few bytes would inflate;
- a body shorter than its Content-Length is an error, not a short file;
- status 200 and 304 are answers; so are the statuses the caller names as "no such file"
  (client.fetch: NOT_FOUND, NOT_LISTED); any other status is a NetworkError.
"""

from __future__ import annotations

import hashlib
import re
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import BinaryIO

import httpx

from client import __version__
from client.content_decoding import ACCEPTED, UndecodableBody, decoded_pieces
from client.errors import FetchTimeout, NetworkError
from client.http_deadline import deadline as network_deadline
from client.http_deadline import deadline_transport

MAX_REDIRECTS = 5
USER_AGENT = f"docclient/{__version__}"
_REDIRECTS = frozenset({301, 302, 303, 307, 308})
# A header value a request can carry: visible ASCII and spaces.
_SENDABLE = re.compile(r"[\x20-\x7e]+")
# The httpx bases whose every subclass the boundary translates.
TRANSLATED: tuple[type[Exception], ...] = (
    httpx.HTTPError,
    httpx.InvalidURL,
    httpx.StreamError,
    httpx.CookieConflict,
)


@dataclass(frozen=True)
class Validators:
    """What a server said about a body it sent, for a later conditional GET."""

    etag: str | None = None
    last_modified: str | None = None

    def headers(self) -> dict[str, str]:
        """The conditional request's headers: each validator that can be sent back as it came.
        HTTP allows bytes past ASCII in an ETag (obs-text), which httpx can only encode as
        ASCII: sending one raised UnicodeEncodeError at every refresh. Without it the request
        is a plain GET, which costs the body and nothing else."""
        headers = {}
        if self.etag and _SENDABLE.fullmatch(self.etag):
            headers["If-None-Match"] = self.etag
        if self.last_modified and _SENDABLE.fullmatch(self.last_modified):
            headers["If-Modified-Since"] = self.last_modified
        return headers


@dataclass(frozen=True)
class Download:
    """The outcome of one GET. ``size`` and ``sha256`` describe the bytes written to the sink
    (nothing is written for 304 and a missing file)."""

    url: str
    status: int
    validators: Validators
    size: int
    sha256: str


class Fetcher:
    """One httpx client for the process, shared by every download (keep-alive, one pool)."""

    def __init__(
        self,
        timeout_seconds: float,
        *,
        transport: httpx.BaseTransport | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.timeout_seconds = timeout_seconds
        self._clock = clock
        self._client = httpx.Client(
            # Without a transport of the caller's (tests), reads honour the download's deadline
            # in the response head too, not only between body chunks.
            transport=transport or deadline_transport(),
            follow_redirects=False,
            headers={"User-Agent": USER_AGENT},
        )

    def close(self) -> None:
        self._client.close()

    def download(
        self,
        url: str,
        sink: BinaryIO,
        *,
        limit: int,
        validators: Validators | None = None,
        decode: bool = True,
        missing: frozenset[int] = frozenset(),
        credentials: tuple[str, str] | None = None,
    ) -> Download:
        """GET ``url`` into ``sink``. ``decode`` undoes Content-Encoding (JSON); without it the
        bytes are taken exactly as published (shards, whose hash the catalog gives).
        ``credentials`` (user, password) are sent as HTTP basic auth to ``url``'s origin.
        A status in ``missing`` is returned as an answer with nothing written."""
        headers = dict(validators.headers() if validators else {})
        headers["Accept-Encoding"] = ACCEPTED if decode else "identity"
        deadline = self._clock() + self.timeout_seconds
        try:
            with network_deadline(lambda: deadline - self._clock()):
                return self._follow(
                    url, sink, headers, limit, deadline, decode, missing, credentials
                )
        except httpx.TimeoutException as exc:
            raise FetchTimeout(
                f"{url} did not answer within {self.timeout_seconds:g} s ({type(exc).__name__})",
                hints=[url],
            ) from exc
        except TRANSLATED as exc:
            raise NetworkError(f"could not fetch {url}: {_describe(exc)}", hints=[url]) from exc
        except UndecodableBody as exc:
            raise NetworkError(f"{url} sent a body that cannot be decoded: {exc}") from exc

    def _follow(
        self,
        url: str,
        sink: BinaryIO,
        headers: Mapping[str, str],
        limit: int,
        deadline: float,
        decode: bool,
        missing: frozenset[int],
        credentials: tuple[str, str] | None,
    ) -> Download:
        origin = _origin(httpx.URL(url))
        scheme = origin[0]
        current = url
        for _hop in range(MAX_REDIRECTS + 1):
            remaining = self._remaining(deadline, url)
            request = self._client.build_request(
                "GET", current, headers=headers, timeout=httpx.Timeout(remaining)
            )
            same_origin = _origin(request.url) == origin
            auth = httpx.BasicAuth(*credentials) if credentials and same_origin else None
            response = self._client.send(request, stream=True, auth=auth)
            try:
                if response.status_code in _REDIRECTS and "location" in response.headers:
                    target = response.url.join(response.headers["location"])
                    if target.scheme != scheme:
                        raise NetworkError(
                            f"{current} redirects to {target}, which leaves {scheme}; not followed",
                            hints=[url],
                        )
                    current = str(target)
                    continue
                return self._receive(response, sink, limit, deadline, decode, missing)
            finally:
                response.close()
        raise NetworkError(f"{url} redirects more than {MAX_REDIRECTS} times", hints=[url])

    def _receive(
        self,
        response: httpx.Response,
        sink: BinaryIO,
        limit: int,
        deadline: float,
        decode: bool,
        missing: frozenset[int],
    ) -> Download:
        url = str(response.url)
        validators = Validators(response.headers.get("etag"), response.headers.get("last-modified"))
        empty = hashlib.sha256().hexdigest()
        status = response.status_code
        if status == 304 or status in missing:
            return Download(url, status, validators, 0, empty)
        if status != 200:
            raise NetworkError(f"{url} answered HTTP {status}", hints=[url])
        declared = _content_length(response)
        if declared is not None and declared > limit:
            raise NetworkError(f"{url} is {declared} bytes, over the limit of {limit}")
        digest = hashlib.sha256()
        size = 0
        # The deadline is checked for every chunk read from the network, before any decoding:
        # a gzip body can take many reads to decode to its first byte.
        received = _Deadline(response.stream, lambda: self._remaining(deadline, url))
        response.stream = received
        # No chunk_size: httpx would buffer up to it. The body is decoded here, not by httpx,
        # which inflates a whole chunk at once.
        chunks = response.iter_raw()
        if decode:
            chunks = decoded_pieces(response.headers.get("content-encoding", ""), chunks)
        for chunk in chunks:
            size += len(chunk)
            if size > limit:
                raise NetworkError(f"{url} is larger than the limit of {limit} bytes")
            digest.update(chunk)
            sink.write(chunk)
        if declared is not None and received.bytes != declared:
            raise NetworkError(
                f"{url} ended after {received.bytes} of {declared} bytes (truncated)", hints=[url]
            )
        return Download(url, status, validators, size, digest.hexdigest())

    def _remaining(self, deadline: float, url: str) -> float:
        remaining = deadline - self._clock()
        if remaining <= 0:
            raise FetchTimeout(
                f"{url} took longer than {self.timeout_seconds:g} s to download", hints=[url]
            )
        return remaining


class _Deadline(httpx.SyncByteStream):
    """A response body that calls ``check`` each time the next network chunk is asked for, and
    counts the bytes received."""

    def __init__(
        self, stream: httpx.SyncByteStream | httpx.AsyncByteStream, check: Callable[[], object]
    ) -> None:
        if not isinstance(stream, httpx.SyncByteStream):
            raise TypeError("the client's transport is synchronous")
        self._stream = stream
        self._check = check
        self.bytes = 0  # received so far, as sent (before any decoding)

    def __iter__(self) -> Iterator[bytes]:
        for chunk in self._stream:
            self.bytes += len(chunk)
            yield chunk
            # After the consumer took the chunk (the sink holds it) and before the next read.
            self._check()

    def close(self) -> None:
        self._stream.close()


def _origin(url: httpx.URL) -> tuple[str, str, int | None]:
    """(scheme, host, port) with the default port spelled out: where credentials may go."""
    default = {"http": 80, "https": 443}.get(url.scheme)
    return url.scheme, url.host, url.port or default


def _content_length(response: httpx.Response) -> int | None:
    value = response.headers.get("content-length", "")
    return int(value) if value.isascii() and value.isdigit() else None


def _describe(exc: Exception) -> str:
    text = str(exc).strip()
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__
