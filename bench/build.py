"""Benchmark docbuild: MB/s of source text and peak memory, on examples/ and a synthetic corpus.

    python bench/build.py                 # examples/ and a ~50 MB synthetic corpus
    python bench/build.py --synthetic-mb 10 --runs 3

Speed is the median of several untraced runs in this process; peak memory is measured in a
separate traced run (tracemalloc counts Python allocations, which is what the build controls).
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Iterator
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from builder.config import CatalogConfig, LibraryConfig, VersionConfig, load_catalog  # noqa: E402
from builder.globs import compile_globs  # noqa: E402
from builder.model import SourceFile  # noqa: E402
from builder.parsers import parse_file  # noqa: E402
from builder.pipeline import build_site  # noqa: E402
from builder.sections import finalize_sections  # noqa: E402
from builder.sources import VersionListing, list_version_files, read_source  # noqa: E402

WORDS = [
    "request",
    "response",
    "session",
    "timeout",
    "configure",
    "middleware",
    "handler",
    "route",
    "parameter",
    "value",
    "default",
    "option",
    "return",
    "raise",
    "error",
    "client",
    "server",
    "cache",
    "header",
    "body",
    "json",
    "stream",
    "token",
    "query",
    "index",
    "version",
    "release",
    "build",
    "deploy",
    "module",
    "function",
    "class",
]


def _paragraph(rng: random.Random, words: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(words)).capitalize() + "."


def _markdown(rng: random.Random, n: int) -> str:
    parts = [f"# Guide {n}\n"]
    for i in range(40):
        parts.append(f"## Topic {n}.{i}\n\n{_paragraph(rng, 120)}\n\n{_paragraph(rng, 80)}\n")
        parts.append(f"```python\nclient.get_{i}(timeout={i})\nsession.mount('x', adapter)\n```\n")
    return "\n".join(parts)


def _rst(rng: random.Random, n: int) -> str:
    parts = [f"Module {n}\n{'=' * (7 + len(str(n)))}\n"]
    for i in range(40):
        title = f"Part {n}.{i}"
        parts.append(
            f"{title}\n{'-' * len(title)}\n\n{_paragraph(rng, 120)} :func:`os.path.join`"
            f" and ``literal``.\n\n.. code-block:: python\n\n   x = {i}\n"
        )
    return "\n".join(parts)


def _html(rng: random.Random, n: int) -> str:
    body = "".join(
        f'<section id="s{i}"><h2>Section {i}<a class="headerlink" href="#s{i}">¶</a></h2>'
        f"<p>{_paragraph(rng, 120)}</p><pre>code_{i}()</pre>"
        f'<dl class="py function"><dt id="mod.f{i}">mod.f{i}(a, b)</dt>'
        f"<dd><p>{_paragraph(rng, 40)}</p></dd></dl></section>"
        for i in range(40)
    )
    return (
        f"<html><head><title>Page {n}</title></head><body><div class='sphinxsidebar'>nav</div>"
        f"<div role='main'><h1>Page {n}</h1>{body}</div></body></html>"
    )


def make_synthetic(root: Path, megabytes: int, versions: int = 10) -> Path:
    """Write a corpus of about ``megabytes`` MB: ``versions`` libraries of mixed formats."""
    rng = random.Random(42)
    per_version = megabytes * 1_000_000 // versions
    libraries = []
    for v in range(versions):
        folder = root / f"lib{v}" / "1.0.0"
        folder.mkdir(parents=True)
        size, n = 0, 0
        while size < per_version:
            maker, suffix = [(_markdown, "md"), (_rst, "rst"), (_html, "html")][n % 3]
            text = maker(rng, n)
            (folder / f"page{n:04d}.{suffix}").write_text(text, encoding="utf-8")
            size += len(text.encode())
            n += 1
        libraries.append(
            f'[[libraries]]\nid = "lib{v}"\nname = "Lib {v}"\n'
            f'  [[libraries.versions]]\n  version = "1.0.0"\n  path = "lib{v}/1.0.0"\n'
        )
    catalog = root / "docbuild.toml"
    site = '[site]\ntitle = "Synthetic"\nbase_url = "https://docs.example/"\n\n'
    catalog.write_text(site + "\n".join(libraries))
    return catalog


def _parse_only(config: CatalogConfig) -> tuple[float, int]:
    """Seconds and source bytes to read and parse every file, with no other stage."""
    started = time.perf_counter()
    total = 0
    for _, _, listing in _version_listings(config):
        for candidate in listing.candidates:
            source = read_source(candidate)
            if isinstance(source, SourceFile):
                parsed = parse_file(source.relpath, source.text)
                if parsed is not None:
                    finalize_sections(parsed)
                total += len(source.text.encode())
    return time.perf_counter() - started, total


def _version_listings(
    config: CatalogConfig,
) -> Iterator[tuple[LibraryConfig, VersionConfig, VersionListing]]:
    """Each version with a folder, its library, and its files as its globs list them (listed
    when the loop reaches it, after what the loop did to the versions before)."""
    for library in config.libraries:
        for version in library.versions:
            if version.directory is None:
                continue
            globs = compile_globs(version.include), compile_globs(version.exclude)
            yield library, version, list_version_files(version.directory, *globs)


def measure(label: str, catalog_path: Path, runs: int, incremental: bool) -> None:
    config = load_catalog(catalog_path)
    work = Path(tempfile.mkdtemp(prefix="docbuild-bench-"))
    try:
        cold: list[float] = []
        parse: list[float] = []
        report = None
        for _ in range(runs):
            started = time.perf_counter()
            report = build_site(config, work / "_site")
            cold.append(time.perf_counter() - started)
            parse.append(_parse_only(config)[0])
        assert report is not None
        tracemalloc.start()
        build_site(config, work / "_site")
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        source_mb = report.source_bytes / 1e6
        largest_mb = max(v.source_bytes for v in report.versions) / 1e6
        median, parse_median = statistics.median(cold), statistics.median(parse)
        print(f"{label}: {source_mb:.1f} MB of source in {len(report.versions)} versions")
        print(
            f"  cold build (all stages)  median {median:6.2f} s of {runs}  "
            f"{source_mb / median:6.1f} MB/s"
        )
        print(
            f"  read+parse+sections only median {parse_median:6.2f} s of {runs}  "
            f"{source_mb / parse_median:6.1f} MB/s"
        )
        print(
            f"  peak traced memory {peak / 1e6:.1f} MB; largest version {largest_mb:.1f} MB "
            f"of source; ratio {peak / 1e6 / largest_mb:.2f}x"
        )
        if incremental:
            _measure_incremental(catalog_path, work, runs)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _edited(original: bytes, suffix: str, n: int) -> bytes:
    """The file with a sentence added where its format shows it: a paragraph at the end of a
    Markdown or reST file, words inside the first paragraph of an HTML page."""
    if suffix in (".html", ".htm"):
        return original.replace(b"</p>", f" Edited {n}.</p>".encode(), 1)
    return original + f"\n\nEdited paragraph {n}.\n".encode()


def _measure_incremental(catalog_path: Path, work: Path, runs: int) -> None:
    """Touch one file per library version in turn and time the cached rebuild.

    Each incremental build is paired with a cold build of the same (edited) corpus run right
    before it, and the ratio is taken per pair: this machine's speed drifts by a third from
    minute to minute, which would swamp a ratio of medians taken minutes apart.
    """
    copy = work / "corpus"
    shutil.copytree(catalog_path.parent, copy, symlinks=True)
    config = load_catalog(copy / catalog_path.name)
    cache = work / "cache"
    build_site(config, work / "_inc", cache_dir=cache)
    ratios: list[tuple[float, str]] = []
    for library, version, listing in _version_listings(config):
        target = listing.candidates[len(listing.candidates) // 2].path
        original = target.read_bytes()
        pairs = []
        for n in range(runs):
            target.write_bytes(_edited(original, target.suffix, n))
            started = time.perf_counter()
            build_site(config, work / "_cold")
            cold = time.perf_counter() - started
            started = time.perf_counter()
            build_site(config, work / "_inc", cache_dir=cache)
            pairs.append((time.perf_counter() - started) / cold)
        target.write_bytes(original)
        build_site(config, work / "_inc", cache_dir=cache)
        ratios.append((statistics.median(pairs), f"{library.id} {version.version}: {target.name}"))
    ratios.sort()
    print(
        f"  incremental rebuild after one file changed, per version (median of {runs} ratios, "
        "each to a cold build run just before it):"
    )
    for ratio, what in ratios:
        print(f"    {ratio * 100:5.1f}% of cold  {what}")
    print(
        f"  median {statistics.median(r for r, _ in ratios) * 100:.1f}%, "
        f"worst {ratios[-1][0] * 100:.1f}% ({ratios[-1][1]})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--synthetic-mb", type=int, default=50)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    measure("examples", REPO / "examples" / "docbuild.toml", args.runs, incremental=True)
    if args.synthetic_mb:
        with tempfile.TemporaryDirectory(prefix="docbuild-synthetic-") as tmp:
            catalog = make_synthetic(Path(tmp), args.synthetic_mb)
            measure(f"synthetic {args.synthetic_mb} MB", catalog, args.runs, incremental=False)


if __name__ == "__main__":
    main()
