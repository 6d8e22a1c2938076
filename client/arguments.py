"""Check a caller's arguments against their bounds, whatever front end passed them.

Every refusal is an InvalidRequest (code "validation") naming the argument and its bounds, so
an agent can correct itself in one step.
"""

from __future__ import annotations

import re

from client.errors import InvalidRequest

# A surrogate code point alone is no Unicode character: UTF-8 cannot encode it, so SQLite and the
# JSON writer refuse it deep inside a search. A command line argument whose bytes are not UTF-8
# arrives as such (Python's surrogateescape); a JSON parser refuses the escapes that spell one.
_SURROGATE = re.compile("[\ud800-\udfff]")


def required_text(value: object, name: str, limit: int) -> str:
    """A non-empty string of at most ``limit`` characters, stripped."""
    text = optional_text(value, name, limit, required=True)
    if text is None:  # _text refuses empty required values; this keeps the type exact
        raise InvalidRequest(f"{name} must not be empty")
    return text


def optional_text(value: object, name: str, limit: int, *, required: bool = False) -> str | None:
    """A string of at most ``limit`` characters, stripped; None when absent or blank."""
    if value is None and not required:
        return None
    if not isinstance(value, str):
        raise InvalidRequest(f"{name} must be a string")
    stripped = value.strip()
    if required and not stripped:
        raise InvalidRequest(f"{name} must not be empty")
    if len(value) > limit:
        raise InvalidRequest(f"{name} is longer than {limit} characters")
    if _SURROGATE.search(value):
        raise InvalidRequest(
            f"{name} is not Unicode text (it holds a lone surrogate, as bytes that are not UTF-8 "
            "become); pass it as UTF-8"
        )
    return stripped or None


def whole_number(value: object, name: str, low: int, high: int, default: int) -> int:
    """An int within bounds (booleans refused), or ``default`` when absent."""
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidRequest(f"{name} must be a whole number from {low} to {high}")
    if not low <= value <= high:
        raise InvalidRequest(f"{name} must be from {low} to {high}, not {value}")
    return value
