"""Section anchors as readers link to them: the GitHub-style slug rule, made unique per page.

Shared because the builder names sections with it and a client building shards for a plain
doctrove host must name sections that recorded no anchor the same way.
"""

from __future__ import annotations

import re
import unicodedata

_DROP = re.compile(r"[^\w\- ]", re.UNICODE)
_SPACES = re.compile(r"\s+")
_DASHES = re.compile(r"-{2,}")
MAX_ANCHOR_LENGTH = 80


def slugify(text: str) -> str:
    """GitHub-style slug: lowercase, punctuation dropped, spaces to dashes, any script kept.

    ``"Session.mount()"`` becomes ``"sessionmount"``; ``"快速开始"`` stays ``"快速开始"``.
    An empty result becomes ``"section"`` so every section still has an anchor.
    """
    text = unicodedata.normalize("NFKC", text).strip().lower()
    text = _DROP.sub("", text)
    text = _SPACES.sub("-", text)
    text = _DASHES.sub("-", text).strip("-")
    return text[:MAX_ANCHOR_LENGTH].rstrip("-") or "section"


def unique_anchor(anchor: str, taken: set[str]) -> str:
    """Return ``anchor`` or ``anchor-1``, ``anchor-2``... whichever is free, and mark it taken."""
    candidate, n = anchor, 0
    while candidate in taken:
        n += 1
        candidate = f"{anchor}-{n}"
    taken.add(candidate)
    return candidate
