"""The ranker's features, measured from literal candidates and foci."""

import pytest

from client.search.features import (
    FEATURES,
    Candidate,
    asks_about_versions,
    describe,
    heading_name,
    identifier_match,
    is_api_entry,
    is_changelog_entry,
)
from client.search.query import parse_focus


def candidate(
    section_id: int,
    heading: str,
    *,
    path: tuple[str, ...] = (),
    anchor: str = "",
    source: str | None = "guide.md",
    length: int = 500,
    bm25: float = -1.0,
    hits: dict[str, float] | None = None,
    plain_rank: int | None = None,
) -> Candidate:
    return Candidate(
        section_id, heading, path, anchor or heading.lower(), source, length, bm25,
        hits or {}, plain_rank, (bm25, 0.0, bm25, 0.0),
    )  # fmt: skip


def feature(described: object, name: str) -> float:
    return described.features[FEATURES.index(name)]  # type: ignore[attr-defined]


def test_every_feature_is_measured_once_per_candidate() -> None:
    focus = parse_focus("timeout seconds")
    described = describe(
        focus,
        [candidate(1, "Timeouts", hits={"timeout": 1.0, "second": 1.0})],
        {"timeout": 3, "second": 5},
        100,
    )
    assert len(described) == 1 and len(described[0].features) == len(FEATURES)
    assert feature(described[0], "coverage") == pytest.approx(1.0)
    assert feature(described[0], "all_covered") == 1.0
    assert 0.0 < feature(described[0], "heading") < 1.0


def test_coverage_weighs_rare_concepts_more() -> None:
    focus = parse_focus("retry backoff")
    rare, common = candidate(1, "A", hits={"backoff": 1.0}), candidate(2, "B", hits={"retri": 1.0})
    described = describe(focus, [rare, common], {"backoff": 1, "retri": 40}, 100)
    assert feature(described[0], "coverage") > feature(described[1], "coverage")


def test_identifier_features_tell_a_name_from_a_mention() -> None:
    focus = parse_focus("Session.mount")
    named = candidate(1, "requests.Session.mount", anchor="requests.Session.mount")
    mention = candidate(2, "Using Session.mount with adapters")
    described = describe(focus, [named, mention], {"session.mount": 2}, 10)
    assert (feature(described[0], "named"), feature(described[0], "mentioned")) == (1.0, 0.0)
    assert (feature(described[1], "named"), feature(described[1], "mentioned")) == (0.0, 1.0)
    assert feature(described[0], "api_asked") == 1.0 and feature(described[0], "api_unasked") == 0
    assert described[0].named and described[0].matches[0] == "identifier: session.mount"
    assert identifier_match(("mount",), "requests.Session.mount") == ("mount", True)


def test_section_kinds() -> None:
    assert is_api_entry(candidate(1, "werkzeug.utils.secure_filename",
                                  anchor="werkzeug.utils.secure_filename"))  # fmt: skip
    assert not is_api_entry(candidate(2, "Secure file names"))
    assert is_changelog_entry(candidate(3, "Fixes", source="CHANGES.rst"))
    assert is_changelog_entry(candidate(4, "`0.54.0`_ (2025-03-30)", source="guide.rst"))
    assert is_changelog_entry(candidate(5, "v3.15.1 (2023-06-01)", source="README.md"))
    assert not is_changelog_entry(candidate(6, "Routing", source="routing.rst"))

    # The builder splits a long section into parts, anchoring part n by "-part-n".
    assert is_api_entry(candidate(7, "dataclasses.dataclass (part 2 of 2)",
                                  anchor="dataclasses.dataclass-part-2"))  # fmt: skip
    assert not is_api_entry(candidate(8, "Glossary (part 2 of 9)", anchor="glossary-part-2"))


@pytest.mark.parametrize(
    "heading",
    [
        # Sphinx's numbered sections (the Python tutorial's :numbered: toctree): a section
        # number ends with a dot, a release number does not.
        "4.8.3. Special parameters",
        "9.1. A Word About Names and Objects",
        "8.10. Enriching Exceptions with Notes",
    ],
)
def test_a_numbered_section_is_no_changelog_entry(heading: str) -> None:
    assert not is_changelog_entry(candidate(1, heading, source="tutorial/controlflow.html"))


