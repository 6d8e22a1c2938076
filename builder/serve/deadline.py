"""Reads a client's socket so that a request, once its first byte is in, arrives by a deadline.

A socket timeout bounds each read, not the sum of them: a client that sends one header line
just inside the timeout holds its connection, and the thread serving it, for as long as it
likes (slowloris). This raw reader sits beneath the handler's buffered rfile and, while a
deadline is set, gives every read only the time left until it; past the deadline it raises
RequestRejected(408). Without a deadline it reads under the socket's ordinary timeout, which is
how long an idle keep-alive connection may wait for its next request.
"""

from __future__ import annotations

import io
import socket
import time
from http import HTTPStatus
from typing import TYPE_CHECKING

from builder.serve.errors import RequestRejected

if TYPE_CHECKING:
    from _typeshed import WriteableBuffer

# The request head, and a small body the server reads and drops, must arrive within this many
# seconds of the request's first byte. A real client sends a head in one packet.
REQUEST_DEADLINE_SECONDS = 10.0


class DeadlineReader(io.RawIOBase):
    """A socket's input, each read bounded by the time left until the current deadline."""

    def __init__(self, connection: socket.socket, timeout: float | None) -> None:
        super().__init__()
        self._connection = connection
        self._timeout = timeout
        self._deadline: float | None = None

    def readable(self) -> bool:
        """A reader, never a writer."""
        return True

    def readinto(self, buffer: WriteableBuffer, /) -> int:
        """Read what has arrived; raise RequestRejected(408) once the deadline has passed."""
        if self._deadline is None:
            return self._connection.recv_into(buffer)
        remaining = self._deadline - time.monotonic()
        if remaining <= 0:
            raise _expired()
        self._connection.settimeout(remaining)
        try:
            return self._connection.recv_into(buffer)
        except TimeoutError:
            raise _expired() from None

    def start_deadline(self, seconds: float) -> None:
        """From now on, reads must complete within `seconds` in all."""
        self._deadline = time.monotonic() + seconds

    def clear_deadline(self) -> None:
        """Return to the ordinary timeout, e.g. before writing a response."""
        if self._deadline is not None:
            self._deadline = None
            self._connection.settimeout(self._timeout)


def _expired() -> RequestRejected:
    return RequestRejected(HTTPStatus.REQUEST_TIMEOUT, "request not complete by its deadline")
