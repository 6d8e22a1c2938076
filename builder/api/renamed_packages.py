"""A griffe module finder that finds a package in the folder its setuptools configuration
maps it to, though the folder has another name.

psycopg2 2.9 keeps its package in ``lib/`` (``package_dir={'psycopg2': 'lib'}``): griffe looks
for a ``psycopg2/`` folder on its search paths, found none, and every autodoc entry of its
docs was 'not found in the code'. The folders come from ``builder.package_dirs``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import griffe


class RenamedPackagesFinder(griffe.ModuleFinder):
    """A ``ModuleFinder`` that takes each of ``renamed``'s packages from its folder first."""

    def __init__(self, search_paths: list[Path], renamed: tuple[tuple[str, Path], ...]) -> None:
        super().__init__(search_paths)
        self._renamed = dict(renamed)

    def find_package(self, module_name: str) -> Any:
        folder = self._renamed.get(module_name)
        if folder is not None:
            init = folder / "__init__.py"
            stubs = folder / "__init__.pyi"
            if init.is_file():
                return griffe.Package(module_name, init, stubs if stubs.is_file() else None)
        return super().find_package(module_name)
