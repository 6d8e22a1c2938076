"""Render reStructuredText and Sphinx directives as readable body text, or as API sections.

Admonitions become "Note: ..." paragraphs, code directives become fenced blocks, Python API
descriptions (``.. function::``, ``.. autoclass::``...) open a section headed and anchored by
the object's qualified name as Sphinx spells it, and directives that only steer the build
(toctree, index...) leave nothing behind; of raw HTML only the text of ``<pre>`` elements stays,
as code. Unknown directives keep their content, as console code when it opens with a "$ "
prompt and as Python code when it is Python.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, replace

from builder.parsers.badges import is_badge
from builder.parsers.labelled_text import labelled
from builder.parsers.rst.api_descriptions import (
    core_directive,
    is_api_directive,
    render_api,
)
from builder.parsers.rst.argparse_content import content_as_written
from builder.parsers.rst.argparse_directive import (
    ARGPARSE_DIRECTIVES,
    argparse_options,
    render_argparse,
)
from builder.parsers.rst.argument_only import argument_only, named_object
from builder.parsers.rst.autodoc import (
    find_object,
    implied_options,
    member_options,
    members_events,
    object_events,
    rst_markup,
    summary_line,
)
from builder.parsers.rst.autodoc2_directives import (
    AUTODOC2_DOCSTRING,
    AUTODOC2_OBJECT,
    autodoc2_docstring,
    autodoc_equivalent,
)
from builder.parsers.rst.automodapi import DIRECTIVE as AUTOMODAPI
from builder.parsers.rst.automodapi import render_automodapi
from builder.parsers.rst.autosummary_modules import render_autosummary_pages
from builder.parsers.rst.bibliography import DIRECTIVE as BIBLIOGRAPHY
from builder.parsers.rst.bibliography import FOOT_DIRECTIVE as FOOT_BIBLIOGRAPHY
from builder.parsers.rst.bibliography import (
    reads_bibliography,
    render_bibliography,
    render_footbibliography,
)
from builder.parsers.rst.c_descriptions import C_KINDS, render_c_description
from builder.parsers.rst.changelog import DIRECTIVES as CHANGELOG_DIRECTIVES
from builder.parsers.rst.changelog import render_changelog
from builder.parsers.rst.click import render_click
from builder.parsers.rst.directive_names import (
    ADMONITIONS,
    CARDS,
    CLASS_DIRECTIVES,
    DESCRIPTIONS,
    DIAGRAMS,
    DROPPED,
    HIDDEN_BY_OPTION,
    HTTP_METHODS,
    LITERAL_DIRECTIVES,
    MODULE_DIRECTIVES,
    TITLED,
    VERSION_NOTES,
)
from builder.parsers.rst.documentation_summary import DIRECTIVE as DOCUMENTATION_SUMMARY
from builder.parsers.rst.documentation_summary import summary_text
from builder.parsers.rst.events import (
    Context,
    DocState,
    Event,
    Heading,
    RenderBlocks,
    Text,
    dedent,
    description_end,
    fence,
    indent_of,
    join_events,
    skip_blank,
)
from builder.parsers.rst.executed_code import (
    IPYTHON_DIRECTIVE,
    JUPYTER_DIRECTIVES,
    ipython_code,
    jupyter_code,
)
from builder.parsers.rst.glossary import render_glossary
from builder.parsers.rst.includes import (
    included_text,
    render_include,
    render_literal_include,
    render_notebook,
    render_script,
)
from builder.parsers.rst.inline import render_inline
from builder.parsers.rst.installation import DIRECTIVES as INSTALLATION_DIRECTIVES
from builder.parsers.rst.installation import directive_text as installation_text
from builder.parsers.rst.jinja_domain import DIRECTIVES as JINJA_DIRECTIVES
from builder.parsers.rst.jinja_domain import render_mapped_functions
from builder.parsers.rst.jsonschema_directive import DIRECTIVE as JSONSCHEMA
from builder.parsers.rst.jsonschema_directive import render_jsonschema
from builder.parsers.rst.markup_lines import CODE_DIRECTIVES
from builder.parsers.rst.numbered_blocks import NUMBERED_BLOCKS, block_label
from builder.parsers.rst.object_types import (
    added_object_type,
    described_kind,
    python_description,
)
from builder.parsers.rst.only_tags import shown_in_html
from builder.parsers.rst.openapi_directive import DIRECTIVE as OPENAPI
from builder.parsers.rst.openapi_directive import render_openapi
from builder.parsers.rst.plot_files import FALSE_FLAGS, shown_script
from builder.parsers.rst.program_output import DIRECTIVES as PROGRAM_OUTPUT
from builder.parsers.rst.program_output import render_program_output
from builder.parsers.rst.python_content import is_python_source
from builder.parsers.rst.reno_notes import DIRECTIVE as RELEASE_NOTES
from builder.parsers.rst.reno_notes import render_release_notes
from builder.parsers.rst.std_descriptions import TARGET_PREFIXES, render_description
from builder.parsers.rst.table_directives import TABLE_DIRECTIVES, render_table

_CARD_PART_BREAK = re.compile(r"[ \t]*(?:\^{3,}|\+{3,})[ \t]*")
# Raw HTML's preformatted text (a terminal's output drawn in coloured spans, a table of colour
# names) is what a reader sees of it; the rest of raw markup is embeds, badges and scripts.
_PRE_OPEN = re.compile(r"<pre\b[^<>]*>", re.IGNORECASE)
_PRE_CLOSE = re.compile(r"</pre\s*>", re.IGNORECASE)
_TAG = re.compile(r"<[^<>]*>")
_OPTION_LINE = re.compile(r":([^:\s](?:[^:]|\\:)*?):(?:\s+(.*))?$")


@dataclass(frozen=True)
class Directive:
    """One directive split into its parts; ``content_first`` is the source line of the content,
    ``body_arguments`` how many of the arguments the lines under the directive's own held."""

    name: str
    arguments: tuple[str, ...]
    options: tuple[tuple[str, str], ...]
    content: tuple[str, ...]
    line: int
    content_first: int
    body_arguments: int = 0

    @property
    def argument(self) -> str:
        return " ".join(self.arguments).strip()

    def option(self, name: str) -> str:
        return next((value for key, value in self.options if key == name), "")


