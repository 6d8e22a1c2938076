"""The pages ``autosummary`` with ``:toctree:`` (and ``automodapi``) has Sphinx generate, read
in place: each object's description as its template writes it (``autoclass`` with the
members its template lists, ``autofunction``...), under the directive that names it.
"""

from __future__ import annotations

from builder.api.model import ApiObject, Member
from builder.parsers.rst.api_descriptions import render_api
from builder.parsers.rst.autodoc import first_docstring_line
from builder.parsers.rst.autosummary_templates import class_template, documents_init
from builder.parsers.rst.events import (
    Context,
    DocState,
    Event,
    Heading,
    RenderBlocks,
    Resume,
    Text,
)

# The directive Sphinx's autosummary templates document each kind of object with.
_GENERATED_BY_KIND = {"class": "autoclass", "function": "autofunction", "attribute": "autodata",
                      "property": "autoproperty"}  # fmt: skip


def render_generated_pages(
    names: list[str],
    line: int,
    ctx: Context,
    doc: DocState,
    render: RenderBlocks,
    automodapi: bool = False,
    template: str = "",
    inherited: bool = False,
) -> list[Event]:
    """The pages ``autosummary`` with ``:toctree:`` has Sphinx generate, one for each of
    ``names`` (relative to the current module, as autosummary resolves them): each object as
    its ``auto*`` directive documents it, a section below the one around the table. Modules are
    left to their summary line (their generated page only lists their members). A class's
    page is written with autosummary's default template, or with ``automodapi``'s, which
    documents each of the class's own public attributes and methods in full below their
    summaries (the inherited ones too when ``inherited``: its ``:inherited-members:``), or
    with the project's own class template (``template``, the autosummary's ``:template:``, or
    its ``autosummary/class.rst``), whose autoclass options are read."""
    if doc.api is None or not ctx.sections:
        return []
    events: list[Event] = []
    for name in names:
        style = doc.api.settings.docstring_style
        full = f"{doc.module}.{name}" if doc.module else name
        found = doc.api.find(full, style) if doc.module else None
        if found is None:
            full, found = name, doc.api.find(name, style)
        base = _GENERATED_BY_KIND.get(found.kind, "") if found is not None else ""
        if found is None or not base or full in doc.generated:
            continue
        doc.generated.add(full)
        own = _own_members(full, doc, inherited) if automodapi and base == "autoclass" else []
        options: tuple[tuple[str, str], ...] = ()
        lists_members = base == "autoclass"
        if own:
            options = (("members", ", ".join(own)), ("show-inheritance", ""))
            options += (("inherited-members", ""),) if inherited else ()
        elif base == "autoclass" and not automodapi:
            project = class_template(template, doc)
            if project is not None:
                options, lists_members = project.options, project.lists_members
            listed = _listed_members(full, doc) if project and project.member_pages else []
            if project and project.documented and not listed:
                listed = _listed_members(full, doc, project.documented)
            if project and project.named:
                listed = [*listed, *_named_members(full, doc, project.named, listed)]
            if listed and not any(option == "members" for option, _ in options):
                # Their pages, documented in full, below the class's; another autosummary
                # naming one links to the same page.
                options += (("members", ", ".join(listed)),)
                doc.generated.update(f"{full}.{name}" for name in listed)
        content = _init_method(full, doc) if base == "autoclass" and not automodapi else ()
        if content and not documents_init(template, doc):
            content = ()
        page = render_api(base, (full,), options, content, line, line + 1, ctx, doc, render)
        summaries = (
            _member_summaries(full, doc, automodapi, inherited or not automodapi)
            if lists_members
            else []
        )
        if summaries and page and isinstance(page[-1], Resume):
            # Above the members' sections, where the class's own text ends.
            at = next(
                (k for k, event in enumerate(page) if k and isinstance(event, Heading)),
                len(page) - 1,
            )
            page[at:at] = summaries
        events.extend(page)
    return events


def _named_members(
    full: str, doc: DocState, names: tuple[str, ...], listed: list[str]
) -> list[str]:
    """The members a class template documents by name (ClassTemplate.named) that the class
    has, itself or from a base (autosummary's ``members`` is the class's ``dir()``)."""
    if doc.api is None:
        return []
    style = doc.api.settings.docstring_style
    return [
        name
        for name in names
        if name not in listed and doc.api.find(f"{full}.{name}", style, True) is not None
    ]


