"""Benchmark docbuild against Pagefind and a plain html.parser + FTS5 script, on one core
(or on the cores ``--core 0,1`` names).

    apt-get download python3.11-doc && dpkg-deb -x python3.11-doc_*.deb py311
    python bench/pagefind.py py311/usr/share/doc/python3.11/html --rounds 3

The corpus (not part of the repository) is a folder of HTML pages; its index and search pages
(genindex*, search.html, py-modindex.html) and the theme's ``_*`` folders are left out, as the
issue's table did. Every tool reads the same copy of what is left and runs pinned to one core
(``--core``; with several, docbuild's workers and Pagefind's threads use them all, and peak
memory is that of the largest single process: a parallel build's workers each have their own).
Each round runs every tool once, interleaved, so a busy machine slows them all alike (two
docbuild checkouts swap places each round, and every run starts after a sync); the table
shows medians over the rounds and the load average before and after. Figures per tool: cold
build wall time (and CPU time, steadier when the machine is shared), peak memory (the child's
maximum resident set), output size against the input; for docbuild, also a cold build for
docclient alone (``--index-limit-mb 0``: no doctrove-index@1 files) and its output, and a
one-word edit in one page rebuilt with the build cache (``--rebuilds`` times a round, the page
put back after each), as a share of a cold build with the cache, in wall and in CPU time, with
its stages
(``--edit``: the word written backwards, the default, or made longer, or followed by a clause;
``--copies N`` builds a version of N copies of the corpus, to see how each figure grows);
with ``--site-search``, also docbuild with its search box on (a cold build with the cache, a
rebuild that changed nothing, a one-word rebuild); with ``--watch``, also ``docbuild build
--watch`` as an author runs it while editing: its first build on an empty cache and WATCH_EDITS
one-word edits made and undone in turn, each rebuilt by the running process, as the times it
reports itself (no interpreter start nor imports: what the edit costs). Output is counted twice
over: on disk (a file with two names once) and as a static host serves it (every path: a GitHub
Pages artifact holds no links).
Each checkout's modules are compiled to bytecode before the rounds, as an installed docbuild's
are. Pagefind is the ``pagefind`` package (``pip install pagefind==1.5.2 pagefind-bin==1.5.2``,
in the ``dev`` extra); without it its column says so.
The ``--watch`` timing is bench/pagefind_watch.py; the figures and their table are
bench/pagefind_table.py.
"""

from __future__ import annotations

import argparse
import gzip
import html.parser
import importlib.util
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from pagefind_table import Figures, Run, print_table
from pagefind_watch import watched_times

REPO = Path(__file__).resolve().parent.parent
LEFT_OUT = re.compile(r"^(genindex.*|search|py-modindex)\.html$")
# The page edited for the rebuild figure, when the corpus has it; else the middle page.
EDITED_PAGE = "library/json.html"
_PARAGRAPH_WORD = re.compile(r"<p>[^<]*?\b([a-z]{5,})\b")
_STAGE_LINE = re.compile(r"^(\w[\w ]*): .* in ([\d.]+) s$", re.MULTILINE)
CATALOG = """[site]
title = "Benchmark"
base_url = "https://bench.invalid/"

[[libraries]]
id = "corpus"
name = "Corpus"

  [[libraries.versions]]
  version = "1.0"
  path = "pages"
  include = ["**/*.html"]
"""


def run_pinned(command: list[str], cores: frozenset[int], cwd: Path = REPO) -> Run:
    """Run ``command`` on ``cores``; its wall time, CPU time (its processes' together) and
    peak resident memory (of its largest process)."""
    os.sync()  # what earlier runs wrote goes to disk now, not while this one runs
    start = time.perf_counter()
    process = subprocess.Popen(
        command,
        cwd=cwd,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        preexec_fn=lambda: os.sched_setaffinity(0, cores),
    )
    assert process.stderr is not None
    stderr = process.stderr.read().decode("utf-8", "replace")
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({process.returncode}):\n{stderr}")
    return Run(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, stderr)


def compile_bytecode(checkout: Path) -> None:
    """Compile a checkout's modules as ``pip install`` does, so that no docbuild run of the
    rounds spends its start compiling them: with PYTHONDONTWRITEBYTECODE set (as on this
    project's machines) Python would otherwise compile every module again on every run, about
    0.2 s of CPU, which a user's installed docbuild never pays."""
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", "builder", "schemas"], cwd=checkout, check=True
    )


