"""Section anchors as readers link to them: the GitHub-style slug rule, made unique per page.

Shared because the builder names sections with it and a client building shards for a plain
doctrove host must name sections that recorded no anchor the same way.
"""

from __future__ import annotations

import re
import unicodedata

_DROP = re.compile(r"[^\w\- ]", re.UNICODE)
_SPACES = re.compile(r"\s+")
_DASHES = re.compile(r"-{2,}")
MAX_ANCHOR_LENGTH = 80
# A GitHub slug is cut only here, far past the longest a README's links name (yup's API
# headings' run to 120), so a pathological heading makes no pathological id.
MAX_GITHUB_ANCHOR_LENGTH = 400
# The anchor of the text above a page's first heading, in every reader: "top" is the fragment
# browsers scroll to the top of a page for, so it never takes a heading's own place.
TITLE_ANCHOR = "top"


def slugify(text: str) -> str:
    """GitHub-style slug: lowercase, punctuation dropped, spaces to dashes, any script kept.

    ``"Session.mount()"`` becomes ``"sessionmount"``; ``"快速开始"`` stays ``"快速开始"``.
    An empty result becomes ``"section"`` so every section still has an anchor.
    """
    text = unicodedata.normalize("NFKC", text).strip().lower()
    text = _DROP.sub("", text)
    text = _SPACES.sub("-", text)
    text = _DASHES.sub("-", text).strip("-")
    return text[:MAX_ANCHOR_LENGTH].rstrip("-") or "section"


def github_slug(text: str) -> str:
    """The slug GitHub gives a heading (github-slugger's, which Docusaurus, Starlight and
    Nextra use too; mdBook's and pandoc's agree): as ``slugify``, but each space is a dash of
    its own and none is dropped, so "Methods & Events" is ``"methods--events"`` and "8.3.0 -
    2026-07-11" ``"830---2026-07-11"``, as the links of a README's table of contents spell
    them; only a length no real heading has (MAX_GITHUB_ANCHOR_LENGTH) is cut.
    """
    text = unicodedata.normalize("NFKC", text).strip().lower()
    slug = "".join(char for char in text if _in_github_slug(char)).replace(" ", "-")
    return slug[:MAX_GITHUB_ANCHOR_LENGTH] or "section"


def _in_github_slug(char: str) -> bool:
    """Whether GitHub keeps ``char`` in a slug: what ``_DROP`` keeps, and the combining marks
    a regex's word class leaves out, such as Devanagari's vowel signs ("हिन्दी" is #हिन्दी)."""
    return char.isalnum() or char in "_- " or unicodedata.category(char).startswith("M")


def unique_anchor(anchor: str, taken: set[str]) -> str:
    """Return ``anchor`` or ``anchor-1``, ``anchor-2``... whichever is free, and mark it taken."""
    candidate, n = anchor, 0
    while candidate in taken:
        n += 1
        candidate = f"{anchor}-{n}"
    taken.add(candidate)
    return candidate


# A section too long for one is cut into parts (builder.sections); the parts after the first
# are named after it, and readers (the ranker, the evaluation) take those names back apart.
_PART_HEADING = re.compile(r"\s*\(part \d+ of \d+\)$")
_PART_ANCHOR = re.compile(r"-part-\d+$")


def part_names(heading: str, anchor: str, n: int, parts: int) -> tuple[str, str]:
    """The heading and anchor of part ``n`` of the ``parts`` a section is cut into: the first
    keeps the section's, the others are "Heading (part 2 of 3)" and "anchor-part-2"."""
    if n == 1:
        return heading, anchor
    return f"{heading} (part {n} of {parts})", f"{anchor}-part-{n}"


def whole_heading(heading: str) -> str:
    """A part's heading without its part number; any other heading as it is."""
    return _PART_HEADING.sub("", heading)


def whole_anchor(heading: str, anchor: str) -> str:
    """A part's anchor without its part number, told by its heading (an anchor of a section
    that was never cut may end in "-part-2" of itself); any other anchor as it is."""
    return _PART_ANCHOR.sub("", anchor) if _PART_HEADING.search(heading) else anchor
