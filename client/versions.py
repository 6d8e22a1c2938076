"""Choose which of a library's versions answers a request: latest, exact, or newest by prefix.

The answer always names the version served and how it was chosen, so a caller never gets another
version without being told. Ordering is schemas.versions' (semver and PEP 440 alike), the one the
builder used to sort the catalog.

    select_version(None, ["5.1.0", "4.21.2"])   -> 5.1.0, "latest"
    select_version("v4.21.2+b1", ...)           -> 4.21.2, "exact"
    select_version("4.x", ...)                  -> 4.21.2, "prefix"
    select_version("==4.21.2", ...)             -> 4.21.2, "exact" (a pin, as requirements
                                                   files and lock files write it)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from client.errors import InvalidRequest, VersionNotFound
from schemas.versions import InvalidVersion, Version, parse_version

if TYPE_CHECKING:
    from client.model import CatalogEntry
    from schemas.answers import ReleaseKind

MAX_REQUEST_CHARS = 128
MAX_HINTS = 5
# A release prefix: numbers, then optionally wildcard parts ("5", "5.1", "5.x", "5.1.*", "5.x.x").
_PREFIX = re.compile(r"^(\d+(?:\.\d+)*)((?:\.[xX*])*)$")
# Three numbers name a whole semver release; such a request is never widened to a prefix.
_FULL_RELEASE_PARTS = 3


@dataclass(frozen=True)
class VersionChoice:
    """The version served, how it was chosen ("exact", "prefix", "latest") and a one-line note."""

    version: str
    how: ReleaseKind
    note: str


def _normalize(text: str) -> str:
    """The request or version as compared for an exact match: no v prefix, no build metadata."""
    text = text.strip()
    if text[:1] in ("v", "V") and text[1:2].isdigit():
        text = text[1:]
    return text.split("+", 1)[0].casefold()


def _parse(text: str) -> Version | None:
    try:
        return parse_version(text)
    except InvalidVersion:
        return None


def _newest_first(available: Sequence[str]) -> list[tuple[str, Version | None]]:
    """Versions newest first; unparsable ones (a catalog should not have them) come last."""
    parsed = [(text, _parse(text)) for text in dict.fromkeys(available)]
    good = [(t, v) for t, v in parsed if v is not None]
    good.sort(key=lambda pair: pair[1].key if pair[1] else (), reverse=True)
    return [*good, *((t, v) for t, v in parsed if v is None)]


def _newest(candidates: Sequence[tuple[str, Version | None]]) -> tuple[str, bool] | None:
    """The newest stable candidate, else the newest prerelease; and whether it is a prerelease."""
    for text, parsed in candidates:
        if parsed is not None and not parsed.prerelease:
            return text, False
    for text, parsed in candidates:
        if parsed is not None:
            return text, True
    return None


def _latest(ordered: list[tuple[str, Version | None]]) -> VersionChoice | None:
    found = _newest(ordered)
    if found is None:
        return None
    version, prerelease = found
    if prerelease:
        return VersionChoice(version, "latest", f"latest → {version} (no stable release yet)")
    return VersionChoice(version, "latest", f"latest → {version}, the newest stable release")


def _exact(request: str, ordered: list[tuple[str, Version | None]]) -> VersionChoice | None:
    wanted = _normalize(request)
    for text, _ in ordered:
        if _normalize(text) == wanted:
            return VersionChoice(text, "exact", f"exact match {text}")
    # The same version spelled another way: 2.0.0-rc.1 and 2.0.0rc1, 1.0.0-rc1 and 1.0.0rc1;
    # and 10.2.0 when the catalog names the release 10.2 (PEP 440: the same release). Not the
    # other way round: 10.2 asked of 10.2.0 and 10.2.1 is a prefix, the newest of them.
    parsed = _parse(wanted)
    if parsed is None:
        return None
    for text, other in ordered:
        if other is None or other.key != parsed.key:
            continue
        if len(other.release) <= len(parsed.release):
            return VersionChoice(text, "exact", f"exact match {text} (requested {request})")
    return None


def _prefix(request: str, ordered: list[tuple[str, Version | None]]) -> VersionChoice | None:
    match = _PREFIX.match(_normalize(request))
    if match is None:
        return None
    numbers = tuple(int(n) for n in match.group(1).split("."))
    if not match.group(2) and len(numbers) >= _FULL_RELEASE_PARTS:
        return None  # "5.1.0" asks for that release, not for whatever starts with it
    size = len(numbers)
    matching = [(t, v) for t, v in ordered if v is not None and v.release[:size] == numbers]
    found = _newest(matching)
    if found is None:
        return None
    version, prerelease = found
    pattern = match.group(1) + ".x"
    kind = "prerelease (no stable one matches)" if prerelease else "release"
    return VersionChoice(
        version, "prefix", f"prefix match {pattern} → {version}, the latest {pattern} {kind}"
    )


def _closeness(request: Version | None, candidate: Version | None) -> tuple[int, float]:
    """Shared leading release numbers, then nearness of the first differing one."""
    if request is None or candidate is None:
        return (0, 0.0)
    shared = 0
    for mine, theirs in zip(request.release, candidate.release, strict=False):
        if mine != theirs:
            return (shared, -abs(mine - theirs))
        shared += 1
    return (shared, 0.0)


def nearest_versions(request: str, available: Sequence[str], n: int = MAX_HINTS) -> list[str]:
    """Up to ``n`` available versions closest to ``request``, newest first among equals."""
    ordered = _newest_first(available)
    match = _PREFIX.match(_normalize(request))
    parsed = _parse(match.group(1)) if match else _parse(_normalize(request))
    ranked = sorted(
        range(len(ordered)), key=lambda i: _closeness(parsed, ordered[i][1]), reverse=True
    )
    # sorted() is stable and ordered is newest first, so equally close versions stay newest first.
    return [ordered[i][0] for i in ranked[:n]]


# The first character of a version range or pin (==, >=, <, ~=, ~, ^, !=), which no version has.
_RANGE_MARKS = frozenset("=<>~^!")
# A pin to one version, as requirements.txt (==, and PEP 440's ===) or package.json (=) write
# it: the version it names is asked for, exact or, with a wildcard (==3.1.*), as a prefix.
_PIN = re.compile(r"^\s*={1,3}\s*([^=<>~^!,|\s]+)\s*$")
# The first version a range names: ">=2.3,<3" names 2.3.
_RANGE_VERSION = re.compile(r"\d+(?:\.\d+)*")


def select_version(requested: str | None, available: Sequence[str]) -> VersionChoice:
    """The version that answers ``requested`` among ``available``; raise VersionNotFound if none.

    Nothing, ``latest`` or ``stable`` (any case) is the newest stable release, or the newest
    prerelease when there is no stable one (a version named ``stable`` is served as itself).
    An exact version may carry a ``v`` prefix and build metadata. A prefix (``5``, ``5.1``,
    ``5.x``, ``5.*``, ``5.1.x``) is the newest release that starts with it.
    A pin (``==5.1.0``, ``===5.1.0``, ``=5.1.0``, ``==5.1.*``) is the version or prefix it names;
    a range (``>=5``, ``~=5.1``, ``^5.1.0``) is refused, saying what to give instead.
    """
    if requested is not None and len(requested) > MAX_REQUEST_CHARS:
        raise InvalidRequest(f"version is longer than {MAX_REQUEST_CHARS} characters")
    ordered = _newest_first(available)
    if not ordered:
        raise VersionNotFound("the library lists no versions")
    pin = _PIN.match(requested or "")
    asked = (requested or "").strip().casefold()
    # "stable" is how Read the Docs names the newest release; a version so named comes first.
    latest = not asked or asked == "latest" or (asked == "stable" and "stable" not in available)
    if requested is None or latest:
        choice = _latest(ordered)
    elif pin is not None:
        pinned = _exact(pin.group(1), ordered) or _prefix(pin.group(1), ordered)
        choice = pinned and replace(pinned, note=f"{pinned.note} (pinned {requested.strip()})")
    else:
        choice = _exact(requested, ordered) or _prefix(requested, ordered)
    if choice is not None:
        return choice
    # A range copied from requirements.txt or package.json ("~=3.1", "^4.0.0"), or a pin to a
    # version this library does not list.
    mark = (requested or "").strip()[:1]
    ranged = mark in _RANGE_MARKS and pin is None
    # Nearest to the version the range names (==2.3.8: 2.3.8 first), not to the unparsable
    # text; but not to the one "!=" excludes.
    named = _RANGE_VERSION.search(requested or "") if ranged and mark != "!" else None
    near = pin.group(1) if pin else named.group() if named else requested or ""
    hints = nearest_versions(near, available)
    how = ""
    if ranged:
        # The examples are the nearest version and its major: ==2.3.8 was told to give 3.1.3.
        example = hints[0] if hints else "3.1.3"
        major = _RANGE_VERSION.search(example)
        prefix = major.group().split(".")[0] if major else "3"
        how = (
            f"; a range is not read: give a version ({example}), a prefix ({prefix}, "
            f"{prefix}.x) or latest"
        )
    raise VersionNotFound(
        f"no version matches {requested!r}; nearest available: {', '.join(hints)}{how}",
        hints=hints,
    )


def choose_version(entry: CatalogEntry, requested: str | None) -> VersionChoice:
    """select_version over an entry's versions, whose refusal also names a site that failed
    and may have the version."""
    try:
        return select_version(requested, entry.versions)
    except VersionNotFound as error:
        provenances = (entry.provenance, *entry.served.values())
        fallback = next((p.fallback for p in provenances if p.fallback is not None), None)
        if fallback is None:
            raise
        raise VersionNotFound(
            f"{error.message}; {fallback.site} failed since {fallback.since} "
            f"({fallback.error}), so its versions are not listed until it answers",
            hints=error.hints,
        ) from None


def latest_version(entry: CatalogEntry) -> str | None:
    """The version an answer without one would serve; None when the entry has none."""
    try:
        return select_version(None, entry.versions).version
    except VersionNotFound:
        return None


class SeenVersions:
    """The versions each library listed at any time in this process, so that a version a
    republished site no longer lists is refused saying so, not as one never heard of: an agent
    that read 10.5.0 fifteen times in a session was told only "no version matches '10.5.0'"."""

    def __init__(self) -> None:
        self._seen: dict[str, frozenset[str]] = {}

    def choose(self, entry: CatalogEntry, requested: str | None) -> VersionChoice:
        """choose_version for ``entry``, after noting the versions it lists."""
        seen = self._seen.get(entry.id, frozenset())
        if not seen.issuperset(entry.versions):
            self._seen[entry.id] = seen = seen | frozenset(entry.versions)
        try:
            return choose_version(entry, requested)
        except VersionNotFound as error:
            gone = sorted(seen.difference(entry.versions))
            try:
                dropped = select_version(requested, gone).version if gone else None
            except (VersionNotFound, InvalidRequest):
                dropped = None
            if dropped is None:
                raise
            raise VersionNotFound(
                f"{error.message}; {entry.id} {dropped} was listed earlier in this session: "
                "its site was published again without it",
                hints=error.hints,
            ) from None
