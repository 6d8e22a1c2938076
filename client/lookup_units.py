"""What catalog_lookup matches a query's words by: units, each met by any of a few ways.

A library's name and summary words are those of ``schemas.library_keys`` (stemmed English
words, single CJK characters). A query is cut into units, and a library's words tier counts the
units it meets:

- An English word is a unit, met by the word, or by the characters of a Chinese term the
  glossary gives for it (client.search.glossary), when the catalog has Chinese summaries:
  "date library" finds Day.js, whose summary is 轻量级 JavaScript 日期处理库.
- A Chinese term of the glossary, cut from the query longest first, is one unit, met by any
  of the English words it gives or by all of the term's characters: 模板引擎 finds "A very
  fast and expressive template engine" (templat, engin), and a Chinese summary holding 模板引擎
  meets it too; so does any English word of a term inside it (日期格式化: strftime, format,
  and 日期's date). The glossary's words for a term are mostly synonyms (失败: fail, failure), and
  a term counted once per word weighed as many words as the glossary gives it. A character no
  term covers is a unit of its own, as before.
- Words that name an ecosystem (python, node.js, javascript) are met by a library's summary
  or by its registry (schemas.library_keys.REGISTRY_WORDS), never by its name: in "python
  web framework" they tell Django from Express, where opencv-python's name used to come first.
  A query that names one ecosystem (:func:`asked_registry`) is not answered by the words of a
  library published only on another registry: "redis client for node.js" is no redis-py.
- A summary meets an English word in any form of its family (:func:`word_forms`): "serialization
  library" finds "CBOR (de)serializer", "web crawler" "Web Crawling". Names are met as written.
- A summary also meets a word of five letters or more by the longer words it begins
  (:func:`begun_by`): "postgres" meets "PostgreSQL", "mongo" "MongoDB", "async" "asyncio".
- In the summary tier a unit weighs by how few libraries' summaries meet it (:func:`rarity`):
  in "mongodb client" PyMongo's "MongoDB" tells more than the "client" of every HTTP client.
- A name meeting fewer than a third of the query's words (:data:`STRONG_NAME`) is no name
  hit: its words count as the summary's.
- Words that only say what kind of thing is looked for (library, tool, framework, module,
  package and their Chinese) are left out when the query has other units: in "date library"
  the word that tells libraries apart is "date" (Werkzeug's summary ends in "library").
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable, Iterable, Sequence

from client.lookup_names import MIN_VARIANT
from schemas.library_keys import REGISTRY_WORDS, words
from schemas.text import stem

# A unit: each way is a group of words a library must all have to meet it.
Unit = tuple[tuple[str, ...], ...]

# The ranges of the characters schemas.library_keys counts each as a word of its own (kana,
# CJK ideographs, Hangul syllables): a word starting with one of them is that one character.
CJK_RANGES = (
    ("\u3040", "\u30ff"),
    ("\u3400", "\u4dbf"),
    ("\u4e00", "\u9fff"),
    ("\uac00", "\ud7af"),
    ("\uf900", "\ufaff"),
)
_CJK_RUN = re.compile("[" + "".join(f"{low}-{high}" for low, high in CJK_RANGES) + "]+")
# The words (as stems) that name a kind of software, not what it does.
KIND_WORDS = frozenset(
    stem(word)
    for word in [
        "library",
        "lib",
        "package",
        "module",
        "tool",
        "toolkit",
        "framework",
        "utility",
        "util",
    ]
) | frozenset(["库", "包", "工具", "框架", "模块"])


# The words (as stems) that name an ecosystem: those the registries give, and "py".
ECOSYSTEM_WORDS = frozenset(words(" ".join(REGISTRY_WORDS.values()) + " py"))


# Each ecosystem word (a stem) and the registry it names.
_REGISTRY_OF = {
    word: registry for registry, text in REGISTRY_WORDS.items() for word in words(text)
} | {"py": "pypi"}


def asked_registry(units: list[Unit]) -> str | None:
    """The registry of the one ecosystem the query's words name ("pypi" for "python web
    framework"); None when they name none or several."""
    asked = {_REGISTRY_OF[unit[0][0]] for unit in units if _names_ecosystem(unit)}
    return asked.pop() if len(asked) == 1 else None


