"""Tracks open client connections so shutdown can finish responses in flight and end idle ones.

A keep-alive connection is idle while its thread waits for the next request, busy from the
moment a request head has been read until its response is written. On shutdown the tracker
stops admitting work, half-closes the idle connections (their pending read sees end of file and
the thread exits) and lets the busy ones finish, after which they close. The tracker also caps
the number of open connections, since each one holds a thread.
"""

from __future__ import annotations

import contextlib
import socket
import threading

DEFAULT_MAX_CONNECTIONS = 512


class ConnectionTracker:
    """The set of open connections and which of them are busy, guarded by one lock."""

    def __init__(self, max_connections: int = DEFAULT_MAX_CONNECTIONS) -> None:
        self._lock = threading.Lock()
        self._idle: set[socket.socket] = set()
        self._busy: set[socket.socket] = set()
        self._max = max_connections
        self._closing = False

    def open(self, connection: socket.socket) -> bool:
        """Admit a new connection as idle; False when shutting down or at the cap."""
        with self._lock:
            if self._closing or len(self._idle) + len(self._busy) >= self._max:
                return False
            self._idle.add(connection)
            return True

    def begin(self, connection: socket.socket) -> bool:
        """Mark a connection busy for one request; False when shutdown has begun."""
        with self._lock:
            if self._closing:
                return False
            self._idle.discard(connection)
            self._busy.add(connection)
            return True

    def end(self, connection: socket.socket) -> bool:
        """Mark a connection idle again; True when it should now close because of shutdown."""
        with self._lock:
            self._busy.discard(connection)
            if self._closing:
                return True
            self._idle.add(connection)
            return False

    def close(self, connection: socket.socket) -> None:
        """Forget a connection whose thread is about to exit."""
        with self._lock:
            self._idle.discard(connection)
            self._busy.discard(connection)

    def close_idle(self) -> None:
        """Begin shutdown: refuse new work and wake every idle connection's reader."""
        with self._lock:
            self._closing = True
            idle = list(self._idle)
        for connection in idle:
            # OSError: the client or its thread closed it first.
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RD)

    @property
    def counts(self) -> tuple[int, int]:
        """(idle, busy) connection counts."""
        with self._lock:
            return len(self._idle), len(self._busy)