def read_directive(
    name: str, rest: str, body: list[str], line: int, *, text_arguments: bool
) -> Directive:
    """Split a directive block; without ``text_arguments`` only the first line holds arguments."""
    arguments = [rest] if rest else []
    k, n = 0, len(body)
    while text_arguments and k < n and body[k] and not _OPTION_LINE.match(body[k].strip()):
        arguments.append(body[k].strip())
        k += 1
    options: list[tuple[str, str]] = []
    option_indent = 0
    while k < n and body[k]:
        match = _OPTION_LINE.match(body[k].strip())
        if match:
            options.append((match.group(1).lower(), (match.group(2) or "").strip()))
            option_indent = indent_of(body[k])
        elif options and indent_of(body[k]) > option_indent:
            key, value = options[-1]
            options[-1] = (key, f"{value} {body[k].strip()}".strip())
        else:
            break
        k += 1
    if options:
        k = skip_blank(body, k)
    return Directive(
        name=name,
        arguments=tuple(arguments),
        options=tuple(options),
        content=tuple(dedent(body[k:])),
        line=line,
        content_first=line + 1 + k,
        body_arguments=len(arguments) - (1 if rest else 0),
    )


def render_directive(
    name: str,
    rest: str,
    body: list[str],
    line: int,
    ctx: Context,
    doc: DocState,
    render: RenderBlocks,
    following: str = "",
    signatures_before: tuple[str, ...] = (),
    run_line: int = 0,
) -> list[Event]:
    """Events for the directive ``.. name:: rest`` whose indented lines are ``body``;
    ``following`` is the first line of text after them. ``signatures_before``: those of the
    descriptions with no text before it that share its text, the first at ``run_line``
    (builder.parsers.rst.description_runs)."""
    name = name.lower()
    base = python_description(name) or core_directive(name.removeprefix("py:"))
    if base in DROPPED:
        return []
    if base in DIAGRAMS:
        caption = read_directive(name, rest, body, line, text_arguments=False).option("caption")
        return [Text(render_inline(caption))] if caption else []
    if base in CLASS_DIRECTIVES:
        classed = read_directive(name, rest, body, line, text_arguments=True)
        return render(list(classed.content), classed.content_first, ctx.nested(), doc)
    if base == "raw":
        raw = read_directive(name, rest, body, line, text_arguments=False)
        return _preformatted(raw) if raw.argument.lower() == "html" else []
    if base in ("include", "literalinclude"):
        named = read_directive(name, rest, body, line, text_arguments=True)
        if base == "include":
            return render_include(named.argument, dict(named.options), line, ctx, doc, render)
        return render_literal_include(named.argument, dict(named.options), line, doc)
    if base == "notebook":
        notebook = read_directive(name, rest, body, line, text_arguments=True)
        return render_notebook(notebook.argument, dict(notebook.options), line, ctx, doc)
    if base == "plot":
        plot = read_directive(name, rest, body, line, text_arguments=True)
        if not plot.argument:
            return _plot_code(plot)
        # A script's directive holds the figure's caption, as matplotlib reads it.
        script = shown_script(plot.argument, dict(plot.options))
        caption = render_inline(" ".join(text.strip() for text in plot.content)).strip()
        script_code = [] if script is None else render_script(script, line, doc)
        return [*script_code, *([Text(caption)] if caption else [])]
    if name == FOOT_BIBLIOGRAPHY and reads_bibliography():
        return render_footbibliography(line, doc)
    if name == BIBLIOGRAPHY and reads_bibliography():
        listed = read_directive(name, rest, body, line, text_arguments=False)
        return render_bibliography(listed.argument, (key for key, _ in listed.options), line, doc)
    if name == JSONSCHEMA:
        schema = read_directive(name, rest, body, line, text_arguments=False)
        return render_jsonschema(schema.argument, list(schema.content), line, doc)
    if name == OPENAPI:
        spec = read_directive(name, rest, body, line, text_arguments=False)
        return render_openapi(spec.argument, dict(spec.options), line, ctx, doc, render)
    if base in CODE_DIRECTIVES:
        code = read_directive(name, rest, body, line, text_arguments=False)
        words = code.argument.split(None, 1)
        fenced = Text(fence(code.content, (words[0] if words else doc.highlight).lower()))
        # Sphinx shows a caption above its code, most often the file the code goes in (flask's
        # tutorial: ':caption: flaskr/db.py'), which the code itself does not say.
        caption = code.option("caption")
        labels = [Text(render_inline(caption))] if caption else []
        # sphinx-tabs' '.. code-tab:: console Environment variables': the tab's own label
        # says what the code is for, as a tab's title does; a caption stands below it.
        if base == "code-tab" and len(words) == 2:
            labels.insert(0, Text(render_inline(words[1].strip())))
        return [*labels, fenced]
    if name == AUTODOC2_OBJECT:
        full = rest.strip()
        equivalent = autodoc_equivalent(full, line, doc)
        if equivalent is None:
            return [Text(f"`{full}`")] if full else []
        return render_directive(*equivalent, line, ctx, doc, render)
    if is_api_directive(base):
        api = read_directive(name, rest, body, line, text_arguments=True)
        implied = implied_options(name.removeprefix("py:"), api.options, doc)
        return render_api(base, (*signatures_before, *api.arguments), implied, api.content,
                          run_line or api.line, api.content_first, ctx, doc, render)  # fmt: skip
    if base == "program":
        program = read_directive(name, rest, body, line, text_arguments=True).argument
        doc.program = "" if program == "None" else program
        return []
    standard = base.removeprefix("std:") in TARGET_PREFIXES
    added = "" if standard else added_object_type(name)
    if standard or added:
        described = read_directive(name, rest, body, line, text_arguments=True)
        kind = described_kind(added) if added else base.removeprefix("std:")
        return render_description(kind, described.arguments,
                                  described.options, described.content, described.line,
                                  described.content_first, ctx, doc, render)  # fmt: skip
    if base in MODULE_DIRECTIVES or base == "highlight":
        state = read_directive(name, rest, body, line, text_arguments=True)
        return _set_state(base, state, ctx, doc, render)
    if name in ADMONITIONS or name in VERSION_NOTES:
        note = read_directive(name, "", body, line, text_arguments=False)
        return [_render_note(name, rest, note, ctx, doc, render)]
    if name in JINJA_DIRECTIVES:
        mapped = read_directive(name, rest, body, line, text_arguments=True)
        return render_mapped_functions(mapped.argument, line, ctx, doc, render)
    if name in LITERAL_DIRECTIVES:
        block = read_directive(name, rest, body, line, text_arguments=name == "math")
        if name == "mermaid" and not any(line.strip() for line in block.content):
            return []
        if name in HIDDEN_BY_OPTION and any(key == "hide" for key, _ in block.options):
            return []
        return [_render_literal(name, block)]
    if name in JUPYTER_DIRECTIVES or name == IPYTHON_DIRECTIVE:
        cell = read_directive(name, rest, body, line, text_arguments=False)
        options = dict(cell.options)
        if name == IPYTHON_DIRECTIVE:
            shown = ipython_code(cell.argument, options, cell.content)
        elif name == "jupyter-execute" and cell.argument:  # the file it runs: lmfit's examples
            text = included_text(cell.argument, line, doc)
            shown = jupyter_code(name, options, tuple((text or "").split("\n")))
        else:
            shown = jupyter_code(name, options, cell.content)
        return [Text(shown)] if shown else []
    if name in ARGPARSE_DIRECTIVES:
        parser = read_directive(name, rest, body, line, text_arguments=True)
        options = argparse_options(name, parser.argument, dict(parser.options))
        events = render_argparse(name, options, parser.content, line, ctx, doc)
        if events or not parser.content:
            return events
        # A parser the code does not show statically: the page's own text under it reads.
        written = content_as_written(parser.content)
        return render(written, parser.content_first, ctx.nested(), doc)
    if name == AUTOMODAPI:
        api = read_directive(name, rest, body, line, text_arguments=True)
        return render_automodapi(api.argument, dict(api.options), line, ctx, doc, render)
    if name in PROGRAM_OUTPUT:
        run = read_directive(name, rest, body, line, text_arguments=True)
        helped = render_program_output(run.argument, line, ctx, doc, rst_markup(doc))
        if helped is not None:
            return helped
    if name == "click":
        command = read_directive(name, rest, body, line, text_arguments=True)
        return render_click(command.argument, dict(command.options), line, ctx, doc,
                            rst_markup(doc), line_blocks=True)  # fmt: skip
    if name == RELEASE_NOTES:
        notes = read_directive(name, rest, body, line, text_arguments=False)
        return render_release_notes(dict(notes.options), line, ctx, doc, render)
    if name in CHANGELOG_DIRECTIVES:
        entry = read_directive(name, rest, body, line, text_arguments=False)
        return render_changelog(name, " ".join(entry.arguments), dict(entry.options),
                                list(entry.content), entry.line, entry.content_first, ctx, doc,
                                render)  # fmt: skip
    return _render_other(
        read_directive(name, rest, body, line, text_arguments=True), ctx, doc, render, following
    )


