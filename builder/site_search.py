"""Give the HTML site a search box for people: run Pagefind over the generated pages, which
writes a static index (plain files under ``pagefind/``) and the search box's script.

Pagefind comes from the optional ``pagefind[bin]`` package (``doctrove[site-search]``): its
wheel carries the binary, so nothing is downloaded at build time. Only the version pages are
indexed (they mark their content with ``data-pagefind-body``), each with a ``library`` and a
``version`` filter. Pagefind writes filter values in a different order each run; they are put
in order afterwards (builder.pagefind_order), so two builds give the same bytes.
"""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from builder.errors import BuildError
from builder.pagefind_order import order_pagefind_output

SEARCH_FOLDER = "pagefind"
# Pagefind reads settings from these variables; a build must not change with the shell's.
_PAGEFIND_ENVIRONMENT_PREFIX = "PAGEFIND_"
INSTALL_HINT = "pip install 'doctrove[site-search]'"
# How Pagefind is run (part of the kept bundle's cache key). No path but relative ones: it
# takes none that is not UTF-8. A section's file and lines are not searched: a selector, where
# a data-pagefind-ignore on each of them made the pages 0.3 MB larger on Python 3.11's docs.
PAGEFIND_ARGUMENTS = (
    "--site",
    ".",
    "--output-subdir",
    SEARCH_FOLDER,
    "--exclude-selectors",
    "section > .meta",
    "--silent",
)


class SiteSearchError(BuildError):
    """Pagefind was asked for and is missing, or it failed on the site."""

    code = "site-search"


@dataclass(frozen=True)
class SearchIndexInfo:
    """What Pagefind wrote: pages indexed, files and bytes under ``pagefind/``."""

    pages: int
    files: int
    bytes: int


def find_pagefind() -> Path | None:
    """The Pagefind binary the ``pagefind`` package finds (its ``bin`` extra, or
    PAGEFIND_BINARY_PATH), or None when it is not installed."""
    try:
        from pagefind.service import get_executable
    except ImportError:
        return None
    binary = get_executable()
    return binary if binary is not None and binary.is_file() else None


def _run_pagefind(
    binary: Path, arguments: Sequence[str], cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """Pagefind run with ``arguments``, its output captured, without the shell's PAGEFIND_
    settings; SiteSearchError when it cannot be started."""
    environment = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(_PAGEFIND_ENVIRONMENT_PREFIX)
    }
    try:
        return subprocess.run(
            # Absolute: a relative path (PAGEFIND_BINARY_PATH) names nothing in the site.
            [str(binary.absolute()), *arguments],
            cwd=cwd,
            env=environment,
            capture_output=True,
            text=True,
            check=False,
        )
    except OSError as exc:
        raise SiteSearchError(f"could not run Pagefind ({binary}): {exc}") from exc


def pagefind_version(binary: Path) -> str:
    """What ``binary --version`` prints (part of the kept bundle's cache key): an npm-installed
    ``pagefind`` is a script that runs the platform's binary, with the same bytes from one
    release to the next."""
    result = _run_pagefind(binary, ["--version"])
    return f"{result.returncode} {result.stdout.strip()}"


SiteSearchRun = Callable[[Path, Path], SearchIndexInfo]
"""How a build gets Pagefind's index of its site folder from the Pagefind binary: run it
(``index_site``), or take it from the build cache (builder.cached_site_search)."""


def index_site(site_dir: Path, binary: Path, bundle: Path | None = None) -> SearchIndexInfo:
    """Run Pagefind over ``site_dir`` (a whole built site), writing its bundle to
    ``site_dir/pagefind/``, then moved to ``bundle`` when given (a folder not there yet, on the
    site's file system; the files are the same wherever they are)."""
    # Pagefind reads a pagefind.yml from where it runs: the site has none.
    result = _run_pagefind(binary, PAGEFIND_ARGUMENTS, cwd=site_dir)
    if result.returncode != 0:
        detail = (result.stderr or result.stdout).strip()[-2000:]
        raise SiteSearchError(
            f"Pagefind failed on the site (exit {result.returncode}): {detail}; "
            "build with --no-site-search to leave the search box out"
        )
    folder = site_dir / SEARCH_FOLDER
    order_pagefind_output(folder)
    try:
        entry = json.loads((folder / "pagefind-entry.json").read_text(encoding="utf-8"))
        pages = sum(int(language["page_count"]) for language in entry["languages"].values())
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise SiteSearchError(f"Pagefind wrote no readable index: {exc}") from exc
    files = [path for path in folder.rglob("*") if path.is_file()]
    info = SearchIndexInfo(pages, len(files), sum(path.stat().st_size for path in files))
    if bundle is not None:
        os.replace(folder, bundle)
    return info
