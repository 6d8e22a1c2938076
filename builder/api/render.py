"""Turn API records into the parsers' events: a docstring as body text, members as sections.

Each member becomes a section headed and anchored by its full dotted path, one level below
the object that lists it, at the source line of the directive that asked for it (the text
itself lives in code). Docstring markup is reduced by the page's own renderer, passed in as
``render_markup``, so reST docstrings read exactly as reST pages do.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from builder.api.markdown_headings import split_headings
from builder.api.model import ApiObject, ApiSource, DocPart, Member, MemberOptions
from builder.api.see_also import TEXT_REFERENCE
from builder.api.typing_doc import unwrapped
from builder.parsers.labelled_text import labelled
from builder.parsers.rst.events import Event, Heading, Text, fence, indent_text
from builder.parsers.rst.inline import render_inline
from builder.parsers.rst.substitutions import names_a_definition

RenderMarkup = Callable[[str], str]
# A member's docstring prose as page blocks, its description directives sections below it
# (text, the member, its section's depth); None where the prose is read as text.
RenderDescribed = Callable[[str, ApiObject, int], list[Event] | None]
# Classes inside modules inside packages: deeper nesting is a cycle through aliases.
MAX_MEMBER_DEPTH = 3
_GROUP_ORDER = {"module": 0, "class": 1, "function": 2, "property": 3, "attribute": 4}
# The qualifiers of the dotted names in a base as written ("abc.ABC", "t.Generic[mod.T]"):
# autodoc's default short form (autodoc_typehints_format "short") shows the last part only.
_QUALIFIER = re.compile(r"\b(?:[A-Za-z_]\w*\.)+(?=[A-Za-z_])")


def docstring_parts(obj: ApiObject, options: MemberOptions) -> tuple[DocPart, ...]:
    """The parts of the docstring a section shows; a class's per ``options.class_content``,
    without the kinds of section ``options.hidden_sections`` names."""
    if obj.doc_from_base and not options.inherit_docstrings:
        return ()  # griffe reads no base's docstring for it
    if obj.doc_from_owner and not options.owner_descriptions:
        return ()  # griffe gives an attribute no text from its class's docstring
    parts = _class_parts(obj, options)
    if options.hidden_sections:
        return tuple(part for part in parts if part.kind not in options.hidden_sections)
    return parts


def _class_parts(obj: ApiObject, options: MemberOptions) -> tuple[DocPart, ...]:
    if obj.kind == "class":
        if options.class_content == "both" and obj.init_doc:
            init_doc = obj.init_doc if options.init_summary else _without_summary(obj.init_doc)
            return (*obj.doc, *init_doc)
        if options.class_content == "init" and obj.init_doc:
            return obj.init_doc
    return obj.doc


def _without_summary(parts: tuple[DocPart, ...]) -> tuple[DocPart, ...]:
    """``parts`` without the first two lines of their leading text, as griffe's google and
    numpy parsers skip them under ignore_init_summary (a part left empty goes)."""
    if not parts or parts[0].title or not parts[0].text:
        return parts
    rest = "\n".join(parts[0].text.split("\n")[2:]).strip()
    return ((replace(parts[0], text=rest),) if rest else ()) + parts[1:]


def docstring_events(
    obj: ApiObject,
    options: MemberOptions,
    render_markup: RenderMarkup,
    line: int,
    render_prose: RenderMarkup | None = None,
    described: tuple[RenderDescribed, int] | None = None,
) -> list[Event]:
    """The object's docstring as body blocks; under ``options.markdown_headings``, its prose's
    "#" headings as sections below the object's (at source ``line``, the directive's). Its
    text outside titled parts goes through ``render_prose`` when given: a reST page keeps a
    nested list tight under a field's text, but a docstring's list a blank line below its
    paragraph, as the page's own body does. With ``described`` (a renderer and the object's
    section depth), prose that describes objects (``.. attribute:: text`` in a class's
    docstring) is the blocks it renders, each described object a section below the object's.

    A list of fields after such a heading (the Parameters, Returns or Raises of the object,
    Typer's and FastAPI's parameters from their ``Doc`` annotations after an "## Example")
    describes the object, not the heading the page shows it under: it stays in the object's
    own section, after the docstring's text before its first heading."""
    events: list[Event] = []
    own_end: int | None = None  # where the object's own text ends: at its first heading
    attributes: list[Event] = []  # napoleon's attribute entries, after the object's own text
    for part in docstring_parts(obj, options):
        if options.markdown_headings and not (part.title or part.fields or part.code):
            prose = _headed_events(part.text, obj.path, render_markup, line)
            if own_end is None:
                heading = next((i for i, e in enumerate(prose) if isinstance(e, Heading)), None)
                own_end = None if heading is None else len(events) + heading
            events.extend(prose)
            continue
        if options.unwrap_annotated and part.fields and not part.code:
            # mkdocstrings writes every annotation it shows so, a list's types as a signature's.
            fields = tuple(replace(f, annotation=unwrapped(f.annotation)) for f in part.fields)
            part = replace(part, fields=fields)
        if described is not None and is_napoleon_attributes(obj, part, options):
            render_described, depth = described
            directives = attribute_directives(obj, part, options)
            blocks = render_described(directives, obj, depth) if directives else None
            if blocks is not None:
                attributes.extend(blocks)
                unnamed = unnamed_attributes(part)
                if unnamed is None:
                    continue
                part = unnamed
        plain = not (part.title or part.fields or part.code)
        if plain and described is not None:
            render_described, depth = described
            blocks = render_described(part.text, obj, depth)
            if blocks is not None:
                events.extend(blocks)
                continue
        if render_prose is not None and plain:
            text = render_prose(part.text)
        else:
            text = render_part(part, render_markup)
        if not text:
            continue
        if own_end is not None and part.fields and not part.code:
            events.insert(own_end, Text(text))
            own_end += 1
        else:
            events.append(Text(text))
    return events + attributes


