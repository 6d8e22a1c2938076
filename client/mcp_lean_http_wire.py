"""HTTP/1.1 requests read from bytes and replies written as bytes, for the lean HTTP server.

Only what an MCP client sends: a request line, headers, and a body of ``Content-Length`` bytes.
A chunked (or otherwise transfer-coded) request body is answered 501: MCP clients send a JSON
body whose length they know. No I/O; client.mcp_lean_http_server feeds it.
"""

from __future__ import annotations

from dataclasses import dataclass
from http import HTTPStatus

from client.mcp_lean_http import MAX_BODY_BYTES, Headers, HttpReply, HttpRequest

MAX_HEAD_BYTES = 65536
HEAD_END = b"\r\n\r\n"
TOKEN_CHARS = frozenset(
    b"!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
)
SERVER_HEADER = b"docclient"


@dataclass(frozen=True)
class Head:
    """A request's line and headers; ``keep_alive``: the connection may carry another request."""

    method: str
    target: str
    header_lines: Headers
    content_length: int
    keep_alive: bool
    expects_continue: bool


@dataclass(frozen=True)
class WireError:
    """A request that cannot be read: answered with ``status``, then the connection closes."""

    status: int
    message: str


def parse_head(raw: bytes) -> Head | WireError:
    """The head of a request (``raw``: its bytes up to, without, the blank line)."""
    line, _, rest = raw.partition(b"\r\n")
    parts = line.split(b" ")
    if len(parts) != 3 or not parts[0] or not set(parts[0]) <= TOKEN_CHARS:
        return WireError(400, "malformed request line")
    method, target, version = parts
    if version not in (b"HTTP/1.1", b"HTTP/1.0"):
        return WireError(505, "only HTTP/1.1 and HTTP/1.0 are served")
    headers: list[tuple[bytes, bytes]] = []
    for field in rest.split(b"\r\n") if rest else ():
        name, colon, value = field.partition(b":")
        if not colon or not name or not set(name) <= TOKEN_CHARS:
            return WireError(400, "malformed header line")
        headers.append((name.lower(), value.strip(b" \t")))
    lengths = {value for name, value in headers if name == b"content-length"}
    if any(name == b"transfer-encoding" for name, _ in headers):
        return WireError(501, "send the body with a Content-Length, not a transfer coding")
    if len(lengths) > 1 or not all(value.isdigit() for value in lengths):
        return WireError(400, "invalid Content-Length")
    connection = {
        token.strip().lower()
        for name, value in headers
        if name == b"connection"
        for token in value.split(b",")
    }
    keep_alive = (
        b"close" not in connection if version == b"HTTP/1.1" else b"keep-alive" in connection
    )
    expect = next((value.lower() for name, value in headers if name == b"expect"), None)
    return Head(
        method=method.decode("latin-1"),
        target=target.decode("latin-1"),
        header_lines=tuple(headers),
        content_length=int(next(iter(lengths), b"0")),
        keep_alive=keep_alive,
        expects_continue=expect == b"100-continue" and version == b"HTTP/1.1",
    )


def request_of(head: Head, body: bytes) -> HttpRequest:
    over = head.content_length > MAX_BODY_BYTES
    path, mark, query = head.target.partition("?")
    body_kept = None if over else body
    return HttpRequest(head.method, path, head.header_lines, body_kept, mark + query)


def reply_head(reply: HttpReply, *, keep_alive: bool) -> bytes:
    """Status line and headers of ``reply`` (a stream is sent chunked)."""
    status = f"HTTP/1.1 {reply.status} {HTTPStatus(reply.status).phrase}\r\n".encode()
    fields = [(b"server", SERVER_HEADER), *reply.headers]
    if reply.stream:
        fields.append((b"transfer-encoding", b"chunked"))
    else:
        fields.append((b"content-length", str(len(reply.body)).encode()))
    if not keep_alive:
        fields.append((b"connection", b"close"))
    return status + b"".join(name + b": " + value + b"\r\n" for name, value in fields) + b"\r\n"


def chunk(data: bytes) -> bytes:
    """One piece of a chunked stream."""
    return f"{len(data):x}\r\n".encode() + data + b"\r\n"


def error_reply(error: WireError) -> bytes:
    reply = HttpReply(
        error.status, ((b"content-type", b"text/plain; charset=utf-8"),), error.message.encode()
    )
    return reply_head(reply, keep_alive=False) + reply.body
