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


def test_packaging_metadata_of_a_release_archive_is_no_page(tmp_path: Path) -> None:
    # schedule 1.2.2's sdist read with path = ".": its README, but also SOURCES.txt,
    # requires.txt and top_level.txt of schedule.egg-info/, each a section of its own.
    (tmp_path / "README.rst").write_text("schedule\n========\n", encoding="utf-8")
    for folder in ("schedule.egg-info", "schedule-1.2.2.dist-info", "guide-info"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "top_level.txt").write_text("schedule\n", encoding="utf-8")
    listing = list_version_files(tmp_path, NO_GLOBS, NO_GLOBS)
    assert [c.relpath for c in listing.candidates] == ["README.rst", "guide-info/top_level.txt"]
    assert listing.skipped == () and listing.excluded_by_globs == 2


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
    assert [c.relpath for c in listing.candidates] == ["inside.md"]
    assert sorted((s.relpath, s.reason) for s in listing.skipped) == [
        ("alias.md", "a link to inside.md, read there"),  # (test_source_links)
        ("broken.md", "broken symlink or symlink loop"),
        ("escape.md", "symlink leaving the root"),
    ]


def test_a_link_to_a_page_elsewhere_in_the_project_is_read_and_nothing_else_is(
    tmp_path: Path,
) -> None:
    project = tmp_path / "project"
    docs = project / "docs"
    (project / ".private").mkdir(parents=True)
    docs.mkdir()
    (project / "CHANGELOG.md").write_text("# Changelog\n\n## 1.0\n", encoding="utf-8")
    (project / ".private" / "notes.md").write_text("# notes\n", encoding="utf-8")
    (project / "docbuild.toml").write_text("[site]\n", encoding="utf-8")
    (tmp_path / "elsewhere.md").write_text("# elsewhere\n", encoding="utf-8")
    os.symlink(project / "CHANGELOG.md", docs / "changelog.md")  # as MkDocs projects do
    os.symlink(project / ".private" / "notes.md", docs / "notes.md")
    os.symlink(project / "docbuild.toml", docs / "catalog.md")
    os.symlink(tmp_path / "elsewhere.md", docs / "elsewhere.md")
    listing = list_version_files(docs, NO_GLOBS, NO_GLOBS, project)
    assert [c.relpath for c in listing.candidates] == ["changelog.md"]
    read = read_source(listing.candidates[0])
    assert isinstance(read, SourceFile) and read.text.startswith("# Changelog")
    assert sorted((s.relpath, s.reason) for s in listing.skipped) == [
        ("catalog.md", "symlink out of the docs to a file that is not a page"),
        ("elsewhere.md", "symlink leaving the root"),
        ("notes.md", "symlink to a hidden file"),
    ]
    # Without a project, the docs folder is the root: every link out of it is refused.
    alone = list_version_files(docs, NO_GLOBS, NO_GLOBS)
    assert alone.candidates == ()


