"""The build cache around the stages: each wrapper computes the key of everything a stage's
output depends on, returns the kept output when there is one, and else runs the stage and keeps
what it made. The stages themselves never see the cache.

    compile   a whole unchanged version comes back without reading a file; else each
              unchanged file's records do (parse)
    check     a volume taken from an index is checked once per content
    shard     the shard file and its description, by the volume's hash (builder.cached_shard)
    vectors   the embeddings sidecar and its description, by the model and the volume's hash
    pages     the rendered pages and their summary, by the volume, entry, site and templates;
              else each page, by its records and the same settings, from one list of the
              version's files (builder.cached_page_files) and one of its pages' headings
              (builder.cached_views)

A stage that writes a folder is kept whole (builder.cached_trees). A build without a cache
(``BuildCache(None)``) makes no keys: nothing is read or hashed for them (every source twice,
each page's records and view: 120 MB of sha256 and a second read of 47 MB on the Python docs).
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

import jinja2
import orjson

from builder.api.locate import open_source
from builder.cache import BuildCache, cache_key, holds_undecodable_name
from builder.cached_file_records import file_records_payload, kept_records
from builder.cached_page_files import KeptFiles
from builder.cached_trees import tree_cached
from builder.cached_views import KeptViews
from builder.config import LibraryConfig, SiteConfig, VersionConfig
from builder.embeddings import VectorsInfo, VectorsStage
from builder.includes import IncludedNow, IncludeRoot
from builder.model import (
    CompiledVersion,
    FileRecords,
    SkippedFile,
    SourceFile,
    Warning_,
    encoded_records_digest,
)
from builder.pages import (
    PageCache,
    PageSummary,
    VersionPages,
    render_each,
    render_version,
)
from builder.parsers.office import OFFICE_SUFFIXES, reader_version
from builder.parsers.reference_titles import ReferenceTitles
from builder.projects import ProjectLayout
from builder.reference_scan import scan_version
from builder.source_digests import FileDigest, source_digests
from builder.sources import MAX_FILE_BYTES, Candidate, read_source
from builder.stages.compile import FileDone, compile_version, most_first
from builder.stages.parse import ParseStep, parse_to_records
from builder.stages.parse_workers import Reading
from builder.stages.read import VersionFiles
from builder.stages.volume import WrittenVolume, check_volume
from schemas.vectors import VECTORS_FORMAT

# The suffix of a version's key that its volume's file is kept under (``keep_volume``).
VOLUME_FILE = "-volume-file"


def compile_version_cached(
    cache: BuildCache,
    site: SiteConfig,
    library: LibraryConfig,
    files: VersionFiles,
    on_file: FileDone | None = None,
    jobs: int = 1,
) -> CompiledVersion:
    """``compile_version``, or the version as the cache kept it when nothing it depends on
    changed (its files' bytes, its config, the site's base URL, its code, the builder); files
    that must be parsed are parsed by ``jobs`` processes."""
    version = files.version
    code_hash = files.code.fingerprint if files.code else ""
    includes = files.includes
    if cache.root is None:
        return _compile_uncached(site, library, files, on_file, jobs)
    key, hashes = _version_key(
        cache, site, library, version, files.listing.candidates, files.layout, code_hash, includes
    )
    file_keys = {
        relpath: _file_key(site, library, version, relpath, digest.sha256, files)
        for relpath, digest in hashes.items()
    }
    kept = cache.load(key) if key else None
    included = IncludedNow(includes)
    if kept is not None and not included.unchanged(kept.get("included")):
        kept = None  # a file some page includes changed: those pages are parsed again
    volume = cache.load_file(key + VOLUME_FILE) if key and kept is not None else None
    if kept is not None and volume is not None:
        # The per-file entries stay wanted: the next edit to one file reuses the others.
        cache.used.update(file_keys.values())
        cache.used.update(cache_key(k, code_hash) for k in file_keys.values())
        for candidate in files.listing.candidates:
            if on_file is not None:
                on_file(candidate.relpath)
        return _compiled_from_cache(library, files, kept, volume)
    # Made only here: a version the cache keeps whole opens no code and scans no page again.
    references, parse = _parse_step(site, library, files)
    file_key = functools.partial(_file_key, site, library, version, files=files)
    cached = _CachedFiles(cache, file_keys, hashes, file_key, code_hash, included, references)
    compiled = compile_version(library, files, Reading(read_source, parse, cached), on_file, jobs)
    if key and cache.root is not None:
        # The volume itself is kept once written (``keep_volume``): linked, not copied.
        compiled = replace(compiled, volume_key=key + VOLUME_FILE)
        cache.store(
            key,
            {
                "files_read": compiled.files_read,
                "source_bytes": compiled.source_bytes,
                "sections": compiled.section_count,
                "skipped": [[s.relpath, s.reason] for s in compiled.skipped],
                "warnings": [[w.where, w.message] for w in compiled.warnings],
                "empty_sections": compiled.empty_sections,
                "near_empty_pages": dict(compiled.near_empty_pages),
                "api_note": compiled.api_note,
                "included": [list(item) for item in compiled.included],
            },
        )
    return compiled


def _compile_uncached(
    site: SiteConfig,
    library: LibraryConfig,
    files: VersionFiles,
    on_file: FileDone | None,
    jobs: int,
) -> CompiledVersion:
    """``compile_version`` for a build without a cache: no file is read and hashed ahead of
    parsing for a version key no lookup will use, nor hashed again as it is read for its own
    (a second read and two sha256 of every source), nor are its records hashed for the shard's
    and the pages' keys, and no entry is made."""
    _, parse = _parse_step(site, library, files)
    read = functools.partial(read_source, hashed=False)
    return compile_version(library, files, Reading(read, parse), on_file, jobs)


