"""builder.cached_trees: a stage's folder moved into the site lands file for file where it would
have been written, whether the site has its folders already or not."""

from __future__ import annotations

from pathlib import Path

from builder.cached_trees import move_tree


def _files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def test_a_moved_tree_merges_into_the_folders_there_and_moves_new_ones_whole(
    tmp_path: Path,
) -> None:
    scratch, site = tmp_path / "scratch", tmp_path / "site"
    made = {
        "shards/lib/1.0.sqlite.gz": b"shard",
        "shards/lib/bodies/a.json.gz": b"a",
        "shards/lib/bodies/b.json.gz": b"b",
        "libs/lib/1.0/index.html": b"contents",
        "libs/lib/1.0/guide/setup.html": b"setup",
        "top.txt": b"top",
    }
    there = {"shards/other/2.0.sqlite.gz": b"other", "libs/lib/index.html": b"library"}
    for root, files in ((scratch, made), (site, there)):
        for relpath, data in files.items():
            (root / relpath).parent.mkdir(parents=True, exist_ok=True)
            (root / relpath).write_bytes(data)
    bodies = (scratch / "shards/lib/bodies").stat().st_ino
    move_tree(scratch, site)
    assert _files(site) == {**there, **made}
    assert _files(scratch) == {}
    # The site had no shards/lib: it is the scratch folder itself, renamed.
    assert (site / "shards/lib/bodies").stat().st_ino == bodies
