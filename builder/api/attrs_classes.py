"""The ``__init__`` attrs writes for a class, read from the class body as attrs reads it.

autodoc imports the class and shows the signature of the ``__init__`` that ``@define``,
``@frozen`` or ``@attr.s`` generated: ``Registry(resources=HashTrieMap({}), ...)``. Read
statically, such a class has no ``__init__`` and showed ``Registry()``. Its fields are the
attributes of its body (its attrs bases' first): with ``@define`` and ``@frozen`` the annotated
ones, with ``@attr.s`` those set to ``attr.ib()``; each is a parameter named without its
leading underscores (or by its ``alias``), with the default its value or ``field(default=...)``
gives (``NOTHING`` for a ``factory``), left out when ``init=False``, keyword-only after the
others when ``kw_only=True`` (on the field or the decorator).
"""

from __future__ import annotations

from typing import Any

from builder.api.class_order import class_order
from builder.api.typing_doc import annotation_text

# The decorators' last names: attrs' own (``attrs.define``) and a project's wrapper of them
# (referencing's ``_attrs.frozen``); ``attr.s``, ``attr.attrs`` and ``attr.dataclass`` (attr.s
# reading annotations) by their whole path.
_DEFINE_NAMES = frozenset({"define", "frozen", "mutable"})
_CLASSIC_PATHS = frozenset({"attr.s", "attr.attrs", "attrs.attrs", "attr.dataclass"})
_FIELD_CALLS = frozenset({"field", "ib", "attrib"})


def attrs_parameters(klass: Any) -> str | None:
    """The parameters of the ``__init__`` attrs writes for ``klass``, as Python writes them;
    None when attrs writes none (not an attrs class, one with its own ``__init__``, or one whose
    decorator says ``init=False``, as outcome's abstract ``Outcome`` does)."""
    decorator = _decorator(klass)
    if decorator is None or "__init__" in klass.members or _metaclass_calls(klass):
        return None
    options = _keywords(decorator[1])
    if options.get("init") == "False":
        return None
    # attr.s(kw_only=True) makes its bases' fields keyword-only too; define's only its own.
    all_keyword_only = decorator[0] in _CLASSIC_PATHS and options.get("kw_only") == "True"
    try:
        classes = [klass, *class_order(klass)]
    except Exception:  # an unresolvable or cyclic base: griffe raises several kinds
        classes = [klass]
    fields: dict[str, tuple[str, bool]] = {}
    for owner in reversed(classes):
        decorator = _decorator(owner)
        if decorator is None:
            continue  # an attrs base's fields count even where it writes its own __init__
        for name, text, keyword_only in _fields(owner, decorator):
            fields.pop(name, None)  # a redefined field moves to the subclass's place
            fields[name] = (text, keyword_only or all_keyword_only)
    positional = [text for text, keyword_only in fields.values() if not keyword_only]
    keyword = [text for text, keyword_only in fields.values() if keyword_only]
    return ", ".join([*positional, *(["*", *keyword] if keyword else [])])


def _metaclass_calls(klass: Any) -> bool:
    """Whether ``klass``'s metaclass, read here, defines ``__call__``: calling the class runs
    that, not the ``__init__`` attrs writes (trio's ``metaclass=NoPublicConstructor`` on its
    Task, TrioToken and memory channels, which cannot be made by calling them)."""
    metaclass = getattr(klass, "keywords", {}).get("metaclass")
    if metaclass is None:
        return False
    try:
        target = klass.modules_collection[metaclass.canonical_path]
        return "__call__" in target.members
    except Exception:  # unresolvable, or a metaclass not read here: griffe raises several kinds
        return False


def _decorator(klass: Any) -> tuple[str, Any] | None:
    """The path of the attrs decorator of ``klass`` and its expression (a call when it has
    arguments)."""
    for decorator in getattr(klass, "decorators", ()):
        path = str(decorator.callable_path)
        if path in _CLASSIC_PATHS or path.rpartition(".")[2] in _DEFINE_NAMES:
            return path, decorator.value
    return None


