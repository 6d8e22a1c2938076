"""Splice into a Markdown page the files it includes, in the order the documentation tools
do (mdBook's links first, MDX partials last), keeping where each line came from
(``builder.parsers.markdown.spliced``)."""

from __future__ import annotations

from dataclasses import replace

from builder.includes import IncludeReader
from builder.model import Section
from builder.parsers.markdown.code_includes import has_code_includes, splice_code_includes
from builder.parsers.markdown.data_tables import EXTENSION as DATA_TABLES
from builder.parsers.markdown.data_tables import has_data_tables, splice_data_tables
from builder.parsers.markdown.demo_tags import has_demo_tags, splice_demo_tags
from builder.parsers.markdown.fiddle_blocks import has_fiddle_blocks, splice_fiddle_blocks
from builder.parsers.markdown.file_blocks import has_file_blocks, splice_file_blocks
from builder.parsers.markdown.flavor import VITEPRESS, reading_flavor
from builder.parsers.markdown.include_markdown import (
    has_include_markdown,
    splice_include_markdown,
)
from builder.parsers.markdown.macros_includes import has_macros_includes, splice_macros_includes
from builder.parsers.markdown.mdbook_links import has_mdbook_links, splice_mdbook_links
from builder.parsers.markdown.mdx_partials import has_partials, splice_partials
from builder.parsers.markdown.mkdocs_flavor import mkdocs_markdown, renders_macros
from builder.parsers.markdown.module_types import has_module_lines, splice_module_types
from builder.parsers.markdown.myst_include import Tokenize, has_includes, splice_includes
from builder.parsers.markdown.myst_release_notes import has_release_notes, splice_release_notes
from builder.parsers.markdown.playground_tags import (
    has_playground_tags,
    splice_playground_tags,
)
from builder.parsers.markdown.raw_imports import has_raw_imports, splice_raw_imports
from builder.parsers.markdown.snippets import has_snippets, splice_snippets
from builder.parsers.markdown.spliced import Spliced
from builder.parsers.markdown.svelte_includes import has_svelte_includes, splice_svelte_includes
from builder.parsers.markdown.vitepress_components import (
    has_component_uses,
    splice_registered_components,
)
from builder.parsers.markdown.vitepress_includes import (
    has_markdown_includes,
    splice_markdown_includes,
)
from builder.parsers.markdown.vitepress_snippets import (
    has_snippet_imports,
    splice_snippet_imports,
)
from builder.parsers.markdown.vocs_includes import has_vocs_includes, splice_vocs_includes


def splice_page(
    page: Spliced, relpath: str, includes: IncludeReader | None, parse_blocks: Tokenize
) -> Spliced:
    """The page's text with its mdBook links, include-markdown tags, mkdocs-macros' includes,
    data tables, snippets, example files, top-level ``{include}`` files, Svelte's docs'
    ``@include`` files and module exports, Gradio's guides' demo code, lit.dev's playground
    projects, VitePress snippet imports, MDX partials, the code files components show (raw
    imports), the files of Electron's fiddle folders and the code of Vocs' snippet includes
    spliced in.
    ``parse_blocks``: the page's Markdown block parser, which finds the ``{include}`` fences."""
    spliced = page
    text = page.text
    if includes is None:
        return spliced
    if has_mdbook_links(text):  # mdBook's first preprocessor, on the chapter's raw text
        spliced = splice_mdbook_links(spliced, relpath, includes)
    mkdocs = mkdocs_markdown()
    include_files = mkdocs is not None and "include-markdown" in mkdocs.plugins
    if has_include_markdown(text, include_files=include_files):  # before Markdown's extensions
        spliced = splice_include_markdown(spliced, relpath, includes, include_files=include_files)
    if has_macros_includes(spliced.text) and renders_macros(page.text):  # mkdocs-macros' Jinja
        spliced = splice_macros_includes(spliced, includes)
    if mkdocs is not None and has_file_blocks(spliced.text, mkdocs.file_blocks):
        spliced = splice_file_blocks(spliced, mkdocs.file_blocks, includes)
    data_tables = mkdocs is not None and DATA_TABLES in mkdocs.extensions
    if data_tables and has_data_tables(spliced.text):  # a preprocessor run before snippets
        spliced = splice_data_tables(spliced, includes)
    if has_snippets(spliced.text):
        spliced = splice_snippets(spliced, relpath, includes)
    if has_code_includes(spliced.text):
        spliced = splice_code_includes(spliced, relpath, includes)
    if has_release_notes(spliced.text):  # into {include} fences, spliced next
        spliced = splice_release_notes(spliced, relpath, includes, parse_blocks)
    if has_includes(spliced.text):
        spliced = splice_includes(spliced, relpath, includes, parse_blocks)
    if has_svelte_includes(spliced.text):  # svelte.dev's, before the page is rendered
        spliced = splice_svelte_includes(spliced, relpath, includes)
    if has_module_lines(spliced.text):  # svelte.dev's, from the package's declarations
        spliced = splice_module_types(spliced, includes)
    if has_demo_tags(spliced.text):  # Gradio's guides', before the page is rendered
        spliced = splice_demo_tags(spliced, includes)
    if has_playground_tags(spliced.text):  # lit.dev's, Eleventy shortcodes
        spliced = splice_playground_tags(spliced, relpath, includes)
    if has_markdown_includes(spliced.text):  # VitePress', before its snippet imports
        spliced = splice_markdown_includes(spliced, relpath, includes)
    if has_snippet_imports(spliced.text):
        spliced = splice_snippet_imports(spliced, relpath, includes)
    if has_partials(spliced.text):
        spliced = splice_partials(spliced, relpath, includes)
    if reading_flavor(VITEPRESS) and has_component_uses(spliced.text):  # registered, not imported
        spliced = splice_registered_components(spliced, relpath, includes)
    if has_raw_imports(spliced.text):  # code shown by a component, as partials are
        spliced = splice_raw_imports(spliced, relpath, includes)
    if has_fiddle_blocks(spliced.text):  # Electron's: a folder's files shown in tabs
        spliced = splice_fiddle_blocks(spliced, includes)
    if has_vocs_includes(spliced.text):  # Vocs': a file's code in a code block
        spliced = splice_vocs_includes(spliced, relpath, includes)
    return spliced


def on_page_lines(section: Section, spliced: Spliced) -> Section:
    """A section of spliced text, its lines counted in the page (the include's line)."""
    start = spliced.page_line(section.line_start)
    end = max(spliced.page_line(section.line_end), start)
    return replace(section, line_start=start, line_end=end)
