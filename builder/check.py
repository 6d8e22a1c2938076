"""``docbuild check``: validate any doctrove-index@1 file and summarise what it holds."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec
import orjson

from builder.errors import BuildError, CatalogInvalid, IndexInvalid
from schemas import CATALOG_FORMAT
from schemas.build_catalogs import is_build_catalog
from schemas.catalog_rules import catalog_problems
from schemas.digests import file_sha256
from schemas.documents import CATALOG_DECODER, CatalogEntry
from schemas.index_rules import index_problems
from schemas.json_errors import json_problem
from schemas.lookup_table import LOOKUP_FILE, LOOKUP_FORMAT

MAX_INDEX_BYTES = 1024 * 1024 * 1024
# Each library's own index, which a site has whether or not its whole index.json was written.
LIBRARY_INDEXES = "libs/*/index.json"
# Each library's own catalog, written beside its index.
LIBRARY_CATALOGS = "libs/*/catalog.json"
CATALOG = "catalog.json"
_BUILD_CATALOG = "docbuild.toml"
_BUILT_SITE = "_site"  # where docbuild build writes unless told otherwise


@dataclass(frozen=True)
class IndexSummary:
    entries: int
    versions: int
    sections: int
    # How many libs/<id>/index.json were checked for want of the site's index.json (0: none).
    library_files: int = 0
    # A site built with every index.json left out (--index-limit-mb): counted from its catalogs.
    no_index: bool = False
    # Libraries with a record and no index.json of their own (left out past --index-limit-mb).
    libraries_without: int = 0


def index_files(path: Path) -> list[Path]:
    """The index files ``path`` stands for: the file itself; a site folder's index.json, or each
    library's libs/<id>/index.json when the build left the whole one out (--index-limit-mb)."""
    if not path.is_dir():
        return [path]
    whole = path / "index.json"
    return [whole] if whole.is_file() else sorted(path.glob(LIBRARY_INDEXES)) or [whole]


def _build_of(folder: Path, where: str) -> str:
    """What to check for a catalog in ``folder``: the site its build wrote there (the project
    folder, given just after a build, was told only what it lacks), else to build it."""
    site = folder / _BUILT_SITE
    if (site / "index.json").is_file() or (site / "libs").is_dir():
        return f"check the folder its build wrote, {site}"
    return f"run docbuild build {where} and check the folder it writes ({_BUILT_SITE} by default)"


def check_index(path: Path) -> IndexSummary:
    """Validate the index file, or every index of the site folder, at ``path``; raise
    IndexInvalid listing every problem by JSON pointer."""
    files = index_files(path)
    if path.suffix == ".toml" and path.is_file():
        # docbuild check docbuild.toml said "not valid JSON: unexpected character".
        if not is_build_catalog(path):
            raise BuildError(
                f"{path} is a TOML file, not a doctrove index: give a doctrove-index@1 file, "
                "or the folder docbuild build wrote (_site by default)"
            )
        raise BuildError(
            f"{path} is a docbuild catalog (what a build reads, not what it writes): "
            + _build_of(path.parent, f"-c {path}")
        )
    _refuse_a_library_folder(path)
    if not files[0].exists() and path.is_dir() and any(path.glob(LIBRARY_CATALOGS)):
        return _check_library_indexes(path, [])
    if not files[0].exists():
        what = "holds no index.json nor libs/<id>/index.json" if path.is_dir() else "does not exist"
        if path.is_dir() and (path / _BUILD_CATALOG).is_file():
            raise BuildError(f"{path} {what}, but a {_BUILD_CATALOG}: {_build_of(path, 'there')}")
        raise BuildError(
            f"{path} {what}: give a doctrove-index@1 file, or the folder docbuild build wrote "
            "(_site by default)"
        )
    if not path.is_dir():
        return _check_index_file(files[0])
    if files[0].parent == path:
        document = _valid_index(files[0])
        _check_unlisted_whole_index(path)
        _check_listed_index(path, files[0])
        _check_beside_whole(path, files[0], document)
        return _summary(document)
    return _check_library_indexes(path, files)


def _refuse_a_library_folder(path: Path) -> None:
    """A site's ``libs/<id>/`` holds that library's index.json and catalog.json, whose shards
    are named from the site's folder: checked as a site, every shard was "damaged"."""
    site = path.parent.parent
    if not (path.is_dir() and path.parent.name == "libs" and (path / CATALOG).is_file()):
        return
    if not ((site / CATALOG).is_file() or (site / LOOKUP_FILE).is_file()):
        return
    alone = f" (or its index.json alone: docbuild check {path / 'index.json'})"
    raise BuildError(
        f"{path} is the folder of one library of the site in {site}, whose files are named "
        f"from the site's folder: check the site, docbuild check {site}"
        + (alone if (path / "index.json").is_file() else "")
    )


