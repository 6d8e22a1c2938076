"""A changelog release's category subsections fold into the release's own section."""

from dataclasses import replace

from builder.model import Section
from builder.release_notes import fold_release_notes
from schemas.shards import MAX_SECTION_CHARS


def section(
    heading: str, level: int, body: str, line: int, source: str = "changelog.md"
) -> Section:
    path = {1: (), 2: ("Changelog",), 3: ("Changelog", "x")}[level]
    return Section(heading, path, body, source, line, line + 1, heading.lower(), level)


TOWNCRIER = [
    section("Changelog", 1, "", 1),
    section("1.5.0 (2024-04-19)", 2, "", 3),
    section("Features", 3, "- Add `frob()`.", 5),
    section("Bug Fixes", 3, "- Fix a crash.", 8),
    section("1.4.0 (2024-01-02)", 2, "- Plain list.", 11),
    section("Version 1.x", 2, "", 14),
    section("1.0.0", 3, "- First.", 16),
]


def test_a_release_takes_its_categories_under_labels() -> None:
    # "1.0.0" sits below "Version 1.x", no release: it stays there (releases side by side).
    folded = fold_release_notes(TOWNCRIER)
    assert [(s.heading, s.body, s.line_start, s.line_end) for s in folded] == [
        ("Changelog", "", 1, 2),
        ("1.5.0 (2024-04-19)", "Features:\n- Add `frob()`.\n\nBug Fixes:\n- Fix a crash.", 3, 9),
        ("1.4.0 (2024-01-02)", "- Plain list.", 11, 12),
        # A heading over releases is not a release of categories: left as it is.
        ("Version 1.x", "", 14, 15),
        ("1.0.0", "- First.", 16, 17),
    ]


def test_only_changelog_files_fold() -> None:
    guide = [section(s.heading, s.level, s.body, s.line_start, "guide.md") for s in TOWNCRIER]
    assert fold_release_notes(guide) == guide


def test_a_patch_release_below_a_minor_one_stands_beside_it() -> None:
    # bull 4.16.5's CHANGELOG.md (conventional-changelog): minor releases are "#", patches
    # "##", so 4.15.1 read as part of 4.16.0 and each release kept its categories apart.
    def at(heading: str, level: int, path: tuple[str, ...], line: int) -> Section:
        return Section(heading, path, f"- {heading}.", "CHANGELOG.md", line, line, "", level)

    notes = [
        at("4.16.1 (2024-08-28)", 2, (), 1),
        at("Bug Fixes", 3, ("4.16.1 (2024-08-28)",), 2),
        at("4.16.0 (2024-07-30)", 1, (), 3),
        at("Features", 3, ("4.16.0 (2024-07-30)",), 4),
        at("4.15.1 (2024-07-04)", 2, ("4.16.0 (2024-07-30)",), 5),
        at("Bug Fixes", 3, ("4.16.0 (2024-07-30)", "4.15.1 (2024-07-04)"), 6),
    ]
    assert [(s.heading, s.heading_path, s.level, s.body) for s in fold_release_notes(notes)] == [
        ("4.16.1 (2024-08-28)", (), 2, "- 4.16.1 (2024-08-28).\n\nBug Fixes:\n- Bug Fixes."),
        ("4.16.0 (2024-07-30)", (), 1, "- 4.16.0 (2024-07-30).\n\nFeatures:\n- Features."),
        ("4.15.1 (2024-07-04)", (), 1, "- 4.15.1 (2024-07-04).\n\nBug Fixes:\n- Bug Fixes."),
    ]


