"""A hardened local static host that answers like GitHub Pages: `python -m builder.serve _site`.

Modules, each with one job: request (read and parse a bounded request head), urlpath (refuse
unsafe targets), files (resolve inside the root, open), media (types, gzip eligibility,
Cache-Control), cache (content hashes and gzip bodies per file version), validators (conditional
and range evaluation, RFC 9110), deadline (a request arrives by a deadline or not at all),
connections (caps overall and per client, graceful shutdown), handler (the HTTP exchange),
server (binding, signals, lifecycle).
"""

from builder.serve.connections import ConnectionLimits
from builder.serve.errors import PortInUseError, RequestRejected, ServeError, StartupError
from builder.serve.server import (
    DEFAULT_HOST,
    DEFAULT_PORT,
    RunningServer,
    StaticServer,
    create_server,
    serve,
    start_server,
)

__all__ = [
    "DEFAULT_HOST",
    "DEFAULT_PORT",
    "ConnectionLimits",
    "PortInUseError",
    "RequestRejected",
    "RunningServer",
    "ServeError",
    "StartupError",
    "StaticServer",
    "create_server",
    "serve",
    "start_server",
]
