"""Make stable, unique anchor ids the way rendered documentation pages spell them."""

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


def docutils_id(text: str) -> str:
    """Sphinx/docutils-style id: ASCII letters and digits joined by single dashes.

    Falls back to :func:`slugify` when nothing ASCII is left (a CJK title), which is
    what a reader would see in the URL of such a page anyway.
    """
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    ident = re.sub(r"[^a-z0-9]+", "-", ascii_text).strip("-")
    ident = re.sub(r"^[^a-z]+", "", ident)
    return ident[:MAX_ANCHOR_LENGTH].rstrip("-") or slugify(text)


def unique_anchor(anchor: str, taken: set[str]) -> str:
    """Return ``anchor`` or ``anchor-1``, ``anchor-2``... whichever is free, and mark it taken."""
    candidate, n = anchor, 0
    while candidate in taken:
        n += 1
        candidate = f"{anchor}-{n}"
    taken.add(candidate)
    return candidate
