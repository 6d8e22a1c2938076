"""The default site shipped in the client never drifts from examples/: rebuild and compare."""

from pathlib import Path

from builder.bundle import BUNDLE, build_bundle, differences


def test_bundled_site_matches_a_fresh_build(tmp_path: Path) -> None:
    fresh = tmp_path / "bundle"
    build_bundle(fresh)
    # Shard bytes also depend on the SQLite library that wrote them; CI and the machines that
    # build the bundle share one, so bytes are the honest comparison.
    assert differences(BUNDLE, fresh) == [], "client/bundled is stale: run python -m builder.bundle"
