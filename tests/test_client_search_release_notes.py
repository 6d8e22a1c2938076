"""Release notes answer version questions and lose to the documentation otherwise: a one-line
changelog entry that says a feature came ("Add allow_unicode flag to allow unicode characters
in the slug") came before the documentation of that feature, as python-slugify 8.0.4's README
and CHANGELOG.md did for `allow_unicode`, `stopwords` and `replacements`."""

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from builder.shards import build_database
from client.search.features import FEATURES, Candidate, Described
from client.search.model import RankerModel, confidence_inputs, order
from client.search.sections import search_sections
from client.section_bodies import add_section_views


def _entry(heading: str, body: str, source: str, path: tuple[str, ...]) -> dict[str, object]:
    anchor = heading.casefold().replace(" ", "-").replace(".", "")
    return {
        "heading": heading,
        "headingPath": list(path),
        "body": body,
        "path": f"https://docs.example/{source}#{anchor}",
        "anchor": anchor,
        "source": source,
        "lines": [1, 2],
    }


RECORDS = [
    _entry(
        "Options",
        "slugify(text, entities=True, decimal=True, hexadecimal=True, max_length=0, "
        "word_boundary=False, separator='-', save_order=False, stopwords=(), "
        "regex_pattern=None, lowercase=True, replacements=(), allow_unicode=False)\n\n"
        ":param text (str): initial text\n"
        ":param max_length (int): output string length\n"
        ":param stopwords (iterable): words to discount\n"
        ":param replacements (iterable): list of replacement rules e.g. [['|', 'or']]\n"
        ":param allow_unicode (bool): allow unicode characters\n"
        ":return (str): slugified text",
        "README.md",
        ("Python Slugify",),
    ),
    _entry(
        "How to use",
        "txt = 'This is a test ---'\nr = slugify(txt)\nself.assertEqual(r, 'this-is-a-test')\n"
        "txt = '影師嗎'\nr = slugify(txt, allow_unicode=True)\nself.assertEqual(r, '影師嗎')",
        "README.md",
        ("Python Slugify",),
    ),
    _entry(
        "6.1.0",
        "- Add `allow_unicode` flag to allow unicode characters in the slug",
        "CHANGELOG.md",
        ("Changelog",),
    ),
    _entry(
        "6.0.1",
        "- Rework regex_pattern to mean the opposite (disallowed chars)",
        "CHANGELOG.md",
        ("Changelog",),
    ),
    _entry(
        "1.1.2",
        "- Add the ability to exclude stopwords from the slug",
        "CHANGELOG.md",
        ("Changelog",),
    ),
]


@pytest.fixture(scope="module")
def shard(tmp_path_factory: pytest.TempPathFactory) -> Iterator[sqlite3.Connection]:
    path: Path = tmp_path_factory.mktemp("shard") / "slug.sqlite"
    build_database(path, "slug", "8.0.4", RECORDS)
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    add_section_views(conn, None)
    yield conn
    conn.close()


@pytest.mark.parametrize(
    "focus",
    ["allow_unicode", "allow unicode characters", "stopwords", "replacements"],
)
def test_the_documentation_answers_before_the_release_that_brought_it(
    shard: sqlite3.Connection, focus: str
) -> None:
    headings = [s.heading for s in search_sections(shard, focus, min_confidence=0).sections]
    assert headings[0] in {"Options", "How to use"}


def test_an_entry_that_says_more_of_the_focus_than_the_documentation_keeps_its_place(
    shard: sqlite3.Connection,
) -> None:
    # "slug" and "exclude" are in the release note alone.
    found = search_sections(shard, "exclude stopwords from the slug", min_confidence=0)
    assert found.sections[0].heading == "1.1.2"


@pytest.mark.parametrize(
    "focus", ["which version added allow_unicode", "when was allow_unicode added"]
)
def test_a_version_question_is_still_answered_by_the_release(
    shard: sqlite3.Connection, focus: str
) -> None:
    assert search_sections(shard, focus, min_confidence=0).sections[0].heading == "6.1.0"


def _described(section_id: int, score: float, coverage: float, changelog: bool) -> Described:
    features = [0.0] * len(FEATURES)
    features[0] = score
    features[FEATURES.index("changelog_unasked")] = float(changelog)
    c = Candidate(section_id, f"s{section_id}", (), f"s{section_id}", "a.md", 100, -1.0, {})
    return Described(c, tuple(features), coverage, False, ())


MODEL = RankerModel(weights=(1.0,) + (0.0,) * (len(FEATURES) - 1))


def test_an_entry_yields_only_to_documentation_that_covers_as_much() -> None:
    entry = _described(1, 9.0, 0.8, changelog=True)
    covers = _described(2, 3.0, 0.8, changelog=False)
    covers_less = _described(3, 5.0, 0.5, changelog=False)
    ranked = [s.described.candidate.section_id for s in order(MODEL, [entry, covers, covers_less])]
    # The documentation that covers the focus as well comes first; the entry still comes before
    # documentation that covers less of it, whatever their scores.
    assert ranked == [2, 1, 3]


def test_an_entry_that_says_more_than_the_documentation_keeps_its_place() -> None:
    entry = _described(1, 9.0, 1.0, changelog=True)
    other = _described(2, 8.0, 0.5, changelog=False)
    ranked = [s.described.candidate.section_id for s in order(MODEL, [entry, other])]
    assert ranked == [1, 2]


def test_a_release_note_set_after_the_documentation_is_no_rival_in_its_confidence() -> None:
    # Without this, the note's higher score made the margin of the first answer negative,
    # and a right answer was dropped as unsure.
    entry = _described(1, 9.0, 0.8, changelog=True)
    first = _described(2, 5.0, 0.8, changelog=False)
    third = _described(3, 4.0, 0.5, changelog=False)
    ranked = order(MODEL, [entry, first, third])
    assert confidence_inputs(ranked, unheard=False)[1] == 1.0  # 5.0 over 4.0
