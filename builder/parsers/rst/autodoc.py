"""Fill autodoc directives (``.. autoclass::``, ``.. automodule::``...) from the version's code.

The version's :class:`~builder.api.model.ApiSource` (``DocState.api``) answers each dotted
path with the object's signature, docstring and members; this module renders them as the reST
parser's events. An object the code does not have is warned about, page and line named, and
its directive stays a signature-only section.
"""

from __future__ import annotations

import re
from dataclasses import replace

from builder.api.model import ApiObject, MemberOptions
from builder.api.not_found import not_found
from builder.api.options import autodoc_options
from builder.api.render import (
    RenderDescribed,
    RenderMarkup,
    attribute_directives,
    bases_text,
    docstring_parts,
    is_napoleon_attributes,
    member_events,
    render_part,
    signature_text,
    unnamed_attributes,
)
from builder.parsers.rst.events import Context, DocState, Event, Heading, Text, dedent, join_events
from builder.parsers.rst.inline import docstring_footnotes

# A directive's name at the start of a line: a docstring's ``.. attribute:: text``, or with the
# one space docutils allows before the colons (nose2's ``.. attribute :: loader``).
_DIRECTIVE_NAMES = re.compile(r"^[ \t]*\.\. +([\w:-]+) ?::", re.MULTILINE)


def find_object(
    base: str, full: str, line: int, doc: DocState, options: MemberOptions
) -> ApiObject | None:
    """The documented object, or None (with a warning when there is code but not this)."""
    if not full:
        return None
    api = doc.code_for(base, line)
    if api is None:
        return None
    module = base == "automodule"  # the submodule, not a package member of its name
    found = api.find(full, api.settings.docstring_style, options.inherited, module)
    if found is None:
        doc.warn(line, not_found(base, full, api))
        return None
    doc.api_objects += 1
    return found


def implied_options(
    directive: str, options: tuple[tuple[str, str], ...], doc: DocState
) -> tuple[tuple[str, str], ...]:
    """A directive's options after those its documenter implies: autodoc_pydantic's
    ``autopydantic_model`` shows the model's fields unless told otherwise (libensemble's
    ExitCriteria). An option the directive gives, or negates (``:no-members:``), is its own."""
    if doc.api is None:
        return options
    implied = dict(doc.api.settings.pydantic_options).get(directive, ())
    given = {name.removeprefix("no-") for name, _ in options}
    return (*((name, value) for name, value in implied if name not in given), *options)


def member_options(options: tuple[tuple[str, str], ...], doc: DocState) -> MemberOptions:
    if doc.api is None:
        return MemberOptions()
    return autodoc_options(options, doc.api.settings)


def object_events(
    found: ApiObject,
    written: str,
    full: str,
    options: MemberOptions,
    line: int,
    ctx: Context,
    doc: DocState,
) -> list[Event]:
    """The signature (as written when it has parentheses) and the docstring's blocks."""
    prefix = full.rpartition(".")[0] + "." if "." in full else ""
    signature = signature_text(found, prefix, written if "(" in written else "")
    events: list[Event] = [Text(signature)] if signature else []
    if found.kind == "class" and options.show_inheritance:
        events.append(Text(bases_text(found, options)))
    return [*events, *docstring_events(found, options, line, ctx, doc)]


def docstring_events(
    found: ApiObject, options: MemberOptions, line: int, ctx: Context, doc: DocState
) -> list[Event]:
    """The docstring's blocks (sphinx-autodoc2's ``autodoc2-docstring`` shows them alone)."""
    events: list[Event] = []
    attributes: list[Event] = []  # napoleon's attribute entries, after the object's own text
    markup = rst_markup(doc)
    module = found.path if found.kind == "module" else doc.module
    for part in docstring_parts(found, options):
        if is_napoleon_attributes(found, part, options):
            directives = attribute_directives(found, part, options)
            if directives:
                named_in, inner = module, ctx
                if found.kind not in ("class", "module") and (read_in := _read_in(found, doc)):
                    # A function's or a method's: named in its module or its class.
                    named_in, klass = read_in
                    inner = replace(ctx, klass=klass, klass_module=named_in if klass else "")
                attributes.extend(_docstring_blocks(directives, named_in, line, inner, doc))
                unnamed = unnamed_attributes(part)
                if unnamed is None:
                    continue
                part = unnamed
        if part.title or part.fields or part.code:
            text = render_part(part, markup)
            events.extend([Text(text)] if text else [])
        else:
            events.extend(_docstring_blocks(part.text, module, line, ctx, doc))
    return events + attributes


