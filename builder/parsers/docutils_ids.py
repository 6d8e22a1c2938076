"""Spell a heading's anchor id the way Sphinx and docutils do, for reST and MyST pages.

The GitHub-style rule lives in schemas.anchors (clients need it too); the Sphinx one is here,
beside the parsers, its only callers.
"""

from __future__ import annotations

import re
import unicodedata

from schemas.anchors import MAX_ANCHOR_LENGTH, slugify

# The prefix of the id Sphinx gives a glossary term (std:term: #term-coroutine), in the reST
# and MyST readers' anchors and in the ids the HTML reader finds on built pages.
GLOSSARY_TERM_PREFIX = "term"
# sphinx.util.nodes._make_id: what an id may hold, and what it may not start or end with.
_NOT_SPHINX_ID = re.compile(r"[^a-zA-Z0-9._]+")
_NOT_SPHINX_ID_AT_ENDS = re.compile(r"^[-0-9._]+|-+$")
# The letters make_id writes for those accent stripping does not reduce to ASCII (ø, ł, ß...):
# docutils' table, which docutils' make_id and Sphinx's _make_id apply before they drop what is
# left.
_ASCII_FOR = str.maketrans(
    {
        "\u00df": "sz", "\u00e6": "ae", "\u0153": "oe", "\u0238": "db", "\u0239": "qp",
        "\u00f8": "o", "\u0111": "d", "\u0127": "h", "\u0131": "i", "\u0142": "l",
        "\u0167": "t", "\u0180": "b", "\u0183": "b", "\u0188": "c", "\u018c": "d",
        "\u0192": "f", "\u0199": "k", "\u019a": "l", "\u019e": "n", "\u01a5": "p",
        "\u01ab": "t", "\u01ad": "t", "\u01b4": "y", "\u01b6": "z", "\u01e5": "g",
        "\u0225": "z", "\u0234": "l", "\u0235": "n", "\u0236": "t", "\u0237": "j",
        "\u023c": "c", "\u023f": "s", "\u0240": "z", "\u0247": "e", "\u0249": "j",
        "\u024b": "q", "\u024d": "r", "\u024f": "y",
    }
)  # fmt: skip


def docutils_id(text: str) -> str:
    """Sphinx/docutils-style id: ASCII letters and digits joined by single dashes.

    Falls back to :func:`slugify` when nothing ASCII is left (a CJK title), which is
    what a reader would see in the URL of such a page anyway.
    """
    # docutils' make_id: lowercased, then the letters of its table written out (Straße ->
    # strasze), then the accents dropped.
    lowered = unicodedata.normalize("NFKD", text.lower().translate(_ASCII_FOR))
    ascii_text = lowered.encode("ascii", "ignore").decode()
    ident = re.sub(r"[^a-z0-9]+", "-", ascii_text).strip("-")
    ident = re.sub(r"^[^a-z]+", "", ident)
    return ident[:MAX_ANCHOR_LENGTH].rstrip("-") or slugify(text)


def sphinx_id(text: str) -> str:
    """The id Sphinx's make_id makes of a prefixed name (``"term-source directory"``, a
    glossary term's, an option's, an environment variable's): accents dropped (ø, ł, ß as
    o, l, sz), each run of other characters than ASCII letters, digits, '.' and '_' one '-',
    none leading or trailing."""
    ascii_text = unicodedata.normalize("NFKD", text.translate(_ASCII_FOR))
    ascii_text = ascii_text.encode("ascii", "ignore").decode("ascii")
    return _NOT_SPHINX_ID_AT_ENDS.sub("", _NOT_SPHINX_ID.sub("-", " ".join(ascii_text.split())))
