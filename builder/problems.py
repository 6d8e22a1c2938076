"""Collect the catalog's problems so that one run lists them all, with the checks of single
values they come from: key types, web URLs, paths inside the catalog's folder."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from builder.model import Warning_
from schemas.spelling import nearest_name

WEB_SCHEMES = frozenset({"http", "https"})


def unknown_key(key: str, known: Iterable[str], homes: Mapping[str, str] | None = None) -> str:
    """The problem of a key a table does not take: the known key it most likely misspells, else
    the table it belongs in (``homes``: key to table), else the nearest known key."""
    names = sorted(known)
    lowered = key.lower()
    home = (homes or {}).get(lowered)
    if lowered in names or home is None:
        close = nearest_name(lowered, names)
        guess = f"did you mean {close!r}? " if close else ""
    else:
        # A top-level title is [site]'s, not a misspelt 'site'; a library's version is its
        # [[libraries.versions]]', not a misspelt 'versions'.
        guess = f"it is a key of {home}, not of this table; "
    return f"unknown key {key!r} ({guess}known keys: {', '.join(names)})"


def _scheme_hint(url: str) -> str:
    """How to mend a web address written without its scheme (org.github.io/docs/, or with a
    port: localhost:8000/docs/, which is served over http)."""
    host, _, port = url.split("/", 1)[0].partition(":")
    if (
        "://" in url
        or (port and not port.isdigit())
        or not host.replace(".", "").replace("-", "").isalnum()
        or ("." not in host and host != "localhost")
    ):
        return ""
    local = host == "localhost" or host.replace(".", "").isdigit()
    return f"; add the scheme: '{'http' if local else 'https'}://{url}'"


class CatalogProblems:
    """Collects problems so the user sees all of them in one run."""

    def __init__(self, homes: Mapping[str, str] | None = None) -> None:
        self.items: list[str] = []
        self.homes = homes or {}  # key: the table that takes it, named to a misplaced key
        self.warnings: list[Warning_] = []  # not fatal: shown in the build report

    def add(self, where: str, message: str) -> None:
        self.items.append(f"{where}: {message}")

    def check_keys(self, table: Any, allowed: dict[str, Any], where: str) -> dict[str, Any]:
        if not isinstance(table, dict):
            self.add(where, f"must be a table, not {type(table).__name__}")
            return {}
        for key, value in table.items():
            expected = allowed.get(key)
            if expected is None:
                self.add(where, unknown_key(key, allowed, self.homes))
            elif not isinstance(value, expected) or (
                isinstance(value, bool) and expected is not bool
            ):
                kind = expected.__name__ if isinstance(expected, type) else "number"
                self.add(f"{where}.{key}", f"must be a {kind}, not {type(value).__name__}")
        return {k: v for k, v in table.items() if k in allowed and isinstance(v, allowed[k])}

    def web_url(self, url: str, where: str) -> None:
        """Add a problem unless ``url`` is an http(s) URL with a host: it becomes a link."""
        try:
            parts = urlsplit(url)
            host = parts.hostname
        except ValueError:
            parts, host = None, None
        if (
            parts is None
            or parts.scheme.lower() not in WEB_SCHEMES
            or not host
            or any(char.isspace() or not char.isprintable() for char in url)
        ):
            self.add(
                where, f"{url!r} is not an http:// or https:// URL with a host{_scheme_hint(url)}"
            )

    def inside(self, root: Path, value: str, allow_outside: bool, where: str) -> Path:
        """``root / value``, with a problem when it leaves ``root`` (symlinks followed) and
        ``allow_outside`` was not set."""
        path = root / value
        if not allow_outside:
            try:
                resolved, base = path.resolve(), root.resolve()
            except (OSError, RuntimeError) as exc:
                self.add(where, f"cannot resolve {value!r}: {exc}")
                return path
            if not resolved.is_relative_to(base):
                self.add(
                    where,
                    f"{value!r} is outside the catalog's folder {base} (it is {resolved}); "
                    "move it inside, or set allow_outside = true on this table",
                )
        return path

    def string_list(self, value: Any, where: str) -> tuple[str, ...]:
        if value is None:
            return ()
        if not all(isinstance(v, str) and v.strip() for v in value):
            self.add(where, "must be a list of non-empty strings")
            return ()
        return tuple(value)