def is_napoleon_attributes(obj: ApiObject, part: DocPart, options: MemberOptions) -> bool:
    """Whether ``part`` is an Attributes section that napoleon writes as an ``attribute``
    directive per item (each an object of its own, as in pyresample 1.26.0's
    ``AreaDefinition.crs`` and GSD 2.7.0's ``gsd.__version__``), rather than as a list in the
    object's text. napoleon does so in any docstring: in a method's (pyswarms 1.3.0's
    ``GlobalBestPSO.__init__``) Sphinx names each under the class, as a method does not change
    the class its content is read in; in a function's, under the module."""
    return (
        options.napoleon_attributes and part.attribute_items and bool(part.fields) and not part.code
    )


def attribute_directives(obj: ApiObject, part: DocPart, options: MemberOptions) -> str:
    """The reST napoleon writes for an Attributes section: ``.. attribute:: name`` over its
    description and ``:type:``. Under ``:members:``, an item naming a member the class
    documents itself and shows is left to that member's own entry, as one object has one
    entry; one the directive leaves out (``:exclude-members:``, a private name, a list of
    other names) keeps this one."""
    own = {member.name for member in obj.members if member.documented}
    documented = {member.name for member in select_members(obj, options) if member.name in own}
    blocks = []
    for field in part.fields:
        if field.name in documented or not field.name.isidentifier():
            continue
        lines = [f".. attribute:: {field.name}"]
        if options.no_index:  # napoleon passes the directive's :no-index: on
            lines.append("   :no-index:")
        if field.annotation:
            # napoleon writes the type as a ':type:' field, whose roles Sphinx renders; as
            # the annotation a signature shows, it is their text.
            annotation = field.annotation
            if "`" in annotation:
                annotation = render_inline(annotation, heading=True)
            lines.append(f"   :type: {annotation}")
        if field.description:
            lines.append("")
            lines.extend(f"   {line}" if line else "" for line in field.description.split("\n"))
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def unnamed_attributes(part: DocPart) -> DocPart | None:
    """The items of an Attributes section that no ``attribute`` directive can name ("x, y :
    float"): Sphinx shows napoleon's directive for them as text with no entry, so they stay a
    list in the object's text; None when there are none."""
    fields = tuple(field for field in part.fields if not field.name.isidentifier())
    return replace(part, fields=fields) if fields else None


