"""Tracks open client connections: caps them overall and per client, and drains them on shutdown.

A connection is waiting while its thread waits for a request head (an idle keep-alive
connection, or a head still arriving), busy from the moment a head has been read until its
response is written. Each connection holds a thread, so the tracker caps them: at most
`max_connections` in all and `max_per_client` from one remote address. At a cap a new
connection takes the place of the oldest waiting one (of the same client at the per-client
cap, of anyone at the overall cap), which is closed; only when every connection that counts
against the cap is busy is the new one refused (503). So connections that send nothing, or a
head slowly, cannot lock out a client that sends a request at once, even from the same address.

On shutdown the tracker stops admitting work, half-closes the waiting connections (their pending
read sees end of file and the thread exits) and lets the busy ones finish, after which they close.
"""

from __future__ import annotations

import contextlib
import socket
import threading
from collections import Counter
from dataclasses import dataclass

from builder.serve.deadline import REQUEST_DEADLINE_SECONDS
from builder.serve.errors import StartupError

DEFAULT_MAX_CONNECTIONS = 512
# On loopback every client has the same address, so the per-client cap is also the cap of
# everything on this machine together: half the connections leaves room for a browser, a
# docclient and a load test, while one remote address cannot take them all.
DEFAULT_CLIENT_SHARE = 2


@dataclass(frozen=True)
class ConnectionLimits:
    """How many connections the server holds, from whom, and how long a request may take to arrive.

    `max_per_client` None means max_connections // DEFAULT_CLIENT_SHARE.
    """

    max_connections: int = DEFAULT_MAX_CONNECTIONS
    max_per_client: int | None = None
    request_deadline_seconds: float = REQUEST_DEADLINE_SECONDS

    def __post_init__(self) -> None:
        if self.max_connections < 1:
            raise StartupError(f"max_connections must be at least 1, got {self.max_connections}")
        if self.max_per_client is not None and not 1 <= self.max_per_client <= self.max_connections:
            raise StartupError(
                f"max_per_client must be between 1 and max_connections ({self.max_connections}), "
                f"got {self.max_per_client}"
            )
        if not self.request_deadline_seconds > 0:
            raise StartupError(
                f"request_deadline_seconds must be positive, got {self.request_deadline_seconds}"
            )

    @property
    def per_client(self) -> int:
        """The connections one remote address may hold."""
        if self.max_per_client is not None:
            return self.max_per_client
        return max(1, self.max_connections // DEFAULT_CLIENT_SHARE)


class ConnectionTracker:
    """The open connections, whose they are and which are busy, guarded by one lock."""

    def __init__(self, limits: ConnectionLimits | None = None) -> None:
        self.limits = limits or ConnectionLimits()
        self._lock = threading.Lock()
        # Connection -> client address. Insertion order is the order they began waiting.
        self._waiting: dict[socket.socket, str] = {}
        self._busy: dict[socket.socket, str] = {}
        self._per_client: Counter[str] = Counter()
        self._closing = False

    def open(self, connection: socket.socket, client: str) -> bool:
        """Admit a new connection as waiting, closing the oldest waiting one at a cap.

        False when shutting down, or at a cap whose connections are all busy.
        """
        with self._lock:
            if self._closing:
                return False
            if self._per_client[client] >= self.limits.per_client:
                displaced = self._oldest_waiting(client)
            elif len(self._waiting) + len(self._busy) >= self.limits.max_connections:
                displaced = self._oldest_waiting(None)
            else:
                displaced = None
                self._admit(connection, client)
                return True
            if displaced is None:
                return False
            self._forget(displaced)
            self._admit(connection, client)
        # Its thread's read sees end of file; begin() refuses it if a head got through meanwhile.
        with contextlib.suppress(OSError):
            displaced.shutdown(socket.SHUT_RDWR)
        return True

    def begin(self, connection: socket.socket) -> bool:
        """Mark a connection busy for one request; False after shutdown or when displaced."""
        with self._lock:
            if self._closing or connection not in self._waiting:
                return False
            self._busy[connection] = self._waiting.pop(connection)
            return True

    def end(self, connection: socket.socket) -> bool:
        """Mark a connection waiting again; True when it should now close because of shutdown."""
        with self._lock:
            if self._closing:
                self._forget(connection)
                return True
            self._waiting[connection] = self._busy.pop(connection)
            return False

    def close(self, connection: socket.socket) -> None:
        """Forget a connection whose thread is about to exit."""
        with self._lock:
            self._forget(connection)

    def close_idle(self) -> None:
        """Begin shutdown: refuse new work and wake every waiting connection's reader."""
        with self._lock:
            self._closing = True
            waiting = list(self._waiting)
        for connection in waiting:
            # OSError: the client or its thread closed it first.
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RD)

    @property
    def counts(self) -> tuple[int, int]:
        """(waiting, busy) connection counts."""
        with self._lock:
            return len(self._waiting), len(self._busy)

    def _admit(self, connection: socket.socket, client: str) -> None:
        self._waiting[connection] = client
        self._per_client[client] += 1

    def _oldest_waiting(self, client: str | None) -> socket.socket | None:
        for connection, owner in self._waiting.items():
            if client is None or owner == client:
                return connection
        return None

    def _forget(self, connection: socket.socket) -> None:
        client = self._waiting.pop(connection, None)
        if client is None:
            client = self._busy.pop(connection, None)
        if client is not None:
            self._per_client[client] -= 1
            if not self._per_client[client]:
                del self._per_client[client]
