"""The distribution ships every package of the code: pyproject's explicit package list must
name each folder that holds an __init__.py, or a non-editable install lacks it."""

import importlib.util
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).parent.parent


def test_every_package_folder_is_in_the_distribution() -> None:
    setup = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]
    listed = set(setup["setuptools"]["packages"])
    found = {
        ".".join(init.parent.relative_to(REPO).parts)
        for top in ("builder", "client", "schemas")
        for init in (REPO / top).rglob("__init__.py")
    }
    assert found - listed == set()


def test_the_distribution_builds_without_deprecation_warnings(tmp_path: Path) -> None:
    """``python -m build`` as a release would run it, offline (the backend is the dev extra's
    setuptools): a deprecated pyproject field, such as ``project.license`` as a table, warns
    first and stops building later."""
    if importlib.util.find_spec("build") is None:
        pytest.skip("the 'build' package is not installed: pip install -e '.[dev]'")
    result = subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(tmp_path), str(REPO)],
        capture_output=True,
        text=True,
        check=False,
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "deprecat" not in output.lower(), output
    assert sorted(path.suffix for path in tmp_path.iterdir()) == [".gz", ".whl"]
    metadata = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert isinstance(metadata["license"], str)  # an SPDX expression
