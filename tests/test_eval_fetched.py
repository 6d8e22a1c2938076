"""eval.fetched: a failed or half-done fetch says what to do, apt-get's .deb is the pinned
one, and a question file's malformed line is named (no network: stand-in programs on PATH)."""

from __future__ import annotations

import io
import os
import tarfile
from pathlib import Path

import pytest

from eval.fetched import (
    FetchedLibrary,
    FetchError,
    _archive_name,
    debian_html,
    fetch,
    load_tsv_questions,
)


def _path_with(tmp_path: Path, programs: dict[str, str]) -> str:
    """A PATH holding stand-in programs (and the rest of the real PATH)."""
    folder = tmp_path / "bin"
    folder.mkdir(exist_ok=True)
    for name, script in programs.items():
        program = folder / name
        program.write_text(f"#!/bin/sh\n{script}\n", encoding="utf-8")
        program.chmod(0o755)
    return f"{folder}{os.pathsep}{os.environ.get('PATH', '')}"


def test_apt_gets_deb_of_the_pinned_version_is_unpacked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The downloads folder keeps every package fetched into it: an older pin's .deb sorted last
    # and was unpacked in place of the one just downloaded.
    folder = tmp_path / "fetched"
    (folder / "downloads").mkdir(parents=True)
    (folder / "downloads" / "python-lib-doc_9.0-1_all.deb").touch()  # an older pin's
    unpacked = tmp_path / "unpacked.txt"
    monkeypatch.setenv("PATH", _path_with(tmp_path, {
        "apt-get": "touch python-lib-doc_1.0-1_all.deb",
        "dpkg-deb": f'echo "$2" > {unpacked}; mkdir -p "$3/usr/share/doc/python-lib-doc/html"',
    }))  # fmt: skip
    fetch(debian_html("lib", "1.0", "python-lib-doc=1.0-1"), folder)
    assert unpacked.read_text(encoding="utf-8").strip().endswith("python-lib-doc_1.0-1_all.deb")


def test_an_archive_that_cannot_be_unpacked_is_named_with_what_to_do(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A download cut short stays in downloads/ and pip reuses it: a tarfile traceback each run.
    folder = tmp_path / "fetched"
    downloads = folder / "downloads"
    downloads.mkdir(parents=True)
    archive = downloads / "lib-1.0.tgz"
    with tarfile.open(archive, "w:gz") as whole:
        data = b"x" * 4096
        info = tarfile.TarInfo("package/README.md")
        info.size = len(data)
        whole.addfile(info, io.BytesIO(data))
    archive.write_bytes(archive.read_bytes()[:60])  # cut short
    monkeypatch.setenv("PATH", _path_with(tmp_path, {"npm": "exit 0"}))
    npm = FetchedLibrary("lib", "1.0", "npm", "lib", "lib/package", ("README.md",))
    with pytest.raises(FetchError, match=r"lib-1\.0\.tgz could not be unpacked .*delete it"):
        fetch(npm, folder)


def test_a_malformed_line_is_named_by_its_file_and_number(tmp_path: Path) -> None:
    path = tmp_path / "questions.tsv"
    path.write_text("# comment\nlib\t1.0\tapi\tWhat does f do? api.rst#f\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"questions\.tsv:2: 4 tab-separated fields, not 5"):
        load_tsv_questions(path, "train")


def test_a_debian_package_s_pages_are_under_its_own_name_unless_said() -> None:
    assert debian_html("lib", "1.0", "python-lib-doc=1.0-1").path == (
        "lib/usr/share/doc/python-lib-doc/html"
    )
    assert debian_html("lib", "1.0", "python-lib-doc=1.0-1", "python3-lib").path == (
        "lib/usr/share/doc/python3-lib/html"
    )


def test_a_source_archive_is_found_by_its_normalized_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Source archives name a package as PEP 625 does: zope.interface's is
    # zope_interface-8.7.tar.gz, which a name with only "-" made "_" never found.
    folder = tmp_path / "fetched"

    def pip_download(command: list[str], cwd: Path | None = None) -> None:
        with tarfile.open(folder / "downloads" / "zope_interface-8.7.tar.gz", "w:gz") as whole:
            info = tarfile.TarInfo("zope_interface-8.7/docs/index.rst")
            info.size = 5
            whole.addfile(info, io.BytesIO(b"Title"))

    monkeypatch.setattr("eval.fetched._run", pip_download)
    library = FetchedLibrary(
        "zope.interface", "8.7", "pypi", "zope.interface", "zope_interface-8.7/docs", ("*.rst",)
    )
    fetch(library, folder)
    assert (folder / "zope_interface-8.7" / "docs" / "index.rst").read_text() == "Title"


def test_an_archive_name_is_lowercase_as_pep_625_writes_it() -> None:
    assert _archive_name("PyJWT") == "pyjwt"
    assert _archive_name("zope.interface") == "zope_interface"
