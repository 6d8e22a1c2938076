"""A version's records: kept as compact JSON, written as the volume, then read back from it."""

import hashlib
from pathlib import Path

import orjson
import pytest

from builder.volumes import VersionResult

RECORDS = [
    {"heading": "A", "body": "alpha ```x```", "anchor": "a", "lines": [1, 2]},
    {"heading": "B", "body": 'bêta, "quoted"', "anchor": "b", "headingPath": ["A"]},
    {"heading": "C", "body": "", "anchor": "c"},
]


@pytest.mark.parametrize("summary", [None, "What changed"])
def test_volume_is_what_orjson_writes_for_the_whole_dict(
    tmp_path: Path, summary: str | None
) -> None:
    result = VersionResult("lib", "1.0.0", summary)
    result.records.extend(RECORDS)
    volume: dict[str, object] = {"sections": RECORDS}
    if summary:
        volume["summary"] = summary
    expected = orjson.dumps(volume, option=orjson.OPT_SORT_KEYS)
    assert result.volume_bytes() == expected
    path = tmp_path / "volume.json"
    digest = result.write_volume(path)
    assert path.read_bytes() == expected
    assert digest == hashlib.sha256(expected).hexdigest()


def test_records_are_read_back_from_the_written_volume(tmp_path: Path) -> None:
    result = VersionResult("lib", "1.0.0", None)
    result.records.extend(RECORDS)
    result.write_volume(tmp_path / "volume.json")
    assert len(result.records) == 3
    assert list(result.records) == RECORDS
    assert result.records[-1] == RECORDS[-1] and result.records[1:] == RECORDS[1:]
    with pytest.raises(IndexError):
        result.records[3]
    with pytest.raises(ValueError, match="spilled"):
        result.records.extend(RECORDS)
    assert result.volume_bytes() == (tmp_path / "volume.json").read_bytes()


def test_an_empty_version_writes_an_empty_volume(tmp_path: Path) -> None:
    result = VersionResult("lib", "1.0.0", None)
    result.write_volume(tmp_path / "volume.json")
    assert orjson.loads((tmp_path / "volume.json").read_bytes()) == {"sections": []}
    assert list(result.records) == []
