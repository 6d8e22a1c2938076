"""List a version's pages as its documentation tool sees them: its files, in its order."""

from __future__ import annotations

from dataclasses import replace

from builder.api.locate import candidate_folders
from builder.config import VersionConfig
from builder.globs import compile_globs
from builder.includes import include_root
from builder.projects.api_pages import api_pages
from builder.projects.debian_changelog import upstream_changelog
from builder.projects.detect import complete_layout, read_project_layout
from builder.projects.layout import ProjectLayout, ordered_candidates
from builder.projects.package_changelog import package_changelog
from builder.sources import Candidate, VersionListing, list_version_files


def project_listing(version: VersionConfig) -> tuple[ProjectLayout, VersionListing]:
    """The version's project layout, and its pages in the project's order."""
    if version.directory is None:
        raise ValueError("project_listing needs a version with a directory")
    layout = read_project_layout(
        version.directory,
        version.project,
        version.code_root,
        version.catalog_folder,
        version.version,
    )
    docs = layout.directory or version.directory
    # Pages may be links to files elsewhere in the project, which includes may read too.
    project = include_root(
        docs, version.code_root, layout.config_folder, bound=version.catalog_folder
    ).root
    listing = list_version_files(
        docs, compile_globs(version.include), compile_globs(version.exclude), project
    )
    pages = [c for c in listing.candidates if layout.admits(c.relpath)]
    requested = api_pages(
        version.api,
        layout.kind,
        candidate_folders(docs, version.source_dir, version.code_root, project),
        [*(c.relpath for c in listing.candidates), *(page.relpath for page in layout.generated)],
        layout.suffixes,
    )
    files = [(c.relpath, c.path) for c in listing.candidates]
    changelog = upstream_changelog(docs, files)
    if changelog is None and layout.kind != "none":  # a plain folder's are init's to include
        changelog = package_changelog(docs, project, files)
    requested = (*requested, *(() if changelog is None else (changelog,)))
    if requested:
        # The pages' text is short and follows the code's __all__: the cache keys it whole.
        # mdBook reads only the chapters SUMMARY.md lists: the pages asked for by name follow.
        listed = tuple(page.relpath for page in requested) if layout.only_listed else ()
        layout = replace(
            layout,
            order=(*layout.order, *listed),
            generated=(*layout.generated, *requested),
            generated_from=(
                *layout.generated_from,
                *((page.relpath, page.text) for page in requested),
            ),
            asked=tuple(
                (page.relpath, name) for page, name in zip(requested, version.api, strict=False)
            ),
        )
    if layout.generated:
        pages = _with_generated(pages, layout, version, {page.relpath for page in requested})
    layout = complete_layout(layout, pages)
    # What only the pages tell may leave some out (Docusaurus' drafts).
    pages = [c for c in pages if layout.admits(c.relpath)]
    return layout, replace(
        listing,
        candidates=tuple(ordered_candidates(pages, layout.order)),
        excluded_by_globs=listing.excluded_by_globs + len(listing.candidates) - len(pages),
    )


def _with_generated(
    pages: list[Candidate], layout: ProjectLayout, version: VersionConfig, asked: set[str]
) -> list[Candidate]:
    """``pages`` with the pages the project's gen-files scripts would write (those the
    version's globs admit; its include globs do not apply to the ``asked`` pages, its ``api``
    key's), which replace a file of the same path as gen-files does."""
    root = layout.directory or version.directory
    if root is None:
        return pages
    include, exclude = compile_globs(version.include), compile_globs(version.exclude)
    generated = [
        Candidate(page.relpath, root / page.relpath, page.text)
        for page in layout.generated
        if (page.relpath in asked or not include.patterns or include.matches(page.relpath))
        and not exclude.matches(page.relpath)
        and layout.admits(page.relpath)
    ]
    written = {c.relpath for c in generated}
    return [c for c in pages if c.relpath not in written] + generated
