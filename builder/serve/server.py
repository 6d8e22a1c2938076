"""Starts, runs and stops the static server: binding, the startup line, signals, graceful stop.

The server is the standard library's ThreadingHTTPServer with non-daemon threads that are
joined on close, so a SIGINT or SIGTERM stops accepting, wakes idle keep-alive connections,
lets responses in flight finish and then returns. A second signal during that drain ends the
process at once. Binding failures become StartupError / PortInUseError with a one-line message.
The connection caps and the request deadline are a ConnectionLimits (connections.py); the listen
backlog is as long as the connection cap.
"""

from __future__ import annotations

import errno
import ipaddress
import signal
import socket
import socketserver
import sys
import threading
from collections.abc import Callable
from http.server import ThreadingHTTPServer
from pathlib import Path
from types import FrameType, TracebackType
from typing import Any, TextIO

from builder.serve.cache import RepresentationCache
from builder.serve.connections import ConnectionLimits, ConnectionTracker
from builder.serve.errors import PortInUseError, StartupError
from builder.serve.files import SiteRoot
from builder.serve.handler import Site, SiteRequestHandler
from builder.serve.media import DEFAULT_CACHE_CONTROL

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8730
# A burst of connections waits here even when the caps are small (as in tests).
MIN_LISTEN_BACKLOG = 128
# How often serve_forever checks for a stop request; shutdown() waits up to this long.
_POLL_SECONDS = 0.05


class StaticServer(ThreadingHTTPServer):
    """A threaded HTTP server of one site whose close waits for the responses in flight."""

    daemon_threads = False
    block_on_close = True
    allow_reuse_address = True

    def __init__(
        self,
        address: tuple[str, int],
        site: Site,
        family: socket.AddressFamily,
        limits: ConnectionLimits,
    ) -> None:
        self.address_family = family
        self.site = site
        self.connections = ConnectionTracker(limits)
        # When CPU load slows the accept loop, a full backlog drops new connections' SYNs, which
        # clients resend only after 1, 3, 7, 15, 31 s: keep room for every connection admitted.
        self.request_queue_size = max(limits.max_connections, MIN_LISTEN_BACKLOG)
        super().__init__(address, SiteRequestHandler)

    def server_bind(self) -> None:
        """Bind without HTTPServer's reverse DNS lookup of the host, which can stall startup."""
        socketserver.TCPServer.server_bind(self)
        host, port = self.server_address[:2]
        self.server_name = str(host)
        self.server_port = int(port)

    def handle_error(self, request: Any, client_address: Any) -> None:
        """Stay quiet about clients that hang up; report anything else."""
        if not isinstance(sys.exc_info()[1], ConnectionError | TimeoutError):
            super().handle_error(request, client_address)

    @property
    def url(self) -> str:
        """The base URL the server answers on."""
        host, port = str(self.server_address[0]), int(self.server_address[1])
        return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"

    @property
    def is_loopback(self) -> bool:
        """Whether only this machine can reach the server."""
        return is_loopback_address(str(self.server_address[0]))

    def close_gracefully(self) -> None:
        """After serve_forever has returned: end idle connections, wait for busy ones, close."""
        self.connections.close_idle()
        self.server_close()


def create_server(
    root: Path,
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    *,
    cache_control: str = DEFAULT_CACHE_CONTROL,
    access_log: TextIO | None = None,
    limits: ConnectionLimits | None = None,
) -> StaticServer:
    """Bind a server for `root`; raise StartupError (PortInUseError) when that is impossible."""
    site = Site(
        root=SiteRoot(root),
        representations=RepresentationCache(),
        cache_control=cache_control,
        access_log=access_log,
    )
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        return StaticServer((host, port), site, family, limits or ConnectionLimits())
    except OSError as error:
        if error.errno == errno.EADDRINUSE:
            message = (
                f"cannot serve on {host}:{port}: the port is already in use "
                "(choose another with --port, or --port 0 for any free port)"
            )
            raise PortInUseError(message) from None
        reason = error.strerror or str(error)
        raise StartupError(f"cannot serve on {host}:{port}: {reason}") from None


def serve(
    root: Path,
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    *,
    quiet: bool = False,
    cache_control: str = DEFAULT_CACHE_CONTROL,
    started: Callable[[str], None] | None = None,
) -> None:
    """Serve `root` until SIGINT or SIGTERM, then finish responses in flight and return;
    ``started`` is called with the server's URL once it listens (port 0 picks it then)."""
    server = create_server(
        root, host, port, cache_control=cache_control, access_log=None if quiet else sys.stderr
    )
    if not server.is_loopback:
        print(
            f"WARNING: listening on {server.url}, which other machines can reach. This is a "
            "development server; use --host 127.0.0.1 to keep it on this machine.",
            file=sys.stderr,
            flush=True,
        )
    print(f"Serving {server.site.root.path} at {server.url}", flush=True)
    if started is not None:
        started(server.url)
    previous = _install_stop_handlers(server) if _in_main_thread() else {}
    try:
        server.serve_forever(poll_interval=_POLL_SECONDS)
    finally:
        server.close_gracefully()
        for signum, handler in previous.items():
            signal.signal(signum, handler)


class RunningServer:
    """A server running in a background thread; stop() (or leaving the `with`) shuts it down."""

    def __init__(self, server: StaticServer) -> None:
        self.server = server
        self._thread = threading.Thread(
            target=server.serve_forever,
            kwargs={"poll_interval": _POLL_SECONDS},
            name="builder.serve",
            daemon=True,
        )
        self._thread.start()

    @property
    def url(self) -> str:
        """The base URL, e.g. "http://127.0.0.1:40123/"."""
        return self.server.url

    @property
    def port(self) -> int:
        """The bound port (useful when started on port 0)."""
        return int(self.server.server_address[1])

    def stop(self) -> None:
        """Stop accepting, let responses in flight finish, and release the port."""
        if self._thread.is_alive():
            self.server.shutdown()
            self._thread.join()
            self.server.close_gracefully()

    def __enter__(self) -> RunningServer:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()


def start_server(
    root: Path,
    *,
    host: str = DEFAULT_HOST,
    port: int = 0,
    cache_control: str = DEFAULT_CACHE_CONTROL,
    access_log: TextIO | None = None,
    limits: ConnectionLimits | None = None,
) -> RunningServer:
    """Start serving `root` in a background thread (port 0: any free port); for tests and tools."""
    server = create_server(
        root, host, port, cache_control=cache_control, access_log=access_log, limits=limits
    )
    return RunningServer(server)


_SignalHandler = Callable[[int, FrameType | None], Any] | int | signal.Handlers | None


def is_loopback_address(address: str) -> bool:
    """Whether a bound IP address is reachable from this machine only."""
    try:
        return ipaddress.ip_address(address.partition("%")[0]).is_loopback
    except ValueError:
        return False


def _install_stop_handlers(server: StaticServer) -> dict[int, _SignalHandler]:
    def request_stop(signum: int, frame: FrameType | None) -> None:
        # A second signal during the drain gets the default action: stop now.
        for stop_signal in previous:
            signal.signal(stop_signal, signal.SIG_DFL)
        # shutdown() waits for serve_forever, which runs on this very thread: call it elsewhere.
        threading.Thread(target=server.shutdown, name="builder.serve-stop").start()

    previous: dict[int, _SignalHandler] = {}
    for signum in (signal.SIGINT, signal.SIGTERM):
        previous[signum] = signal.signal(signum, request_stop)
    return previous


def _in_main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()