def test_a_link_named_as_a_page_to_a_file_with_no_suffix_is_that_page(tmp_path: Path) -> None:
    # python-semanticversion 2.9.0: docs/changelog.rst -> ../ChangeLog and docs/credits.rst
    # -> ../CREDITS, which Sphinx reads as the pages the links name; both were skipped as
    # files that are not pages.
    project = tmp_path / "project"
    docs = project / "docs"
    docs.mkdir(parents=True)
    (project / "ChangeLog").write_text("ChangeLog\n=========\n\n2.9.0\n", encoding="utf-8")
    (project / "setup.cfg").write_text("[metadata]\n", encoding="utf-8")
    os.symlink(project / "ChangeLog", docs / "changelog.rst")
    os.symlink(project / "setup.cfg", docs / "setup.rst")
    listing = list_version_files(docs, NO_GLOBS, NO_GLOBS, project)
    assert [c.relpath for c in listing.candidates] == ["changelog.rst"]
    read = read_source(listing.candidates[0])
    assert isinstance(read, SourceFile) and read.text.startswith("ChangeLog\n")
    assert [(s.relpath, s.reason) for s in listing.skipped] == [
        ("setup.rst", "symlink out of the docs to a file that is not a page"),
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


def test_a_stray_nul_in_a_text_file_reads_as_a_replacement_character(tmp_path: Path) -> None:
    # commons-lang3 3.12.0's javadoc writes CharUtils.NUL as the character itself, twice in a
    # 40 KB page: the page was skipped as binary.
    page = b"<html><body><h1>CharUtils</h1><p>NUL</p>" + b"<p>text</p>" * 200
    path = tmp_path / "CharUtils.html"
    path.write_bytes(page.replace(b"<p>NUL</p>", b"<p><code>\x00</code> null</p>"))
    result = read_source(Candidate("CharUtils.html", path))
    assert isinstance(result, SourceFile)
    assert "<code>\ufffd</code> null" in result.text
    assert result.utf8 is None or result.utf8 == result.text.encode("utf-8")
    # UTF-16 text is mostly NULs: still binary to this reader.
    path.write_bytes("<h1>CharUtils</h1>".encode("utf-16-le") * 100)
    assert read_source(Candidate("CharUtils.html", path)) == SkippedFile("CharUtils.html", "binary")


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
    # Normalising changed the text: its UTF-8 is not the file's bytes, and its size is counted.
    assert (result.utf8, result.size) == (None, len(b"# T\nline\nmore\n"))


@pytest.mark.parametrize("mark", [b"", b"\xef\xbb\xbf"])
def test_text_without_carriage_returns_keeps_its_utf8_from_the_file(
    tmp_path: Path, mark: bytes
) -> None:
    path = tmp_path / "f.html"
    path.write_bytes(mark + "<h1>Café — 中文</h1>\n".encode())
    result = read_source(Candidate("f.html", path))
    assert isinstance(result, SourceFile)
    assert result.utf8 == result.text.encode("utf-8") == "<h1>Café — 中文</h1>\n".encode()
    assert result.size == len(result.utf8)


def test_fifos_and_sockets_are_skipped_not_opened(tmp_path: Path) -> None:
    import socket

    (tmp_path / "good.md").write_text("# Good\n", encoding="utf-8")
    os.mkfifo(tmp_path / "pipe.md")
    os.symlink(tmp_path / "pipe.md", tmp_path / "link-to-pipe.md")
    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind(str(tmp_path / "sock.md"))
        listing = list_version_files(tmp_path, NO_GLOBS, NO_GLOBS)
    finally:
        server.close()
    assert [c.relpath for c in listing.candidates] == ["good.md"]
    assert sorted((s.relpath, s.reason) for s in listing.skipped) == [
        ("link-to-pipe.md", "not a regular file (a FIFO)"),
        ("pipe.md", "not a regular file (a FIFO)"),
        ("sock.md", "not a regular file (a socket)"),
    ]


def test_a_file_replaced_by_a_fifo_after_listing_is_not_waited_on(tmp_path: Path) -> None:
    """The race between listing and reading: reading never blocks on a FIFO. On code that
    waits in open(), the writer below gets in and the FIFO's text would be read."""
    import errno
    import threading
    import time

    fifo = tmp_path / "swapped.md"
    os.mkfifo(fifo)
    done = threading.Event()

    def write_when_someone_reads() -> None:
        while not done.is_set():
            try:
                fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
            except OSError as exc:
                assert exc.errno == errno.ENXIO  # no reader yet
                time.sleep(0.01)
                continue
            os.write(fd, b"# From the pipe\n")
            os.close(fd)
            return

    writer = threading.Thread(target=write_when_someone_reads, daemon=True)
    writer.start()
    try:
        result = read_source(Candidate("swapped.md", fifo))
    finally:
        done.set()
        writer.join()
    assert result == SkippedFile("swapped.md", "not a regular file (a FIFO)")


def test_a_file_replaced_by_a_folder_after_listing_is_skipped(tmp_path: Path) -> None:
    # os.open opens a folder for reading; os.fdopen of it raised IsADirectoryError.
    (tmp_path / "swapped.md").mkdir()
    result = read_source(Candidate("swapped.md", tmp_path / "swapped.md"))
    assert result == SkippedFile("swapped.md", "not a regular file")


@pytest.mark.parametrize(
    "name", ["new\nline.md", "esc\x1b[31mred.md", "bell\x07.md", "rtl\u202eevil.md", "nbsp\x85.md"]
)
def test_names_a_site_cannot_carry_are_skipped(tmp_path: Path, name: str) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / name).write_text("# T\n", encoding="utf-8")
    (tmp_path / "plain 中文 name.md").write_text("# T\n", encoding="utf-8")
    listing = list_version_files(tmp_path, NO_GLOBS, NO_GLOBS)
    assert [c.relpath for c in listing.candidates] == ["plain 中文 name.md"]
    assert [s.relpath for s in listing.skipped] == [f"sub/{name}"]
    assert listing.skipped[0].reason.startswith("file name has characters a web host cannot serve")


