"""builder.parsers.rst.module_prefixes: references as zzzeeksphinx shows them."""

from __future__ import annotations

import pytest

from builder.parsers.rst.inline import render_inline
from builder.parsers.rst.module_prefixes import module_prefixes

PREFIXES = (("_orm", "sqlalchemy.orm"), ("_sa", "sqlalchemy"), ("_sql", "sqlalchemy.sql"))


@pytest.mark.parametrize(
    ("source", "shown"),
    [
        (":func:`_sql.select`", "`select`"),
        (":func:`.select`", "`select`"),
        (":func:`sqlalchemy.sql.select`", "`sqlalchemy.sql.select`"),  # no prefix, no dot
        (":class:`_orm.Session`", "`Session`"),
        (":class:`.Session`", "`Session`"),
        (":class:`~sqlalchemy.orm.Session`", "`Session`"),  # Sphinx's own "~"
        (":meth:`_orm.Session.execute`", "`Session.execute`"),
        (":meth:`sqlalchemy.orm.Session.execute`", "`Session.execute`"),  # always two names
        (":attr:`.Table.c`", "`Table.c`"),
        (":paramref:`_orm.Session.execute.params`", "`Session.execute.params`"),
        (":paramref:`_orm.relationship.secondary`", "`relationship.secondary`"),
        (":mod:`_sa`", "`sqlalchemy`"),
        (":meth:`execute() <_orm.Session.execute>`", "`execute()`"),  # a title stays
        (":ref:`_orm.x`", "_orm.x"),  # not a Python object's role
    ],
)
def test_references_read_as_zzzeeksphinx_shows_them(source: str, shown: str) -> None:
    with module_prefixes(PREFIXES):
        assert render_inline(source) == shown


def test_other_projects_read_references_as_sphinx_shows_them() -> None:
    with module_prefixes(None):
        assert render_inline(":meth:`_orm.Session.execute`") == "`_orm.Session.execute`"
    assert render_inline(":func:`.select`") == "`select`"
