"""Safe extraction: real tar and zip files, hostile ones included; nothing lands outside."""

from __future__ import annotations

import tarfile
import zipfile
from pathlib import Path

import pytest

from builder import extract
from builder.errors import SourceError, UnsafeArchive
from builder.extract import extract_tar, extract_zip
from tests.source_support import GUIDE, tar_member, write_tar, write_zip


def extract_tar_file(path: Path, destination: Path) -> extract.Extracted:
    with path.open("rb") as stream:
        return extract_tar(stream, destination)


def everything_below(path: Path) -> set[str]:
    return {p.relative_to(path).as_posix() for p in path.rglob("*")}


def test_files_folders_and_links_inside_are_written(tmp_path: Path) -> None:
    archive = write_tar(
        tmp_path / "ok.tar.gz",
        [
            tar_member("./pkg/", kind=tarfile.DIRTYPE),
            tar_member("pkg/docs/guide.md", GUIDE),
            tar_member("pkg/docs/again.md", kind=tarfile.LNKTYPE, link="pkg/docs/guide.md"),
            tar_member("pkg/docs/alias.md", kind=tarfile.SYMTYPE, link="guide.md"),
            tar_member("pkg/docs/pipe", kind=tarfile.FIFOTYPE),
            tar_member("pkg/docs/tty", kind=tarfile.CHRTYPE),
        ],
    )
    done = extract_tar_file(archive, tmp_path / "out")
    docs = tmp_path / "out" / "pkg" / "docs"
    assert (docs / "guide.md").read_bytes() == GUIDE
    assert (docs / "again.md").read_bytes() == GUIDE and not (docs / "again.md").is_symlink()
    assert (docs / "alias.md").is_symlink() and (docs / "alias.md").read_bytes() == GUIDE
    assert not (docs / "pipe").exists() and not (docs / "tty").exists()
    assert done.skipped == [
        "pkg/docs/pipe (not a regular file)",
        "pkg/docs/tty (not a regular file)",
    ]
    assert (done.files, done.bytes) == (2, 2 * len(GUIDE))


@pytest.mark.parametrize(
    ("member", "message"),
    [
        (tar_member("../evil.md", GUIDE), "leaves the archive's root"),
        (tar_member("pkg/../../evil.md", GUIDE), "leaves the archive's root"),
        (tar_member("/tmp/evil.md", GUIDE), "absolute path"),
        (tar_member("pkg/out", kind=tarfile.SYMTYPE, link="/etc/passwd"), "points outside"),
        (tar_member("pkg/out", kind=tarfile.SYMTYPE, link="../../evil"), "points outside"),
        (tar_member("pkg/hard", kind=tarfile.LNKTYPE, link="../evil.md"), "leaves the archive"),
        (tar_member("pkg/hard", kind=tarfile.LNKTYPE, link="/etc/passwd"), "absolute path"),
    ],
    ids=[
        "dotdot",
        "inner-dotdot",
        "absolute",
        "symlink-abs",
        "symlink-up",
        "hardlink-up",
        "hardlink-abs",
    ],
)
def test_members_escaping_the_root_are_refused(
    tmp_path: Path, member: tuple[tarfile.TarInfo, bytes], message: str
) -> None:
    archive = write_tar(tmp_path / "bad.tar", [tar_member("pkg/docs/guide.md", GUIDE), member])
    (tmp_path / "box").mkdir()
    with pytest.raises(UnsafeArchive, match=message):
        extract_tar_file(archive, tmp_path / "box" / "out")
    assert everything_below(tmp_path / "box") <= {
        "out",
        "out/pkg",
        "out/pkg/docs",
        "out/pkg/docs/guide.md",
    }
    assert not (tmp_path / "evil.md").exists()


def test_a_chain_of_links_leading_out_is_refused(tmp_path: Path) -> None:
    # Each link looks inside on its own: "a" is the root, so "a/.." is the root's parent.
    archive = write_tar(
        tmp_path / "chain.tar",
        [
            tar_member("a", kind=tarfile.SYMTYPE, link="."),
            tar_member("b", kind=tarfile.SYMTYPE, link="a/.."),
            tar_member("b/sub/c", kind=tarfile.SYMTYPE, link="x"),
        ],
    )
    (tmp_path / "box").mkdir()
    with pytest.raises(UnsafeArchive, match="symlink b"):
        extract_tar_file(archive, tmp_path / "box" / "out")
    assert not (tmp_path / "box" / "sub").exists()


