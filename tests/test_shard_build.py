"""Tests for schemas.shard_build: the pure parts of turning records into shard rows."""

from __future__ import annotations

import itertools

import pytest

from schemas import shard_build
from schemas.shard_build import _FENCED, split_code
from schemas.text import index_text


def test_split_code_cuts_the_prose_where_the_fence_pattern_substitutes() -> None:
    # The prose is assembled from the text between the blocks one search found; every body of
    # up to five of these lines must give the prose a substitution of the blocks leaves.
    lines = ["```", "~~~", "``` py", " ```", "x = 1", "", "text"]
    for count in range(1, 6):
        for chosen in itertools.product(lines, repeat=count):
            body = "\n".join(chosen)
            code = [block.group(1) for block in _FENCED.finditer(body)]
            expected = (_FENCED.sub("", body), "\n".join(code)) if code else (body, "")
            assert split_code(body) == expected, repr(body)


def test_sections_sharing_a_heading_path_have_it_tokenized_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[str] = []

    def counting_index_text(text: str) -> str:
        calls.append(text)
        return index_text(text)

    monkeypatch.setattr(shard_build, "index_text", counting_index_text)
    records = [
        {"heading": heading, "headingPath": ["Guide", "Files"], "body": "Read.", "source": "a.md"}
        for heading in ("Open", "Close", "Seek")
    ]
    rows = list(shard_build.shard_rows(records))
    assert calls.count("Guide Files") == 1
    assert [row.search[1] for row in rows] == [index_text("Guide Files")] * 3


def test_a_body_pack_is_deflated_at_the_pack_level() -> None:
    import gzip
    import zlib

    from schemas.body_packs import PACK_GZIP_LEVEL, encode_pack, pack_text

    text = pack_text(["Serialize obj to a JSON formatted str. " * 40, "Return a string."])
    compressor = zlib.compressobj(PACK_GZIP_LEVEL, zlib.DEFLATED, -zlib.MAX_WBITS)
    deflated = compressor.compress(text) + compressor.flush()
    packed = encode_pack(text)
    assert PACK_GZIP_LEVEL == 5
    assert packed[10:-8] == deflated and gzip.decompress(packed) == text
