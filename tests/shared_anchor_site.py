"""A tiny built site whose two pages share an anchor, for the doc_read address tests.

``guide.md`` and ``deploy.md`` both have a "Configuration" section, so version 1.0.0 of
``twin`` has the anchor ``configuration`` twice (unique per page, as the builder makes it);
``rollback`` is on one page only.
"""

from __future__ import annotations

from pathlib import Path

from builder.config import load_catalog
from builder.pipeline import build_site

LIBRARY, VERSION, SHARED, UNIQUE = "twin", "1.0.0", "configuration", "rollback"
GUIDE, DEPLOY = "guide.md", "deploy.md"
PAGES = {
    GUIDE: "# Guide\n\nHow to use twin.\n\n## Configuration\n\nSet guide options in guide.toml.\n",
    DEPLOY: (
        "# Deploy\n\nShipping twin.\n\n## Configuration\n\nSet the deploy target in deploy.toml.\n"
        "\n## Rollback\n\nRoll back with twin undo.\n"
    ),
}
CATALOG = f"""
[site]
title = "Twin docs"
base_url = "https://docs.example/"

[[libraries]]
id = "{LIBRARY}"
name = "Twin"
summary = "Two pages that share an anchor"

  [[libraries.versions]]
  version = "{VERSION}"
  path = "docs"
"""


def build_shared_anchor_site(root: Path) -> Path:
    """Write the sources under ``root`` and build them; return the built site's folder."""
    docs = root / "docs"
    docs.mkdir(parents=True)
    for name, text in PAGES.items():
        (docs / name).write_text(text, encoding="utf-8")
    (root / "docbuild.toml").write_text(CATALOG, encoding="utf-8")
    site = root / "site"
    build_site(load_catalog(root / "docbuild.toml"), site)
    return site
