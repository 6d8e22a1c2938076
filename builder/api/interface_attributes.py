"""Attributes documented by the call that makes them: ``app = Attribute("The app")``.

zope.interface declares an interface's attributes so, and ``Attribute``'s first argument is
the attribute's documentation (its ``__doc__``, which repoze.sphinx.autointerface shows).
Descriptors take theirs as a ``doc=`` argument: ``data = property(get, set, doc="...")``,
Werkzeug's ``location = header_property("Location", doc="...")``, which store it as their
``__doc__``, the text autodoc shows. With no docstring of their own, ``:members:`` left
them all out: an interface read as its methods, Werkzeug's Response had no ``location``.
A ``property(getter, setter)`` with no ``doc=`` takes its getter's docstring, as Python's
does: tablib's ``headers = property(_get_headers, _set_headers)`` was missing so; a ``doc``
that is a function's ``__doc__`` is that function's docstring. A traitlets
trait type takes its as ``help=``, which ``TraitType`` stores as its ``__doc__`` "so that
inspectors like autodoc find traits": ``indent = Bool(True, help="...").tag(sync=True)``, of
``traitlets`` or of a class of the code derived from one (ipywidgets' ``Color(Unicode)``),
its text a string literal or one a gettext call marks for translation (``help=_i18n("...")``).
A property a function of the project makes (WebOb's ``method = environ_getter(...)``) has
the doc that function builds (builder.api.factory_properties).
"""

from __future__ import annotations

import ast
import inspect
from typing import Any

from builder.api.class_order import class_order
from builder.api.factory_properties import factory_property_doc

_DECLARATIONS = frozenset({"zope.interface.Attribute", "zope.interface.interface.Attribute"})
_PROPERTIES = frozenset({"property", "builtins.property"})
_TRAITLETS = "traitlets."
# The names a project calls gettext by to mark a string for translation.
_GETTEXT = frozenset({"_", "_i18n", "gettext", "ugettext", "gettext_lazy", "lazy_gettext"})


def declared_doc(target: Any) -> str:
    """The documentation the call that makes the attribute ``target`` gives it, or ""."""
    if target.kind.value != "attribute":
        return ""
    arguments = getattr(target.value, "arguments", None) or []
    function = getattr(target.value, "function", None)
    if getattr(function, "canonical_path", None) in _DECLARATIONS and arguments:
        return _literal_text(arguments[0])  # a keyword argument is not a str
    for argument in arguments:
        if getattr(argument, "name", None) == "doc" and hasattr(argument, "value"):
            return _doc_text(target, argument.value)
    if getattr(function, "canonical_path", None) in _PROPERTIES and arguments:
        if len(arguments) >= 4 and not hasattr(arguments[3], "value"):  # (get, set, del, doc)
            return _doc_text(target, arguments[3])
        return _getter_doc(target, arguments[0])
    return _trait_help(target, target.value) or factory_property_doc(target)


def _doc_text(target: Any, doc: object) -> str:
    """The text a ``doc`` argument gives: a string literal's, or the docstring of the function
    beside ``target`` it names (WebOb's ``headers = property(_headers__get, _headers__set,
    doc=_headers__get.__doc__)``)."""
    parts: Any = getattr(doc, "values", ())
    if type(doc).__name__ == "ExprAttribute" and len(parts) == 2 and str(parts[1]) == "__doc__":
        return _getter_doc(target, parts[0])
    return _literal_text(doc)


def _trait_help(target: Any, value: object) -> str:
    """The ``help=`` text of the trait type ``value`` makes, through the ``.tag(...)`` calls
    that add its metadata and return it; "" when it makes no trait type or has no help."""
    call = value
    while type(call).__name__ == "ExprCall":
        function = getattr(call, "function", None)
        parts: Any = getattr(function, "values", ())
        if type(function).__name__ != "ExprAttribute" or len(parts) != 2:
            break
        if str(parts[1]) != "tag":
            break
        call = parts[0]
    if type(call).__name__ != "ExprCall":
        return ""
    text = next(
        (
            argument.value
            for argument in getattr(call, "arguments", ())
            if getattr(argument, "name", None) == "help" and hasattr(argument, "value")
        ),
        None,
    )
    if text is None or not _makes_trait(target, getattr(call, "function", None)):
        return ""
    return _literal_text(_translated(text))


def _translated(value: object) -> object:
    """The string literal a gettext call marks for translation (jupyter_server's
    ``help=_i18n("...")``), which is the text shown untranslated; ``value`` otherwise."""
    if type(value).__name__ != "ExprCall":
        return value
    function = str(getattr(value, "function", ""))
    arguments: Any = getattr(value, "arguments", ())
    if function.rpartition(".")[2] not in _GETTEXT or len(arguments) != 1:
        return value
    return arguments[0]


def _makes_trait(target: Any, function: object) -> bool:
    """Whether calling ``function`` makes a traitlets trait type: it is one of traitlets', or a
    class of the code with one among its bases."""
    path = getattr(function, "canonical_path", None)
    if not isinstance(path, str):
        return False
    if path.startswith(_TRAITLETS):
        return True
    try:
        found = target.modules_collection[path]
        klass = found.final_target if found.is_alias else found
        if klass.kind.value != "class":
            return False
        classes = (klass, *class_order(klass))
    except Exception:  # not loaded, a broken alias, bases griffe cannot order
        return False
    return any(
        str(getattr(base, "canonical_path", base)).startswith(_TRAITLETS)
        for one in classes
        for base in one.bases
    )


def _getter_doc(target: Any, getter: object) -> str:
    """The docstring of the function named ``getter`` beside ``target`` in its class, or ""."""
    if getattr(getter, "name", None) == "fget":  # property(fget=_get_x)
        getter = getattr(getter, "value", None)
    name = getattr(getter, "name", None)
    if not isinstance(name, str) or hasattr(getter, "value"):  # another keyword, a lambda
        return ""
    member = target.parent.members.get(name)
    if member is None or member.is_alias or member.kind.value != "function":
        return ""
    return member.docstring.value if member.docstring is not None else ""


def _literal_text(source: object) -> str:
    """The string a literal's source spells, cleaned as a docstring; "" for anything else."""
    if not isinstance(source, str):
        return ""
    try:
        text = ast.literal_eval(source)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return ""
    return inspect.cleandoc(text) if isinstance(text, str) else ""
