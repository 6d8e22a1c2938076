"""builder.cached_stages: a file's parse entry gives back its records byte for byte."""

from __future__ import annotations

from pathlib import Path

from builder.cache import BuildCache
from builder.cached_stages import _file_records_payload, _load_file_records
from builder.model import ApiUse, FileRecords, Warning_
from builder.stages.parse import encode_record


def test_kept_records_come_back_as_they_were_stored(tmp_path: Path) -> None:
    cache = BuildCache(tmp_path / "cache")
    records = tuple(
        encode_record(r)
        for r in (
            {"heading": "Lines", "body": "one\ntwo\r\nthree", "source": "a.md"},
            {"heading": 'Quote " and \\', "body": "```\ncode\n```", "source": "a.md"},
        )
    )
    parsed = FileRecords(
        records, None, (Warning_("a.md", "odd\nwarning"),), 2, 1, ApiUse(3, "no code found")
    )
    cache.store_bytes("k1", _file_records_payload(parsed))
    assert _load_file_records(cache, "k1") == parsed
    skipped = FileRecords((), "binary")
    cache.store_bytes("k2", _file_records_payload(skipped))
    assert _load_file_records(cache, "k2") == skipped
    cache.store_bytes("k3", b'{"api": true}')
    assert _load_file_records(cache, "k3") is True


def test_an_entry_that_does_not_read_as_records_is_a_miss(tmp_path: Path) -> None:
    cache = BuildCache(tmp_path / "cache")
    parsed = FileRecords((encode_record({"heading": "A", "body": "b"}),), None)
    payload = _file_records_payload(parsed)
    for damaged in (payload + b"\n{}", b"not json\n{}", b"[1, 2]"):
        cache.store_bytes("k", damaged)
        assert _load_file_records(cache, "k") is None
    assert _load_file_records(cache, "absent") is None