def _preformatted(raw: Directive) -> list[Event]:
    """The ``<pre>`` elements of a raw HTML block as code blocks of their text."""
    markup = "\n".join(raw.content)
    blocks: list[Event] = []
    position = 0
    # Each search goes on from where the last ended, so unclosed elements cost one pass.
    while (opened := _PRE_OPEN.search(markup, position)) is not None:
        closed = _PRE_CLOSE.search(markup, opened.end())
        if closed is None:
            break
        text = html.unescape(_TAG.sub("", markup[opened.end() : closed.start()]))
        if text.strip():
            blocks.append(Text(fence(text.replace("\xa0", " ").split("\n"))))
        position = closed.end()
    return blocks


def _plot_code(plot: Directive) -> list[Event]:
    """matplotlib's plot directive: the code written in it, as Python, unless its
    ``:include-source:`` says false. The figure it draws has no text, and the code is what
    says what is drawn (with conf.py's plot_include_source unread, the option decides)."""
    shown = plot.option("include-source").strip().lower() not in FALSE_FLAGS
    if not shown or not any(text.strip() for text in plot.content):
        return []
    first = next(text for text in plot.content if text.strip())
    return [Text(fence(plot.content, "pycon" if first.lstrip().startswith(">>>") else "python"))]


def _set_state(
    base: str, directive: Directive, ctx: Context, doc: DocState, render: RenderBlocks
) -> list[Event]:
    """Directives that change how later text reads: the current module, the code language."""
    if base == "highlight":
        doc.highlight = _language(directive.argument)
        return []
    module = directive.argument
    doc.module = "" if module == "None" else module
    if base != "automodule":
        return []
    # Sphinx parses an automodule's content with titles allowed (tornado's pages group their
    # autoclass directives under titles written there); at the page's top level they are the
    # page's titles, as the module docstring's are. Only once: an automodule in that content
    # is read one level down, as any nested block is, or nesting them would recurse unbounded.
    at_top = ctx.depth == 0 and not ctx.module_content
    inner = replace(ctx, module_content=True) if at_top else ctx.nested()
    content = render(list(directive.content), directive.content_first, inner, doc)
    shown = member_options(directive.options, doc)
    found = find_object(base, doc.module, directive.line, doc, shown)
    if found is None:
        return content
    # Sphinx gives a module no heading of its own: its docstring and members join the page.
    events = [*object_events(found, "", doc.module, shown, directive.line, ctx, doc), *content]
    members = members_events(found, shown, directive.line, ctx, doc)
    # Text after the automodule follows its members on Sphinx's page, in the section around
    # them: the first member opens a description the end after the last one closes.
    for k, event in enumerate(members):
        if isinstance(event, Heading):
            members[k] = replace(event, member=False)
            break
    else:
        return [*events, *members]
    return [
        *events,
        *members,
        description_end(directive.content, directive.content_first, directive.line),
    ]


