"""The doc of a class attribute that a function of the project makes as a property.

WebOb writes ``method = environ_getter('REQUEST_METHOD', 'GET')`` and pymongo's GridFS
``filename = _grid_in_property("filename", "Name of this file.")``; PyMeasure calls a static
method, ``current = Instrument.control(":ILD:SET?", ":ILD:SET %g", "Laser current.")``, that
sets ``fget.__doc__ = docs``. The function builds a doc from its arguments (``"Gets and sets
the ``%s`` key in the environment." % key``, ``docstring += "\\n\\nThis attribute is
read-only."``) and returns ``property(fget, fset, doc=doc)``. autodoc imports the class and
shows the property's ``__doc__``; read statically, the attribute had none and ``:members:``
left it out. The call is read by builder.api.literal_calls, never run; a doc it cannot tell
is none.
"""

from __future__ import annotations

import ast
import inspect
from typing import Any

from builder.api.literal_calls import MAX_CALL_DEPTH, CallReader, Raised, Unreadable
from builder.api.literal_names import Scope, global_value, static_method
from builder.api.literal_values import MadeProperty, ProjectFunction, parsed_expression


def factory_property_doc(target: Any) -> str:
    """The doc of the property the class attribute ``target`` is made as by a call of a
    function of the project (``method = environ_getter('REQUEST_METHOD', 'GET')``), cleaned
    as inspect.getdoc cleans it; "" when it is none or cannot be read."""
    value = getattr(target, "value", None)
    parent = getattr(target, "parent", None)
    if target.kind.value != "attribute" or parent is None or parent.kind.value != "class":
        return ""
    for _ in range(MAX_CALL_DEPTH):  # ``uscript_name = script_name``: the same property
        if type(value).__name__ != "ExprName":
            break
        named = parent.members.get(str(value))
        if named is None or named.is_alias:
            break
        if named.kind.value != "attribute":
            return ""
        target, value = named, getattr(named, "value", None)
    if type(value).__name__ != "ExprCall":
        return ""
    expression = parsed_expression(str(value))
    if not isinstance(expression, ast.Call):
        return ""
    reader = CallReader()
    # The names the class body has set before this line, then the module's.
    scope = Scope(target.module, parent, target.lineno or 0)
    function = expression.func
    if isinstance(function, ast.Attribute) and isinstance(function.value, ast.Name):
        # A static method of a class of the project (PyMeasure's Instrument.control).
        if static_method(function.value.id, function.attr, scope) is None:
            return ""
    elif not isinstance(function, ast.Name) or not isinstance(
        global_value(function.id, scope, reader), ProjectFunction
    ):
        return ""  # ``property(...)`` itself, a class: builder.api.interface_attributes
    try:
        made = reader.evaluate(expression, {}, scope)
    except (Raised, Unreadable, RecursionError):
        return ""
    if not isinstance(made, MadeProperty) or not isinstance(made.doc, str):
        return ""
    return inspect.cleandoc(made.doc)
