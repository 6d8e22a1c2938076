"""Turn Sphinx Python API descriptions into sections named the way Sphinx names their targets.

``.. method:: get_data()`` inside ``.. class:: Request`` under ``.. module:: werkzeug.wrappers``
becomes a section headed and anchored ``werkzeug.wrappers.Request.get_data``, one level below
the description that contains it. The name rules follow Sphinx's Python domain for hand-written
descriptions and autodoc's name resolution for ``auto*`` directives, which differ: an autodoc
dotted name is a full path, a hand-written one is relative to the current module.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import replace

from builder.api.model import ApiObject
from builder.api.options import NO_INDEX
from builder.parsers.docutils_ids import docutils_id
from builder.parsers.rst.autodoc import (
    find_object,
    member_options,
    members_events,
    object_events,
)
from builder.parsers.rst.events import (
    Context,
    DocState,
    Event,
    Heading,
    RenderBlocks,
    Resume,
    Text,
    description_end,
)
from builder.parsers.rst.signature_groups import object_groups
from builder.parsers.rst.signature_lines import numbered_signatures

# sphinxcontrib-asyncio's directives for coroutines, shown "async": functions, then methods.
_COROUTINE_FUNCTIONS = frozenset({"cofunction", "coroutinefunction"})
_COROUTINE_METHODS = frozenset({"comethod", "coroutinemethod"})
MODULE_LEVEL = (
    frozenset({"function", "class", "exception", "data", "decorator", "type"})
    | _COROUTINE_FUNCTIONS
)
CLASS_LEVEL = (
    frozenset({"method", "attribute", "classmethod", "staticmethod", "property", "decoratormethod"})
    | _COROUTINE_METHODS
)
CLASS_LIKE = frozenset({"class", "exception"})
_AUTO_MODULE_LEVEL = frozenset({"function", "class", "exception", "data", "decorator"})
_AUTO_CLASS_LEVEL = frozenset({"method", "attribute", "property"})
# Sphinx extensions' autodoc documenters for kinds of class: each documents its object as
# autoclass does (the class's docstring, then the members its options ask for).
_CLASS_DOCUMENTERS = frozenset(
    {
        "autointerface",  # repoze.sphinx.autointerface: zope.interface interfaces
        "autoenum", "autoflag",  # enum_tools
        "autoprotocol", "autotypeddict", "autonamedtuple",  # sphinx_toolbox
        "autopydantic_model", "autopydantic_settings",  # autodoc_pydantic
    }
)  # fmt: skip
_NAME = re.compile(r"\s*(?:(?:async|final|abstract)\s+)*([\w.]*\.)?(\w+)")
# Sphinx's Python signature (sphinx.domains.python's py_sig_re): a name, maybe type parameters,
# arguments and a return annotation, and nothing more.
_SPHINX_SIGNATURE = re.compile(
    r"\s*(?:(?:async|final|abstract)\s+)*([\w.]*\.)?(\w+)\s*(?:\[.*\])?"
    r"(?:\(.*\)(?:\s*->.*)?)?\s*",
    re.DOTALL,
)
# A name with its type or value written after it ('.. data:: X = 1', '.. attribute:: x: int'):
# Sphinx reads no target from it either, but the name it documents is plain.
_NAME_WITH_VALUE = re.compile(r"\s*([\w.]*\.)?\w+\s*[:=].*", re.DOTALL)
# autodoc's "module::Class.name": the module named apart from the path within it.
_EXPLICIT_MODULE = re.compile(r"\s*([\w.]+)::(?=\w)")


def core_directive(base: str) -> str:
    """The autodoc directive ``base`` (the name without ``py:``) documents its object as:
    an extension's class documenter is read as ``autoclass``, sphinx-autoapi's
    ``autoapi<kind>`` directives as ``auto<kind>`` (the same options, the same output), any
    other name is itself."""
    if base in _CLASS_DOCUMENTERS:
        return "autoclass"
    kind = base.removeprefix("autoapi")
    if kind != base and (
        kind in _AUTO_MODULE_LEVEL or kind in _AUTO_CLASS_LEVEL or kind == "module"
    ):
        return "auto" + kind
    return base


def is_api_directive(base: str) -> bool:
    """Whether ``base`` (the directive name without ``py:``) describes a Python object."""
    if base.startswith("auto"):
        kind = base[4:]
        return kind in _AUTO_MODULE_LEVEL or kind in _AUTO_CLASS_LEVEL
    return base in MODULE_LEVEL or base in CLASS_LEVEL


def qualify(
    base: str, signature: str, module_option: str | None, ctx: Context, doc: DocState
) -> tuple[str, str, str]:
    """(full name, name within its module, module) of the object a description documents;
    ``module_option`` is its ``:module:`` (None: not given)."""
    explicit = _EXPLICIT_MODULE.match(signature) if base.startswith("auto") else None
    if explicit is not None:  # imageio's 'autoclass:: imageio.core::Format.Reader'
        named = _NAME.match(signature, explicit.end())
        qualified = (named.group(1) or "") + named.group(2) if named else ""
        module = explicit.group(1)
        return (f"{module}.{qualified}", qualified, module) if qualified else ("", "", "")
    match = _NAME.match(signature)
    if not match:
        return "", "", ""
    prefix, name = match.group(1) or "", match.group(2)
    if module_option is None or (not module_option and base.startswith("auto")):
        context_module = ctx.klass_module if ctx.klass else doc.module
    else:
        # An empty ':module:' names no module (Django's signals page writes the full name
        # so: '.. attribute:: django.db.models.signals.pre_init' over ':module:').
        context_module = module_option
    if base.startswith("auto"):
        if base[4:] in _AUTO_CLASS_LEVEL:
            # autodoc: "Class.name" or "module.Class.name"; bare names use the enclosing class.
            module_class = prefix.rstrip(".")
            module, _, klass = module_class.rpartition(".")
            if not module_class:
                module, klass = context_module, ctx.klass
            qualified = f"{klass}.{name}" if klass else name
            module = module or context_module
        else:
            # autodoc: a dotted name is the object's full path, whatever the current module.
            module = prefix.rstrip(".") or context_module
            qualified = name
    else:
        module = context_module
        if ctx.klass and prefix.startswith(ctx.klass + "."):
            qualified = prefix + name
        elif ctx.klass:
            qualified = f"{ctx.klass}.{prefix}{name}"
        else:
            qualified = prefix + name
    full = f"{module}.{qualified}" if module else qualified
    return full, qualified, module


def render_api(
    base: str,
    signatures: tuple[str, ...],
    options: tuple[tuple[str, str], ...],
    content: tuple[str, ...],
    line: int,
    content_first: int,
    ctx: Context,
    doc: DocState,
    render: RenderBlocks,
    documented: ApiObject | None = None,
) -> list[Event]:
    """A heading (where sections are allowed), the signatures as code, then the content (an
    autodoc directive also gets the docstring and members its options ask for from the code,
    as does a description generated from the ``documented`` object), and then the end of the
    description, so text after it returns to the section around it."""
    numbered = numbered_signatures(signatures)
    lines = [signature for _, signature in numbered]
    starts = [line + offset for offset, _ in numbered]  # the line each signature starts on
    module_option = next((value for key, value in options if key == "module"), None)
    # The objects named before the last, each an entry of its own (signature_groups).
    earlier: list[list[str]] = []
    if documented is None and not base.startswith("auto") and ctx.sections and len(lines) > 1:
        *earlier, lines = object_groups(
            lines, lambda signature: _target_name(base, signature, module_option, ctx, doc)
        )
    full, qualified, module = qualify(base, lines[0] if lines else "", module_option, ctx, doc)
    shown = member_options(options, doc)
    found = find_object(base, full, line, doc, shown) if base.startswith("auto") else documented
    if found is not None and base == "autofunction" and found.call_signature:
        found = replace(found, signature=found.call_signature)  # a callable instance
    # Sphinx gives a :no-index: description no target: the object's target is the indexed
    # description's, often on another page, and this one must not take its name.
    no_index = shown.no_index or bool(NO_INDEX & {key for key, _ in options})
    title, anchor = _title_and_anchor(base, lines[0] if lines else "", full, qualified, module)
    if no_index:
        anchor = docutils_id(title)
    events: list[Event] = []
    own_line = starts[sum(len(group) for group in earlier)] if earlier else line
    if full and ctx.sections:
        events.append(
            Heading(
                title=title,
                line=own_line,
                last_line=own_line,
                claim_line=own_line,
                anchor=anchor,
                api_depth=ctx.api_depth + 1,
            )
        )
    is_class = base.removeprefix("auto") in CLASS_LIKE and bool(full)
    owner_qualified, owner_module = qualified, module
    if is_class and not base.startswith("auto"):
        owner_qualified, owner_module = _member_owner(base, lines, module_option, ctx, doc)
    inner = Context(
        depth=ctx.depth + 1,
        sections=ctx.sections,
        klass=owner_qualified if is_class else ctx.klass,
        klass_module=owner_module if is_class else ctx.klass_module,
        api_depth=ctx.api_depth + 1 if full and ctx.sections else ctx.api_depth,
    )
    if found is not None:
        events.extend(object_events(found, lines[0], full, shown, line, inner, doc))
    else:
        events.extend(Text(_written_signature(base, signature, options)) for signature in lines)
    described = render(list(content), content_first, inner, doc)
    events.extend(described)
    if found is not None and full and ctx.sections:
        members = members_events(found, shown, line, inner, doc)
        events.extend(_without_targets(members) if no_index else members)
    if full and ctx.sections:
        # An object autodoc reads from code has its docstring to say something with.
        top_level = ctx.depth == 0 and found is None and not base.startswith("auto")
        events.append(description_end(content, content_first, line, top_level=top_level))
    if not earlier:
        return events
    shared = list(itertools.takewhile(lambda event: isinstance(event, Text), described))
    named_before = _named_before(base, earlier, options, shared, no_index, starts, ctx, doc)
    return [*named_before, *events]


def _named_before(
    base: str,
    groups: list[list[str]],
    options: tuple[tuple[str, str], ...],
    shared: list[Event],
    no_index: bool,
    starts: list[int],
    ctx: Context,
    doc: DocState,
) -> list[Event]:
    """The entries of the objects a description names before its last (``groups``: each
    one's signatures; ``starts``: the line each of the description's signatures starts on),
    each with the text they share (``shared``: the content up to the first member it
    describes, which is the last object's). Repeated, each entry answers a lookup of its name
    on its own, where a pointer to the last would ask for a second one."""
    module_option = next((value for key, value in options if key == "module"), None)
    shared_text = [event.text for event in shared if isinstance(event, Text)]
    events: list[Event] = []
    index = 0  # of the group's first signature
    for group in groups:
        at, following = starts[index], starts[index + len(group)]
        full, qualified, module = qualify(base, group[0], module_option, ctx, doc)
        title, anchor = _title_and_anchor(base, group[0], full, qualified, module)
        if full:
            events.append(
                Heading(
                    title=title,
                    line=at,
                    last_line=at,
                    claim_line=at,
                    anchor=docutils_id(title) if no_index else anchor,
                    api_depth=ctx.api_depth + 1,
                )
            )
        events.extend(Text(_written_signature(base, signature, options)) for signature in group)
        if full:
            copied = shared if doc.shared_budget.take(shared_text) else []
            events.extend([*copied, Resume(last_line=following - 1, shared=True)])
        index += len(group)
    return events


def _target_name(
    base: str, signature: str, module_option: str | None, ctx: Context, doc: DocState
) -> str:
    """The full name Sphinx targets a hand-written signature at ("" for an expression)."""
    if _is_expression(signature):
        return ""
    return qualify(base, signature, module_option, ctx, doc)[0]


def _title_and_anchor(
    base: str, signature: str, full: str, qualified: str, module: str
) -> tuple[str, str]:
    """The heading and anchor of the object ``signature`` names (``full``, ``qualified``,
    ``module``: qualify's reading of it)."""
    if full and not base.startswith("auto") and _is_expression(signature):
        # Named by the class (or module) it is written in, which 'key in d' does not say.
        owner = full.rpartition(".")[0]
        title = f"{owner}: {signature.strip()}" if owner else signature.strip()
        return title, docutils_id(title)
    return _shown_name(base, full, qualified, module), full


def _without_targets(events: list[Event]) -> list[Event]:
    """The members an autodoc directive documents under ``:no-index:``, which autodoc passes
    on to each: anchored by their headings, not their names (Sphinx gives them no id)."""
    return [
        replace(event, anchor=docutils_id(event.title))
        if isinstance(event, Heading) and event.member
        else event
        for event in events
    ]


# The flags of a hand-written description (and the directives named like them) that Sphinx
# shows before the name, spelt as an autodoc entry read from code spells them.
_FLAG_WORDS = ("async", "classmethod", "staticmethod")


def _written_signature(base: str, signature: str, options: tuple[tuple[str, str], ...]) -> str:
    """A hand-written signature as Sphinx shows it: ``:async:``, ``:classmethod:`` and
    ``:staticmethod:`` before the name, ``:type:`` and ``:value:`` (``.. attribute::``,
    ``.. data::``) after it, then the text of ``:annotation:``, which any Python description
    takes, after a space. trio 0.35.0 documents its low-level I/O waits so
    ('.. function:: wait_readable(obj)' with ':async:'), which read as plain calls; dnspython
    2.8.0 its constants ('.. py:data:: dns.rdatatype.A' with ':annotation: = 1'), whose
    values were lost."""
    named = dict(options)
    if base in _COROUTINE_FUNCTIONS | _COROUTINE_METHODS:
        named["async"] = ""
    words = "".join(f"{flag} " for flag in _FLAG_WORDS if flag in named or flag == base)
    annotation, value = named.get("type", "").strip(), named.get("value", "").strip()
    after = (f": {annotation}" if annotation else "") + (f" = {value}" if value else "")
    written = " ".join(named.get("annotation", "").split())
    return f"`{words}{signature}{after}{f' {written}' if written else ''}`"


def _member_owner(
    base: str, lines: list[str], module_option: str | None, ctx: Context, doc: DocState
) -> tuple[str, str]:
    """(name within its module, module) of the class a hand-written class description's
    members belong to: with several signatures, the last one Sphinx can read (its Python
    domain nests the content under the last name it read), as PyWavelets'
    ``.. class:: BaseNode`` / ``Node(BaseNode)`` / ... / ``WaveletPacket2D(Node2D)``
    documents ``pywt.WaveletPacket2D.data``, not ``pywt.BaseNode.data``."""
    for signature in reversed(lines):
        if not _is_expression(signature):
            full, qualified, module = qualify(base, signature, module_option, ctx, doc)
            if full:
                return qualified, module
    return qualify(base, lines[0] if lines else "", module_option, ctx, doc)[1:]


def _is_expression(signature: str) -> bool:
    """Whether a hand-written signature is an expression that uses the object, which Sphinx
    shows as written with no target: multidict's ``d[key] = value``, ``key in d`` and
    ``del d[key]``, whose names ('MultiDict.d', 'MultiDict.key', 'MultiDict.del') repeated and
    said nothing."""
    return not (_SPHINX_SIGNATURE.fullmatch(signature) or _NAME_WITH_VALUE.fullmatch(signature))


def _shown_name(base: str, full: str, qualified: str, module: str) -> str:
    """The heading of a description: its full name, or the name as written when that already
    starts with the current module. Sphinx prefixes the module all the same (flask's
    ``.. data:: flask.globals.request_ctx`` under ``currentmodule:: flask`` has the target
    ``flask.flask.globals.request_ctx``), which stays the anchor, and shows the name written."""
    if not base.startswith("auto") and module and qualified.startswith(f"{module}."):
        return qualified
    return full