def elsewhere(registries: Iterable[str], asked: str) -> bool:
    """Whether a library published on ``registries`` is published only outside ``asked``'s
    ecosystem (on another registry REGISTRY_WORDS knows; a library of no known registry may
    be of any)."""
    known = set(registries) & set(REGISTRY_WORDS)
    return bool(known) and asked not in known


# A name meeting fewer than this share of the query's name units is read as words of the
# summary: in "statistical data visualization on top of matplotlib" the name Matplotlib is
# not what is asked, Seaborn's summary is ("Statistical data visualization").
STRONG_NAME = 1 / 3


def strong_names(met: Sequence[set[int]]) -> set[int]:
    """The libraries whose names meet at least STRONG_NAME of the name units (``met``: the
    libraries meeting each)."""
    counts: dict[int, int] = {}
    for libraries in met:
        for library in libraries:
            counts[library] = counts.get(library, 0) + 1
    return {library for library, count in counts.items() if is_strong(count, len(met))}


def is_strong(count: int, total: int) -> bool:
    """Whether a name meeting ``count`` of ``total`` name units is a name hit."""
    return count >= STRONG_NAME * total


def name_units(units: list[Unit]) -> list[tuple[int, Unit]]:
    """The units a library's names are met by, each with its position in ``units``: all but
    those of an ecosystem's words, unless the query has nothing else (a "python" in a name says
    nothing of what it does); an English word also by the word with PyPI's "py" before it, as
    a name writes it (jwt: PyJWT, yaml: PyYAML, mongo: PyMongo)."""
    telling = [(i, unit) for i, unit in enumerate(units) if not _names_ecosystem(unit)]
    return [(i, _with_py(unit)) for i, unit in telling or enumerate(units)]


def _with_py(unit: Unit) -> Unit:
    word = unit[0][0] if len(unit[0]) == 1 else ""
    if len(word) < MIN_VARIANT or not word.isascii() or not word.isalpha():
        return unit
    return (*unit, ("py" + word,))


def summary_units(units: list[Unit]) -> list[Unit]:
    """The units a library's summary is met by: each English word in any of its forms."""
    return [
        tuple(
            dict.fromkeys(
                (form,) for way in unit for form in (word_forms(way[0]) if len(way) == 1 else ())
            )
        )
        + tuple(way for way in unit if len(way) > 1)
        for unit in units
    ]


# The shortest query word a summary's longer words are met by when they begin with it.
MIN_BEGINNING = 5


def begun_by(units: list[Unit], words_after: Callable[[str], Iterable[str]]) -> list[Unit]:
    """``units`` (summary units) with each English query word also met by the longer words
    that begin with it, which ``words_after(word)`` gives (the catalog's summary words that
    begin with ``word``, longer than it)."""
    found = []
    for unit in units:
        word = unit[0][0] if len(unit[0]) == 1 else ""
        if len(word) >= MIN_BEGINNING and word.isascii() and word.isalpha():
            longer = [(other,) for other in words_after(word) if (other,) not in unit]
            unit = (*unit, *longer)
        found.append(unit)
    return found


# Suffixes that make a word of another of its family (serializ-er, serializ-ation, validat-or,
# validat-ion, manage-ment), and that stemming (schemas.text.stem) leaves on.
_FAMILY_SUFFIXES = ("ation", "ion", "er", "or", "ment", "ing")
# The shortest a word's root may be once a suffix is off ("user" is no "us" that uses).
_MIN_ROOT = 3


def word_forms(word: str) -> tuple[str, ...]:
    """``word`` (a stem) first, then the stems of its family: its roots, ``word`` without one
    of the suffixes above (a doubled final consonant undoubled: logger, log), or ``word``
    itself when it has none, each with every suffix (and with its final consonant doubled
    before "er": log, logger). A form no summary uses matches nothing."""
    if not (word.isascii() and word.isalpha()):
        return (word,)
    roots = []
    for suffix in _FAMILY_SUFFIXES:
        root = word.removesuffix(suffix)
        if root != word and len(root) >= _MIN_ROOT:
            roots.append(root)
            if len(root) > _MIN_ROOT and root[-1] == root[-2] and root[-1] not in "aeiouls":
                roots.append(root[:-1])
    roots = roots or [word]
    forms = [word, *roots]
    for root in roots:
        forms += [root + suffix for suffix in _FAMILY_SUFFIXES]
        if root[-1] not in "aeiouy":
            forms.append(root + root[-1] + "er")
    return tuple(dict.fromkeys(forms))


