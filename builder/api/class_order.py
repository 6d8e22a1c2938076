"""A class's bases in method resolution order, computed once while the packages loaded stay
the same.

griffe's ``mro()`` resolves every base and merges their orders (C3), each base's computed
again, at every call; a class's inherited docstrings and ``__init__`` ask for it once per
member. SQLAlchemy's docs, whose SQL constructs have deep hierarchies, made 9,000 calls and
130,000 orderings of a base, 17 of the parse stage's 39 s. Loading another
package can resolve a base that was not, and so change an order: builder.api.code forgets
them all then.

A base a metaclass call makes (colander's ``SchemaNode = _SchemaMeta('SchemaNode',
(_SchemaNode,), {...})``) is an attribute to griffe, which leaves it out of the order: its
subclasses (``class Schema(SchemaNode)``) had no ``__init__`` nor inherited members. It stands
in the order as the class it is read as (``builder.api.made_classes``).
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
    return _ORDERS.get(target, lambda k: tuple(_order(k, ())[1:]))


def readable_class_order(klass: Any) -> tuple[Any, ...]:
    """``class_order(klass)``, or () for a class whose bases cannot be resolved or ordered
    (griffe raises several kinds): no base is then asked for anything."""
    try:
        return class_order(klass)
    except Exception:
        return ()


def _order(klass: Any, seen: tuple[str, ...]) -> list[Any]:
    """``klass`` and its bases in C3 order, as griffe's ``Class._mro`` computes it."""
    seen = (*seen, klass.path)
    bases = [base for base in map(_as_class, klass.resolved_bases) if base is not None]
    for base in bases:
        if base.path in seen:
            raise ValueError(f"inheritance cycle: {' -> '.join(seen)} -> {base.path}")
    if not bases:
        return [klass]
    return [klass, *c3_merged([*(_order(base, seen) for base in bases), bases])]


def _as_class(base: Any) -> Any:
    """The class a resolved base is: itself, or the class a metaclass call makes; None for
    anything else."""
    if base.is_class:
        return base
    from builder.api.made_classes import made_class  # it imports this module's importers

    return made_class(base) if base.is_attribute else None


def c3_merged(orders: list[list[Any]], lenient: bool = False) -> list[Any]:
    """The C3 merge of ``orders`` (objects compared by identity). Where they admit no order
    (Python refuses such a class): ValueError, or with ``lenient`` each order's remaining
    entries in turn, each once."""
    merged: list[Any] = []
    rest = [order for order in orders if order]
    while rest:
        head = next(
            (
                order[0]
                for order in rest
                if not any(order[0] is later for other in rest for later in other[1:])
            ),
            None,
        )
        if head is None and not lenient:
            raise ValueError("the bases cannot be put in one order")
        if head is None:
            for order in rest:
                merged.extend(entry for entry in order if not any(entry is m for m in merged))
            return merged
        merged.append(head)
        rest = [order[1:] if order[0] is head else order for order in rest]
        rest = [order for order in rest if order]
    return merged


def forget_class_orders() -> None:
    """Drop the orders kept: a package was loaded."""
    _ORDERS.clear()
