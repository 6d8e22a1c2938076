"""The per-version stages: volume fragment, search shard and HTML pages, run on one version's
records at a time.

An unchanged version (same volume bytes, same entry, same site settings and templates) reuses
its validated volume, its shard and its rendered pages from the build cache, so a rebuild after
one file changed does the full work only for that file's version.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping
from dataclasses import asdict
from pathlib import Path
from typing import Any

import jinja2

from builder.cache import BuildCache, cache_key
from builder.config import SiteConfig
from builder.embeddings import VectorsInfo, VectorsStage
from builder.errors import IndexInvalid
from builder.pages import PageSummary, VersionPages, render_version
from builder.progress import BuildProgress
from builder.shards import ShardInfo, write_shard
from builder.volumes import VersionResult
from schemas.index_rules import volume_problems
from schemas.shards import SHARD_FORMAT
from schemas.text import TOKENIZER


def templates_fingerprint(env: jinja2.Environment) -> str:
    """A hash of every template's source, so edited templates invalidate cached pages."""
    digest = hashlib.sha256()
    if env.loader is not None:
        for name in sorted(env.loader.list_templates()):
            source, _, _ = env.loader.get_source(env, name)
            digest.update(name.encode() + b"\0" + source.encode() + b"\0")
    return digest.hexdigest()


class VersionStages:
    """Runs the stages for each version and keeps the small results the site pages need."""

    def __init__(
        self,
        site: SiteConfig,
        site_dir: Path,
        work_dir: Path,
        env: jinja2.Environment,
        cache: BuildCache,
        progress: BuildProgress | None = None,
        vectors: VectorsStage | None = None,
    ) -> None:
        self.progress = progress or BuildProgress()
        self.site = site
        self.vectors_stage = vectors
        self.vectors: dict[tuple[str, str], VectorsInfo] = {}
        self.site_dir = site_dir
        self.work_dir = work_dir
        self.env = env
        self.cache = cache
        self.pages: dict[tuple[str, str], VersionPages] = {}
        self._templates = templates_fingerprint(env)
        self._fragments = 0

    def run(self, skeleton: Mapping[str, Any], result: VersionResult) -> tuple[Path, ShardInfo]:
        """Validate and write the version's fragment, shard and pages; return the fragment
        (for index.json) and the shard's description (for catalog.json)."""
        self._fragments += 1
        fragment = self.work_dir / f"{self._fragments}.json"
        with self.progress.working("parse"):
            volume_hash = result.write_volume(fragment)
            self._validate(result, volume_hash)
        with self.progress.working("shards"):
            shard = self._shard(result, volume_hash)
        self.progress.advance("shards")
        if self.vectors_stage is not None:
            with self.progress.working("embeddings"):
                self.vectors[(result.library_id, result.version)] = self.vectors_stage.run(
                    result, volume_hash, self._scratch("vectors"), self.site_dir
                )
        with self.progress.working("pages"):
            pages = self._pages(skeleton, result, volume_hash)
        self.pages[(result.library_id, result.version)] = pages
        self.progress.advance("pages")
        return fragment, shard

    def _validate(self, result: VersionResult, volume_hash: str) -> None:
        if result.validated:  # checked file by file as it was parsed
            return
        key = cache_key("valid-volume", volume_hash)
        if self.cache.load(key) is not None:
            return
        where = f"/entries/{result.library_id}/volumes/{result.version}"
        # The records themselves, not a re-parse of the bytes: orjson.loads would briefly
        # allocate over ten times the volume's size.
        volume: dict[str, Any] = {"sections": list(result.ensure_records())}
        if result.summary:
            volume["summary"] = result.summary
        problems = volume_problems(volume, where)
        if problems:
            raise IndexInvalid(
                f"the volume of {result.library_id} {result.version}", [str(p) for p in problems]
            )
        self.cache.store(key, True)

    def _shard(self, result: VersionResult, volume_hash: str) -> ShardInfo:
        key = cache_key(
            "shard", SHARD_FORMAT, TOKENIZER, result.library_id, result.version, volume_hash
        )
        info = self.cache.load(key + "-info")
        if info is not None and self.cache.link_tree(key, self.site_dir):
            return ShardInfo(**info)
        scratch = self._scratch("shard")
        shard = write_shard(
            scratch, result.library_id, result.version, iter(result.ensure_records())
        )
        self.cache.store_tree(key, scratch)
        self.cache.store(key + "-info", asdict(shard))
        _move_tree(scratch, self.site_dir)
        return shard

    def _pages(
        self, skeleton: Mapping[str, Any], result: VersionResult, volume_hash: str
    ) -> VersionPages:
        key = cache_key(
            "pages",
            self._templates,
            bool(self.env.globals.get("site_search")),
            asdict(self.site),
            dict(skeleton),
            result.version,
            result.summary,
            volume_hash,
        )
        summary = self.cache.load(key + "-summary")
        if summary is not None and self.cache.link_tree(key, self.site_dir):
            return VersionPages(
                summary["library_id"],
                summary["version"],
                summary["summary"],
                tuple(PageSummary(**page) for page in summary["pages"]),
            )
        scratch = self._scratch("pages")
        pages = render_version(
            self.env,
            self.site,
            skeleton,
            result.version,
            result.ensure_records(),
            scratch,
            summary=result.summary,
        )
        self.cache.store_tree(key, scratch)
        self.cache.store(key + "-summary", asdict(pages))
        _move_tree(scratch, self.site_dir)
        return pages

    def _scratch(self, kind: str) -> Path:
        path = self.work_dir / f"{kind}-{self._fragments}"
        path.mkdir()
        return path


def _move_tree(source: Path, destination: Path) -> None:
    """Move every file of ``source`` to the same place under ``destination`` (same file system:
    a rename per file, no copying)."""
    for path in sorted(source.rglob("*")):
        if path.is_file():
            target = destination / path.relative_to(source)
            target.parent.mkdir(parents=True, exist_ok=True)
            os.replace(path, target)
