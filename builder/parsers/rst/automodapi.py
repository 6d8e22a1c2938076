"""sphinx-automodapi's ``.. automodapi:: package.module``: a module's whole public API.

At build time the directive writes an ``automodule`` of the module (its docstring) and an
autosummary table with ``:toctree:`` per kind of object (functions, classes, and with
``:include-all-objects:`` variables), so each object gets a generated page. astropy documents
its API so (104 directives); read as an unknown directive it had no content and left nothing.
The objects are the module's ``__all__``, else its public names defined in it (for a package,
in its own modules: automodapi's ``onlylocals``); ``:skip:`` and ``:include:`` filter them,
and ``:inherited-members:`` has each class's page document its inherited members too
(``:no-inherited-members:`` not; without either, conf.py's ``automodsumm_inherited_members``
says).
"""

from __future__ import annotations

from pathlib import PurePosixPath

from builder.api.model import ApiObject, MemberOptions
from builder.parsers.rst.autodoc import find_object, object_events, summary_line
from builder.parsers.rst.events import Context, DocState, Event, Heading, RenderBlocks, Text
from builder.parsers.rst.generated_pages import render_generated_pages
from builder.parsers.rst.page_owners import automodapi_key, written_elsewhere

DIRECTIVE = "automodapi"
# The groups automodapi writes, in its order: a heading's word and the kinds it holds.
_GROUPS = (("Functions", ("function",)), ("Classes", ("class",)), ("Variables", ("attribute",)))


def render_automodapi(
    module: str,
    options: dict[str, str],
    line: int,
    ctx: Context,
    doc: DocState,
    render: RenderBlocks,
) -> list[Event]:
    """The module's docstring and per kind a list of its objects, then their sections."""
    found = find_object("automodule", module, line, doc, MemberOptions())
    doc.module = module
    if found is None or doc.api is None:
        return []
    events: list[Event] = []
    if "no-heading" not in options:
        # automodapi titles what it writes "units Package" (or "... Module"), underlined with
        # the first of its ':headings:' characters: several on one page (asdf's Developer API
        # holds 13) had their docstrings and object lists run into one section.
        kind = "Package" if PurePosixPath(found.file).name == "__init__.py" else "Module"
        style = (options.get("headings") or "-^")[0]
        events.append(Heading(f"{module} {kind}", line, line, line, style=style))
    if "no-main-docstr" not in options:
        events.extend(object_events(found, "", module, MemberOptions(), line, ctx, doc))
    skipped = set(_names(options.get("skip", "")))
    wanted = set(_names(options.get("include", "")))
    style = doc.api.settings.docstring_style
    grouped: dict[str, list[str]] = {label: [] for label, _ in _GROUPS}
    for member in found.members:
        if member.name.startswith("_") or member.name in skipped or member.unlisted:
            continue  # automodapi lists what __all__ names, when the module has one
        if wanted and member.name not in wanted:
            continue
        child = doc.api.find(f"{module}.{member.name}", style)
        if child is None or (member.imported and not _defined_within(found, child)):
            continue
        label = next((label for label, kinds in _GROUPS if child.kind in kinds), "")
        if label == "Variables" and "include-all-objects" not in options:
            continue
        if label:
            grouped[label].append(member.name)
    # The tables stay on the page, where automodapi writes them; each object's generated page
    # is a section after them.
    for label, names in grouped.items():
        if names:
            summary = "\n".join(summary_line(name, doc) for name in names)
            events.append(Text(f"{label}:\n{summary}", is_list=True))
    inherited = doc.api.settings.automodsumm_inherited_members
    for name in options:  # the directive's say over conf.py's, the last one given
        if name in ("inherited-members", "no-inherited-members"):
            inherited = name == "inherited-members"
    if written_elsewhere(automodapi_key(module), doc.page or doc.relpath):
        return events  # the tables; another page documents the objects
    for names in grouped.values():
        events.extend(
            render_generated_pages(
                names, line, ctx, doc, render, automodapi=True, inherited=inherited
            )
        )
    return events


def _names(option: str) -> list[str]:
    return [name.strip() for name in option.split(",") if name.strip()]


def _defined_within(module: ApiObject, child: ApiObject) -> bool:
    """Whether an imported name's object is defined in the module's own package (a package's
    ``from .core import *``), as automodapi's ``onlylocals`` keeps it."""
    if not module.file.endswith("__init__.py") or not child.file:
        return False
    package = PurePosixPath(module.file).parent
    return PurePosixPath(child.file).is_relative_to(package)
