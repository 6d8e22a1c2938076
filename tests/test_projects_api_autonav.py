"""api-autonav: the API pages mkdocs-api-autonav writes for the packages its ``modules`` name
are written and read, after the nav's pages unless the nav names their section."""

from pathlib import Path
from typing import Any

import orjson

from builder.cache import BuildCache
from builder.cached_stages import compile_version_cached
from builder.config import LibraryConfig, SiteConfig, VersionConfig
from builder.projects import project_listing
from builder.stages.read import read_version

SITE = SiteConfig("T", "https://docs.example/")
LIBRARY = LibraryConfig("demo", "Demo", "", (), None, None, (), ())

# psygnal 0.15.1's plugins, shortened.
MKDOCS_YML = """\
site_name: Demo
nav:
  - Overview: index.md
  - Usage: usage.md
plugins:
  - search
  - api-autonav:
      modules: ['src/signals']
      exclude: ['signals.qt']
      module_options:
        signals.testing:
          show_source: false
  - mkdocstrings
"""

FILES = {
    "docs/index.md": "# Demo\n\nSignals.\n",
    "docs/usage.md": "# Usage\n\nConnect.\n",
    "src/signals/__init__.py": '"""Signals for Python."""\n\nfrom ._signal import Signal\n\n'
    '__all__ = ["Signal"]\n',
    "src/signals/_signal.py": '"""Private."""\n\n\nclass Signal:\n    """A signal to connect'
    ' callbacks to."""\n',
    "src/signals/testing.py": '"""Test helpers."""\n\n\ndef assert_emitted() -> None:\n'
    '    """Assert that a signal was emitted."""\n',
    "src/signals/qt.py": '"""Qt bridges."""\n',
    "src/signals/containers/__init__.py": '"""Evented containers."""\n',
    "src/signals/containers/index.py": '"""A module named index."""\n',
    # An implicit namespace package: skipped, as the plugin does.
    "src/signals/loose/mod.py": '"""Not reached."""\n',
}


def make_project(root: Path) -> None:
    for relpath, text in {**FILES, "mkdocs.yml": MKDOCS_YML}.items():
        path = root / relpath
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def version(root: Path) -> VersionConfig:
    return VersionConfig(
        "1.0.0", root / "docs", None, None, (), (), None, None, source_dir=root / "src"
    )


def test_the_plugin_pages_follow_the_nav(tmp_path: Path) -> None:
    make_project(tmp_path)
    layout, listing = project_listing(version(tmp_path))
    assert [c.relpath for c in listing.candidates] == [
        "index.md",
        "usage.md",
        "reference/signals/index.md",
        "reference/signals/containers/index.md",
        "reference/signals/containers/index_py.md",
        "reference/signals/testing.md",
    ]
    texts = {page.relpath: page.text for page in layout.generated}
    assert texts["reference/signals/index.md"] == "---\ntitle: signals\n---\n\n::: signals\n"
    assert texts["reference/signals/testing.md"] == (
        "---\ntitle: signals.testing\n---\n\n::: signals.testing\n"
        "    options:\n      show_source: false\n"
    )


def test_the_pages_hold_the_packages_api(tmp_path: Path) -> None:
    make_project(tmp_path)
    with read_version(LIBRARY.id, version(tmp_path), Path()) as files:
        compiled = compile_version_cached(BuildCache(None), SITE, LIBRARY, files)
    records: list[dict[str, Any]] = [orjson.loads(record) for record in compiled.records]
    shown = {(r["source"], r["heading"]): r["body"] for r in records}
    signal = shown["reference/signals/index.md", "signals.Signal"]
    assert "A signal to connect callbacks to." in signal
    testing = shown["reference/signals/testing.md", "signals.testing.assert_emitted"]
    assert "Assert that a signal was emitted." in testing
