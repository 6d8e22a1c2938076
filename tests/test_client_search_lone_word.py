"""A focus of one word alone names something: the API entry of that name, or the section
headed by that word, comes first, even where another section's text says the word more. So
does a plain word written as code in a question ("chunked()", "`chunked`")."""

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from builder.shards import build_database
from client.search.query import parse_focus
from client.search.sections import search_sections
from client.section_bodies import add_section_views


def _entry(heading: str, body: str, source: str = "api.md") -> dict[str, object]:
    anchor = heading.casefold().replace(" ", "-")
    return {
        "heading": heading,
        "headingPath": ["API"] if "." in heading else ["Guide"],
        "body": body,
        "path": f"https://docs.example/{source}#{anchor}",
        "anchor": anchor,
        "source": source,
        "lines": [1, 2],
    }


RECORDS = [
    _entry("more_itertools.chunked", "Break iterable into lists of length n."),
    _entry(
        "more_itertools.chunked_even",
        "Like chunked, but the chunked lists are of even size. Unlike chunked, the "
        "lengths differ by one at most; chunked fills the last list less.",
    ),
    _entry("more_itertools.sliced", "Yield slices of length n from a sequence."),
    _entry("Logging", "Events are written to the standard library logger.", "guide.md"),
    _entry(
        "Debugging",
        "Turn logging up: debug logging shows every call, and logging to a file keeps "
        "the logging output for later. Logging costs little.",
        "guide.md",
    ),
]


@pytest.fixture(scope="module")
def shard(tmp_path_factory: pytest.TempPathFactory) -> Iterator[sqlite3.Connection]:
    path: Path = tmp_path_factory.mktemp("shard") / "lone.sqlite"
    build_database(path, "lone", "1.0", RECORDS)
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    add_section_views(conn, None)
    yield conn
    conn.close()


@pytest.mark.parametrize(
    ("focus", "first"),
    [
        ("chunked", "more_itertools.chunked"),
        ("chunked()", "more_itertools.chunked"),
        ("chunked_even", "more_itertools.chunked_even"),
        ("logging", "Logging"),
        ("split a list with chunked()", "more_itertools.chunked"),
        ("how to use `chunked`", "more_itertools.chunked"),
    ],
)
def test_one_word_alone_finds_what_it_names(
    shard: sqlite3.Connection, focus: str, first: str
) -> None:
    assert search_sections(shard, focus).sections[0].heading == first


@pytest.mark.parametrize(
    ("focus", "identifiers"),
    [
        ("chunked", ("chunked",)),
        ("Logging", ("logging",)),
        ("the", ()),  # a stop word alone names nothing
        ("e.g.", ()),
        ("chunked lists", ()),  # two words are a question, not a name
        ("分块", ()),
        ("call chunked() or sliced() on it", ("chunked", "sliced")),
        ("`chunked` or `more_itertools.sliced` for lists", ("chunked", "more_itertools.sliced")),
        ("an unclosed ` backtick", ()),
        ("how does `with` work", ("with",)),  # one word in backticks is a name, whatever it is
        # Prose in backticks names nothing (its "the" and "to" named every heading saying them);
        # code of several words names its words but English glue.
        ("`how to add the timestamp to the log`", ()),
        ("`with open(path) as handle`", ("open", "path", "handle")),
    ],
)
def test_which_plain_words_are_read_as_names(focus: str, identifiers: tuple[str, ...]) -> None:
    assert parse_focus(focus).identifiers == identifiers
