"""Version selection: literal requests against literal version lists."""

import pytest

from client.errors import InvalidRequest, VersionNotFound
from client.model import CatalogEntry, Provenance
from client.versions import SeenVersions, nearest_versions, select_version

EXPRESS = ["5.1.0", "5.0.1", "4.21.2", "4.21.1", "4.17.0", "3.0.0"]
PRERELEASES = ["2.0.0-rc.10", "2.0.0-rc.9", "2.0.0-rc.2", "1.9.0"]
ONLY_PRERELEASES = ["2.0.0-rc.1", "2.0.0-beta.3", "2.0.0-rc.10", "2.0.0-rc.9"]
PEP440 = ["2.0.0rc1", "1.0.post1", "1.0", "1.0rc2", "2024.1", "2023.12.1", "1.0.dev3"]


@pytest.mark.parametrize(
    ("requested", "available", "version", "how"),
    [
        # Nothing or latest: the newest stable release.
        (None, EXPRESS, "5.1.0", "latest"),
        ("", EXPRESS, "5.1.0", "latest"),
        ("  ", EXPRESS, "5.1.0", "latest"),
        ("latest", EXPRESS, "5.1.0", "latest"),
        ("LATEST", EXPRESS, "5.1.0", "latest"),
        ("Latest", EXPRESS, "5.1.0", "latest"),
        # Read the Docs' name for the newest release; a version named so is itself.
        ("stable", EXPRESS, "5.1.0", "latest"),
        (" Stable ", EXPRESS, "5.1.0", "latest"),
        ("stable", ["stable", "2.0.0"], "stable", "exact"),
        # Order of the list does not matter.
        (None, list(reversed(EXPRESS)), "5.1.0", "latest"),
        # A prerelease never beats a stable release for latest...
        (None, PRERELEASES, "1.9.0", "latest"),
        # ...unless there is no stable release; then semver order: rc.10 > rc.9 > beta.3.
        (None, ONLY_PRERELEASES, "2.0.0-rc.10", "latest"),
        # PEP 440: 2024.1 is the newest stable; 2.0.0rc1 is a prerelease.
        (None, PEP440, "2024.1", "latest"),
        # Exact, with a v or V prefix, with build metadata on either side.
        ("4.21.2", EXPRESS, "4.21.2", "exact"),
        ("v4.21.2", EXPRESS, "4.21.2", "exact"),
        ("V4.21.2", EXPRESS, "4.21.2", "exact"),
        ("4.21.2+build.7", EXPRESS, "4.21.2", "exact"),
        ("v4.21.2+build.7", EXPRESS, "4.21.2", "exact"),
        ("1.2.3", ["1.2.3+build.2", "1.2.2"], "1.2.3+build.2", "exact"),
        ("2.0.0-rc.9", PRERELEASES, "2.0.0-rc.9", "exact"),
        # The same version spelled the other way (semver / PEP 440).
        ("2.0.0-rc.1", ["2.0.0rc1", "1.0"], "2.0.0rc1", "exact"),
        ("1.0.post1", PEP440, "1.0.post1", "exact"),
        ("2024.1", PEP440, "2024.1", "exact"),
        # A release the catalog names with fewer numbers: a project pins 10.2.0, the team's
        # catalog says 10.2 (it answered "no version matches '10.2.0'; nearest available: 10.2").
        ("10.2.0", ["10.3.0", "10.2"], "10.2", "exact"),
        ("v2024.1.0", PEP440, "2024.1", "exact"),
        ("1.0.0", PEP440, "1.0", "exact"),
        # Prefixes: the newest release that starts with them.
        ("5", EXPRESS, "5.1.0", "prefix"),
        ("4", EXPRESS, "4.21.2", "prefix"),
        ("4.17", EXPRESS, "4.17.0", "prefix"),
        ("4.x", EXPRESS, "4.21.2", "prefix"),
        ("4.X", EXPRESS, "4.21.2", "prefix"),
        ("4.*", EXPRESS, "4.21.2", "prefix"),
        ("4.21.x", EXPRESS, "4.21.2", "prefix"),
        ("4.21.*", EXPRESS, "4.21.2", "prefix"),
        ("4.x.x", EXPRESS, "4.21.2", "prefix"),
        ("v4", EXPRESS, "4.21.2", "prefix"),
        ("2023", PEP440, "2023.12.1", "prefix"),
        # 1.0.post1 is newer than 1.0; a post release is stable.
        ("1", PEP440, "1.0.post1", "prefix"),
        # A prefix matching only prereleases gets the newest of them.
        ("2", PRERELEASES, "2.0.0-rc.10", "prefix"),
    ],
)
def test_select_version(
    requested: str | None, available: list[str], version: str, how: str
) -> None:
    choice = select_version(requested, available)
    assert (choice.version, choice.how) == (version, how)


