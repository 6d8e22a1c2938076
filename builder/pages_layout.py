"""Arrange one version's section records into site pages, and compute the links between pages.

Pure: records in, page views out. A page is a source file's sections at their stable anchors
(``builder.permalinks.page_path``); sections without a usable source (imported from another
index) share one page with anchors derived from their headings. Site paths here are relative
to the site root and unquoted (they name files on disk); ``relative_href`` turns one into a
quoted, relative URL seen from another page, so the site works under any base URL.
"""

from __future__ import annotations

import functools
import posixpath
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any
from urllib.parse import quote, unquote

from builder.errors import BuildError
from builder.model import record_sources
from builder.permalinks import (
    page_path,
    quote_anchor,
    source_file,
    unservable_characters,
    version_folder,
)
from schemas.anchors import slugify, unique_anchor
from schemas.versions import is_prerelease

IMPORTED_PAGE = "sections.html"
VERSION_INDEX = "index.html"


@dataclass(frozen=True)
class SectionView:
    """One section as a page shows it; ``upstream`` is an http(s) link to the original."""

    heading: str
    heading_path: tuple[str, ...]
    anchor: str
    body: str
    source: str | None
    lines: tuple[int, int] | None
    upstream: str | None

    @property
    def heading_level(self) -> int:
        """h2 for top-level sections, one deeper per ancestor, at most h6 (h1 is the page)."""
        return min(len(self.heading_path) + 2, 6)

    @property
    def contents_depth(self) -> int:
        """How far the table of contents indents the section: its ancestors, at most 4."""
        return min(len(self.heading_path), 4)


@dataclass(frozen=True)
class PageView:
    """One page of a version: its path inside the version folder, title and sections."""

    path: str
    title: str
    sources: tuple[str, ...]
    sections: tuple[SectionView, ...]


def site_folder(library_id: str, version: str | None = None) -> str:
    """The on-disk folder of a library (or of one of its versions), relative to the site root.

    Imported indexes only promise non-empty strings, so an id or version that is not a plain
    folder name (``..``, ``a/b``) is refused rather than written outside the site.
    """
    for name in (library_id, version):
        if name is not None and (name in (".", "..") or any(c in name for c in "/\\\x00")):
            raise BuildError(f"{name!r} cannot name a folder of the site; rename it in its index")
    if version is None:
        return f"libs/{library_id}/"
    return unquote(version_folder(library_id, version))


def relative_href(from_page: str, target: str, fragment: str | None = None) -> str:
    """The quoted URL of site file ``target`` as linked from site file ``from_page``."""
    href = _relative_path(posixpath.dirname(from_page) or ".", target)
    return href + ("#" + quote_anchor(fragment) if fragment is not None else "")


@functools.lru_cache(maxsize=4096)
def _relative_path(start: str, target: str) -> str:
    """The quoted path of ``target`` from folder ``start``: every page of a folder links the
    same few files (stylesheet, icon, index pages), and relpath costs more than a lookup."""
    return quote(posixpath.relpath(target, start), safe="/")


def site_url(base_url: str, target: str, fragment: str | None = None) -> str:
    """The absolute URL of site file ``target`` under ``base_url``."""
    url = base_url + quote(target, safe="/")
    return url + ("#" + quote_anchor(fragment) if fragment is not None else "")


def latest_version(versions: Iterable[str]) -> str | None:
    """The newest stable release, or the newest prerelease when there is no stable one.

    ``versions`` come newest first, as entries list them.
    """
    ordered = list(versions)
    stable = [v for v in ordered if not is_prerelease(v)]
    candidates = stable or ordered
    return candidates[0] if candidates else None


def page_groups(records: Sequence[Mapping[str, Any]]) -> list[tuple[str, list[int], bool]]:
    """Which records go on which page: (page path, record positions, has sources), pages in
    order of first appearance and imported sections (no usable source) last.

    Positions rather than records, so a caller can build and write one page at a time.
    """
    grouped: dict[str, list[int]] = {}
    imported: list[int] = []
    pages_of_sources: dict[str | None, str | None] = {}  # far fewer files than sections
    for position, value in enumerate(record_sources(records)):
        source = value if isinstance(value, str) else None
        if source not in pages_of_sources:
            safe = _safe_source(source)
            pages_of_sources[source] = page_path(safe) if safe is not None else None
        path = pages_of_sources[source]
        if path is None:
            imported.append(position)
        else:
            grouped.setdefault(path, []).append(position)
    groups = [(path, positions, True) for path, positions in grouped.items()]
    if imported:
        name, n = IMPORTED_PAGE, 0
        while name in grouped:
            n += 1
            name = f"sections-{n}.html"
        groups.append((name, imported, False))
    return groups


