"""The default site shipped in the client never drifts from examples/: rebuild and compare."""

import gzip
import sqlite3
from pathlib import Path

from builder.bundle import BUNDLE, build_bundle, differences


def test_bundled_site_matches_a_fresh_build(tmp_path: Path) -> None:
    fresh = tmp_path / "bundle"
    build_bundle(fresh)
    # Shard bytes also depend on the SQLite library that wrote them; CI and the machines that
    # build the bundle share one, so bytes are the honest comparison.
    assert differences(BUNDLE, fresh) == [], "client/bundled is stale: run python -m builder.bundle"


def test_every_section_of_the_bundled_site_has_its_own_address(tmp_path: Path) -> None:
    """(source, anchor) names one section of a version, though an anchor may be on several
    pages (werkzeug's deployment pages each have "configuration"); without a source, the
    anchor alone does."""
    shared = 0
    for packed in sorted((BUNDLE / "shards").rglob("*.sqlite*")):
        raw = tmp_path / "shard.sqlite"
        data = packed.read_bytes()
        raw.write_bytes(gzip.decompress(data) if packed.suffix == ".gz" else data)
        conn = sqlite3.connect(raw)
        try:
            rows = conn.execute("SELECT source, anchor FROM sections").fetchall()
        finally:
            conn.close()
        raw.unlink()
        assert len(set(rows)) == len(rows), packed
        shared += len(rows) - len({anchor for _, anchor in rows})
    assert shared > 0
