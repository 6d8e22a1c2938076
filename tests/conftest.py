"""Fixtures the whole suite shares: the examples corpus built once per run.

Building the examples takes seconds (a PDF, hundreds of reStructuredText pages, the API pages
read from code), so every test that needs a built examples site uses ``examples_site`` and
copies it before changing anything. The build lands in a pytest temporary folder, never in
the repository, once per run even when pytest-xdist runs the suite in several workers
(tests/shared_builds.py).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.shared_builds import built_once

# The tests have no network: a model hub lookup (the semantic lane's fastembed model) would
# only wait for its retries to time out before failing the way offline mode fails at once.
os.environ.setdefault("HF_HUB_OFFLINE", "1")


@pytest.fixture(scope="session")
def examples_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """examples/docbuild.toml built once the way the bundled client site is (no cache, no
    Pagefind, the bundle's fixed timestamp). Read-only for tests: copy it to change it."""
    from builder.bundle import build_bundle_site

    return built_once(tmp_path_factory, "examples", build_bundle_site)
