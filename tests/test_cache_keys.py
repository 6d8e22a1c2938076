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


def test_a_change_of_code_changes_every_key(monkeypatch: pytest.MonkeyPatch) -> None:
    key = cache_key("parse", "page.rst")
    monkeypatch.setattr(cache, "code_fingerprint", lambda: "0" * 64)
    assert cache_key("parse", "page.rst") != key


def test_the_fingerprint_is_of_the_running_code() -> None:
    roots = [Path(cache.__file__).parent, Path(cache.__file__).parent.parent / "schemas"]
    assert cache.code_fingerprint() == python_files_sha256(roots)
