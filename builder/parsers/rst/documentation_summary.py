"""The text of sphinx-toolbox's ``documentation-summary`` directive: the project's summary.

``.. documentation-summary::`` (with ``sphinx_toolbox.documentation_summary`` loaded) shows
conf.py's ``documentation_summary`` setting, the one line every repo_helper project opens its
index page with; repo_helper's conf.py sets it from ``pyproject.toml``'s description through
sphinx-pyproject. The project's value is set around a version's parse, as its substitutions are.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

DIRECTIVE = "documentation-summary"
EXTENSION = "sphinx_toolbox.documentation_summary"
SETTING = "documentation_summary"

_SUMMARY: ContextVar[str] = ContextVar("rst_documentation_summary", default="")


@contextmanager
def documentation_summary(summary: str) -> Iterator[None]:
    """Within, the directive shows ``summary`` ("" shows nothing, as with no setting)."""
    token = _SUMMARY.set(summary)
    try:
        yield
    finally:
        _SUMMARY.reset(token)


def summary_text() -> str:
    """What the directive shows on the page being parsed."""
    return _SUMMARY.get()
