"""Render a page's sections as HTML (each section's anchor, trail, heading, origin and body),
and a version's table of contents.

The pages' templates call ``sections_html`` for the sections of a page and ``contents_html``
for the list of a version's pages and their sections; each gives what a jinja2 macro over the
same sections would, every text escaped (bodies through ``builder.pages_body``), made in Python
directly: the Python 3.11 docs' 498 pages have 14,941 sections, and the template machinery cost
more than the markup it wrote. Each section is followed by a blank line.

The markup is lean, as it is written once per section: no wrapper around a body, no class
where the stylesheet can select by place, quotes kept as they are in text, and nothing the
page's head already shows (``sections_html``). On Python 3.11's docs this cut the pages from
18.7 MB to 16.1 MB.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from markupsafe import Markup

from builder.pages_body import escape, render_body
from builder.pages_layout import PageView, SectionView
from builder.permalinks import quote_anchor, source_file

# What markupsafe.escape replaces in an attribute's value, and with what: the same bytes as the
# templates' autoescape, as a str (a Markup per anchor cost more than its escaping).
_ATTRIBUTE_ESCAPES = (
    ("&", "&amp;"),
    (">", "&gt;"),
    ("<", "&lt;"),
    ("'", "&#39;"),
    ('"', "&#34;"),
)


def sections_html(page: PageView, *, site_search: bool, under_head: bool = True) -> Markup:
    """The HTML of the ``page``'s sections in order; ``site_search`` gives each heading the
    "§anchor" id Pagefind links sub-results to.

    What the page's head shows, a section does not repeat: its trail leaves out the page's
    title, and its origin the page's file when the page has one file. ``under_head`` False:
    the sections are shown without that head (the version's contents page shows its index
    page's sections below the list of pages), so each says all.
    """
    title = page.title if under_head else None
    own_file = page.sources[0] if under_head and len(page.sources) == 1 else None
    parts: list[str] = []
    append = parts.append
    for section in page.sections:
        anchor = _escape_attribute(section.anchor)
        level = str(section.heading_level)
        append(f'<section id="{anchor}">\n')
        trail = section.heading_path
        if trail and trail[0] == title:
            trail = trail[1:]
        if trail:
            append(f'<p class="trail">{escape(" › ".join(trail))}</p>\n')
        # A quoted anchor holds only letters, digits, "_.-~" and "%": nothing to escape.
        fragment = quote_anchor(section.anchor)
        search_id = f' id="§{anchor}"' if site_search else ""
        append(
            f'<h{level}{search_id}><a href="#{fragment}">{escape(section.heading)}</a></h{level}>\n'
        )
        if section.source is not None or section.upstream is not None:
            append(f'<p class="meta">{_origin(section, own_file)}</p>\n')
        body = render_body(section.body)
        append(f"{body}\n</section>\n\n" if body else "</section>\n\n")
    return Markup("".join(parts))


def contents_html(pages: Iterable[PageView], url: Callable[[str], str], folder: str) -> Markup:
    """The items of a version's table of contents: each page linked (``url`` of its path in
    the version's ``folder``) with its files, then its sections, indented by depth."""
    parts: list[str] = []
    append = parts.append
    for page in pages:
        href = _escape_attribute(url(folder + page.path))
        append(f'<li>\n<a class="page" href="{href}">{escape(page.title)}</a>')
        if page.sources:
            append(f' <span class="file">{escape(", ".join(page.sources))}</span>')
        append('<ul class="sections">\n')
        for section in page.sections:
            # A quoted anchor holds only letters, digits, "_.-~" and "%": nothing to escape.
            fragment = quote_anchor(section.anchor)
            append(
                f'<li class="depth-{section.contents_depth}"><a href="{href}#{fragment}">'
                f"{escape(section.heading)}</a></li>\n"
            )
        append("</ul>\n</li>\n")
    return Markup("".join(parts))


def _escape_attribute(text: str) -> str:
    """``text`` as markupsafe's ``escape`` gives it, as a plain str, for a quoted attribute."""
    escaped = text
    for character, reference in _ATTRIBUTE_ESCAPES:
        escaped = escaped.replace(character, reference)
    return escaped


def _origin(section: SectionView, own_file: str | None) -> str:
    """The section's file (unless it is the page's ``own_file``) and lines (or pages), then
    its upstream link, as the meta line shows them."""
    parts: list[str] = []
    source = section.source
    if source is not None:
        # A PDF's sections have "<file>#page" as their source and page numbers as lines.
        file = source_file(source)
        paged = file != source
        if file != own_file:
            parts.append(f'<span class="file">{escape(file)}</span>')
        if section.lines is not None:
            first, last = section.lines
            parts.append(f"{'pages' if paged else 'lines'} {first}–{last}")
    origin = ", ".join(parts)
    if section.upstream is not None:
        link = f'<a class="upstream" href="{_escape_attribute(section.upstream)}" rel="noopener">'
        origin += f"{' ' if origin else ''}{link}source ↗</a>"
    return origin
