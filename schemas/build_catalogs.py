"""Whether a TOML file is a docbuild catalog: what a build reads, which a client or a check
given it by mistake names as such (any other TOML file, pyproject.toml say, is not one)."""

from __future__ import annotations

import tomllib
from pathlib import Path

# A catalog's size at most: docbuild refuses a larger one, and a larger .toml file is not one.
MAX_CATALOG_BYTES = 4 * 1024 * 1024


def is_build_catalog(path: Path) -> bool:
    """A TOML file with a [[libraries]] list or a [site] table, as every catalog has."""
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_CATALOG_BYTES + 1)
        document = tomllib.loads(data.decode("utf-8")) if len(data) <= MAX_CATALOG_BYTES else {}
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return False
    return isinstance(document.get("libraries"), list) or isinstance(document.get("site"), dict)
