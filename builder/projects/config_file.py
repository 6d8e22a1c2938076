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


def read_config_bytes(config_path: Path, notes: list[str], fallback: str) -> bytes | None:
    """The config file's bytes, or None with a note in ``notes`` when it cannot be read or is
    larger than MAX_CONFIG_BYTES; ``fallback`` says what the build does instead."""
    name = config_path.name
    try:
        raw = config_bytes(config_path)
    except OSError as exc:
        notes.append(f"{name}: cannot be read ({exc.strerror}); {fallback}")
        return None
    if len(raw) > MAX_CONFIG_BYTES:
        notes.append(f"{name}: larger than {MAX_CONFIG_BYTES // 1024} KiB; {fallback}")
        return None
    return raw