def stage_corpus(source: Path, work: Path, copies: int = 1) -> tuple[Path, int]:
    """Copy the pages the table counts into ``work/pages`` (``copies`` times over, each copy in
    a folder of its own, for a version that many times larger); the folder and its byte
    count."""
    pages = work / "pages"
    total = 0
    for path in sorted(source.rglob("*.html")):
        relative = path.relative_to(source)
        if relative.parts[0].startswith("_") or LEFT_OUT.match(relative.as_posix()):
            continue
        for copy in range(copies):
            target = pages / (f"copy{copy + 1}" if copies > 1 else "") / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
            total += target.stat().st_size
    (work / "docbuild.toml").write_text(CATALOG, encoding="utf-8")
    return pages, total


def pagefind_version(python: str) -> str | None:
    """The installed Pagefind's version, or None. Asked of ``python -m pagefind`` from the
    repository root: this file's own name would shadow the package for an import from here."""
    try:
        found = subprocess.run(
            [python, "-m", "pagefind", "--version"], cwd=REPO, capture_output=True, timeout=60
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    words = found.stdout.decode("utf-8", "replace").split()
    return words[-1] if found.returncode == 0 and words else None


def folder_bytes(folder: Path) -> int:
    """The bytes a folder stores on disk: a file with two names (docbuild links the site's
    index.json to its library's when there is one library) counts once, as on disk or in a
    git branch."""
    sizes: dict[tuple[int, int], int] = {}
    for path in folder.rglob("*"):
        if path.is_file():
            status = path.stat()
            sizes[status.st_dev, status.st_ino] = status.st_size
    return sum(sizes.values())


def served_bytes(folder: Path) -> int:
    """The bytes a static host serves from a folder: every path counts. A GitHub Pages
    artifact may hold no links (upload-pages-artifact stores each name's bytes), so a file with
    two names is deployed twice."""
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())


def first_answer_bytes(site: Path) -> str:
    """What a cold docclient fetches before it can rank: catalog.json and the version's shard,
    or its head when the index is in chunks (whose chunks and body packs depend on the question:
    bench/first_answer.py asks real questions)."""
    catalog = json.loads((site / "catalog.json").read_text(encoding="utf-8"))
    shards = [ref for entry in catalog["entries"] for ref in entry["shards"].values()]
    shard_bytes: int = sum(ref["bytes"] for ref in shards)
    # doctrove-shard@3 and later formats are heads (schemas.shards.HEAD_FORMATS; this script
    # measures other checkouts, so it does not import this one's).
    heads = all(int(ref["format"].rsplit("@", 1)[1]) >= 3 for ref in shards)
    what = "head, before the question's chunks and packs" if heads else "shard"
    total = (site / "catalog.json").stat().st_size + shard_bytes
    return f"{total:,} bytes (catalog + {what})"


class _TextCollector(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.title = ""
        self._skipping = 0
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: object) -> None:
        if tag in ("script", "style"):
            self._skipping += 1
        self._in_title = tag == "title"

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style") and self._skipping:
            self._skipping -= 1
        self._in_title = False

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data
        elif not self._skipping:
            self.parts.append(data)


def plain_script(pages: Path, database: Path) -> None:
    """The plain reference: each page's text by html.parser into one FTS5 table, gzipped."""
    connection = sqlite3.connect(database)
    connection.execute("CREATE VIRTUAL TABLE pages USING fts5(path, title, body)")
    for path in sorted(pages.rglob("*.html")):
        collector = _TextCollector()
        collector.feed(path.read_text(encoding="utf-8", errors="replace"))
        body = " ".join(" ".join(collector.parts).split())
        connection.execute(
            "INSERT INTO pages VALUES (?, ?, ?)",
            (path.relative_to(pages).as_posix(), collector.title.strip(), body),
        )
    connection.commit()
    connection.close()
    Path(f"{database}.gz").write_bytes(gzip.compress(database.read_bytes(), mtime=0))


