"""docsify's own Markdown, read in a docsify project's pages only (builder.projects.docsify).

docsify takes ``:name=value`` and ``:name`` words at the end of a heading as its settings
(``## Title :id=my-anchor`` sets the anchor, ``:docsify-ignore`` keeps the heading out of the
sidebar, as ``{docsify-ignore}`` does) and shows a paragraph that starts ``!>`` as important
and one that starts ``?>`` as a tip. Plain Markdown reads all of these as text, so they are
read this way only in a docsify project's pages (builder.parsers.markdown.flavor).
"""

from __future__ import annotations

import re

from builder.parsers.markdown.flavor import DOCSIFY, reading_flavor

# A heading's trailing setting: ":id=anchor", ":docsify-ignore" (docsify's getAndRemoveConfig).
_SETTING = re.compile(r":([\w-]+)(?:=(\S*))?")
# docsify's other way to keep a heading (or a page's every heading) out of the sidebar, taken
# out of the heading's text as its getAndRemoveDocsifyIgnoreConfig does: "{docsify-ignore}",
# in an HTML comment or not.
_IGNORE = re.compile(r"<!-- \{docsify-ignore(?:-all)?\} -->|\{docsify-ignore(?:-all)?\}")
# A callout's marker, and the label its text reads under.
CALLOUT_LABELS = {"!>": "Important", "?>": "Tip"}


def split_docsify_heading(heading: str) -> tuple[str, str]:
    """The heading's text without docsify's trailing settings, and the ``:id=`` they name ("");
    outside a docsify project, the heading as it is."""
    if not reading_flavor(DOCSIFY):
        return heading, ""
    if "{docsify-ignore" in heading:
        # A heading of the marker alone keeps it: a section needs a name.
        heading = _IGNORE.sub("", heading).strip() or heading
    if ":" not in heading:
        return heading.rstrip(), ""
    words = heading.rstrip().split(" ")
    anchor = ""
    while len(words) > 1 and (setting := _SETTING.fullmatch(words[-1])) is not None:
        if setting.group(1) == "id" and not anchor:
            anchor = setting.group(2) or ""
        words.pop()
    return " ".join(words).rstrip(), anchor


def split_callout(paragraph: str) -> tuple[str, str] | None:
    """A docsify callout's label and text (``!> Do not`` is ("Important", "Do not")), or None
    when ``paragraph`` is none (or the pages are not docsify's)."""
    label = CALLOUT_LABELS.get(paragraph[:2])
    if label is None or not reading_flavor(DOCSIFY):
        return None
    return label, paragraph[2:].lstrip()
