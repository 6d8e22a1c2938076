"""Undo a response's Content-Encoding in bounded pieces, so a body cannot inflate in memory.

httpx decodes each network chunk whole, and each layer of a stacked encoding ("gzip, gzip") in
turn: a 500-byte body became 200 MB in one piece before the download's size cap saw a byte,
and a larger one gigabytes. Here every layer hands on at most ``PIECE_BYTES`` at a time, so the
cap (client.http) stops the transfer with at most one piece past it in memory.

The client asks for ``ACCEPTED`` only. A body in any other coding, one that is not a sound
stream of its coding, one cut short before its stream ends, or with bytes after the end of a
deflate stream, is an UndecodableBody. A gzip body may hold several members (RFC 1952).
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Iterable, Iterator

ACCEPTED = "gzip, deflate"
PIECE_BYTES = 64 << 10
_IDENTITY = frozenset({"", "identity"})
_GZIP = frozenset({"gzip", "x-gzip"})
# A zlib header: compression method 8 (deflate) and a check that makes the two bytes a multiple
# of 31 (RFC 1950). A "deflate" body without one is a raw deflate stream, which some servers send.
_ZLIB_METHOD = 8


class UndecodableBody(ValueError):
    """A body that is not a sound stream of the coding its response names."""


def decoded_pieces(content_encoding: str, chunks: Iterable[bytes]) -> Iterator[bytes]:
    """The body ``chunks`` with every coding of ``content_encoding`` undone (the last applied
    is undone first), in pieces of at most PIECE_BYTES."""
    codings = [coding.strip().lower() for coding in content_encoding.split(",")]
    pieces: Iterable[bytes] = chunks
    for coding in reversed(codings):
        if coding in _IDENTITY:
            continue
        if coding in _GZIP:
            pieces = _inflated(pieces, lambda _head: zlib.MAX_WBITS | 16, "gzip", members=True)
        elif coding == "deflate":
            pieces = _inflated(pieces, _deflate_window, "deflate", members=False)
        else:
            raise UndecodableBody(
                f"it is sent with Content-Encoding {coding!r}; the client asks for {ACCEPTED}"
            )
    return iter(pieces)


def _deflate_window(head: bytes) -> int:
    """zlib's window bits for a deflate body starting with ``head``: wrapped or raw."""
    wrapped = (
        len(head) >= 2
        and head[0] & 0x0F == _ZLIB_METHOD
        and int.from_bytes(head[:2], "big") % 31 == 0
    )
    return zlib.MAX_WBITS if wrapped else -zlib.MAX_WBITS


def _inflated(
    chunks: Iterable[bytes], window: Callable[[bytes], int], name: str, *, members: bool
) -> Iterator[bytes]:
    """Inflate ``chunks``, PIECE_BYTES at most at a time. ``window`` picks zlib's window bits
    from the first bytes of a stream; ``members``: another stream may follow one that ended."""
    inflater: zlib._Decompress | None = None
    ended = False
    for chunk in chunks:
        pending = chunk
        while pending:
            if inflater is None or ended:
                if ended and not members:
                    raise UndecodableBody(f"it has bytes after the end of its {name} stream")
                inflater, ended = zlib.decompressobj(window(pending)), False
            try:
                # Bounded: the rest of the input waits in unconsumed_tail.
                piece = inflater.decompress(pending, PIECE_BYTES)
            except zlib.error as exc:
                raise UndecodableBody(f"it is not a sound {name} stream ({exc})") from exc
            ended = inflater.eof
            pending = inflater.unused_data if ended else inflater.unconsumed_tail
            if piece:
                yield piece
            # A full piece may leave output inside zlib with no input left to push it.
            while not ended and not pending and len(piece) == PIECE_BYTES:
                piece = inflater.decompress(b"", PIECE_BYTES)
                ended = inflater.eof
                if piece:
                    yield piece
    if inflater is None or not ended:
        raise UndecodableBody(f"its {name} stream ends early (truncated)")
