"""What a build did, for the report a user reads: a line per version, and the totals."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from builder.embeddings import VectorsInfo
from builder.errors import StrictWarnings
from builder.model import SkippedFile, Warning_
from builder.sections import MAX_NEAR_EMPTY_SHARE
from builder.shards import ShardInfo
from builder.site_search import SearchIndexInfo
from builder.site_size import SiteSize
from schemas.shards import NEAR_EMPTY_CHARS

NEAR_EMPTY_ADVICE = (
    "if they are API entries that only name an object (autodoc with no code to read), point "
    "the version's source_dir at the package's code so its API docs are generated; "
    "else exclude those pages"
)
# A git or archive version takes no source_dir: its code is read from its own tree.
_TREE_ADVICE = (
    "if they are API entries that only name an object (autodoc with no code to read), the "
    "code is read from the {tree} itself (src/, beside the docs, or where a Sphinx conf.py's "
    "sys.path or mkdocstrings' paths put it): check that it holds the package; else exclude "
    "those pages"
)
_TREES = {"git": "tag's tree", "archive": "archive"}
# Built HTML (a Debian *-doc package, a downloaded _build/html) is read as it was written: no
# code is read for it, so source_dir changes nothing.
_BUILT_HTML_ADVICE = (
    "they are entries the built HTML itself gives no text (autodoc's :undoc-members:, say), "
    "and no source_dir changes them: exclude those pages, or build the version from the docs' "
    "sources with the package's code beside them"
)
_HTML_PAGES = (".html", ".htm", ".xhtml")


def near_empty_advice(origin: str, pages: Iterable[str] = ()) -> str:
    """What to do about a version whose sections say next to nothing, by where it came from
    (VersionSummary.origin) and the pages that hold them."""
    pages = list(pages)
    if pages and all(page.lower().endswith(_HTML_PAGES) for page in pages):
        return _BUILT_HTML_ADVICE
    tree = _TREES.get(origin)
    return _TREE_ADVICE.format(tree=tree) if tree else NEAR_EMPTY_ADVICE


@dataclass(frozen=True)
class VersionSummary:
    """One line of the build report."""

    library_id: str
    version: str
    origin: str  # "directory", "git", "archive" or the name of the index file it was taken from
    files_read: int
    skipped: tuple[SkippedFile, ...]
    sections: int
    source_bytes: int
    shard: ShardInfo
    source: str = ""  # where the files came from: a directory, git repo@ref, an archive
    project: str = ""  # the documentation tool detected (builder.projects), for compiled versions
    project_notes: tuple[str, ...] = ()
    empty_sections: int = 0  # dropped for having nothing to say
    # Pages holding sections with a body under NEAR_EMPTY_CHARS, and how many: most first.
    near_empty_pages: tuple[tuple[str, int], ...] = ()
    api: str = ""  # where generated API docs came from, or which directive had no code

    @property
    def near_empty(self) -> int:
        return sum(count for _, count in self.near_empty_pages)

    def near_empty_problem(self) -> str | None:
        """How many sections say next to nothing and where, when that is too many."""
        if self.near_empty <= self.sections * MAX_NEAR_EMPTY_SHARE:
            return None
        worst = ", ".join(f"{page} ({count})" for page, count in self.near_empty_pages[:3])
        return (
            f"{self.library_id} {self.version} has {self.near_empty} of {self.sections}, "
            f"most on {worst}"
        )


@dataclass
class BuildReport:
    out: Path
    versions: list[VersionSummary] = field(default_factory=list)
    imported_entries: list[str] = field(default_factory=list)
    warnings: list[Warning_] = field(default_factory=list)
    seconds: float = 0.0
    index_bytes: int = 0  # the whole-site index.json; 0 when it was left out for its size
    whole_index_bytes: int = 0  # what the whole-site index.json is or would have been
    # (id, bytes) of each library whose own index.json passed --index-limit-mb, left out
    library_indexes_left_out: tuple[tuple[str, int], ...] = ()
    base_url: str = ""
    catalog_bytes: int = 0
    size: SiteSize | None = None
    cache_hits: int = 0
    cache_misses: int = 0
    cache_unwritable: str | None = None  # why the build cache could not keep an entry
    site_search: SearchIndexInfo | None = None  # what Pagefind indexed, when it ran
    vectors: list[VectorsInfo] = field(default_factory=list)  # the sidecars, when embedding
    part: bool = False  # built with --only: per-version files and a part manifest, for merge

    def index_url(self) -> str:
        """The URL a doctrove client should be given: the whole index, or while that is left
        out for its size, each library's own (with ``<id>`` to fill in)."""
        if self.index_bytes or not self.versions:
            return f"{self.base_url}index.json"
        return f"{self.base_url}libs/<id>/index.json"

    def library_ids(self) -> set[str]:
        """The libraries of the site: those built and those imported from an index file."""
        return {v.library_id for v in self.versions} | set(self.imported_entries)

    @property
    def source_bytes(self) -> int:
        return sum(v.source_bytes for v in self.versions)


def refuse_warnings_when_strict(
    strict: bool, versions: list[VersionSummary], warnings: tuple[Warning_, ...]
) -> None:
    """Under --strict, a version that says next to nothing or any warning stops the build."""
    if not strict:
        return
    thin = [problem for v in versions if (problem := v.near_empty_problem())]
    if thin:
        thin_versions = [v for v in versions if v.near_empty_problem()]
        origins = {v.origin for v in thin_versions}
        advice = near_empty_advice(
            origins.pop() if len(origins) == 1 else "",
            (page for v in thin_versions for page, _ in v.near_empty_pages),
        )
        raise StrictWarnings(
            f"--strict: more than {MAX_NEAR_EMPTY_SHARE:.0%} of a version's sections are API "
            f"entries of under {NEAR_EMPTY_CHARS} characters: {'; '.join(thin)}. "
            f"{advice[0].upper()}{advice[1:]}. Nothing was written"
        )
    if warnings:
        raise StrictWarnings(
            f"--strict: the build produced {len(warnings)} warning(s); nothing was written"
        )
