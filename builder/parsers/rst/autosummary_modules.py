"""The page autosummary writes for a module its ``:toctree:`` table lists.

A module's page is written from the module template (``:template:``, else the project's
``autosummary/module.rst``, else Sphinx's): the module's docstring (``automodule``), then a
table per kind of member the template lists (``attributes``, ``functions``, ``classes``,
``exceptions``), and, with ``:recursive:``, a table of the package's modules, each with a
page of its own written the same way. A table with ``:toctree:`` gives each member a page,
documented in full (builder.parsers.rst.api_descriptions), a table without one a summary line
each. The members are the public ones the module defines, or, with conf.py's
``autosummary_ignore_module_all = False``, what its ``__all__`` names. pysindy 2.1.0 documents
its whole API so (``.. autosummary:: :toctree: generated/ :template: module.rst :recursive:
pysindy``); the module was left to its summary line and the API reference held one line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import PurePosixPath

from builder.api.model import ApiObject
from builder.parsers.rst.api_descriptions import render_api
from builder.parsers.rst.autodoc import summary_line
from builder.parsers.rst.autosummary_templates import (
    JINJA_LINE,
    OPTION,
    directive_options,
    project_template,
    template_names,
)
from builder.parsers.rst.events import Context, DocState, Event, RenderBlocks, Resume, Text
from builder.parsers.rst.generated_pages import render_generated_pages
from builder.parsers.rst.page_owners import autosummary_key, written_elsewhere

# Packages nested deeper than this below the table's are not written (a real one nests 3 or 4).
MAX_MODULE_DEPTH = 8
_AUTOSUMMARY = re.compile(r"^[ \t]*\.\. +autosummary ?::")
_LOOP = re.compile(r"\{%-? *for +\w+ +in +(\w+)")
_LOOP_ITEM = re.compile(r"\{%-? *for +(\w+) +in +(\w+)")
_END_LOOP = re.compile(r"\{%-? *endfor\b")
# ``.. autofunction:: {{ item }}`` (or ``{{ fullname }}.{{ item }}``, as the item is named
# in the module's namespace).
_ITEM_DIRECTIVE = re.compile(
    r"^[ \t]*\.\. +(auto(?:function|class|exception|data|attribute)) ?:: *"
    r"(?:\{\{-? *fullname *-?\}\}\.)?\{\{-? *(\w+) *-?\}\}[ \t]*$"
)
# What each list of the template holds, and the label its rubric gives it.
_LABELS = {"attributes": "Module Attributes", "functions": "Functions", "classes": "Classes",
           "exceptions": "Exceptions", "modules": "Modules"}  # fmt: skip


@dataclass(frozen=True)
class Table:
    members: str  # the template's variable: "functions", "classes", "modules"...
    toctree: bool
    template: str  # the table's own :template:, for its members' pages
    # Not a table: the template's loop documents each member with this directive on the
    # module's page ("autofunction", "autoclass"), with these options.
    directive: str = ""
    options: tuple[tuple[str, str], ...] = ()


# Sphinx's autosummary/module.rst: summary tables, and the modules with pages of their own.
_SPHINX_TABLES = (
    Table("attributes", False, ""),
    Table("functions", False, ""),
    Table("classes", False, ""),
    Table("exceptions", False, ""),
    Table("modules", True, ""),
)


def render_autosummary_pages(
    names: list[str],
    line: int,
    ctx: Context,
    doc: DocState,
    render: RenderBlocks,
    template: str,
    recursive: bool,
) -> list[Event]:
    """The pages a ``:toctree:`` table has Sphinx write, in its order: a module's from the
    module template, any other object's as its ``auto*`` directive documents it."""
    if doc.api is None or not ctx.sections:
        return []
    events: list[Event] = []
    for name in names:
        prefixed = doc.module and not name.startswith(f"{doc.module}.")
        qualified = f"{doc.module}.{name}" if prefixed else name
        if written_elsewhere(autosummary_key(qualified), doc.page or doc.relpath):
            continue  # another page's table writes it
        module = _module(name, doc)
        if module is None:
            events.extend(render_generated_pages([name], line, ctx, doc, render, template=template))
        elif module.path not in doc.generated:
            events.extend(_module_page(module, line, ctx, doc, render, template, recursive, 0))
    return events


