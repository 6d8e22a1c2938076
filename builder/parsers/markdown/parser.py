"""Parse Markdown and MDX into sections, one per heading, with exact source line numbers.

markdown-it (CommonMark plus tables and strikethrough) decides what is a heading, so ``#``
lines inside code blocks and HTML comments never are; ``<h1>``..``<h6>`` written as HTML
are. Front matter supplies the title; in ``.mdx`` files (and ``.md`` ones of a Docusaurus
site that compiles them as MDX, or that import from Docusaurus' own modules) top-level
``import``/``export`` blocks are dropped (and in other ``.md`` files, the imports of
components the page uses as tags) and JSX tags give way to their text. Bodies come from
:mod:`builder.parsers.markdown.body_text`.

MyST Markdown (Sphinx's Markdown) is read too: a ``(label)=`` target above a heading becomes
that section's anchor, spelled as Sphinx spells the label's id, because that is the id
``{ref}`` links and the upstream page use; directive fences go through
:mod:`builder.parsers.markdown.myst_directives`, where ``{autoclass}`` and other API descriptions
open sections of their own as they do in reST.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import PurePosixPath
from typing import Any

from markdown_it.token import Token

from builder.api.model import ApiSource
from builder.includes import IncludeReader
from builder.model import ParsedFile, Section, Warning_
from builder.parsers.docutils_ids import docutils_id
from builder.parsers.markdown.bare_headings import list_bare_headings
from builder.parsers.markdown.block_rules import BLOCK_MD, INLINE_MD
from builder.parsers.markdown.body_text import MAX_INLINE_CHARS, render_blocks, render_inline
from builder.parsers.markdown.bold_releases import head_bold_releases
from builder.parsers.markdown.code_references import CODE_REFERENCES_ENV_KEY, uses_code_references
from builder.parsers.markdown.docsify import split_docsify_heading
from builder.parsers.markdown.document import Document, match_closers
from builder.parsers.markdown.docusaurus_code_tabs import has_code_tabs, label_code_tabs
from builder.parsers.markdown.embedded_html import HtmlHeading, lone_anchor_id, split_html
from builder.parsers.markdown.exec_parsers import exec_parser_function
from builder.parsers.markdown.flavor import (
    DOCUSAURUS,
    MDBOOK,
    NBSPHINX,
    SPHINX,
    heading_slug,
    reading_flavor,
)
from builder.parsers.markdown.footnotes import footnote_labels
from builder.parsers.markdown.front_matter import (
    split_multimarkdown_meta,
    split_toml_front_matter,
    yaml_description,
    yaml_kernel_language,
    yaml_substitutions,
    yaml_subtitle,
    yaml_title,
)
from builder.parsers.markdown.gitbook_tags import has_gitbook_tags, rewrite_gitbook_tags
from builder.parsers.markdown.heading_attributes import split_heading_id
from builder.parsers.markdown.home_page import home_page_text
from builder.parsers.markdown.hugo_shortcodes import has_shortcodes, rewrite_shortcodes
from builder.parsers.markdown.jekyll_includes import has_jekyll_includes, splice_jekyll_includes
from builder.parsers.markdown.kramdown_callouts import (
    has_kramdown_callouts,
    rewrite_kramdown_callouts,
)
from builder.parsers.markdown.link_definitions import (
    has_template_destinations,
    join_template_destinations,
)
from builder.parsers.markdown.liquid_tags import has_liquid_tags, rewrite_liquid_tags
from builder.parsers.markdown.macro_calls import expand_macro_calls, has_macro_calls
from builder.parsers.markdown.markdown_it_includes import (
    has_markdown_it_includes,
    splice_markdown_it_includes,
)
from builder.parsers.markdown.material_shortcodes import (
    expand_material_shortcodes,
    has_material_shortcodes,
    setting_references,
)
from builder.parsers.markdown.md_in_html import has_markdown_elements, open_markdown_elements
from builder.parsers.markdown.mdbook_admonish import admonish_containers, has_admonish_blocks
from builder.parsers.markdown.mdbook_tabs import has_tab_sets, label_tab_sets
from builder.parsers.markdown.mdc_components import has_mdc_components, rewrite_mdc_components
from builder.parsers.markdown.mdx import (
    COMPONENT_TAG,
    bracket_balance,
    imports_docusaurus_module,
    is_component_import,
    is_esm,
)
from builder.parsers.markdown.mdx_blocks import MDX_ENV_KEY
from builder.parsers.markdown.mdx_code_blocks import code_block_fences, has_code_block_components
from builder.parsers.markdown.mdx_esm import MDX_ESM
from builder.parsers.markdown.mkdocs_flavor import mkdocs_markdown, renders_macros
from builder.parsers.markdown.mkdocstrings import TOKEN_TYPE
from builder.parsers.markdown.mkdocstrings_page import (
    in_place_of_named_heading,
    mkdocstrings_events,
    nested_block_events,
    nested_blocks,
)
from builder.parsers.markdown.myst_directives import Directives
from builder.parsers.markdown.myst_extensions import conf_substitutions
from builder.parsers.markdown.myst_syntax import directive_name
from builder.parsers.markdown.page_events import (
    FenceEnd,
    PageHeading,
    PageText,
    resumed_after_fences,
    with_lead_text,
    with_subtitle,
)
from builder.parsers.markdown.page_splices import on_page_lines, splice_page
from builder.parsers.markdown.pandoc_divs import balance_div_fences
from builder.parsers.markdown.pandoc_html import has_pandoc_block_marks, pandoc_block_breaks
from builder.parsers.markdown.quarto_includes import has_quarto_includes, splice_quarto_includes
from builder.parsers.markdown.raw_html_blocks import has_spaced_html, join_html_blocks
from builder.parsers.markdown.referenced_pages import has_page_reference, splice_referenced_page
from builder.parsers.markdown.repeated_slugs import (
    number_repeated_slugs,
    number_repeated_toc_ids,
)
from builder.parsers.markdown.spliced import Spliced
from builder.parsers.markdown.split_html_tables import TextOf, table_ends, table_html
from builder.parsers.markdown.tab_values import has_tab_values, label_tab_items
from builder.parsers.markdown.table_code_pipes import escape_code_pipes, has_code_pipes
from builder.parsers.markdown.template_tags import (
    drop_template_statements,
    has_template_statements,
)
from builder.parsers.markdown.toc_markers import (
    HeadingIds,
    first_heading_at,
    generated_toc_end,
    is_back_to_top,
    is_toc_label,
    is_written_toc,
)
from builder.parsers.markdown.unclosed_blocks import Note, check_comment, check_fence
from builder.parsers.markdown.vue_interpolation import (
    fill_frontmatter_references,
    has_frontmatter_references,
)
from builder.parsers.rst.events import Context, DocState, Heading, Text
from schemas.anchors import TITLE_ANCHOR


def _normalize(text: str) -> str:
    text = text.removeprefix("\ufeff")
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text.replace("\0", "\ufffd") if "\0" in text else text


def _heading(doc: Document, content: str, level: int, line: int) -> PageHeading:
    """A Markdown heading: explicit ``{#id}`` (docsify's ``:id=``) or inline ``<a id>`` wins
    over the slug."""
    content, docsify_id = split_docsify_heading(content)
    content, explicit = split_heading_id(content)
    text, inline_id = render_inline(doc, content, heading=True)
    # Sphinx's MyST pages are docutils documents: a section's id is made as a reST title's
    # ("installer.scripts" #installer-scripts), where GitHub's slug drops the dot.
    sphinx = reading_flavor(SPHINX) or reading_flavor(NBSPHINX)
    slug = docutils_id(text) if sphinx else heading_slug(text)
    return PageHeading(level, text, explicit or docsify_id or inline_id or slug, line)


def _project_substitutions(macros: bool) -> dict[str, str]:
    """The project's substitutions for a page: an MkDocs project's are mkdocs-macros'
    variables, which only a page the plugin renders reads."""
    return conf_substitutions() if mkdocs_markdown() is None or macros else {}


def _anchor_at(doc: Document) -> HeadingIds:
    """What is_written_toc asks of a heading or HTML block: the ids it answers to."""

    def ids(token: Token, content: str) -> list[str]:
        if token.type == "heading_open":
            return [_heading(doc, content, int(token.tag[1]), 0).anchor]
        parts = split_html(token.content, mdx=doc.mdx)
        heading = next((part for part in parts if isinstance(part, HtmlHeading)), None)
        return [] if heading is None else [heading.anchor or heading_slug(heading.text)]

    return ids


def _events(
    doc: Document, lines: list[str], warn: list[Note], directives: Directives
) -> list[PageHeading | PageText]:
    """Walk the top-level blocks in order, turning each into headings and text."""
    events: list[PageHeading | PageText | FenceEnd] = []
    tokens = doc.tokens
    index, esm_balance, level = 0, 0, 0
    # MyST labels and lone HTML anchors waiting for the heading they name: (label, line, is the
    # label an HTML id, used as it is).
    targets: list[tuple[str, int, bool]] = []
    pending: list[tuple[str, int, bool]] = []
    page = "\n".join(lines)
    tags = set() if doc.mdx or "import" not in page else set(COMPONENT_TAG.findall(page))
    above, seen = "", 0  # the anchor of the last heading so far, of the first ``seen`` events
    first_heading, references = first_heading_at(tokens), doc.env.get("references", {})
    table_ends_of_page = table_ends(tokens, doc.closers)
    while index < len(tokens):
        above = next(
            (e.anchor for e in reversed(events[seen:]) if isinstance(e, PageHeading)), above
        )
        seen = len(events)
        toc_end = generated_toc_end(tokens, doc.closers, index, references, first_heading)
        written = is_written_toc(doc.tokens, doc.closers, above, index, _anchor_at(doc))
        if toc_end is None and written and not _leads_in(events):
            toc_end = doc.closers[index] + 1
        if toc_end is not None:
            if events and isinstance(events[-1], PageText) and is_toc_label(events[-1].text):
                events.pop()
                seen = len(events)
            index = toc_end
            continue
        token = tokens[index]
        close = doc.closers[index]
        start = token.map[0] if token.map else 0
        next_index = close + 1
        html_anchor = lone_anchor_id(tokens[index + 1].content) if _is_paragraph(token) else ""
        if token.type == "myst_target":
            targets.append((token.content, start, False))
        elif html_anchor:
            targets.append((html_anchor, start, True))
        elif token.type != "myst_line_comment":
            pending, targets = targets, []
        if esm_balance > 0 and token.type != "heading_open" and token.map:
            # The rest of an export statement whose brackets span a blank line.
            esm_balance += bracket_balance("\n".join(lines[token.map[0] : token.map[1]]))
        elif html_anchor:
            pass  # shows nothing; names the heading below it
        elif token.type == "heading_open" and not tokens[index + 1].content.strip():
            esm_balance = 0  # a bare "#" (outlines' over its logo) heads no section
        elif token.type == "heading_open":
            esm_balance = 0
            level = int(token.tag[1])
            heading = _heading(doc, tokens[index + 1].content, level, start)
            if pending and not _names_heading_above(pending[0], events):
                # The first label names the section, as in Sphinx.
                label, claim, is_id = pending[0]
                anchor = label if is_id else docutils_id(label) or label
                heading = replace(heading, anchor=anchor, claim=claim)
            events.append(heading)
        elif token.type in ("fence", "colon_fence") and directive_name(token.info):
            events.extend(_directive_events(doc, token, level, directives))
        elif token.type == "fence" and (built := exec_parser_function(token.info, token.content)):
            # As a {argparse} fence naming the function: its parser's reference.
            argparse_fence = Token("fence", "code", 0, info="{argparse}", map=token.map)
            argparse_fence.content = f":ref: {built}\n"
            events.extend(_directive_events(doc, argparse_fence, level, directives))
        elif token.type == TOKEN_TYPE:
            block = mkdocstrings_events(doc, token, level, directives)
            events.extend(in_place_of_named_heading(events, block))
        elif token.nesting == 1 and nested_blocks(tokens, index, close):
            events.extend(nested_block_events(doc, index, level, directives))
        elif token.type == "html_block":
            check_comment(token.content, start, warn)
            markup, whole = token.content, True
            if (table_end := table_ends_of_page.get(index)) is not None:
                # A table whose cells hold Markdown between blank lines: read as one.
                text_of = _text_of_blocks(doc)
                markup = table_html(tokens, doc.closers, index, table_end, text_of)
                whole = False
                next_index = table_end + 1
            for part in split_html(markup, mdx=doc.mdx):
                line = start + part.line if whole else start
                if isinstance(part, HtmlHeading):
                    anchor = part.anchor or heading_slug(part.text)
                    events.append(
                        PageHeading(part.level, part.text, anchor, line, banner=part.banner)
                    )
                elif not is_back_to_top(part.text, token.content):
                    events.append(PageText(part.text, line))
        elif token.type == MDX_ESM:
            esm_balance = 0  # an MDX page's import or export, read to its end; shows nothing
        elif token.type == "paragraph_open" and _is_esm(doc, tokens[index + 1].content, tags):
            esm_balance = bracket_balance(tokens[index + 1].content)
        else:
            if token.type == "fence":
                check_fence(token.markup, token.map, lines, warn)
            text = "\n".join(render_blocks(doc, index, next_index))
            source = "\n".join(lines[start : token.map[1]]) if token.map else ""
            if text and not is_back_to_top(text, source):
                events.append(PageText(text, start))
        index = next_index
    return resumed_after_fences(events)


def _text_of_blocks(doc: Document) -> TextOf:
    """The text of the top-level blocks from a first index to the one after the last."""
    return lambda first, after: "\n\n".join(render_blocks(doc, first, after))


def _without_banner(
    events: list[PageHeading | PageText], relpath: str
) -> list[PageHeading | PageText]:
    """``events`` without a banner that opens the page with nothing under it: fastify sets
    ``<h1 align="center">Fastify</h1>`` over every page's own ``## Hooks``, which made each
    page's title "Fastify" and its sections subsections of it. A centred heading with text
    under it (fastify's "Serverless" guide) is the page's title, and so is a README's: there
    the project's name over its ``## Install`` names the page."""
    first = events[0] if events else None
    if not isinstance(first, PageHeading) or not first.banner:
        return events
    if PurePosixPath(relpath).stem.lower() == "readme":
        return events
    if len(events) > 1 and not isinstance(events[1], PageHeading):
        return events
    return events[1:]


def _leads_in(events: list[PageHeading | PageText | FenceEnd]) -> bool:
    """Whether the text just above a list ends in a colon that says what the list is
    ("These methods are deprecated:"): the list is what it says, no table of contents."""
    last = events[-1] if events else None
    return (
        isinstance(last, PageText)
        and last.text.rstrip(" *_").endswith(":")
        and not is_toc_label(last.text)
    )


def _names_heading_above(
    target: tuple[str, int, bool], events: list[PageHeading | PageText | FenceEnd]
) -> bool:
    """Whether an ``<a name>`` target repeats the id of the heading right above it, nothing
    between (inquirer's '<a name="documentation">' under "## Documentation"): it names that
    heading, as on GitHub, not the one below."""
    label, _, is_id = target
    return (
        is_id
        and bool(events)
        and isinstance(events[-1], PageHeading)
        and events[-1].anchor == label
    )


def _is_paragraph(token: Token) -> bool:
    return token.type == "paragraph_open"


def _is_esm(doc: Document, paragraph: str, tags: set[str]) -> bool:
    """An MDX page's ``import``/``export`` block (a Docusaurus site's ``.md`` page's too), or
    a Markdown page's imports of the components it uses as ``tags``."""
    if doc.mdx or reading_flavor(DOCUSAURUS):
        return is_esm(paragraph)
    return bool(tags) and is_component_import(paragraph, tags)


def _directive_events(
    doc: Document, token: Token, level: int, directives: Directives
) -> list[PageHeading | PageText | FenceEnd]:
    """A top-level directive fence: text, and API descriptions (or a glossary's terms) as
    sections below ``level``; after descriptions or terms alone, a FenceEnd."""
    start = token.map[0] if token.map else 0
    events: list[PageHeading | PageText | FenceEnd] = []
    headings, described = 0, True
    for event in directives.events(doc, token, Context()):
        if isinstance(event, Text):
            if event.text:
                events.append(PageText(event.text, start))
        elif isinstance(event, Heading):
            # A title inside {eval-rst} sits one level down.
            depth = event.api_depth or event.below_title or 1
            anchor = event.anchor or docutils_id(event.title)
            kind = "api" if event.is_api and not event.term else "text"
            heading = PageHeading(level + depth, event.title, anchor, event.line - 1, kind=kind)
            if event.term:  # a sorted glossary's terms are not in their lines' order
                heading = replace(heading, claim=event.claim_line - 1, last=event.last_line - 1)
            events.append(heading)
            headings, described = headings + 1, described and event.is_api
    if headings and described and token.map:  # what follows the fence is the page's again
        events.append(FenceEnd(headings, token.map[1] - 1))
    return events


def _last_content_line(lines: list[str], start: int, stop: int) -> int:
    """The last non-blank 0-based line in ``[start, stop)``, or ``start`` if all are blank."""
    line = stop - 1
    while line > start and not lines[line].strip():
        line -= 1
    return line


def _sections(
    events: list[PageHeading | PageText], lines: list[str], title: str, relpath: str
) -> list[Section]:
    """Group text under the heading above it and give every section its path and lines."""
    sections: list[Section] = []
    headings = [(i, event) for i, event in enumerate(events) if isinstance(event, PageHeading)]
    boundaries = [*headings, (len(events), PageHeading(0, "", "", len(lines)))]
    first = boundaries[0][0]
    preamble = [event for event in events[:first] if isinstance(event, PageText)]
    body = _tidy_body("\n\n".join(event.text for event in preamble))
    # A logo above the first heading whose alt text is the page's title (HTTPX's index.md)
    # says nothing the title does not: it was a section of that one word.
    if preamble and body.casefold() != title.casefold():
        start = min(event.line for event in preamble)
        # Text after an API-only block is moved above its headings, so it may lie below them.
        stop = min((h.first_line for _, h in boundaries if h.first_line > preamble[-1].line))
        end = _last_content_line(lines, start, stop)
        sections.append(Section(title, (), body, relpath, start + 1, end + 1, TITLE_ANCHOR, 0))
    stack: list[PageHeading] = []
    for (position, heading), (next_position, next_heading) in zip(
        headings, boundaries[1:], strict=True
    ):
        while stack and stack[-1].level >= heading.level:
            stack.pop()
        texts = events[position + 1 : next_position]
        body = _tidy_body("\n\n".join(e.text for e in texts if isinstance(e, PageText)))
        stop = max(next_heading.first_line, heading.line + 1)
        if heading.last >= heading.line:  # its own end, before the next heading or not
            stop = heading.last + 1
        end = _last_content_line(lines, heading.line, stop)
        path = tuple(ancestor.text for ancestor in stack)
        sections.append(
            Section(
                heading.text, path, body, relpath, heading.line + 1, end + 1, heading.anchor,
                heading.level, heading.kind,
            )
        )  # fmt: skip
        stack.append(heading)
    # Sphinx numbers a repeated id its own way (docutils' id1), MkDocs' toc "options_1".
    if reading_flavor(SPHINX) or reading_flavor(NBSPHINX):
        return list_bare_headings(sections)
    if mkdocs_markdown() is not None:
        return list_bare_headings(number_repeated_toc_ids(sections))
    return list_bare_headings(number_repeated_slugs(sections))


def _tidy_body(body: str) -> str:
    """No trailing whitespace on any line (code included), no leading or trailing blank lines."""
    return "\n".join(line.rstrip() for line in body.split("\n")).strip("\n")


def _target_labels(doc: Document) -> dict[str, str]:
    """Each ``(label)=`` written right above a heading, lowercased, and that heading's text."""
    labels: dict[str, str] = {}
    pending: list[str] = []
    for index, token in enumerate(doc.tokens):
        if token.level != 0 or token.type == "myst_line_comment":
            continue
        if token.type == "myst_target":
            pending.append(token.content.lower())
        elif token.type == "heading_open" and pending:
            content = doc.tokens[index + 1].content
            text = _heading(doc, content, int(token.tag[1]), 0).text
            labels.update(dict.fromkeys(pending, text))
            pending = []
        elif token.nesting != -1:
            pending = []
    return labels


def _line_of(where: str) -> int:
    """The line number of a warning's ``path:line``."""
    number = where.rpartition(":")[2]
    return int(number) if number.isdigit() else 1


def parse(
    text: str,
    relpath: str,
    api: ApiSource | None = None,
    includes: IncludeReader | None = None,
) -> ParsedFile:
    """Parse one Markdown or MDX file into sections; never raises on odd input. ``api`` is the
    version's code, which ``{autoclass}`` fences and mkdocstrings blocks are filled from;
    ``includes`` reads the files its snippets and ``{include}`` fences name (without it they
    bring in nothing)."""
    suffix = PurePosixPath(relpath).suffix.lower()
    # Docusaurus compiles .md pages as MDX too (unless its markdown.format is 'detect'): read
    # so in its site, and elsewhere when one was written for it.
    mdx = suffix == ".mdx" or (
        suffix == ".md" and (reading_flavor(DOCUSAURUS) or imports_docusaurus_module(text))
    )
    toml_title, text = split_toml_front_matter(_normalize(text))
    meta_title = ""
    if mkdocs_markdown() is not None and not text.startswith("---"):
        meta_title, text = split_multimarkdown_meta(text)
    page = Spliced.unchanged(text)
    if includes is not None and has_page_reference(text):  # the page shows another
        page = splice_referenced_page(page, includes)
        text = page.text
    if includes is not None and has_quarto_includes(text):  # before the shortcodes are read
        page = splice_quarto_includes(page, relpath, includes)
        text = page.text
    if includes is not None and has_jekyll_includes(text):  # Liquid renders them first
        page = splice_jekyll_includes(page, relpath, includes)
        text = page.text
    if includes is not None and has_markdown_it_includes(text):  # VuePress' plugin, first
        page = splice_markdown_it_includes(page, relpath, includes)
        text = page.text
    tags = "{%" in text  # GitBook's and the template engines': one look for both
    if tags and has_gitbook_tags(text):  # as Hugo's shortcodes of the same meaning
        text = rewrite_gitbook_tags(text)
    if has_shortcodes(text):  # Hugo expands them before Markdown is read
        text = rewrite_shortcodes(text)
    macros = renders_macros(text)
    defined = mkdocs.macros if macros and (mkdocs := mkdocs_markdown()) is not None else ()
    if defined and has_macro_calls(text, defined):  # mkdocs-macros renders them first
        page = expand_macro_calls(replace(page, text=text), defined)
        text = page.text
    if has_kramdown_callouts(text):  # just-the-docs draws the block after it as a callout
        text = rewrite_kramdown_callouts(text)
    if tags and has_liquid_tags(text):  # Jekyll renders them before Markdown is read
        text = rewrite_liquid_tags(text)
    if tags and has_template_statements(text):  # Jekyll, Eleventy, mkdocs-macros run them
        text = drop_template_statements(text, rendered=macros)
    if has_template_destinations(text):  # Liquid and Jinja render them before Markdown
        text = join_template_destinations(text)
    if has_frontmatter_references(text):  # VitePress compiles the page as a Vue template
        text = fill_frontmatter_references(text)
    references: dict[str, Any] = {}
    if mkdocs_markdown() is not None and has_material_shortcodes(text):  # a hook expands them
        references = setting_references(text)
        text = expand_material_shortcodes(text)
    if has_mdc_components(text):  # Nuxt Content renders them before Markdown is read
        text = rewrite_mdc_components(text)
    if has_code_tabs(text):  # Docusaurus 1 reads them before Markdown
        text = label_code_tabs(text)
    if has_tab_values(text):  # Docusaurus' <Tabs values={[...]}>
        text = label_tab_items(text)
    # The rewrites above keep the text's lines, so the included lines keep their origins.
    spliced = splice_page(replace(page, text=text), relpath, includes, BLOCK_MD.parse)
    if has_markdown_elements(spliced.text):  # Python-Markdown's md_in_html
        spliced = open_markdown_elements(spliced)
    if mdx and has_code_block_components(spliced.text):  # Docusaurus' <CodeBlock>{`...`}
        spliced = code_block_fences(spliced)
    if relpath.lower().endswith(".qmd") and has_pandoc_block_marks(spliced.text):  # as Pandoc
        spliced = pandoc_block_breaks(spliced)
    text = spliced.text
    if reading_flavor(MDBOOK) and has_admonish_blocks(text):  # mdbook-admonish's callouts
        text = admonish_containers(text)
    if reading_flavor(MDBOOK) and has_tab_sets(text):  # mdbook-tabs' tab sets
        text = label_tab_sets(text)
    if relpath.lower().endswith(".qmd") and ":::" in text:  # Pandoc's divs, not MyST's colon fences
        text = balance_div_fences(text)
    if mkdocs_markdown() is not None and has_code_pipes(text):  # Python-Markdown's tables
        text = escape_code_pipes(text)
    if mkdocs_markdown() is not None and has_spaced_html(text):  # Python-Markdown's raw HTML
        text = join_html_blocks(text)
    env: dict[str, Any] = {"references": references} if references else {}
    if mdx:
        env[MDX_ENV_KEY] = True
    if uses_code_references(text):
        env[CODE_REFERENCES_ENV_KEY] = True
    tokens = BLOCK_MD.parse(text, env)
    lines = text.split("\n")
    head_bold_releases(tokens, lines, relpath)
    front_matter = next((t.content for t in tokens if t.type == "front_matter"), "")
    state = DocState(relpath=relpath, api=api, includes=includes)
    directives = Directives(BLOCK_MD, state, kernel_language=yaml_kernel_language(front_matter))
    doc = Document(
        tokens, match_closers(tokens), INLINE_MD, env, mdx,
        substitutions={**_project_substitutions(macros), **yaml_substitutions(front_matter)},
        directive=directives.render_text,
        footnotes=footnote_labels(text), source=lines,
    )  # fmt: skip
    doc = replace(doc, labels=_target_labels(doc))
    warn: list[Note] = []
    events = _without_banner(_events(doc, lines, warn, directives), relpath)
    description, description_line = yaml_description(front_matter)
    events = with_lead_text(events, description, description_line + 1)  # below the "---"
    subtitle, subtitle_line = yaml_subtitle(front_matter)
    shown = render_inline(doc, subtitle)[0] if subtitle else ""
    events = with_subtitle(events, shown, subtitle_line + 1)
    if home := home_page_text(front_matter, yaml_title(front_matter)):
        events = [PageText(home, 0), *events]  # the theme shows it above the page's Markdown
    warn.extend((_line_of(w.where), w.message) for w in directives.rst.warnings)
    warn.extend(
        (token.map[0] + 1, f"{len(token.content)} characters without a break kept as raw text")
        for token in tokens
        if token.type == "inline" and token.map and len(token.content) > MAX_INLINE_CHARS
    )
    warn.sort()
    front_title = yaml_title(front_matter)
    # The page's title is its first heading when that is a level 1 one: vConsole's changelog
    # opens with its "## 3.15.1" releases and ends with "# v1.x.x" over the oldest, which
    # titled the page and the language links above the first release.
    first = next((e for e in events if isinstance(e, PageHeading)), None)
    first_h1 = first.text if first is not None and first.level == 1 else ""
    title = front_title or toml_title or meta_title or first_h1 or PurePosixPath(relpath).stem
    sections = tuple(_sections(events, lines, title, relpath))
    if spliced.changed:
        sections = tuple(on_page_lines(section, spliced) for section in sections)
        warn = sorted([*((spliced.page_line(line), m) for line, m in warn), *spliced.notes])
    warnings = tuple(Warning_(f"{relpath}:{line}", message) for line, message in warn)
    return ParsedFile(relpath, title, sections, warnings, api=directives.rst.api_use())