def _docstring_blocks(
    text: str, module: str, line: int, ctx: Context, doc: DocState
) -> list[Event]:
    """A docstring's prose as page blocks, where autodoc directives work too (werkzeug's
    middleware modules document their classes so); their sections sit at the directive's
    line, since the page has no other line for them. Markup warnings are dropped: they would
    point at the page, not at the code that has the fault."""
    from builder.parsers.rst.blocks import render_blocks
    from builder.parsers.rst.parser import split_lines

    scratch = DocState(relpath=doc.relpath, module=module, highlight=doc.highlight, api=doc.api)
    # At the page's top level (an automodule), a docstring's titles are the page's titles.
    inner = ctx if ctx.depth == 0 else ctx.nested()
    with docstring_footnotes():
        events = render_blocks(dedent(split_lines(text)), line, inner, scratch)
    doc.api_objects += scratch.api_objects
    # Sphinx ranks a docstring's title styles afresh (nested_parse_with_titles), below the
    # title around the directive: werkzeug.exceptions' "Usage Example" underlined with "-"
    # is a sibling of the page's "Error Classes" after it, not a parent of every section
    # left on the page. Ranked by the page's styles, it claimed "-" as one level and pushed
    # the page's next new style one level down.
    ranks: dict[str, int] = {}
    return [
        replace(event, line=line, last_line=line, claim_line=line, style="",
                below_title=ranks.setdefault(event.style, len(ranks) + 1))
        if isinstance(event, Heading) and event.style
        else replace(event, line=line, last_line=line, claim_line=line)
        if isinstance(event, Heading)
        else event
        for event in events
    ]  # fmt: skip


def members_events(
    found: ApiObject, options: MemberOptions, line: int, ctx: Context, doc: DocState
) -> list[Event]:
    """Sections for the members the directive's options show, one level below ``ctx``."""
    if doc.api is None or not ctx.sections:
        return []
    style = doc.api.settings.docstring_style
    depth = ctx.api_depth + 1
    prose = rst_markup(doc, tight_lists=False)
    described = _described_blocks(line, ctx, doc)
    events = member_events(
        found, options, doc.api, style, line, depth, rst_markup(doc), 0, prose, described
    )
    doc.api_objects += sum(1 for event in events if not isinstance(event, Text))
    return events


def _described_blocks(line: int, ctx: Context, doc: DocState) -> RenderDescribed:
    """A member class's docstring prose that describes objects (WebTest 3.0.0's ``Form``,
    ``.. attribute:: action`` after its text) as the page's blocks, each object a section
    below the class, as Sphinx renders it for an ``autoclass`` and for a class
    ``automodule`` lists alike; a method's or a function's likewise, named in its class or
    its module (_read_in); None for any other prose (read as text). The blocks are one
    level below ``ctx``: a docstring whose directives list the class again (its module's
    ``automodule`` with ``:members:``) nests to MAX_DEPTH, not without end."""

    # Imported here: api_descriptions imports this module.
    from builder.parsers.rst.api_descriptions import is_api_directive

    def render(text: str, owner: ApiObject, depth: int) -> list[Event] | None:
        names = (m.group(1).removeprefix("py:") for m in _DIRECTIVE_NAMES.finditer(text))
        if owner.kind == "module" or not any(is_api_directive(name) for name in names):
            return None
        read_in = _read_in(owner, doc)
        if read_in is None:
            return None
        module, klass = read_in
        inner = Context(
            depth=ctx.depth + 1, klass=klass, klass_module=module if klass else "", api_depth=depth
        )
        return _docstring_blocks(text, module, line, inner, doc)

    return render


def _read_in(owner: ApiObject, doc: DocState) -> tuple[str, str] | None:
    """The module and the class (or "") the directives in ``owner``'s docstring are named in:
    a class's own; for a method its class's, as Sphinx leaves py:class as it is in a method's
    content; for a function its module's. None when it cannot be told."""
    parent, _, name = owner.path.rpartition(".")
    if owner.kind == "class":
        return parent, name
    above = doc.api.find(parent) if doc.api is not None and parent else None
    if above is None or above.kind not in ("class", "module"):
        return None
    if above.kind == "module":
        return parent, ""
    module, _, klass = parent.rpartition(".")
    return module, klass


def summary_line(name: str, doc: DocState) -> str:
    """An ``autosummary`` entry: the name, and the first line of its docstring when the code
    has it (the name is relative to the current module, as autosummary resolves it)."""
    if doc.api is None:
        return f"- `{name}`"
    doc.api_asked = True
    style = doc.api.settings.docstring_style
    found = doc.api.find(f"{doc.module}.{name}", style) if doc.module else None
    found = found or doc.api.find(name, style)
    first = first_docstring_line(found, doc) if found else ""
    return f"- `{name}`: {first}" if first else f"- `{name}`"


def first_docstring_line(found: ApiObject, doc: DocState) -> str:
    """The first line of the object's docstring as autosummary shows it, markup reduced."""
    text = next((part.text for part in found.doc if not part.title), "")
    return rst_markup(doc)(text.strip().split("\n\n")[0]).split("\n")[0] if text else ""


def rst_markup(doc: DocState, *, tight_lists: bool = True) -> RenderMarkup:
    """Reduce a reST docstring to text as the page's own blocks are (a list tight under the
    text before it, as in a list item, unless not ``tight_lists``); its warnings are dropped,
    since they would point at the page's line, not at the code that has the fault."""
    # Imported here: blocks imports the directive renderer, which imports this module.
    from builder.parsers.rst.blocks import render_blocks
    from builder.parsers.rst.parser import split_lines

    def render(text: str) -> str:
        scratch = DocState(relpath=doc.relpath, module=doc.module, highlight=doc.highlight)
        lines = dedent(split_lines(text))
        with docstring_footnotes():
            events = render_blocks(lines, 1, Context(depth=1, sections=False), scratch)
        return join_events(events, tight_lists=tight_lists)

    return render
