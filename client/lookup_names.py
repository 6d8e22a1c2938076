"""The other spellings of a library's name that a catalog_lookup query may be, and the names a
misspelt one is near.

A query that names no library as written may still name one as people write names:

- as code or a command line brings it in: ``import yaml``, ``require("axios")``,
  ``pip install requests`` name ``yaml``, ``axios``, ``requests``;
- with a version or a ".js" the registry name lacks (``psycopg2``, ``koa2``, ``uuidv4``,
  ``three.js``) or without the separators it has (``chartjs``, ``beautiful soup``);
- without the ecosystem's affix a registry name carries: ``yaml`` for pyyaml, ``jwt`` for
  pyjwt, ``dateutil`` for python-dateutil, ``opencv`` for opencv-python.

Each variant is looked up as an alias is, exactly and as a prefix (the alias-prefix tier). A
single word that is none of them and no name's prefix may be a typo of a name (``pydantc``,
``zustnad``): :func:`near_names` keeps the names starting with its first two letters within a
small edit distance, a tier below the names' words and above the summaries'. Both the in-memory
index and a large site's lookup table read the names so (client.lookup, client.lookup_table).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

# Commands and statements that bring a library in, before its name.
_BRINGING_IN = re.compile(
    r"^(?:import|from|require|(?:pip3?|uv pip|uv|poetry|pdm|conda|npm|pnpm|yarn|bun)"
    r" (?:install|add|i))\s+"
)
_QUOTES = re.compile(r"[\"'`();]+")
_SEPARATORS = re.compile(r"[\s._-]+")
_JS_SUFFIX = re.compile(r"[._-]?js$")
_VERSION_SUFFIX = re.compile(r"[._-]?v?\d+$")
# How a registry name often wraps the name people use ("py" + "yaml").
_AFFIXES = ("py{}", "python-{}", "{}-python", "{}.js", "{}js")
# The shortest variant looked up: a shorter one is a prefix of too many names.
MIN_VARIANT = 3
# A typo is looked for in single words of this many characters or more, within this distance.
MIN_NEAR = 4


def name_variants(key: str) -> list[str]:
    """The other spellings of the name a folded query ``key`` may be, ``key`` left out."""
    base = _BRINGING_IN.sub("", _QUOTES.sub(" ", key).strip()).strip()
    if not base:
        return []
    joined = _SEPARATORS.sub("", base)
    found = [base, joined]
    for text in (base, joined):
        found += [_JS_SUFFIX.sub("", text), _VERSION_SUFFIX.sub("", text)]
    if not _SEPARATORS.search(base):
        found += [affix.format(base) for affix in _AFFIXES]
    return [v for v in dict.fromkeys(found) if v != key and len(v) >= MIN_VARIANT]


def near_span(key: str) -> tuple[str, int, int] | None:
    """(the first two characters, shortest and longest length) of the names a typo ``key``
    may be near; None when the query is no single word long enough to tell."""
    if len(key) < MIN_NEAR or _SEPARATORS.search(key) or ":" in key:
        return None
    allowed = _allowed_distance(key)
    return key[:2], len(key) - allowed, len(key) + allowed


def near_names(key: str, names: Iterable[str]) -> list[str]:
    """The ``names`` (folded keys) a typo ``key`` is near: the same first two characters and an
    edit distance of one per three characters of ``key`` (at least one), a swap of two
    neighbours counting one."""
    span = near_span(key)
    if span is None:
        return []
    start, shortest, longest = span
    allowed = _allowed_distance(key)
    return [
        name
        for name in names
        if name != key
        and name.startswith(start)
        and shortest <= len(name) <= longest
        and edit_distance(key, name) <= allowed
    ]


def _allowed_distance(key: str) -> int:
    """One edit per three characters, at least one."""
    return max(1, len(key) // 3)


def edit_distance(a: str, b: str) -> int:
    """Levenshtein's distance, with a swap of two neighbouring characters counting as one."""
    before: list[int] = []
    previous = list(range(len(b) + 1))
    for i, char_a in enumerate(a, start=1):
        current = [i]
        for j, char_b in enumerate(b, start=1):
            cost = 0 if char_a == char_b else 1
            best = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and char_a == b[j - 2] and a[i - 2] == char_b:
                best = min(best, before[j - 2] + 1)
            current.append(best)
        before, previous = previous, current
    return previous[-1]