def _language(name: str) -> str:
    word = (name.split() or [""])[0]
    return "" if word in ("none", "default", "text", "guess") else word


def _content(
    directive: Directive, ctx: Context, doc: DocState, render: RenderBlocks
) -> list[Event]:
    return render(list(directive.content), directive.content_first, ctx.nested(sections=False), doc)


def _render_note(
    name: str, rest: str, note: Directive, ctx: Context, doc: DocState, render: RenderBlocks
) -> Text:
    if name in VERSION_NOTES:
        version, _, text = rest.partition(" ")
        label = f"{VERSION_NOTES[name]} {version}".strip()
        # Sphinx reads the lines under the version up to a blank line as its text argument,
        # one paragraph: mako's ".. versionadded:: 1.0.2 - added the ``STOP_RENDERING``
        # symbol which serves" went on as a list item cut off by its next line.
        note = read_directive(name, "", list(note.content), note.content_first - 1,
                              text_arguments=True)  # fmt: skip
        text = " ".join(part.strip() for part in (text, *note.arguments) if part.strip())
        nested = ctx.nested(sections=False)
        events = render([text], note.line, nested, doc) if text else []
        events += render(list(note.content), note.content_first, nested, doc)
        body = join_events(events)
        return _labelled(label, body) if body else Text(f"{label}.")
    label, text = ADMONITIONS[name], rest
    lines = [text.strip(), *note.content] if text.strip() else list(note.content)
    first = note.content_first - 1 if text.strip() else note.content_first
    return _labelled(label, join_events(render(lines, first, ctx.nested(sections=False), doc)))


