"""Rebuild the default site shipped inside the client (``client/bundled``) from examples/.

    python -m builder.bundle            # rewrite client/bundled
    python -m builder.bundle --check    # exit 1 if client/bundled differs from a fresh build

The bundle is catalog.json and the shards: all a client needs to answer offline. Its
timestamp is fixed (when the example corpus was fetched), so rebuilding gives the same bytes.
"""

from __future__ import annotations

import argparse
import filecmp
import shutil
import sys
import tempfile
from pathlib import Path

from builder.config import load_catalog
from builder.pipeline import build_site

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "examples" / "docbuild.toml"
BUNDLE = REPO / "client" / "bundled"
BUNDLE_TIMESTAMP = "2026-11-30T00:00:00.000Z"
BUNDLED_FILES = ("catalog.json", "shards")


def build_bundle(destination: Path) -> None:
    """Write a fresh bundle into ``destination`` (replaced whole)."""
    with tempfile.TemporaryDirectory(prefix="docbuild-bundle-") as scratch:
        site = Path(scratch) / "site"
        build_bundle_site(site)
        copy_bundle(site, destination)


def build_bundle_site(site: Path) -> None:
    """Build the whole examples site the bundle is taken from (the tests share one)."""
    build_site(load_catalog(EXAMPLES), site, updated_at=BUNDLE_TIMESTAMP)


def copy_bundle(site: Path, destination: Path) -> None:
    """Replace ``destination`` with the bundled files of a site built by build_bundle_site."""
    with tempfile.TemporaryDirectory(prefix="docbuild-bundle-") as scratch:
        staged = Path(scratch) / "bundle"
        staged.mkdir()
        for name in BUNDLED_FILES:
            source = site / name
            if source.is_dir():
                shutil.copytree(source, staged / name)
            else:
                shutil.copy2(source, staged / name)
        shutil.rmtree(destination, ignore_errors=True)
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(str(staged), destination)


def differences(left: Path, right: Path) -> list[str]:
    """Relative paths that are missing on one side or differ in bytes."""

    def files(root: Path) -> set[str]:
        return {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()}

    names = files(left) | files(right)
    return sorted(
        name
        for name in names
        if not (left / name).is_file()
        or not (right / name).is_file()
        or not filecmp.cmp(left / name, right / name, shallow=False)
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="compare instead of rewriting")
    args = parser.parse_args()
    if not args.check:
        build_bundle(BUNDLE)
        print(f"wrote {BUNDLE}")
        return
    with tempfile.TemporaryDirectory() as scratch:
        fresh = Path(scratch) / "bundle"
        build_bundle(fresh)
        changed = differences(BUNDLE, fresh)
    if changed:
        print("client/bundled is out of date: " + ", ".join(changed), file=sys.stderr)
        print("run: python -m builder.bundle", file=sys.stderr)
        sys.exit(1)
    print("client/bundled matches a fresh build of examples/")


if __name__ == "__main__":
    main()
