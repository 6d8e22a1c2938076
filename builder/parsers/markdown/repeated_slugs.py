"""A heading's slug that repeats one above it on its page, numbered as GitHub numbers it.

GitHub (github-slugger, as markdown-it-anchor and VitePress do too) counts every heading of the
page: the second "Options" is #options-1 even when the first is a heading with nothing under
it, which the build later joins to the section below or drops. execa 9.6.1's docs/api.md
stacks "### $(options)" with five other forms over one text, and links its "## Options" as
#options-1 23 times; numbered after the joins (builder.sections), "## Options" was #options and
those links landed nowhere. An anchor the page gives itself (``{#id}``, ``<a name>`` above the
heading) is kept as written: it is no slug, and it repeats one on purpose; so is an API
entry's, its object's id. MkDocs' and Sphinx's pages are numbered their own ways
(Python-Markdown's "options_1", docutils' "id1"), as they were.
"""

from __future__ import annotations

from dataclasses import replace

from builder.model import Section
from schemas.anchors import slugify, unique_anchor


def number_repeated_slugs(sections: list[Section]) -> list[Section]:
    """``sections`` (one page's, in order) with each repeated slug numbered: "-1", "-2"..."""
    taken: set[str] = set()
    numbered: list[Section] = []
    for section in sections:
        if section.kind == "api" or section.anchor != slugify(section.heading):
            taken.add(section.anchor)
            numbered.append(section)
            continue
        anchor = unique_anchor(section.anchor, taken)
        numbered.append(section if anchor == section.anchor else replace(section, anchor=anchor))
    return numbered
