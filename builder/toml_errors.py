"""What ``tomllib.loads`` raises for a project's TOML file it cannot read, as one tuple for
every reader of such files to catch: TOMLDecodeError (a ValueError), a plain ValueError for an
integer past Python's limit on digits, and RecursionError for arrays or inline tables nested
deeper than the interpreter's stack (tomllib recurses once per level). The catalog itself
names each apart, to say how to fix it (builder.config)."""

from __future__ import annotations

UNREADABLE_TOML = (ValueError, RecursionError)