def test_too_many_members_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(extract, "MAX_ARCHIVE_MEMBERS", 5)
    members = [tar_member(f"f{i}.md", GUIDE) for i in range(6)]
    with pytest.raises(UnsafeArchive, match="more than 5 members"):
        extract_tar_file(write_tar(tmp_path / "many.tar", members), tmp_path / "out")
    zipped = write_zip(tmp_path / "many.zip", [(f"f{i}.md", GUIDE) for i in range(6)], {})
    with pytest.raises(UnsafeArchive, match="more than 5 members"):
        extract_zip(zipped, tmp_path / "out2")
    assert not (tmp_path / "out2").exists()  # refused from the directory, before any write


def test_an_archive_bomb_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(extract, "MAX_ARCHIVE_BYTES", 1024 * 1024)
    zeros = b"\0" * (3 * 1024 * 1024)  # compresses to a few kB
    bomb = write_tar(tmp_path / "bomb.tar.gz", [tar_member("zeros.txt", zeros)])
    assert bomb.stat().st_size < 20_000
    with pytest.raises(UnsafeArchive, match="more than 1 MiB uncompressed"):
        extract_tar_file(bomb, tmp_path / "out")
    zipped = write_zip(tmp_path / "bomb.zip", [("zeros.txt", zeros)], {})
    with pytest.raises(UnsafeArchive, match="more than 1 MiB uncompressed"):
        extract_zip(zipped, tmp_path / "out2")


def test_a_zip_header_that_understates_the_size_is_still_bounded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(extract, "MAX_ARCHIVE_BYTES", 1024 * 1024)
    zipped = write_zip(tmp_path / "liar.zip", [("zeros.txt", b"\0" * (2 * 1024 * 1024))], {})
    data = bytearray(zipped.read_bytes())
    # Rewrite the uncompressed size in the central directory to 10 bytes.
    central = data.rindex(b"PK\x01\x02")
    data[central + 24 : central + 28] = (10).to_bytes(4, "little")
    zipped.write_bytes(bytes(data))
    with pytest.raises((UnsafeArchive, SourceError)):
        extract_zip(zipped, tmp_path / "out")
    written = tmp_path / "out" / "zeros.txt"
    assert not written.exists() or written.stat().st_size <= 1024 * 1024


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("../evil.md", "leaves"),
        ("..\\evil.md", "leaves"),
        ("/evil.md", "absolute"),
        ("C:\\evil.md", "absolute"),
    ],
)
def test_zip_members_escaping_the_root_are_refused(tmp_path: Path, name: str, message: str) -> None:
    zipped = write_zip(tmp_path / "bad.zip", [("docs/guide.md", GUIDE), (name, GUIDE)], {})
    (tmp_path / "box").mkdir()
    with pytest.raises(UnsafeArchive, match=message):
        extract_zip(zipped, tmp_path / "box" / "out")
    assert not (tmp_path / "evil.md").exists() and not (tmp_path / "box" / "evil.md").exists()


def test_zip_symlinks_inside_are_kept_and_outside_refused(tmp_path: Path) -> None:
    ok = write_zip(tmp_path / "ok.zip", [("docs/guide.md", GUIDE)], {"docs/alias.md": "guide.md"})
    extract_zip(ok, tmp_path / "out")
    assert (tmp_path / "out" / "docs" / "alias.md").read_bytes() == GUIDE
    bad = write_zip(tmp_path / "bad.zip", [("docs/guide.md", GUIDE)], {"docs/x": "../../x"})
    with pytest.raises(UnsafeArchive, match="symlink docs/x points outside"):
        extract_zip(bad, tmp_path / "out2")


def test_a_damaged_archive_is_a_source_error(tmp_path: Path) -> None:
    broken = tmp_path / "broken.tar.gz"
    broken.write_bytes(b"\x1f\x8b\x08\x00garbage")
    with pytest.raises(SourceError, match="not a readable tar archive"):
        extract_tar_file(broken, tmp_path / "out")
    not_zip = tmp_path / "broken.zip"
    not_zip.write_bytes(b"PK nothing")
    with pytest.raises(SourceError, match="not a readable zip archive"):
        extract_zip(not_zip, tmp_path / "out")
    assert zipfile.is_zipfile(not_zip) is False