def _check_unlisted_whole_index(site: Path) -> None:
    """Raise IndexInvalid when a site docbuild built (it has catalog.json, else lookup.json)
    has an index.json that neither lists: the build left it out past --index-limit-mb, so it is
    another build's, and a plain doctrove client given the site's address reads it. A folder
    with neither is a plain doctrove host's, whose index.json lists itself."""
    for name in (CATALOG, LOOKUP_FILE):
        if (site / name).is_file():
            if lists_no_index(site / name):
                raise IndexInvalid(
                    f"{site} (its index files)",
                    [
                        f"index.json: there, though {name} does not list it (the build left it "
                        "out past --index-limit-mb): another build's, which a plain doctrove "
                        "client given the site's address reads. Delete it, or rebuild the site"
                    ],
                )
            return


def _check_listed_index(site: Path, index: Path) -> None:
    """Raise BuildError when the site's catalog.json vouches for other bytes than its
    index.json holds (edited, or half-copied, after the build)."""
    listed = _listed_index(site)
    if listed is None or listed.get("path") != index.name:
        return
    if not isinstance(listed.get("bytes"), int) or not isinstance(listed.get("sha256"), str):
        # Not the file's fault: no build writes such a catalog, and no reader can check it.
        raise BuildError(
            f"{site / CATALOG} lists {index.name} with {_described(listed)}: a "
            "doctrove-catalog@1 lists a file with both. Rebuild the site"
        )
    try:
        size, sha256 = index.stat().st_size, file_sha256(index)
    except OSError as exc:
        raise BuildError(f"{index}: cannot read ({exc.strerror})") from exc
    if (size, sha256) != (listed.get("bytes"), listed.get("sha256")):
        raise BuildError(
            f"{index} is not the file {CATALOG} lists (the catalog says {_described(listed)}; "
            f"the file is {size:,} bytes with sha256 {sha256[:16]}…): it changed after the "
            "build, and a reader who trusts it through the catalog's sha256 turns it down. "
            "Rebuild the site, or restore the index.json the build wrote"
        )


def _described(listed: dict[str, object]) -> str:
    size, sha256 = listed.get("bytes"), listed.get("sha256")
    size_text = f"{size:,} bytes" if isinstance(size, int) else "no size"
    sha_text = f"sha256 {sha256[:16]}…" if isinstance(sha256, str) else "no sha256"
    return f"{size_text} with {sha_text}"


def _check_library_indexes(site: Path, files: list[Path]) -> IndexSummary:
    """Each library's index, every problem of every one listed (one broken file hid the
    others'), and each library the site has a catalog.json for but no index.json."""
    problems: list[str] = []
    summaries: list[IndexSummary] = []
    for file in files:
        try:
            summaries.append(_check_index_file(file))
        except IndexInvalid as error:
            problems.extend(f"{file.relative_to(site)}: {problem}" for problem in error.problems)
    listed = _listed_whole_index(site)
    if listed is not None:
        # Left out past --index-limit-mb, the catalog does not list it; listed, it was lost.
        problems.append(
            f"{listed}: missing, though catalog.json lists it (a client given the site's "
            "address reads it)"
        )
    problems.extend(_listed_library_problems(site))
    if problems:
        raise IndexInvalid(f"{site} (its index files)", problems)
    if not files:
        return _summary_of_records(site)
    checked = {file.parent.name for file in files}
    return IndexSummary(
        entries=sum(summary.entries for summary in summaries),
        versions=sum(summary.versions for summary in summaries),
        sections=sum(summary.sections for summary in summaries),
        library_files=len(files),
        libraries_without=len({r.parent.name for r in site.glob(LIBRARY_CATALOGS)} - checked),
    )


def _listed_library_problems(site: Path) -> list[str]:
    """Each library index.json its record (libs/<id>/catalog.json) lists that is missing or is
    not the file listed, and each there that its record does not list. A record lists its
    library's index only when the build wrote it: one left out past --index-limit-mb is no
    problem, one lost is, and so is one another build left in its place."""
    problems = []
    for record in sorted(site.glob(LIBRARY_CATALOGS)):
        listed = _listed_index(record)
        own = record.with_name("index.json")
        if own.is_file() and lists_no_index(record):
            where = own.relative_to(site).as_posix()
            problems.append(
                f"{where}: there, though {record.relative_to(site).as_posix()} does not list it "
                "(the build left it out past --index-limit-mb): another build's, which a client "
                "given its index URL reads. Delete it, or rebuild the site"
            )
        if listed is None or not isinstance(path := listed.get("path"), str):
            continue
        index = site / path
        if not index.is_file():
            problems.append(
                f"{path}: missing, though {record.relative_to(site).as_posix()} lists it (a "
                "client given its index URL gets a 404)"
            )
        elif (index.stat().st_size, file_sha256(index)) != (
            listed.get("bytes"),
            listed.get("sha256"),
        ):
            problems.append(
                f"{path}: not the file {record.relative_to(site).as_posix()} lists (it says "
                f"{_described(listed)}): it changed after the build. Rebuild the site"
            )
    return problems


def _summary_of_records(site: Path) -> IndexSummary:
    """The libraries, versions and sections the site's library records list."""
    entries = [
        entry for record in sorted(site.glob(LIBRARY_CATALOGS)) for entry in _record_entries(record)
    ]
    return IndexSummary(
        entries=len(entries),
        versions=sum(len(entry.versions) for entry in entries),
        sections=sum(shard.sections for entry in entries for shard in entry.shards.values()),
        no_index=True,
    )


