"""Release notes answer version questions and lose to the documentation otherwise: a one-line
changelog entry that says a feature came ("Add allow_unicode flag to allow unicode characters
in the slug") came before the documentation of that feature, as python-slugify 8.0.4's README
and CHANGELOG.md did for `allow_unicode`, `stopwords` and `replacements`."""

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
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


@contextmanager
def _opened(path: Path, library: str, version: str, records: list[dict[str, object]]
            ) -> Iterator[sqlite3.Connection]:  # fmt: skip
    """A whole shard of ``records`` built at ``path``, open read-only as the client reads it."""
    build_database(path, library, version, records)
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    add_section_views(conn, None)
    try:
        yield conn
    finally:
        conn.close()


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
    with _opened(
        tmp_path_factory.mktemp("shard") / "slug.sqlite", "slug", "8.0.4", RECORDS
    ) as conn:
        yield conn


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


RELEASES = [
    _entry("8.0.1", "- Fix the release pipeline", "CHANGELOG.md", ("Changelog",)),
    _entry(
        "8.0.0", "- Drop Python 3.7\n- Allow a custom separator", "CHANGELOG.md", ("Changelog",)
    ),
    _entry("7.0.0", "- Drop Python 3.6", "CHANGELOG.md", ("Changelog",)),
    _entry(
        "0.0.7", "- Changed the version check; changes to 7 modules", "CHANGELOG.md", ("Changelog",)
    ),
    _entry(
        "Version",
        "Print the version with slugify --version. The changes of each version are in the "
        "changelog; version numbers follow semantic versioning, and changes that break come "
        "with a new major version.",
        "README.md",
        ("Usage",),
    ),
]


@pytest.fixture(scope="module")
def releases(tmp_path_factory: pytest.TempPathFactory) -> Iterator[sqlite3.Connection]:
    with _opened(
        tmp_path_factory.mktemp("shard") / "releases.sqlite", "slug", "8.0.4", RELEASES
    ) as conn:
        yield conn


@pytest.mark.parametrize(
    ("focus", "first"),
    [
        # "8.0" is not a word of the entry headed "8.0.0": it was not a candidate at all.
        ("what changed in 8.0", "8.0.0"),
        ("changes in version 7.0.0", "7.0.0"),
        ("what changed in 8.0.1", "8.0.1"),
    ],
)
def test_the_release_a_question_names_answers_it(
    releases: sqlite3.Connection, focus: str, first: str
) -> None:
    assert search_sections(releases, focus, min_confidence=0).sections[0].heading == first


def test_the_entry_of_a_release_named_is_asked_for_by_name_among_other_words() -> None:
    # "changes in version 7.0.0": the release is a third of the focus, under the share that
    # makes a named heading asked for by name, and python-slugify's "Version" section (two of
    # three words) came first.
    entry = replace(_described(1, 5.0, 0.36, changelog=False), named=True, release_named=True)
    other = _described(2, 5.7, 0.64, changelog=False)
    ranked = [s.described.candidate.section_id for s in order(MODEL, [other, entry])]
    assert ranked == [1, 2]


RENDERERS = [
    _entry(
        "Version 3.0.0rc3",
        "Released on Nov 25, 2022\n\n- Render inline math with `\\(` and `\\)`\n"
        "- Added `RSTRenderer`, and `MarkdownRenderer`\n- Fix `toc_hook` method\n"
        "- Breaking change, rename `RstDirective` to `RSTDirective`",
        "changes.rst",
        ("Changelog",),
    ),
    _entry(
        "With plugins",
        "The original `MarkdownRenderer` can ONLY render the basic Markdown syntax. If you're "
        "using plugins, you would need to customize `MarkdownRenderer` with extra render "
        "methods. Take an example, you are going to add the strikethrough plugin:\n\n"
        "class MyRenderer(MarkdownRenderer):\n    def strikethrough(self, token, state):\n"
        "        return '~~' + self.render_children(token, state) + '~~'",
        "renderers.rst",
        ("Renderers", "Markdown Renderer"),
    ),
    _entry(
        "Default methods",
        "Here is a a list of default renderer functions of `MarkdownRenderer`:\n\n"
        "text(self, token, state)\nlink(self, token, state)\nparagraph(self, token, state)",
        "renderers.rst",
        ("Renderers", "Markdown Renderer"),
    ),
]