# One-word rebuilds per round and checkout: a rebuild takes about a second, which a shared
# machine's load swings by a fifth, so one a round left its median to three or five samples.
REBUILDS_PER_ROUND = 3
# How the rebuild's page is edited: a paragraph word written backwards (the page keeps its
# length and its token counts), or made three letters longer, or followed by a clause of ten
# words (more tokens, more index chunks and head pages changed).
EDITS = {
    "reverse": lambda word: word[::-1],
    "longer": lambda word: word + "xyz",
    "clause": lambda word: word + " and, as many readers will note, rather more than before",
}


def edit_one_word(page: Path, edit: str = "reverse") -> bytes:
    """Change one word of ``page``'s text as ``edit`` says (EDITS); return its original bytes
    to put back."""
    original = page.read_bytes()
    text = original.decode("utf-8")
    # A word of a paragraph's text, not of its markup.
    match = _PARAGRAPH_WORD.search(text)
    if match is None:
        raise SystemExit(f"{page} has no paragraph word to edit")
    start, end = match.span(1)
    page.write_text(text[:start] + EDITS[edit](text[start:end]) + text[end:], "utf-8")
    return original


def measure_docbuild(
    checkout: Path,
    work: Path,
    pages: Path,
    edited: Path | None,
    cores: frozenset[int],
    figures: Figures,
    with_search: bool = False,
    edit: str = "reverse",
    with_watch: bool = False,
    rebuilds: int = 1,
) -> None:
    """One round of docbuild from ``checkout``: a cold build without the cache, then a cold
    build that fills an empty cache, and ``rebuilds`` times one word changed in ``edited`` as
    ``edit`` says (EDITS) and a rebuild, the page put back after each (unless ``edited`` is
    None), all without the search box; then, ``with_search``, the same with it; then,
    ``with_watch``, the edits under --watch."""
    command = [sys.executable, "-m", "builder.cli", "build", "-c", str(work / "docbuild.toml")]
    site, cache, warm = work / "site", work / "cache", work / "warm"
    for folder in (site, cache, warm):
        shutil.rmtree(folder, ignore_errors=True)
    cold = run_pinned(
        [*command, "--out", str(site), "--no-cache", "-q", "--no-site-search"], cores, checkout
    )
    figures.add(cold)
    size, served, given = folder_bytes(site), served_bytes(site), folder_bytes(pages)
    figures.output = (
        f"{size / 1e6:.1f} MB on disk ({size / given:.2f}× the input), {served / 1e6:.1f} MB "
        f"served ({served / given:.2f}×); first answer: {first_answer_bytes(site)}"
    )
    shutil.rmtree(site)
    no_indexes = ["--index-limit-mb", "0"]
    bare = run_pinned(
        [*command, "--out", str(site), "--no-cache", "-q", "--no-site-search", *no_indexes],
        cores,
        checkout,
    )
    figures.bare.append(bare)
    size, served = folder_bytes(site), served_bytes(site)
    figures.bare_output = (
        f"{size / 1e6:.1f} MB on disk ({size / given:.2f}× the input), {served / 1e6:.1f} MB "
        f"served ({served / given:.2f}×)"
    )
    if edited is None:
        return
    warm_command = [*command, "--out", str(warm), "--cache-dir", str(cache), "--no-site-search"]
    filled = run_pinned(warm_command, cores, checkout)
    figures.filled.append(filled)
    for cycle in range(rebuilds):
        if cycle:  # the page put back and rebuilt: the cache as the cold build filled it
            run_pinned(warm_command, cores, checkout)
        original = edit_one_word(edited, edit)
        try:
            rebuilt = run_pinned(warm_command, cores, checkout)
        finally:
            edited.write_bytes(original)
        figures.rebuilds.append(rebuilt)
        figures.rebuild_share.append(rebuilt.wall / filled.wall)
        figures.rebuild_cpu_share.append(rebuilt.cpu / filled.cpu)
        figures.rebuild_share_uncached.append(rebuilt.wall / cold.wall)
        figures.stages.append(
            {name: float(seconds) for name, seconds in _STAGE_LINE.findall(rebuilt.stderr)}
        )
    if with_search:
        measure_searched_rebuilds(command, checkout, work, edited, cores, figures, edit)
    if with_watch:
        measure_watched_rebuilds(command, checkout, work, edited, cores, figures, edit)