def _headed_events(text: str, anchor: str, render_markup: RenderMarkup, line: int) -> list[Event]:
    lead, headings = split_headings(text, anchor)
    events: list[Event] = [Text(rendered)] if (rendered := render_markup(lead)) else []
    for heading in headings:
        events.append(
            Heading(title=heading.title, line=line, last_line=line, claim_line=line,
                    anchor=heading.anchor, below_title=heading.level)
        )  # fmt: skip
        if body := render_markup(heading.text):
            events.append(Text(body))
    return events


def render_part(part: DocPart, render_markup: RenderMarkup) -> str:
    """One docstring section as readable text: prose, "Title: text", or a titled list."""
    if part.code:
        blocks = [
            fence(field.description.split("\n"), field.annotation)
            if field.annotation
            else render_markup(field.description)
            for field in part.fields
        ]
        body = "\n\n".join(block for block in blocks if block)
        return f"{part.title}:\n{body}" if body else ""
    if part.fields:
        items = [_field_line(field.name, field.annotation, field.description, render_markup)
                 for field in part.fields]  # fmt: skip
        return f"{part.title}:\n" + "\n".join(items)
    text = render_markup(part.text)
    if not part.title:
        return text
    # An "Example:" section holding a code block puts the fence on a line of its own.
    return labelled(part.title, text) if text else f"{part.title}."


def _field_line(name: str, annotation: str, description: str, render_markup: RenderMarkup) -> str:
    """ "- name (type): description", continuation lines indented under the dash."""
    # A type written with roles (":rtype: :class:`~typing.Iterator`") or substitutions
    # ("reraise (|bool|, optional)", loguru's); any other is code, read as written (the
    # backslashes of "Literal['\n'] | None" are no escapes).
    if "`" in annotation or names_a_definition(annotation):
        annotation = render_markup(annotation)
    # A See Also entry naming a page or a label; an exception a raises field names in the
    # default role (ecdsa's ":raises `~ecdsa.errors.MalformedPointError`:"), shown as Sphinx
    # links it, by its last name; a name and the start of its type, which griffe cuts at the
    # first colon as doc-builder does ("deepspeed_plugin ([`~utils.DeepSpeedPlugin`] or dict
    # of `str`: ...", Accelerate's), shown as markup with the rest after it.
    if TEXT_REFERENCE.search(name) or "`" in name:
        name = render_markup(name)
    label = f"{name} ({annotation})" if name and annotation else name or annotation
    text = render_markup(description) if description else ""
    if not label and text.startswith("- "):
        return text  # a list for the whole field (passlib's ":returns:" over "* True if ...")
    line = f"- {label}: {text}" if label and text else f"- {label or text}"
    head, _, tail = line.partition("\n")
    return head + ("\n" + indent_text(tail, "  ") if tail else "")


def signature_text(
    obj: ApiObject, prefix: str, written: str = "", overloads: bool = True, unwrap: bool = False
) -> str:
    """The signature (``written`` in the page, else the code's) as an inline code line, its
    name qualified by ``prefix``, after the words autodoc writes before it ("async"); those
    of its overloads instead, unless ``overloads`` is off (mkdocstrings' show_overloads).
    With ``unwrap`` (mkdocstrings' unwrap_annotated), the code's ``Annotated[T, ...]`` is ``T``."""
    modifiers = "".join(word + " " for word in obj.modifiers)
    code = unwrapped if unwrap else str
    if obj.overloads and overloads and not written:
        # Each overload on a line of its own, in source order, as autodoc and mkdocstrings
        # show them; the implementation's signature is the union no caller writes.
        return "\n".join(f"`{modifiers}{prefix}{code(overload)}`" for overload in obj.overloads)
    signature = written or (prefix + code(obj.signature) if obj.signature else "")
    if not signature:
        return ""
    return f"`{modifiers}{signature}`"


