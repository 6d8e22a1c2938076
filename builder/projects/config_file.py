"""How much of a documentation tool's config file docbuild reads (MkDocs, Quarto, VitePress).

A config is a few KiB; a larger one is no config a tool would write, and reading it whole
could hold a file of any size in memory.
"""

from __future__ import annotations

from pathlib import Path

MAX_CONFIG_BYTES = 1024 * 1024


def config_bytes(config_path: Path) -> bytes:
    """The config file's bytes, never more than one past MAX_CONFIG_BYTES (more than that is
    too big to read, however big it is); raises OSError."""
    with config_path.open("rb") as file:
        return file.read(MAX_CONFIG_BYTES + 1)
