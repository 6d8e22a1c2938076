"""Measure the built site against GitHub Pages' limits and the user's own size budget."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from builder.cache_objects import files_under
from builder.errors import BuildError

PAGES_FILE_LIMIT = 100 * 1000 * 1000
PAGES_SITE_LIMIT = 1000 * 1000 * 1000
NEAR_LIMIT = 0.8  # warn once a file or the site passes 80% of a limit
BIGGEST_LISTED = 5


class OverBudget(BuildError):
    """The site is larger than the budget the user set."""

    code = "over-budget"


class FileTooLarge(BuildError):
    """A file of the site is larger than a static host serves (GitHub Pages: 100 MB)."""

    code = "file-too-large"


@dataclass(frozen=True)
class SiteSize:
    total_bytes: int
    files: int
    biggest: tuple[tuple[str, int], ...]  # (relative path, bytes), largest first

    def warnings(self) -> list[str]:
        found = [
            f"{path} is {size / 1e6:.0f} MB, near GitHub Pages' 100 MB limit per file"
            for path, size in self.biggest
            if PAGES_FILE_LIMIT * NEAR_LIMIT < size <= PAGES_FILE_LIMIT
        ]
        if self.total_bytes > PAGES_SITE_LIMIT * NEAR_LIMIT:
            found.append(
                f"the site is {self.total_bytes / 1e6:.0f} MB, near GitHub Pages' "
                "1 GB limit per site"
            )
        return found

    def enforce(self, budget_bytes: int | None) -> None:
        """Refuse a site with a file over the host's per-file limit, or over ``budget_bytes``;
        called on the staged site, so nothing published is touched."""
        over = [(path, size) for path, size in self.biggest if size > PAGES_FILE_LIMIT]
        if over:
            listed = ", ".join(f"{p} ({s / 1e6:.1f} MB)" for p, s in over)
            raise FileTooLarge(
                f"{listed}: over GitHub Pages' limit of {PAGES_FILE_LIMIT / 1e6:.0f} MB per "
                "file; nothing was written. A shard holds one version and libs/<id>/index.json "
                "every version of a library: exclude files, or build fewer versions."
            )
        if budget_bytes is not None and self.total_bytes > budget_bytes:
            biggest = ", ".join(f"{p} ({s / 1e6:.1f} MB)" for p, s in self.biggest[:3])
            raise OverBudget(
                f"the site is {self.total_bytes / 1e6:.1f} MB, over the budget of "
                f"{budget_bytes / 1e6:.1f} MB (biggest files: {biggest}); nothing was written. "
                "Raise --budget-mb or build fewer versions."
            )


def measure_site(root: Path) -> SiteSize:
    sizes = [(relpath, os.stat(path).st_size) for relpath, path in files_under(root)]
    sizes.sort(key=lambda item: (-item[1], item[0]))
    return SiteSize(sum(s for _, s in sizes), len(sizes), tuple(sizes[:BIGGEST_LISTED]))