@pytest.mark.parametrize("heading", ["2.0.1", "v1.4", "1.0rc1 (2024-01-01)", "2.0.x", "3.1 - 2024"])
def test_a_release_heading_is_a_changelog_entry_anywhere(heading: str) -> None:
    assert is_changelog_entry(candidate(1, heading, source="guide.rst"))


@pytest.mark.parametrize(
    ("heading", "path"),
    [
        # waitress 3.0.2's index.rst includes its CHANGES: a release's category subsections.
        ("Security", ("Waitress", "3.0.2 (2024-11-16)")),
        # configobj 5.0.8's page ends in its changelog, releases headed by date.
        ("1.1.20.29. 2005/11/05 - Version 4.0.1", ("1. Reading and Writing", "1.1.20. CHANGELOG")),
        ("1.1.20. CHANGELOG", ("1. Reading and Writing",)),
        ("Fixed", ("Guide", "Release Notes")),
    ],
)
def test_a_section_under_a_release_or_a_changelog_title_is_a_changelog_entry(
    heading: str, path: tuple[str, ...]
) -> None:
    assert is_changelog_entry(candidate(1, heading, path=path, source="index.rst"))


@pytest.mark.parametrize(
    "path",
    [
        ("Guide", "3.2. The standard type hierarchy"),  # a numbered section, not a release
        ("History of the project",),  # a page about history, not a changelog's title
        ("Tutorial", "Python 3.8 support"),
    ],
)
def test_a_section_under_other_docs_is_no_changelog_entry(path: tuple[str, ...]) -> None:
    assert not is_changelog_entry(candidate(1, "Usage", path=path, source="index.rst"))


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("which version added braille styles", True),
        ("is this deprecated", True),
        ("changes in 2.3", True),
        ("深色主题是哪个版本加的", True),
        ("upload a file in a test request", False),
        ("盲文风格", False),
        ("when was allow_unicode added", True),
        ("what's new", True),
        ("what changed", True),
        # A word of change is the task, not a version question, unless asked when, which or
        # what: sqlparse's "Release 0.5.2" answered the first, before its documentation.
        ("remove comments from a SQL statement", False),
        ("add a custom keyword to the lexer", False),
        ("create a new converter", False),
        ("which method should I use to add a header", False),
        # A question of when in the past, whatever the verb's form: qs 6.13.1's README answered
        # the first before the entry of 6.12.0, which added the option.
        ("when did qs add the duplicates option", True),
        ("when was Python 3.7 support dropped", True),
        ("what are the breaking changes", True),
        # Words of change in a how-to or about behaviour, beside a when or a which.
        ("when new data arrives, how do I update the chart", False),
        ("which headers are added by default", False),
        ("reload a template from the database when one has changed", False),
        # "When was it added" in Chinese: qs 6.13.1's README answered the second before the
        # entry of 6.13.0, which added strictDepth.
        ("ruby 插件是什么时候加入的", True),
        ("strictDepth 选项什么时候引入的", True),
        ("什么时候应该添加自定义插件", False),
    ],
)
def test_version_questions_are_recognised(text: str, asked: bool) -> None:
    assert asks_about_versions(parse_focus(text)) is asked


def test_family_and_place_features() -> None:
    focus = parse_focus("hooks")
    parent = candidate(1, "Hooks", path=("Guide",), hits={"hook": 1.0})
    child = candidate(2, "Before", path=("Guide", "Hooks"), hits={"hook": 1.0}, length=10)
    described = describe(focus, [parent, child], {"hook": 2}, 4)
    assert feature(described[0], "children") == 0.5 and feature(described[0], "parent") == 0.0
    assert feature(described[1], "children") == 0.0 and feature(described[1], "parent") == 1.0
    assert feature(described[1], "short") == 1.0 and feature(described[0], "short") == 0.0
    assert feature(described[0], "position") == 0.25 and feature(described[1], "position") == 0.5


def test_a_parent_and_its_children_are_in_the_same_file() -> None:
    # vConsole's CHANGELOG.md and CHANGELOG_CN.md both hold "v1.x.x" and its releases.
    focus = parse_focus("hooks")
    english = candidate(1, "v1.x.x", source="CHANGELOG.md", hits={"hook": 1.0})
    chinese = candidate(2, "v1.0.2", path=("v1.x.x",), source="CHANGELOG_CN.md",
                        hits={"hook": 1.0})  # fmt: skip
    described = describe(focus, [english, chinese], {"hook": 2}, 4)
    assert feature(described[0], "children") == 0.0
    assert feature(described[1], "parent") == 0.0


