"""Merging the sources' entries by version, with literal layers."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from client.catalog_loader import Layer
from client.merge import merge_layers, newest_first
from client.model import CatalogEntry, Fallback, Provenance, ShardRef

PRIVATE = "https://private.example/"
PUBLIC = "https://public.example/"


def shard(name: str) -> ShardRef:
    return ShardRef(f"shards/{name}.sqlite.gz", name.ljust(64, "0"), 1, 1, 1)


def layer(source: str, kind: str, *entries: tuple[str, str, tuple[str, ...]]) -> Layer:
    provenance = Provenance(kind, source, None, kind == "disk", None, None)
    made = tuple(
        CatalogEntry(
            entry_id,
            name,
            "",
            (),
            (),
            0.0,
            None,
            versions,
            {v: shard(f"{source[8:15]}{v}") for v in versions},
            provenance,
        )
        for entry_id, name, versions in entries
    )
    return Layer(kind, source, "catalog", "0" * 64, made, provenance, Path("x"), None, None)


def test_a_version_comes_from_the_first_source_that_has_it() -> None:
    private = layer(PRIVATE, "remote", ("werkzeug", "Werkzeug fork", ("3.2.0", "3.1.3")))
    public = layer(
        PUBLIC,
        "remote",
        ("werkzeug", "Werkzeug", ("3.1.3", "2.3.8")),
        ("flask", "Flask", ("3.1.0",)),
    )
    merged = merge_layers([private, public], [None, None])
    assert list(merged) == ["werkzeug", "flask"]
    werkzeug = merged["werkzeug"]
    assert (werkzeug.entry.name, werkzeug.entry.versions) == (
        "Werkzeug fork",
        ("3.2.0", "3.1.3", "2.3.8"),
    )
    sources = {v: werkzeug.entry.provenance_of(v).source for v in werkzeug.entry.versions}
    assert sources == {"3.2.0": PRIVATE, "3.1.3": PRIVATE, "2.3.8": PUBLIC}
    assert werkzeug.entry.shards["2.3.8"] == public.entries[0].shards["2.3.8"]
    assert werkzeug.entry.shards["3.1.3"] == private.entries[0].shards["3.1.3"]
    served = {v: werkzeug.server(v) for v in ("3.1.3", "2.3.8", "1.0.0")}
    assert served == {
        "3.1.3": (private.entries[0], private),
        "2.3.8": (public.entries[0], public),
        "1.0.0": None,
    }
    # An id only one source lists is that source's entry as it is.
    assert merged["flask"].entry is public.entries[1]


def test_a_fallback_is_stamped_on_what_its_layer_serves() -> None:
    why = Fallback(PRIVATE, "HTTP 503", "2026-01-01T00:00:00Z")
    disk = layer(PRIVATE, "disk", ("werkzeug", "Werkzeug fork", ("3.2.0",)))
    public = layer(PUBLIC, "remote", ("werkzeug", "Werkzeug", ("2.3.8",)))
    entry = merge_layers([disk, public], [why, None])["werkzeug"].entry
    assert entry.provenance_of("3.2.0").fallback == why
    assert entry.provenance_of("2.3.8").fallback is None
    assert entry.provenance.fallback == why


def test_versions_are_ordered_newest_first_whatever_their_spelling() -> None:
    spelled = ["2.3.8", "3.0.0rc1", "10.0", "3.0.0", "not-a-version", "3.0.0-beta.1"]
    assert newest_first(spelled) == (
        "10.0",
        "3.0.0",
        "3.0.0rc1",
        "3.0.0-beta.1",
        "2.3.8",
        "not-a-version",
    )


def test_each_version_keeps_the_volume_summary_of_the_source_serving_it() -> None:
    private = layer(PRIVATE, "remote", ("werkzeug", "Werkzeug fork", ("3.2.0", "3.1.3")))
    public = layer(PUBLIC, "remote", ("werkzeug", "Werkzeug", ("3.1.3", "2.3.8")))
    private = replace(
        private,
        entries=(replace(private.entries[0], volume_summaries={"3.2.0": "fork", "3.1.3": "ours"}),),
    )
    public = replace(
        public,
        entries=(replace(public.entries[0], volume_summaries={"3.1.3": "theirs", "2.3.8": "old"}),),
    )
    merged = merge_layers([private, public], [None, None])["werkzeug"].entry
    assert merged.volume_summaries == {"3.2.0": "fork", "3.1.3": "ours", "2.3.8": "old"}
