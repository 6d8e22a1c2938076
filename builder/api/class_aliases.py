"""An attribute that is another name for a class of the package: ``signature_cls = Signature``
in a class body (josepy's ``JWS``), ``FieldClass = Field`` (WebTest's ``Form``), or
``Alias = Signature`` at a module's top.

autodoc imports the attribute and finds a class whose ``__name__`` is not the attribute's
name: it documents it as an alias, "alias of josepy.jws.Signature", and lists it under
``:members:`` when the class has a docstring (inspect.getdoc gives it, so the member counts
as documented). Read statically it was an undocumented attribute, left out. An attribute of the
class's own name (py-amqp's ``Channel = Channel`` in ``Connection``) autodoc documents as the
class itself, in full, and is not read so here; at a module's top, as autodoc checks the
class's ``__module__``, only a class the same module defines is one.
"""

from __future__ import annotations

from typing import Any

from builder.api.object_docs import loaded_object

_NAMES = frozenset({"ExprName", "ExprAttribute"})


def aliased_class(target: Any) -> Any:
    """The class the attribute ``target``, with no docstring of its own, is another name for;
    None for any other object."""
    if target.kind.value != "attribute" or target.docstring is not None:
        return None
    value = target.value
    if type(value).__name__ not in _NAMES:
        return None
    found = loaded_object(target, getattr(value, "canonical_path", None))
    if found is None or found.kind.value != "class" or found.name == target.name:
        return None
    parent = target.parent
    if parent is not None and parent.kind.value == "module":
        module = getattr(found, "module", None)
        if module is None or module.path != parent.path:
            return None
    return found


def alias_text(klass: Any) -> str:
    """What autodoc shows for such an attribute in place of a docstring."""
    return f"alias of `{klass.path}`"