def page_view(
    path: str,
    positions: Sequence[int],
    records: Sequence[Mapping[str, Any]],
    base_url: str,
    *,
    with_source: bool,
) -> PageView:
    """The page made of the records at ``positions``."""
    return page_of(path, [records[i] for i in positions], base_url, with_source=with_source)


def without_bodies(page: PageView) -> PageView:
    """The page as a table of contents needs it: headings and anchors, no section text."""
    # Made field by field: dataclasses.replace costs several times a constructor call, and a
    # version's table of contents takes every section of it.
    sections = tuple(
        SectionView(s.heading, s.heading_path, s.anchor, "", s.source, s.lines, s.upstream)
        for s in page.sections
    )
    return replace(page, sections=sections)


def _safe_source(value: object) -> str | None:
    """A source relpath that stays inside the version folder, else None.

    Imported records are untrusted: a ``source`` of ``../../x`` must not write outside the site,
    and one with a newline or control character must not name a site file.
    """
    if not isinstance(value, str) or not value or "\\" in value or unservable_characters(value):
        return None
    parts = value.split("/")
    if value.startswith("/") or any(part in ("", ".", "..") for part in parts):
        return None
    return value


def page_of(
    path: str,
    records: Sequence[Mapping[str, Any]],
    base_url: str,
    *,
    with_source: bool,
    with_bodies: bool = True,
) -> PageView:
    """The page made of ``records``, one page group's records in order; without bodies it is
    ``without_bodies`` of that page, made without reading a body (a table of contents)."""
    headings = [_text(r.get("heading")) for r in records]
    anchors = _page_anchors(records, headings)
    sections = tuple(
        SectionView(
            heading=heading or "Untitled section",
            heading_path=_strings(record.get("headingPath")),
            anchor=anchor,
            body=_text(record.get("body")) if with_bodies else "",
            source=record["source"] if with_source else None,
            lines=_lines(record.get("lines")),
            upstream=_upstream(record.get("path"), base_url),
        )
        for record, heading, anchor in zip(records, headings, anchors, strict=True)
    )
    sources = tuple(dict.fromkeys(source_file(s.source) for s in sections if s.source is not None))
    return PageView(path, _title(sections, sources), sources, sections)


def _page_anchors(records: Sequence[Mapping[str, Any]], headings: list[str]) -> list[str]:
    """The given anchors first (they are permalinks), then derived ones for the rest."""
    taken: set[str] = set()
    anchors: list[str | None] = []
    for record in records:
        given = record.get("anchor")
        anchors.append(unique_anchor(given, taken) if isinstance(given, str) and given else None)
    return [
        a if a is not None else unique_anchor(slugify(h), taken)
        for a, h in zip(anchors, headings, strict=True)
    ]


def _title(sections: tuple[SectionView, ...], sources: tuple[str, ...]) -> str:
    """The document title: the first section's outermost heading (parsers put it there)."""
    if not sources:
        return "Sections"
    first = sections[0]
    return first.heading_path[0] if first.heading_path else first.heading


def _text(value: object) -> str:
    return value if isinstance(value, str) else ""


def _strings(value: object) -> tuple[str, ...]:
    if not isinstance(value, list):
        return ()
    return tuple(v for v in value if isinstance(v, str))


def _lines(value: object) -> tuple[int, int] | None:
    if isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value):
        return value[0], value[1]
    return None


def _upstream(value: object, base_url: str) -> str | None:
    """The section's ``path`` when it is an http(s) URL outside this site, else None."""
    if not isinstance(value, str) or (base_url and value.startswith(base_url)):
        return None
    return value if value.startswith(("https://", "http://")) else None


@dataclass(frozen=True)
class LibraryView:
    """An index entry as the pages show it: optional fields filled, links checked."""

    id: str
    name: str
    summary: str
    aliases: tuple[str, ...]
    homepage: str | None
    packages: tuple[str, ...]
    versions: tuple[str, ...]
    latest: str | None


def library_view(entry: Mapping[str, Any]) -> LibraryView:
    versions = tuple(v for v in entry.get("versions", ()) if isinstance(v, str))
    homepage = entry.get("homepage")
    return LibraryView(
        id=str(entry["id"]),
        name=_text(entry.get("name")) or str(entry["id"]),
        summary=_text(entry.get("summary")),
        aliases=_strings(entry.get("aliases")),
        homepage=_upstream(homepage, "") if isinstance(homepage, str) else None,
        packages=_strings(entry.get("packages")),
        versions=versions,
        latest=latest_version(versions),
    )
