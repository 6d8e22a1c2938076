"""Load and validate the catalog file (docbuild.toml) into frozen settings, all problems at once."""

from __future__ import annotations

import keyword
import re
import string
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson

from builder.errors import ConfigError
from builder.globs import GlobError, compile_globs
from builder.model import Warning_
from builder.problems import CatalogProblems
from schemas.build_catalogs import MAX_CATALOG_BYTES
from schemas.index_rules import index_problems
from schemas.lookup_table import LIBRARY_ID
from schemas.spelling import nearest_name
from schemas.term_chunks import SPLIT_INDEX_BYTES
from schemas.versions import InvalidVersion, parse_version

if TYPE_CHECKING:
    from builder.archive_source import ArchiveSource
    from builder.git_source import GitSource

PACKAGE_NAME = re.compile(r"^[a-z0-9]+:\S+$")
URL_PLACEHOLDERS = frozenset({"page", "source", "anchor", "version", "id", "line"})
# The largest integer every JSON reader keeps exact (JavaScript's Number.MAX_SAFE_INTEGER).
MAX_POPULARITY = 2**53 - 1

_SITE_KEYS = {
    "title": str,
    "base_url": str,
    "description": str,
    "embed": str,
    "split_index_bytes": (int, float),  # a byte count; _split_index_bytes checks it
}
_LIBRARY_KEYS = {
    "id": str,
    "name": str,
    "summary": str,
    "aliases": list,
    "homepage": str,
    "popularity": (int, float),
    "packages": list,
    "versions": list,
    "versions_from_git": dict,
}
_VERSION_KEYS = {
    "version": str,
    "path": str,
    "index": str,
    "entry": str,
    "include": list,
    "exclude": list,
    "url_template": str,
    "summary": str,
    "git": dict,
    "archive": object,  # a file name or a table; config_sources checks which
    "allow_outside": bool,
    "project": str,
    "source_dir": str,
    "api": list,
}
# How a version's docs folder is read: as the tool that wrote it, or as a folder of files.
PROJECT_KINDS = (
    "auto", "mkdocs", "vitepress", "docusaurus", "mdbook", "jupyterbook", "sphinx", "none",
)  # fmt: skip
# Tools a version's project is read as without a setting of their own: the one that reads them.
_PROJECT_READ_AS = {
    "quarto": "auto", "docsify": "auto", "zensical": "mkdocs", "properdocs": "mkdocs",
    "myst": "sphinx",
}  # fmt: skip
_IMPORT_KEYS = {"index": str, "only": list, "allow_outside": bool}
_TOP_KEYS = {"site": dict, "libraries": list, "imports": list}


def _key_homes(tables: dict[str, Iterable[str]]) -> dict[str, str]:
    """Each key to the table(s) that take it, for a key written in the wrong one."""
    homes: dict[str, list[str]] = {}
    for table, keys in tables.items():
        for key in keys:
            homes.setdefault(key, []).append(table)
    return {key: " or ".join(named) for key, named in homes.items()}


_KEY_HOMES = _key_homes(
    {
        "the top level": _TOP_KEYS,
        "[site]": _SITE_KEYS,
        "[[libraries]]": _LIBRARY_KEYS,
        "[[libraries.versions]]": _VERSION_KEYS,
        "[[imports]]": _IMPORT_KEYS,
    }
)


@dataclass(frozen=True)
class SiteConfig:
    title: str
    base_url: str
    description: str = ""
    embed: str = ""  # an embedding model id (semantic.embedders); "" builds no vectors
    # A version whose full-text index is at least this many bytes is published in chunks
    # (doctrove-shard@6, schemas/term_chunks.py); 0 cuts every version's index.
    split_index_bytes: int = SPLIT_INDEX_BYTES


@dataclass(frozen=True)
class VersionConfig:
    """One version of a library: a docs directory, a volume taken from another index, or docs
    read from git or an archive (materialized into ``directory`` and ``code_root`` at build)."""

    version: str
    directory: Path | None
    index: Path | None
    entry: str | None
    include: tuple[str, ...]
    exclude: tuple[str, ...]
    url_template: str | None
    summary: str | None
    git: GitSource | None = None
    archive: ArchiveSource | None = None
    code_root: Path | None = None  # the tree the docs came with, where code can be found
    # The catalog's folder, which no include reads above (None with allow_outside).
    catalog_folder: Path | None = None
    project: str = "auto"  # one of PROJECT_KINDS
    source_dir: Path | None = None  # the folder holding the package API pages document
    # Modules and packages to document on pages of their own (builder.projects.api_pages):
    # a project whose docs are its README has no page that names its code.
    api: tuple[str, ...] = ()
    # Where the catalog writes the version, for messages about its keys
    # ("docbuild.toml libraries[0] (id 'demo').versions[1]").
    catalog_place: str = ""


