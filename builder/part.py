"""A partial site (``docbuild build --only``): its manifest, written and read back, and the
checks that let ``docbuild merge`` put several parts together.

A part holds the per-version outputs of some libraries at their places in the site (shards,
version pages, vector sidecars) and, under ``doctrove-part/``, what the whole-site stages need
to run again over all parts: each built entry's skeleton and, per version, its volume (the
version's fragment of index.json), shard, pages and vectors. No whole-site file is in a part;
the merge writes them all with the same stages a one-machine build runs.

A part also records what decides its bytes beyond its own libraries (builder version, site
config, templates, tokenizer, search box, timestamp) and the catalog's whole list of ids, so a
merge refuses parts that would not make the site one build would.
"""

from __future__ import annotations

import hashlib
import shutil
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import msgspec
import orjson

from builder.config import CatalogConfig, SiteConfig
from builder.embeddings import VectorsInfo
from builder.errors import BuildError
from builder.pages import VersionPages
from builder.shards import ShardInfo
from builder.stages.imported import imported_entries
from builder.stages.read import count_version_files

PART_FOLDER = "doctrove-part"
MANIFEST_FILE = "part.json"
VOLUMES_FOLDER = "volumes"
# A new number whenever a manifest's fields change (@2: the origin's index_limit), so that a
# part of an older docbuild is told as such, not as damaged.
PART_FORMAT = "doctrove-part@2"
# A string this long in a part's origin is a hash; an error shows only its start.
FINGERPRINT_CHARS = 40


class PartError(BuildError):
    """A folder is not a part, or parts cannot be merged into one site."""

    code = "part"


@dataclass(frozen=True)
class PartVersion:
    """One version as the part built it; ``volume`` is relative to the part's folder."""

    version: str
    volume: str
    shard: ShardInfo
    pages: VersionPages
    vectors: VectorsInfo | None


@dataclass(frozen=True)
class PartEntry:
    """A library of the part: its index entry without volumes, and its built versions."""

    skeleton: dict[str, Any]
    versions: tuple[PartVersion, ...]


@dataclass(frozen=True)
class PartOrigin:
    """What must be equal in every part of one site: whatever else shapes its bytes."""

    builder_version: str
    catalog_sha256: str  # of the catalog file: the same commit's docbuild.toml on every machine
    site: SiteConfig
    templates: str  # the templates' fingerprint
    tokenizer: str
    site_search: bool  # whether the pages carry the search box
    updated_at: str | None
    catalog_ids: tuple[str, ...]  # every library id of the catalog, imports included
    index_limit: int  # bytes: a doctrove-index@1 file is written only up to this size


@dataclass(frozen=True)
class PartManifest:
    format: str
    origin: PartOrigin
    entries: tuple[PartEntry, ...]


@dataclass(frozen=True)
class Part:
    """A part read back: its folder and manifest."""

    folder: Path
    manifest: PartManifest

    def volume_path(self, version: PartVersion) -> Path:
        return self.folder / PART_FOLDER / version.volume


def split_catalog(weights: Mapping[str, int], count: int) -> list[list[str]]:
    """``count`` groups of library ids (fewer when there are fewer libraries) with about the
    same weight each: the heaviest library goes first, each to the lightest group so far."""
    groups: list[tuple[int, int, list[str]]] = [(0, i, []) for i in range(min(count, len(weights)))]
    for library_id in sorted(weights, key=lambda i: (-weights[i], i)):
        weight, index, ids = min(groups)
        ids.append(library_id)
        groups[index] = (weight + max(weights[library_id], 1), index, ids)
    return [sorted(ids) for _, _, ids in groups]


def refuse_unknown_ids(only: frozenset[str], catalog_ids: tuple[str, ...]) -> None:
    unknown = sorted(only - set(catalog_ids))
    if unknown:
        raise PartError(
            f"--only names {', '.join(map(repr, unknown))}, not in the catalog; its ids are "
            + ", ".join(catalog_ids[:30])
            + (" …" if len(catalog_ids) > 30 else "")
        )
    if not only:
        raise PartError("--only needs at least one library id")


def library_weights(config: CatalogConfig) -> dict[str, int]:
    """Each library id of the catalog (imports included) with the files its versions read, or
    for an imported entry its volumes: what splitting a build into parts balances."""
    weights = {
        library.id: sum(count_version_files(v) for v in library.versions)
        for library in config.libraries
    }
    for spec in config.imports:
        for entry in imported_entries(spec):
            weights[str(entry["id"])] = len(entry["volumes"])
    return weights