def _init_method(full: str, doc: DocState) -> tuple[str, ...]:
    """The ``automethod:: __init__`` Sphinx's class template puts in a class's autoclass, as
    its content, when the class's ``__init__`` (its own or a base's) has a docstring that the
    class's text leaves out (``autoclass_content = "class"``); () otherwise: an undocumented
    one shows only ``object.__init__``'s "Initialize self." line."""
    if doc.api is None or doc.api.settings.class_content != "class":
        return ()
    init = doc.api.find(f"{full}.__init__", doc.api.settings.docstring_style)
    if init is None or init.kind != "function" or not init.doc:
        return ()
    return (".. automethod:: __init__",)


# autosummary's class template lists these members of a class, each with its summary line;
# automodapi's lists attributes first, and documents them in that order.
# Sphinx's class template's lists (each its variable, lowercased) and the kinds each holds.
_SUMMARISED_MEMBERS = (("Methods", ("function",)), ("Attributes", ("attribute", "property")))
_AUTOMODAPI_MEMBERS = (("Attributes", ("attribute", "property")), ("Methods", ("function",)))


def _own_members(full: str, doc: DocState, inherited: bool) -> list[str]:
    """The public attributes (and properties), then methods, a class defines itself, in the
    order it defines them: what automodapi's class template documents (automodsumm reads the
    class's ``__dict__``, so inherited members are left to their own classes, unless
    ``inherited``: automodapi's ``:inherited-members:`` has it read ``dir()``). An attribute
    without a docstring is left to the summary: the code read cannot tell one set in
    ``__init__`` (not in ``__dict__``) from the class's own, nor read a descriptor's text."""
    if doc.api is None:
        return []
    found = doc.api.find(full, doc.api.settings.docstring_style, inherited)
    if found is None:
        return []
    names = (
        member.name
        for _, kinds in _AUTOMODAPI_MEMBERS
        for member in _public_members(found, kinds, inherited)
        if member.documented or member.kind == "function"
    )
    return list(dict.fromkeys(names))


def _listed_members(
    full: str, doc: DocState, lists: tuple[str, ...] = ("methods", "attributes")
) -> list[str]:
    """The members autosummary's class template lists (of its ``lists``): public methods,
    then attributes, inherited ones too."""
    found = None if doc.api is None else doc.api.find(full, doc.api.settings.docstring_style, True)
    if found is None:
        return []
    names = (
        member.name
        for label, kinds in _SUMMARISED_MEMBERS
        if label.lower() in lists or (label == "Attributes" and "properties" in lists)
        for member in _public_members(found, kinds, inherited=True)
    )
    return list(dict.fromkeys(names))


def _public_members(found: ApiObject, kinds: tuple[str, ...], inherited: bool) -> list[Member]:
    """The members of the class ``found`` of ``kinds`` whose names are not private, in its
    order; inherited ones only when ``inherited``."""
    return [
        member
        for member in found.members
        if member.kind in kinds
        and (inherited or not member.inherited)
        and not member.set_in_method
        and not member.name.startswith("_")
    ]


def _member_summaries(
    full: str, doc: DocState, automodapi: bool = False, inherited: bool = True
) -> list[Event]:
    """The Methods and Attributes lists Sphinx's default class template puts on a class's
    generated page: its public members, inherited ones too, each with its summary line; or
    automodapi's Attributes and Methods lists, of its own ones unless ``inherited``."""
    if doc.api is None:
        return []
    style = doc.api.settings.docstring_style
    found = doc.api.find(full, style, inherited)
    if found is None:
        return []
    events: list[Event] = []
    for label, kinds in _AUTOMODAPI_MEMBERS if automodapi else _SUMMARISED_MEMBERS:
        lines: list[str] = []
        for member in dict.fromkeys(m.name for m in _public_members(found, kinds, inherited)):
            child = doc.api.find(f"{full}.{member}", style, True)
            if child is None:
                continue
            first = first_docstring_line(child, doc)
            lines.append(f"- `{member}`: {first}" if first else f"- `{member}`")
        if lines:
            events.append(Text(f"{label}:\n" + "\n".join(lines), is_list=True))
    return events
