"""Listing and reading a version's files: what is admitted, and why the rest is skipped."""

import hashlib
import os
from pathlib import Path

import pytest

from builder.errors import SourceError
from builder.globs import compile_globs
from builder.model import SkippedFile, SourceFile
from builder.sources import MAX_FILE_BYTES, Candidate, list_version_files, read_source

NO_GLOBS = compile_globs([])


def make_tree(root: Path) -> None:
    (root / "guide").mkdir(parents=True)
    (root / "guide" / "intro.md").write_text("# Intro\n\ntext\n", encoding="utf-8")
    (root / "index.rst").write_text("Title\n=====\n", encoding="utf-8")
    (root / "logo.png").write_bytes(b"\x89PNG\r\n")
    (root / ".hidden.md").write_text("# secret\n", encoding="utf-8")
    (root / ".git").mkdir()
    (root / ".git" / "notes.md").write_text("# no\n", encoding="utf-8")


def test_lists_supported_files_in_path_order(tmp_path: Path) -> None:
    make_tree(tmp_path)
    listing = list_version_files(tmp_path, NO_GLOBS, NO_GLOBS)
    assert [c.relpath for c in listing.candidates] == ["guide/intro.md", "index.rst"]
    assert sorted((s.relpath, s.reason) for s in listing.skipped) == [
        (".git/notes.md", "hidden"),
        (".hidden.md", "hidden"),
    ]
    assert listing.excluded_by_globs == 1  # logo.png


def test_include_and_exclude_globs(tmp_path: Path) -> None:
    make_tree(tmp_path)
    listing = list_version_files(tmp_path, compile_globs(["*.md"]), compile_globs(["guide"]))
    assert listing.candidates == ()


def test_symlinks_leaving_the_root_and_loops_are_skipped(tmp_path: Path) -> None:
    root = tmp_path / "docs"
    root.mkdir()
    outside = tmp_path / "secret.md"
    outside.write_text("# secret\n", encoding="utf-8")
    (root / "inside.md").write_text("# in\n", encoding="utf-8")
    os.symlink(outside, root / "escape.md")
    os.symlink(root / "inside.md", root / "alias.md")
    os.symlink(root, root / "loop")
    os.symlink(root / "nowhere.md", root / "broken.md")
    listing = list_version_files(root, NO_GLOBS, NO_GLOBS)
    assert [c.relpath for c in listing.candidates] == ["alias.md", "inside.md"]
    assert sorted((s.relpath, s.reason) for s in listing.skipped) == [
        ("broken.md", "broken symlink or symlink loop"),
        ("escape.md", "symlink leaving the root"),
    ]


def test_missing_root_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match="cannot open the docs directory"):
        list_version_files(tmp_path / "gone", NO_GLOBS, NO_GLOBS)


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b"", "empty"),
        (b"  \n\t\n", "empty"),
        (b"abc\x00def", "binary"),
        (b"caf\xe9", "not UTF-8 (invalid byte at offset 3)"),
    ],
)
def test_unusable_files_are_skipped_with_a_reason(tmp_path: Path, data: bytes, reason: str) -> None:
    path = tmp_path / "f.md"
    path.write_bytes(data)
    assert read_source(Candidate("f.md", path)) == SkippedFile("f.md", reason)


def test_too_big_and_vanished(tmp_path: Path) -> None:
    path = tmp_path / "big.txt"
    with path.open("wb") as handle:
        handle.truncate(MAX_FILE_BYTES + 1)
    result = read_source(Candidate("big.txt", path))
    assert isinstance(result, SkippedFile) and result.reason.startswith("too big")
    gone = read_source(Candidate("gone.md", tmp_path / "gone.md"))
    assert gone == SkippedFile("gone.md", "vanished during the build")


def test_text_is_decoded_with_bom_and_newlines_normalised(tmp_path: Path) -> None:
    path = tmp_path / "f.md"
    path.write_bytes(b"\xef\xbb\xbf# T\r\nline\rmore\n")
    result = read_source(Candidate("f.md", path))
    assert isinstance(result, SourceFile)
    assert (result.relpath, result.text) == ("f.md", "# T\nline\nmore\n")
    assert result.sha256 == hashlib.sha256(path.read_bytes()).hexdigest()
