"""Small word tables the search reads a focus with, shipped as data beside this module.

``zh_en.tsv`` maps Chinese software terms to the English words English documentation uses for
them, so a question asked in Chinese about English docs still finds its sections (the Chinese
words stay concepts too, for Chinese docs); read backwards, it lets a question asked in English
find Chinese docs (doctrove's own demo index is written in Chinese). ``zh_en_asked.tsv`` adds
the everyday words a Chinese question asks with (卡住, 兜底), read into English only: they
were not written as what Chinese docs call an English word. ``zh_en_everyday.tsv`` adds general
words the same way (根据 "according", 放弃 "abandon"): without them a run was cut into their
characters, read wrongly (根 "root"). ``zh_en_chars.tsv`` reads single characters that mean one
thing standing alone (改 "change" in 被改, 删 "delete") where no longer term holds them, since
inside a run the glossary's terms are two characters or more.
``synonyms.txt`` holds groups of English words that documentation of any library uses
interchangeably. All were written from general knowledge of software documentation, without
seeing the evaluation's questions (eval/README.md).
``english_stems.txt`` is not ours: the search tokens of SCOWL's American English word list
(written by ``python -m eval.english_stems``, which names the tokenizer it read them with), to
tell a name (numpy, tomllib) from an English word. ``term_shares.tsv`` (written by ``python -m
eval.term_shares``) gives how common each search token is across sixty libraries' docs.
"""

from __future__ import annotations

import functools
from collections.abc import Container
from dataclasses import dataclass
from pathlib import Path

from schemas.text import TOKENIZER, query_terms

ENGLISH_STEMS = "english_stems.txt"
TERM_SHARES = "term_shares.tsv"
# The least share of sections term_shares.tsv lists; a token it lacks is read as this common.
MIN_SHARE = 0.0005
# A Chinese term of one character is too ambiguous inside a longer run (表 in 表示 "represent").
MIN_TERM_CHARS = 2
# Chinese terms an English word is read as, at most: the glossary gives "error" five.
MAX_CHINESE_TERMS = 3


@dataclass(frozen=True)
class Translation:
    """A glossary term found in a Chinese run: where it stands and its English search tokens."""

    start: int
    end: int
    tokens: tuple[str, ...]


def _shipped_text(name: str) -> str:
    """A word list shipped beside this module."""
    return Path(__file__).resolve().with_name(name).read_text(encoding="utf-8")


def _data_lines(name: str) -> list[str]:
    text = _shipped_text(name)
    return [line for line in text.splitlines() if line.strip() and not line.startswith("#")]


def _tokens(words: str) -> tuple[str, ...]:
    """The index tokens of English words (stemmed as documents are; "i18n" whole)."""
    return tuple(dict.fromkeys(term.whole for term in query_terms(words)))


class WordListError(ValueError):
    """english_stems.txt or term_shares.tsv does not fit this code: write it again with
    eval.english_stems or eval.term_shares."""


def _token_lines(name: str) -> list[str]:
    """The lines of a file of search tokens after its header, which must name the tokenizer
    the tokens were made with (a file of another stemming would match nothing)."""
    text = _shipped_text(name)
    header, _, body = text.partition("\n")
    if f"({TOKENIZER})" not in header:
        raise WordListError(f"{name} was not written with tokenizer {TOKENIZER}")
    return [line for line in body.splitlines() if line]


@functools.cache
def english_stems() -> frozenset[str]:
    """The search tokens of English words, read once, when first needed."""
    return frozenset(_token_lines(ENGLISH_STEMS))


@functools.cache
def term_shares() -> dict[str, float]:
    """Each search token's share of sections across many libraries' docs, read once."""
    return {
        token: float(share)
        for token, _, share in (line.partition("\t") for line in _token_lines(TERM_SHARES))
    }


# The glossary read both ways, the terms and the general words read from Chinese into English
# only, and the single characters read where no term holds them.
TWO_WAY_GLOSSARY = "zh_en.tsv"
ASKED_GLOSSARY = "zh_en_asked.tsv"
EVERYDAY_GLOSSARY = "zh_en_everyday.tsv"
LONE_CHARACTERS = "zh_en_chars.tsv"


