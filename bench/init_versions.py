"""How often `docbuild init` proposes the version a release is, on real projects' release tags.

    python bench/init_versions.py MIRRORS [--before OTHER_CHECKOUT]

bench/data/init_versions.tsv lists repositories (owner/name) and one release tag of each, the
newest version tag each had when the list was made. MIRRORS is a folder holding a git
repository of each as ``MIRRORS/owner+name`` (or ``MIRRORS/owner+name/repo``, as the search
tool's fetch leaves them; a clone works too): the tag is exported with ``git archive`` (no .git,
as a release archive or a CI checkout of the tag's files has none), ``docbuild init`` is run
there with this checkout (and ``--before``'s, e.g. ``git archive <commit> | tar -x -C DIR``),
and the version it writes is compared with the tag's (its leading ``v`` or ``release-`` off).
It prints, per checkout, how many proposed the tag's version, how many 0.0.0 (init found
none), how many another, and each repository whose answer differs between the checkouts.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
LIST = REPO / "bench" / "data" / "init_versions.tsv"
_TAG_VERSION = re.compile(r"^(?:v|release-)?(\d+(?:\.\d+)+(?:[-.]?[a-z0-9.]+)?)$")
_WRITTEN_VERSION = re.compile(r'^\s*version = "([^"]*)"', re.MULTILINE)


def git_dir(mirrors: Path, repository: str) -> Path | None:
    """Where the repository ``owner/name`` is under ``mirrors``, or None."""
    folder = mirrors / repository.replace("/", "+")
    for candidate in (folder / "repo", folder):
        if candidate.is_dir():
            return candidate
    return None


def proposed_version(checkout: Path, tree: Path) -> str:
    """The first version `docbuild init` of ``checkout`` writes for the project at ``tree``."""
    catalog = tree / "docbuild.toml"
    catalog.unlink(missing_ok=True)
    subprocess.run(
        [sys.executable, "-m", "builder.cli", "init"],
        cwd=tree,
        env={"PYTHONPATH": str(checkout), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        timeout=120,
        check=False,
    )
    found = _WRITTEN_VERSION.search(catalog.read_text("utf-8")) if catalog.is_file() else None
    return found.group(1) if found else ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("mirrors", type=Path, help="folder of the repositories (see above)")
    parser.add_argument("--before", type=Path, help="another checkout of this repository")
    args = parser.parse_args()
    checkouts = {"this checkout": REPO}
    if args.before:
        checkouts = {"before": args.before.resolve(), **checkouts}
    answers: dict[str, dict[str, str]] = {label: {} for label in checkouts}
    tags: dict[str, str] = {}
    missing: list[str] = []
    with tempfile.TemporaryDirectory(prefix="init-versions-") as temp:
        for line in LIST.read_text("utf-8").splitlines():
            repository, tag = line.split("\t")
            source = git_dir(args.mirrors, repository)
            if source is None:
                missing.append(repository)
                continue
            tree = Path(temp) / repository.replace("/", "+")
            tree.mkdir()
            archive = subprocess.run(
                ["git", "-C", str(source), "archive", tag], capture_output=True, check=False
            )
            # A mirror may lack large files; tar keeps what it could read.
            subprocess.run(["tar", "-x", "-C", str(tree)], input=archive.stdout, check=False,
                           capture_output=True)  # fmt: skip
            tags[repository] = tag
            for label, checkout in checkouts.items():
                answers[label][repository] = proposed_version(checkout, tree)
    if missing:
        print(f"not in {args.mirrors}: {len(missing)} ({', '.join(missing[:5])} ...)")
    print(f"{len(tags)} repositories, each at a release tag")
    for label, found in answers.items():
        counts: Counter[str] = Counter()
        for repository, version in found.items():
            wanted = _TAG_VERSION.match(tags[repository])
            if wanted and version == wanted.group(1):
                counts["the tag's version"] += 1
            elif version in ("", "0.0.0"):
                counts["0.0.0 (none found)"] += 1
            else:
                counts["another"] += 1
        print(f"{label}: " + ", ".join(f"{counts[k]} {k}" for k in (
            "the tag's version", "0.0.0 (none found)", "another")))  # fmt: skip
    if args.before:
        for repository in tags:
            old, new = answers["before"][repository], answers["this checkout"][repository]
            if old != new:
                print(f"  {repository} {tags[repository]}: {old or '-'} -> {new or '-'}")


if __name__ == "__main__":
    main()
