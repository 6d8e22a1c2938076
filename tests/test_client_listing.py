"""client.listing: docclient list, every library with its versions and where each comes from."""

from client.listing import library_list, render_list
from client.model import CatalogEntry, Provenance

TEAM = "https://team.example/docs/"
PUBLIC = "https://public.example/"


def remote(url: str) -> Provenance:
    return Provenance("remote", url, "2027-01-15T08:00:00Z", False, None, None)


def entry(library_id: str, versions: tuple[str, ...], served: dict[str, str]) -> CatalogEntry:
    return CatalogEntry(
        id=library_id,
        name=library_id.title(),
        summary="",
        aliases=(),
        packages=(),
        popularity=0.0,
        homepage=None,
        versions=versions,
        shards={},
        provenance=remote(TEAM),
        served={version: remote(url) for version, url in served.items()},
    )


def test_versions_served_by_another_site_are_listed_with_it() -> None:
    # Two sites merged: 3.21.3 came from the public one, and the listing named only the team's
    # ("2 libraries from remote:https://team.example/docs/"), as if it served every version.
    answer = library_list(
        [
            entry("marshmallow", ("3.23.0", "3.21.3"), {"3.23.0": TEAM, "3.21.3": PUBLIC}),
            entry("commander", ("12.1.0",), {"12.1.0": TEAM}),
        ]
    )
    assert answer["sources"] == [f"remote:{PUBLIC}", f"remote:{TEAM}"]
    marshmallow = answer["libraries"][1]
    assert marshmallow["versionSources"] == {
        "3.23.0": f"remote:{TEAM}",
        "3.21.3": f"remote:{PUBLIC}",
    }
    assert render_list(answer).splitlines() == [
        f"2 libraries from remote:{PUBLIC}, remote:{TEAM}:",
        f"commander    Commander: latest 12.1.0; versions 12.1.0  [remote:{TEAM}]",
        "marshmallow  Marshmallow: latest 3.23.0; versions 3.23.0, 3.21.3  "
        f"[3.23.0 remote:{TEAM}; 3.21.3 remote:{PUBLIC}]",
    ]


def test_one_source_is_named_once() -> None:
    answer = library_list([entry("commander", ("12.1.0",), {})])
    assert answer["sources"] == [f"remote:{TEAM}"]
    assert render_list(answer).splitlines() == [
        f"1 library from remote:{TEAM}:",
        "commander  Commander: latest 12.1.0; versions 12.1.0",
    ]
