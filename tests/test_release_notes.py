"""A changelog release's category subsections fold into the release's own section."""

from builder.model import Section
from builder.release_notes import fold_release_notes


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
