"""Version parsing and ordering shared by builder and client."""

import pytest

from schemas.versions import InvalidVersion, is_version, parse_version, sort_newest_first


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        (["1.0.0-rc.9", "1.0.0-rc.10", "1.0.0"], ["1.0.0", "1.0.0-rc.10", "1.0.0-rc.9"]),
        (
            [
                "1.0.0-alpha",
                "1.0.0-alpha.1",
                "1.0.0-beta",
                "1.0.0-beta.2",
                "1.0.0-beta.11",
                "1.0.0-rc.1",
                "1.0.0",
                "1.0.0-alpha.beta",
            ],
            [
                "1.0.0",
                "1.0.0-rc.1",
                "1.0.0-beta.11",
                "1.0.0-beta.2",
                "1.0.0-beta",
                "1.0.0-alpha.beta",
                "1.0.0-alpha.1",
                "1.0.0-alpha",
            ],
        ),
        (
            ["2.0.0rc1", "2.0.0", "1.0.post1", "1.0", "1.0.dev1", "1.0a1", "2024.1"],
            ["2024.1", "2.0.0", "2.0.0rc1", "1.0.post1", "1.0", "1.0a1", "1.0.dev1"],
        ),
        (["4.21.2", "5.1.0", "5.0.0", "4.9.0"], ["5.1.0", "5.0.0", "4.21.2", "4.9.0"]),
    ],
)
def test_orders_newest_first(given: list[str], expected: list[str]) -> None:
    assert sort_newest_first(given) == expected


def test_build_metadata_and_local_labels_do_not_change_order() -> None:
    assert parse_version("1.2.3+build.2").key == parse_version("1.2.3").key
    assert parse_version("1.2.3+ubuntu1").key == parse_version("1.2.3").key


def test_semver_and_pep440_spellings_of_a_prerelease_are_equal() -> None:
    assert parse_version("1.0.0-rc.1").key == parse_version("1.0.0rc1").key
    assert parse_version("v1.2.0").key == parse_version("1.2").key


@pytest.mark.parametrize(
    ("text", "prerelease"),
    [
        ("1.0.0", False),
        ("1.0.0-rc.1", True),
        ("2.0b3", True),
        ("1.0.dev0", True),
        ("1.0.post2", False),
    ],
)
def test_prerelease_flag(text: str, prerelease: bool) -> None:
    assert parse_version(text).prerelease is prerelease


@pytest.mark.parametrize(
    "text",
    # The long ones: int() refused numbers of more than 4,300 digits with ValueError.
    ["", " ", "latest", "1.x", "abc", "1..2", "01.2.3-", "9" * 5000, "1.0.0-" + "9" * 5000],
    ids=["empty", "blank", "latest", "x", "abc", "dots", "dash", "long", "long-prerelease"],
)
def test_rejects_non_versions(text: str) -> None:
    with pytest.raises(InvalidVersion):
        parse_version(text)
    assert not is_version(text)


@pytest.mark.parametrize("text", ["1.0.0", "v2.1", "2026.9.0", "1.0.0-rc.1", "0.0.1.dev3"])
def test_is_version_of_versions(text: str) -> None:
    assert is_version(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [("1.0.0-rc.1", True), ("2.0b3", True), ("1.0.0", False), ("latest", False), ("", False)],
)
def test_is_prerelease_is_false_for_non_versions(text: str, expected: bool) -> None:
    from schemas.versions import is_prerelease

    assert is_prerelease(text) is expected
