"""Finding the docs and the code root in real release archives: sdist, npm pack, zip, wheel."""

from __future__ import annotations

import re
import tarfile
from pathlib import Path

import pytest

from builder.archive_source import (
    ArchiveProblem,
    archive_sha256,
    check_archive,
    extract_archive,
    locate_docs,
)
from builder.errors import SourceError
from tests.source_support import GUIDE, tar_member, write_tar, write_zip


def located(tmp_path: Path, archive: Path, path: str | None = None) -> tuple[str, str]:
    source = check_archive(archive.name, archive, path)
    extract_archive(source, tmp_path / "out")
    code_root, docs = locate_docs(tmp_path / "out", source)
    return code_root.relative_to(tmp_path / "out").as_posix(), docs.relative_to(
        tmp_path / "out"
    ).as_posix()


def test_an_sdist_has_one_top_folder_holding_docs(tmp_path: Path) -> None:
    archive = write_tar(
        tmp_path / "pkg-1.2.0.tar.gz",
        [tar_member("pkg-1.2.0/docs/guide.md", GUIDE), tar_member("pkg-1.2.0/src/pkg/a.py", b"")],
    )
    assert located(tmp_path, archive) == ("pkg-1.2.0", "pkg-1.2.0/docs")


def test_an_npm_pack_has_a_package_root(tmp_path: Path) -> None:
    archive = write_tar(
        tmp_path / "pkg-1.2.0.tgz",
        [tar_member("package/package.json", b"{}"), tar_member("package/doc/api.md", GUIDE)],
    )
    assert located(tmp_path, archive, "doc") == ("package", "package/doc")


def test_a_zip_and_a_wheel_without_a_single_top_folder(tmp_path: Path) -> None:
    zipped = write_zip(tmp_path / "docs.zip", [("docs/guide.md", GUIDE), ("README", b"x")], {})
    assert located(tmp_path, zipped) == (".", "docs")
    wheel = write_zip(
        tmp_path / "pkg-1.2.0-py3-none-any.whl",
        [
            ("pkg/__init__.py", b""),
            ("pkg/docs/guide.md", GUIDE),
            ("pkg-1.2.0.dist-info/RECORD", b""),
        ],
        {},
    )
    assert located(tmp_path / "w", wheel, "pkg/docs") == (".", "pkg/docs")


def test_a_zip_made_on_macos_has_its_one_top_folder(tmp_path: Path) -> None:
    # Finder's "Compress" adds __MACOSX/ beside the top folder: the archive read as two folders,
    # its docs not found at docs/ and its code root the archive's root.
    zipped = write_zip(
        tmp_path / "pkg-1.2.0.zip",
        [("pkg-1.2.0/docs/guide.md", GUIDE), ("__MACOSX/pkg-1.2.0/docs/._guide.md", b"\0")],
        {},
    )
    assert located(tmp_path, zipped) == ("pkg-1.2.0", "pkg-1.2.0/docs")


def test_a_missing_docs_folder_says_what_is_there(tmp_path: Path) -> None:
    archive = write_tar(
        tmp_path / "pkg-1.2.0.tar.gz",
        [
            tar_member("pkg-1.2.0/README.md", GUIDE),
            tar_member("pkg-1.2.0/src", kind=tarfile.DIRTYPE),
        ],
    )
    with pytest.raises(
        SourceError, match=r"no folder 'docs' in pkg-1\.2\.0/ \(it holds: README\.md, src\)"
    ):
        located(tmp_path, archive)


@pytest.mark.parametrize(
    ("members", "hint"),
    [
        # tabulate 0.8.10's sdist: a README and the module, no docs folder. The message said
        # "set archive.path to the docs folder" and nothing of the table it takes.
        (
            ["pkg-1.2.0/README.md", "pkg-1.2.0/pkg.py", "pkg-1.2.0/benchmark.py"],
            "set archive.path to the docs folder, or read the README and the pages beside it: "
            'archive = { file = "pkg-1.2.0.tar.gz", path = "." }, and api = ["pkg"] for its '
            "docstrings",
        ),
        # backoff 2.2.1's: the package in a folder, beside tests/ (a README-only sdist's
        # docstrings are read only from the pages api names).
        (
            ["pkg-1.2.0/README.rst", "pkg-1.2.0/pkg/__init__.py", "pkg-1.2.0/tests/__init__.py"],
            'path = "." }, and api = ["pkg"] for its docstrings',
        ),
        (
            ["pkg-1.2.0/README.rst", "pkg-1.2.0/doc/index.rst"],
            'set archive.path to the docs folder: archive = { file = "pkg-1.2.0.tar.gz", '
            'path = "doc" }',
        ),
        # pathspec 1.1.1's sdist keeps its Sphinx docs in doc/source/.
        (
            ["pkg-1.2.0/README.rst", "pkg-1.2.0/doc/Makefile", "pkg-1.2.0/doc/source/conf.py"],
            'set archive.path to the docs folder: archive = { file = "pkg-1.2.0.tar.gz", '
            'path = "doc/source" }',
        ),
        # Neither a docs folder nor a README: the line to write, but for the folder's name
        # (it said "set archive.path to the docs folder" alone, no table).
        (
            ["pkg-1.2.0/pkg.py"],
            'set archive.path to the docs folder: archive = { file = "pkg-1.2.0.tar.gz", '
            'path = "<its docs folder>" }',
        ),
    ],
)
def test_a_missing_docs_folder_says_which_catalog_line_reads_the_docs(
    tmp_path: Path, members: list[str], hint: str
) -> None:
    archive = write_tar(
        tmp_path / "pkg-1.2.0.tar.gz", [tar_member(name, GUIDE) for name in members]
    )
    with pytest.raises(SourceError) as raised:
        located(tmp_path, archive)
    assert re.search(hint if hint.endswith("$") else re.escape(hint), str(raised.value))


def test_what_the_catalog_says_is_checked_before_reading(tmp_path: Path) -> None:
    with pytest.raises(ArchiveProblem, match="not a supported archive"):
        check_archive("pkg.rar", tmp_path / "pkg.rar", None)
    with pytest.raises(ArchiveProblem, match="does not exist"):
        check_archive("pkg.tar.gz", tmp_path / "pkg.tar.gz", None)
    (tmp_path / "pkg.zip").write_bytes(b"")
    with pytest.raises(ArchiveProblem, match="relative to the archive's top folder"):
        check_archive("pkg.zip", tmp_path / "pkg.zip", "../docs")


def test_the_sha256_is_the_files(tmp_path: Path) -> None:
    import hashlib

    archive = write_zip(tmp_path / "a.zip", [("docs/guide.md", GUIDE)], {})
    assert archive_sha256(archive) == hashlib.sha256(archive.read_bytes()).hexdigest()
