"""Pagefind's filter files, put in one order whatever order Pagefind wrote their values in."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from builder.pagefind_order import (
    SIGNATURE,
    PagefindFormatError,
    order_pagefind_output,
    sorted_filter,
)

# CBOR ["version", [["2.0.0", [0, 1]], ["1.0.0", [2, 3]]]], as Pagefind writes it.
NEW_FIRST = SIGNATURE + b"\x82gversion\x82\x82e2.0.0\x82\x00\x01\x82e1.0.0\x82\x02\x03"
OLD_FIRST = SIGNATURE + b"\x82gversion\x82\x82e1.0.0\x82\x02\x03\x82e2.0.0\x82\x00\x01"


def test_filter_values_are_sorted_whatever_their_order() -> None:
    assert sorted_filter(NEW_FIRST) == sorted_filter(OLD_FIRST) == OLD_FIRST
    many = (
        SIGNATURE
        + b"\x82al\x98\x18"
        + b"".join(
            b"\x82a" + bytes([ord("a") + n % 26]) + b"\x81\x18" + bytes([100 + n])
            for n in reversed(range(24))
        )
    )
    assert sorted_filter(many).startswith(SIGNATURE + b"\x82al\x98\x18\x82aa\x81\x18d")


@pytest.mark.parametrize("payload", [b"nope", SIGNATURE + b"\xa1", SIGNATURE + b"\x82ax\xa0"])
def test_what_is_not_a_filter_file_is_refused(payload: bytes) -> None:
    with pytest.raises(PagefindFormatError):
        sorted_filter(payload)


LIBRARY_FILTER = SIGNATURE + b"\x82glibrary\x81\x82cDem\x82\x00\x01"
# CBOR ["1.5.2", [], [], filters, [], ["title"]]: a metadata file with no pages.
META = SIGNATURE + b"\x86e1.5.2\x80\x80%b\x80\x81etitle"
VERSION_ENTRY = b"\x82gversionounknown_1234567"
LIBRARY_ENTRY = b"\x82glibraryounknown_7654321"


def write_output(folder: Path, version_filter: bytes, filters: bytes) -> None:
    """A pagefind/ folder holding two filters, the metadata naming them and the entry file."""
    (folder / "filter").mkdir(parents=True)
    (folder / "filter" / "unknown_1234567.pf_filter").write_bytes(gzip.compress(version_filter))
    (folder / "filter" / "unknown_7654321.pf_filter").write_bytes(gzip.compress(LIBRARY_FILTER))
    meta = META % filters
    (folder / "pagefind.unknown_abcdefabcdefabc.pf_meta").write_bytes(gzip.compress(meta))
    entry = {"version": "1.5.2", "languages": {"unknown": {"hash": "unknown_abcdefabcdefabc"}}}
    (folder / "pagefind-entry.json").write_text(json.dumps(entry), encoding="utf-8")


def test_two_runs_in_different_orders_give_the_same_files(tmp_path: Path) -> None:
    write_output(tmp_path / "one", NEW_FIRST, b"\x82" + VERSION_ENTRY + LIBRARY_ENTRY)
    write_output(tmp_path / "two", OLD_FIRST, b"\x82" + LIBRARY_ENTRY + VERSION_ENTRY)
    for folder in ("one", "two"):
        order_pagefind_output(tmp_path / folder)
    files = {
        folder: {
            path.relative_to(tmp_path / folder): path.read_bytes()
            for path in (tmp_path / folder).rglob("*")
            if path.is_file()
        }
        for folder in ("one", "two")
    }
    assert files["one"] == files["two"]
    entry = json.loads(files["one"][Path("pagefind-entry.json")])
    meta_name = f"pagefind.{entry['languages']['unknown']['hash']}.pf_meta"
    meta = gzip.decompress(files["one"][Path(meta_name)])
    filters = {
        gzip.decompress(content): path.stem.encode()
        for path, content in files["one"].items()
        if path.suffix == ".pf_filter"
    }
    version_name = filters[OLD_FIRST]  # the values sorted, the file named anew
    assert version_name != b"unknown_1234567" and b"unknown_1234567" not in meta
    assert meta.index(b"glibrary") < meta.index(b"gversion")
    assert b"\x82gversion" + bytes([0x60 + len(version_name)]) + version_name in meta
