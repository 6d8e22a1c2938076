"""Network reads that never wait past the current download's deadline, response head included.

httpx arms its read timeout afresh for every read, so a server that sends its header lines a few
bytes at a time can hold a request far past any deadline: client.http checks the deadline between
body chunks, but the head is read inside httpcore. This module gives httpcore a network backend
whose streams clamp every connect, read and write to the time the current download has left (a
per-thread callable that client.http sets around each download) and time out once it is spent.
"""

from __future__ import annotations

import functools
import ssl
import threading
import typing
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager

import httpcore
import httpx

_current = threading.local()


@contextmanager
def deadline(remaining: Callable[[], float]) -> Iterator[None]:
    """Within this block, network waits on this thread end when ``remaining()`` reaches 0."""
    previous = getattr(_current, "remaining", None)
    _current.remaining = remaining
    try:
        yield
    finally:
        _current.remaining = previous


def _clamp(timeout: float | None) -> float | None:
    remaining: Callable[[], float] | None = getattr(_current, "remaining", None)
    if remaining is None:
        return timeout
    left = remaining()
    if left <= 0:
        raise httpcore.ReadTimeout("the download's deadline has passed")
    return left if timeout is None else min(timeout, left)


class _DeadlineStream(httpcore.NetworkStream):
    def __init__(self, stream: httpcore.NetworkStream) -> None:
        self._stream = stream

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return self._stream.read(max_bytes, _clamp(timeout))

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        self._stream.write(buffer, _clamp(timeout))

    def close(self) -> None:
        self._stream.close()

    def start_tls(
        self,
        ssl_context: ssl.SSLContext,
        server_hostname: str | None = None,
        timeout: float | None = None,
    ) -> httpcore.NetworkStream:
        return _DeadlineStream(
            self._stream.start_tls(ssl_context, server_hostname, _clamp(timeout))
        )

    def get_extra_info(self, info: str) -> typing.Any:
        return self._stream.get_extra_info(info)


class _DeadlineBackend(httpcore.NetworkBackend):
    def __init__(self) -> None:
        self._backend = httpcore.SyncBackend()

    def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[typing.Any] | None = None,
    ) -> httpcore.NetworkStream:
        stream = self._backend.connect_tcp(
            host, port, _clamp(timeout), local_address, socket_options
        )
        return _DeadlineStream(stream)

    def connect_unix_socket(
        self,
        path: str,
        timeout: float | None = None,
        socket_options: Iterable[typing.Any] | None = None,
    ) -> httpcore.NetworkStream:
        return _DeadlineStream(
            self._backend.connect_unix_socket(path, _clamp(timeout), socket_options)
        )

    def sleep(self, seconds: float) -> None:
        self._backend.sleep(seconds)


@functools.cache
def _tls_context() -> ssl.SSLContext:
    """The process's one TLS context: building one reads the whole CA bundle (about 50 ms of
    CPU), and every download of the process verifies against that same bundle."""
    return httpx.create_ssl_context()


def deadline_transport() -> httpx.HTTPTransport:
    """httpx's own transport (its request mapping and exception translation), with a connection
    pool whose network backend honours :func:`deadline`. httpx has no public way to hand its pool
    a backend, so the pool is replaced with one built the way httpx builds it."""
    transport = httpx.HTTPTransport(verify=_tls_context())
    limits = httpx.Limits()
    transport._pool = httpcore.ConnectionPool(
        ssl_context=_tls_context(),
        max_connections=limits.max_connections,
        max_keepalive_connections=limits.max_keepalive_connections,
        keepalive_expiry=limits.keepalive_expiry,
        network_backend=_DeadlineBackend(),
    )
    return transport
