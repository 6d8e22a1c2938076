"""Whether a word the English list lacks is still an English word: a British spelling or a
regular derivation of a listed word.

SCOWL's American list (client.search.glossary.english_stems) holds "color" and "typed", not
"colour", "recognise", "untyped", "awaitable" or "tokenizer". Read against it alone, such words
in a question counted as names of things the docs never mention (client.search.unheard), the
mark of a question the docs cannot answer, and the answer was withheld. Each rule below
rewrites the word into a form the list may hold; the word counts as English when one of the
rewritten forms' search tokens is listed. The rules are few and regular on purpose: a rule that
also turned a product's name into an English word ("asyncio", "graphql") would hide what the
docs lack, so compounds ("hardcode", "websocket") are not split.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator

from schemas.text import query_terms

# British endings and their American spellings, tried on the whole word: colour, honoured,
# recognise, sanitisation, catalysed, centre, defence (the list holds many British words
# already: analyse, catalogue, cancelled, licence).
_AMERICAN = (
    (re.compile(r"(?<=[a-z]{2})our(?=(s|ed|ing|ful|ite|ites|able)?$)"), "or"),
    (re.compile(r"(?<=[a-z]{2})is(?=(e|es|ed|ing|er|ers|ation|ations)$)"), "iz"),
    (re.compile(r"(?<=[a-z]{2})ys(?=(e|es|ed|ing)$)"), "yz"),
    (re.compile(r"(?<=[a-z]{2})tre(?=s?$)"), "ter"),
    (re.compile(r"(?<=[a-z]{3})ence(?=s?$)"), "ense"),
)
# Prefixes that make a word from a word: untyped, recomputing, nonblocking, subclassing.
# Not "co" (coroutine is no co-routine) nor "in" (inline, index).
_PREFIXES = ("un", "re", "non", "pre", "sub", "de", "dis", "mis", "over", "under", "multi")
# How adjectives end, each a fixed-width look-behind (verbose, iterative, idempotent,
# lossless, discrete, strict, robust).
_ADJECTIVE_ENDINGS = "(?:{})".format(
    "|".join(
        f"(?<={ending})"
        for ending in (
            *("ive", "ent", "ant", "ous", "ful", "less", "ose", "ate", "ure", "ete"),
            *("ct", "st", "ic", "al", "ar", "ile", "ine"),
        )
    )
)
# Suffixes that make a word from a word, and what may take their place: positionally,
# atomically, mutably, awaitable, iterable, validator, accessor, tokenizer, sanitization,
# stringify, serverless, getters.
# An adverb's "ly" goes only after an adjective's ending (natively, idempotently,
# seamlessly): a name's "ly" does not make one of plot, format or supervise.
_SUFFIXES = (
    (re.compile(r"(?<=[a-z]{3})(ally)$"), ("al", "")),
    (re.compile(r"(?<=[a-z]{3})(ably|ibly)$"), ("able", "ible")),
    (re.compile(_ADJECTIVE_ENDINGS + r"(ly)$"), ("",)),
    (re.compile(r"(?<=[a-z]{3})(able|ables|ible|ibles|ability)$"), ("", "e", "ate")),
    (re.compile(r"(?<=[a-z]{3})(ator|ators)$"), ("ate",)),
    (re.compile(r"(?<=[a-z]{2}ss)(or|ors)$"), ("",)),
    (re.compile(r"(?<=[a-z]{3})(iz|is)(e|es|ed|ing|er|ers|ation|ations)$"), ("",)),
    (re.compile(r"(?<=[a-z]{3})(ation|ations)$"), ("e", "")),
    (re.compile(r"(?<=[a-z]{3})(ify|ifies|ified|ifying)$"), ("",)),
    (re.compile(r"(?<=[a-z]{3})(less|ness)$"), ("",)),
    (re.compile(r"(?<=[a-z]{3})(er|ers)$"), ("", "e")),
)
# How many rules a word is read through: a prefix and a suffix (un-hash-able,
# de-serializ-er), a suffix and a British spelling (customis-able); no more, as each step
# is one more way for a name to read as English.
MAX_STEPS = 2
# A stem shorter than this after a prefix or suffix goes is no evidence ("re" + "dis").
MIN_STEM_CHARS = 4
_LETTERS = re.compile(r"[a-z]+")
# A capital after a small letter: a name written in camel case, never a sentence's word.
_INNER_CAPITAL = re.compile(r"[a-z][A-Z]")


def english_form(word: str, english: Collection[str]) -> bool:
    """Whether ``word`` (as written) is English by a rule above though its own search token
    is not in ``english`` (search tokens of the English list)."""
    if _INNER_CAPITAL.search(word):
        return False  # an identifier as written: preAction, RedisCache, CalVer
    folded = word.casefold()
    if not _LETTERS.fullmatch(folded):
        return False  # a name with digits, dots or underscores is no English word
    return any(_token(form) in english for form in _forms(folded))


def _forms(word: str, steps: int = MAX_STEPS) -> Iterator[str]:
    """The word's American spelling, and the words its prefix or suffix was added to, each
    in turn read the same way, ``steps`` deep."""
    american = _american(word)
    if american != word:
        yield american
    for spelled in dict.fromkeys((word, american)):
        for base in _bases(spelled):
            yield base
            if steps > 1:
                yield from _forms(base, steps - 1)


def _american(word: str) -> str:
    for pattern, replacement in _AMERICAN:
        word = pattern.sub(replacement, word, count=1)
    return word


def _bases(word: str) -> Iterator[str]:
    for prefix in _PREFIXES:
        rest = word[len(prefix) :]
        if word.startswith(prefix) and len(rest) >= MIN_STEM_CHARS:
            yield rest
    for pattern, endings in _SUFFIXES:
        match = pattern.search(word)
        if match is None:
            continue
        base = word[: match.start()]
        # A stem ending in one "s" is read as a plural on its own ("maxs" as "max": maxsize
        # is no derivation), so it is tried only with an ending (compos-able: compose).
        plural = base.endswith("s") and not base.endswith("ss")
        if not plural and len(base) >= MIN_STEM_CHARS and base[-1] == base[-2]:  # get-t-er
            yield base[:-1]
        for ending in endings:
            if len(base) + len(ending) >= MIN_STEM_CHARS and not (plural and not ending):
                yield base + ending


def _token(word: str) -> str:
    terms = query_terms(word)
    return terms[0].whole if terms else ""
