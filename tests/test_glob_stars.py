"""Globs with many ``*`` in one segment (builder.globs.atomic_star) or many ``**``
(atomic_double_star): the catalog's include and exclude globs, Sphinx's exclude_patterns and
Quarto's render patterns match as before, in time linear in the path."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from builder import globs
from builder.globs import compile_globs
from builder.projects.quarto import _exclude_regex as quarto_exclude
from builder.projects.sphinx import sphinx_pattern


def plain_sphinx_pattern(pattern: str) -> str:
    """Sphinx's exclude pattern as a regex with every star plain: what it must match alike."""
    out, i = [], 0
    while i < len(pattern):
        if pattern.startswith("**", i):
            out.append(".*")
            i += 2
            continue
        char = pattern[i]
        out.append("[^/]*" if char == "*" else "[^/]" if char == "?" else re.escape(char))
        i += 1
    return "".join(out).rstrip("/")


def random_cases(seed: int, count: int) -> list[tuple[str, str]]:
    rng = random.Random(seed)
    return [
        (
            "".join(rng.choice("ab*?/") for _ in range(rng.randint(1, 9))),
            "".join(rng.choice("ab/") for _ in range(rng.randint(1, 10))),
        )
        for _ in range(count)
    ]


def test_sphinx_patterns_match_as_with_plain_stars() -> None:
    for pattern, path in random_cases(1, 20_000):
        fast = re.fullmatch(sphinx_pattern(pattern), path, re.DOTALL) is not None
        plain = re.fullmatch(plain_sphinx_pattern(pattern), path, re.DOTALL) is not None
        assert fast == plain, (pattern, path)


def test_catalog_globs_match_as_with_plain_stars(monkeypatch: pytest.MonkeyPatch) -> None:
    cases = []
    for pattern, path in random_cases(2, 20_000):
        try:
            cases.append((compile_globs([pattern]), pattern, path))
        except globs.GlobError:
            continue
    fast = [(pattern, path, glob.matches(path)) for glob, pattern, path in cases]
    monkeypatch.setattr(globs, "atomic_star", lambda pattern, i: None)
    monkeypatch.setattr(globs, "atomic_double_star", lambda pattern, i: None)
    plain = [(p, path, compile_globs([p]).matches(path)) for _, p, path in cases]
    assert fast == plain
    assert sum(matched for *_, matched in fast) > 1000  # the cases match often enough to tell


def test_quarto_patterns_match_as_with_plain_stars() -> None:
    for pattern, path in random_cases(3, 20_000):
        plain = re.escape(pattern).replace(r"\*\*/", "(?:[^/]*/)*").replace(r"\*", "[^/]*")
        fast = re.fullmatch(quarto_exclude((pattern,)), path, re.DOTALL) is not None
        assert fast == (re.fullmatch(f"{plain}(?:/.*)?", path, re.DOTALL) is not None)


def test_a_star_before_a_run_and_another_star_matches_lazily_and_atomically() -> None:
    assert sphinx_pattern("*a?b*c*") == "(?>[^/]*?a[^/]b)(?>[^/]*?c)[^/]*"
    # A class, a slash, ** or the segment's end after the run keeps the plain star.
    assert sphinx_pattern("x*y[ab]*z") == "x[^/]*y[ab][^/]*z"
    assert sphinx_pattern("*a/*b") == "[^/]*a/[^/]*b"
    assert sphinx_pattern("*a**b") == "[^/]*a.*b"


def test_many_stars_in_one_segment_match_in_linear_time() -> None:
    """'*a*a*a*a*a*a*a*ab' against a 40-character name took seconds, a longer one hours (every
    way to split the name among the stars); the subprocess's timeout guards, it is no timing."""
    script = (
        "import re\n"
        "from builder.globs import compile_globs\n"
        "from builder.projects.quarto import _exclude_regex\n"
        "from builder.projects.sphinx import sphinx_pattern\n"
        "pattern, name = '*a*a*a*a*a*a*a*ab', 'a' * 100_000\n"
        "glob = compile_globs([pattern])\n"
        "print(glob.matches(name), glob.matches(name + 'b'))\n"
        "print(re.fullmatch(sphinx_pattern(pattern), name) is None)\n"
        "print(re.fullmatch(_exclude_regex((pattern,)), name) is None)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True, text=True, timeout=60, check=True, cwd=Path(__file__).parent.parent,
    )  # fmt: skip
    assert done.stdout.split() == ["False", "True", "True", "True"]


@pytest.mark.parametrize(
    ("pattern", "path", "expected"),
    [
        ("**/**/x", "a/b/x", True),
        ("**/a/**/b", "c/a/d/a/b", True),
        ("**/a/**/b", "c/a/d/bb", False),
        ("a**x**b", "a/yx/zb", True),
        ("**/?/**/y", "ab/c/y", True),
        ("**/?/**/y", "ab/cd/y", False),
        ("****/a", "x/a", True),
        ("**x****/a", "yx/a", True),
    ],
)
def test_double_stars_before_another_match_as_before(
    pattern: str, path: str, expected: bool
) -> None:
    assert compile_globs([pattern]).matches(path) is expected


def test_many_double_stars_are_matched_without_backtracking_through_every_split() -> None:
    """Thirteen "**/" (a VitePress srcExclude) against a path 18 folders deep took seconds,
    and each folder more tripled it; "**/a/**/a/..." against "a/a/a/..." as much. As a star
    before a star does, a "**" before a "**" takes the least that lets its run match, once.
    The subprocess's timeout guards against that hang; it is no timing."""
    script = (
        "from builder.globs import compile_globs\n"
        "deep = compile_globs(['**/' * 13 + 'x']).matches('d/' * 40 + 'y')\n"
        "runs = compile_globs(['**/a/' * 12 + '**/b']).matches('a/' * 60 + 'y')\n"
        "found = compile_globs(['**/' * 13 + 'x']).matches('d/' * 40 + 'x')\n"
        "print(deep, runs, found)\n"
        "import re\n"
        "from builder.projects.quarto import _exclude_regex\n"
        "quarto = re.compile(_exclude_regex(('**/' * 13 + 'x',)))\n"
        "deep, found = (quarto.fullmatch('d/' * 40 + name) is None for name in 'yx')\n"
        "print(deep, found)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True, text=True, timeout=60, check=True, cwd=Path(__file__).parent.parent,
    )  # fmt: skip
    assert done.stdout.split() == ["False", "False", "True", "True", "False"]
