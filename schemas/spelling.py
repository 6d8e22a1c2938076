"""The known name a mistyped one most likely stands for, as the builder's and the client's
"did you mean" hints give it (a catalog or config key: ``pth`` for ``path``)."""

from __future__ import annotations

from collections.abc import Iterable

# How alike the two must be (difflib's ratio): 0.6 takes one slip in a short key, not a stranger.
CUTOFF = 0.6


def nearest_name(word: str, names: Iterable[str]) -> str | None:
    """The name of ``names`` closest to ``word``, letter case aside, as ``names`` spells it; None
    when none is close enough."""
    # Imported here: only an error asks, and the client pays for every module at start.
    from difflib import get_close_matches

    by_lower = {name.lower(): name for name in sorted(names)}
    close = get_close_matches(word.lower(), list(by_lower), n=1, cutoff=CUTOFF)
    return by_lower[close[0]] if close else None
