"""The ``__init__`` a dataclass-making base class writes for its subclasses, read from their bodies.

Subclassing ``equinox.Module`` makes a class a dataclass (its metaclass applies
``dataclasses.dataclass``), and autodoc, which imports the class, shows the ``__init__`` that
wrote: ``Conditioned(X: JAXArray, solver: Solver, kernel: Kernel)``. Read statically, such a
class has no ``__init__`` and showed ``Conditioned()`` (tinygp's kernels, solvers and means).
Its fields are the annotated attributes of its body, its bases' first, with the default its
value or ``field(default=...)`` gives; a ``ClassVar`` and a ``field(init=False)`` are none.
A subclass that annotates a base's field as a ``ClassVar`` takes it out, as ``dataclasses``
does, and so do equinox's ``AbstractVar`` and ``AbstractClassVar``, which declare an attribute
a subclass provides, not a field: diffrax's solvers read ``Tsit5(term_structure: ...,
interpolation_cls: ..., tableau: ...)`` where the built site shows ``Tsit5()``.
"""

from __future__ import annotations

import re
from typing import Any

from builder.api.class_order import class_order
from builder.api.typing_doc import annotation_text

# The bases that make their subclasses dataclasses, by their full paths and as often imported.
DATACLASS_BASES = frozenset(
    {"equinox.Module", "equinox._module.Module", "eqx.Module", "flax.struct.PyTreeNode"}
)
_FIELD_CALL = re.compile(r"^(?:[\w.]+\.)?field\((.*)\)$", re.S)
_KEYWORD = re.compile(r"\b(default|default_factory|init)\s*=\s*([^,]+)")
# Annotations that declare no field: griffe marks a subscripted ClassVar a class attribute, not
# a bare one, nor equinox's abstract attributes (a subclass makes them fields or class values).
_NOT_A_FIELD = re.compile(r"^(?:[\w.]+\.)?(?:ClassVar|AbstractVar|AbstractClassVar)(?:\[|$)")


def dataclass_base_parameters(klass: Any) -> str | None:
    """The parameters of the ``__init__`` a dataclass-making base writes for ``klass``; None
    when no base of it is one."""
    try:
        classes = [klass, *class_order(klass)]
    except Exception:  # an unresolvable or cyclic base: griffe raises several kinds
        classes = [klass]
    if not any(_base_path(base) in DATACLASS_BASES for owner in classes for base in owner.bases):
        return None
    fields: dict[str, str] = {}
    for owner in reversed(classes):
        for member in owner.members.values():
            if member.is_alias or not member.is_attribute or member.annotation is None:
                continue
            annotation = annotation_text(member.annotation)
            if "instance-attribute" not in member.labels or _NOT_A_FIELD.match(annotation):
                fields.pop(member.name, None)  # a class value now, not a base's field
                continue
            default = _default(member.value)
            if default is False:
                continue
            fields.pop(member.name, None)
            text = f"{member.name}: {annotation}"
            fields[member.name] = text if default is None else f"{text} = {default}"
    return ", ".join(fields.values())


def _base_path(base: Any) -> str:
    canonical = getattr(base, "canonical_path", "")
    return canonical if canonical in DATACLASS_BASES else str(base)


def _default(value: Any) -> str | bool | None:
    """The field's default as the signature shows it; None for none, False when the field is
    not a parameter (``init=False``)."""
    if value is None:
        return None
    text = str(value)
    call = _FIELD_CALL.match(text)
    if call is None:
        return text
    keywords = dict(_KEYWORD.findall(call.group(1)))
    if keywords.get("init", "").strip() == "False":
        return False
    if "default_factory" in keywords:
        return "<factory>"
    return keywords["default"].strip() if "default" in keywords else None
