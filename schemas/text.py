"""Turn documentation text and search queries into the same search tokens, builder and client alike.

The shard's full-text columns hold text that was already tokenized here: tokens joined by single
spaces, each made only of lowercase ASCII letters, digits, ``_``, ``.`` and non-ASCII word
characters. The shard's FTS5 ``ascii`` tokenizer (token characters ``._``) therefore splits
exactly at those spaces and never needs a custom SQLite tokenizer. A client that tokenizes a query
with :func:`query_terms` finds what the builder indexed with :func:`index_text`.

The rules (``TOKENIZER`` names them; change them and the name must change):

- Unicode: NFKC, diacritics removed (``café`` → ``cafe``), case folded. ``()`` is dropped so that
  ``z.string().email()`` reads as the chain ``z.string.email``.
- A word is a run of word characters, dotted chains included (``os.path.join``). A plain word
  (``Timeouts``) is indexed by its stem (``timeout``, see :func:`stem`). A compound
  (``os.path.join``, ``snake_case_name``, ``camelCaseName``, ``base64``) is indexed whole
  (lowercase, unstemmed), then by each compound segment of a dotted chain (``get_data`` of
  ``Request.get_data``), then by the stems of its parts (split at ``.``, ``_``, camelCase and
  letter/digit boundaries).
- Chinese, Japanese and Korean runs give every character and every pair of neighbouring
  characters, so that one- and two-character queries both match.
- Tokens longer than ``MAX_TOKEN_CHARS`` (hashes, base64 blobs) are left out.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

TOKENIZER = "doctrove-text@1"
MAX_TOKEN_CHARS = 64

# Han (with extensions and compatibility ideographs), kana, Hangul and their marks; NFKC has
# already turned half-width forms into these.
# Characters of Chinese, Japanese and Korean scripts: runs of them are cut into pairs.
CJK_CHARACTERS = _CJK = (
    "\u1100-\u11ff\u3005-\u3007\u3040-\u30ff\u3100-\u312f\u3130-\u318f\u31f0-\u31ff"
    "\u3400-\u4dbf\u4e00-\u9fff\ua960-\ua97f\uac00-\ud7ff\uf900-\ufaff\U00020000-\U0003134f"
)
# Patterns over CJK_CHARACTERS take about 10 ms each to compile (re expands their ranges code
# point by code point), so they are compiled on first use (wide_pattern): a process that reads
# only ASCII text (most questions, many builds) never pays for them.
_TOKEN = rf"[{_CJK}]+|[^\W{_CJK}]+(?:\.[^\W{_CJK}]+)*"
_CJK_CHARACTER = rf"[{_CJK}]"
_CJK_RUN = rf"[{_CJK}]+"
# ``_TOKEN`` for text without CJK characters (then its word class is ``\w``), and for ASCII
# text: the same tokens, found sooner than through the wide character class. Possessive: a
# run of word characters is never given back (a dot, not one of them, must follow it) and the
# longest chain is the match, so the engine keeps no backtracking state (a fifth faster). The
# first word character is written on its own (``\w\w*+`` for ``\w++``) so that the pattern
# starts with a character class: the engine then skips the text between words in one loop
# instead of trying a match at each character (8% fewer instructions on ASCII text).
_WORD_TOKEN = re.compile(r"\w\w*+(?:\.\w++)*+")
_ASCII_TOKEN = re.compile(r"\w\w*+(?:\.\w++)*+", re.ASCII)
_CAMEL_PART = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+")
_DIGIT_RUN = re.compile(r"[0-9]+|[^0-9]+")
_MARKS = re.compile("[\u0300-\u036f]")
_VOWEL_CONSONANT = re.compile("[aeiou][^aeiou]")
# Bounded so a memo costs a few megabytes at most. The Python 3.11 docs hold 54,650 distinct
# tokens, so their build empties the token memo once: keeping them all measured 9 MB more peak
# memory for under half a percent less CPU time.
_MEMO_LIMIT = 50_000


@functools.cache
def wide_pattern(pattern: str) -> re.Pattern[str]:
    """``pattern`` compiled once, when first asked for (see ``_TOKEN``)."""
    return re.compile(pattern)


def starts_in_cjk_script(text: str) -> bool:
    """Whether ``text`` begins with a Chinese, Japanese or Korean character."""
    return not text[:1].isascii() and wide_pattern(_CJK_CHARACTER).match(text) is not None


def cjk_runs(text: str) -> list[str]:
    """The runs of Chinese, Japanese or Korean characters in ``text``, in order."""
    return [] if text.isascii() else wide_pattern(_CJK_RUN).findall(text)


def normalize(text: str) -> str:
    """NFKC without diacritics; case is kept because camelCase splitting needs it."""
    text = text.replace("()", "")
    if text.isascii():
        return text
    return unicodedata.normalize("NFC", _MARKS.sub("", unicodedata.normalize("NFKD", text)))


def written_words(text: str) -> list[str]:
    """The words of ``text`` as its writer spelled them: what the tokenizer reads as one word,
    before it folds case and marks (so a word written with separate combining marks may come
    apart here; :func:`query_terms` of each gives the search's tokens)."""
    return wide_pattern(_TOKEN).findall(text.replace("()", ""))


def stem(word: str) -> str:
    """A light English stemmer: word forms that readers treat as the same word meet.

    Only lowercase ASCII words of three letters or more change. In order: a plural or
    third-person ``s`` goes (not ``ss``, ``us``, ``is``); ``ing`` or ``ed`` goes when what is
    left has a vowel followed by a consonant (then a doubled final consonant other than l, s, z
    is undoubled, in words of four letters or more); a final ``y`` after a consonant becomes
    ``i``; a final ``e`` goes. So ``timeouts`` → ``timeout``; ``configure``, ``configuring``,
    ``configured`` → ``configur``; ``applies``, ``applied``, ``apply`` → ``appli``;
    ``stopped`` → ``stop``; ``classes`` → ``class``; ``uses``, ``used`` → ``us``. Short
    words may collide (``note`` and ``not`` both give ``not``); both sides collide alike.
    """
    if len(word) <= 2 or not word.isascii() or not word.isalpha() or not word.islower():
        return word
    if word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    for suffix in ("ing", "ed"):
        rest = word[: -len(suffix)]
        if word.endswith(suffix) and _VOWEL_CONSONANT.search(rest):
            word = _undouble(rest)
            break
    if len(word) > 2 and word.endswith("y") and word[-2] not in "aeiou":
        word = word[:-1] + "i"
    if len(word) >= 3 and word.endswith("e"):
        word = word[:-1]
    return word


def _undouble(word: str) -> str:
    if len(word) >= 4 and word[-1] == word[-2] and word[-1] not in "aeiouylsz":
        return word[:-1]
    return word


def _parts(segment: str) -> list[str]:
    """The words inside one segment of a chain, case folded: ``get_data`` → get, data;
    ``camelCase`` → camel, case; ``utf8`` → utf, 8. Non-ASCII segments split only at ``_``
    and at digits."""
    if segment.isascii():
        found = _CAMEL_PART.findall(segment)
    else:
        found = [run for piece in segment.split("_") for run in _DIGIT_RUN.findall(piece)]
    return [part.casefold() for part in found]


def _is_plain(token: str, parts: list[str]) -> bool:
    return parts == [token.casefold()]


def _word_tokens(token: str) -> list[str]:
    """Index tokens of one word or chain (see the module docstring)."""
    segments = token.split(".")
    # Each segment's words once: the compound segments are told by them too.
    segment_parts = [_parts(segment) for segment in segments]
    parts = [part for words in segment_parts for part in words]
    if _is_plain(token, parts):
        return [_STEMS[parts[0]]]
    out = [token.casefold()]
    if len(segments) > 1:
        out.extend(
            segment.casefold()
            for segment, words in zip(segments, segment_parts, strict=True)
            if not _is_plain(segment, words)
        )
    out.extend(map(_STEMS.__getitem__, parts))
    return list(dict.fromkeys(out))


def _cjk_tokens(run: str) -> list[str]:
    return [*run, *(run[i : i + 2] for i in range(len(run) - 1))]


def _index_tokens(token: str) -> str:
    if starts_in_cjk_script(token):
        return " ".join(_cjk_tokens(token))
    if len(token) > MAX_TOKEN_CHARS:
        return ""
    if token.isascii() and token.isalpha() and token[1:].islower():
        return stem(token.lower())  # the common case: a plain English word
    return " ".join(_word_tokens(token))


class _Memo(dict[str, str]):
    """Remembers each distinct token's expansion: documentation reuses a small vocabulary, so
    most tokens are a dictionary hit instead of a regex and a stemmer call."""

    def __init__(self, expand: Callable[[str], str]) -> None:
        super().__init__()
        self.expand = expand

    def __missing__(self, token: str) -> str:
        value = self.expand(token)
        if len(token) <= MAX_TOKEN_CHARS:
            if len(self) >= _MEMO_LIMIT:
                self.clear()
            self[token] = value
        return value


_INDEX_MEMO = _Memo(_index_tokens)
# The parts of compound tokens repeat far more than the tokens do (the Python docs: 113,436
# stems of 22,467 distinct parts), so their stems are remembered too.
_STEMS = _Memo(stem)


def index_text(text: str) -> str:
    """The tokens to store for ``text``, joined by single spaces ("" when there are none)."""
    expanded = map(_INDEX_MEMO.__getitem__, _words(normalize(text)))
    return " ".join(filter(None, expanded))


def _words(text: str) -> list[str]:
    """The word and CJK runs of normalized ``text`` (``_TOKEN``'s matches), in order."""
    if text.isascii():
        return _ASCII_TOKEN.findall(text)
    if wide_pattern(_CJK_CHARACTER).search(text) is None:
        return _WORD_TOKEN.findall(text)
    return wide_pattern(_TOKEN).findall(text)


@dataclass(frozen=True)
class QueryTerm:
    """One word of a query. A document matches it when it holds ``whole``, or all of ``parts``.

    ``parts`` is empty for a plain word. For a Chinese, Japanese or Korean run of three or more
    characters ``whole`` is its character pairs joined by spaces, which FTS5 reads as a phrase
    (the pairs stand next to each other in the index), and ``parts`` are the same pairs.
    """

    whole: str
    parts: tuple[str, ...] = ()


def query_terms(query: str) -> tuple[QueryTerm, ...]:
    """Tokenize a query the way :func:`index_text` tokenized the documents."""
    terms: list[QueryTerm] = []
    for token in _words(normalize(query)):
        if starts_in_cjk_script(token):
            run = token.casefold()
            pairs = [run[i : i + 2] for i in range(len(run) - 1)]
            if len(pairs) <= 1:
                terms.append(QueryTerm(run))
            else:
                terms.append(QueryTerm(" ".join(pairs), tuple(dict.fromkeys(pairs))))
            continue
        if len(token) > MAX_TOKEN_CHARS:
            continue
        parts = [part for segment in token.split(".") for part in _parts(segment)]
        if _is_plain(token, parts):
            terms.append(QueryTerm(stem(parts[0])))
        else:
            terms.append(QueryTerm(token.casefold(), tuple(dict.fromkeys(map(stem, parts)))))
    return tuple(dict.fromkeys(terms))


def _quote(token: str) -> str:
    return '"' + token.replace('"', '""') + '"'


def term_expression(term: QueryTerm) -> str:
    """One term as an FTS5 query: ``"whole" OR ("part" AND "part")``, parenthesized."""
    alternatives = []
    if term.whole:
        alternatives.append(_quote(term.whole))
    if term.parts:
        alternatives.append("(" + " AND ".join(map(_quote, term.parts)) + ")")
    return "(" + " OR ".join(alternatives) + ")"


def match_expression(query: str, *, require_all: bool = False) -> str:
    """An FTS5 MATCH expression for ``query``: terms joined by AND or OR ("" for no terms).

    Every token is quoted, so no query text is ever read as FTS5 syntax.
    """
    joiner = " AND " if require_all else " OR "
    return joiner.join(term_expression(t) for t in query_terms(query))
