"""A heading's slug that repeats one above it on its page, numbered as GitHub numbers it.

GitHub (github-slugger, as markdown-it-anchor and VitePress do too) counts every heading of the
page: the second "Options" is #options-1 even when the first is a heading with nothing under
it, which the build later joins to the section below or drops. execa 9.6.1's docs/api.md
stacks "### $(options)" with five other forms over one text, and links its "## Options" as
#options-1 23 times; numbered after the joins (builder.sections), "## Options" was #options and
those links landed nowhere. An anchor the page gives itself (``{#id}``, ``<a name>`` above the
heading) is kept as written: it is no slug, and it repeats one on purpose; so is an API
entry's, its object's id. Sphinx's pages are numbered their own way (docutils' "id1"), as
they were.

MkDocs' pages are numbered as Python-Markdown's toc numbers them: "options", "options_1",
"options_2", among the ids the page gives itself, all of them taken before the first heading
is named. They read "options-1", the GitHub way, and links to them landed nowhere
(mkdocstrings' docs/usage/handlers.md links its second "Templates" as #templates_1).
"""

from __future__ import annotations

import re
from dataclasses import replace

from builder.model import Section
from builder.parsers.markdown.flavor import heading_slug
from schemas.anchors import unique_anchor

# Python-Markdown's toc (markdown.extensions.toc.IDCOUNT_RE): an id already numbered, whose
# number goes up by one, "step_1" to "step_2", where it repeats.
_TOC_NUMBERED = re.compile(r"^(.*)_([0-9]+)$")


def number_repeated_slugs(sections: list[Section]) -> list[Section]:
    """``sections`` (one page's, in order) with each repeated slug numbered: "-1", "-2"..."""
    taken: set[str] = set()
    numbered: list[Section] = []
    for section in sections:
        if _gives_its_own_id(section):
            taken.add(section.anchor)
            numbered.append(section)
            continue
        anchor = unique_anchor(section.anchor, taken)
        numbered.append(section if anchor == section.anchor else replace(section, anchor=anchor))
    return numbered


def number_repeated_toc_ids(sections: list[Section]) -> list[Section]:
    """``sections`` (one MkDocs page's, in order) with each repeated slug numbered as
    Python-Markdown's toc numbers it: "_1", "_2"..."""
    taken = {section.anchor for section in sections if _gives_its_own_id(section)}
    numbered: list[Section] = []
    for section in sections:
        if _gives_its_own_id(section):
            numbered.append(section)
            continue
        anchor = section.anchor
        while anchor in taken:
            count = _TOC_NUMBERED.match(anchor)
            anchor = f"{count[1]}_{int(count[2]) + 1}" if count else f"{anchor}_1"
        taken.add(anchor)
        numbered.append(section if anchor == section.anchor else replace(section, anchor=anchor))
    return numbered


def _gives_its_own_id(section: Section) -> bool:
    """Whether ``section``'s anchor is no slug of its heading: an id the page gives it, or an
    API entry's object's."""
    return section.kind == "api" or section.anchor != heading_slug(section.heading)
