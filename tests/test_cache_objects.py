"""builder.cache_objects: files kept by their bytes' sha256, linked instead of written again."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from builder.cache_objects import ObjectStore, files_under


def place(store: ObjectStore, target: Path, data: bytes) -> None:
    store.place(target, hashlib.sha256(data).hexdigest(), data)


def test_the_same_bytes_placed_twice_are_one_file(tmp_path: Path) -> None:
    store = ObjectStore(tmp_path / "cache")
    place(store, tmp_path / "first", b"a body pack")
    place(ObjectStore(tmp_path / "cache"), tmp_path / "second", b"a body pack")
    assert (tmp_path / "second").read_bytes() == b"a body pack"
    assert os.path.samefile(tmp_path / "first", tmp_path / "second")


def test_a_damaged_object_is_written_again_and_replaced(tmp_path: Path) -> None:
    store = ObjectStore(tmp_path / "cache")
    place(store, tmp_path / "first", b"a body pack")
    (kept,) = (tmp_path / "cache" / "objects").glob("*/*")
    os.unlink(kept)
    kept.write_bytes(b"a body pick")  # same size, other bytes
    place(ObjectStore(tmp_path / "cache"), tmp_path / "second", b"a body pack")
    assert (tmp_path / "second").read_bytes() == b"a body pack"
    assert kept.read_bytes() == b"a body pack"  # kept again, right this time
    assert os.path.samefile(kept, tmp_path / "second")


def test_an_object_that_is_a_symlink_is_never_linked(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.write_bytes(b"a body pack")
    sha256 = hashlib.sha256(b"a body pack").hexdigest()
    folder = tmp_path / "cache" / "objects" / sha256[:2]
    folder.mkdir(parents=True)
    (folder / sha256).symlink_to(elsewhere)
    place(ObjectStore(tmp_path / "cache"), tmp_path / "placed", b"a body pack")
    assert not (tmp_path / "placed").is_symlink()
    assert not os.path.samefile(tmp_path / "placed", elsewhere)
    assert (tmp_path / "placed").read_bytes() == b"a body pack"


def test_objects_a_build_did_not_use_are_swept(tmp_path: Path) -> None:
    first = ObjectStore(tmp_path / "cache")
    place(first, tmp_path / "kept", b"still published")
    place(first, tmp_path / "dropped", b"no longer published")
    second = ObjectStore(tmp_path / "cache")
    place(second, tmp_path / "again", b"still published")
    assert second.sweep() == 1
    (left,) = (tmp_path / "cache" / "objects").glob("*/*")
    assert left.read_bytes() == b"still published"


def test_without_a_cache_each_file_is_written(tmp_path: Path) -> None:
    store = ObjectStore(None)
    place(store, tmp_path / "first", b"a body pack")
    place(store, tmp_path / "second", b"a body pack")
    assert not os.path.samefile(tmp_path / "first", tmp_path / "second")
    assert store.sweep() == 0


def test_a_path_placed_twice_in_one_build_never_writes_through_the_first(tmp_path: Path) -> None:
    # Two pages with the same bodies make the same pack: the second place() finds the path
    # taken by a link to the object, which the published site links too.
    store = ObjectStore(tmp_path / "cache")
    published = tmp_path / "site-pack"
    place(store, published, b"a body pack")
    before = os.stat(published)
    rebuild = ObjectStore(tmp_path / "cache")
    place(rebuild, tmp_path / "staged", b"a body pack")
    place(rebuild, tmp_path / "staged", b"a body pack")
    after = os.stat(published)
    assert (after.st_ino, after.st_mtime_ns, after.st_size) == (
        before.st_ino,
        before.st_mtime_ns,
        before.st_size,
    )
    assert (tmp_path / "staged").read_bytes() == b"a body pack"


def test_a_file_at_the_target_with_other_bytes_is_replaced_whole(tmp_path: Path) -> None:
    store = ObjectStore(tmp_path / "cache")
    place(store, tmp_path / "published", b"old bytes")
    os.link(tmp_path / "published", tmp_path / "staged")  # the staged path shares its inode
    place(ObjectStore(tmp_path / "cache"), tmp_path / "staged", b"new bytes")
    assert (tmp_path / "published").read_bytes() == b"old bytes"
    assert (tmp_path / "staged").read_bytes() == b"new bytes"
    assert not list(tmp_path.glob(".*.tmp"))
    uncached = ObjectStore(None)
    uncached.place(tmp_path / "staged", "0" * 64, b"newer")
    assert (tmp_path / "published").read_bytes() == b"old bytes"


def test_a_kept_folder_whose_object_was_swept_meanwhile_is_a_miss(tmp_path: Path) -> None:
    from builder.cache import BuildCache

    cache = BuildCache(tmp_path / "cache")
    folder = tmp_path / "pages"
    folder.mkdir()
    (folder / "a.html").write_bytes(b"<p>a</p>")
    (folder / "b.html").write_bytes(b"<p>b</p>")
    cache.store_tree("pages-key", folder)
    (kept,) = [
        p for p in (tmp_path / "cache" / "objects").glob("*/*") if p.read_bytes() == b"<p>b</p>"
    ]
    original = ObjectStore.link

    def swept_meanwhile(self: ObjectStore, sha256: str, target: Path) -> None:
        kept.unlink(missing_ok=True)  # another build's sweep, between the check and the link
        original(self, sha256, target)

    ObjectStore.link = swept_meanwhile  # type: ignore[method-assign]
    try:
        assert cache.link_tree("pages-key", tmp_path / "out") is False
    finally:
        ObjectStore.link = original  # type: ignore[method-assign]
    assert not [p for p in (tmp_path / "out").rglob("*") if p.is_file()]  # nothing half-linked


def test_files_under_lists_what_rglob_and_is_file_list_in_their_order(tmp_path: Path) -> None:
    root = tmp_path / "site"
    for name in ("a/b/c.html", "a-c.html", "a/b.html", "z.txt", ".nojekyll", "a/.hidden/x"):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(name, encoding="utf-8")
    (root / "empty").mkdir()
    (root / "linked.html").symlink_to(root / "z.txt")  # a link to a file is a file
    (root / "folder-link").symlink_to(root / "a", target_is_directory=True)  # not entered
    expected = [
        (p.relative_to(root).as_posix(), str(p)) for p in sorted(root.rglob("*")) if p.is_file()
    ]
    assert files_under(root) == expected
    # By path parts, not as strings ("a-c.html" sorts before "a/b.html" as a string).
    assert [relpath for relpath, _ in expected] == [
        ".nojekyll",
        "a/.hidden/x",
        "a/b/c.html",
        "a/b.html",
        "a-c.html",
        "linked.html",
        "z.txt",
    ]


def test_stored_bytes_are_read_back_while_as_kept(tmp_path: Path) -> None:
    store = ObjectStore(tmp_path / "cache")
    data = b"a search database"
    sha256 = hashlib.sha256(data).hexdigest()
    kept = store.store(sha256, data)
    assert store.read(sha256, kept.st_size, kept.st_mtime_ns) == data
    path = Path(store.path(sha256))
    os.unlink(path)
    path.write_bytes(b"a search databasf")  # same size, other bytes, another time
    assert store.read(sha256, kept.st_size, kept.st_mtime_ns) is None  # hashed, and dropped
    path.write_bytes(b"a search databasf")
    again = store.store(sha256, data)  # a damaged object of the same size is written again
    assert path.read_bytes() == data
    assert store.read(sha256, again.st_size, again.st_mtime_ns) == data