def _names_ecosystem(unit: Unit) -> bool:
    return len(unit[0]) == 1 and unit[0][0] in ECOSYSTEM_WORDS


def rarity(libraries: int, meeting: int) -> float:
    """A summary unit's weight: log(1 + libraries / those meeting it), as bm25's idf."""
    return math.log(1 + libraries / max(meeting, 1))


def weighted_share(weights: Sequence[float], met: Iterable[int]) -> float:
    """The share of the units' weight that the units ``met`` (their indexes) carry; summed in
    the units' order, so that every lookup path gives the same float."""
    return sum(weights[unit] for unit in sorted(met)) / sum(weights)


def is_cjk(word: str) -> bool:
    return _CJK_RUN.fullmatch(word) is not None


def query_units(key: str, chinese_summaries: bool) -> list[Unit]:
    """The units of a folded query ``key``; ``chinese_summaries``: whether the catalog has
    summaries in Chinese (English words are then met by their Chinese terms too)."""
    units: list[tuple[Unit, bool]] = []  # each unit and whether it only names a kind
    position = 0
    for run in _CJK_RUN.finditer(key):
        units += _english_units(key[position : run.start()], chinese_summaries)
        units += _chinese_units(run.group())
        position = run.end()
    units += _english_units(key[position:], chinese_summaries)
    telling = [unit for unit, kind in units if not kind]
    return list(dict.fromkeys(telling if telling else [unit for unit, _ in units]))


def unit_words(units: list[Unit]) -> list[str]:
    """Every word the units' ways name, each once."""
    return list(dict.fromkeys(word for unit in units for way in unit for word in way))


def _english_units(text: str, chinese_summaries: bool) -> list[tuple[Unit, bool]]:
    units: list[tuple[Unit, bool]] = []
    for word in words(text):
        chinese = _chinese_terms_for(word) if chinese_summaries else ()
        units.append((((word,), *chinese), word in KIND_WORDS))
    return units


def _chinese_units(run: str) -> list[tuple[Unit, bool]]:
    from client.search.glossary import glossary_entries, term_spans

    entries = glossary_entries()
    units: list[tuple[Unit, bool]] = []
    covered = 0
    for start, end in term_spans(run, entries):
        units += [(((char,),), char in KIND_WORDS) for char in run[covered:start]]
        term = run[start:end]
        characters = tuple(dict.fromkeys(term))
        # A term also means what the terms inside it mean: 日期格式化 is "strftime format" to
        # the glossary, and a date library's summary says "date" (日期).
        english = words(entries[term])
        english += [word for part in _inner_terms(term, entries) for word in words(entries[part])]
        english = list(dict.fromkeys(english))
        telling = [word for word in english if word not in KIND_WORDS]
        kind = not telling or term in KIND_WORDS
        units.append(((*((word,) for word in telling or english), characters), kind))
        covered = end
    units += [(((char,),), char in KIND_WORDS) for char in run[covered:]]
    return units


def _inner_terms(term: str, entries: dict[str, str]) -> list[str]:
    """The glossary's terms of two characters or more inside ``term``, left to right."""
    return [
        part
        for start in range(len(term))
        for end in range(start + 2, len(term) + 1)
        if (part := term[start:end]) != term and part in entries
    ]


@functools.lru_cache(maxsize=4096)
def _chinese_terms_for(word: str) -> tuple[tuple[str, ...], ...]:
    """The characters of the Chinese terms zh_en.tsv gives ``word`` (a stem) for, those it
    names first for them first, at most MAX_CHINESE_TERMS, a term holding a shorter one left
    out (as client.search.glossary.english_terms, but stemming only the entries that may hold
    the word: the whole glossary takes tens of milliseconds, a lookup's first answer waits)."""
    from client.search.glossary import MAX_CHINESE_TERMS, MIN_TERM_CHARS, two_way_entries

    # A stem keeps its word's first letters, but for a final y made i ("dry" gives "dri").
    letters = word.removesuffix("i")[:3]
    found = []
    for term, english in two_way_entries().items():
        if len(term) >= MIN_TERM_CHARS and letters in english.lower():
            stems = words(english)
            if word in stems:
                found.append((stems.index(word), len(term), term))
    terms = [term for _, _, term in sorted(found)]
    kept = [t for t in terms if not any(other != t and other in t for other in terms)]
    return tuple(tuple(dict.fromkeys(term)) for term in kept[:MAX_CHINESE_TERMS])