def test_a_category_that_names_a_version_stays_in_its_release() -> None:
    # Keep a Changelog: "Requires Node.js 18.0" names a version but is no release of its own;
    # lifted beside 5.0.0 it took 5.0.0's "Added" and lost the release it belongs to.
    def at(heading: str, level: int, path: tuple[str, ...], line: int) -> Section:
        return Section(heading, path, f"- {heading}.", "CHANGELOG.md", line, line, "", level)

    notes = [
        at("Changelog", 1, (), 1),
        at("5.0.0 - 2024-01-01", 2, ("Changelog",), 2),
        at("Requires Node.js 18.0", 3, ("Changelog", "5.0.0 - 2024-01-01"), 3),
        at("Added", 3, ("Changelog", "5.0.0 - 2024-01-01"), 4),
        at("4.0.0 - 2023-01-01", 2, ("Changelog",), 5),
    ]
    folded = fold_release_notes(notes)
    assert [(s.heading, s.heading_path) for s in folded] == [
        ("Changelog", ()),
        ("5.0.0 - 2024-01-01", ("Changelog",)),
        ("Requires Node.js 18.0", ("Changelog", "5.0.0 - 2024-01-01")),
        ("Added", ("Changelog", "5.0.0 - 2024-01-01")),
        ("4.0.0 - 2023-01-01", ("Changelog",)),
    ]


def test_a_page_that_includes_a_changelog_folds_its_releases() -> None:
    # waitress' index.rst includes CHANGES.txt: each release's text was in "Security",
    # "Features" and "Bugfixes" sections of many releases, the release headings dropped empty.
    page = [section("Waitress", 1, "A WSGI server.", 1, "index.rst")] + [
        part
        for minor in (2, 1, 0)
        for part in (
            section(f"3.0.{minor} (2024-11-16)", 2, "", 10 * minor + 3, "index.rst"),
            section("Security", 3, f"- Fix {minor}.", 10 * minor + 5, "index.rst"),
        )
    ]
    assert [(s.heading, s.body) for s in fold_release_notes(page)] == [
        ("Waitress", "A WSGI server."),
        ("3.0.2 (2024-11-16)", "Security:\n- Fix 2."),
        ("3.0.1 (2024-11-16)", "Security:\n- Fix 1."),
        ("3.0.0 (2024-11-16)", "Security:\n- Fix 0."),
    ]
    # Sphinx's section numbers name no release: a numbered page stays as it is.
    numbered = [
        section(f"3.2.{n}. Help", 2, "", n, "api.html") if n % 2 else section("x", 3, "y", n)
        for n in range(1, 9)
    ]
    assert fold_release_notes(numbered) == numbered


def test_a_release_written_v_dot_stands_beside_the_others() -> None:
    # bull's CHANGELOG.md: below "## [3.22.2](...)" every older release is "## v.3.22.1", and
    # all of them read as categories of 3.22.2, which swallowed them.
    notes = [
        section("[3.23.0](https://x) (2021-05-01)", 1, "- Minor.", 1, "CHANGELOG.md"),
        section("[3.22.2](https://x) (2021-04-23)", 2, "", 3, "CHANGELOG.md"),
        section("Bug Fixes", 3, "- Obliterate.", 5, "CHANGELOG.md"),
        section("v.3.22.1", 2, "- Repeatable jobs.", 8, "CHANGELOG.md"),
        section("v.3.22.0", 2, "- Job ids.", 11, "CHANGELOG.md"),
    ]
    assert [(s.heading, s.body, s.level) for s in fold_release_notes(notes)] == [
        ("[3.23.0](https://x) (2021-05-01)", "- Minor.", 1),
        ("[3.22.2](https://x) (2021-04-23)", "Bug Fixes:\n- Obliterate.", 1),
        ("v.3.22.1", "- Repeatable jobs.", 1),
        ("v.3.22.0", "- Job ids.", 1),
    ]


