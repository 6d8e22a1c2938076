"""Parse and order library version strings, semver and PEP 440 alike.

Builder and client must agree on which version is newest, so the one ordering lives here.
A semver prerelease ``1.0.0-rc.1`` and the PEP 440 spelling ``1.0.0rc1`` get the same key.
Build metadata (``+build.2``) and PEP 440 local labels (``+ubuntu1``) never take part in ordering.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Identifier parts sort as semver says: numbers below words, numbers by value, words by ASCII.
Identifier = tuple[int, int | str]

_SEMVER = re.compile(
    r"^[vV]?(?P<release>0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)"
    r"(?:-(?P<pre>[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?"
    r"(?:\+(?P<build>[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?$"
)

# PEP 440's public version pattern, case-insensitive, with its documented alternate spellings.
_PEP440 = re.compile(
    r"""^\s*v?
    (?:(?P<epoch>\d+)!)?
    (?P<release>\d+(?:\.\d+)*)
    (?:[-_.]?(?P<pre_l>a|b|c|rc|alpha|beta|pre|preview)[-_.]?(?P<pre_n>\d+)?)?
    (?:-(?P<post_n1>\d+)|[-_.]?(?P<post_l>post|rev|r)[-_.]?(?P<post_n2>\d+)?)?
    (?:[-_.]?(?P<dev_l>dev)[-_.]?(?P<dev_n>\d+)?)?
    (?:\+(?P<local>[a-z0-9]+(?:[-_.][a-z0-9]+)*))?
    \s*$""",
    re.VERBOSE | re.IGNORECASE,
)

# A longer string is no version. Past Python's limit on the digits int() reads (4,300), a number
# in a version raised ValueError, which no caller expects from a catalog's version string.
MAX_VERSION_TEXT = 256

_PRE_LETTER = {"a": "a", "alpha": "a", "b": "b", "beta": "b", "c": "rc", "rc": "rc"}
_PRE_LETTER |= {"pre": "rc", "preview": "rc"}


class InvalidVersion(ValueError):
    """The string is neither a semver nor a PEP 440 version."""


@dataclass(frozen=True, order=False)
class Version:
    """A parsed version: the original text plus a key that orders it among its siblings."""

    text: str
    release: tuple[int, ...]
    prerelease: bool
    key: tuple[object, ...]

    def __lt__(self, other: Version) -> bool:
        return self.key < other.key


def _identifier(part: str) -> Identifier:
    return (0, int(part)) if part.isdigit() else (1, part)


def _strip_zeros(release: tuple[int, ...]) -> tuple[int, ...]:
    end = len(release)
    while end > 1 and release[end - 1] == 0:
        end -= 1
    return release[:end]


def parse_version(text: str) -> Version:
    """Parse ``text`` as semver, or failing that as PEP 440; raise InvalidVersion otherwise."""
    if not isinstance(text, str) or not text.strip():
        raise InvalidVersion(f"{text!r} is not a version")
    if len(text) > MAX_VERSION_TEXT:
        raise InvalidVersion(f"{text[:20]!r}... is longer than {MAX_VERSION_TEXT} characters")
    match = _SEMVER.match(text)
    if match:
        release = tuple(int(match.group(i)) for i in (1, 2, 3))
        pre = match.group("pre")
        pre_key: tuple[object, ...] = (1,)
        if pre is not None:
            pre_key = (0, *(_identifier(p) for p in pre.split(".")))
        key: tuple[object, ...] = (0, _strip_zeros(release), pre_key, -1, (1,))
        return Version(text, release, pre is not None, key)
    match = _PEP440.match(text)
    if not match:
        raise InvalidVersion(
            f"{text!r} is neither a semantic version (1.2.3, 1.2.3-rc.1) nor a PEP 440 version "
            "(1.2, 2.0.0rc1, 1.0.post1, 2024.1)"
        )
    release = tuple(int(p) for p in match.group("release").split("."))
    epoch = int(match.group("epoch") or 0)
    pre_letter, dev_letter = match.group("pre_l"), match.group("dev_l")
    has_post = match.group("post_n1") is not None or match.group("post_l") is not None
    post = int(match.group("post_n1") or match.group("post_n2") or 0) if has_post else -1
    dev_key: tuple[object, ...] = (0, int(match.group("dev_n") or 0)) if dev_letter else (1,)
    if pre_letter:
        letter = _PRE_LETTER[pre_letter.lower()]
        pre_key = (0, (1, letter), (0, int(match.group("pre_n") or 0)))
    elif dev_letter and not has_post:
        pre_key = (0,)  # 1.0.dev1 sorts below 1.0a1
    else:
        pre_key = (1,)
    key = (epoch, _strip_zeros(release), pre_key, post, dev_key)
    return Version(text, release, bool(pre_letter or dev_letter), key)


def is_version(text: str) -> bool:
    """True for a text :func:`parse_version` reads (not the empty one)."""
    try:
        parse_version(text)
    except InvalidVersion:
        return False
    return bool(text)


def is_placeholder(text: str) -> bool:
    """True for a version a package holds until its release is written in at build time
    (poetry-dynamic-versioning's "0.0.0", setuptools-scm's fallbacks "0+unknown" and
    "0.1.dev0+unknown"): every release number 0, or a local label "unknown"."""
    try:
        version = parse_version(text)
    except InvalidVersion:
        return False
    return not any(version.release) or "unknown" in text.partition("+")[2].lower()


def is_prerelease(text: str) -> bool:
    """True for a prerelease (``1.0.0-rc.1``, ``2.0b3``, ``1.0.dev0``); False for anything
    else, a string that is no version included."""
    try:
        return parse_version(text).prerelease
    except InvalidVersion:
        return False


def sort_newest_first(versions: list[str]) -> list[str]:
    """Return ``versions`` ordered newest first; ties keep their given order."""
    parsed = [parse_version(v) for v in versions]
    order = sorted(range(len(parsed)), key=lambda i: parsed[i].key, reverse=True)
    # sorted() with reverse=True keeps ties stable, which is what callers rely on.
    return [versions[i] for i in order]
