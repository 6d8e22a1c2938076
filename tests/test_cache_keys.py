"""The build cache's keys cover docbuild's own code, not only its version string."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder import cache
from builder.cache import cache_key, python_files_sha256


def _package(root: Path) -> Path:
    package = root / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("A = 1\n")
    (package / "sub" / "mod.py").write_text("B = 2\n")
    return package


def test_the_code_fingerprint_follows_every_python_file(tmp_path: Path) -> None:
    package = _package(tmp_path)
    before = python_files_sha256([package])
    assert python_files_sha256([package]) == before
    (package / "__pycache__").mkdir()
    (package / "__pycache__" / "mod.cpython-311.pyc").write_bytes(b"compiled")
    (package / "notes.txt").write_text("not code")
    assert python_files_sha256([package]) == before  # only .py files count
    (package / "sub" / "mod.py").write_text("B = 3\n")
    changed = python_files_sha256([package])
    assert changed != before
    (package / "sub" / "new.py").write_text("")
    assert python_files_sha256([package]) != changed
    (package / "sub" / "new.py").unlink()
    (package / "sub" / "mod.py").rename(package / "sub" / "moved.py")
    assert python_files_sha256([package]) != changed  # a file's name counts too


def test_the_code_fingerprint_is_pinned_over_its_files_in_path_order(tmp_path: Path) -> None:
    # The digest sorted(rglob("*.py")) gave before the files were listed as strings: a file
    # before a folder of its name, capitals first, a folder linked in not entered.
    package = tmp_path / "pkg"
    files = {"a.py": "A = 1\n", "a/b.py": "B = 2\n", "a_b.py": "", "A.py": "C = 3\n"}
    files |= {"a/z/__init__.py": "", "\u00e9.py": "D = 4\n"}
    for name, text in files.items():
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        (package / name).write_text(text, encoding="utf-8")
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "linked.py").write_text("E = 5\n")
    (package / "linked").symlink_to(tmp_path / "other", target_is_directory=True)
    assert python_files_sha256([package]) == (
        "07ca5801924145c4d0a785d53a455c67fcb74a9cfd562838fd1e79213212619d"
    )


def test_a_change_of_code_changes_every_key(monkeypatch: pytest.MonkeyPatch) -> None:
    key = cache_key("parse", "page.rst")
    monkeypatch.setattr(cache, "code_fingerprint", lambda: "0" * 64)
    assert cache_key("parse", "page.rst") != key


def test_the_fingerprint_is_of_the_running_code() -> None:
    roots = [Path(cache.__file__).parent, Path(cache.__file__).parent.parent / "schemas"]
    assert cache.code_fingerprint() == python_files_sha256(roots)
