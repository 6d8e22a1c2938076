"""Merge partial sites (``docbuild build --only``) into one site: each part's per-version files
are linked into place, then the build's whole-site stages (``builder.pipeline.write_whole_site``)
run over every part's entries, so the merged site has the bytes a one-machine build has.
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from builder import __version__
from builder.cached_stages import templates_fingerprint
from builder.finish import SiteContext, check_entries, write_whole_site
from builder.lock import OutputLock
from builder.pages import make_environment
from builder.part import PART_FOLDER, Part, PartEntry, PartError, check_parts, read_part
from builder.progress import BuildProgress
from builder.report import index_left_out_line
from builder.site_indexes import IndexFiles
from builder.site_search import INSTALL_HINT, SearchIndexInfo, SiteSearchError
from builder.site_size import SiteSize, measure_site
from builder.stages.site_files import BuiltEntry
from builder.staging import Staging


@dataclass(frozen=True)
class MergeReport:
    out: Path
    parts: int
    libraries: int
    versions: int
    seconds: float
    size: SiteSize
    site_search: SearchIndexInfo | None
    indexes: IndexFiles
    base_url: str

    def index_line(self) -> str:
        """What to give a doctrove client, as a build's report says it."""
        indexes = self.indexes
        if indexes.whole_written or not indexes.library_bytes:
            return f"doctrove clients: {self.base_url}index.json"
        left_out = set(indexes.left_out)
        return index_left_out_line(
            indexes.whole_bytes,
            [(i, size) for i, size in indexes.library_bytes if i in left_out],
            every_library=len(left_out) == len(indexes.library_bytes),
            index_url=f"{self.base_url}libs/<id>/index.json",
        )


def merge_sites(
    part_folders: Sequence[Path],
    out: Path,
    *,
    pagefind: Path | None = None,
    budget_bytes: int | None = None,
    progress: BuildProgress | None = None,
) -> MergeReport:
    """Write the site of every part into ``out``; ``pagefind`` is needed when the parts' pages
    carry the search box (they were built with it)."""
    started = time.perf_counter()
    parts = [read_part(folder) for folder in part_folders]
    check_parts(parts)
    origin = parts[0].manifest.origin
    env = make_environment(site_search=origin.site_search)
    templates = templates_fingerprint(env)
    if (origin.builder_version, origin.templates) != (__version__, templates):
        raise PartError(
            f"the parts were built by docbuild {origin.builder_version} (templates "
            f"{origin.templates[:12]}), this is {__version__} (templates {templates[:12]}); "
            "merge with the docbuild that built them"
        )
    if origin.site_search and pagefind is None:
        raise SiteSearchError(
            f"the parts have the search box, so merging needs Pagefind: {INSTALL_HINT}"
        )
    progress = progress or BuildProgress()
    out.parent.mkdir(parents=True, exist_ok=True)
    with OutputLock(out), Staging(out) as staging:
        context = SiteContext(origin.site, env, progress, staging.path, origin.index_limit)
        for part in parts:
            _link_part_files(part.folder, staging.path)
        entries = check_entries(
            _built_entry(part, entry) for part in parts for entry in part.manifest.entries
        )
        outputs = {
            (str(entry.skeleton["id"]), v.version): (v.shard, v.vectors)
            for part in parts
            for entry in part.manifest.entries
            for v in entry.versions
        }
        site_files, searched = write_whole_site(
            context, entries, outputs, origin.updated_at, pagefind if origin.site_search else None
        )
        size = measure_site(staging.path)
        size.enforce(budget_bytes)
        staging.publish()
    return MergeReport(
        out,
        parts=len(parts),
        libraries=len(entries),
        versions=len(outputs),
        seconds=time.perf_counter() - started,
        size=size,
        site_search=searched,
        indexes=site_files.indexes,
        base_url=origin.site.base_url,
    )


def _built_entry(part: Part, entry: PartEntry) -> BuiltEntry:
    by_version = {version.version: version for version in entry.versions}
    return BuiltEntry(
        entry.skeleton,
        tuple((v.version, part.volume_path(v)) for v in entry.versions),
        tuple(by_version[v].pages for v in entry.skeleton["versions"]),
    )


def _link_part_files(part: Path, site_dir: Path) -> None:
    """Hard-link (else copy) every per-version file of a part to its place in the site."""
    for path in sorted(part.rglob("*")):
        relative = path.relative_to(part)
        if relative.parts[0] == PART_FOLDER or not path.is_file():
            continue
        target = site_dir / relative
        if target.exists():
            raise PartError(f"{relative.as_posix()} is in two parts (one is {part}); rebuild them")
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            os.link(path, target)
        except OSError:
            shutil.copyfile(path, target)


__all__ = ["MergeReport", "merge_sites"]
