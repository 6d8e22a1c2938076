"""Read a version's docs as the documentation tool that wrote them does (MkDocs, Sphinx).

detect    which tool, from mkdocs.yml or conf.py; the layout it gives the pages
layout    ProjectLayout, and applying it: page order, titles, substitutions
mkdocs    mkdocs.yml: docs_dir, nav, exclude_docs, theme folders
sphinx    conf.py settings and the toctree order from the root document
toctree   the toctree entries of one source file
"""

from builder.projects.detect import complete_layout, read_project_layout
from builder.projects.layout import (
    ProjectLayout,
    ordered_candidates,
    substitute_references,
    titled_by_navigation,
)
from builder.projects.listing import project_listing

__all__ = [
    "ProjectLayout",
    "complete_layout",
    "ordered_candidates",
    "project_listing",
    "read_project_layout",
    "substitute_references",
    "titled_by_navigation",
]
