"""Turn a doc_extract focus into what the section search looks for: concepts and identifiers.

A concept is one thing the caller asked about, with the ways a document can say it: the word
itself, the parts of a compound (``run_simple`` → run, simple), a synonym from a small general
table (``delete`` ~ ``remove``). Each way has a weight, so a section that uses the caller's exact
word scores above one that only uses a synonym. In Chinese, Japanese and Korean runs each character
is a concept, held by a section that has either pair of neighbouring characters it stands in: a
query sentence is rarely a phrase of the document, and the shard indexes such pairs. Words that only
shape the question ("how", "怎么") are dropped, unless nothing else is left.

An identifier is a query token that looks like code (``Session.mount``, ``run_simple``,
``createCommand``, ``.helpCommand()``); sections whose heading names it rank first when
that name is most of the focus (client.search.model.NAMED_TIER).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from client.search.glossary import english_stems, english_terms, synonym_groups, translations
from schemas.text import (
    QueryTerm,
    cjk_runs,
    normalize,
    query_terms,
    starts_in_cjk_script,
    stem,
    written_words,
)

# At most this many concepts of a focus are searched, in the order it says them. A Chinese,
# Japanese or Korean character is one concept but counts as half of one here: a word of those
# scripts is mostly two characters, and a question asked in Chinese lost its second half (in
# 40 of the 96 questions of bench/field.py's fieldZH, such as the "end the template early" of
# 数据为空时只想输出一句提示，模板后面的内容全部不要渲染，能在模板中间提前结束吗？).
MAX_CONCEPTS = 24
WHOLE, PARTS, SYNONYM = 1.0, 0.6, 0.8
# An English word the glossary gives for a Chinese term: a translation, weighed as a synonym.
TRANSLATION = SYNONYM

# Question words and glue; stemmed as schemas.text stems them. "not" is left out because
# "note" stems to it.
_STOP_WORDS = """a an the and or of to in on for with without by from at as is are was were be
been being it its this that these those there here i me my we our you your they their he she do
does did done how what which when where who why can could should would will shall may might
have has had into about than then so if also just some any all each every very way want need
like using use used please whether many much"""
STOP = frozenset(stem(word) for word in _STOP_WORDS.split())
# Chinese question words, and function characters that make a character pair meaningless.
# "How to write it" asks for code, not about writing (写 "write" is read alone otherwise).
_CJK_QUESTION_WORDS = (
    "怎么 什么 如何 怎样 可以 哪些 哪个 哪里 为什 为何 是否 能否 多少 这样 那么 一个 时候"
    " 怎么写 如何写 怎样写"
)
_CJK_STOP_WORDS = tuple(_CJK_QUESTION_WORDS.split())
_CJK_FUNCTION_CHARS = frozenset("的了吗呢么吧是在有和与把被让给要会能就都也还这那个做")
# A question asked as "A or not A" (能不能 "can it", 有没有 "is there", 是不是), or "AB or not
# AB" (支持不支持 "does it support"): no negation, though the glossary reads 不能 as "cannot".
_CJK_A_NOT_A = re.compile(r"(.)[不没]\1")
_CJK_AB_NOT_AB = re.compile(r"(..)[不没]\1")

# Words that documentation uses interchangeably. General doc vocabulary only: a pair belongs
# here when any library's docs could say either.
_SYNONYM_GROUPS = (
    ("remove", "delete", "destroy"),
    ("mandatory", "required"),
    ("several", "multiple", "variadic"),
    ("immutable", "frozen", "readonly"),
    ("error", "exception", "mistake"),
    ("start", "launch"),
    ("stop", "shutdown", "terminate"),
    ("dict", "dictionary", "mapping"),
    ("large", "big", "size"),
    ("ssl", "tls"),
    ("certificate", "cert"),
    ("check", "validate", "validator", "validation"),
    ("convert", "conversion", "converter"),
    ("copy", "clone"),
    ("cache", "memoize"),
    ("argument", "parameter", "arg", "param"),
    ("option", "flag"),
    ("install", "installation"),
    ("debug", "debugger", "debugging"),
    ("configure", "configuration", "config"),
    ("proxy", "proxies"),
    ("concurrent", "concurrently", "parallel"),
    ("init", "initialize", "initializer", "initialization", "constructor"),
    ("test", "testing"),
    ("file", "filename"),
    ("directory", "folder", "subdirectory"),
    ("extension", "suffix"),
    ("default", "defaults"),
    ("exit", "quit"),
    ("usage", "help"),
    ("ignore", "suppress", "silence"),
    ("rest", "remaining", "remainder"),
    ("change", "modify", "alter"),
    ("show", "display", "print"),
)
# The same for two-character Chinese words.
_CJK_SYNONYM_GROUPS = (
    ("区别", "差异", "不同"),
    ("默认", "缺省"),
    ("错误", "异常", "报错"),
    ("设置", "配置"),
    ("删除", "移除"),
    ("显示", "展示"),
    ("校验", "验证"),
)


def _synonym_table() -> dict[str, tuple[str, ...]]:
    """Each word's synonyms from every group it belongs to (the table above, the CJK one and
    client/search/synonyms.txt)."""
    table: dict[str, dict[str, None]] = {}
    groups = (*_SYNONYM_GROUPS, *_CJK_SYNONYM_GROUPS)
    stemmed = (tuple(stem(word) for word in group) for group in groups)
    for group in (*stemmed, *synonym_groups()):
        members = tuple(dict.fromkeys(group))
        for member in members:
            table.setdefault(member, {}).update(dict.fromkeys(m for m in members if m != member))
    return {word: tuple(others) for word, others in table.items()}


SYNONYMS = _synonym_table()

_CALLED = re.compile(r"(?<![\w$])([\w$]+)\(\)")
_CODE_SPAN = re.compile(r"`([^`]+)`")
# What sets code of several words apart from prose: "json.dumps(obj, indent=2)", "a[0] == b".
_CODE_MARK = re.compile(r"[()\[\]{}=.:_<>\\/@$#*+-]")
_IDENTIFIER = re.compile(r"\.?[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*")
_CAMEL = re.compile(r"[a-z0-9][A-Z]")
# An abbreviation such as "e.g." or "i.e.": neither a code name nor a word of the question
# (nor a name the docs lack: client.search.unheard).
ABBREVIATION = re.compile(r"(?:[a-z]\.)+[a-z]?", re.IGNORECASE)
# An English contraction or possessive: the tokenizer would read "don't" as the words "don" and
# "t", "matcher's" as "matcher" and "s", and make concepts of those fragments. The word is any
# word ("s3's", "拼音's"), taken from its first character only, so a long word is read once.
_CONTRACTION = re.compile(r"\b(\w+)'(t|s|d|ll|re|ve|m)\b", re.IGNORECASE)
# What writers type for an apostrophe: normalize() would make "´" a space, and "ʼ" a letter.
_APOSTROPHES = str.maketrans(dict.fromkeys("\u2019\u2018\u02bc\u00b4", "'"))
# "n't" whose verb is not the word without its "n".
_NOT_CONTRACTED = {"can": "can", "won": "will", "shan": "shall", "ain": "is"}


def in_cjk_script(label: str) -> bool:
    """Whether a concept's label is Chinese, Japanese or Korean (a glossary's read one too)."""
    return starts_in_cjk_script(label)


@dataclass(frozen=True)
class Way:
    """One way a document can match a concept: an FTS5 expression, its weight and its label."""

    expression: str
    weight: float
    label: str
    tokens: tuple[str, ...]  # all must be among a field's tokens for that field to match


@dataclass(frozen=True)
class Concept:
    """One thing the caller asked about."""

    label: str
    ways: tuple[Way, ...]
    cjk: bool  # a character of a Chinese, Japanese or Korean run

    @property
    def expression(self) -> str:
        return "(" + " OR ".join(way.expression for way in self.ways) + ")"


@dataclass(frozen=True)
class Focus:
    """A parsed focus."""

    text: str
    concepts: tuple[Concept, ...]
    identifiers: tuple[str, ...]  # lowercase, without "()" or a leading "."

    @property
    def expression(self) -> str:
        """The recall query: any concept in any way ("" when there is nothing to search)."""
        return " OR ".join(concept.expression for concept in self.concepts)


def _quote(token: str) -> str:
    return '"' + token.replace('"', '""') + '"'


def _word_concept(term: QueryTerm, spelled: str | None = None) -> Concept:
    """A word's concept: the word, its parts, its synonyms, and ``spelled``, a name as written
    when the stemmer changed it (docs that write "NumPy" or "MyPy" index it whole, unstemmed,
    where a focus' "numpy" stems to "numpi")."""
    ways = [Way(_quote(term.whole), WHOLE, term.whole, (term.whole,))]
    if spelled is not None:
        ways.append(Way(_quote(spelled), WHOLE, spelled, (spelled,)))
    # A number's digits are not its parts: "2.7" held as "2" and "7" anywhere in a section
    # ("Python 2", "7 items") says nothing about Python 2.7, nor "0" and "20" about 0.20.0.
    if term.parts and not all(part.isdigit() for part in term.parts):
        expression = "(" + " AND ".join(map(_quote, term.parts)) + ")"
        ways.append(Way(expression, PARTS, " ".join(term.parts), term.parts))
    for synonym in SYNONYMS.get(term.whole, ()):
        ways.append(Way(_quote(synonym), SYNONYM, synonym, (synonym,)))
    return Concept(term.whole, tuple(ways), cjk=False)


def _cjk_concepts(run: str, keep_all: bool = False) -> list[Concept]:
    """One concept per meaningful character of a run, held by either pair it stands in.

    A lone character matches by itself; in a longer run only a pair counts, since single
    characters are too ambiguous. Characters of question words and function characters are
    not concepts (unless ``keep_all``: the focus has nothing else)."""
    if len(run) == 1:
        if run in _CJK_FUNCTION_CHARS and not keep_all:
            return []
        read = [t for found in translations(run) for t in found.tokens]
        alone = [Way(_quote(run), WHOLE, run, (run,))]
        alone.extend(Way(_quote(t), TRANSLATION, t, (t,)) for t in read)
        return [Concept(run, tuple(alone), cjk=True)]
    stopped = {i for i, char in enumerate(run) if char in _CJK_FUNCTION_CHARS}
    for word in _CJK_STOP_WORDS:
        start = run.find(word)
        while start >= 0:
            stopped.update(range(start, start + len(word)))
            start = run.find(word, start + 1)
    asked, negated = _either_way_questions(run)
    stopped |= asked
    if keep_all:
        stopped, negated = set(), set()
    positions = [i for i in range(len(run)) if i not in stopped]
    unasked = "".join(" " if i in negated else char for i, char in enumerate(run))
    english = {i: t.tokens for t in translations(unasked) for i in range(t.start, t.end)}
    concepts = []
    for i in positions:
        pairs = [run[j : j + 2] for j in (i - 1, i) if 0 <= j < len(run) - 1]
        ways = [Way(_quote(pair), WHOLE, pair, (pair,)) for pair in pairs]
        synonyms = dict.fromkeys(s for pair in pairs for s in SYNONYMS.get(pair, ()))
        ways.extend(Way(_quote(s), SYNONYM, s, (s,)) for s in synonyms)
        ways.extend(Way(_quote(t), TRANSLATION, t, (t,)) for t in english.get(i, ()))
        concepts.append(Concept(run[i], tuple(ways), cjk=True))
    return concepts


def _either_way_questions(run: str) -> tuple[set[int], set[int]]:
    """Where a run asks "A or not A": the characters that are no concept, and those the
    glossary must not read, its negation. The glossary reads the question as what it asks:
    能不能用 as 能用, not 不能用 "broken"; 一不一样 as 一样 "same", not 不一样 "different";
    支持不支持 as 支持, not 不支持 "unsupported"."""
    asked: set[int] = set()
    negated: set[int] = set()
    for found in _CJK_A_NOT_A.finditer(run):
        asked.update(range(found.start(), found.end()))
        negated.update((found.start(), found.start() + 1))  # the second A may start a word
    for found in _CJK_AB_NOT_AB.finditer(run):
        repeat = range(found.start() + 2, found.end())  # 不AB; the first AB is what it asks
        asked.update(repeat)
        negated.update(repeat)
    return asked, negated


def cjk_pairs(focus: Focus) -> str:
    """An FTS5 expression matching any of the focus' Chinese, Japanese or Korean pairs in the
    docs' own language ("" when the focus has none)."""
    pairs = {
        way.expression
        for concept in focus.concepts
        if concept.cjk
        for way in concept.ways
        if way.weight == WHOLE
    }
    return " OR ".join(sorted(pairs))


def read_through_glossary(focus: Focus) -> Focus:
    """The focus for docs that hold none of its Chinese words (English docs asked in Chinese):
    each Chinese concept keeps only its English translations, and goes when it has none, so
    words the docs cannot hold in their language do not count as missing from every section."""
    kept = []
    read: set[tuple[Way, ...]] = set()
    for concept in focus.concepts:
        if not concept.cjk:
            kept.append(concept)
            continue
        # A Chinese concept's ways in another script are its glossary translations.
        ways = tuple(way for way in concept.ways if not starts_in_cjk_script(way.label))
        if ways and ways not in read:
            # Every character of a term has its translations: one term, one concept.
            read.add(ways)
            kept.append(Concept(concept.label, ways, cjk=False))
    return Focus(focus.text, tuple(kept), focus.identifiers)


def chinese_readings(concept: Concept) -> tuple[Way, ...]:
    """The ways Chinese docs may hold an English concept: the Chinese terms the glossary gives
    its word, weighed as translations (none for a word the glossary lacks, or a CJK concept)."""
    if concept.cjk or concept.label not in english_terms():
        return ()  # checked first: the cache below holds the glossary's words, not every focus'
    return _chinese_ways(concept.label)


@functools.cache
def _chinese_ways(label: str) -> tuple[Way, ...]:
    ways = []
    for chinese in english_terms().get(label, ()):
        # Its pairs side by side: a phrase, as a Chinese word of a focus is matched.
        (pairs,) = query_terms(chinese)
        ways.append(Way(_quote(pairs.whole), TRANSLATION, chinese, pairs.parts or (pairs.whole,)))
    return tuple(ways)


def read_into_chinese(focus: Focus, absent: Collection[str]) -> Focus:
    """The focus for Chinese docs that never use some of its English words (``absent``, by
    label): each of those concepts is also held by its Chinese readings. Words the docs use
    keep only their own ways, so English docs and the English half of bilingual docs rank as
    they would without the glossary."""
    concepts = tuple(
        Concept(c.label, c.ways + chinese_readings(c), c.cjk) if c.label in absent else c
        for c in focus.concepts
    )
    return Focus(focus.text, concepts, focus.identifiers)


def identifiers(text: str) -> tuple[str, ...]:
    """Tokens of ``text`` that look like code names, lowercased, without ``()`` or a leading dot.

    A word in backticks or followed by ``()`` is a name, and so is a focus of one word alone:
    an agent asking for ``chunked`` or ``dumps`` wants the entry of that name (not
    ``chunked_even``, whose text says "chunked" more often), and one asking for ``logging`` the
    section headed so."""
    found = []
    # A plain word is code when written as a call (normalize() drops the "()": "call chunked()
    # twice") or in backticks ("how to use `chunked`").
    called = {match.group(1).casefold() for match in _CALLED.finditer(text)}
    for span in _CODE_SPAN.findall(text):
        called.update(_code_words(span))
    for match in _IDENTIFIER.finditer(normalize(text)):
        token = match.group(0)
        name = token.lstrip(".")
        if ABBREVIATION.fullmatch(name):
            continue
        code_like = "." in name or "_" in name or _CAMEL.search(name) or token != name
        if code_like or name.casefold() in called:
            found.append(name.casefold())
    if not found and _names_one_thing(lone := normalize(text).strip()):
        found.append(lone.casefold())
    return tuple(dict.fromkeys(found))


def _code_words(span: str) -> list[str]:
    """The words of a backticked span that name code, lowercased: its one word, whatever it is
    (`with`, `yield`), or, in code of several words, those that are not English glue. Prose an
    agent put in backticks ("`how to add the timestamp to the log`") names nothing: its "the"
    and "to" named every heading that says them, and structlog's MaybeTimeStamper entry lost rank 1
    to "Powerful Pipelines"."""
    words = _IDENTIFIER.findall(normalize(span))
    if len(words) == 1:
        return [words[0].casefold()]
    if not _CODE_MARK.search(span):
        return []
    return [word.casefold() for word in words if stem(word.casefold()) not in STOP]


def _names_one_thing(focus: str) -> bool:
    """A focus that is one word alone (not an abbreviation, and not "the")."""
    if not _IDENTIFIER.fullmatch(focus) or ABBREVIATION.fullmatch(focus):
        return False
    return stem(focus.casefold()) not in STOP


def _unstemmed(by_word: Sequence[tuple[str, tuple[QueryTerm, ...]]]) -> dict[str, str]:
    """Stem -> the plain word it was stemmed from, lowercased, where they differ and the word
    is not English: a name, which docs may write in camel case ("NumPy")."""
    found: dict[str, str] = {}
    for word, terms in by_word:
        folded = word.casefold()
        if len(terms) == 1 and not terms[0].parts and terms[0].whole != folded:
            found.setdefault(terms[0].whole, folded)
    if found:
        english = english_stems()  # read only for a focus with a stemmed word
        found = {stemmed: word for stemmed, word in found.items() if stemmed not in english}
    return found


def _uncontracted(match: re.Match[str]) -> str:
    """A contraction's or possessive's word: "don't" → do, "can't" → can, "won't" → will,
    "matcher's" → matcher, "I'd" → I."""
    word, clitic = match.group(1), match.group(2).casefold()
    if clitic == "t":
        folded = word.casefold()
        if folded in _NOT_CONTRACTED:
            return _NOT_CONTRACTED[folded]
        if folded.endswith("n"):
            return word[:-1]
    return word


def parse_focus(text: str) -> Focus:
    """The concepts and identifiers of a focus string (which must already be within bounds)."""
    # Each word with its search terms: query_terms(text), kept by the word it came from.
    words_text = _CONTRACTION.sub(_uncontracted, normalize(text.translate(_APOSTROPHES)))
    by_word = [(word, query_terms(word)) for word in written_words(words_text)]
    terms = dict.fromkeys(term for _, found in by_word for term in found)
    words = [t for t in terms if not starts_in_cjk_script(t.whole)]
    meaningful = [t for t in words if t.whole not in STOP and not ABBREVIATION.fullmatch(t.whole)]
    spelled = _unstemmed(by_word)
    runs = cjk_runs(normalize(text).casefold())
    concepts = [_word_concept(term, spelled.get(term.whole)) for term in meaningful]
    for run in runs:
        concepts.extend(_cjk_concepts(run))
    if not concepts:
        # Only words that shape a question ("how", "怎么"): they are all there is to search.
        concepts = [_word_concept(term, spelled.get(term.whole)) for term in words]
        for run in runs:
            concepts.extend(_cjk_concepts(run, keep_all=True))
    unique: dict[str, Concept] = {}
    for concept in concepts:
        unique.setdefault(concept.label, concept)
    return Focus(text, within_bound(unique.values()), identifiers(text))


def within_bound(concepts: Iterable[Concept]) -> tuple[Concept, ...]:
    """The first of ``concepts`` up to MAX_CONCEPTS, a CJK character counting half."""
    kept: list[Concept] = []
    count = 0.0
    for concept in concepts:
        count += 0.5 if concept.cjk else 1.0
        if count > MAX_CONCEPTS:
            break
        kept.append(concept)
    return tuple(kept)