@pytest.mark.parametrize(
    ("requested", "available", "note"),
    [
        ("5.x", EXPRESS, "prefix match 5.x → 5.1.0, the latest 5.x release"),
        ("4.21", EXPRESS, "prefix match 4.21.x → 4.21.2, the latest 4.21.x release"),
        (None, EXPRESS, "latest → 5.1.0, the newest stable release"),
        (None, ONLY_PRERELEASES, "latest → 2.0.0-rc.10 (no stable release yet)"),
        ("v4.21.2", EXPRESS, "exact match 4.21.2"),
        (
            "2",
            PRERELEASES,
            "prefix match 2.x → 2.0.0-rc.10, the latest 2.x prerelease (no stable one matches)",
        ),
    ],
)
def test_the_note_says_what_was_chosen(
    requested: str | None, available: list[str], note: str
) -> None:
    assert select_version(requested, available).note == note


@pytest.mark.parametrize(
    ("requested", "available", "hints"),
    [
        # A full release that is missing is never widened to a prefix or another version.
        ("4.21.3", EXPRESS, ["4.21.2", "4.21.1", "4.17.0", "5.1.0", "5.0.1"]),
        ("6", EXPRESS, ["5.1.0", "5.0.1", "4.21.2", "4.21.1", "4.17.0"]),
        ("4.18.x", EXPRESS, ["4.17.0", "4.21.2", "4.21.1", "5.1.0", "5.0.1"]),
        ("3.1", EXPRESS, ["3.0.0", "4.21.2", "4.21.1", "4.17.0", "5.1.0"]),
        ("2.0.0", PRERELEASES, ["2.0.0-rc.10", "2.0.0-rc.9", "2.0.0-rc.2", "1.9.0"]),
        ("nightly", EXPRESS, ["5.1.0", "5.0.1", "4.21.2", "4.21.1", "4.17.0"]),
        # A range: nearest the version it names (newest first, as if none were named, before).
        ("^4.0.0", EXPRESS, ["4.17.0", "4.21.2", "4.21.1", "5.1.0", "5.0.1"]),
    ],
)
def test_no_match_lists_the_nearest_versions(
    requested: str, available: list[str], hints: list[str]
) -> None:
    with pytest.raises(VersionNotFound) as caught:
        select_version(requested, available)
    assert caught.value.hints == hints
    assert caught.value.code == "version"
    assert repr(requested) in caught.value.message
    assert hints[0] in caught.value.message


@pytest.mark.parametrize(
    ("requested", "version", "note"),
    [
        # It was refused as a range: "no version matches '==3.1.3'; ...; a range is not read".
        ("==3.1.3", "3.1.3", "exact match 3.1.3 (pinned ==3.1.3)"),
        ("== 2.3.8", "2.3.8", "exact match 2.3.8 (pinned == 2.3.8)"),
        ("===3.1.3", "3.1.3", "exact match 3.1.3 (pinned ===3.1.3)"),
        ("=3.1.3", "3.1.3", "exact match 3.1.3 (pinned =3.1.3)"),
        ("==v2.3.8", "2.3.8", "exact match 2.3.8 (pinned ==v2.3.8)"),
        (
            "==3.1.*",
            "3.1.3",
            "prefix match 3.1.x → 3.1.3, the latest 3.1.x release (pinned ==3.1.*)",
        ),
    ],
)
def test_a_pin_copied_from_a_requirements_file_is_the_version_it_names(
    requested: str, version: str, note: str
) -> None:
    choice = select_version(requested, ["3.1.3", "2.3.8"])
    assert (choice.version, choice.note) == (version, note)
    with pytest.raises(VersionNotFound) as missing:
        select_version("==2.3.9", ["3.1.3", "2.3.8"])
    assert missing.value.message == "no version matches '==2.3.9'; nearest available: 2.3.8, 3.1.3"


