"""Include/exclude glob matching."""

import pytest

from builder.globs import GlobError, compile_globs


@pytest.mark.parametrize(
    ("pattern", "path", "expected"),
    [
        ("*.rst", "index.rst", True),
        ("*.rst", "api/deep/index.rst", True),
        ("*.rst", "index.md", False),
        ("api/*.md", "api/a.md", True),
        ("api/*.md", "api/x/a.md", False),
        ("api/**/*.md", "api/x/y/a.md", True),
        ("api/**/*.md", "api/a.md", True),
        ("api/**/*.md", "other/api/a.md", False),
        ("_build", "_build/html/index.html", True),
        ("_build", "docs/_build/index.html", True),
        ("changes.rst", "changes.rst", True),
        # A leading slash anchors a name at the version root, as in .gitignore.
        ("/README.md", "README.md", True),
        ("/README.md", "test/bundler/README.md", False),
        ("/docs/", "docs/a.md", True),
        ("changes.rst", "changes.rst.bak", False),
        ("v?.md", "v1.md", True),
        ("v[0-9].md", "v7.md", True),
        ("v[!0-9].md", "v7.md", False),
    ],
)
def test_matches(pattern: str, path: str, expected: bool) -> None:
    assert compile_globs([pattern]).matches(path) is expected


def test_empty_set_matches_nothing() -> None:
    assert not compile_globs([]).matches("a.md")


@pytest.mark.parametrize("pattern", ["", "/", "//abs/*.md", "../up/*.md", "a[bc", "x" * 501])
def test_rejects_bad_patterns(pattern: str) -> None:
    with pytest.raises(GlobError):
        compile_globs([pattern])
