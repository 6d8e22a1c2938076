"""Spell a heading's anchor id the way Sphinx and docutils do, for reST and MyST pages.

The GitHub-style rule lives in schemas.anchors (clients need it too); the Sphinx one is here,
beside the parsers, its only callers.
"""

from __future__ import annotations

import re
import unicodedata

from schemas.anchors import MAX_ANCHOR_LENGTH, slugify

# sphinx.util.nodes._make_id: what an id may hold, and what it may not start or end with.
_NOT_SPHINX_ID = re.compile(r"[^a-zA-Z0-9._]+")
_NOT_SPHINX_ID_AT_ENDS = re.compile(r"^[-0-9._]+|-+$")


def docutils_id(text: str) -> str:
    """Sphinx/docutils-style id: ASCII letters and digits joined by single dashes.

    Falls back to :func:`slugify` when nothing ASCII is left (a CJK title), which is
    what a reader would see in the URL of such a page anyway.
    """
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    ident = re.sub(r"[^a-z0-9]+", "-", ascii_text).strip("-")
    ident = re.sub(r"^[^a-z]+", "", ident)
    return ident[:MAX_ANCHOR_LENGTH].rstrip("-") or slugify(text)


def sphinx_id(text: str) -> str:
    """The id Sphinx's make_id makes of a prefixed name (``"term-source directory"``, a
    glossary term's, an option's, an environment variable's): accents dropped, each run of
    other characters than ASCII letters, digits, '.' and '_' one '-', none leading or
    trailing."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return _NOT_SPHINX_ID_AT_ENDS.sub("", _NOT_SPHINX_ID.sub("-", " ".join(ascii_text.split())))
