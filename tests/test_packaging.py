"""The distribution ships every package of the code: pyproject's explicit package list must
name each folder that holds an __init__.py, or a non-editable install lacks it."""

import tomllib
from pathlib import Path

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