def _module(name: str, doc: DocState) -> ApiObject | None:
    if doc.api is None:
        return None
    style = doc.api.settings.docstring_style
    for full in (f"{doc.module}.{name}", name) if doc.module else (name,):
        # autosummary imports the name's parent and takes the attribute: a package that
        # binds a submodule's name to its class (kindred's 'from kindred.Corpus import
        # Corpus') lists the class, whose page is the class template's.
        member = doc.api.find(full, style)
        if member is not None and member.kind != "module":
            return None
        found = doc.api.find(full, style, module=True)
        if found is not None:
            return found if found.kind == "module" else None
    return None


def _module_page(
    module: ApiObject,
    line: int,
    ctx: Context,
    doc: DocState,
    render: RenderBlocks,
    template: str,
    recursive: bool,
    depth: int,
) -> list[Event]:
    doc.generated.add(module.path)
    events = render_api("automodule", (module.path,), (), (), line, line + 1, ctx, doc, render)
    # The tables are the module's text, inside its description; its members' pages and then
    # its modules' follow it.
    end = events.pop() if events and isinstance(events[-1], Resume) else None
    pages: list[Event] = []
    submodules: list[Event] = []
    outer, doc.module = doc.module, module.path
    try:
        for table in _module_tables(template, doc):
            names = _members(module, table.members, recursive, doc)
            if not names:
                continue
            if table.members == "modules":
                if depth < MAX_MODULE_DEPTH:
                    submodules = _submodule_pages(
                        module, names, table.template, ctx, doc, render, depth
                    )
                continue
            if table.directive:
                pages.extend(_documented(module, names, table, line, ctx, doc, render))
                continue
            summary = "\n".join(summary_line(name, doc) for name in names)
            events.append(Text(f"{_LABELS[table.members]}:\n{summary}", is_list=True))
            if table.toctree:
                pages.extend(
                    render_generated_pages(names, line, ctx, doc, render, template=table.template)
                )
    finally:
        doc.module = outer
    return [*events, *([end] if end is not None else []), *pages, *submodules]


def _documented(
    module: ApiObject,
    names: list[str],
    table: Table,
    line: int,
    ctx: Context,
    doc: DocState,
    render: RenderBlocks,
) -> list[Event]:
    """The module's members as its template's loop documents them in full on its page
    (sphinx-gallery's module.rst: ``.. autofunction:: {{ item }}`` for each of the
    functions, ``.. autoclass:: {{ item }}`` with ``:members:`` for each class)."""
    events: list[Event] = []
    for name in names:
        full = f"{module.path}.{name}"
        if full in doc.generated:
            continue
        doc.generated.add(full)
        events.extend(
            render_api(
                table.directive, (full,), table.options, (), line, line + 1, ctx, doc, render
            )
        )
    return events


def _submodule_pages(
    package: ApiObject,
    names: list[str],
    template: str,
    ctx: Context,
    doc: DocState,
    render: RenderBlocks,
    depth: int,
) -> list[Event]:
    """The pages of a package's modules, each written with the template its table names (a
    recursive template names itself)."""
    if doc.api is None:
        return []
    events: list[Event] = []
    style = doc.api.settings.docstring_style
    for name in names:
        found = doc.api.find(f"{package.path}.{name}", style, module=True)
        if found is None or found.kind != "module" or found.path in doc.generated:
            continue
        line = found.line or 1
        events.extend(_module_page(found, line, ctx, doc, render, template, True, depth + 1))
    return events


