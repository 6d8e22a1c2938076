"""schemas.gzip_member: the same gzip bytes on every Python, readable by gzip."""

import gzip
import sys

import pytest

from schemas.gzip_member import gzip_member

SAMPLES = [b"", b"x", b'["a body", "another body"]' * 200, bytes(range(256)) * 40]


@pytest.mark.parametrize("level", range(10))
def test_a_member_decompresses_to_its_data(level: int) -> None:
    for data in SAMPLES:
        assert gzip.decompress(gzip_member(data, level)) == data


def test_the_header_names_unix_and_no_time() -> None:
    assert gzip_member(b"x", 5)[:10] == b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03"
    assert gzip_member(b"x", 9)[8:10] == b"\x02\x03"
    assert gzip_member(b"x", 1)[8:10] == b"\x04\x03"


@pytest.mark.skipif(
    sys.version_info >= (3, 13) or sys.platform != "linux",
    reason="gzip.compress writes OS 255 from Python 3.13, and zlib names its own OS elsewhere",
)
@pytest.mark.parametrize("level", range(10))
def test_a_member_is_what_gzip_compress_wrote_before_python_3_13(level: int) -> None:
    for data in SAMPLES:
        assert gzip_member(data, level) == gzip.compress(data, compresslevel=level, mtime=0)
