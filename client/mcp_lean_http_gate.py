"""Who may talk to the HTTP transport: a loopback Host, no foreign Origin, the bearer token.

Shared by the lean HTTP server and the SDK's (client.mcp_http): no I/O, no SDK import. Host and
Origin are checked first (403, against DNS rebinding): a rebinding page never has the token, and
its request should not learn whether a token would have worked. Then the token (401).
"""

from __future__ import annotations

import hmac
from collections.abc import Mapping
from dataclasses import dataclass

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
UNAUTHORIZED_CHALLENGE = 'Bearer realm="doctrove"'


@dataclass(frozen=True)
class AccessRefusal:
    """The plain-text answer a request gets instead of being served."""

    status: int
    message: str

    @property
    def challenge(self) -> str | None:
        """The WWW-Authenticate value a 401 carries."""
        return UNAUTHORIZED_CHALLENGE if self.status == 401 else None


def host_names(host: str) -> tuple[str, ...]:
    """The names a Host header may use for a server bound to ``host``: loopback's, and its own."""
    name = f"[{host}]" if ":" in host else host
    return tuple(dict.fromkeys((*LOOPBACK_NAMES, name)))


class AccessCheck:
    """Host, Origin and token checks of one listening server."""

    def __init__(self, *, token: str, hosts: tuple[str, ...], port: int) -> None:
        self.token = token.encode()
        self.hosts = frozenset(f"{name}:{port}" for name in hosts)
        self.origin_hosts = frozenset(hosts)

    def refusal(self, headers: Mapping[bytes, bytes]) -> AccessRefusal | None:
        """Why a request with these (lower-cased) headers is refused, or None if it may pass."""
        host = headers.get(b"host", b"").decode("latin-1")
        if host not in self.hosts:
            return AccessRefusal(403, "Forbidden: unexpected Host header\n")
        origin = headers.get(b"origin")
        if origin is not None and not self.local_origin(origin.decode("latin-1")):
            return AccessRefusal(403, "Forbidden: unexpected Origin header\n")
        scheme, _, credentials = headers.get(b"authorization", b"").partition(b" ")
        if scheme.lower() != b"bearer" or not hmac.compare_digest(credentials.strip(), self.token):
            return AccessRefusal(401, "Unauthorized: send Authorization: Bearer $DOCTROVE_TOKEN\n")
        return None

    def local_origin(self, origin: str) -> bool:
        if not origin.startswith("http://"):
            return False
        authority = origin[len("http://") :]
        if authority.startswith("["):
            name, _, rest = authority.partition("]")
            name, port = name + "]", rest.removeprefix(":")
        else:
            name, _, port = authority.partition(":")
        return name in self.origin_hosts and (port == "" or port.isdigit())
