"""Write the human-readable HTML site and its llms.txt files into the output directory.

The rendering edge of the site stage: templates come from ``site/`` (jinja2 with autoescape on
and StrictUndefined, so a typo in a template fails the build), pages are arranged by
``builder.pages_layout``, bodies turned into HTML by ``builder.pages_body``, and llms.txt text
written by ``builder.llms``. Every link between pages is relative, so the site works from any
base URL; only upstream links and the 404 page (served at any depth) use absolute URLs.

The build calls ``render_version`` once per version (with only that version's records),
then ``render_library`` per library and ``render_index`` once.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import jinja2
import orjson
from markupsafe import Markup

import builder
from builder.config import SiteConfig
from builder.errors import BuildError
from builder.llms import site_llms, version_llms
from builder.model import records_digest
from builder.pages_layout import (
    VERSION_INDEX,
    LibraryView,
    PageView,
    library_view,
    page_groups,
    page_of,
    relative_href,
    site_folder,
    site_url,
    without_bodies,
)
from builder.pages_sections import contents_html, sections_html
from builder.site_indexes import INDEX_FILE
from builder.workers import in_order
from schemas.versions import is_prerelease

STYLESHEET = "assets/style.css"
# Linked from every page, so a browser never asks for a missing /favicon.ico.
FAVICON = "assets/favicon.svg"
_TIMESTAMP = re.compile(r"^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})")


PageCache = Callable[[bytes, Callable[[], bytes], Path], None]
"""How ``render_version`` writes one file: given everything the file is made of that varies
within a version (its site path and the sha256 of its records or page views, as JSON), a
function that renders it and where it goes (its folder exists). The build cache keeps each file
by those inputs and links the kept one in (``builder.cached_stages``), so editing one source
file renders and writes one page again."""


def render_each(inputs: bytes, render: Callable[[], bytes], target: Path) -> None:
    """The ``PageCache`` that keeps nothing."""
    target.write_bytes(render())


class PageFiles(Protocol):
    """How ``render_version`` keeps the files of a version: each by everything it is made of
    that varies within a version (``PageCache``'s inputs). The build cache keeps them
    (``builder.cached_stages``), so editing one source file renders and writes one page again;
    asked first, it lets the others be rendered by workers (builder.workers)."""

    def link(self, inputs: bytes, target: Path) -> bool:
        """Put the file kept for ``inputs`` at ``target``; False when none is kept."""

    def write(self, inputs: bytes, data: bytes, target: Path) -> None:
        """Write ``data``, the file made of ``inputs``, to ``target``, and keep it."""


def _write_kept(files: PageFiles, inputs: bytes, render: Callable[[], bytes], target: Path) -> None:
    if not files.link(inputs, target):
        files.write(inputs, render(), target)


@dataclass(frozen=True)
class PageHeadings:
    """A page as the table of contents and llms.txt list it: the sha256 of its view without
    bodies (``view_sha256``), which both are kept by, what the version's summary says of it,
    and the view itself, made or read only when one of them is rendered again."""

    sha256: str
    path: str
    title: str
    sections: int
    view: Callable[[], PageView]


def view_sha256(view: PageView) -> str:
    """The sha256 of a view's JSON, keys sorted (the bytes the build cache keeps it as)."""
    return hashlib.sha256(orjson.dumps(view, option=orjson.OPT_SORT_KEYS)).hexdigest()


def page_headings(view: PageView) -> PageHeadings:
    """``PageHeadings`` of a view at hand (without bodies)."""
    return PageHeadings(
        view_sha256(view), view.path, view.title, len(view.sections), functools.partial(_same, view)
    )


def _same(view: PageView) -> PageView:
    return view


def _made_view(inputs: bytes, make: Callable[[], PageView]) -> PageHeadings:
    """The ``ViewCache`` that keeps nothing (beside a ``PageCache``, which keys on the sha256)."""
    return page_headings(make())


def _unkept_headings(view: PageView) -> PageHeadings:
    """``page_headings`` for a build that keeps nothing: no sha256, which only keys kept files."""
    return PageHeadings(
        "", view.path, view.title, len(view.sections), functools.partial(_same, view)
    )


ViewCache = Callable[[bytes, Callable[[], PageView]], PageHeadings]
"""How ``render_version`` gets a page's headings for the table of contents: given the page's
inputs (as ``PageCache`` has them) and a function that makes the view from its records. The
build cache keeps each view's sha256 by those inputs, so a rebuild whose contents did not
change neither decodes every page's records nor reads every page's view."""


@dataclass(frozen=True)
class PageSummary:
    path: str  # inside the version folder, unquoted
    title: str
    sections: int


@dataclass(frozen=True)
class VersionPages:
    """What ``render_version`` wrote, small enough to keep for every version of the build."""

    library_id: str
    version: str
    summary: str | None
    pages: tuple[PageSummary, ...]

    @property
    def sections(self) -> int:
        return sum(page.sections for page in self.pages)


@dataclass(frozen=True)
class VersionRow:
    """One line of a library page's version list."""

    version: str
    latest: bool
    prerelease: bool
    rendered: VersionPages | None


def template_loader() -> jinja2.BaseLoader:
    """The packaged templates (``builder/_site_templates``) when installed, else ``site/``."""
    loaders: list[jinja2.BaseLoader] = []
    # Without the packaged copy (a checkout or an editable install) PackageLoader refuses.
    with contextlib.suppress(ValueError):
        loaders.append(jinja2.PackageLoader("builder", "_site_templates"))
    checkout = Path(builder.__file__).parent.parent / "site"
    if (checkout / "base.html").is_file():
        loaders.append(jinja2.FileSystemLoader(checkout))
    if not loaders:
        raise BuildError(
            f"the site templates are missing: neither {checkout} nor "
            "builder/_site_templates exists; reinstall doctrove"
        )
    return jinja2.ChoiceLoader(loaders)


def make_environment(*, site_search: bool = False) -> jinja2.Environment:
    """The templates' environment; ``site_search`` puts the search box on every page."""
    env = jinja2.Environment(
        loader=template_loader(),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        # A build's templates do not change while it runs: no stat of each one per page.
        auto_reload=False,
    )
    env.globals["folder_of"] = site_folder
    env.globals["site_search"] = site_search
    env.globals["sections_html"] = functools.partial(sections_html, site_search=site_search)
    env.globals["contents_html"] = contents_html
    return env


def render_version(
    env: jinja2.Environment,
    site: SiteConfig,
    entry: Mapping[str, Any],
    version: str,
    records: Sequence[Mapping[str, Any]],
    out_dir: Path,
    *,
    summary: str | None = None,
    page_files: PageFiles | None = None,
    view_cache: ViewCache | None = None,
    jobs: int = 1,
) -> VersionPages:
    """Write one version's pages, its table of contents and its llms.txt.

    Pages are built and written one at a time, and only their headings are kept for the table
    of contents, so a version's text is never held twice over (``records`` may decode each
    record on access, and a page's records are decoded only when it is made or its headings
    are). Each file comes through ``page_files``, each page's headings through ``view_cache``;
    without either, nothing is kept and what they would be keyed on (each page's records and
    view, hashed) is not made. The pages not kept are rendered by ``jobs`` processes."""
    library = library_view(entry)
    folder = site_folder(library.id, version)
    context = {
        "site": site,
        "library": library,
        "version": version,
        "summary": summary,
        "folder": folder,
        "prerelease": is_prerelease(version),
    }
    groups = page_groups(records)
    # A source file named index.* owns the folder's index.html (its permalinks say so); the
    # table of contents then shares that page, above the sections.
    index_page: PageView | None = None
    index_at = next((n for n, (path, _, _) in enumerate(groups) if path == VERSION_INDEX), None)
    if index_at is not None:
        path, positions, with_source = groups.pop(index_at)
        index_page = page_of(
            path, [records[i] for i in positions], site.base_url, with_source=with_source
        )
    folders: set[Path] = set()
    jobs_of_pages = [
        _PageJob(path, positions, with_source, folder + path)
        for path, positions, with_source in groups
    ]
    inputs_of: dict[str, bytes] = {}

    def inputs(job: _PageJob) -> bytes:
        # The records by the sha256 of their JSON as written (the shard stage hashed it
        # already, ``records_digest``): kept pages are never decoded.
        if job.site_path not in inputs_of:
            digest = records_digest(records, job.positions)
            inputs_of[job.site_path] = orjson.dumps([job.site_path, job.with_source, digest])
        return inputs_of[job.site_path]

    def kept(job: _PageJob) -> _Rendered | None:
        if page_files is None:
            return None
        return (
            _KEPT
            if page_files.link(inputs(job), _target(out_dir, job.site_path, folders))
            else None
        )

    def written(job: _PageJob, rendered: _Rendered) -> None:
        target = _target(out_dir, job.site_path, folders)
        if page_files is None:
            target.write_bytes(rendered.data)
        else:
            page_files.write(inputs(job), rendered.data, target)

    render = functools.partial(_rendered, env, site.base_url, records, context)
    made = in_order(jobs_of_pages, render, jobs, known=kept, done=written)
    contents: list[PageHeadings] = []
    for job, rendered in zip(jobs_of_pages, made, strict=True):
        # A rendered page's headings came with it; a kept page's are made from its records,
        # without bodies, only if the view cache does not have them.
        headings: Callable[[], PageView] = (
            functools.partial(_same, rendered.headings)
            if rendered is not _KEPT
            else functools.partial(
                _page_at,
                job.path,
                records,
                job.positions,
                site.base_url,
                with_source=job.with_source,
                with_bodies=False,
            )
        )
        if page_files is None and view_cache is None:
            contents.append(_unkept_headings(headings()))
        else:
            contents.append((view_cache or _made_view)(inputs(job), headings))
            inputs_of.pop(job.site_path, None)
    if index_page is not None and index_at is not None:
        contents.insert(index_at, page_headings(without_bodies(index_page)))
    pages = tuple(contents)
    # Both list every page's headings, which a change to one page's text leaves as they were:
    # they are kept by the views' sha256, and the views are had only when they are rendered.
    views = _ViewsOnce(pages)
    toc_path, llms_path = folder + VERSION_INDEX, folder + "llms.txt"
    toc = functools.partial(_render_contents, env, toc_path, views, page=index_page, **context)
    llms = functools.partial(_llms_bytes, site, library, version, summary, views)
    if page_files is None:
        _target(out_dir, toc_path).write_bytes(toc())
        _target(out_dir, llms_path).write_bytes(llms())
    else:
        shas = [page.sha256 for page in pages]
        toc_inputs = orjson.dumps([toc_path, shas, index_page])
        _write_kept(page_files, toc_inputs, toc, _target(out_dir, toc_path))
        _write_kept(page_files, orjson.dumps([llms_path, shas]), llms, _target(out_dir, llms_path))
    return VersionPages(
        library.id,
        version,
        summary,
        tuple(PageSummary(page.path, page.title, page.sections) for page in pages),
    )


def render_library(
    env: jinja2.Environment,
    site: SiteConfig,
    entry: Mapping[str, Any],
    version_summaries: Sequence[VersionPages],
    out_dir: Path,
    page_cache: PageCache = render_each,
) -> None:
    """Write the library page: its versions newest first, the latest marked. ``page_cache``
    writes it, given all it is made of but the site's settings and templates: the entry and
    its versions' pages."""
    library = library_view(entry)
    rendered = {pages.version: pages for pages in version_summaries}
    rows = [
        VersionRow(v, v == library.latest, is_prerelease(v), rendered.get(v))
        for v in library.versions
    ]
    site_path = site_folder(library.id) + "index.html"
    render = functools.partial(
        _render_page, env, "library.html", site_path, library=library, rows=rows, site=site
    )
    inputs = orjson.dumps([site_path, entry, list(version_summaries)])
    page_cache(inputs, render, _target(out_dir, site_path))


def render_index(
    env: jinja2.Environment,
    site: SiteConfig,
    entries: Sequence[Mapping[str, Any]],
    updated_at: str | None,
    out_dir: Path,
    page_cache: PageCache = render_each,
    full_text: str | None = INDEX_FILE,
) -> None:
    """Write the landing page, 404.html, .nojekyll, the stylesheet and the root llms.txt; the
    two pages through ``page_cache``, as ``render_library`` does. ``full_text`` is the
    doctrove-index@1 file the root llms.txt points to (builder.llms.site_llms)."""
    libraries = [library_view(entry) for entry in entries]
    built = build_time(updated_at)
    render = functools.partial(
        _render_page,
        env,
        "index.html",
        "index.html",
        site=site,
        libraries=libraries,
        built=built,
        updated_at=updated_at,
    )
    page_cache(orjson.dumps(["index.html", entries, updated_at]), render, out_dir / "index.html")
    stylesheet = _stylesheet(env)
    # GitHub Pages serves 404.html at whatever depth was asked for, where relative links
    # would point nowhere: this one page inlines its style and links by absolute URL.
    page_cache(
        orjson.dumps(["404.html"]),
        functools.partial(_not_found_page, env, site, stylesheet),
        out_dir / "404.html",
    )
    _write_file(out_dir, ".nojekyll", "")
    _write_file(out_dir, STYLESHEET, stylesheet)
    _write_file(out_dir, FAVICON, _asset(env, FAVICON))
    _write_file(out_dir, "llms.txt", site_llms(site, libraries, built, full_text))


def _not_found_page(env: jinja2.Environment, site: SiteConfig, stylesheet: str) -> bytes:
    not_found = env.get_template("404.html").render(
        site=site, style=Markup(stylesheet), url=functools.partial(site_url, site.base_url)
    )
    return not_found.encode("utf-8")


def build_time(updated_at: str | None) -> str | None:
    """``2026-08-16T00:00:00.000Z`` → ``2026-08-16 00:00 UTC``; other text is shown as given."""
    if not updated_at:
        return None
    match = _TIMESTAMP.match(updated_at)
    if match is None or not updated_at.endswith("Z"):
        return updated_at
    return f"{match.group(1)} {match.group(2)} UTC"


def _stylesheet(env: jinja2.Environment) -> str:
    return _asset(env, STYLESHEET)


def _asset(env: jinja2.Environment, name: str) -> str:
    # Read through the template loader so assets come from the same place as the templates,
    # installed or not; they are copied verbatim, never rendered.
    if env.loader is None:
        raise BuildError("the jinja2 environment has no template loader")
    source, _, _ = env.loader.get_source(env, name)
    return source


def _render_page(env: jinja2.Environment, template: str, site_path: str, **context: Any) -> bytes:
    html = env.get_template(template).render(
        url=functools.partial(relative_href, site_path), **context
    )
    return html.encode("utf-8")


def _page_at(
    path: str,
    records: Sequence[Mapping[str, Any]],
    positions: Sequence[int],
    base_url: str,
    *,
    with_source: bool,
    with_bodies: bool = True,
) -> PageView:
    page_records = [records[i] for i in positions]  # decoded here: records may be lazy
    return page_of(path, page_records, base_url, with_source=with_source, with_bodies=with_bodies)


@dataclass(frozen=True)
class _PageJob:
    """One page of a version to write: its records' positions and where it goes."""

    path: str
    positions: list[int]
    with_source: bool
    site_path: str


@dataclass(frozen=True)
class _Rendered:
    """A page's HTML and its view without bodies (its headings, for the table of contents)."""

    data: bytes
    headings: PageView


# What the build cache's page files return for a page they linked in.
_KEPT = _Rendered(b"", PageView("", "", (), ()))


def _rendered(
    env: jinja2.Environment,
    base_url: str,
    records: Sequence[Mapping[str, Any]],
    context: Mapping[str, Any],
    job: _PageJob,
) -> _Rendered:
    """A page rendered (in a worker, when the version has workers: builder.workers); its
    records decoded once, its headings that view without bodies (``page_of`` promises the
    same as a view made without them)."""
    view = _page_at(job.path, records, job.positions, base_url, with_source=job.with_source)
    data = _render_page(env, "page.html", job.site_path, page=view, **context)
    return _Rendered(data, without_bodies(view))


class _ViewsOnce:
    """The views of a version's pages, had once, when the contents or llms.txt is rendered."""

    def __init__(self, pages: Sequence[PageHeadings]) -> None:
        self.pages = pages
        self.views: tuple[PageView, ...] | None = None

    def __call__(self) -> tuple[PageView, ...]:
        if self.views is None:
            self.views = tuple(page.view() for page in self.pages)
        return self.views


def _render_contents(
    env: jinja2.Environment, site_path: str, views: _ViewsOnce, **context: Any
) -> bytes:
    return _render_page(env, "version.html", site_path, pages=views(), **context)


def _llms_bytes(
    site: SiteConfig,
    library: LibraryView,
    version: str,
    summary: str | None,
    views: _ViewsOnce,
) -> bytes:
    return version_llms(site, library, version, summary, views()).encode("utf-8")


def _write_file(out_dir: Path, site_path: str, text: str) -> None:
    _write_bytes(out_dir, site_path, text.encode("utf-8"))


def _write_bytes(out_dir: Path, site_path: str, data: bytes) -> None:
    _target(out_dir, site_path).write_bytes(data)


def _target(out_dir: Path, site_path: str, made: set[Path] | None = None) -> Path:
    """Where ``site_path`` goes under ``out_dir``, its folder made; ``made`` lists folders
    made already, so a version's pages make each of theirs once (a make for each of 500 pages
    that share 8 folders cost a rebuild 20 ms)."""
    target = out_dir / site_path
    folder = target.parent
    if made is None or folder not in made:
        folder.mkdir(parents=True, exist_ok=True)
        if made is not None:
            made.add(folder)
    return target