def _record_entries(record: Path) -> list[CatalogEntry]:
    """A library record's entries (none when it is no doctrove-catalog@1: check_catalogs
    names what is wrong with it, where counting its fields failed with a traceback)."""
    try:
        return CATALOG_DECODER.decode(record.read_bytes()).entries
    except (OSError, msgspec.DecodeError):
        return []


def _check_index_file(path: Path) -> IndexSummary:
    return _summary(_valid_index(path))


def _valid_index(path: Path) -> dict[str, Any]:
    """The doctrove-index@1 document at ``path``; IndexInvalid (or BuildError when it cannot be
    read) when it is not one."""
    try:
        size = path.stat().st_size
        if size > MAX_INDEX_BYTES:
            raise BuildError(f"{path}: {size / 1e9:.1f} GB is over the 1 GB a static host serves")
        body = path.read_bytes()
        document = orjson.loads(body)
    except OSError as exc:
        raise BuildError(f"{path}: cannot read ({exc.strerror})") from exc
    except orjson.JSONDecodeError as exc:
        raise IndexInvalid(str(path), [f"not valid JSON: {json_problem(body, exc)}"]) from exc
    problems = index_problems(document)
    if problems:
        raise IndexInvalid(str(path), [str(p) for p in problems])
    valid: dict[str, Any] = document
    return valid


def _summary(document: dict[str, Any]) -> IndexSummary:
    entries = document["entries"]
    return IndexSummary(
        entries=len(entries),
        versions=sum(len(e["versions"]) for e in entries),
        sections=sum(len(v["sections"]) for e in entries for v in e["volumes"].values()),
    )


def _check_beside_whole(site: Path, whole: Path, document: dict[str, Any]) -> None:
    """Each library's libs/<id>/index.json (a client may be given its URL) must be a valid
    index holding just that library's entry of the site's index.json; IndexInvalid naming each
    that is not (damaged, or left by another build)."""
    entries = {entry["id"]: entry for entry in document["entries"]}
    problems: list[str] = []
    for library in sorted(site.glob(LIBRARY_INDEXES)):
        where = library.relative_to(site).as_posix()
        if library.samefile(whole):  # a one-library site links the two names to one file
            continue
        try:
            own = _valid_index(library)
        except IndexInvalid as error:
            problems.extend(f"{where}: {problem}" for problem in error.problems)
            continue
        library_id = library.parent.name
        if own["entries"] != [entries.get(library_id)]:
            problems.append(
                f"{where}: not the entry {library_id!r} of index.json (damaged, or left by "
                "another build)"
            )
    problems.extend(_listed_library_problems(site))
    if problems:
        raise IndexInvalid(f"{site} (its index files)", problems)


def _listed_whole_index(site: Path) -> str | None:
    """The path of the whole-site index the site's catalog.json lists, if it lists one."""
    listed = _listed_index(site)
    path = listed.get("path") if listed is not None else None
    return path if isinstance(path, str) else None


def _listed_index(site_or_record: Path) -> dict[str, object] | None:
    """The index a catalog lists (path, bytes, sha256), if it lists one: a site folder's
    catalog.json its whole-site index, a library's record its own (an unreadable catalog is
    check_shards' to report)."""
    catalog = site_or_record / CATALOG if site_or_record.is_dir() else site_or_record
    try:
        listed = orjson.loads(catalog.read_bytes()).get("index")
    except (OSError, orjson.JSONDecodeError, AttributeError):
        return None
    return listed if isinstance(listed, dict) else None


def lists_no_index(catalog: Path) -> bool:
    """Whether ``catalog`` (catalog.json, lookup.json or a library's record) is a catalog of a
    known format that lists no index: its build wrote none. One unreadable or of another format
    tells nothing (check_catalogs and check_lookup report it)."""
    try:
        document = orjson.loads(catalog.read_bytes())
    except (OSError, orjson.JSONDecodeError):
        return False
    return (
        isinstance(document, dict)
        and document.get("format") in (CATALOG_FORMAT, LOOKUP_FORMAT)
        and "index" not in document
    )


def check_catalogs(site: Path) -> int:
    """Validate the site folder's catalog.json and each library's libs/<id>/catalog.json as a
    client does (doctrove-catalog@1, then ids and shards listed once each); the number checked.
    Raise CatalogInvalid naming every bad file: a client turns a bad catalog down and answers
    from an older copy, or not at all."""
    whole = site / CATALOG
    catalogs = ([whole] if whole.is_file() else []) + sorted(site.glob(LIBRARY_CATALOGS))
    problems: list[str] = []
    for catalog in catalogs:
        where = catalog.relative_to(site).as_posix()
        try:
            body = catalog.read_bytes()
        except OSError as exc:
            problems.append(f"{where}: cannot read ({exc.strerror})")
            continue
        problems.extend(f"{where}: {problem}" for problem in catalog_problems(body))
    if problems:
        raise CatalogInvalid(str(site), problems)
    return len(catalogs)