def bases_text(obj: ApiObject, options: MemberOptions) -> str:
    """The line ``:show-inheritance:`` (mkdocstrings' ``show_bases``) puts under a class's
    signature: "Bases: `Node`, `ABC`"; for a class that names none, "object" as autodoc reads
    it from ``__bases__``, or nothing (``options.object_base`` off) as mkdocstrings shows it.
    Each base by its full dotted name when ``options.qualified_bases``; either way a base is
    the class it names, not the name it was imported as (``Node as N`` shows ``Node``)."""
    named = obj.qualified_bases or obj.bases
    if not named and not options.object_base:
        return ""
    if options.qualified_bases:
        bases = list(named) or ["object"]
    else:
        bases = [_QUALIFIER.sub("", base) for base in named] or ["object"]
    return "Bases: " + ", ".join(f"`{base}`" for base in bases)


def member_events(
    obj: ApiObject,
    options: MemberOptions,
    source: ApiSource,
    style: str,
    line: int,
    depth: int,
    render_markup: RenderMarkup,
    level: int = 0,
    render_prose: RenderMarkup | None = None,
    render_described: RenderDescribed | None = None,
) -> list[Event]:
    """Sections for the members of ``obj`` that ``options`` shows, each at ``depth``.

    A member with no docstring and no members of its own (what ``:undoc-members:`` adds: a
    ``TypeVar``, an enum value, a bare method) has nothing but its signature to say: it becomes a
    line of ``obj``'s own text rather than a section that could only answer by its name."""
    if level >= MAX_MEMBER_DEPTH:
        return []
    found = [
        (member, source.find(f"{obj.path}.{member.name}", style, options.inherited))
        for member in select_members(obj, options)
    ]
    shown = [(member, child) for member, child in found if child is not None]
    # The names a directive lists are its object's members; a class among them shows all of
    # its own, as autodoc and mkdocstrings document the members of members.
    nested = replace(options, members=(), first=()) if options.members or options.first else options
    if options.submodules and obj.kind == "module" and options.members is not None:
        # After the module's own members, as mkdocstrings groups them: each a module that
        # documents its members in turn (a tree, so no level is spent on it).
        chosen = sorted((m for m in obj.submodules if _shown(m, options)), key=lambda m: m.name)
        # griffe sets a submodule over the package's member of its name (``from .also import
        # also``): the member is the module, documented once, not the function and then again.
        modules = {m.name for m in chosen}
        found = [(member, child) for member, child in found if member.name not in modules]
        found.extend((m, source.find(f"{obj.path}.{m.name}", style, module=True)) for m in chosen)
        shown = [(member, child) for member, child in found if child is not None]
    # Members a directive names are entries of their own, docstring or not, as autodoc and
    # mkdocstrings render them.
    named = {*(options.members or ()), *options.first}
    bare = [c for m, c in shown if m.name not in named and _signature_only(m, c)]
    events: list[Event] = []
    if bare:
        lines = [f"- `{child.signature or child.path.rsplit('.', 1)[-1]}`" for child in bare]
        events.append(Text("Members without a description:\n" + "\n".join(lines)))
    for member, child in shown:
        if member.name not in named and _signature_only(member, child):
            continue
        events.append(
            Heading(title=child.path, line=line, last_line=line, claim_line=line,
                    anchor=child.path, api_depth=depth, member=True)
        )  # fmt: skip
        signature = signature_text(
            child, "", overloads=options.overloads, unwrap=options.unwrap_annotated
        )
        if signature:
            events.append(Text(signature))
        if (
            child.kind == "class"
            and options.show_inheritance
            and (bases := bases_text(child, options))
        ):
            events.append(Text(bases))
        described = None if render_described is None else (render_described, depth)
        events.extend(
            docstring_events(child, options, render_markup, line, render_prose, described)
        )
        if child.kind == "class" or (child.kind == "module" and options.submodules):
            below = level if child.kind == "module" else level + 1
            events.extend(
                member_events(child, nested, source, style, line, depth + 1,
                              render_markup, below, render_prose, render_described)
            )  # fmt: skip
    return events


def _signature_only(member: Member, child: ApiObject) -> bool:
    documented = member.documented or member.documented_within
    return not documented and not child.doc and child.kind != "class"


