"""builder.setup_cfg: a project's name, version and summary from setup.cfg's ``[metadata]``."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.setup_cfg import setup_cfg_metadata


def test_metadata_gives_the_name_summary_and_a_written_version(tmp_path: Path) -> None:
    (tmp_path / "setup.cfg").write_text(
        "[metadata]\nname = cairocffi\nversion = 1.4.0\n"
        "description = cffi-based cairo bindings for Python\n",
        encoding="utf-8",
    )
    assert setup_cfg_metadata(tmp_path) == {
        "name": "cairocffi",
        "version": "1.4.0",
        "summary": "cffi-based cairo bindings for Python",
    }


@pytest.mark.parametrize(
    ("version", "files", "expected"),
    [
        # cairocffi 1.4.0: the version is the text of a file in the package.
        ("file: cairocffi/VERSION", {"cairocffi/VERSION": "1.4.0\n"}, "1.4.0"),
        # The string a module assigns, in the package or below package_dir's root.
        ("attr: cairocffi.__version__", {"cairocffi/__init__.py": "__version__ = '1.4.0'\n"},
         "1.4.0"),
        ("attr: cairocffi.VERSION", {"src/cairocffi/__init__.py": "VERSION = '1.4.0'\n"},
         "1.4.0"),
        # Computed, or a file that is not there: none.
        ("attr: cairocffi.__version__", {"cairocffi/__init__.py": "__version__ = get()\n"}, ""),
        ("file: VERSION", {}, ""),
    ],
)  # fmt: skip
def test_a_version_setuptools_reads_from_a_file_or_a_module_is_read_so(
    tmp_path: Path, version: str, files: dict[str, str], expected: str
) -> None:
    (tmp_path / "setup.cfg").write_text(
        f"[metadata]\nname = cairocffi\nversion = {version}\n\n"
        "[options]\npackage_dir =\n    = src\n",
        encoding="utf-8",
    )
    for path, text in files.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text, encoding="utf-8")
    assert setup_cfg_metadata(tmp_path).get("version", "") == expected


def test_no_metadata_section_gives_nothing(tmp_path: Path) -> None:
    assert setup_cfg_metadata(tmp_path) == {}
    (tmp_path / "setup.cfg").write_text("[flake8]\nmax-line-length = 99\n", encoding="utf-8")
    assert setup_cfg_metadata(tmp_path) == {}
    (tmp_path / "setup.cfg").write_text("[metadata\nname = x\n", encoding="utf-8")
    assert setup_cfg_metadata(tmp_path) == {}
