"""Library docs fetched from the package registries at run time, for question sets about
libraries the repository does not hold (bench/field.py's field questions, eval.train's fetched
training questions): where each comes from, fetching it once into a folder, a docbuild catalog
of what was fetched, and the questions' tab-separated files.

Nothing fetched is committed: ``pip download`` of a source archive, ``npm pack`` or
``apt-get download`` of a Debian ``*-doc`` package, unpacked under the folder given.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tarfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from eval.dataset import Gold, Question

GOLD_SEPARATOR = " || "


@dataclass(frozen=True)
class FetchedLibrary:
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


def debian_html(
    library_id: str,
    version: str,
    package: str,
    doc_dir: str = "",
    include: tuple[str, ...] = ("**/*.html",),
) -> FetchedLibrary:
    """A Debian ``*-doc`` package's built Sphinx HTML: ``package`` with its exact version
    after "=", unpacked under ``library_id``, its pages in /usr/share/doc/``doc_dir``/html
    (the package's name unless given)."""
    path = f"{library_id}/usr/share/doc/{doc_dir or package.partition('=')[0]}/html"
    return FetchedLibrary(library_id, version, "debian", package, path, include,
                          SPHINX_HTML_LEFT_OUT)  # fmt: skip


class FetchError(Exception):
    """A library's docs could not be fetched, or do not hold what its questions say answers
    them; the message says what failed and why."""


def fetch(library: FetchedLibrary, folder: Path) -> None:
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
        archive = _one(downloads, f"{_archive_name(library.package)}-{library.version}.tar.gz",
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
        # apt-get names the file <name>_<version>_<arch>.deb, an epoch's colon written %3a: the
        # exact version, for the folder holds every package fetched into it, pins since changed
        # included.
        name, _, pinned = library.package.partition("=")
        debs = sorted(downloads.glob(f"{name}_{pinned.replace(':', '%3a')}_*.deb"))
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


def _archive_name(package: str) -> str:
    """The name a source archive of ``package`` has today: lowercase, each run of "-", "_"
    and "." one "_" (PEP 625; zope.interface's is zope_interface-8.7.tar.gz, PyJWT's
    pyjwt-2.15.1.tar.gz)."""
    return re.sub(r"[-_.]+", "_", package).lower()


def _one(folder: Path, *names: str) -> Path:
    """The first of ``names`` in ``folder`` (archives name a package with - or _)."""
    for name in names:
        if (folder / name).exists():
            return folder / name
    raise FetchError(f"none of {', '.join(names)} in {folder}")


def _untar(archive: Path, target: Path) -> None:
    try:
        with tarfile.open(archive) as opened:
            opened.extractall(target, filter="data")
    except (tarfile.TarError, OSError, EOFError) as error:
        # A download cut short stays in the folder and is reused: say which file to delete.
        raise FetchError(
            f"{archive} could not be unpacked ({error}): delete it and run again"
        ) from None


def fetched_catalog(folder: Path, libraries: Sequence[FetchedLibrary]) -> Path:
    """Fetch each of ``libraries`` into ``folder`` (once: ``fetch``) and write their catalog;
    FetchError names the first that could not be fetched."""
    for library in libraries:
        fetch(library, folder)
    return write_catalog(folder, libraries)


def write_catalog(folder: Path, libraries: Sequence[FetchedLibrary]) -> Path:
    """A docbuild catalog of ``libraries``, their docs where ``fetch`` unpacks them."""
    lines = ["[site]", 'title = "Fetched docs"', 'base_url = "https://fetched.invalid/"']
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


def load_tsv_questions(path: Path, split: str) -> list[Question]:
    """The questions of a file: library, version, kind, text and gold ("-" for none;
    "source#heading" joined by GOLD_SEPARATOR) per tab-separated line, "#" lines comments;
    each named "<split>:<line number>"."""
    questions = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        if len(fields) != 5:
            raise ValueError(f"{path}:{number}: {len(fields)} tab-separated fields, not 5 "
                             "(library, version, kind, question, gold)")  # fmt: skip
        library, version, kind, text, gold = fields
        expect = () if gold == "-" else tuple(_gold(g) for g in gold.split(GOLD_SEPARATOR))
        questions.append(Question(f"{split}:{number}", kind, library, version, text, expect, split))
    return questions


def _gold(written: str) -> Gold:
    source, _, heading = written.partition("#")
    return Gold(source, heading)
