"""Words a focus names that the docs never use and English does not know: found as the caller
wrote them, and weighed by the answer's confidence."""

from importlib import resources

import pytest

from client.search.features import FEATURES, Candidate, Described
from client.search.glossary import ENGLISH_STEMS, english_stems
from client.search.model import confidence, default_model, order
from client.search.query import parse_focus, read_through_glossary
from client.search.unheard import MAX_NAMED, unheard_hint, unheard_words
from client.search.word_forms import english_form
from schemas.text import TOKENIZER


def _absent(focus: str, *absent: str) -> dict[str, int]:
    """Frequencies of a focus' concepts: those labelled ``absent`` are in no section."""
    return {c.label: 0 if c.label in absent else 3 for c in parse_focus(focus).concepts}


def test_the_english_word_file_holds_search_tokens_one_a_line() -> None:
    text = resources.files("client.search").joinpath(ENGLISH_STEMS).read_text(encoding="utf-8")
    lines = text.splitlines()
    assert lines[0].startswith("#") and f"({TOKENIZER})" in lines[0]
    assert lines[1:] == sorted(set(lines[1:])), "not sorted or listed twice"
    stems = english_stems()
    assert len(stems) == len(lines) - 1 > 30_000
    # Stemmed as a focus is: "connections" and "connection" are one token.
    assert {"connect", "stall", "happili"} <= stems
    assert not {"numpi", "tomllib", "csrf"} & stems


@pytest.mark.parametrize(
    ("focus", "absent", "unheard"),
    [
        ("compare numpy arrays approximately", ["numpi"], ("numpy",)),
        ("read pyproject.toml with tomllib", ["pyproject.toml", "tomllib"],
         ("pyproject.toml", "tomllib")),
        ("make_line_iter()", ["make_line_iter"], ("make_line_iter",)),
        # English words the docs do not use are paraphrases more often than not.
        ("call it without stalling the loop", ["stall"], ()),
        # Numbers: docs seldom write their own version number; nor units and abbreviations.
        ("which Python versions does 1.6.0 support", ["1.6.0"], ()),
        ("expire after 30min, e.g. on 3.x", ["30min", "e.g", "3.x"], ()),
        # Each word once, as written, whatever stands around it.
        ("numpy/scipy arrays, numpy again", ["numpi", "scipi"], ("numpy", "scipy")),
        ("用numpy怎么做 (see urllib3)", ["numpi", "urllib3"], ("numpy", "urllib3")),
        ("tomllib's parser in Zürichbahn", ["tomllib", "zurichbahn"], ("tomllib", "Zürichbahn")),
        # Words the docs hold are never unheard, whatever they are.
        ("compare numpy arrays approximately", [], ()),
    ],
)  # fmt: skip
def test_unheard_words_are_the_absent_ones_english_does_not_know(
    focus: str, absent: list[str], unheard: tuple[str, ...]
) -> None:
    assert unheard_words(parse_focus(focus), _absent(focus, *absent)) == unheard


@pytest.mark.parametrize(
    "word",
    [
        # British spellings of listed American ones.
        "colour", "honoured", "recognise", "neutralised", "sanitisation", "centre", "behaviour",
        "initialise", "serialisation", "optimised", "catalysed", "metre", "defence",
        # Regular derivations of listed words.
        "untyped", "recomputing", "substring", "positionally", "awaitable", "tokenizer",
        "tokenizing", "stringify", "serverless", "getters", "Unencrypted",
        # Two steps: a prefix and a suffix, a suffix and a British spelling, and a stem ending
        # in "s" that takes its "e" back.
        "unhashable", "deserializer", "unpicklable", "customisable", "serialisable",
        "deserialiser", "colourise", "composable", "browsable", "unparsable",
        # Adverbs: of an adjective in -ic or -able, or after an adjective's ending.
        "atomically", "deterministically", "mutably", "natively", "idempotently",
        # Of a verb in -ate or -ss: iterable (iterate), validator, accessor.
        "iterable", "iterables", "validators", "discriminator", "accessor",
    ],
)  # fmt: skip
def test_british_spellings_and_derivations_of_english_words_are_english(word: str) -> None:
    english = english_stems()
    assert parse_focus(word).concepts[0].label not in english  # the list alone lacks them
    assert english_form(word, english)


@pytest.mark.parametrize(
    "word",
    [
        # Names of things, which a rule must not turn into English.
        "asyncio", "graphql", "pydantic", "coroutine", "nginx", "kubernetes", "yaml", "quic",
        # A name's "ly" makes no adverb of plot or format.
        "plotly", "formatly",
        # Compounds are not split: websocket is no web socket to the docs.
        "websocket", "hardcoded", "checkbox",
        # "maxs" read as a plural of "max": maxsize is no derivation.
        "maxsize",
        # Identifiers with digits or underscores, or in camel case (commander's preAction
        # hook, cachelib's RedisCache, CalVer): a prefix or suffix rule read them as English.
        "img10", "end_date", "preAction", "RedisCache", "CalVer", "MultiChannel",
    ],
)  # fmt: skip
def test_names_and_compounds_stay_unknown(word: str) -> None:
    assert not english_form(word, english_stems())


def test_a_british_spelling_the_docs_never_use_is_no_unheard_word() -> None:
    focus = "colour the highlighted code with numpy"
    assert unheard_words(parse_focus(focus), _absent(focus, "colour", "numpi")) == ("numpy",)


def test_an_identifier_in_camel_case_stays_unheard() -> None:
    focus = "run a preAction hook before each command"
    assert unheard_words(parse_focus(focus), _absent(focus, "preaction")) == ("preAction",)


def test_chinese_words_are_never_unheard() -> None:
    focus = parse_focus("盲文风格")
    absent = {c.label: 0 for c in focus.concepts}
    assert unheard_words(focus, absent) == ()
    # Read through the glossary for English docs, they keep their Chinese labels.
    read = read_through_glossary(focus)
    assert unheard_words(read, {c.label: 0 for c in read.concepts}) == ()


def _described(section_id: int, coverage: float) -> Described:
    candidate = Candidate(section_id, "heading", (), "anchor", "a.md", 100, -1.0, {})
    return Described(candidate, (coverage,) * len(FEATURES), coverage, False, ())


def test_the_shipped_confidence_counts_an_unheard_word_against_an_answer() -> None:
    model = default_model()
    ranked = order(model, [_described(1, 0.9), _described(2, 0.4)])
    assert confidence(model, ranked, unheard=True) < confidence(model, ranked, unheard=False)


def test_a_hint_names_a_few_words_and_counts_the_rest() -> None:
    assert unheard_hint(()) is None
    assert unheard_hint(("numpy",)) == "these docs never mention 'numpy'"
    words = tuple(f"w{i}" for i in range(MAX_NAMED + 3))
    hint = unheard_hint(words)
    assert hint is not None and hint.endswith(f"'w{MAX_NAMED - 1}' and 3 more")
    assert f"'w{MAX_NAMED}'" not in hint


def test_only_a_name_is_also_searched_as_written() -> None:
    (name,) = parse_focus("numpy").concepts
    assert [(w.label, w.weight) for w in name.ways] == [("numpi", 1.0), ("numpy", 1.0)]
    (word,) = parse_focus("deleting").concepts  # an English word: docs write it in prose
    assert "deleting" not in {w.label for w in word.ways}