@pytest.fixture(scope="module")
def renderers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[sqlite3.Connection]:
    with _opened(
        tmp_path_factory.mktemp("shard") / "renderers.sqlite", "mistune", "3.0.2", RENDERERS
    ) as conn:
        yield conn


def test_the_words_of_change_of_a_how_to_question_do_not_keep_a_release_note_first(
    renderers: sqlite3.Connection,
) -> None:
    # mistune 3.0.2: the entry says "Added" and "method" as every release note does, and it
    # covered more of the focus than the renderers page by the "add" alone.
    found = search_sections(renderers, "add a new renderer method", min_confidence=0)
    assert found.sections[0].heading == "With plugins"


def test_an_entry_covers_no_more_of_the_focus_by_its_words_of_change() -> None:
    entry = replace(_described(1, 9.0, 1.0, changelog=True), change_coverage=0.3)
    documentation = _described(2, 5.0, 0.7, changelog=False)
    ranked = [s.described.candidate.section_id for s in order(MODEL, [entry, documentation])]
    assert ranked == [2, 1]


@pytest.mark.parametrize("focus", ["v8.0", "8.0.x", "v8.0.0"])
def test_a_release_number_alone_is_answered_by_its_entry(tmp_path: Path, focus: str) -> None:
    # body-parser 1.20.3's HISTORY.md heads the release "1.19.0 / 2019-04-25": "v1.19" and
    # "1.19" are words no section holds, and the focus weighed nothing and had no answer. A
    # numbered section ("3.2. The standard type hierarchy" of the Python docs) is no release.
    numbered = _entry(
        "8.0. Object Presentation", "How a type prints itself.", "extending/newtypes.html", ()
    )
    records = [*RELEASES, numbered]
    with _opened(tmp_path / "numbered.sqlite", "slug", "8.0.4", records) as conn:
        headings = [s.heading for s in search_sections(conn, focus, min_confidence=0).sections]
    assert headings[:1] == ["8.0.0"]
    assert "8.0. Object Presentation" not in headings


@pytest.mark.parametrize("focus", ["what changed in 8.0.0-rc.1", "8.0.0-rc1 changes"])
def test_a_pre_release_named_is_not_its_final_release(tmp_path: Path, focus: str) -> None:
    # mistune 3.0.2: "3.0.0-rc4" named the release 3.0 and answered "Version 3.0.0".
    candidate = _entry("8.0.0rc1", "- Drop Python 3.7", "CHANGELOG.md", ("Changelog",))
    records = [*RELEASES, candidate]
    with _opened(tmp_path / "candidates.sqlite", "slug", "8.0.4", records) as conn:
        headings = [s.heading for s in search_sections(conn, focus, min_confidence=0).sections]
    assert headings[:1] == ["8.0.0rc1"]


def test_a_version_of_another_name_is_no_release_asked_for(tmp_path: Path) -> None:
    # requests 2.32.3: "Python 2.7" named its own release 2.7.0, asked for by name, before the
    # release that dropped Python 2.7.
    records = [
        _entry(
            "2.28.0 (2022-06-09)",
            "- Dropped support for Python 2.7 and 3.6",
            "HISTORY.md",
            ("Release History",),
        ),
        _entry(
            "2.7.0 (2015-05-03)",
            "- Updated urllib3 to 1.10.4; fixed a redirect loop",
            "HISTORY.md",
            ("Release History",),
        ),
    ]
    with _opened(tmp_path / "requests.sqlite", "requests", "2.32.3", records) as conn:
        asked = search_sections(conn, "which version dropped Python 2.7", min_confidence=0)
        named = search_sections(conn, "what changed in requests 2.7", min_confidence=0)
    assert asked.sections[0].heading == "2.28.0 (2022-06-09)"
    assert named.sections[0].heading == "2.7.0 (2015-05-03)"
