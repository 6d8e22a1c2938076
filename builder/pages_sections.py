"""Render a page's sections as HTML (each section's anchor, trail, heading, origin and body),
and a version's table of contents.

The pages' templates call ``sections_html`` for the sections of a page and ``contents_html``
for the list of a version's pages and their sections; each gives the markup a
jinja2 macro over the same sections would, with autoescape on (every text goes through
markupsafe's ``escape``, bodies through ``builder.pages_body``), made in Python directly: the
Python 3.11 docs' 498 pages have 14,941 sections, and the template machinery cost more than the
markup it wrote. Each section is followed by a blank line.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from markupsafe import Markup

from builder.pages_body import render_body
from builder.pages_layout import PageView, SectionView
from builder.permalinks import quote_anchor

# What markupsafe.escape replaces, and with what: the same bytes as the templates' autoescape,
# as a str (a Markup per heading and anchor cost more than its escaping).
_ESCAPES = (("&", "&amp;"), (">", "&gt;"), ("<", "&lt;"), ("'", "&#39;"), ('"', "&#34;"))

# A PDF's sections have "<file>#page" as their source and page numbers as their lines.
_PAGED = "#page"


def sections_html(sections: Iterable[SectionView], *, site_search: bool) -> Markup:
    """The HTML of ``sections`` in order; ``site_search`` gives each heading the "§anchor"
    id Pagefind links sub-results to."""
    parts: list[str] = []
    append = parts.append
    for section in sections:
        anchor = _escape(section.anchor)
        level = str(section.heading_level)
        append(f'<section class="sec" id="{anchor}">\n')
        if section.heading_path:
            append(f'<p class="trail">{_escape(" › ".join(section.heading_path))}</p>\n')
        # A quoted anchor holds only letters, digits, "_.-~" and "%": nothing to escape.
        fragment = quote_anchor(section.anchor)
        search_id = f' id="§{anchor}"' if site_search else ""
        append(
            f'<h{level}{search_id}><a class="self" href="#{fragment}">'
            f"{_escape(section.heading)}</a></h{level}>\n"
        )
        if section.source is not None or section.upstream is not None:
            append(f'<p class="meta" data-pagefind-ignore>\n{_origin(section)}</p>\n')
        append(f'<div class="body">\n{render_body(section.body)}\n</div>\n</section>\n\n')
    return Markup("".join(parts))


def contents_html(pages: Iterable[PageView], url: Callable[[str], str], folder: str) -> Markup:
    """The items of a version's table of contents: each page linked (``url`` of its path in
    the version's ``folder``) with its files, then its sections, indented by depth."""
    parts: list[str] = []
    append = parts.append
    for page in pages:
        href = _escape(url(folder + page.path))
        append(f'<li>\n<a class="page" href="{href}">{_escape(page.title)}</a>')
        if page.sources:
            append(f' <span class="file">{_escape(", ".join(page.sources))}</span>')
        append('<ul class="sections">\n')
        for section in page.sections:
            # A quoted anchor holds only letters, digits, "_.-~" and "%": nothing to escape.
            fragment = quote_anchor(section.anchor)
            append(
                f'<li class="depth-{section.contents_depth}"><a href="{href}#{fragment}">'
                f"{_escape(section.heading)}</a></li>\n"
            )
        append("</ul>\n</li>\n")
    return Markup("".join(parts))


def _escape(text: str) -> str:
    """``text`` as markupsafe's ``escape`` gives it, as a plain str."""
    escaped = text
    for character, reference in _ESCAPES:
        escaped = escaped.replace(character, reference)
    return escaped


def _origin(section: SectionView) -> str:
    """The section's file and lines (or pages), then its upstream link, as the meta line
    shows them."""
    origin = ""
    source = section.source
    if source is not None:
        paged = source[-5:] == _PAGED
        origin = f'<span class="file">{_escape(source[:-5] if paged else source)}'
        if section.lines is not None:
            first, last = section.lines
            origin += f", {'pages' if paged else 'lines'} {first}–{last}"
        origin += "</span>"
    if section.upstream is not None:
        origin += (
            f' <a class="upstream" href="{_escape(section.upstream)}" rel="noopener">source ↗</a>'
        )
    return origin
