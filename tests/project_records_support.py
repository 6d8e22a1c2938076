"""A catalog version over a project folder, and the section records the read and compile
stages make of it, for tests that look at what a project's pages become."""

from pathlib import Path
from typing import Any

import orjson

from builder.cache import BuildCache
from builder.cached_stages import compile_version_cached
from builder.config import LibraryConfig, SiteConfig, VersionConfig
from builder.stages.read import read_version

SITE = SiteConfig("T", "https://docs.example/")
LIBRARY = LibraryConfig("demo", "Demo", "", (), None, None, (), ())


def compiled_records(version: VersionConfig) -> list[dict[str, Any]]:
    """The version's section records, as the read and compile stages make them."""
    with read_version(LIBRARY.id, version, Path()) as files:
        compiled = compile_version_cached(BuildCache(None), SITE, LIBRARY, files)
    return [orjson.loads(record) for record in compiled.records]


def version(
    directory: Path, project: str = "auto", catalog_folder: Path | None = None
) -> VersionConfig:
    return VersionConfig(
        "1.0.0",
        directory,
        None,
        None,
        (),
        (),
        None,
        None,
        project=project,
        catalog_folder=catalog_folder,
    )
