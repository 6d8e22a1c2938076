"""Build a synthetic site from about 200 MB of Markdown and measure it against GitHub Pages.

    python bench/big_site.py                 # 200 MB: 20 libraries x 5 versions x 2 MB
    python bench/big_site.py --mb 20 --keep /tmp/big

Writes the corpus and its docbuild.toml into a temporary folder (never into the repository),
runs ``docbuild build`` on it, and prints the build's wall time, the largest files, the site's
total and whether the whole-site index.json was written, against Pages' limits (100 MB a file,
1 GB a site).
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from builder.cli import run_build  # noqa: E402
from builder.site_size import PAGES_FILE_LIMIT, PAGES_SITE_LIMIT, measure_site  # noqa: E402

LIBRARIES, VERSIONS = 20, 5
PAGE_BYTES = 50_000
WORDS = [
    "request",
    "response",
    "client",
    "server",
    "timeout",
    "retry",
    "stream",
    "session",
    "cookie",
    "header",
    "body",
    "json",
    "schema",
    "validate",
    "parse",
    "render",
    "template",
    "route",
    "handler",
    "middleware",
    "cache",
    "queue",
    "worker",
    "task",
    "event",
    "signal",
    "config",
    "option",
    "default",
    "value",
    "return",
    "raise",
    "error",
    "exception",
    "module",
    "package",
]


def write_page(path: Path, rng: random.Random, title: str) -> int:
    parts = [f"# {title}\n"]
    size = 0
    n = 0
    while size < PAGE_BYTES:
        n += 1
        heading = f"\n## {rng.choice(WORDS).title()} {rng.choice(WORDS)} {n}\n\n"
        text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(60, 160))) + ".\n"
        code = f"\n```python\nclient.{rng.choice(WORDS)}_{n}(timeout={n})\n```\n"
        parts += [heading, text, code]
        size += len(heading) + len(text) + len(code)
    data = "".join(parts)
    path.write_text(data, encoding="utf-8")
    return len(data.encode())


def write_corpus(root: Path, megabytes: float) -> int:
    rng = random.Random(5)
    per_version = megabytes * 1e6 / (LIBRARIES * VERSIONS)
    lines = ['[site]\ntitle = "Big"\nbase_url = "https://org.github.io/big/"\n']
    total = 0
    for lib in range(LIBRARIES):
        lines.append(f'[[libraries]]\nid = "lib{lib:02d}"\nname = "Library {lib}"\n')
        for version in range(VERSIONS):
            folder = root / f"lib{lib:02d}" / f"1.{version}.0"
            folder.mkdir(parents=True)
            written, page = 0, 0
            while written < per_version:
                written += write_page(folder / f"page{page:03d}.md", rng, f"Page {page}")
                page += 1
            total += written
            lines.append(
                f'  [[libraries.versions]]\n  version = "1.{version}.0"\n'
                f'  path = "lib{lib:02d}/1.{version}.0"\n'
            )
    (root / "docbuild.toml").write_text("\n".join(lines), encoding="utf-8")
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mb", type=float, default=200.0, help="megabytes of Markdown")
    parser.add_argument("--keep", type=Path, help="build here and keep it (default: temporary)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="docbuild-big-") as scratch:
        root = args.keep or Path(scratch)
        started = time.perf_counter()
        source = write_corpus(root / "corpus", args.mb)
        print(
            f"corpus: {source / 1e6:.0f} MB of Markdown, {LIBRARIES * VERSIONS} versions, "
            f"written in {time.perf_counter() - started:.0f} s"
        )
        started = time.perf_counter()
        site = root / "_site"
        run_build(root / "corpus" / "docbuild.toml", site, no_cache=True, site_search=False)
        seconds = time.perf_counter() - started
        size = measure_site(site)
        print(f"build: {seconds:.0f} s")
        for path, bytes_ in size.biggest:
            print(
                f"  {path}: {bytes_ / 1e6:.1f} MB ({bytes_ / PAGES_FILE_LIMIT:.0%} of Pages' "
                "100 MB per file)"
            )
        print(
            f"site: {size.files} files, {size.total_bytes / 1e6:.0f} MB "
            f"({size.total_bytes / PAGES_SITE_LIMIT:.0%} of Pages' 1 GB per site); "
            f"whole index.json written: {(site / 'index.json').is_file()}"
        )


if __name__ == "__main__":
    main()