def _parse_step(
    site: SiteConfig, library: LibraryConfig, files: VersionFiles
) -> tuple[ReferenceTitles, ParseStep]:
    """The reference titles of the version's pages, and the parse of one of its files into
    records, reading its code's API when it has code."""
    version = files.version
    api = (
        open_source(files.code, version.directory, files.extracted)
        if files.code and version.directory
        else None
    )
    references = scan_version(files.listing.candidates, files.layout.section_labels)
    parse = functools.partial(
        parse_to_records, site, library, version, files.layout, api, files.includes, references
    )
    return references, parse


def keep_volume(cache: BuildCache, volume: WrittenVolume, volume_key: str) -> None:
    """Keep the volume ``write_volume`` has just written under the key its compile stage chose:
    its file is linked into the cache (nothing writes it again; the build's work folder is
    removed, never rewritten), so a changed version costs no second copy of its volume."""
    if volume_key:
        cache.store_file(volume_key, volume.path, volume.sha256)


def _skipped_now(files: VersionFiles, kept: list[list[str]]) -> tuple[SkippedFile, ...]:
    """The files this build leaves out, as ``compile_version`` lists them: the listing's, read
    afresh (the key covers the pages read, not the files left out, so a file skipped since the
    cached build, or no longer there, changes no key), then the kept ones parsing skipped."""
    pages = {candidate.relpath for candidate in files.listing.candidates}
    return (
        *files.listing.skipped,
        *(SkippedFile(*item) for item in kept if item[0] in pages),
    )


def _compiled_from_cache(
    library: LibraryConfig, files: VersionFiles, kept: Any, volume: bytes
) -> CompiledVersion:
    return CompiledVersion(
        library_id=library.id,
        version=files.version.version,
        summary=files.version.summary,
        cached_volume=volume,
        section_count=kept["sections"],
        validated=True,  # the cache holds only checked records
        files_read=kept["files_read"],
        source_bytes=kept["source_bytes"],
        skipped=_skipped_now(files, kept["skipped"]),
        warnings=tuple(Warning_(*item) for item in kept["warnings"]),
        project=files.layout.describe(),
        project_notes=tuple(files.layout.notes),
        empty_sections=kept["empty_sections"],
        near_empty_pages=most_first(list(kept["near_empty_pages"].items())),
        api_note=kept["api_note"],
        included=tuple((path, digest) for path, digest in kept["included"]),
    )


