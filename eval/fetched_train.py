"""Training questions about libraries the repository does not hold, their docs fetched at run
time (eval.fetched): more libraries for ``python -m eval.train --fetched FOLDER`` and
``python -m eval.crossval --fetched FOLDER`` to fit the weights on. They are scored only blind,
before a ranker is trained on them, or held out (``eval.crossval --fetched-folds``).

Dev alone is 238 questions over 12 libraries: weights fitted on so few libraries learn their
habits (eval.crossval's held-out figures sit below its in-sample ones). These questions add
sixty libraries in four formats. Helpers wrote them, eight at stop 58 (four rounds of ten
libraries) and four at stop 59 (two more rounds), each seeing only the built docs' sections as
text (never the client's code, its rankings or the other question files), from eval's brief
per kind; the gold is every section that fully answers, "source#heading".
"""

from __future__ import annotations

from pathlib import Path

from eval.dataset import Question
from eval.fetched import FetchedLibrary, debian_html, load_tsv_questions

TRAIN_QUESTIONS = Path(__file__).with_name("fetched_train.tsv")

TRAIN_LIBRARIES = (
    # Sphinx with autodoc from the code beside it, and MyST with autodoc (stamina).
    FetchedLibrary("marshmallow", "4.4.0", "pypi", "marshmallow", "marshmallow-4.4.0/docs",
                   ("**/*.rst",), ("authors.rst", "donate.rst"),
                   source_dir="marshmallow-4.4.0/src"),
    FetchedLibrary("packaging", "26.4", "pypi", "packaging", "packaging-26.4/docs", ("**/*.rst",),
                   ("development/**",), source_dir="packaging-26.4/src"),
    FetchedLibrary("dateutil", "4.0.0", "pypi", "python-dateutil", "python_dateutil-4.0.0/docs",
                   ("**/*.rst",), source_dir="python_dateutil-4.0.0/src"),
    FetchedLibrary("tenacity", "9.2.1", "pypi", "tenacity", "tenacity-9.2.1/doc/source",
                   ("*.rst",), source_dir="tenacity-9.2.1"),
    FetchedLibrary("stamina", "26.1.0", "pypi", "stamina", "stamina-26.1.0/docs", ("*.md",),
                   ("credits.md",), source_dir="stamina-26.1.0/src"),
    # An npm package's docs folder, and one's README alone.
    FetchedLibrary("pino", "10.4.0", "npm", "pino", "pino/package/docs", ("*.md",),
                   ("benchmarks.md", "ecosystem.md", "help.md")),
    FetchedLibrary("ws", "8.23.1", "npm", "ws", "ws/package", ("README.md",)),
    # Debian's built Sphinx HTML.
    debian_html("factory-boy", "2.11.1", "python-factory-boy-doc=2.11.1-5"),
    debian_html("cachelib", "0.9.0", "python-cachelib-doc=0.9.0-1", "python3-cachelib"),
    debian_html("blinker", "1.5", "python-blinker-doc=1.5-1"),
    # The second ten (trainC and trainD): Sphinx with autodoc, npm READMEs, Debian's HTML.
    FetchedLibrary("bleach", "6.4.0", "pypi", "bleach", "bleach-6.4.0/docs", ("*.rst",),
                   ("dev.rst",), source_dir="bleach-6.4.0"),
    FetchedLibrary("deepdiff", "9.1.0", "pypi", "deepdiff", "deepdiff-9.1.0/docs",
                   ("*.rst", "*.md"), ("authors.rst", "support.rst"), source_dir="deepdiff-9.1.0"),
    FetchedLibrary("jsonschema", "4.26.0", "pypi", "jsonschema", "jsonschema-4.26.0/docs",
                   ("**/*.rst",), source_dir="jsonschema-4.26.0"),
    FetchedLibrary("mistune", "3.4.0", "pypi", "mistune", "mistune-3.4.0/docs", ("*.rst",),
                   ("community.rst", "sponsors.rst"), source_dir="mistune-3.4.0/src"),
    FetchedLibrary("pyjwt", "2.15.1", "pypi", "pyjwt", "pyjwt-2.15.1/docs", ("*.rst",),
                   ("installation.rst",), source_dir="pyjwt-2.15.1"),
    FetchedLibrary("commander", "14.0.3", "npm", "commander", "commander/package",
                   ("Readme.md",)),
    FetchedLibrary("got", "14.6.6", "npm", "got", "got/package", ("readme.md",)),
    debian_html("doit", "0.31.1", "python-doit-doc=0.31.1-3.3"),
    debian_html("cmd2", "2.4.2", "python-cmd2-doc=2.4.2+ds-3"),
    debian_html("betamax", "0.8.1", "python-betamax-doc=0.8.1-3"),
    # The third ten (trainE and trainF).
    FetchedLibrary("urllib3", "2.8.0", "pypi", "urllib3", "urllib3-2.8.0/docs", ("**/*.rst",),
                   ("contributing.rst", "sponsors.rst"), source_dir="urllib3-2.8.0/src"),
    FetchedLibrary("tomlkit", "0.15.3", "pypi", "tomlkit", "tomlkit-0.15.3/docs", ("*.rst",),
                   source_dir="tomlkit-0.15.3"),
    FetchedLibrary("sqlparse", "0.6.1", "pypi", "sqlparse", "sqlparse-0.6.1/docs/source",
                   ("*.rst",), ("license.rst", "indices.rst"), source_dir="sqlparse-0.6.1"),
    FetchedLibrary("h11", "0.16.0", "pypi", "h11", "h11-0.16.0/docs/source", ("*.rst",),
                   source_dir="h11-0.16.0"),
    FetchedLibrary("markupsafe", "3.0.4", "pypi", "markupsafe", "markupsafe-3.0.4/docs",
                   ("*.rst",), ("license.rst",), source_dir="markupsafe-3.0.4/src"),
    FetchedLibrary("winston", "3.19.0", "npm", "winston", "winston/package", ("README.md",)),
    FetchedLibrary("ioredis", "6.1.0", "npm", "ioredis", "ioredis/package", ("README.md",)),
    FetchedLibrary("nock", "15.0.2", "npm", "nock", "nock/package", ("README.md",)),
    debian_html("apispec", "5.2.2", "python-apispec-doc=5.2.2-3"),
    debian_html("behave", "1.2.6", "python-behave-doc=1.2.6-4"),
    # The fourth ten (trainG and trainH).
    FetchedLibrary("more-itertools", "11.2.1", "pypi", "more-itertools",
                   "more_itertools-11.2.1/docs", ("*.rst",),
                   ("license.rst", "testing.rst", "toctree.rst"),
                   source_dir="more_itertools-11.2.1"),
    FetchedLibrary("semver", "3.2.0", "pypi", "semver", "semver-3.2.0/docs", ("**/*.rst",),
                   ("contribute/**",), source_dir="semver-3.2.0/src"),
    FetchedLibrary("pyparsing", "3.3.3", "pypi", "pyparsing", "pyparsing-3.3.3/docs",
                   ("*.rst",), ("CODE_OF_CONDUCT.rst", "Writing_Doctests.rst"),
                   source_dir="pyparsing-3.3.3"),
    FetchedLibrary("qs", "6.17.1", "npm", "qs", "qs/package", ("README.md",)),
    FetchedLibrary("body-parser", "2.4.0", "npm", "body-parser", "body-parser/package",
                   ("README.md",)),
    FetchedLibrary("cors", "2.8.6", "npm", "cors", "cors/package", ("README.md",)),
    debian_html("cookiecutter", "1.7.3", "python-cookiecutter-doc=1.7.3-3"),
    debian_html("colorzero", "2.0", "python-colorzero-doc=2.0-2"),
    debian_html("django-filter", "23.1", "python-django-filters-doc=23.1-1"),
    debian_html("aioftp", "0.21.4", "python-aioftp-doc=0.21.4-1"),
    # The fifth ten (trainI and trainJ, stop 59).
    FetchedLibrary("h2", "4.4.1", "pypi", "h2", "h2-4.4.1/docs/source", ("*.rst",),
                   ("release-process.rst", "testimonials.rst"), source_dir="h2-4.4.1/src"),
    FetchedLibrary("waitress", "3.0.2", "pypi", "waitress", "waitress-3.0.2/docs", ("*.rst",),
                   source_dir="waitress-3.0.2/src"),
    FetchedLibrary("webob", "1.8.11", "pypi", "webob", "webob-1.8.11/docs", ("**/*.txt",),
                   ("license.txt", "*-code/**"), source_dir="webob-1.8.11/src"),
    FetchedLibrary("wsproto", "1.3.2", "pypi", "wsproto", "wsproto-1.3.2/docs/source", ("*.rst",),
                   source_dir="wsproto-1.3.2/src"),
    FetchedLibrary("bull", "4.16.5", "npm", "bull", "bull/package", ("README.md", "CHANGELOG.md")),
    FetchedLibrary("express-session", "1.19.0", "npm", "express-session",
                   "express-session/package", ("README.md",)),
    debian_html("flask-login", "0.6.2", "python-flask-login-doc=0.6.2-1", "python3-flask-login"),
    debian_html("natsort", "8.0.2", "python-natsort-doc=8.0.2-2"),
    debian_html("jsonpickle", "3.0.0", "python-jsonpickle-doc=3.0.0+dfsg1-1"),
    debian_html("pexpect", "4.8.0", "python-pexpect-doc=4.8.0-4"),
    # The sixth ten (trainK and trainL, stop 59).
    FetchedLibrary("multidict", "7.2.1", "pypi", "multidict", "multidict-7.2.1/docs", ("*.rst",),
                   ("benchmark.rst",), source_dir="multidict-7.2.1"),
    FetchedLibrary("node-fetch", "3.3.2", "npm", "node-fetch", "node-fetch/package",
                   ("README.md",)),
    FetchedLibrary("morgan", "1.12.1", "npm", "morgan", "morgan/package", ("README.md",)),
    debian_html("polib", "1.1.1", "python-polib-doc=1.1.1-1"),
    debian_html("aiosqlite", "0.17.0", "python-aiosqlite-doc=0.17.0-2"),
    debian_html("humanfriendly", "10.0", "python-humanfriendly-doc=10.0-3"),
    debian_html("configobj", "5.0.8", "python-configobj-doc=5.0.8-1"),
    debian_html("pytest-mock", "3.8.2", "python-pytest-mock-doc=3.8.2-3", "python3-pytest-mock"),
    debian_html("logbook", "1.5.3", "python-logbook-doc=1.5.3-5.2"),
    debian_html("flask-babel", "2.0.0", "python-flask-babel-doc=2.0.0-3"),
)  # fmt: skip


def load_train_questions(path: Path = TRAIN_QUESTIONS) -> list[Question]:
    """The training questions, each named "train:<line number>" of ``path``."""
    return load_tsv_questions(path, "train")
