"""How builder and client tell a changelog: by its file's name, and a release by its heading.

The builder folds a release's category subsections into the release's section
(builder.release_notes), and the ranker weighs changelog entries apart from the rest of the
docs (client.search.features): both must agree on what a changelog is.
"""

from __future__ import annotations

import re

# A source file of release notes: CHANGES.rst, changelog.md, HISTORY, release-notes.md, NEWS,
# versionhistory.rst, ReleaseNotes.md... The word may end a lowercase name, but a capital inside
# a name starts a word of an identifier: undici's MockCallHistory.md documents a class.
CHANGELOG_FILE = re.compile(
    r"(?:(?<![a-z0-9])|(?=[a-z]))(?i:change|history|release|news|whatsnew|what-s-new)"
)
# A heading that starts with a version: "2.0.1", "v1.4", "`0.55.0`_ (2025-07-20)"; not with a
# section number, which ends with a dot ("4.8.3. Special parameters", Sphinx's :numbered:).
VERSION_FIRST = re.compile(r"^\W*v?\d+(?:\.\d+)+(?!\d|\.\d|\.\s|\.$)")
# A release's heading: a version within its first three words ("Version 3.1.0", "pluggy 1.5.0
# (2024-04-19)", "[1.2.0] - 2024-01-01", "0.20.0 (2025-10-20)", bull's "v.3.22.1"), or after a
# package's name and "@", as npm and monorepo tags write it ("pg@8.21.0",
# "@scope/pkg@1.0.0"), and short.
_RELEASE = re.compile(
    r"^\W*(?:[A-Za-z][\w.-]*\s+|(?:@[\w.-]+/)?[A-Za-z][\w.-]*@(?=v?\d)){0,2}"
    r"\W*(?:v\.?)?\d+\.\d+(?:\.\w+)*(?=\W|$)"
)
MAX_RELEASE_HEADING_CHARS = 80


def is_release_heading(heading: str) -> bool:
    """Whether ``heading`` names one release of a changelog."""
    return len(heading) <= MAX_RELEASE_HEADING_CHARS and _RELEASE.match(heading) is not None


# A release number as a question or a release heading writes it: 3.1, 0.20.0, v2.1.0, 1.0rc1,
# and a pre-release by its tag however it is joined (3.0.0rc4, 3.0.0-rc.4, 2.0.0-beta.1).
_RELEASE_NUMBER = re.compile(
    r"(?<![\w.])v?(\d+(?:\.\d+)+)"
    r"(?:([a-z]+)(\d*)|[-_.](alpha|beta|preview|pre|rc|a|b|c)[-_.]?(\d*)(?![a-z]))?"
    r"(?![\w.]*\d)",
    re.IGNORECASE,
)
# Pre-release tags as PEP 440 normalises them.
_PRE_RELEASE = {"alpha": "a", "beta": "b", "c": "rc", "pre": "rc", "preview": "rc"}


def release_numbers(text: str) -> frozenset[str]:
    """The release numbers ``text`` writes, without a leading "v" or trailing ".0" parts past
    the second, a pre-release's tag normalised: "what changed in 3.1" asks about the release
    headed "Version 3.1.0", "2.0.0-beta.1" about "2.0.0b1"."""
    return frozenset(_number(match) for match in _RELEASE_NUMBER.finditer(text))


# The words a question writes before a release of the library it asks about ("what changed in
# 2.7", "upgrade from 1.x to 2.0", "version 3.1"); another word there is a name whose version
# it is ("Python 2.7", "urllib3 2.0", "HTTP/1.1").
_BEFORE_RELEASE = frozenset(
    [
        "in", "since", "to", "from", "between", "and", "or", "vs", "versus", "of", "for",
        "after", "before", "until", "till", "than", "at", "with", "on", "is", "was",
        "version", "versions", "release", "releases", "ver",
    ]
)  # fmt: skip
_WORD_BEFORE = re.compile(r"([A-Za-z][\w.+-]*)(?:\s+|/)$")
_WORD_AFTER = re.compile(r"\s+([A-Za-z]+)")
_ARTICLES = frozenset(["the", "a", "an", "this", "that"])
_RELEASE_WORDS = frozenset(["release", "releases", "version", "versions"])
# A number given to a parameter or a call is a value: "days=1.5", "timeout = 2.5",
# "timeout=(3.05, 27)", "sleep(0.5, 1.5)", 'Decimal("1.5")' (a call's parenthesis follows its
# name; "param (0.39.0)" is a release in parentheses). A requirement's comparison (">=2.31",
# "==2.30") still names a release.
_VALUE_BEFORE = re.compile(r"(?:[\w\])]\s*=\s*\(?|\w\([^()]*)\s*[\"']?\s*$")