def select_members(obj: ApiObject, options: MemberOptions) -> list[Member]:
    """The members a directive shows, in the order it asks for, as autodoc chooses them."""
    if options.members is None or obj.kind not in ("module", "class"):
        return []
    by_name: dict[str, Member] = {}
    for member in obj.members:
        by_name.setdefault(member.name, member)
    if options.members:
        if options.filters is not None and obj.kind == "class" and not options.inherited:
            # mkdocstrings picks the listed names among the class's own members: a base's
            # is left out without inherited_members (sqladmin's ModelView lists BaseView's).
            return [
                by_name[name]
                for name in options.members
                if name in by_name and not by_name[name].inherited
            ]
        named = options.members
        if obj.kind == "class":
            named = (*named, *(n for n in options.class_named if n not in named))
        return [by_name.get(name, Member(name, "", True)) for name in named]
    first = [by_name.get(name, Member(name, "", True)) for name in options.first]
    chosen = [m for m in by_name.values() if _shown(m, options) and m.name not in options.first]
    if options.order == "alphabetical":
        chosen.sort(key=lambda m: m.name)
    elif options.order == "groupwise":
        chosen.sort(key=lambda m: (_GROUP_ORDER.get(m.kind, 5), m.name))
    return [*first, *chosen]


def _shown(member: Member, options: MemberOptions) -> bool:
    name = member.name
    if name in options.exclude or member.kind == "unresolved":
        return False
    if member.set_in_method and not options.method_attributes:
        return False
    if member.imported and not options.imported and not (member.wildcard and options.wildcard_own):
        return False
    if member.inherited and not options.inherited:
        return False
    if (
        member.inherited
        and options.inherited_packages is not None
        and member.package
        and member.package not in options.inherited_packages
    ):
        return False  # a base griffe did not load (pydantic's BaseModel under a project's model)
    if member.inherited and set(member.through) & set(options.inherited_stop):
        return False
    if member.unlisted and not options.ignore_all and (options.filters is None or options.public):
        return False  # autodoc, and mkdocstrings' public filter: what ``__all__`` names only
    if options.filters is not None:  # mkdocstrings: a class shows for its documented members
        if member.builtin or member.from_slots:
            return False  # griffe reads no built-in type's members, nor __slots__
        documented = (
            member.documented
            and not member.autodoc_text_only
            and not (member.documented_by_base and not options.inherit_docstrings)
        )
        within = member.documented_within and not (
            member.documented_within_by_base and not options.inherit_docstrings
        )
        return _passes_filters(name, options.filters) and (
            documented or within or options.undocumented
        )
    if name.startswith("__") and name.endswith("__"):
        special = options.special
        if special is None or (special and name not in special):
            kind = "init" if name == "__init__" else "special"
            return name != "__weakref__" and _napoleon_includes(member, kind, options)
        # A class's __init__ is listed docstring or not: autodoc's filter finds
        # object.__init__'s ("Initialize self..."), which it then does not show.
        init = name == "__init__" and member.kind == "function"
        return member.documented or member.base_documented or options.undocumented or init
    private = name.startswith("_") if member.meta_private is None else member.meta_private
    if private and (options.private is None or (options.private and name not in options.private)):
        return name.startswith("_") and _napoleon_includes(member, "private", options)
    return member.documented or member.base_documented or options.undocumented


def _napoleon_includes(member: Member, kind: str, options: MemberOptions) -> bool:
    """Whether napoleon's ``napoleon_include_<kind>_with_doc`` shows a member autodoc's
    options leave out: one with a docstring of its own, defined where it is listed (its
    ``_skip_member`` hook, which asks ``obj.__doc__`` and the class's ``__dict__``)."""
    return kind in options.napoleon_includes and member.own_docstring and not member.inherited


def _passes_filters(name: str, filters: tuple[str, ...]) -> bool:
    """mkdocstrings-python's rule: the last filter that matches decides ("!" drops, a plain
    pattern keeps); a name none matches is kept, unless there are filters and every one is a
    plain one (``filters: []`` keeps every member)."""
    keep: bool | None = None
    kinds: set[bool] = set()  # whether each filter read is negated
    for pattern in filters:
        negated = pattern.startswith("!")
        try:
            matched = re.search(pattern[1:] if negated else pattern, name) is not None
        except re.error:
            continue
        kinds.add(negated)
        if matched:
            keep = not negated
    return keep if keep is not None else kinds != {False}
