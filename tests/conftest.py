"""Fixtures the whole suite shares: the examples corpus built once per run.

Building the examples takes seconds (a PDF, hundreds of reStructuredText pages, the API pages
read from code), so every test that needs a built examples site uses ``examples_site`` and
copies it before changing anything. The build lands in a pytest temporary folder, never in
the repository, once per run even when pytest-xdist runs the suite in several workers
(tests/shared_builds.py).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from tests.shared_builds import built_once
from tests.site_data_support import close_opened

# The tests have no network: a model hub lookup (the semantic lane's fastembed model) would
# only wait for its retries to time out before failing the way offline mode fails at once.
os.environ.setdefault("HF_HUB_OFFLINE", "1")


@pytest.fixture(scope="session")
def examples_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """examples/docbuild.toml built once the way the bundled client site is (no cache, no
    Pagefind, the bundle's fixed timestamp). Read-only for tests: copy it to change it."""
    from builder.bundle import build_bundle_site

    return built_once(tmp_path_factory, "examples", build_bundle_site)


# Two of the examples, enough for several index chunks each, one with Chinese text.
CHUNKED_LIBRARIES = ("python", "pypinyin")


@pytest.fixture(scope="session")
def chunked_examples_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two of the examples built with ``[site] split_index_bytes = 0``, so every version's
    index is published in chunks (doctrove-shard@3). Read-only for tests: copy it to change it."""
    from builder.bundle import BUNDLE_TIMESTAMP, EXAMPLES
    from builder.config import load_catalog
    from builder.pipeline import build_site

    def build(site: Path) -> None:
        config = load_catalog(EXAMPLES)
        config = replace(
            config,
            site=replace(config.site, split_index_bytes=0),
            libraries=tuple(lib for lib in config.libraries if lib.id in CHUNKED_LIBRARIES),
            imports=(),
        )
        build_site(config, site, updated_at=BUNDLE_TIMESTAMP)

    return built_once(tmp_path_factory, "examples-chunked", build)


@pytest.fixture(autouse=True)
def close_site_data() -> Iterator[None]:
    """Close the SiteData a test made with tests.site_data_support.data."""
    yield
    close_opened()
