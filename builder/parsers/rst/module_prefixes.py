"""zzzeeksphinx's short references: ``:func:`_sql.select``` reads ``select``.

SQLAlchemy, Alembic, Mako and dogpile.cache write their Python references with a short
prefix that their conf.py maps to a module (``zzzeeksphinx_module_prefixes = {"_sql":
"sqlalchemy.sql.expression", ...}``), and zzzeeksphinx shows each reference by its last
names: a method or attribute as ``Class.name``, a parameter as ``Class.method.param`` (or
``function.param``), a function, object, data or module (prefixed, or written with ``.`` or
``~``) and a prefixed or ``.``-led class by its last name. Read as plain roles, SQLAlchemy's
8,500 such references showed their prefixes ("the `_sql.select` function").
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

# The prefixes (and the module each stands for) while a zzzeeksphinx project's page is read;
# None for any other project.
_PREFIXES: ContextVar[dict[str, str] | None] = ContextVar("module_prefixes", default=None)
_LAST_NAME_ROLES = frozenset({"func", "obj", "data", "mod"})


@contextmanager
def module_prefixes(prefixes: tuple[tuple[str, str], ...] | None) -> Iterator[None]:
    """Read Python references as zzzeeksphinx shows them within; None leaves them as they are."""
    token = _PREFIXES.set(None if prefixes is None else dict(prefixes))
    try:
        yield
    finally:
        _PREFIXES.reset(token)


def shown_target(role: str, target: str) -> str | None:
    """The name zzzeeksphinx shows for a ``role`` reference to ``target`` (without its
    ``!``), or None when it shows it as Sphinx does (or the project does not load it)."""
    prefixes = _PREFIXES.get()
    if prefixes is None:
        return None
    short = target[:1] in ".~"
    tokens = target.lstrip("~.").split(".")
    prefixed = tokens[0] in prefixes
    if prefixed:
        tokens[0] = prefixes[tokens[0]]
    if role in ("meth", "attr", "paramref"):
        method_parameter = role == "paramref" and len(tokens) >= 3 and tokens[-3][:1].isupper()
        return ".".join(tokens[-3:] if method_parameter else tokens[-2:])
    if (role in _LAST_NAME_ROLES and (prefixed or short)) or (
        role == "class" and (prefixed or target.startswith("."))
    ):
        return tokens[-1]
    return None