@dataclass(frozen=True)
class _CachedFiles:
    """The build cache around each file's parse (``parse_workers.FileCache``).

    Before reading: what the cache kept of a file ``_version_key`` has just read and hashed,
    so that file is neither read nor hashed a second time (a file the cache does not have, or
    one too big for what is left of the version's budget, is read as usual: ``read_source``
    says why). After reading: the records kept for the bytes actually read. After parsing:
    the records stored under those bytes, so a file edited during the build cannot poison the
    cache (the entry's format: builder.cached_file_records)."""

    cache: BuildCache
    file_keys: dict[str, str]
    hashes: dict[str, FileDigest]
    file_key: Callable[[str, str], str]
    code_hash: str
    included: IncludedNow
    references: ReferenceTitles

    def before_read(self, candidate: Candidate, budget: int) -> tuple[FileRecords, int] | None:
        key, digest = self.file_keys.get(candidate.relpath), self.hashes.get(candidate.relpath)
        if key is None or digest is None or digest.bytes > min(MAX_FILE_BYTES, budget):
            return None
        return self._kept(key)

    def after_read(self, source: SourceFile) -> FileRecords | None:
        kept = self._kept(self.file_key(source.relpath, source.sha256))
        return None if kept is None else kept[0]

    def after_parse(self, source: SourceFile, parsed: FileRecords) -> FileRecords:
        key = self.file_key(source.relpath, source.sha256)
        if parsed.records:
            # Hashed here, once: the shard and page stages key the file's page on it.
            parsed = replace(parsed, digest=encoded_records_digest(parsed.records))
        try:
            payload = file_records_payload(parsed, source.size)
        except TypeError as error:
            if not holds_undecodable_name(error):
                raise
            return parsed  # a file the page read (a reno note) has a name that is not UTF-8
        if parsed.api is not None:
            self.cache.store_bytes(key, orjson.dumps({"api": True}))
            self.cache.store_bytes(cache_key(key, self.code_hash), payload)
        else:
            self.cache.store_bytes(key, payload)
        return parsed

    def _kept(self, key: str) -> tuple[FileRecords, int] | None:
        return kept_records(self.cache, key, self.code_hash, self.included, self.references)


def _version_key(
    cache: BuildCache,
    site: SiteConfig,
    library: LibraryConfig,
    version: VersionConfig,
    candidates: Sequence[Candidate],
    layout: ProjectLayout,
    code_hash: str,
    includes: IncludeRoot | None,
) -> tuple[str, dict[str, FileDigest]]:
    """A key over everything the version's volume depends on, and each file's sha256 and size
    (a file unchanged since an earlier build is not read again: builder.source_digests).

    The key is "" if a file could not be read: then there is nothing stable to key on, and
    the version is simply rebuilt.
    """
    stats_key = cache_key("source-stats", library.id, version.version)
    hashes, readable = source_digests(cache, stats_key, candidates)
    # The summary goes into the volume the cache keeps, so it is part of what the key covers.
    settings = (
        version.version,
        version.url_template,
        version.include,
        version.exclude,
        version.summary,
        version.project,
        # The warning of an api name the code lacks names the catalog key.
        *((version.catalog_place,) if version.api else ()),
    )
    readers = sorted({reader_version(c.relpath) for c in candidates if _is_document(c.relpath)})
    key = cache_key(
        "version",
        site.base_url,
        library.id,
        settings,
        layout.key(),
        includes.key() if includes is not None else None,
        [(relpath, digest.sha256) for relpath, digest in hashes.items()],
        code_hash,
        *([readers] if readers else []),
    )
    return (key if readable else ""), hashes


