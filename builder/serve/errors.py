"""The exceptions of builder.serve, each with a stable exit code or HTTP status.

    ServeError                  exit 1   base of everything below
    ├── StartupError            exit 1   the server cannot start (bad root, cannot bind)
    │   └── PortInUseError      exit 1   the address is already taken
    └── RequestRejected                  one request is refused; carries the HTTP status

Startup errors reach the command line, which prints the message and exits with `exit_code`.
RequestRejected never leaves the handler: it becomes a short plain-text 4xx response whose text
is fixed per status, so no local path or parsed input is ever echoed back.
"""

from __future__ import annotations

from http import HTTPStatus


class ServeError(Exception):
    """Base class of every error raised by builder.serve."""

    exit_code = 1


class StartupError(ServeError):
    """The server cannot start: the root is not a directory or the address cannot be bound."""


class PortInUseError(StartupError):
    """Another process already listens on the requested host and port."""


class RequestRejected(ServeError):
    """A request that is refused before any file is looked at.

    `reason` is for the access log and for tests; it is never sent to the client.
    """

    def __init__(self, status: HTTPStatus, reason: str) -> None:
        super().__init__(f"{status.value} {status.phrase}: {reason}")
        self.status = status
        self.reason = reason