@pytest.mark.parametrize("requested", [">=3", "^3.1", "~3.1", "!=2.3.8", "==3.1.3,<4"])
def test_a_range_copied_from_a_requirements_file_is_told_what_to_give(requested: str) -> None:
    # It said only "no version matches '==3.1.3'; nearest available: 3.1.3, 2.3.8".
    with pytest.raises(VersionNotFound) as caught:
        select_version(requested, ["3.1.3", "2.3.8"])
    assert caught.value.message.endswith(
        "; a range is not read: give a version (3.1.3), a prefix (3, 3.x) or latest"
    )
    with pytest.raises(VersionNotFound) as plain:
        select_version("9", ["3.1.3", "2.3.8"])
    assert "range" not in plain.value.message


@pytest.mark.parametrize("requested", ["~=2.3", "^2.3.0", ">=2.3,<3", "~2"])
def test_a_range_lists_the_versions_nearest_the_one_it_names_first(requested: str) -> None:
    # It listed them newest first, as if nothing were named: "nearest available: 3.1.3, 2.3.8".
    with pytest.raises(VersionNotFound) as caught:
        select_version(requested, ["3.1.3", "2.3.8", "1.0.1"])
    assert caught.value.hints[0] == "2.3.8"
    assert "nearest available: 2.3.8, " in caught.value.message
    # Told to give 3.1.3, the newest, whichever version the range named.
    assert caught.value.message.endswith("give a version (2.3.8), a prefix (2, 2.x) or latest")


def test_no_versions_at_all() -> None:
    with pytest.raises(VersionNotFound):
        select_version(None, [])


def test_an_overlong_request_is_invalid() -> None:
    with pytest.raises(InvalidRequest):
        select_version("1" * 200, EXPRESS)


def test_unparsable_catalog_versions_are_still_served_exactly() -> None:
    available = ["weird-tag", "1.0.0"]
    assert select_version("weird-tag", available).version == "weird-tag"
    assert select_version(None, available).version == "1.0.0"


def test_nearest_versions_limits_its_answer() -> None:
    assert nearest_versions("4", EXPRESS, n=2) == ["4.21.2", "4.21.1"]


def _library(versions: tuple[str, ...]) -> CatalogEntry:
    source = Provenance("remote", "https://docs.example/", None, False, None, None)
    return CatalogEntry("more", "More", "", (), (), 0, None, versions, {}, source)


def test_a_version_a_republished_site_dropped_is_refused_saying_so() -> None:
    # An agent that read 10.5.0 all session was told only "no version matches '10.5.0'" once
    # the site was published again without it.
    seen = SeenVersions()
    assert seen.choose(_library(("10.7.0", "10.5.0")), "10.5.0").version == "10.5.0"
    with pytest.raises(VersionNotFound) as refused:
        seen.choose(_library(("10.7.0",)), "10.5")
    assert "more 10.5.0 was listed earlier in this session" in refused.value.message
    assert "published again without it" in refused.value.message
    # A version never listed is refused as before.
    with pytest.raises(VersionNotFound) as never:
        seen.choose(_library(("10.7.0",)), "9.0.0")
    assert "earlier in this session" not in never.value.message
    # One the site lists again is served.
    assert seen.choose(_library(("10.7.0", "10.5.0")), "10.5.0").version == "10.5.0"
