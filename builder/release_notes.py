"""Fold a changelog release's category subsections into the release's own section.

towncrier and Keep a Changelog write a release as a heading whose only text is in its
subsections: "0.20.0 (2025-10-20)" > "Features", "Bug Fixes". The release section says
nothing itself, so it is dropped, and a question about 0.20.0 lands on the "Features" of
another release. In a changelog file, a release heading whose subsections are not releases
themselves takes their text, each under its heading as a label, and they go: one section per
release, the way a reader looks a release up, a subsection's subsections labelled with the
path from the release ("Changed > Drop CLI:"). A long one is split later, like any section;
but a release that is its page's title, longer than a section, whose subsections have their
own, is a guide's topics, which keep their headings: every section of the page names the
release in its path.

Before that, no release sits below another: conventional-changelog (semantic-release's notes)
heads a minor release "# [4.16.0](...)" and a patch "## [4.15.1](...)", so each patch read as
part of the minor release above it (bull's "3.23.0 > v.3.3.4", and every older release below
its last minor one). A release below another takes that one's level, its subsections moving
up with it. Only a heading that opens with its version moves: a category that names one
("Requires Node.js 18.0" under "5.0.0") is part of its release.

A page that is not a changelog by name may include one (waitress' index.rst reads
``.. include:: ../CHANGES.txt``): its releases fold too when it holds a run of them, several
releases at one level, and stay where they are written.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from builder.model import Section
from schemas.changelogs import CHANGELOG_FILE, VERSION_FIRST, is_release_heading
from schemas.shards import MAX_SECTION_CHARS

# A heading that opens with a version: "[4.15.1](...) (2024-07-04)", "v.3.3.4", "1.0.0 - date",
# or with a package's name and "@" before it, as npm and monorepo tags write it ("pg@7.18.0").
# The name-and-"@" form only when nothing but a date or a link follows the version: a category
# that names another package's release ("node@18.0 required" under "5.0.0") stays in its release.
_VERSION_FIRST = re.compile(
    r"\W*(?:(?:@[\w.-]+/)?[a-z][\w.-]*@(?=v?\d[\w.+-]*(?:\W*$|\]|\s+[-(\[\d\u2013\u2014])))?"
    r"v?\.?\d+\.\d+",
    re.IGNORECASE,
)
# Releases at one level that make another page's text an included changelog; one or two may
# be a guide's headings that open with a version ("2.0 migration"), topics below them.
MIN_INCLUDED_RELEASES = 3


def fold_release_notes(sections: Sequence[Section]) -> list[Section]:
    """``sections`` (one file's, in document order) with each release's subsections folded."""
    if not sections:
        return []
    if CHANGELOG_FILE.search(sections[0].source):
        sections = _releases_side_by_side(sections)
    elif not _includes_changelog(sections):
        return list(sections)
    folded: list[Section] = []
    index = 0
    while index < len(sections):
        section = sections[index]
        end = _subtree_end(sections, index)
        below = sections[index + 1 : end]
        heads_page = end == len(sections) and all(s.level == 0 for s in sections[:index])
        if (
            below
            and section.kind == "text"
            and _is_release_of_categories(section, below, heads_page)
        ):
            folded.append(_with_categories(section, below))
            index = end
        else:
            folded.append(section)
            index += 1
    return folded


def _releases_side_by_side(sections: Sequence[Section]) -> list[Section]:
    """``sections`` with each release that sits below another at that one's level, and the
    heading paths made again from the levels. A release below a heading that is no release
    ("Version 1.x" > "1.0.0") stays where it is."""
    if len({section.level for section in sections if _moves(section)}) < 2:
        return list(sections)
    placed: list[Section] = []
    above: list[Section] = []  # the sections this one sits in, outermost first
    for section in sections:
        if section.level == 0:  # the text above the first heading, under the page's title
            placed.append(section)
            continue
        level = section.level
        while above and above[-1].level >= level:
            above.pop()
        if _moves(section):
            level = next((a.level for a in above if _is_release(a)), level)
            while above and above[-1].level >= level:
                above.pop()
        path = tuple(ancestor.heading for ancestor in above)
        placed.append(replace(section, level=level, heading_path=path))
        above.append(placed[-1])
    return placed


def _includes_changelog(sections: Sequence[Section]) -> bool:
    """Whether a page not named as a changelog holds a run of releases at one level (a
    section number, "3.2.8. Help With Bytes", names no release)."""
    # The anchored VERSION_FIRST turns nearly every heading down at its first character, so it
    # goes first: a page is asked this whatever it holds (15,000 headings in Python's docs).
    levels = Counter(
        section.level
        for section in sections
        if VERSION_FIRST.match(section.heading) and _is_release(section)
    )
    return any(count >= MIN_INCLUDED_RELEASES for count in levels.values())


def _moves(section: Section) -> bool:
    """Whether ``section`` is a release that goes beside a release it sits below."""
    return _is_release(section) and _VERSION_FIRST.match(section.heading) is not None


def _is_release(section: Section) -> bool:
    return section.kind == "text" and is_release_heading(section.heading)


def _subtree_end(sections: Sequence[Section], index: int) -> int:
    """The index after the sections below ``sections[index]``."""
    level = sections[index].level
    end = index + 1
    while end < len(sections) and sections[end].level > level:
        end += 1
    return end


def _is_release_of_categories(section: Section, below: Sequence[Section], heads_page: bool) -> bool:
    """Whether ``below`` are the categories of the release ``section``: no release among
    them, and, where the release heads its page, all at one level or together short enough
    for one section. Topics with topics of their own, longer than that, are a guide-like
    release note's (python-statemachine's 3.0.0.md: "What's new" > "Compound states", 600
    lines), whose headings are kept: folded, it was cut into parts anywhere, its topics'
    headings lost. One release among others (PyJWT's "v2.0.0" > "Changed" > "Drop CLI")
    folds however long: kept apart, its topics were headed "Drop CLI", "Pull Requests", and
    the release a question names had no section."""
    if not is_release_heading(section.heading) or any(
        is_release_heading(child.heading) or child.kind != "text" for child in below
    ):
        return False
    one_level = len({child.level for child in below}) == 1
    return not heads_page or one_level or len(_folded_body(section, below)) <= MAX_SECTION_CHARS


def _with_categories(release: Section, below: Sequence[Section]) -> Section:
    return replace(
        release,
        body=_folded_body(release, below),
        line_end=max(release.line_end, *(child.line_end for child in below)),
    )


def _folded_body(release: Section, below: Sequence[Section]) -> str:
    parts = [release.body.strip()] if release.body.strip() else []
    depth = len(release.heading_path) + 1  # where a child's path below the release starts
    for child in below:
        if child.body.strip():
            label = " > ".join((*child.heading_path[depth:], child.heading))
            parts.append(f"{label}:\n{child.body.strip()}")
    return "\n\n".join(parts)