def _entries(name: str) -> dict[str, str]:
    entries = {}
    for line in _data_lines(name):
        term, _, english = line.partition("\t")
        entries[term.strip()] = english
    return entries


@functools.cache
def glossary_entries() -> dict[str, str]:
    """Chinese term -> its English words as the glossary writes them, most usual first: read,
    not tokenized (catalog_lookup stems the few it meets with its own words). All three files:
    what a Chinese question is read with."""
    return {
        **_entries(TWO_WAY_GLOSSARY),
        **_entries(ASKED_GLOSSARY),
        **_entries(EVERYDAY_GLOSSARY),
    }


@functools.cache
def two_way_entries() -> dict[str, str]:
    """The entries an English word is read into Chinese with (zh_en.tsv alone)."""
    return _entries(TWO_WAY_GLOSSARY)


@functools.cache
def chinese_terms() -> dict[str, tuple[str, ...]]:
    """Chinese term -> English search tokens, most usual first."""
    return _search_tokens(glossary_entries())


@functools.cache
def character_readings() -> dict[str, tuple[str, ...]]:
    """Single character -> English search tokens, for a character no glossary term holds."""
    return _search_tokens(_entries(LONE_CHARACTERS))


def _search_tokens(entries: dict[str, str]) -> dict[str, tuple[str, ...]]:
    """Each entry's English words as search tokens; an entry whose words give none is left out."""
    return {chinese: tokens for chinese, english in entries.items() if (tokens := _tokens(english))}


@functools.cache
def english_terms() -> dict[str, tuple[str, ...]]:
    """English search token -> the Chinese terms zh_en.tsv gives it for, those it names first
    for them first, at most MAX_CHINESE_TERMS. A term holding a shorter one it is also
    read as adds nothing a search would not find (错误处理 beside 错误) and is left out."""
    ranked: dict[str, list[tuple[int, int, str]]] = {}
    two_way = two_way_entries()
    for term, tokens in chinese_terms().items():
        if len(term) >= MIN_TERM_CHARS and term in two_way:
            for place, token in enumerate(tokens):
                ranked.setdefault(token, []).append((place, len(term), term))
    table = {}
    for token, found in ranked.items():
        terms = [term for _, _, term in sorted(found)]
        kept = [t for t in terms if not any(o != t and o in t for o in terms)]
        table[token] = tuple(kept[:MAX_CHINESE_TERMS])
    return table


@functools.cache
def synonym_groups() -> tuple[tuple[str, ...], ...]:
    """Groups of interchangeable English words, as search tokens."""
    groups = (_tokens(line) for line in _data_lines("synonyms.txt"))
    return tuple(group for group in groups if len(group) > 1)


@functools.cache
def _longest_term() -> int:
    return max(map(len, glossary_entries()), default=0)


def translations(run: str) -> tuple[Translation, ...]:
    """The glossary terms of a Chinese run, longest first from left to right (the usual way to
    cut Chinese text with a dictionary): each character belongs to at most one term. A
    character no term holds is read alone when zh_en_chars.tsv lists it; a run of one character
    is read as the glossary's term of that character, else as that file reads it (库 of
    "WebSocket 库", 帧 of "WebSocket 帧")."""
    table = chinese_terms()
    if len(run) == 1:
        tokens = table.get(run) or character_readings().get(run)
        return (Translation(0, 1, tokens),) if tokens else ()
    spans = term_spans(run, table)
    found = [Translation(start, end, table[run[start:end]]) for start, end in spans]
    held = {i for start, end in spans for i in range(start, end)}
    lone = character_readings()
    found.extend(
        Translation(i, i + 1, lone[char])
        for i, char in enumerate(run)
        if i not in held and char in lone
    )
    return tuple(sorted(found, key=lambda t: t.start))


def term_spans(run: str, table: Container[str]) -> tuple[tuple[int, int], ...]:
    """Where the terms of ``table`` (the glossary's, or some of them) stand in a Chinese run,
    cut longest first from left to right."""
    longest = _longest_term()
    found, i = [], 0
    while i < len(run):
        for size in range(min(longest, len(run) - i), MIN_TERM_CHARS - 1, -1):
            if run[i : i + size] in table:
                found.append((i, i + size))
                i += size
                break
        else:
            i += 1
    return tuple(found)
