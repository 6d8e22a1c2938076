"""The ``releases`` extension's changelog: a section per ``:release:`` item, entries led by
their kind and issue."""

from __future__ import annotations

from tests.counted import CountedLines
from tests.rst_support import _body, _sections

# The shape of Invoke 2.2.0's sites/www/changelog.rst (60 releases, 231 entries).
CHANGELOG = (
    "=========\nChangelog\n=========\n\n"  # 1-4
    "- :feature:`-` Not released yet.\n"  # 5
    "- :release:`2.1.3 <2023-06-14>`\n"  # 6
    "- :bug:`944` Package-style task modules looked in the wrong place.\n"
    "- :support:`936 backported` Make sure ``py.typed`` is in our\n"
    "  packaging manifest.\n"
    "- :release:`2.1.0 <2023-04-28>`\n"  # 10
    "- :bug:`376 major` Resolve an equality bug.\n\n"
    "  .. warning:: Backwards incompatible.\n"
    "- :release:`2.0.1`\n"  # 14
)


def test_each_release_heads_a_section_of_the_entries_below_it() -> None:
    sections = _sections(CHANGELOG)
    assert [(s.heading, s.heading_path, s.line_start, s.body) for s in sections] == [
        ("Changelog", (), 1, "- [Feature]: Not released yet."),
        ("2.1.3", ("Changelog",), 6, (
            "Released: 2023-06-14\n\n"
            "- [Bug] #944: Package-style task modules looked in the wrong place.\n"
            "- [Support] #936: Make sure `py.typed` is in our packaging manifest."
        )),
        ("2.1.0", ("Changelog",), 10, (
            "Released: 2023-04-28\n\n"
            "- [Bug] #376: Resolve an equality bug.\n\n  Warning: Backwards incompatible."
        )),
        ("2.0.1", ("Changelog",), 14, ""),
    ]  # fmt: skip
    assert [s.anchor for s in sections[1:]] == ["213", "210", "201"]  # as docutils ids them


def test_a_list_without_releases_and_a_nested_one_stay_lists() -> None:
    assert _body("- :bug:`1` Not a releases changelog.\n") == "- 1 Not a releases changelog."
    nested = "Text.\n\n  - :release:`1.0 <2020-01-01>`\n  - :bug:`2` Fixed.\n"
    assert _body(nested) == "Text.\n\n- 1.0\n- 2 Fixed."


def test_releases_listed_together_each_hold_the_entries_below_them() -> None:
    # Fabric 3.2.2's changelog-v1.rst: "1.12.1", "1.11.3" and "1.10.5" on three lines, then
    # the fix all three shipped; the first two read as sections of a date alone.
    text = (
        "Changelog\n=========\n\n"
        "* :release:`1.12.1 <2016-12-05>`\n"
        "* :release:`1.11.3 <2016-12-05>`\n"
        "* :bug:`1470` Fixed a hang.\n"
        "* :release:`1.1.2 <2011-07-07>`\n"
        "* :release:`1.0.2 <2011-06-24>`\n"
        "* :bug:`1` Fixed in 1.0.2 only.\n"
    )
    assert [(s.heading, s.body) for s in _sections(text)[1:]] == [
        ("1.12.1", "Released: 2016-12-05\n\n- [Bug] #1470: Fixed a hang."),
        ("1.11.3", "Released: 2016-12-05\n\n- [Bug] #1470: Fixed a hang."),
        ("1.1.2", "Released: 2011-07-07"),  # a release of another date shares nothing
        ("1.0.2", "Released: 2011-06-24\n\n- [Bug] #1: Fixed in 1.0.2 only."),
    ]


def test_a_long_run_of_one_date_holds_the_entries_once_per_release_at_most_sixteen() -> None:
    # Each release of a run held a copy of the entries: 8,000 releases of one date over 8,000
    # entries (16,000 lines) made sections of 1.2 billion characters.
    releases = "".join(f"- :release:`1.{n} <2020-01-01>`\n" for n in range(40))
    text = "C\n=\n\n" + releases + "- :bug:`1` Fixed.\n- :bug:`2` Fixed too.\n"
    bodies = [s.body for s in _sections(text)[1:]]
    assert len(bodies) == 40
    assert bodies[:24] == ["Released: 2020-01-01"] * 24
    assert set(bodies[24:]) == {
        "Released: 2020-01-01\n\n- [Bug] #1: Fixed.\n- [Bug] #2: Fixed too."
    }


def test_a_short_list_is_looked_at_alone_not_with_the_rest_of_the_page() -> None:
    # Each list of a page was asked about with a copy of every line after it (lines[i:]): a
    # changelog of 150,000 titled releases, each with a short list, took 250 s (rev8).
    from builder.parsers.rst.releases import is_releases_list

    lines = CountedLines(["- Fixed it.", "", "1.2.0", "-----", *(["text"] * 10_000)])
    assert not is_releases_list(lines, 0, "-")
    assert lines.touched < 10
    assert is_releases_list(["- :release:`1.2.0 <2024-01-01>`", "- :bug:`1` Fixed."], 0, "-")
