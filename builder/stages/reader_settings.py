"""The project settings the reST and Markdown readers follow while they parse one page: the
default role, the Markdown flavour (MkDocs, mdBook, docsify, MDX, mystmd), MyST extensions,
module prefixes, issue roles, extlinks' roles, the plot directive's settings, conf.py's
object types and tags, bibliographies, page owners, substitutions, the summary settings of a Sphinx
project and the Jinja context its conf.py renders pages with, each entered as a context
around the page's parse.

Its own module so that the parse stage imports the readers' settings only for a page that
takes them (builder.stages.parse): a version of built HTML never loads the reST and Markdown
readers, about a twentieth of a one-page rebuild's time.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence

from builder.parsers.markdown.flavor import markdown_flavor
from builder.parsers.markdown.heading_attributes import attribute_delimiters
from builder.parsers.markdown.mkdocs_flavor import MkDocsMarkdown, mkdocs_pages
from builder.parsers.markdown.myst_extensions import myst_extensions
from builder.parsers.rst.bibliography import bibtex_settings
from builder.parsers.rst.documentation_summary import documentation_summary
from builder.parsers.rst.extlinks import extlink_roles
from builder.parsers.rst.inline import default_role
from builder.parsers.rst.issue_roles import issue_roles
from builder.parsers.rst.module_prefixes import module_prefixes
from builder.parsers.rst.object_types import object_types
from builder.parsers.rst.only_tags import project_tags
from builder.parsers.rst.page_owners import page_owners
from builder.parsers.rst.page_templates import page_templates
from builder.parsers.rst.plot_files import plot_settings
from builder.parsers.rst.substitutions import project_substitutions
from builder.projects import ProjectLayout


def reader_settings(
    layout: ProjectLayout, substitutions: Sequence[tuple[str, str]]
) -> contextlib.ExitStack[bool | None]:
    """The settings of ``layout`` entered for one page's parse (leave the stack to undo them);
    ``substitutions`` are the reST substitutions the page reads (none for other formats)."""
    with contextlib.ExitStack() as settings:  # a setting that fails leaves none entered
        for setting in (
            default_role(layout.default_role),
            attribute_delimiters(layout.attribute_delimiters),
            markdown_flavor(layout.markdown_flavor),
            mkdocs_pages(_mkdocs_markdown(layout)),
            module_prefixes(layout.module_prefixes),
            issue_roles(layout.issue_roles),
            extlink_roles(layout.extlinks),
            plot_settings(layout.plot_settings),
            object_types(layout.object_types),
            project_tags(layout.only_tags),
            bibtex_settings(layout.bibtex_files, layout.cited),
            page_owners(layout.owners),
            project_substitutions(substitutions),
            myst_extensions(layout.myst_extensions, layout.myst_substitutions),
            documentation_summary(layout.documentation_summary),
            page_templates(layout.page_templates),
        ):
            settings.enter_context(setting)
        return settings.pop_all()


def _mkdocs_markdown(layout: ProjectLayout) -> MkDocsMarkdown | None:
    if layout.markdown_flavor != "mkdocs":
        return None
    return MkDocsMarkdown(
        frozenset(layout.markdown_extensions),
        frozenset(layout.theme_features),
        frozenset(layout.markdown_plugins),
        layout.macros,
        layout.file_blocks,
    )