def _members(module: ApiObject, members: str, recursive: bool, doc: DocState) -> list[str]:
    """The names of the module's members a template variable holds, in the module's order."""
    if members == "modules":
        if not recursive:
            return []
        return sorted(m.name for m in module.submodules if not m.name.startswith("_"))
    if doc.api is None:
        return []
    respect_all = doc.api.settings.autosummary_module_all
    names: list[str] = []
    for member in module.members:
        if member.name.startswith("_") or member.kind == "module":
            continue
        if respect_all and member.unlisted:
            continue
        child = doc.api.find(f"{module.path}.{member.name}", doc.api.settings.docstring_style)
        if child is None or _variable(child) != members:
            continue
        if members == "attributes" and not member.documented:
            continue  # autosummary lists the attributes with a doc comment
        # Not defined in the module: autosummary lists an import only when __all__ names it.
        imported = member.imported or (bool(child.file) and child.file != module.file)
        if imported and not (respect_all and _defined_within(module, child)):
            continue
        names.append(member.name)
    return sorted(names)  # autosummary reads them from dir()


def _variable(found: ApiObject) -> str:
    """The template variable autosummary puts the object in."""
    if found.kind == "class":
        exception = any(base.endswith(("Error", "Exception", "Warning")) for base in found.bases)
        return "exceptions" if exception else "classes"
    return {"function": "functions", "attribute": "attributes"}.get(found.kind, "")


def _defined_within(module: ApiObject, child: ApiObject) -> bool:
    """Whether an imported object is defined in the module's package, not a dependency."""
    if not module.file.endswith("__init__.py") or not child.file:
        return False
    return PurePosixPath(child.file).is_relative_to(PurePosixPath(module.file).parent)


def _module_tables(template: str, doc: DocState) -> tuple[Table, ...]:
    """The tables of the module template the lookup finds (Sphinx's own when the project has
    none); a template of the project that holds none gives none."""
    if doc.includes is None or doc.api is None:
        return _SPHINX_TABLES
    for name in template_names(template, "module"):
        text = project_template(name, doc)
        if text is not None:
            return _read_tables(text)
        own = name.removeprefix("!")
        if own == "autosummary/module.rst":
            return _SPHINX_TABLES
        if own == "autosummary/base.rst":  # Sphinx's: the automodule alone
            return ()
    return _SPHINX_TABLES


def _read_tables(text: str) -> tuple[Table, ...]:
    """Each autosummary of a template and the variable its loop lists, and each loop that
    documents its members with an ``auto*`` directive of the loop's item."""
    lines = text.split("\n")
    tables: list[Table] = []
    for k, line in enumerate(lines):
        if (documented := _documenting_loop(lines, k)) is not None:
            tables.append(documented)
            continue
        if not _AUTOSUMMARY.match(line):
            continue
        options: dict[str, str] = {}
        # Not lines[k + 1 :]: a copy of the rest per directive was quadratic in a template
        # of many.
        for following in (lines[j] for j in range(k + 1, len(lines))):
            if JINJA_LINE.match(following) and (loop := _LOOP.search(following)) is not None:
                if loop.group(1) in _LABELS:
                    toctree = "toctree" in options
                    tables.append(Table(loop.group(1), toctree, options.get("template", "")))
                break
            if JINJA_LINE.match(following) or not following.strip():
                continue
            option = OPTION.match(following)
            if option is None:
                break
            options[option.group(1)] = option.group(2)
    return tuple(tables)


def _documenting_loop(lines: list[str], k: int) -> Table | None:
    """The loop at ``lines[k]`` over one of a module's lists whose body documents the item
    with an ``auto*`` directive (``.. autofunction:: {{ item }}``), and that directive's
    options; None for another line or loop."""
    loop = _LOOP_ITEM.search(lines[k]) if JINJA_LINE.match(lines[k]) else None
    if loop is None or loop.group(2) not in _LABELS or loop.group(2) == "modules":
        return None
    for j in range(k + 1, len(lines)):
        if _END_LOOP.search(lines[j]) or _LOOP_ITEM.search(lines[j]):
            return None  # its body ends (or another loop starts: each line is read once)
        directive = _ITEM_DIRECTIVE.match(lines[j])
        if directive is None or directive.group(2) != loop.group(1):
            continue
        options = directive_options(lines, j + 1)
        return Table(loop.group(2), False, "", directive.group(1), options)
    return None