def test_names_that_are_not_utf8_are_skipped(tmp_path: Path) -> None:
    (tmp_path / os.fsdecode(b"caf\xe9.md")).write_text("# T\n", encoding="utf-8")
    listing = list_version_files(tmp_path, NO_GLOBS, NO_GLOBS)
    assert listing.candidates == ()
    assert listing.skipped[0].reason.startswith("file name has characters a web host cannot serve")


def test_a_source_read_without_hashing_has_no_sha256(tmp_path: Path) -> None:
    # A build without a cache keys nothing on a source's bytes: their sha256 is not taken.
    path = tmp_path / "f.md"
    path.write_bytes(b"# T\n\nText.\n")
    hashed = read_source(Candidate("f.md", path))
    unhashed = read_source(Candidate("f.md", path), hashed=False)
    assert isinstance(hashed, SourceFile) and isinstance(unhashed, SourceFile)
    assert hashed.sha256 == hashlib.sha256(b"# T\n\nText.\n").hexdigest()
    assert unhashed.sha256 == ""
    assert (unhashed.relpath, unhashed.text, unhashed.utf8) == (
        hashed.relpath,
        hashed.text,
        hashed.utf8,
    )


def test_a_gzipped_page_is_listed_and_read_as_the_page_it_holds(tmp_path: Path) -> None:
    """Debian's *-doc packages gzip their larger pages (python-babel-doc's changelog.html.gz);
    the other pages link to changelog.html, so that is the page's name, which globs match."""
    import gzip

    (tmp_path / "index.html").write_text("<h1>Home</h1>\n", encoding="utf-8")
    (tmp_path / "changelog.html.gz").write_bytes(gzip.compress(b"<h1>Changes</h1>\n"))
    (tmp_path / "both.html").write_text("<h1>Plain</h1>\n", encoding="utf-8")
    (tmp_path / "both.html.gz").write_bytes(gzip.compress(b"<h1>Gzipped</h1>\n"))
    (tmp_path / "broken.txt.gz").write_bytes(b"\x1f\x8b not really")
    (tmp_path / "logo.pdf.gz").write_bytes(gzip.compress(b"%PDF-1.4"))
    listing = list_version_files(tmp_path, compile_globs(["**/*.html", "*.txt"]), NO_GLOBS)
    assert [c.relpath for c in listing.candidates] == [
        "both.html",
        "broken.txt",
        "changelog.html",
        "index.html",
    ]
    assert listing.skipped == (SkippedFile("both.html.gz", "both.html is read instead"),)
    read = {c.relpath: read_source(c) for c in listing.candidates}
    changelog = read["changelog.html"]
    assert isinstance(changelog, SourceFile) and changelog.text == "<h1>Changes</h1>\n"
    broken = read["broken.txt"]
    assert isinstance(broken, SkippedFile) and broken.relpath == "broken.txt.gz"
    assert broken.reason.startswith("not a readable gzip file")
    # An exclude pattern may name the gzipped file itself.
    excluded = list_version_files(tmp_path, NO_GLOBS, compile_globs(["*.gz"]))
    assert [c.relpath for c in excluded.candidates] == ["both.html", "index.html"]