# A major version alone, said as one ("version 6", "release 2", "v2"): the release N.0.
# A bare number is not ("in 2 steps", "Python 3").
_MAJOR_RELEASE = re.compile(
    r"(?<![\w.])(?:(?:version|release|ver\.?)\s+v?|v)(\d+)(?![\w]|\.\d)", re.I
)


# "version 1 of OAuth", "release 2 of the spec": a major version said of another name is that
# name's (oauthlib's changelog entry 1.0.0 answered "is it compatible with version 1 of
# OAuth"); said of the library itself ("version 6 of slugify", "of this library", "of it") it
# is its own.
_NAME_AFTER = re.compile(r"\s+of\s+(?:(?:the|an?|this|its)\s+)?([A-Za-z][\w.+-]*)")
_ITSELF = frozenset(["library", "package", "it"])


def releases_asked(text: str, library: str | None = None) -> frozenset[str]:
    """The releases of the library ``library`` (its id) that a question names: the release
    numbers it writes (``release_numbers``) and the major versions it says ("version 6" is
    6.0), but those that follow another name or are said of one, which are that name's
    versions ("does requests support Python 2.7", "Python version 3", "version 1 of OAuth")."""
    found = set()
    for match in _RELEASE_NUMBER.finditer(text):
        if _of_the_library(text, match.start(), library) or _said_as_release(text, match, library):
            found.add(_number(match))
    for match in _MAJOR_RELEASE.finditer(text):
        of_another = _said_of_another(text, match.end(), library)
        if _of_the_library(text, match.start(), library) and not of_another:
            found.add(f"{int(match.group(1))}.0")
    return frozenset(found)


def _said_of_another(text: str, end: int, library: str | None) -> bool:
    """Whether the release said before ``end`` is said of another name ("of OAuth")."""
    after = _NAME_AFTER.match(text, end)
    name = after.group(1).casefold() if after else None
    return name is not None and name not in _ITSELF and not _names_library(name, library)


def _of_the_library(text: str, start: int, library: str | None) -> bool:
    """Whether the release said at ``start`` is the library's: nothing or a word of
    _BEFORE_RELEASE before it, or the library's name."""
    if _VALUE_BEFORE.search(text, 0, start):
        return False
    before = _WORD_BEFORE.search(text, 0, start)
    word = before.group(1).casefold() if before else None
    return word is None or word in _BEFORE_RELEASE or _names_library(word, library)


def _said_as_release(text: str, match: re.Match[str], library: str | None) -> bool:
    """Whether a number is said as a release by an article before it and a release word after
    it ("as of the 1.8 release", "a 2.0 version"): "the Python 3.8 release" has a name there,
    and "the 3.11 version of Python" one after it."""
    before = _WORD_BEFORE.search(text, 0, match.start())
    after = _WORD_AFTER.match(text, match.end())
    return (
        before is not None
        and before.group(1).casefold() in _ARTICLES
        and after is not None
        and after.group(1).casefold() in _RELEASE_WORDS
        and not _said_of_another(text, after.end(), library)
    )


def _names_library(word: str, library: str | None) -> bool:
    """Whether ``word`` is the library's id or a part of it ("slugify" of python-slugify),
    a major version aside ("jinja2" of jinja)."""
    if library is None:
        return False
    names = {library.casefold(), *re.split(r"[-_.]", library.casefold())}
    return word in names or word.rstrip("0123456789") in names


def release_of(heading: str) -> str | None:
    """The release number a release heading names (as ``release_numbers`` writes it), or
    None for another heading."""
    if not is_release_heading(heading):
        return None
    match = _RELEASE_NUMBER.search(heading)
    return _number(match) if match else None


def _number(match: re.Match[str]) -> str:
    tag = (match.group(2) or match.group(4) or "").casefold()
    serial = match.group(3) or match.group(5) or ""
    return _plain(match.group(1)) + _PRE_RELEASE.get(tag, tag) + serial


def _plain(number: str) -> str:
    parts = number.casefold().split(".")
    while len(parts) > 2 and parts[-1] == "0":
        parts.pop()
    return ".".join(parts)
