"""Check a caller's arguments against their bounds, whatever front end passed them.

Every refusal is an InvalidRequest (code "validation") naming the argument and its bounds, so
an agent can correct itself in one step.
"""

from __future__ import annotations

from client.errors import InvalidRequest


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
