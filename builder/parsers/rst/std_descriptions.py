"""Sphinx's standard-domain descriptions (``.. option::``, ``.. envvar::``, ``.. confval::``)
and reST-domain ones (``.. rst:directive::``, ``.. rst:directive:option::``, ``.. rst:role::``)
as sections, anchored the way Sphinx anchors them.

Sphinx gives each such description a target of its own (``#cmdoption-mypy-strict``,
``#envvar-APP_HOME``, ``#confval-python_version``), and a built page read by the HTML reader
has a section per description; read from the reST, all of a page's options were one section's
text. An option's target names the program the last ``.. program::`` set, a directive
option's the ``rst:directive`` whose content it is in.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from builder.api.options import NO_INDEX
from builder.parsers.docutils_ids import docutils_id, sphinx_id
from builder.parsers.rst.events import (
    Context,
    DocState,
    Event,
    Heading,
    RenderBlocks,
    Text,
    description_end,
)
from builder.parsers.rst.object_types import object_name, sets_program

# The description directives that get a section, and the prefix of the target Sphinx makes.
TARGET_PREFIXES = {
    "option": "cmdoption",
    "cmdoption": "cmdoption",
    "envvar": "envvar",
    "confval": "confval",
    # The reST domain, which extensions' docs describe their markup with (Sphinx's own: 108
    # directives, 173 directive options, 57 roles).
    "rst:directive": "directive",
    "rst:directive:option": "directive:option",
    "rst:role": "role",
}
_RST_KINDS = frozenset({"directive", "directive:option", "role"})
# A directive written as it is used (".. autoclass:: name"), as Sphinx's parse_directive reads it.
_DIRECTIVE_SIGNATURE = re.compile(r"\.\. (.+?)::(.*)")
# An option's name: the signature's first word ("-O FORMAT, --output FORMAT" names "-O").
_OPTION_NAME = re.compile(r"[^\s,=\[]+")
# The options Sphinx (7.4+) shows at the top of a confval's content, as fields with these names.
_CONFVAL_FIELDS = {"type": "Type", "default": "Default"}


def target_id(kind: str, signature: str, program: str) -> str:
    """The id Sphinx gives the target of a ``kind`` description whose first signature is
    ``signature`` ("" for a signature it would not name); ``program`` is the program an
    option belongs to, or the directive a directive option does."""
    prefix = TARGET_PREFIXES.get(kind)
    if prefix is None:
        # An object type conf.py adds (builder.parsers.rst.object_types), whatever its name
        # ("directive" too), is Sphinx's generic object: its own prefix, its name the term.
        prefix, term = kind, object_name(kind, signature)
    elif prefix in _RST_KINDS:
        term = rst_name(prefix, signature)[0]
        if prefix == "directive:option" and program:  # the directive it is an option of
            prefix = f"{prefix}-{program}"
    elif prefix == "cmdoption":
        match = _OPTION_NAME.match(signature.strip())
        name = match.group() if match else ""
        # An argument (no '-' or '/' before it: '.. option:: FILE') is 'arg-', as Sphinx's
        # Cmdoption anchors it (#cmdoption-prog-arg-FILE).
        if name and not name.startswith(("-", "/")):
            name = f"arg-{name}"
        term = f"{'-'.join(program.split())}-{name}" if program else name
    else:
        term = signature.strip()
    return sphinx_id(f"{prefix}-{term}") if term.strip("-") else ""


def render_description(
    kind: str,
    signatures: Sequence[str],
    options: Sequence[tuple[str, str]],
    content: tuple[str, ...],
    line: int,
    content_first: int,
    ctx: Context,
    doc: DocState,
    render: RenderBlocks,
) -> list[Event]:
    """A heading (where sections are allowed) titled by the signatures, the signatures as
    code, the content, then the end of the description, as a Python API description's. A
    confval's ``:type:`` and ``:default:`` lead its content, as Sphinx writes them."""
    shown = [signature for signature in signatures if signature]
    owner = doc.rst_directive if kind == "rst:directive:option" else doc.program
    prefix = TARGET_PREFIXES.get(kind)  # None: an object type conf.py adds, shown as written
    if prefix in _RST_KINDS:
        shown = [rst_name(prefix, signature)[1] for signature in shown]
    events: list[Event] = []
    if shown and ctx.sections:
        title = ", ".join(shown)
        anchor = target_id(kind, signatures[0], owner) if signatures else ""
        if NO_INDEX & {key for key, _ in options}:  # Sphinx gives it no target
            anchor = docutils_id(title)
        events.append(
            Heading(
                title=title,
                line=line,
                last_line=line,
                claim_line=line,
                anchor=anchor,
                api_depth=ctx.api_depth + 1,
            )
        )
    events.extend(Text(f"`{signature}`") for signature in shown)
    inner = Context(
        depth=ctx.depth + 1,
        sections=ctx.sections,
        klass=ctx.klass,
        klass_module=ctx.klass_module,
        api_depth=ctx.api_depth + 1 if shown and ctx.sections else ctx.api_depth,
    )
    if sets_program(kind) and signatures:  # Django's '.. django-admin:: check', then options
        doc.program = object_name(kind, signatures[0])
    fields = _confval_fields(options) if kind == "confval" else []
    if fields:
        events.extend(render(fields, line, inner, doc))
    outer = doc.rst_directive
    if kind == "rst:directive" and signatures:  # its options, in its content, belong to it
        doc.rst_directive = rst_name("directive", signatures[0])[0]
    events.extend(render(list(content), content_first, inner, doc))
    doc.rst_directive = outer
    if shown and ctx.sections:
        events.append(description_end(content, content_first, line, top_level=ctx.depth == 0))
    return events


def _confval_fields(options: Sequence[tuple[str, str]]) -> list[str]:
    """A confval's type and default as the reST field list Sphinx puts above its content."""
    return [
        f":{_CONFVAL_FIELDS[key]}: {value}"
        for key, value in options
        if key in _CONFVAL_FIELDS and value
    ]


def rst_name(kind: str, signature: str) -> tuple[str, str]:
    """The name a reST domain description of ``kind`` ("directive", "directive:option",
    "role") names, and the signature as Sphinx shows it: ``.. autoclass:: name`` names
    autoclass, ``members: list`` (an option) members, ``py:func`` (a role) py:func."""
    text = signature.strip()
    if kind == "directive":
        written = _DIRECTIVE_SIGNATURE.fullmatch(text)
        name, argument = (
            (written.group(1).strip(), written.group(2).strip()) if written else (text, "")
        )
        return name, f".. {name}:: {argument}".rstrip()
    if kind == "directive:option":
        name, _, argument = text.partition(": ")
        name = name.strip().strip(":")
        return name, f":{name}: {argument.strip()}".rstrip()
    return text, f":{text}:"
