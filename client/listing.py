"""``docclient list``: every library the sources know, with its versions and where it comes from.

A catalog lookup answers "which library is this?"; a listing answers "what is there?", so it
ranks nothing and hides nothing: libraries in id order, versions newest first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from client.answers import provenance_model, source_label
from client.model import CatalogEntry
from client.render import fallback_line
from client.versions import select_version
from schemas.answers import Provenance

# A lookup that matches nothing names every library of a catalog this small (a team's site), each
# with its summary cut to this many characters: an agent asking by a concept ("serialization",
# "中文") picks from them, where it was told to try "another spelling".
LIST_LIBRARIES_UP_TO = 30
LISTED_SUMMARY_CHARS = 60


def library_list(entries: Sequence[CatalogEntry]) -> dict[str, Any]:
    """The listing answer: ``libraries`` (id, name, latest, versions, source), ``total``,
    ``sources``."""
    libraries = [
        {
            "id": entry.id,
            "name": entry.name,
            "summary": entry.summary,
            "latest": select_version(None, list(entry.versions)).version
            if entry.versions
            else None,
            "versions": list(entry.versions),
            "source": source_label(entry.provenance),
            # Where each version comes from: merged sites serve a library's versions from the
            # first site that has each, and a listing named only the library's first source.
            "versionSources": {
                version: source_label(entry.provenance_of(version)) for version in entry.versions
            },
            "provenance": msgspec.to_builtins(provenance_model(entry.provenance)),
        }
        for entry in sorted(entries, key=lambda entry: entry.id)
    ]
    sources = {library["source"] for library in libraries}
    for library in libraries:
        sources.update(library["versionSources"].values())
    return {"libraries": libraries, "total": len(libraries), "sources": sorted(sources)}


def render_list(answer: dict[str, Any]) -> str:
    """One line per library: id, name, latest, every version, source; first, as in every
    answer, the FALLBACK line when a configured site failed and a copy answers instead."""
    if not answer["libraries"]:
        return "No libraries: the sources list none."
    width = max(len(library["id"]) for library in answer["libraries"])
    count = f"{answer['total']} librar{'y' if answer['total'] == 1 else 'ies'}"
    provenances = [
        msgspec.convert(library["provenance"], Provenance) for library in answer["libraries"]
    ]
    lines = fallback_line(provenances)
    lines.append(f"{count} from {', '.join(answer['sources'])}:")
    for library in answer["libraries"]:
        lines.append(
            f"{library['id'].ljust(width)}  {library['name']}: latest {library['latest']}; "
            f"versions {', '.join(library['versions'])}"
            + (f"  [{_where(library)}]" if len(answer["sources"]) > 1 else "")
        )
    return "\n".join(lines)


def _where(library: dict[str, Any]) -> str:
    """The library's source, or each version's when they come from several."""
    served: dict[str, str] = library["versionSources"]
    if set(served.values()) <= {library["source"]}:
        return str(library["source"])
    return "; ".join(f"{version} {source}" for version, source in served.items())


def library_choices(known: Callable[[int], Sequence[CatalogEntry]]) -> str:
    """What a lookup that matched nothing adds to its hint: the libraries ``known`` gives (the
    first of each source's, up to a number), when there are at most LIST_LIBRARIES_UP_TO of
    them, each with its summary; "" otherwise."""
    entries = known(LIST_LIBRARIES_UP_TO + 1)
    if not entries or len(entries) > LIST_LIBRARIES_UP_TO:
        return ""
    named = [
        f"{entry.id} ({_cut(entry.summary, LISTED_SUMMARY_CHARS)})" if entry.summary else entry.id
        for entry in sorted(entries, key=lambda entry: entry.id)
    ]
    listed = "; ".join(named)
    return f", or pick one of the {len(entries)} libraries the sources document: {listed}"


def _cut(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"
