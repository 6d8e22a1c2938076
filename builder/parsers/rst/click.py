"""sphinx-click's ``.. click:: module:command`` from the version's code: the command's help,
usage, options and arguments, and its subcommands (``:nested: full`` a section each, ``short``
(the default) a list of their names and first lines, ``none`` nothing). The help texts are
markup of the page's language, as sphinx-click (reST) and mkdocs-click (Markdown) insert them
into the page."""

from __future__ import annotations

from dataclasses import replace

from builder.api.cli_commands import CliCommand, CliParam
from builder.api.render import RenderMarkup
from builder.parsers.rst.events import Context, DocState, Event, Heading, Resume, Text


def render_click(
    argument: str,
    options: dict[str, str],
    line: int,
    ctx: Context,
    doc: DocState,
    render_markup: RenderMarkup,
    *,
    line_blocks: bool = False,
) -> list[Event]:
    """The events of one ``.. click::`` directive, its help texts read by ``render_markup``
    (each ``\\b`` paragraph a reST line block with ``line_blocks``, as sphinx-click makes it);
    a command the code lacks is a warning."""
    path = argument.strip().replace(":", ".")
    api = doc.code_for("click", line)
    if api is None:
        return []
    command = api.command(path) if path else None
    if command is None:
        doc.warn(line, f"click {argument.strip()}: no click command in the code in {api.described}")
        return []
    doc.api_objects += 1
    if "remove-ascii-art" in options:
        command = _without_ascii_art(command)
    prog = options.get("prog", "").strip() or command.name
    nested = options.get("nested", "short").strip() or "short"
    chosen = {name.strip() for name in options.get("commands", "").split(",") if name.strip()}
    markup = _help_markup(render_markup, line_blocks)
    return command_events(command, prog, nested, chosen, line, ctx, markup)


def command_events(
    command: CliCommand,
    prog: str,
    nested: str,
    chosen: set[str],
    line: int,
    ctx: Context,
    render_markup: RenderMarkup,
) -> list[Event]:
    """A command's section (where sections are allowed): help, usage, options, arguments, and
    its subcommands as ``nested`` says ("full", "short" or "none"; ``chosen`` the ones
    shown, all when empty)."""
    events: list[Event] = []
    if ctx.sections:
        depth = ctx.api_depth + 1
        events.append(
            Heading(prog, line, line, line, anchor=prog.replace(" ", "-"), api_depth=depth)
        )
    blocks = [render_markup(command.help) if command.help.strip() else "", _usage(command, prog)]
    titled = {title for title, _ in command.argument_groups}
    loose = [p for p in command.params if p.group not in titled]
    options = [p for p in loose if p.kind == "option"]
    blocks.append(_params("Options", options, render_markup))
    arguments = [p for p in loose if p.kind == "argument"]
    blocks.append(_params("Arguments", arguments, render_markup))
    subcommands = [c for c in command.subcommands if not chosen or c.name in chosen]
    if nested == "short" and subcommands:
        summaries = (_summary(c, render_markup) for c in subcommands)
        blocks.append("Commands:\n" + "\n".join(summaries))
    events.extend(Text(block) for block in blocks if block)
    events.extend(_group_events(command, prog, line, ctx, render_markup))
    if nested == "full":
        inner = Context(depth=ctx.depth + 1, sections=ctx.sections, api_depth=ctx.api_depth + 1)
        for sub in subcommands:
            name = f"{prog} {sub.name}"
            events.extend(command_events(sub, name, nested, set(), line, inner, render_markup))
    if ctx.sections:
        events.append(Resume(last_line=line))
    return events


def _without_ascii_art(command: CliCommand) -> CliCommand:
    """The command with each ``\b`` paragraph of its help left out, as mkdocs-click's
    ``remove_ascii_art`` leaves out the logo a program prints above its help."""
    kept: list[str] = []
    skipping = False
    for line in command.help.split("\n"):
        if line.strip() == "\b":
            skipping = True
        elif skipping and not line.strip():
            skipping = False
        elif not skipping:
            kept.append(line)
    return replace(command, help="\n".join(kept).strip())


def _help_text(text: str) -> str:
    """click's help as text: a ``\\b`` line (keep the next paragraph's lines) is dropped."""
    return "\n".join(line for line in text.split("\n") if line.strip() != "\b").strip()