def test_a_gzipped_page_counts_its_decompressed_size_against_the_limit(tmp_path: Path) -> None:
    import gzip

    (tmp_path / "huge.html.gz").write_bytes(gzip.compress(b"<p>x</p>" * (MAX_FILE_BYTES // 8 + 1)))
    (candidate,) = list_version_files(tmp_path, NO_GLOBS, NO_GLOBS).candidates
    result = read_source(candidate)
    assert isinstance(result, SkippedFile)
    assert result.reason == f"too big once decompressed (over {MAX_FILE_BYTES / 1e6:.0f} MB)"


def test_the_listing_and_reference_scan_read_a_version_within_its_budget(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A gzipped page holds up to MAX_FILE_BYTES in a few KB: the readings that keep every
    page's text (the toctree order, the reference scan) stop at the version's budget, as the
    compile stage does, or 1,000 such files held 16 GB."""
    import gzip

    import builder.sources
    from builder.reference_scan import scan_version

    monkeypatch.setattr(builder.sources, "MAX_VERSION_BYTES", 60)
    for name in ("a", "b"):
        text = f".. _{name}-label:\n\n{name.upper()} title\n=======\n\n" + "x" * 20
        (tmp_path / f"{name}.rst.gz").write_bytes(gzip.compress(text.encode()))
    listing = list_version_files(tmp_path, NO_GLOBS, NO_GLOBS)
    read = [
        (c.relpath, type(s).__name__) for c, s in builder.sources.read_sources(listing.candidates)
    ]
    assert read == [("a.rst", "SourceFile"), ("b.rst", "SkippedFile")]
    assert scan_version(listing.candidates).labels == {"a-label": "A title"}


def test_a_folder_named_as_a_gzipped_page_does_not_hide_it(tmp_path: Path) -> None:
    # "c.md is read instead" skipped c.md.gz, and no c.md page was read at all.
    import gzip

    (tmp_path / "c.md").mkdir()
    (tmp_path / "c.md" / "inner.md").write_text("# Inner\n", encoding="utf-8")
    (tmp_path / "c.md.gz").write_bytes(gzip.compress(b"# Gzipped\n"))
    listing = list_version_files(tmp_path, NO_GLOBS, NO_GLOBS)
    assert [c.relpath for c in listing.candidates] == ["c.md", "c.md/inner.md"]
    assert listing.skipped == ()


def test_a_site_docbuild_built_inside_the_docs_is_not_read(tmp_path: Path) -> None:
    (tmp_path / "index.md").write_text("# Hello\n", encoding="utf-8")
    site = tmp_path / "_site"
    (site / "libs").mkdir(parents=True)
    (site / "lookup.json").write_text('{"buildId":"x","format":"doctrove-lookup@1"}')
    (site / "404.html").write_text("<h1>Page not found</h1>")
    (site / "llms.txt").write_text("# docs\n")
    # A folder that only happens to hold a lookup.json of its own is docs as usual.
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "lookup.json").write_text('{"format": "other"}')
    (tmp_path / "data" / "notes.md").write_text("# Notes\n", encoding="utf-8")
    listing = list_version_files(tmp_path, compile_globs(()), compile_globs(()))
    assert [c.relpath for c in listing.candidates] == ["data/notes.md", "index.md"]
    assert listing.skipped == (
        SkippedFile("_site/", "a site docbuild built (its output folder), not docs"),
    )
    # Excluded by the globs (docbuild init writes exclude = [..., "_site", ...]): left out
    # without a word, as before, not reported as skipped on every build.
    listing = list_version_files(tmp_path, compile_globs(()), compile_globs(("_site",)))
    assert [c.relpath for c in listing.candidates] == ["data/notes.md", "index.md"]
    assert listing.skipped == ()