def _file_key(
    site: SiteConfig,
    library: LibraryConfig,
    version: VersionConfig,
    relpath: str,
    digest: str,
    files: VersionFiles,
) -> str:
    # What the layout changes in one file's sections: its title and how its reST reads. (What
    # its references read as is checked when its entry is loaded: kept_records.)
    layout, includes = files.layout, files.includes
    substitutions = layout.substitutions_for(version.version)
    project = (
        layout.title_of(relpath),
        substitutions,
        layout.default_role,
        layout.attribute_delimiters,
        *((layout.markdown_flavor,) if layout.markdown_flavor else ()),
        *layout.markdown_settings(),
        *((layout.module_prefixes,) if layout.module_prefixes is not None else ()),
        *((layout.issue_roles,) if layout.issue_roles is not None else ()),
        *((("extlinks", layout.extlinks),) if layout.extlinks is not None else ()),
        *((("plot", layout.plot_settings),) if layout.plot_settings is not None else ()),
        *((("object types", layout.object_types),) if layout.object_types else ()),
        *((("tags", layout.only_tags),) if layout.only_tags else ()),
        *((layout.myst_extensions,) if layout.myst_extensions is not None else ()),
        *((layout.myst_substitutions,) if layout.myst_substitutions else ()),
        *layout.bibtex_key(),
        *((("owners", layout.owners),) if layout.owners else ()),
    )
    # A PDF or Office file also depends on its reader: installing the extra re-reads it.
    reader = reader_version(relpath) if _is_document(relpath) else ""
    return cache_key(
        "file-lines",
        site.base_url,
        library.id,
        version.version,
        version.url_template,
        relpath,
        digest,
        project,
        # Where its includes are looked for: the same page can include other files.
        includes.key() if includes is not None else None,
        *([reader] if reader else []),
    )


def _is_document(relpath: str) -> bool:
    return Path(relpath).suffix.lower() in OFFICE_SUFFIXES


def check_volume_cached(cache: BuildCache, volume: WrittenVolume) -> None:
    """``check_volume`` for a volume not checked file by file, once per content."""
    if volume.validated:
        return
    key = cache_key("valid-volume", volume.sha256)
    if cache.load(key) is not None:
        return
    check_volume(volume)
    cache.store(key, True)


def write_vectors_cached(
    cache: BuildCache, stage: VectorsStage, volume: WrittenVolume, site_dir: Path, scratch: Path
) -> VectorsInfo:
    """The embedding stage's sidecar in ``site_dir``, or the one the cache kept for this volume
    and model (then nothing was embedded and it took no time)."""
    key = cache_key(
        "vectors",
        VECTORS_FORMAT,
        stage.embedder.model_id,
        volume.library_id,
        volume.version,
        volume.sha256,
    )
    return tree_cached(
        cache,
        key + "-info",
        key,
        site_dir,
        scratch,
        lambda folder: stage.write(volume, folder),
        lambda kept: VectorsInfo(**{**kept, "embedded": 0, "seconds": 0.0}),
    )


def render_version_cached(
    cache: BuildCache,
    env: jinja2.Environment,
    templates: str,
    site: SiteConfig,
    skeleton: dict[str, Any],
    volume: WrittenVolume,
    site_dir: Path,
    scratch: Path,
    jobs: int = 1,
) -> VersionPages:
    """``render_version`` into ``site_dir``, or the pages the cache kept for the same volume,
    entry, site settings and templates (``templates`` is their fingerprint). When the volume
    changed, each page whose records did not is taken from the cache instead of rendered;
    ``jobs`` processes render the others."""
    context = cache_key(
        "pages",
        templates,
        bool(env.globals.get("site_search")),
        _page_settings(site),
        dict(skeleton),
        volume.version,
        volume.summary,
    )
    key = cache_key(context, volume.sha256)
    page_keys: list[str] = []
    last_digest: list[tuple[bytes, str]] = []

    def inputs_digest(inputs: bytes) -> str:
        # A page's file and its view come with the same inputs, one after the other: hashed once.
        if not last_digest or last_digest[0][0] is not inputs:
            last_digest[:] = [(inputs, hashlib.sha256(inputs).hexdigest())]
        return last_digest[0][1]

    files = KeptFiles(cache, context)

    page_files = _KeptPageFiles(cache, files, context, inputs_digest, scratch, page_keys)
    views = KeptViews(cache, context, inputs_digest)

    pages = tree_cached(
        cache,
        key + "-summary",
        key,
        site_dir,
        scratch,
        lambda folder: render_version(
            env,
            site,
            skeleton,
            volume.version,
            volume.records,
            folder,
            summary=volume.summary,
            page_files=page_files if cache.root is not None else None,
            view_cache=views.headings if cache.root is not None else None,
            jobs=jobs,
        ),
        lambda kept: VersionPages(
            kept["library_id"],
            kept["version"],
            kept["summary"],
            tuple(PageSummary(**page) for page in kept["pages"]),
        ),
        page_files.digests,
    )
    if page_keys:
        cache.store(key + "-page-keys", [*page_keys, *views.keep(), files.keep()])
    else:
        # The whole version came from the cache: its pages stay wanted, for the next edit.
        kept_keys = cache.load(key + "-page-keys")
        if isinstance(kept_keys, list):
            cache.used.update(k for k in kept_keys if isinstance(k, str))
    return pages


