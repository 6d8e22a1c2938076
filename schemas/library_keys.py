"""The names and words a library is looked up by, the same for the builder and the client.

catalog_lookup compares a query with every name of a library (id, name, aliases, registry
names) and with the words of its names and summary. The client ranks from these in memory for
a small catalog; the builder writes them into a large site's lookup table
(``schemas/lookup.sql``), so both must derive them alike, and they are defined here once.

Everything is case-insensitive; Chinese, Japanese and Korean text counts each character as a
word; English words count by their stem, without the stop words summaries are full of.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable

from schemas.text import normalize, stem

_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff"
_WORD = re.compile(rf"[{_CJK}]|[^\W_{_CJK}]+")
_SPACE = re.compile(r"\s+")
# PyPI compares project names with each run of "-", "_" and "." as one "-" (PEP 503).
_PYPI_SEPARATORS = re.compile(r"[-_.]+")
# Words that say nothing about which library is meant; summaries are full of them.
_STOP_WORDS = (
    "a an and are as at be by for from in is it of on or the to with without this that your"
)
_STOP = frozenset(_STOP_WORDS.split())

# The words an ecosystem is asked by ("python web framework", "redis client for node.js"), by
# the registry a library is published on: a library on PyPI is a Python one and a library on
# npm a JavaScript one, whether its summary says so or not (Flask's does not).
REGISTRY_WORDS = {"pypi": "python", "npm": "node nodejs js javascript"}

STEMS: dict[str, str] = {}
STEM_MEMO_LIMIT = 200_000


def fold(text: str) -> str:
    """The form keys and queries are compared in: NFKC, case folded, single spaces."""
    if text.isascii():  # the common case, and the same result, without the regex
        return " ".join(text.replace("()", "").lower().split())
    return _SPACE.sub(" ", normalize(text).casefold()).strip()


def _stem(word: str) -> str:
    # A catalog repeats a few thousand words across tens of thousands of summaries.
    found = STEMS.get(word)
    if found is None:
        found = stem(word)
        if len(STEMS) < STEM_MEMO_LIMIT:
            STEMS[word] = found
    return found


def words(text: str) -> list[str]:
    """Distinct search words of ``text``: stemmed English words, single CJK characters."""
    return list(dict.fromkeys(_stem(w) for w in _WORD.findall(fold(text)) if w not in _STOP))


def popularity_factor(popularity: float) -> float:
    """The share of a tier's headroom a library's popularity may take (0 to 0.1)."""
    return min(0.1, math.log10(popularity) / 100) if popularity > 1 else 0.0


def registry_key(key: str) -> str:
    """A folded ``registry:name`` as the registry compares names: ``pypi:more_itertools`` and
    ``pypi:More.Itertools`` are ``pypi:more-itertools`` (PEP 503); any other key is itself."""
    registry, colon, name = key.partition(":")
    if colon and registry == "pypi":
        return "pypi:" + pypi_spelling(name)
    return key


def pypi_spelling(name: str) -> str:
    """``name`` with each run of "-", "_" and "." as one "-", as PyPI compares names."""
    return _PYPI_SEPARATORS.sub("-", name)


def bare_package(package: str) -> str:
    """``npm:express`` → ``express``; a name without a registry prefix is itself."""
    return package.split(":", 1)[1] if ":" in package else package


def same_name(name: str, text: str) -> bool:
    """Whether ``text`` names what ``name`` (an alias or a registry name) does: in any case,
    and a PyPI name as PyPI compares names (``pypi:more_itertools`` is ``pypi:more-itertools``)."""
    return registry_key(fold(name)) == registry_key(fold(text))


def library_keys(
    library_id: str, name: str, aliases: Iterable[str], packages: Iterable[str]
) -> Iterable[tuple[str, str, str]]:
    """(folded key, kind, original text) for every string that names a library; kind is "id",
    "name", "alias" or "package"."""
    yield fold(library_id), "id", library_id
    yield fold(name), "name", name
    for alias in aliases:
        yield fold(alias), "alias", alias
    for package in packages:
        key = fold(package)
        yield key, "package", package
        if bare_package(package) != package:
            yield fold(bare_package(package)), "package", package
        if registry_key(key) != key:
            yield registry_key(key), "package", package


def summary_words(summary: str, packages: Iterable[str]) -> list[str]:
    """The words of a library's summary, and the words of its registries' ecosystems
    (``REGISTRY_WORDS``), as the summary-words tier counts them."""
    registries = sorted({bare_registry(package) for package in packages})
    ecosystems = " ".join(REGISTRY_WORDS.get(registry, "") for registry in registries)
    return words(f"{summary} {ecosystems}" if ecosystems else summary)


def bare_registry(package: str) -> str:
    """``npm:express`` → ``npm``; a name without a registry prefix has none ("")."""
    return package.split(":", 1)[0].casefold() if ":" in package else ""


def name_words(library_id: str, name: str, aliases: Iterable[str]) -> list[str]:
    """The words of a library's names, as the name-words tier counts them."""
    return words(" ".join((library_id, name, *aliases)))
