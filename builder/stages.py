"""The per-version stages: volume fragment, search shard and HTML pages, run on one version's
records at a time.

An unchanged version (same volume bytes, same entry, same site settings and templates) reuses
its validated volume, its shard and its rendered pages from the build cache, so a rebuild after
one file changed does the full work only for that file's version.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import asdict
from pathlib import Path
from typing import Any

import jinja2
import orjson

from builder.cache import BuildCache, cache_key
from builder.config import SiteConfig
from builder.errors import IndexInvalid
from builder.pages import PageSummary, VersionPages, render_version
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
    ) -> None:
        self.site = site
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
        volume = result.volume_bytes()
        volume_hash = hashlib.sha256(volume).hexdigest()
        self._validate(result, volume, volume_hash)
        self._fragments += 1
        fragment = self.work_dir / f"{self._fragments}.json"
        fragment.write_bytes(volume)
        shard = self._shard(result, volume_hash)
        self.pages[(result.library_id, result.version)] = self._pages(skeleton, result, volume_hash)
        return fragment, shard

    def _validate(self, result: VersionResult, volume: bytes, volume_hash: str) -> None:
        key = cache_key("valid-volume", volume_hash)
        if self.cache.load(key) is not None:
            return
        where = f"/entries/{result.library_id}/volumes/{result.version}"
        problems = volume_problems(orjson.loads(volume), where)
        if problems:
            raise IndexInvalid(
                f"the volume of {result.library_id} {result.version}", [str(p) for p in problems]
            )
        self.cache.store(key, True)

    def _shard(self, result: VersionResult, volume_hash: str) -> ShardInfo:
        key = cache_key(
            "shard", SHARD_FORMAT, TOKENIZER, result.library_id, result.version, volume_hash
        )
        cached = self.cache.load(key)
        if cached is not None:
            data = self.cache.load_bytes(cached["blob"])
            if data is not None and hashlib.sha256(data).hexdigest() == cached["info"]["sha256"]:
                target = self.site_dir / cached["info"]["path"]
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(data)
                return ShardInfo(**cached["info"])
        shard = write_shard(self.site_dir, result.library_id, result.version, result.records)
        if self.cache.root is not None:
            blob = key + "-blob"
            self.cache.store_bytes(blob, (self.site_dir / shard.path).read_bytes())
            self.cache.store(key, {"info": asdict(shard), "blob": blob})
        return shard

    def _pages(
        self, skeleton: Mapping[str, Any], result: VersionResult, volume_hash: str
    ) -> VersionPages:
        key = cache_key(
            "pages",
            self._templates,
            asdict(self.site),
            dict(skeleton),
            result.version,
            result.summary,
            volume_hash,
        )
        cached = self.cache.load(key)
        if cached is not None:
            for relpath, text in cached["files"].items():
                target = self.site_dir / relpath
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(text, encoding="utf-8")
            summary = cached["summary"]
            return VersionPages(
                summary["library_id"],
                summary["version"],
                summary["summary"],
                tuple(PageSummary(**page) for page in summary["pages"]),
            )
        scratch = self.work_dir / f"pages-{self._fragments}"
        pages = render_version(
            self.env,
            self.site,
            skeleton,
            result.version,
            result.records,
            scratch,
            summary=result.summary,
        )
        files = {
            p.relative_to(scratch).as_posix(): p.read_text(encoding="utf-8")
            for p in sorted(scratch.rglob("*"))
            if p.is_file()
        }
        for relpath, text in files.items():
            target = self.site_dir / relpath
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        self.cache.store(key, {"files": files, "summary": asdict(pages)})
        return pages