@dataclass(frozen=True)
class LibraryConfig:
    id: str
    name: str
    summary: str
    aliases: tuple[str, ...]
    homepage: str | None
    popularity: float | None
    packages: tuple[str, ...]
    versions: tuple[VersionConfig, ...]


@dataclass(frozen=True)
class ImportConfig:
    """An existing doctrove-index@1 file whose entries join the build as they are."""

    index: Path
    only: tuple[str, ...]


@dataclass(frozen=True)
class CatalogConfig:
    path: Path
    site: SiteConfig
    libraries: tuple[LibraryConfig, ...]
    imports: tuple[ImportConfig, ...]
    warnings: tuple[Warning_, ...] = ()  # not fatal, shown in the build report


def _unreadable_hint(exc: OSError, path: Path) -> str:
    """How to get past a catalog file that cannot be read, for the two slips a user makes."""
    if isinstance(exc, FileNotFoundError):
        return "; docbuild init writes one for the project in a folder, or -c names an existing one"
    if isinstance(exc, IsADirectoryError):
        inside = path / "docbuild.toml"
        if inside.is_file():
            return f"; -c names the catalog file itself: -c {inside}"
        return "; -c names the catalog file itself, such as FOLDER/docbuild.toml"
    return ""


def load_catalog(path: Path) -> CatalogConfig:
    """Read and validate ``path``; raise ConfigError listing every problem found."""
    try:
        raw_bytes = path.read_bytes()
    except OSError as exc:
        raise ConfigError(
            [f"{path}: cannot read the catalog file ({exc.strerror}){_unreadable_hint(exc, path)}"]
        ) from exc
    if len(raw_bytes) > MAX_CATALOG_BYTES:
        raise ConfigError([f"{path}: larger than {MAX_CATALOG_BYTES // 1024 // 1024} MiB"])
    try:
        raw = tomllib.loads(raw_bytes.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError([f"{path}: not valid TOML: {exc}"]) from exc
    except ValueError as exc:  # an integer too long to convert (Python's limit on digits)
        raise ConfigError([f"{path}: a value cannot be read: {str(exc).split(';')[0]}"]) from exc
    except RecursionError as exc:  # tomllib recurses once per level of nested arrays and tables
        message = "arrays or inline tables nested too deeply to read; a catalog needs a few levels"
        raise ConfigError([f"{path}: {message}"]) from exc
    problems = CatalogProblems(_KEY_HOMES)
    config = _parse_catalog(raw, path, problems)
    if problems.items:
        raise ConfigError(problems.items)
    return config


def _parse_catalog(raw: dict[str, Any], path: Path, problems: CatalogProblems) -> CatalogConfig:
    name = path.name
    top = problems.check_keys(raw, _TOP_KEYS, name)
    site_table = problems.check_keys(top.get("site", {}), _SITE_KEYS, f"{name} [site]")
    if "site" not in top:
        problems.add(name, "missing [site] table (with title and base_url)")
    for key in ("title", "base_url"):
        if not str(site_table.get(key, "")).strip() and "site" in top:
            problems.add(f"{name} [site]", f"missing {key}")
    if str(site_table.get("base_url", "")).strip():
        problems.web_url(site_table["base_url"], f"{name} [site].base_url")
    base_url = site_table.get("base_url", "/")
    if base_url and not base_url.endswith("/"):
        base_url += "/"
    site = SiteConfig(
        site_table.get("title", ""),
        base_url,
        site_table.get("description", ""),
        site_table.get("embed", "").strip(),
        _split_index_bytes(site_table, f"{name} [site].split_index_bytes", problems),
    )

    root = path.parent
    libraries: list[LibraryConfig] = []
    seen_ids: dict[str, str] = {}
    for i, table in enumerate(top.get("libraries", [])):
        library = _parse_library(table, f"{name} libraries[{i}]", root, problems)
        if library is None:
            continue
        if library.id in seen_ids:
            problems.add(
                f"{name} libraries[{i}]",
                f"duplicate id {library.id!r} (also {seen_ids[library.id]})",
            )
        seen_ids[library.id] = f"libraries[{i}]"
        libraries.append(library)

    imports: list[ImportConfig] = []
    for i, table in enumerate(top.get("imports", [])):
        where = f"{name} imports[{i}]"
        fields = problems.check_keys(table, _IMPORT_KEYS, where)
        if "index" not in fields:
            problems.add(where, "missing index (path of a doctrove-index@1 file)")
            continue
        index_path = problems.inside(
            root, fields["index"], fields.get("allow_outside", False), f"{where}.index"
        )
        only = problems.string_list(fields.get("only"), f"{where}.only")
        for entry_id in _imported_ids(index_path, only, where, problems):
            if entry_id in seen_ids:
                problems.add(
                    where,
                    f"entry id {entry_id!r} is already used by "
                    f"{seen_ids[entry_id]}; list the others in 'only'",
                )
            seen_ids[entry_id] = where
        imports.append(ImportConfig(index_path, only))
    if not libraries and not imports:
        problems.add(name, "no [[libraries]] and no [[imports]]: nothing to build")
    return CatalogConfig(path, site, tuple(libraries), tuple(imports), tuple(problems.warnings))


# Past any index a build can make (1 TiB), and within what the build cache's keys can hold.
MAX_SPLIT_INDEX_BYTES = 1 << 40


def _split_index_bytes(site_table: dict[str, Any], where: str, problems: CatalogProblems) -> int:
    """The [site] threshold for publishing an index in chunks: a whole number of bytes."""
    value = site_table.get("split_index_bytes", SPLIT_INDEX_BYTES)
    if isinstance(value, bool):  # check_keys has said it must be a number
        return SPLIT_INDEX_BYTES
    if isinstance(value, int) and 0 <= value <= MAX_SPLIT_INDEX_BYTES:
        return value
    problems.add(
        where,
        f"must be a whole number of bytes from 0 to {MAX_SPLIT_INDEX_BYTES}, not {value!r} "
        "(the default is "
        f"{SPLIT_INDEX_BYTES}; 0 publishes every version's index in chunks)",
    )
    return SPLIT_INDEX_BYTES


def _parse_library(
    table: Any, where: str, root: Path, problems: CatalogProblems
) -> LibraryConfig | None:
    fields = problems.check_keys(table, _LIBRARY_KEYS, where)
    library_id = fields.get("id", "")
    if not library_id:
        problems.add(where, "missing id")
        return None
    where = f"{where} (id {library_id!r})"
    if not LIBRARY_ID.fullmatch(library_id):
        problems.add(
            where,
            "id must be lowercase letters, digits, '.', '_' or '-', "
            "starting with a letter or digit, at most 100 characters",
        )
    if not str(fields.get("name", "")).strip():
        problems.add(where, "missing name")
    packages = problems.string_list(fields.get("packages"), f"{where}.packages")
    for package in packages:
        if not PACKAGE_NAME.match(package):
            problems.add(
                f"{where}.packages",
                f"{package!r} is not 'registry:name' (like npm:express or pypi:flask)",
            )
    popularity = fields.get("popularity")
    # The comparisons also refuse nan and inf, which TOML allows.
    if popularity is not None and not 0 <= popularity <= MAX_POPULARITY:
        problems.add(f"{where}.popularity", f"must be a number from 0 to {MAX_POPULARITY}")
        popularity = None
    homepage = fields.get("homepage")
    if homepage is not None:
        problems.web_url(homepage, f"{where}.homepage")
    versions: list[VersionConfig] = []
    seen: dict[tuple[object, ...], str] = {}
    tables = [(f"{where}.versions[{j}]", t) for j, t in enumerate(fields.get("versions", []))]
    if "versions_from_git" in fields:
        # Git and archive sources are imported by the catalogs that name them only.
        from builder.config_sources import expand_versions_from_git

        tagged = expand_versions_from_git(
            fields["versions_from_git"],
            where,
            root,
            problems.add,
            lambda at, message: problems.warnings.append(Warning_(at, message)),
        )
        tables += [(f"{where}.versions_from_git ({t['git']['ref']})", t) for t in tagged]
    for version_where, version_table in tables:
        version = _parse_version(version_table, version_where, root, library_id, problems)
        if version is None:
            continue
        try:
            key = parse_version(version.version).key
        except InvalidVersion:
            continue
        if key in seen:
            problems.add(version_where, f"version {version.version!r} duplicates {seen[key]!r}")
        seen[key] = version.version
        versions.append(version)
    if not fields.get("versions") and "versions_from_git" not in fields:
        problems.add(where, "has no [[libraries.versions]] and no versions_from_git")
    return LibraryConfig(
        id=library_id,
        name=fields.get("name", ""),
        summary=fields.get("summary", ""),
        aliases=problems.string_list(fields.get("aliases"), f"{where}.aliases"),
        homepage=homepage,
        popularity=popularity,
        packages=packages,
        versions=tuple(versions),
    )


def _parse_version(
    table: Any, where: str, root: Path, library_id: str, problems: CatalogProblems
) -> VersionConfig | None:
    fields = problems.check_keys(table, _VERSION_KEYS, where)
    version = fields.get("version")
    if version is None:
        problems.add(where, "missing version")
        return None
    try:
        parse_version(version)
    except InvalidVersion as exc:
        problems.add(f"{where}.version", str(exc))
    if sum(key in fields for key in ("path", "index", "git", "archive")) != 1:
        problems.add(
            where,
            "needs exactly one source: path (a docs directory), index (a doctrove-index@1 "
            "file), git (a repository at a ref) or archive (a release archive)",
        )
    git = archive = None
    if "git" in fields or "archive" in fields:
        from builder.config_sources import parse_archive, parse_git

        git = parse_git(fields["git"], where, root, problems.add) if "git" in fields else None
        if "archive" in fields:
            archive = parse_archive(fields["archive"], where, root, problems.add)
    allow_outside = fields.get("allow_outside", False)
    directory = (
        problems.inside(root, fields["path"], allow_outside, f"{where}.path")
        if "path" in fields
        else None
    )
    if directory is not None and not directory.is_dir():
        problems.add(
            f"{where}.path",
            f"directory {fields['path']!r} does not exist ({_relative_to(root)})",
        )
    index = (
        problems.inside(root, fields["index"], allow_outside, f"{where}.index")
        if "index" in fields
        else None
    )
    source_dir = _source_dir(fields, where, root, allow_outside, problems)
    api = _api_names(fields, where, problems)
    entry = fields.get("entry")
    if index is not None:
        _imported_ids(index, (entry or library_id,), f"{where}.index", problems, version)
    include = problems.string_list(fields.get("include"), f"{where}.include")
    exclude = problems.string_list(fields.get("exclude"), f"{where}.exclude")
    for key, globs in (("include", include), ("exclude", exclude)):
        try:
            compile_globs(globs)
        except GlobError as exc:
            problems.add(f"{where}.{key}", str(exc))
    project = fields.get("project", "auto")
    if project not in PROJECT_KINDS:
        problems.add(f"{where}.project", _project_problem(project))
    template = fields.get("url_template")
    if template is not None:
        _check_template(template, f"{where}.url_template", problems)
        problems.web_url(template, f"{where}.url_template")
    return VersionConfig(
        version=version,
        directory=directory,
        index=index,
        entry=entry,
        include=include,
        exclude=exclude,
        url_template=template,
        summary=fields.get("summary"),
        git=git,
        archive=archive,
        project=project,
        source_dir=source_dir,
        catalog_folder=None if allow_outside else root,
        api=api,
        catalog_place=where,
    )


def _api_names(fields: dict[str, Any], where: str, problems: CatalogProblems) -> tuple[str, ...]:
    """The modules and packages the version's ``api`` key names (``["tabulate"]``)."""
    names = problems.string_list(fields.get("api"), f"{where}.api")
    if names and "index" in fields:
        problems.add(f"{where}.api", "an index version has no code to document")
        return ()
    for name in names:
        parts = name.split(".")
        if not all(part.isidentifier() and not keyword.iskeyword(part) for part in parts):
            problems.add(
                f"{where}.api",
                f"{name!r} is no module name: name each module or package as it is imported "
                "('tabulate', 'toolz.curried')",
            )
    # Each name is a page, api/<name>.md: a name twice would be two pages of one path.
    for name in sorted({name for name in names if names.count(name) > 1}):
        problems.add(f"{where}.api", f"{name!r} is named twice")
    return names


def _source_dir(
    fields: dict[str, Any], where: str, root: Path, allow_outside: bool, problems: CatalogProblems
) -> Path | None:
    """The folder on sys.path that holds the documented package (``"../src"``), if given."""
    if "source_dir" not in fields:
        return None
    if "path" not in fields:
        problems.add(
            f"{where}.source_dir",
            "only a version with path takes source_dir; git and archive versions find their "
            "code in their own tree, index versions have no API pages to fill",
        )
        return None
    folder = problems.inside(root, fields["source_dir"], allow_outside, f"{where}.source_dir")
    if not folder.is_dir():
        problems.add(
            f"{where}.source_dir",
            f"directory {fields['source_dir']!r} does not exist ({_relative_to(root)})",
        )
    return folder


def _relative_to(root: Path) -> str:
    """Where relative paths start, named in full: "relative to ." names no folder."""
    return f"paths are relative to the catalog's folder, {root.resolve()}"


def _check_template(template: str, where: str, problems: CatalogProblems) -> None:
    try:
        names = {
            field for _, field, _, _ in string.Formatter().parse(template) if field is not None
        }
    except ValueError as exc:
        problems.add(where, f"not a valid template: {exc}")
        return
    unknown = names - URL_PLACEHOLDERS
    if unknown:
        problems.add(
            where,
            f"unknown placeholder(s) {sorted(unknown)}; "
            f"use {', '.join('{' + n + '}' for n in sorted(URL_PLACEHOLDERS))}",
        )


def _imported_ids(
    index_path: Path,
    wanted: tuple[str, ...],
    where: str,
    problems: CatalogProblems,
    version: str | None = None,
) -> list[str]:
    """Check that an index file exists, is valid and holds what is asked of it; return its ids."""
    document = read_index_file(index_path, where, problems)
    if document is None:
        return []
    entries = {entry["id"]: entry for entry in document["entries"]}
    for entry_id in wanted:
        if entry_id not in entries:
            problems.add(
                where,
                f"{index_path.name} has no entry {entry_id!r} "
                f"(it has {', '.join(sorted(entries)) or 'none'})",
            )
        elif version is not None and version not in entries[entry_id]["volumes"]:
            problems.add(
                where,
                f"{index_path.name} has no volume {version!r} for "
                f"{entry_id!r} (it has {', '.join(entries[entry_id]['volumes'])})",
            )
    return list(wanted) if wanted else list(entries)


def read_index_file(path: Path, where: str, problems: CatalogProblems) -> dict[str, Any] | None:
    try:
        document = orjson.loads(path.read_bytes())
    except OSError as exc:
        problems.add(where, f"cannot read {path}: {exc.strerror}{_left_out_hint(path)}")
        return None
    except orjson.JSONDecodeError as exc:
        problems.add(where, f"{path} is not valid JSON: {exc}")
        return None
    found = index_problems(document)
    for problem in found[:10]:
        problems.add(where, f"{path.name}{problem}")
    if found:
        return None
    result: dict[str, Any] = document
    return result


def _left_out_hint(path: Path) -> str:
    """Why a built site has no ``path``: its build left the index.json out past
    --index-limit-mb, as the catalog beside it says (catalog.json or lookup.json of the site,
    libs/<id>/catalog.json of a library), or "" when nothing beside it says so."""
    from builder.check import lists_no_index  # imported here: only a missing file needs it

    if path.name != "index.json" or path.exists():
        return ""
    for catalog in (path.with_name("catalog.json"), path.with_name("lookup.json")):
        if lists_no_index(catalog):
            return (
                f"; the build that wrote {catalog.name} beside it left it out past "
                "--index-limit-mb: build that site again with a larger --index-limit-mb"
            )
    return ""


def _project_problem(project: object) -> str:
    """What is wrong with a version's ``project``, and the value meant: "mkdoc" said only
    which values there are, unlike a misspelt key."""
    known = f"must be one of {', '.join(PROJECT_KINDS)}"
    if not isinstance(project, str):
        return known
    read_as = _PROJECT_READ_AS.get(project.lower())
    if read_as is not None:
        return f"{known}; {project!r} has no setting of its own: {read_as!r} reads it"
    close = nearest_name(project, PROJECT_KINDS)
    return f"{known}; did you mean {close!r}?" if close else known
