"""Fixtures the whole suite shares: the examples corpus built once per session.

Building the examples takes seconds (a PDF, hundreds of reStructuredText pages, the API pages
read from code), so every test that needs a built examples site uses ``examples_site`` and
copies it before changing anything. The build lands in a pytest temporary folder, never in
the repository.
"""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def examples_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """examples/docbuild.toml built once the way the bundled client site is (no cache, no
    Pagefind, the bundle's fixed timestamp). Read-only for tests: copy it to change it."""
    from builder.bundle import build_bundle_site

    site = tmp_path_factory.mktemp("examples") / "site"
    build_bundle_site(site)
    return site
