"""Content-Encoding undone in bounded pieces: sound streams, bombs, stacks, damage."""

from __future__ import annotations

import gzip
import zlib
from collections.abc import Iterator

import pytest

from client.content_decoding import PIECE_BYTES, UndecodableBody, decoded_pieces

TEXT = b'{"format": "doctrove-catalog@1"}' * 1000


def gzip_of_zeros(size: int) -> bytes:
    """A gzip stream of ``size`` zero bytes, made without holding them."""
    packer = zlib.compressobj(9, zlib.DEFLATED, zlib.MAX_WBITS | 16)
    block = bytes(1 << 20)
    parts = [packer.compress(block) for _ in range(size // len(block))]
    return b"".join([*parts, packer.flush()])


def in_chunks(data: bytes, size: int) -> Iterator[bytes]:
    return (data[i : i + size] for i in range(0, len(data), size))


def decoded(encoding: str, data: bytes, chunk: int = 1000) -> bytes:
    return b"".join(decoded_pieces(encoding, in_chunks(data, chunk)))


@pytest.mark.parametrize("encoding", ["", "identity", " Identity "])
def test_an_identity_body_is_passed_on_as_sent(encoding: str) -> None:
    assert decoded(encoding, TEXT) == TEXT


def test_gzip_is_undone_across_chunks_and_members() -> None:
    assert decoded("gzip", gzip.compress(TEXT), chunk=7) == TEXT
    assert decoded("x-gzip", gzip.compress(TEXT[:10]) + gzip.compress(TEXT[10:])) == TEXT


def test_deflate_is_undone_wrapped_or_raw() -> None:
    raw = zlib.compressobj(6, zlib.DEFLATED, -zlib.MAX_WBITS)
    assert decoded("deflate", zlib.compress(TEXT)) == TEXT
    assert decoded("deflate", raw.compress(TEXT) + raw.flush()) == TEXT


def test_stacked_codings_are_undone_last_first() -> None:
    assert decoded("deflate, gzip", gzip.compress(zlib.compress(TEXT))) == TEXT


def test_a_bomb_comes_out_in_bounded_pieces_however_it_is_stacked() -> None:
    # 2 KB that inflate to 64 MB: httpx handed on all of it at once.
    bomb = gzip_of_zeros(64 << 20)
    for encoding, body in (("gzip", bomb), ("gzip, gzip", gzip.compress(bomb))):
        pieces = decoded_pieces(encoding, iter([body]))
        first = [len(next(pieces)) for _ in range(50)]
        assert max(first) <= PIECE_BYTES


@pytest.mark.parametrize(
    ("encoding", "body", "problem"),
    [
        ("br", b"anything", "Content-Encoding 'br'; the client asks for gzip, deflate"),
        ("gzip", gzip.compress(TEXT, mtime=0)[:-20], "gzip stream ends early"),
        ("gzip", b"", "gzip stream ends early"),
        ("gzip", b"not gzip at all", "not a sound gzip stream"),
        ("deflate", zlib.compress(TEXT) + b"more", "bytes after the end of its deflate stream"),
    ],
    ids=["unasked", "truncated", "empty", "garbage", "trailing"],
)
def test_an_unsound_body_is_refused(encoding: str, body: bytes, problem: str) -> None:
    with pytest.raises(UndecodableBody, match=problem):
        decoded(encoding, body)