def test_a_release_named_by_its_package_stands_beside_the_others() -> None:
    # node-postgres' CHANGELOG.md: newer releases are "## pg@8.8.0", older ones "### pg@7.18.0"
    # and "### 7.16.0", so every older release read as part of pg@8.8.0 ("pg@8.8.0 >
    # pg@7.18.0"), and pg@8.0.0's notes were headed by its "#### note: ..." line.
    def at(heading: str, level: int, path: tuple[str, ...], body: str, line: int) -> Section:
        return Section(heading, path, body, "CHANGELOG.md", line, line, "", level)

    notes = [
        at("pg@8.8.0", 2, (), "- Pipelining.", 1),
        at("pg@8.0.0", 3, ("pg@8.8.0",), "", 3),
        at("note: see the announcement", 4, ("pg@8.8.0", "pg@8.0.0"), "- Drop node 4.", 4),
        at("pg@7.18.0", 3, ("pg@8.8.0",), "- Deprecate a flag.", 6),
        at("7.16.0", 3, ("pg@8.8.0",), "- Fix a leak.", 8),
        # A category naming another package's release is part of its release (rev12).
        at("node@18.0 required", 4, ("pg@8.8.0", "7.16.0"), "- Node 18 or later.", 9),
    ]
    assert [(s.heading, s.heading_path, s.level, s.body) for s in fold_release_notes(notes)] == [
        ("pg@8.8.0", (), 2, "- Pipelining."),
        ("pg@8.0.0", (), 2, "note: see the announcement:\n- Drop node 4."),
        ("pg@7.18.0", (), 2, "- Deprecate a flag."),
        ("7.16.0", (), 2, "- Fix a leak."),
        ("node@18.0 required", ("7.16.0",), 4, "- Node 18 or later."),
    ]


def test_a_long_release_of_topics_with_topics_keeps_its_headings() -> None:
    # python-statemachine 3.2.2's releases/3.0.0.md: "What's new in 3.0.0" > "Compound
    # states", "Parallel states"... (667 lines) folded into one release section cut into 4
    # parts anywhere, its 30 topics' headings lost.
    def at(heading: str, level: int, body: str, line: int) -> Section:
        path = ("StateMachine 3.0.0", "What's new")[: level - 1]
        return Section(heading, path, body, "releases/3.0.0.md", line, line, "", level)

    long_text = "Words about it. " * (MAX_SECTION_CHARS // 32)
    notes = [
        at("StateMachine 3.0.0", 1, "*February 24, 2026*", 1),
        at("What's new", 2, "Statecharts are here!", 3),
        at("Compound states", 3, long_text, 5),
        at("Parallel states", 3, long_text, 7),
    ]
    assert fold_release_notes(notes) == notes
    # Short, the same release reads as one section, its topics under labels.
    short = [replace(s, body=s.body[:40]) for s in notes]
    [release] = fold_release_notes(short)
    assert release.body.startswith("*February 24, 2026*\n\nWhat's new:\nStatecharts are here!")
    # Categories at one level fold however long (split later into parts).
    flat = [notes[0], *(replace(s, level=2) for s in notes[1:])]
    assert [s.heading for s in fold_release_notes(flat)] == ["StateMachine 3.0.0"]


def test_a_long_release_among_others_folds_its_topics_under_their_category() -> None:
    # PyJWT 2.15.1's changelog: "v2.0.0" > "Changed" > "Drop CLI"... and "Pull Requests",
    # longer than a section, kept its topics apart: "what changed in 2.0.0?" found no section
    # headed by the release, and a topic's category was in its path alone.
    def at(heading: str, level: int, body: str) -> Section:
        path = ("Changelog", "v2.0.0", "Changed")[: level - 1]
        return Section(heading, path, body, "changelog.rst", 1, 1, "", level)

    long_list = "- Fix a thing by @someone in #123\n" * (MAX_SECTION_CHARS // 30)
    notes = [
        at("Changelog", 1, "All notable changes."),
        at("v2.0.1", 2, "- Fix a crash."),
        at("v2.0.0", 2, ""),
        at("Changed", 3, ""),
        at("Drop CLI", 4, "Dropped the included cli entry point."),
        at("Pull Requests", 3, long_list),
        at("v1.7.1", 2, "- Old fix."),
    ]
    folded = fold_release_notes(notes)
    assert [s.heading for s in folded] == ["Changelog", "v2.0.1", "v2.0.0", "v1.7.1"]
    assert folded[2].body.startswith(
        "Changed > Drop CLI:\nDropped the included cli entry point.\n\nPull Requests:\n- Fix"
    )