def test_no_weighed_concept_means_no_description() -> None:
    assert describe(parse_focus(""), [candidate(1, "X")], {}, 0) == []


def test_a_question_naming_a_release_names_its_changelog_entry() -> None:
    focus = parse_focus("what changed in 0.20?")
    asked = candidate(1, "0.20.0 (2025-10-20)", source="release-notes.md", hits={"chang": 1.0})
    other = candidate(2, "0.17.5 (2025-09-19)", source="release-notes.md", hits={"chang": 1.0})
    # The same number outside a changelog, or in a heading that is not a release, names nothing.
    page = candidate(3, "Version 0.20.0", source="guide.md", hits={"chang": 1.0})
    found = describe(focus, [asked, other, page], {"chang": 3, "0.20": 1}, 100)
    assert [d.named for d in found] == [True, False, False]
    assert [feature(d, "named") for d in found] == [1.0, 0.0, 0.0]
    assert "identifier: 0.20" in found[0].matches


def test_concepts_the_docs_never_use_weigh_nothing_among_candidates() -> None:
    # "api.foo.com" is in no section: it cannot tell one candidate from another, so the
    # features measure the rest of the focus; the answer's coverage still counts it.
    focus = parse_focus("host matching for api.foo.com")
    section = candidate(1, "Host Matching", hits={"host": 1.0, "match": 1.0})
    (described,) = describe(focus, [section], {"host": 4, "match": 9, "api.foo.com": 0}, 100)
    assert feature(described, "coverage") == pytest.approx(1.0)
    assert feature(described, "all_covered") == 1.0
    assert feature(described, "heading") == pytest.approx(1.0)
    assert described.coverage < 0.7


def test_the_page_title_is_the_outermost_heading_or_the_first_sections_own() -> None:
    # Whether a question is about a page (client.search.model's diversity rule) is read from
    # the page's title: a page's first section has no heading path, its heading is the title;
    # a deeper section's intermediate headings are not the title.
    focus = parse_focus("timeouts")
    page = candidate(1, "Timeouts", hits={"timeout": 1.0})
    deep = candidate(2, "Connect", path=("Clients", "Timeouts"), hits={"timeout": 1.0})
    child = candidate(3, "Connect", path=("Timeouts",), hits={"timeout": 1.0})
    titles = [d.title for d in describe(focus, [page, deep, child], {"timeout": 3}, 100)]
    assert titles == [pytest.approx(1.0), 0.0, pytest.approx(1.0)]


@pytest.mark.parametrize(
    ("heading", "name"),
    [
        # Sphinx numbers the headings of a :numbered: toctree; the number is not the name.
        ("4.8.1. Default Argument Values", "default argument values"),
        ("9. Classes", "classes"),
        # A release's heading keeps its number: it is what the heading names.
        ("0.49.0 (2023-05-14)", "0.49.0"),
        ("3.1.3", "3.1.3"),
        ("requests.Session.mount(prefix, adapter)", "requests.session.mount"),
    ],
)
def test_heading_name_drops_a_section_number(heading: str, name: str) -> None:
    assert heading_name(heading) == name


def test_a_numbered_heading_is_the_focus_it_says() -> None:
    focus = parse_focus("raising exceptions")
    numbered = candidate(1, "8.4. Raising Exceptions", hits={"rais": 1.0, "exception": 1.0})
    (described,) = describe(focus, [numbered], {"rais": 3, "exception": 9}, 100)
    assert feature(described, "heading_exact") == 1.0


def test_background_coverage_weighs_concepts_rare_in_docs_at_large_more() -> None:
    # Equally rare in this version's docs, "return" is in a fifth of any library's sections
    # (client/search/term_shares.tsv) and "backoff" in almost none: the section holding
    # "backoff" covers more of the question by the docs at large.
    focus = parse_focus("return backoff")
    common, rare = candidate(1, "A", hits={"return": 1.0}), candidate(2, "B", hits={"backoff": 1.0})
    described = describe(focus, [common, rare], {"return": 2, "backoff": 2}, 100)
    assert feature(described[0], "coverage") == pytest.approx(feature(described[1], "coverage"))
    assert feature(described[1], "background_coverage") > 2 * feature(
        described[0], "background_coverage"
    )
