"""Fixtures the whole suite shares: the examples corpus built once per session, and a server
of it that is ready when it answers.

Building the examples takes seconds (a PDF, hundreds of reStructuredText pages, the API pages
read from code), so every test that only reads a built examples site uses ``examples_site``;
a test that changes a site takes ``examples_site_copy``. The build lands in a pytest temporary
folder, never in the repository.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

# How long a just-started server may take to answer its first request.
SERVER_READY_SECONDS = 30.0
SERVER_POLL_SECONDS = 0.02


@pytest.fixture(scope="session")
def examples_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """examples/docbuild.toml built once the way the bundled client site is (no cache, no
    Pagefind, the bundle's fixed timestamp). Read-only for tests: copy it to change it."""
    from builder.bundle import build_bundle_site

    site = tmp_path_factory.mktemp("examples") / "site"
    build_bundle_site(site)
    return site


@pytest.fixture
def examples_site_copy(examples_site: Path, tmp_path: Path) -> Path:
    """A private copy of the examples site, for a test that changes or rebuilds it."""
    copy = tmp_path / "examples-site"
    shutil.copytree(examples_site, copy)
    return copy


def wait_until_answers(url: str) -> None:
    """Return once ``url`` answers 200; a printed address alone does not mean ready."""
    deadline = time.monotonic() + SERVER_READY_SECONDS
    while True:
        try:
            if httpx.get(url, timeout=SERVER_READY_SECONDS).status_code == 200:
                return
        except httpx.TransportError:
            if time.monotonic() > deadline:
                raise
        if time.monotonic() > deadline:
            raise TimeoutError(f"{url} did not answer 200 within {SERVER_READY_SECONDS} s")
        time.sleep(SERVER_POLL_SECONDS)


@pytest.fixture(scope="session")
def examples_server(examples_site: Path) -> Iterator[str]:
    """The base URL of builder.serve serving ``examples_site`` on 127.0.0.1, port 0."""
    from builder.serve import start_server

    with start_server(examples_site) as server:
        wait_until_answers(server.url + "catalog.json")
        yield server.url
