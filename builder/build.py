"""Run a whole build: compile every version, write the site into staging, then swap it in.

This module alone knows the order of the stages. The output directory is replaced only when
everything succeeded, so an interrupted or failed build leaves the previous site untouched.
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import orjson

from builder.config import CatalogConfig, ImportConfig, LibraryConfig, VersionConfig
from builder.errors import BuildError, IndexInvalid, StrictWarnings
from builder.index import VolumeSource, entry_skeleton, write_index
from builder.model import SkippedFile, Warning_
from builder.volumes import VersionResult, compile_directory_version, count_version_files
from schemas import INDEX_FORMAT
from schemas.index_rules import index_problems, volume_problems
from schemas.versions import sort_newest_first

INDEX_FILE = "index.json"


@dataclass(frozen=True)
class VersionSummary:
    """One line of the build report."""

    library_id: str
    version: str
    origin: str  # "directory" or the name of the index file it was taken from
    files_read: int
    skipped: tuple[SkippedFile, ...]
    sections: int
    source_bytes: int


@dataclass
class BuildReport:
    out: Path
    versions: list[VersionSummary] = field(default_factory=list)
    imported_entries: list[str] = field(default_factory=list)
    warnings: list[Warning_] = field(default_factory=list)
    seconds: float = 0.0
    index_bytes: int = 0

    @property
    def source_bytes(self) -> int:
        return sum(v.source_bytes for v in self.versions)


def timestamp_from_environment(explicit: str | None = None) -> str | None:
    """The index's updatedAt: an explicit value, else SOURCE_DATE_EPOCH, else none at all,
    so that two builds of the same inputs stay byte-identical."""
    if explicit == "now":
        moment = datetime.now(UTC)
    elif explicit:
        return explicit
    elif os.environ.get("SOURCE_DATE_EPOCH", "").strip():
        raw = os.environ["SOURCE_DATE_EPOCH"].strip()
        if not raw.isdigit():
            raise BuildError(f"SOURCE_DATE_EPOCH must be whole seconds since 1970, not {raw!r}")
        moment = datetime.fromtimestamp(int(raw), UTC)
    else:
        return None
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def count_files(config: CatalogConfig) -> int:
    return sum(count_version_files(v) for lib in config.libraries for v in lib.versions)


def _load_json(path: Path) -> Any:
    return orjson.loads(path.read_bytes())


def _imported_volume(version: VersionConfig, library_id: str) -> bytes:
    if version.index is None:
        raise ValueError("not an imported version")
    document = _load_json(version.index)
    entry_id = version.entry or library_id
    entry = next(e for e in document["entries"] if e["id"] == entry_id)
    volume: bytes = orjson.dumps(entry["volumes"][version.version], option=orjson.OPT_SORT_KEYS)
    return volume


def _imported_entries(spec: ImportConfig) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = _load_json(spec.index)["entries"]
    return [e for e in entries if not spec.only or e["id"] in spec.only]


def _check_volume(volume: bytes, where: str) -> None:
    problems = volume_problems(orjson.loads(volume), where)
    if problems:
        raise IndexInvalid(f"the volume of {where}", [str(p) for p in problems])


class _Staging:
    """A sibling directory that becomes the output only on success."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.path = out.parent / f".{out.name}.staging-{os.getpid()}"
        self.work = self.path / ".work"

    def __enter__(self) -> _Staging:
        _refuse_foreign_output(self.out)
        shutil.rmtree(self.path, ignore_errors=True)
        self.work.mkdir(parents=True)
        return self

    def __exit__(self, *exc_info: object) -> None:
        shutil.rmtree(self.path, ignore_errors=True)

    def publish(self) -> None:
        shutil.rmtree(self.work)
        old = self.out.parent / f".{self.out.name}.old-{os.getpid()}"
        if self.out.exists():
            os.replace(self.out, old)
        os.replace(self.path, self.out)
        shutil.rmtree(old, ignore_errors=True)


