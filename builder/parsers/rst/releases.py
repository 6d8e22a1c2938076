"""A changelog of the ``releases`` Sphinx extension (Paramiko, Fabric, Invoke): one bullet list,
newest first, whose ``:release:`2.2.0 <2023-07-12>``` items mark where each release starts and
whose ``:bug:``, ``:feature:`` and ``:support:`` items are the entries below it.

The extension draws a section per release holding the entries listed under its line, each led
by its kind and issue ("[Bug] #944: After the release..."). Read as a plain list, the whole
changelog was one section cut in parts by size, a release a bare item ("- 2.2.0") and an entry
led by a bare number and the extension's keywords ("- 936 backported Make sure...") or by the
dash that stands for no issue ("- - Remove..."). A release item of a list at the top of the
page now heads a section one level below the title, its date under it, and each entry reads as
the extension shows it. Release items of one date listed one after another (a fix released in
several lines at once) each head the entries listed under the last of them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from builder.parsers.docutils_ids import docutils_id
from builder.parsers.rst.events import Context, Event, Heading, Text

_RELEASE = re.compile(r":release:`\s*([^`<]*?)\s*(?:<([^`>]*)>)?\s*`\s*")
# An entry's role and its issue ("944", "936 backported", "-" or "0" for none, "376 major").
_ENTRY = re.compile(r":(bug|feature|support):`\s*([^`\s]*)[^`]*`\s*")
# The most releases of one run that show the entries under it: Fabric's changelogs ship a fix
# in five lines at most. Each holding a copy, a run of n releases over m entries made n * m
# (8,000 releases of one date over 8,000 entries: 1.2 billion characters from 16,000 lines).
MAX_RELEASES_AT_ONCE = 16


@dataclass(frozen=True)
class Release:
    """A release item: the version and its date ("" when the item gives none)."""

    version: str
    date: str


def is_releases_list(lines: list[str], i: int, bullet: str) -> bool:
    """Whether the bullet list starting at ``lines[i]`` has a ``:release:`` item."""
    # Not lines[i:]: a copy of the rest of the page for each list made a page of many short
    # lists take time in the square of its length (150,000 titled releases: 250 s).
    for j in range(i, len(lines)):
        line = lines[j]
        if line and line[0] != " " and not line.startswith(f"{bullet} "):
            return False  # the list has ended
        if line.startswith(f"{bullet} :release:`"):
            return True
    return False


def release_item(body: list[str]) -> Release | None:
    """The release a list item (its lines) is, when it is only a ``:release:`` role."""
    if len([line for line in body if line.strip()]) != 1:
        return None
    match = _RELEASE.fullmatch(body[0])
    return Release(match.group(1), match.group(2) or "") if match else None


def release_group(
    run: list[tuple[Release, int]], entries: list[Event], ctx: Context
) -> list[Event]:
    """The releases of ``run`` (each with its source line), items of one date listed one after
    another, each heading the ``entries`` listed under the last of them, as the extension
    shows a fix released in several lines at once (Fabric's 1.12.1, 1.11.3 and 1.10.5), the
    last :data:`MAX_RELEASES_AT_ONCE` of them only; the entries alone when the run is empty."""
    if not run:
        return entries
    events: list[Event] = []
    shared_from = len(run) - MAX_RELEASES_AT_ONCE
    for number, (release, line) in enumerate(run):
        date = [Text(f"Released: {release.date.strip()}")] if release.date.strip() else []
        if ctx.sections:
            events.append(Heading(title=release.version, line=line, last_line=line,
                                  claim_line=line, anchor=docutils_id(release.version),
                                  below_title=1))  # fmt: skip
        else:
            events.append(Text(release.version))
        events += [*date, *(entries if number >= shared_from else [])]
    return events


def entry_lead(first_line: str) -> str:
    """An entry's first line with its role written as the extension shows it: "[Bug] #944: "
    (the keywords after the issue left out), "[Feature]: " for an entry of no issue."""
    match = _ENTRY.match(first_line)
    if match is None:
        return first_line
    kind, issue = match.group(1).capitalize(), match.group(2)
    lead = f"[{kind}] #{issue}: " if issue not in ("", "-", "0") else f"[{kind}]: "
    return lead + first_line[match.end() :]