def _labelled(label: str, body: str) -> Text:
    return Text(labelled(label, body))


def _render_literal(name: str, block: Directive) -> Text:
    if name == "parsed-literal":
        # Its inline markup shows as text inside the block: no backticks or stars.
        return Text(fence((render_inline(line, heading=True) for line in block.content), ""))
    language = LITERAL_DIRECTIVES[name]
    if name == "math" and block.arguments:
        # ".. math:: y_t = \mu": the formula may start on the directive's line and go on
        # to a blank line, as Sphinx reads it; it was dropped, and the block left empty.
        gap = [""] if block.content else []
        return Text(fence([*block.arguments, *gap, *block.content], language))
    return Text(fence(block.content, language))


def _render_other(
    directive: Directive, ctx: Context, doc: DocState, render: RenderBlocks, following: str
) -> list[Event]:
    name = directive.name.removeprefix("py:")
    argument = directive.argument
    if name == "only" and not shown_in_html(argument):
        return []
    if name == "only" and ctx.depth == 0 and ctx.sections and not ctx.only_content:
        return _only_content(directive, ctx, doc, render)
    if name in ("image", "figure"):
        alt = directive.option("alt")
        if name == "image":
            badge = is_badge(argument, linked=bool(directive.option("target")))
            return [Text(render_inline(alt))] if alt and not badge else []
        return _content(directive, ctx, doc, render)
    if name in ("rubric", "centered"):
        return [Text(render_inline(argument))] if argument else []
    if name == DOCUMENTATION_SUMMARY:
        return [Text(render_inline(line))] if (line := summary_text()) else []
    if name in INSTALLATION_DIRECTIVES and (
        shown := installation_text(name, argument, dict(directive.options), directive.content)
    ):
        return [Text(shown)]
    if name in TABLE_DIRECTIVES:
        return render_table(name, directive, ctx, doc, render)
    # sphinx-autoapi's and sphinx-autodoc2's summaries have the same content.
    if name in ("autosummary", "autoapisummary", "autodoc2-summary"):
        # A line's first word is the name; autodoc2 takes the rest as the title to show.
        names = [line.split()[0].lstrip("~") for line in directive.content if line.strip()]
        names = [item for item in names if not item.startswith(":")]  # its options
        summary = Text("\n".join(summary_line(item, doc) for item in names), is_list=True)
        if not any(key == "toctree" for key, _ in directive.options):
            return [summary]
        template = directive.option("template") or ""
        recursive = any(key == "recursive" for key, _ in directive.options)
        generated = render_autosummary_pages(
            names, directive.line, ctx, doc, render, template, recursive
        )
        return [summary, *generated]
    if name == AUTODOC2_DOCSTRING:
        first_line = any(key == "summary" for key, _ in directive.options)
        return autodoc2_docstring(directive.argument, first_line, directive.line, ctx, doc)
    if name == "glossary":
        if not directive.content:
            return []
        sort = any(key == "sorted" for key, _ in directive.options)
        return render_glossary(
            directive.content, directive.content_first, ctx, doc, render, sort=sort
        )
    if name == "admonition":
        label = render_inline(argument) or "Note"
        return [_labelled(label, join_events(_content(directive, ctx, doc, render)))]
    if name in NUMBERED_BLOCKS:  # an exercise, its solution, a theorem: told apart by kind
        label = block_label(name, render_inline(argument))
        shown = join_events(_content(directive, ctx, doc, render))
        # The gated form's opening directive holds nothing: the text follows it.
        return [_labelled(label, shown) if shown else Text(label)]
    if name in TITLED:
        title = [Text(render_inline(argument))] if argument else []
        content = list(directive.content)
        if name in CARDS:  # the header, body and footer are paragraphs of their own
            content = ["" if _CARD_PART_BREAK.fullmatch(line) else line for line in content]
        return [*title, *render(content, directive.content_first, ctx.nested(), doc)]
    if ":" in directive.name or name in DESCRIPTIONS:
        # A description of another domain's object (c:function, std:option...): its
        # signature stays as code, like a Python API description's.
        domain, _, kind = directive.name.partition(":")
        if domain == "c" and kind in C_KINDS:
            return render_c_description(kind, directive.arguments, directive.content,
                                        directive.line, directive.content_first, ctx, doc,
                                        render)  # fmt: skip
        # sphinxcontrib-httpdomain's '.. http:get:: /users/(id)': Sphinx shows the method
        # before the path, and without it the path alone says not which request it answers.
        method = f"{kind.upper()} " if domain == "http" and kind in HTTP_METHODS else ""
        signature = [Text(f"`{method}{line}`") for line in directive.arguments if line]
        return [*signature, *_content(directive, ctx, doc, render)]
    if directive.body_arguments:
        # Text under the directive's line with no blank line between: docutils reads it as
        # the argument, and a project's note directive takes that argument as its text
        # (SQLAlchemy's '.. legacy:: The ORM :class:`.Query` object is a legacy construct',
        # running on for lines); it stayed raw, or was lost when content followed it.
        text = Text(render_inline(directive.argument))
        return [text, *render(list(directive.content), directive.content_first, ctx.nested(), doc)]
    if _is_shell_session(directive.content):
        return [Text(fence(directive.content, "console"))]
    if is_python_source(directive.content):
        return [Text(fence(directive.content, "python"))]
    # A caption is text Sphinx shows under what the directive draws (python-statemachine's
    # '{statemachine-diagram} ... :caption: After payment', sphinxcontrib-mermaid's).
    caption = [Text(render_inline(given))] if (given := directive.option("caption")) else []
    if not any(line.strip() for line in directive.content):
        return [*argument_only(directive.name, directive.argument, following), *caption]
    held = render(list(directive.content), directive.content_first, ctx.nested(), doc)
    named = named_object(directive.name, directive.argument, directive.option("default"))
    return [*named, *held, *caption]


def _only_content(
    directive: Directive, ctx: Context, doc: DocState, render: RenderBlocks
) -> list[Event]:
    """A shown ``only`` block at the page's top level: Sphinx parses its content with titles
    allowed, so they are the page's section titles (pytest's changelog heads its draft entries
    so); each is marked as this block's, for its level is counted as Sphinx counts it, and so
    is the block's text and API descriptions, for what follows the block is the page's
    section's again."""
    doc.only_blocks += 1
    block = doc.only_blocks
    inner = replace(ctx, only_content=True)
    events = render(list(directive.content), directive.content_first, inner, doc)
    return [
        replace(event, only_block=block) if isinstance(event, Heading | Text) else event
        for event in events
    ]


def _is_shell_session(content: tuple[str, ...]) -> bool:
    """Content that opens with a shell prompt: a project's own console directive (pip's
    ``{pip-cli}``), whose commands and output read as prose run together into one line."""
    first = next((line for line in content if line.strip()), "")
    return first.startswith("$ ")
