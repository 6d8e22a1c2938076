"""Match relative POSIX paths against include/exclude globs with gitignore-like meaning.

``*`` and ``?`` stay within one path segment, ``**`` spans segments, ``[abc]`` is a class.
A pattern without a slash matches the file name at any depth (``*.rst``); a pattern with one
is anchored at the version root (``api/**/*.md``), and so is one that starts with a slash
(``/README.md``, the top folder's README only), as in ``.gitignore``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

MAX_PATTERN_LENGTH = 500


class GlobError(ValueError):
    """A pattern that cannot be used."""


@dataclass(frozen=True)
class GlobSet:
    patterns: tuple[str, ...]
    regex: re.Pattern[str] | None

    def matches(self, relpath: str) -> bool:
        return self.regex is not None and self.regex.match(relpath) is not None


# A run of fixed-width tokens between two ``*`` of one segment: literal characters and ``?``.
_FIXED_RUN = re.compile(r"[^*/?\[]*(?:\?[^*/?\[]*)*")


def atomic_star(pattern: str, i: int) -> tuple[str, int] | None:
    """The regex for the ``*`` at ``pattern[i]`` and the fixed run after it, when another
    single ``*`` follows the run in the same segment, and the index after the run; else None.

    ``*a*a*a*b`` made a regex that backtracked through every way to split a path among its
    stars (a 40-character name took seconds, a longer one hours). As Python's fnmatch does,
    such a star matches lazily up to the first place its run matches, in an atomic group that
    is never tried again: the next star takes whatever a later place would have left, so no
    match is lost. A run ending the segment, or before ``**``, a class or ``/``, keeps the
    plain star."""
    run = _FIXED_RUN.match(pattern, i + 1)
    end = run.end() if run else i + 1
    if end == i + 1 or not pattern.startswith("*", end) or pattern.startswith("**", end):
        return None
    fixed = "".join("[^/]" if char == "?" else re.escape(char) for char in pattern[i + 1 : end])
    return f"(?>[^/]*?{fixed})", end


def atomic_double_star(pattern: str, i: int) -> tuple[str, int] | None:
    """The regex for the ``**`` (or ``**/``) at ``pattern[i]`` and the fixed run after it,
    when another ``**`` follows the run, and the index after the run; else None.

    ``**/**/**/x`` or ``**/a/**/a/**/b`` backtracked through every way to share a path among
    the ``**`` (a VitePress srcExclude of thirteen ``**/`` took seconds on a path 18 folders
    deep, more hours on a deeper one). As ``atomic_star`` does for ``*``, such a ``**`` takes
    the least that lets its run match, once: the next ``**`` takes whatever a later place
    would have left. That holds when the next ``**`` spans any characters (no ``/`` after
    it), or what this one and its run take ends a folder."""
    slash = pattern.startswith("**/", i)
    start = i + (3 if slash else 2)
    end = start
    while end < len(pattern) and pattern[end] not in "*[":
        end += 1
    fixed = pattern[start:end]
    if not pattern.startswith("**", end):
        return None
    # Before a "**/", what the star and its run may take ends a folder, or is nothing.
    if pattern.startswith("**/", end) and not (fixed.endswith("/") or (slash and not fixed)):
        return None
    run = "".join("[^/]" if char == "?" else re.escape(char) for char in fixed)
    return f"(?>(?:.*?/)??{run})" if slash else f"(?>.*?{run})", end


def _translate(pattern: str) -> str:
    if not pattern or len(pattern) > MAX_PATTERN_LENGTH:
        raise GlobError(f"pattern {pattern[:40]!r} must have 1 to {MAX_PATTERN_LENGTH} characters")
    if pattern.startswith("//") or ".." in pattern.split("/"):
        raise GlobError(f"pattern {pattern!r} must be relative to the version root, without '..'")
    anchored = "/" in pattern.rstrip("/")
    # A leading slash only anchors the pattern, as in .gitignore: the rest is what matches.
    pattern = pattern.removeprefix("/").rstrip("/")
    if not pattern:
        raise GlobError("pattern '/' names no file")
    out: list[str] = [] if anchored else ["(?:.*/)?"]
    i = 0
    while i < len(pattern):
        char = pattern[i]
        if pattern.startswith("**", i) and (atomic := atomic_double_star(pattern, i)):
            out.append(atomic[0])
            i = atomic[1]
            continue
        if pattern.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
            continue
        if pattern.startswith("**", i):
            out.append(".*")
            i += 2
            continue
        if char == "*" and (atomic := atomic_star(pattern, i)):
            out.append(atomic[0])
            i = atomic[1]
            continue
        if char == "*":
            out.append("[^/]*")
        elif char == "?":
            out.append("[^/]")
        elif char == "[":
            end = pattern.find("]", i + 1)
            if end == -1:
                raise GlobError(f"pattern {pattern!r} has an unclosed '['")
            body = pattern[i + 1 : end].replace("\\", "\\\\")
            if body.startswith("!"):
                body = "^" + body[1:]
            out.append(f"[{body}]")
            i = end
        else:
            out.append(re.escape(char))
        i += 1
    # A pattern naming a directory also covers everything inside it.
    return "".join(out) + "(?:/.*)?"


def compile_globs(patterns: Iterable[str]) -> GlobSet:
    """Compile ``patterns`` into one matcher; raise GlobError naming a bad pattern."""
    patterns = tuple(patterns)
    if not patterns:
        return GlobSet((), None)
    joined = "|".join(f"(?:{_translate(p)})" for p in patterns)
    try:
        return GlobSet(patterns, re.compile(f"^(?:{joined})$", re.DOTALL))
    except re.error as exc:
        raise GlobError(f"patterns {list(patterns)!r} do not compile: {exc}") from exc


def readable_globs_pattern(patterns: Iterable[str], notes: list[str], setting: str) -> str:
    """The regular expression of the ``patterns`` a project's ``setting`` gives (its exclude
    globs), or "" for none: a glob docbuild cannot read is left out with a note, the others
    still apply."""
    usable = []
    for pattern in patterns:
        try:
            compile_globs([pattern])
        except GlobError as exc:
            notes.append(f"{setting}: {exc}; ignored")
            continue
        usable.append(pattern)
    globs = compile_globs(usable)
    return globs.regex.pattern if globs.regex is not None else ""


def sphinx_pattern(pattern: str) -> str:
    """A regular expression for one of Sphinx's exclude patterns, which are relative to the
    source folder: ``*`` and ``?`` stay within a folder, ``**`` spans folders."""
    out: list[str] = []
    i = 0
    while i < len(pattern):
        if pattern.startswith("**", i):
            out.append(".*")
            i += 2
            continue
        char = pattern[i]
        if char == "*" and (atomic := atomic_star(pattern, i)):
            out.append(atomic[0])
            i = atomic[1]
            continue
        if char == "*":
            out.append("[^/]*")
        elif char == "?":
            out.append("[^/]")
        elif char == "[" and "]" in pattern[i + 1 :]:
            end = pattern.index("]", i + 1)
            body = pattern[i + 1 : end].replace("\\", "\\\\")
            out.append("[" + ("^" + body[1:] if body.startswith("!") else body) + "]")
            i = end
        else:
            out.append(re.escape(char))
        i += 1
    return "".join(out).rstrip("/")