def measure_searched_rebuilds(
    command: list[str],
    checkout: Path,
    work: Path,
    edited: Path,
    cores: frozenset[int],
    figures: Figures,
    edit: str = "reverse",
) -> None:
    """The same with Pagefind's search box, as a build with Pagefind installed makes it: a
    cold build that fills an empty cache, a rebuild that changed nothing, a one-word rebuild."""
    site, cache = work / "searched", work / "searched-cache"
    for folder in (site, cache):
        shutil.rmtree(folder, ignore_errors=True)
    searched = [*command, "--out", str(site), "--cache-dir", str(cache), "--site-search"]
    figures.searched["cold build with the cache"].append(run_pinned(searched, cores, checkout))
    figures.searched["rebuild, nothing changed"].append(run_pinned(searched, cores, checkout))
    original = edit_one_word(edited, edit)
    try:
        figures.searched["rebuild, one word changed"].append(run_pinned(searched, cores, checkout))
    finally:
        edited.write_bytes(original)


def measure_watched_rebuilds(
    command: list[str],
    checkout: Path,
    work: Path,
    edited: Path,
    cores: frozenset[int],
    figures: Figures,
    edit: str = "reverse",
) -> None:
    """``docbuild build --watch`` on an empty cache (bench/pagefind_watch.py): the time its
    first build reports (a cold build with the cache, in the process), then WATCH_EDITS edits
    of ``edited`` (the word changed as ``edit`` says, then put back, in turn)."""
    site, cache = work / "watched", work / "watched-cache"
    for folder in (site, cache):
        shutil.rmtree(folder, ignore_errors=True)
    os.sync()
    watched = [*command, "--out", str(site), "--cache-dir", str(cache), "--no-site-search"]
    built, rebuilds = watched_times(
        watched, checkout, edited, cores, lambda page: edit_one_word(page, edit)
    )
    figures.watched_builds.append(built)
    figures.watched_rebuilds.extend(rebuilds)


def measure_pagefind(work: Path, pages: Path, cores: frozenset[int], figures: Figures) -> None:
    bundle = work / "pagefind"
    shutil.rmtree(bundle, ignore_errors=True)
    command = [sys.executable, "-m", "pagefind", "--site", str(pages)]
    figures.add(run_pinned([*command, "--output-path", str(bundle), "--quiet"], cores))
    size = folder_bytes(bundle)
    figures.output = f"{size / 1e6:.1f} MB ({size / folder_bytes(pages):.2f}×)"


def measure_plain_script(work: Path, pages: Path, cores: frozenset[int], figures: Figures) -> None:
    database, packed = work / "plain.sqlite", work / "plain.sqlite.gz"
    for stale in (database, packed):
        stale.unlink(missing_ok=True)
    script = str(Path(__file__).resolve())
    figures.add(
        run_pinned(
            [sys.executable, script, str(pages), "--plain-script", str(pages), str(database)],
            cores,
        )
    )
    figures.output = (
        f"{database.stat().st_size / 1e6:.1f} MB db, {packed.stat().st_size / 1e6:.1f} MB gzipped"
    )