@dataclass
class _KeptPageFiles:
    """A version's files kept by their inputs (``pages.PageFiles``). A kept page is linked,
    not read and written again: a rebuild then writes (and later frees) the bytes of the pages
    that changed only. Each page's sha256 is known (kept with it, or hashed as rendered), so
    keeping the version's folder reads none (``digests``, by path under ``scratch``)."""

    cache: BuildCache
    files: KeptFiles
    context: str
    inputs_digest: Callable[[bytes], str]
    scratch: Path
    page_keys: list[str]  # every file's key, in the order they were asked for
    digests: dict[str, str] = field(default_factory=dict)

    def link(self, inputs: bytes, target: Path) -> bool:
        digest_of_inputs, page_key = self._keys(inputs)
        self.page_keys.append(page_key)
        digest = self.files.link(digest_of_inputs, page_key, target)
        if digest is not None:
            self.digests[target.relative_to(self.scratch).as_posix()] = digest
        return digest is not None

    def write(self, inputs: bytes, data: bytes, target: Path) -> None:
        digest_of_inputs, page_key = self._keys(inputs)
        target.write_bytes(data)
        digest = hashlib.sha256(data).hexdigest()
        self.cache.store_file(page_key, target, digest)
        self.files.kept(digest_of_inputs, digest, target)
        self.digests[target.relative_to(self.scratch).as_posix()] = digest

    def _keys(self, inputs: bytes) -> tuple[str, str]:
        digest_of_inputs = self.inputs_digest(inputs)
        return digest_of_inputs, cache_key("page-file", self.context, digest_of_inputs)


def site_pages_cached(
    cache: BuildCache, env: jinja2.Environment, templates: str, site: SiteConfig
) -> PageCache:
    """How the library and landing pages are written: each kept by its inputs and the site's
    settings and templates (``templates`` is their fingerprint), and linked in when the cache
    has it, so a rebuild that changed no entry and no version's list of pages compiles and
    renders none of their templates."""
    if cache.root is None:
        return render_each
    context = cache_key(
        "site-pages", templates, bool(env.globals.get("site_search")), _page_settings(site)
    )

    def page_cached(inputs: bytes, render: Callable[[], bytes], target: Path) -> None:
        page_key = cache_key("site-page", context, hashlib.sha256(inputs).hexdigest())
        if cache.link_file(page_key, target) is not None:
            return
        data = render()
        target.write_bytes(data)
        cache.store_file(page_key, target, hashlib.sha256(data).hexdigest())

    return page_cached


def _page_settings(site: SiteConfig) -> dict[str, Any]:
    """The [site] settings pages are made with: all but the shards' split threshold, so
    changing it does not render every page again."""
    return {k: v for k, v in asdict(site).items() if k != "split_index_bytes"}


def templates_fingerprint(env: jinja2.Environment) -> str:
    """A hash of every template's source, so edited templates invalidate cached pages."""
    digest = hashlib.sha256()
    if env.loader is not None:
        for name in sorted(env.loader.list_templates()):
            source, _, _ = env.loader.get_source(env, name)
            digest.update(name.encode() + b"\0" + source.encode() + b"\0")
    return digest.hexdigest()


__all__ = [
    "check_volume_cached",
    "compile_version_cached",
    "keep_volume",
    "render_version_cached",
    "site_pages_cached",
    "templates_fingerprint",
    "write_vectors_cached",
]