def _help_markup(render_markup: RenderMarkup, line_blocks: bool) -> RenderMarkup:
    """``render_markup`` of a help text, its ``\\b`` lines dropped, or with ``line_blocks`` the
    paragraph after each made a line block (a ``| `` before each line), as sphinx-click does so
    that reST keeps its lines apart."""

    def render(text: str) -> str:
        lines: list[str] = []
        keep = False
        for line in text.split("\n"):
            if line.strip() == "\b":
                keep = line_blocks
                continue
            keep = keep and bool(line.strip())
            lines.append(f"| {line}" if keep else line)
        return render_markup("\n".join(lines).strip())

    return render


def _usage(command: CliCommand, prog: str) -> str:
    words = [prog, "[OPTIONS]"]
    for param in command.params:
        if param.kind == "argument":
            name = _metavar(param).upper()
            words.append(name if param.required else f"[{name}]")
    if command.group:
        words.append("COMMAND [ARGS]...")
    return "Usage:\n```shell\n" + " ".join(words) + "\n```"


def _group_events(
    command: CliCommand, prog: str, line: int, ctx: Context, render_markup: RenderMarkup
) -> list[Event]:
    """Each titled argument group holding arguments, headed by its title below the command
    (a block titled so where no section may begin), its description over its arguments, as
    sphinx-argparse shows it."""
    events: list[Event] = []
    grouped: dict[str, list[CliParam]] = {}
    for param in command.params:
        grouped.setdefault(param.group, []).append(param)
    for title, description in command.argument_groups:
        params = grouped.get(title, [])
        if not title or not params:
            continue
        lines = "\n".join(_param_line(param, render_markup) for param in params)
        about = render_markup(description) if description.strip() else ""
        if ctx.sections:
            anchor = f"{prog}-{title}".replace(" ", "-").lower()
            depth = ctx.api_depth + 2
            events.append(Heading(title, line, line, line, anchor=anchor, api_depth=depth))
            events.extend(Text(block) for block in (about, lines) if block)
        else:
            events.append(Text(f"{title}:\n" + (f"{about}\n" if about else "") + lines))
    return events


def _params(title: str, params: list[CliParam], render_markup: RenderMarkup) -> str:
    if not params:
        return ""
    return f"{title}:\n" + "\n".join(_param_line(param, render_markup) for param in params)


def _inline(text: str, render_markup: RenderMarkup) -> str:
    """A help text read as markup, on one line, as a list item or table cell shows it."""
    return " ".join(render_markup(text).split()) if text.strip() else ""


def _param_line(param: CliParam, render_markup: RenderMarkup) -> str:
    if param.kind == "argument":
        label = _metavar(param).upper()
        # click's arguments have no help; argparse's positionals do.
        given = _inline(param.help, render_markup)
        text = given or ("Required argument" if param.required else "Optional argument")
    else:
        # A declaration without a dash is the parameter's name in the code, not an option.
        options = [
            d for decl in param.declarations if not decl.isidentifier() for d in decl.split("/")
        ]
        names = ", ".join(d.strip() for d in options if d.strip())
        label = names if param.flag else f"{names} <{_metavar(param)}>"
        text = _inline(param.help, render_markup)
    notes = [
        *(["required"] if param.required and param.kind == "option" else []),
        *([f"default: {param.default}"] if param.default else []),
        *(["can be given more than once"] if param.multiple else []),
        *([f"one of: {' | '.join(param.choices)}"] if param.choices else []),
        *([f"environment variable: {param.envvar}"] if param.envvar else []),
    ]
    text = " ".join(part for part in (text, f"({'; '.join(notes)})" if notes else "") if part)
    return f"- `{label}`: {text}" if text else f"- `{label}`"


# The brackets a metavar may be written in, and their closers.
_BRACKETS = {"<": ">", "[": "]", "{": "}", "(": ")"}


def _metavar(param: CliParam) -> str:
    """The parameter's name as click derives it: its ``metavar`` without the brackets around
    it (sphinx-click shows ``metavar="[FOO]"`` as ``<FOO>``), else an identifier among the
    declarations, else the longest option name without its dashes."""
    metavar = param.metavar
    if len(metavar) > 2 and _BRACKETS.get(metavar[0]) == metavar[-1]:
        metavar = metavar[1:-1]
    if metavar.strip():
        return metavar
    names = [d for d in param.declarations if d.isidentifier()]
    if names:
        return names[0]
    longest = max((d.split("/")[0] for d in param.declarations), key=len)
    return longest.lstrip("-").replace("-", "_")


def _summary(command: CliCommand, render_markup: RenderMarkup) -> str:
    first = _inline(_help_text(command.help).split("\n\n")[0], render_markup)
    return f"- `{command.name}`: {first}" if first else f"- `{command.name}`"
