"""builder.parsers.rst.issue_roles: sphinx-issues' roles as its links read."""

from __future__ import annotations

import pytest

from builder.parsers.rst.inline import render_inline
from builder.parsers.rst.issue_roles import DEFAULT_SIGNS, issue_roles


@pytest.mark.parametrize(
    ("source", "shown"),
    [
        (":issue:`9283`", "#9283"),
        (":pr:`12450`", "#12450"),
        (":user:`asottile`", "@asottile"),
        (":commit:`0123456789abcdef`", "@0123456"),
        (":issue:`42,45`", "#42, #45"),
        (":issue:`#42`", "#42"),  # a sign written in the number is not doubled
        (":issue:`python/cpython#61648`", "python/cpython#61648"),
        (":issue:`this comment <5243#issuecomment-491522595>`", "this comment"),
        (":user:`Steven Loria <sloria>`", "Steven Loria"),
        (":issue:`-`", ""),
        (":issue:`9283` in a sentence", "#9283 in a sentence"),
        (":py:issue:`1`", "`1`"),  # another domain's role of that name
    ],
)
def test_roles_read_as_sphinx_issues_shows_them(source: str, shown: str) -> None:
    with issue_roles(DEFAULT_SIGNS):
        assert render_inline(source) == shown


def test_projects_without_the_extension_read_them_as_plain_roles() -> None:
    with issue_roles(None):
        assert render_inline(":issue:`9283` by :user:`asottile`") == "9283 by asottile"
