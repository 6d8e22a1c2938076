"""The volume stage: a version's records written as its volume, then read back from it."""

import hashlib
from pathlib import Path
from typing import Any

import orjson
import pytest

import builder.stages.volume
from builder.errors import IndexInvalid
from builder.model import CompiledVersion, DigestedRecords, records_digest, records_json
from builder.stages.parse import encode_record
from builder.stages.volume import check_volume, volume_bytes, write_volume

RECORDS = [
    {"heading": "A", "body": "alpha ```x```", "anchor": "a", "lines": [1, 2]},
    {"heading": "B", "body": 'bêta, "quoted"', "anchor": "b", "headingPath": ["A"]},
    {"heading": "C", "body": "", "anchor": "c"},
]


def compiled(
    summary: str | None = None, records: list[dict[str, object]] = RECORDS
) -> CompiledVersion:
    encoded = tuple(encode_record(r) for r in records)
    return CompiledVersion("lib", "1.0.0", summary, records=encoded, section_count=len(encoded))


@pytest.mark.parametrize("write_bytes", [1, 40, 1 << 20])  # a write per piece, some, one
@pytest.mark.parametrize("summary", [None, "What changed"])
def test_volume_is_what_orjson_writes_for_the_whole_dict(
    tmp_path: Path, summary: str | None, write_bytes: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(builder.stages.volume, "WRITE_BYTES", write_bytes)
    version = compiled(summary)
    document: dict[str, object] = {"sections": RECORDS}
    if summary:
        document["summary"] = summary
    expected = orjson.dumps(document, option=orjson.OPT_SORT_KEYS)
    assert volume_bytes(version) == expected
    written = write_volume(version, tmp_path / "volume.json")
    assert (tmp_path / "volume.json").read_bytes() == expected
    assert written.sha256 == hashlib.sha256(expected).hexdigest()
    assert list(written.records) == RECORDS  # each record's span, however it was written


def test_records_are_read_back_from_the_written_volume(tmp_path: Path) -> None:
    records = write_volume(compiled(), tmp_path / "volume.json").records
    assert len(records) == 3
    assert list(records) == RECORDS
    assert records[-1] == RECORDS[-1] and records[1:] == RECORDS[1:]
    with pytest.raises(IndexError):
        records[3]


def test_a_cached_volume_is_written_as_kept_and_its_records_decoded(tmp_path: Path) -> None:
    kept = volume_bytes(compiled("Notes"))
    version = CompiledVersion("lib", "1.0.0", "Notes", cached_volume=kept, section_count=3)
    written = write_volume(version, tmp_path / "volume.json")
    assert (tmp_path / "volume.json").read_bytes() == kept
    assert list(written.records) == RECORDS and len(written.records) == 3


def test_an_empty_version_writes_an_empty_volume(tmp_path: Path) -> None:
    written = write_volume(compiled(records=[]), tmp_path / "volume.json")
    assert orjson.loads((tmp_path / "volume.json").read_bytes()) == {"sections": []}
    assert list(written.records) == []


def test_a_volume_that_breaks_the_index_rules_is_refused(tmp_path: Path) -> None:
    written = write_volume(compiled(records=[{"heading": 1}]), tmp_path / "volume.json")
    with pytest.raises(IndexInvalid, match=r"the volume of lib 1\.0\.0"):
        check_volume(written)


@pytest.mark.parametrize("kept", [False, True])
def test_records_give_their_json_and_sources_without_decoding(tmp_path: Path, kept: bool) -> None:
    # What a rebuild keys and groups pages on: the same as the decoded records say.
    records = [{**RECORDS[0], "source": "a.md"}, RECORDS[1], {**RECORDS[2], "source": "b.md"}]
    version = compiled("Notes", records)
    if kept:  # a volume the cache had whole: no spans, the file is all there is
        version = CompiledVersion("lib", "1.0.0", "Notes", cached_volume=volume_bytes(version))
    written = write_volume(version, tmp_path / "volume.json")
    assert written.records.sources() == ["a.md", None, "b.md"]
    assert [written.records.record_json(i) for i in range(3)] == [
        orjson.dumps(r, option=orjson.OPT_SORT_KEYS) for r in records
    ]


@pytest.mark.parametrize("kept", [False, True])
def test_a_pages_records_are_hashed_once_for_both_stages(
    tmp_path: Path, kept: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The shard and page stages key each page on this digest: it is each position set's own,
    # computed once, and the same as plain records give.
    version = compiled("Notes")
    if kept:
        version = CompiledVersion("lib", "1.0.0", "Notes", cached_volume=volume_bytes(version))
    records = write_volume(version, tmp_path / "volume.json").records
    assert isinstance(records, DigestedRecords)
    made: list[tuple[int, ...]] = []
    real = builder.stages.volume.records_json

    def recording(records: Any, positions: tuple[int, ...]) -> bytes:
        made.append(positions)
        return real(records, positions)

    monkeypatch.setattr(builder.stages.volume, "records_json", recording)
    for positions in ([0, 1], [2], [0, 1], [1], [0, 1, 2], [2]):
        expected = hashlib.sha256(records_json(RECORDS, positions)).hexdigest()
        assert records_digest(records, positions) == expected
        assert records_digest(RECORDS, positions) == expected
    assert made == [(0, 1), (2,), (1,), (0, 1, 2)]
