"""A class's bases in method resolution order, computed once while the packages loaded stay
the same.

griffe's ``mro()`` resolves every base and merges their orders (C3), each base's computed
again, at every call; a class's inherited docstrings and ``__init__`` ask for it once per
member. SQLAlchemy's docs, whose SQL constructs have deep hierarchies, made 9,000 calls and
130,000 orderings of a base, 17 of the parse stage's 39 s. Loading another
package can resolve a base that was not, and so change an order: builder.api.code forgets
them all then.
"""

from __future__ import annotations

from typing import Any

from builder.api.identity_cache import IdentityCache

# Classes whose order is kept: each is a short tuple, and an API page asks about a few classes.
ORDERS_KEPT = 1024

_ORDERS: IdentityCache[tuple[Any, ...]] = IdentityCache(ORDERS_KEPT)


def class_order(klass: Any) -> tuple[Any, ...]:
    """``klass.mro()`` (an alias's: its target's), without ``klass`` itself; raises as griffe
    does for a class whose bases cannot be ordered."""
    target = klass.final_target if klass.is_alias else klass
    return _ORDERS.get(target, lambda k: tuple(k.mro()))


def forget_class_orders() -> None:
    """Drop the orders kept: a package was loaded."""
    _ORDERS.clear()