def _refuse_foreign_output(out: Path) -> None:
    """Only an empty directory or an earlier doctrove site may be replaced."""
    if not out.exists():
        return
    if not out.is_dir():
        raise BuildError(f"{out} exists and is not a directory; choose another --out")
    if any(out.iterdir()) and not (out / INDEX_FILE).is_file():
        raise BuildError(f"{out} is not empty and holds no {INDEX_FILE} from an earlier build; "
                         "refusing to replace it (choose an empty or new --out directory)")


def build_site(
    config: CatalogConfig,
    out: Path,
    *,
    strict: bool = False,
    updated_at: str | None = None,
    on_file: Callable[[str], None] | None = None,
) -> BuildReport:
    """Build the site for ``config`` into ``out``; return the report of what was done."""
    started = time.perf_counter()
    report = BuildReport(out)
    with _Staging(out) as staging:
        entries: list[tuple[dict[str, Any], dict[str, VolumeSource]]] = []
        for library in sorted(config.libraries, key=lambda lib: lib.id):
            entries.append(_compile_library(config, library, staging.work, report, on_file))
        for spec in config.imports:
            for entry in _imported_entries(spec):
                skeleton = {k: v for k, v in entry.items() if k != "volumes"}
                volumes = {k: orjson.dumps(v, option=orjson.OPT_SORT_KEYS)
                           for k, v in entry["volumes"].items()}
                entries.append((skeleton, dict(volumes)))
                report.imported_entries.append(entry["id"])
        entries.sort(key=lambda item: str(item[0]["id"]))
        _check_skeletons(entries)
        if strict and report.warnings:
            raise StrictWarnings(f"--strict: the build produced {len(report.warnings)} "
                                 "warning(s); nothing was written")
        index_path = staging.path / INDEX_FILE
        with index_path.open("wb") as handle:
            write_index(handle, entries, updated_at)
        report.index_bytes = index_path.stat().st_size
        staging.publish()
    report.seconds = time.perf_counter() - started
    return report


def _compile_library(
    config: CatalogConfig,
    library: LibraryConfig,
    work: Path,
    report: BuildReport,
    on_file: Callable[[str], None] | None,
) -> tuple[dict[str, Any], dict[str, VolumeSource]]:
    volumes: dict[str, VolumeSource] = {}
    for version in library.versions:
        where = f"{library.id} {version.version}"
        if version.directory is not None:
            result = compile_directory_version(config.site, library, version, on_file)
            volume = result.volume_bytes()
            origin = "directory"
        else:
            volume = _imported_volume(version, library.id)
            result = VersionResult(library.id, version.version, version.summary)
            origin = version.index.name if version.index else "index"
        _check_volume(volume, where)
        fragment = work / f"{len(os.listdir(work))}.json"
        fragment.write_bytes(volume)
        volumes[version.version] = fragment
        report.warnings.extend(result.warnings)
        sections = result.section_count or len(orjson.loads(volume)["sections"])
        report.versions.append(VersionSummary(
            library.id, version.version, origin, result.files_read, tuple(result.skipped),
            sections, result.source_bytes,
        ))
    skeleton = entry_skeleton(
        library_id=library.id, name=library.name, summary=library.summary,
        aliases=library.aliases, homepage=library.homepage, popularity=library.popularity,
        packages=library.packages, versions=sort_newest_first([v.version for v in library.versions]),
    )
    return skeleton, volumes


def _check_skeletons(entries: list[tuple[dict[str, Any], dict[str, VolumeSource]]]) -> None:
    """Check every rule above the volume level (volumes were checked one by one)."""
    document = {
        "format": INDEX_FORMAT,
        "entries": [{**skeleton, "volumes": {v: {"sections": []} for v in volumes}}
                    for skeleton, volumes in entries],
    }
    problems = index_problems(document)
    if problems:
        raise IndexInvalid("the assembled index", [str(p) for p in problems])