def _fields(klass: Any, decorator: tuple[str, Any]) -> list[tuple[str, str, bool]]:
    """(name, parameter, keyword-only) of each field ``klass``'s own body declares."""
    path, expression = decorator
    options = _keywords(expression)
    functions = [
        member for member in klass.members.values() if not member.is_alias and member.is_function
    ]
    methods = [(function.lineno, function.endlineno) for function in functions]
    # '@x.default' over a method makes it field x's default, which attrs shows as NOTHING.
    decorated = {
        str(decorator.value).removesuffix(".default")
        for function in functions
        for decorator in function.decorators
        if str(decorator.value).endswith(".default")
    }
    declared = [
        (name, member)
        for name, member in klass.members.items()
        if not member.is_alias
        and member.is_attribute
        and member.lineno is not None
        # set by a method (self.x = ...), not declared in the body
        and not any(start <= member.lineno <= (end or start) for start, end in methods)
    ]
    # attr.s reads annotations only when told; define reads them unless told not to or a field
    # call is unannotated (attrs then retries with auto_attribs=False: 'x = field()').
    auto = options.get("auto_attribs")
    if path in _CLASSIC_PATHS:
        annotated = auto == "True" or path == "attr.dataclass"
    else:
        annotated = auto != "False" and not any(
            member.annotation is None and _is_field_call(member.value) for _, member in declared
        )
    body = [
        (name, member.annotation, member.value)
        for name, member in declared
        # a ClassVar, which griffe gives without its ClassVar[...], is no field
        if member.annotation is None or "instance-attribute" in member.labels
    ]
    these: Any = _keyword_values(expression).get("these")
    if type(these).__name__ == "ExprDict":
        # attr.s(these={'x': attr.ib()}): the fields are the dict's, the body is not read
        body = [
            (str(key).strip("'\""), None, value)
            for key, value in zip(these.keys, these.values, strict=False)
        ]
    fields: list[tuple[str, str, bool]] = []
    for name, annotation, value in body:
        is_field = _is_field_call(value)
        if not is_field and (not annotated or annotation is None):
            continue
        given = _keywords(value) if is_field else {}
        if given.get("init") == "False":
            continue
        argument = given.get("alias", "").strip("'\"") or _mangled(name, klass.name).lstrip("_")
        parameter = argument
        if annotation is None and "type" in given:
            # attr.ib(type=int): the field's type, which attrs annotates the parameter with
            annotation = given["type"].strip("'\"")
        if "converter" in given:
            # attrs annotates the parameter with its converter's first parameter's type, not
            # the field's (jsonschema's TypeChecker: 'type_checkers: Mapping[...]').
            annotation = _converter_annotation(klass, _keyword_values(value)["converter"])
        if annotation is not None:
            parameter += f": {annotation_text(annotation)}"
        default = "NOTHING" if name in decorated else _default(value, is_field)
        if default is not None:
            parameter += f" = {default}" if annotation is not None else f"={default}"
        keyword_only = "True" in (given.get("kw_only"), options.get("kw_only"))
        fields.append((argument, parameter, keyword_only))
    return fields


def _mangled(name: str, class_name: str) -> str:
    """``name`` as Python stores it in class ``class_name``: '__y' in 'Priv' is '_Priv__y',
    which attrs makes the parameter 'Priv__y'."""
    owner = class_name.lstrip("_")
    if not name.startswith("__") or name.endswith("__") or not owner:
        return name
    return f"_{owner}{name}"


def _default(value: Any, is_field: bool) -> str | None:
    """The default the ``__init__`` shows: attrs' ``NOTHING`` for one a factory makes. A field
    call's default is its ``default=`` or, for ``attr.ib(7)``, its first argument."""
    default = value
    if is_field:
        keywords = _keyword_values(value)
        positional = [
            argument
            for argument in value.arguments
            if type(argument).__name__ not in ("ExprKeyword", "ExprVarKeyword", "ExprVarPositional")
        ]
        default = keywords.get("default", positional[0] if positional else None)
        if "factory" in keywords:
            return "NOTHING"
    if _called_name(default) == "Factory":
        return "NOTHING"
    return None if default is None else str(default)


def _converter_annotation(klass: Any, converter: Any) -> Any:
    """The annotation of the first parameter of the function ``converter`` names; None when
    it names none read here (a class, a builtin, a lambda, a pipe of converters)."""
    if type(converter).__name__ not in ("ExprName", "ExprAttribute"):
        return None
    try:
        target = klass.modules_collection[converter.canonical_path]
    except Exception:  # unresolvable, or an alias to code not loaded: griffe raises several kinds
        return None
    if not getattr(target, "is_function", False) or not target.parameters:
        return None
    return next(iter(target.parameters)).annotation


def _is_field_call(value: Any) -> bool:
    """Whether ``value`` calls ``attrs.field``, ``attr.ib`` or ``attr.attrib``."""
    return _called_name(value) in _FIELD_CALLS


def _called_name(value: Any) -> str | None:
    """The last name of the function a call expression calls, imported under another name or
    not ('from attrs import field as f': 'field'); None for any other value."""
    if type(value).__name__ != "ExprCall":
        return None
    function = value.function
    try:
        path = str(getattr(function, "canonical_path", function))
    except Exception:  # an unresolvable name: griffe raises several kinds
        path = str(function)
    return path.rpartition(".")[2]


def _keywords(value: Any) -> dict[str, str]:
    """A call's keyword arguments, each as its text."""
    return {name: str(argument) for name, argument in _keyword_values(value).items()}


def _keyword_values(value: Any) -> dict[str, Any]:
    """A call's keyword arguments, each as its expression (or text)."""
    if type(value).__name__ != "ExprCall":
        return {}
    return {
        argument.name: argument.value
        for argument in value.arguments
        if type(argument).__name__ == "ExprKeyword"
    }