def _cores(listed: str) -> frozenset[int]:
    """``0`` or ``0,1``: the CPUs to pin every tool to."""
    parts = listed.split(",")
    if not all(part.strip().isdigit() for part in parts):
        raise argparse.ArgumentTypeError(f"not a CPU number or a list of them: {listed!r}")
    return frozenset(int(part) for part in parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("corpus", type=Path, help="folder of HTML pages (see the docstring)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--core",
        type=_cores,
        default=frozenset({0}),
        help="the CPU every tool runs on, or several: 0,1",
    )
    parser.add_argument(
        "--before",
        type=Path,
        help="another checkout of this repository (e.g. `git archive <commit> | tar -x`), "
        "measured in the same rounds as 'docbuild before'",
    )
    parser.add_argument(
        "--no-rebuild",
        action="store_true",
        help="cold builds only: rounds take a third of the time",
    )
    parser.add_argument(
        "--docbuild-only",
        action="store_true",
        help="leave out Pagefind and the plain script (quicker rounds while iterating; the "
        "table then has no reference to compare cold builds with)",
    )
    parser.add_argument(
        "--site-search",
        action="store_true",
        help="also time docbuild with Pagefind's search box: a cold build with the cache, a "
        "rebuild that changed nothing and a one-word rebuild (needs Pagefind)",
    )
    parser.add_argument(
        "--watch",
        action="store_true",
        help="also time one-word edits rebuilt by a running docbuild build --watch (needs "
        "watchfiles, in the watch and dev extras)",
    )
    parser.add_argument(
        "--edit",
        choices=sorted(EDITS),
        default="reverse",
        help="how the rebuild's word is changed: written backwards (the default), made three "
        "letters longer, or followed by a clause of ten words",
    )
    parser.add_argument(
        "--copies",
        type=int,
        default=1,
        help="build a version made of this many copies of the corpus (a bigger version: how "
        "time, memory, a rebuild and the first answer grow with it)",
    )
    parser.add_argument(
        "--rebuilds",
        type=int,
        default=REBUILDS_PER_ROUND,
        help="one-word edits rebuilt per round and checkout, the page put back and rebuilt "
        f"after each (default {REBUILDS_PER_ROUND})",
    )
    parser.add_argument("--plain-script", nargs=2, type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.copies < 1:
        parser.error("--copies must be 1 or more")
    if args.rebuilds < 1:
        parser.error("--rebuilds must be 1 or more (--no-rebuild leaves them out)")
    if args.plain_script:
        plain_script(*args.plain_script)
        return
    if args.watch and importlib.util.find_spec("watchfiles") is None:
        raise SystemExit("--watch needs watchfiles: pip install 'doctrove[watch]'")
    if args.watch and args.no_rebuild:
        parser.error("--watch times rebuilds: leave out --no-rebuild")
    if args.site_search and pagefind_version(sys.executable) is None:
        raise SystemExit(
            "--site-search needs Pagefind: pip install pagefind==1.5.2 pagefind-bin==1.5.2"
        )
    version = None if args.docbuild_only else pagefind_version(sys.executable)
    if args.docbuild_only:
        print("docbuild only: Pagefind and the plain script are left out.")
    elif version is None:
        print(
            "Pagefind is not installed (pip install pagefind==1.5.2 pagefind-bin==1.5.2): "
            "its column is left out."
        )
    else:
        print(f"Pagefind: {version}")
    with tempfile.TemporaryDirectory(prefix="bench-pagefind-") as temp:
        work = Path(temp)
        pages, input_bytes = stage_corpus(args.corpus, work, args.copies)
        files = sorted(pages.rglob("*.html"))
        first_copy = pages / "copy1" if args.copies > 1 else pages
        edited: Path | None = (
            first_copy / EDITED_PAGE
            if (first_copy / EDITED_PAGE).is_file()
            else files[len(files) // 2]
        )
        if args.no_rebuild:
            edited = None
        print(
            f"corpus: {len(files)} pages, {input_bytes / 1e6:.1f} MB; load average before: "
            f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}"
        )
        checkouts = [REPO, *([args.before.resolve()] if args.before else [])]
        for checkout in checkouts:
            compile_bytecode(checkout)
        print("bytecode: compiled in each checkout first, as pip install does")
        results: dict[str, Figures] = {}
        if args.before:
            results["docbuild before"] = Figures()
        results |= {"docbuild": Figures(), "Pagefind": Figures(), "plain script": Figures()}
        docbuilds = [(REPO, results["docbuild"])]
        if args.before:
            docbuilds.insert(0, (args.before.resolve(), results["docbuild before"]))
        for round_number in range(args.rounds):
            # The two checkouts swap places each round: the one measured second would otherwise
            # always find the first one's files still being written back to disk.
            for checkout, figures in docbuilds[:: -1 if round_number % 2 else 1]:
                measure_docbuild(
                    checkout,
                    work,
                    pages,
                    edited,
                    args.core,
                    figures,
                    args.site_search,
                    args.edit,
                    args.watch,
                    args.rebuilds,
                )
            if version is not None:
                measure_pagefind(work, pages, args.core, results["Pagefind"])
            if not args.docbuild_only:
                measure_plain_script(work, pages, args.core, results["plain script"])
            walls = ", ".join(
                f"{name} {f.walls[-1]:.1f} s" for name, f in results.items() if f.walls
            )
            print(f"round {round_number + 1}: {walls}")
        edited_name = (
            "one page"
            if edited is None
            else f"{edited.relative_to(pages).as_posix()} ({args.edit})"
        )
        print_table(results, edited_name, len(args.core))


if __name__ == "__main__":
    main()