def is_part(folder: Path) -> bool:
    return (folder / PART_FOLDER / MANIFEST_FILE).is_file()


def volume_name(library_id: str, version: str) -> str:
    """A volume's file name in the part that any id and version string can take."""
    digest = hashlib.sha256(f"{library_id}\0{version}".encode()).hexdigest()[:16]
    return f"{VOLUMES_FOLDER}/{digest}.json"


def write_part(
    site_dir: Path, origin: PartOrigin, entries: list[tuple[PartEntry, list[Path]]]
) -> None:
    """Write the manifest and copy each version's volume (``entries`` pairs an entry with its
    versions' volume files, in the order of ``entry.versions``)."""
    folder = site_dir / PART_FOLDER
    (folder / VOLUMES_FOLDER).mkdir(parents=True)
    for entry, volumes in entries:
        for version, volume in zip(entry.versions, volumes, strict=True):
            shutil.copyfile(volume, folder / version.volume)
    manifest = PartManifest(PART_FORMAT, origin, tuple(entry for entry, _ in entries))
    (folder / MANIFEST_FILE).write_bytes(
        orjson.dumps(asdict(manifest), option=orjson.OPT_SORT_KEYS)
    )


def read_part(folder: Path) -> Part:
    path = folder / PART_FOLDER / MANIFEST_FILE
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise PartError(
            f"{folder} is not a part: it has no {PART_FOLDER}/{MANIFEST_FILE} "
            "(build one with docbuild build --only ID)"
        ) from None
    except OSError as exc:
        raise PartError(f"cannot read {path}: {exc}") from exc
    try:
        loaded = orjson.loads(raw)
        if not isinstance(loaded, dict) or loaded.get("format") != PART_FORMAT:
            found = loaded.get("format") if isinstance(loaded, dict) else None
            raise PartError(
                f"{path} is format {found!r}, this docbuild reads {PART_FORMAT}: "
                "rebuild the part with this docbuild"
            )
        manifest = msgspec.convert(loaded, PartManifest)
    except (orjson.JSONDecodeError, msgspec.ValidationError) as exc:
        raise PartError(f"{path} is damaged ({exc}); rebuild the part with this docbuild") from exc
    return Part(folder, manifest)


def check_parts(parts: list[Part]) -> None:
    """Refuse parts built differently, a library built twice, or a catalog left incomplete."""
    if not parts:
        raise PartError("no parts to merge")
    first = parts[0]
    for part in parts[1:]:
        differences = _differences(first.manifest.origin, part.manifest.origin)
        if differences:
            raise PartError(
                f"{part.folder} was built differently from {first.folder}: "
                + "; ".join(differences)
                + ". Build every part from the same commit, catalog and options"
            )
    built: dict[str, Path] = {}
    for part in parts:
        for entry in part.manifest.entries:
            library_id = str(entry.skeleton["id"])
            if library_id in built:
                raise PartError(
                    f"library {library_id!r} is in two parts, {built[library_id]} and "
                    f"{part.folder}; give each library to one --only"
                )
            built[library_id] = part.folder
    missing = sorted(set(first.manifest.origin.catalog_ids) - set(built))
    if missing:
        raise PartError(
            f"the parts lack {len(missing)} of the catalog's libraries: {', '.join(missing[:20])}"
            + (" …" if len(missing) > 20 else "")
            + "; build them into another part"
        )


def _differences(expected: PartOrigin, found: PartOrigin) -> list[str]:
    names = {
        "builder_version": "builder version",
        "catalog_sha256": "catalog file (sha256)",
        "site": "[site] settings",
        "templates": "templates",
        "tokenizer": "tokenizer",
        "site_search": "search box (--site-search)",
        "updated_at": "timestamp (--timestamp or SOURCE_DATE_EPOCH)",
        "catalog_ids": "catalog's libraries",
        "index_limit": "index.json limit (--index-limit-mb)",
    }
    differences = []
    for field, label in names.items():
        mine, theirs = getattr(found, field), getattr(expected, field)
        if mine != theirs:
            differences.append(f"{label} {_shown(mine)} instead of {_shown(theirs)}")
    return differences


def _shown(value: object) -> str:
    if isinstance(value, tuple):
        return f"({len(value)} ids)"
    if isinstance(value, SiteConfig):
        return repr(asdict(value))
    if isinstance(value, str) and len(value) >= FINGERPRINT_CHARS:
        return value[:12] + "…"  # a fingerprint: its start tells two apart
    return repr(value)
