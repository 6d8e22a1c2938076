"""What builder and client take for a changelog's release."""

import pytest

from schemas.changelogs import (
    CHANGELOG_FILE,
    is_release_heading,
    release_numbers,
    release_of,
    releases_asked,
)


@pytest.mark.parametrize(
    ("heading", "release"),
    [
        ("0.20.0 (2025-10-20)", "0.20"),
        ("Version 3.1.0", "3.1"),
        ("pluggy 1.5.0 (2024-04-19)", "1.5"),
        ("[1.2.3] - 2024-01-01", "1.2.3"),
        ("v4.58.0 (2026-07-21)", "4.58"),
        ("25.1.0 - 2025-01-25", "25.1"),
        ("2.0.0rc1", "2.0rc1"),
        ("Version 3.0.0rc4", "3.0rc4"),
        ("2.0.0-beta.1 (2024-01-01)", "2.0b1"),
        # A package's name and "@", as npm and monorepo tags write it (node-postgres' changelog
        # of pg, pg-pool, pg-cursor and pg-query-stream).
        ("pg@8.21.0", "8.21"),
        ("pg-pool@3.6.0", "3.6"),
        ("@tanstack/query-core@5.0.0 (2023-10-17)", "5.0"),
        ("user@example.com 1 changes", None),
        ("Features", None),
        ("Version 2.x", None),
        ("Upgrading plugins written for 2.0", None),
    ],
)
def test_a_release_heading_and_its_number(heading: str, release: str | None) -> None:
    assert release_of(heading) == release
    assert is_release_heading(heading) is (release is not None)


def test_the_numbers_a_question_writes() -> None:
    assert release_numbers("what changed in v2.1.0 and 0.20.0? (not 2.1.0.dev or x1.2)") == {
        "2.1",
        "0.20",
    }
    assert release_numbers("Python 3.12 on 19.99 euros") == {"3.12", "19.99"}
    # A pre-release however its tag is joined, as its heading writes it (mistune's
    # "Version 3.0.0rc4"): not the final release 3.0.
    assert release_numbers("what changed in 3.0.0-rc.4, 2.0.0-beta.1 or 1.0.0rc1") == {
        "3.0rc4",
        "2.0b1",
        "1.0rc1",
    }
    assert release_numbers("a 1.2-based setup") == {"1.2"}


@pytest.mark.parametrize(
    ("question", "releases"),
    [
        ("what changed in 2.7", {"2.7"}),
        ("what changed in requests 2.7", {"2.7"}),
        ("upgrade from 2.30 to v2.31.0", {"2.30", "2.31"}),
        ("jinja2 3.1 changes", {"3.1"}),  # the library's name, its major version aside
        # Another name's version: requests 2.32.3 answered the first with its release 2.7.0,
        # the second with 2.0.0 and the third with 1.1.0.
        ("does requests support Python 2.7", set()),
        ("requests with urllib3 2.0", set()),
        ("HTTP/1.1 keep-alive", set()),
        # A major version said alone is its release N.0.0 ("6.0.0" heads slugify's entry).
        ("what changed in version 6", {"6.0"}),
        ("breaking changes in v2?", {"2.0"}),
        ("requests release 3 notes", {"3.0"}),
        ("upgrade from version 2 to 3.1", {"2.0", "3.1"}),
        # A bare number or another name's major version is not.
        ("retry in 2 steps", set()),
        ("does it run on Python version 3", set()),
        ("with urllib3 v2", set()),
        ("v2ray and version2", set()),
        # A major version of another name is that name's; of the library, the library's.
        ("is it compatible with version 1 of OAuth", set()),
        ("signing requests in version 1 of the protocol", set()),
        ("release 2 of the spec", set()),
        ("what changed in version 6 of requests", {"6.0"}),
        ("breaking changes in version 2 of the library", {"2.0"}),
        # A number given to a parameter or a call is a value: python-dateutil 4.0.0 answered
        # the first with its changelog's "Version 1.5".
        ("What does relativedelta.normalized() do with fractional values like days=1.5?", set()),
        ("timeout = 2.5 seconds, or sleep(0.5)", set()),
        ("requests.get(url, timeout=(3.05, 27))", set()),
        ("random.uniform(0.5, 1.5) between tries", set()),
        ('Decimal("1.5") in a field', set()),
        ("the five param (0.39.0) and the mixin (0.36.0)", {"0.39", "0.36"}),
        ("pin requests>=2.31 or requests==2.30", {"2.31", "2.30"}),
        # Said as a release by the words around it; starlette 1.10.0 answered the first with
        # its notes of 0.41.1, not 1.8.0's.
        ("Which Python does it require as of the 1.8 release?", {"1.8"}),
        ("is there a 2.0 version planned", {"2.0"}),
        ("since the Python 3.8 release", set()),
        ("the 1.8 seconds it waits", set()),
        # Said as a release of another name, as "version 1 of OAuth" is.
        ("does it work with the 3.11 version of Python", set()),
        ("signing with the 1.0 release of the OAuth spec", set()),
        ("what changed in the 2.0 version of requests", {"2.0"}),
        ("the 2.0 release of the library", {"2.0"}),
        ("what changed in the 2.0 version of this library", {"2.0"}),
        ("is there a 3.0 release of it", {"3.0"}),
        ("breaking changes in version 2 of this package", {"2.0"}),
    ],
)
def test_the_releases_of_the_library_a_question_names(question: str, releases: set[str]) -> None:
    library = "jinja" if "jinja" in question else "requests"
    assert releases_asked(question, library) == releases


@pytest.mark.parametrize(
    ("path", "changelog"),
    [
        ("CHANGES.rst", True),
        ("docs/changelog.md", True),
        ("HISTORY", True),
        ("docs/versionhistory.rst", True),  # cbor2's
        ("ReleaseNotes.md", True),
        ("docs/whatsnew/3.1.rst", True),
        ("NEWS.md", True),
        # undici 7.10.0's pages of its MockCallHistory class were all taken for release notes.
        ("docs/docs/api/MockCallHistory.md", False),
        ("docs/docs/api/MockCallHistoryLog.md", False),
        ("guide/routing.md", False),
    ],
)
def test_a_changelog_file_by_its_name(path: str, changelog: bool) -> None:
    assert bool(CHANGELOG_FILE.search(path)) is changelog
