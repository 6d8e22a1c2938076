"""sphinx-argparse's ``.. argparse::`` from the version's code: the parser a function builds
(``:module:`` and ``:func:``, or ``:ref: module.function``), its description, usage, options
and positional arguments, and each subcommand a section (``:path:`` starts at one of them,
``:nosubcommands:`` leaves them out, ``:nodescription:`` the description, ``:nodefault:``
every default, ``:nodefaultconst:`` those of valueless options), amended by the directive's
content (builder.parsers.rst.argparse_content). One that names no parser reads the project's
one console script's (a project's own directive of that name).

sphinx-argparse-cli's ``.. sphinx_argparse_cli::`` (the same ``:module:``, ``:func:`` and
``:prog:``; pypa/build and tox document their command lines so) and sphinxcontrib-autoprogram's
``.. autoprogram:: module:parser`` name a parser the same way and are read as it is.

The help texts are reST, as each of the three parses them into the page (argparse_help)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import PurePosixPath

from builder.api.argparse_parsers import filled_help, parser_in_script
from builder.api.cli_commands import CliCommand
from builder.parsers.rst.argparse_content import apply_content
from builder.parsers.rst.argparse_help import help_as_markup
from builder.parsers.rst.autodoc import rst_markup
from builder.parsers.rst.click import command_events
from builder.parsers.rst.console_scripts import console_scripts
from builder.parsers.rst.events import Context, DocState, Event
from builder.parsers.rst.includes import included_text

# The directives that document an argparse parser, each read as sphinx-argparse's.
ARGPARSE_DIRECTIVES = frozenset({"argparse", "sphinx_argparse_cli", "autoprogram"})


def argparse_options(name: str, argument: str, options: dict[str, str]) -> dict[str, str]:
    """A ``name`` directive's options as sphinx-argparse's: autoprogram's argument
    (``module:parser`` or ``module:build_parser()``) is a ``:ref:``, its ``:start_command:``
    a ``:path:``."""
    if name != "autoprogram":
        return options
    module, _, expression = argument.strip().partition(":")
    read = dict(options, ref=f"{module}.{expression.strip().removesuffix('()')}")
    if "start_command" in options:
        read["path"] = options["start_command"]
    return read


def render_argparse(
    name: str,
    options: dict[str, str],
    content: Sequence[str],
    line: int,
    ctx: Context,
    doc: DocState,
) -> list[Event]:
    """The events of one ``name`` directive (one of ARGPARSE_DIRECTIVES) and its ``content``;
    a parser the code lacks is a warning."""
    module, function = options.get("module", "").strip(), options.get("func", "").strip()
    path = options.get("ref", "").strip() or (f"{module}.{function}" if module and function else "")
    script = options.get("filename", "").strip()
    if not (path or module or function or script):
        path = _project_command(doc)
    if script and function and not path:
        path = f"{script}:{function}"
        command = _script_parser(script, function, line, doc)
    else:
        api = doc.code_for("argparse", line)
        if api is None:
            return []
        command = api.parser(path) if path else None
        if command is None:
            doc.warn(line, f"argparse {path}: no argparse parser in the code in {api.described}")
    if command is None:
        return []
    doc.api_objects += 1
    prog = options.get("prog", "").strip() or command.name
    for name in options.get("path", "").split():
        found = next((c for c in command.subcommands if c.name == name), None)
        if found is None:
            doc.warn(line, f"argparse {path}: no subcommand {name!r} in the code")
            return []
        command, prog = found, f"{prog} {name}"
    if "nodescription" in options:
        command = replace(command, help="")
    command = filled_help(command, prog)  # a help's %(default)s is filled in all the same
    if "nodefault" in options or "nodefaultconst" in options:
        command = _without_defaults(command, flags_only="nodefault" not in options)
    command = help_as_markup(command, name, rst_markup(doc))
    command = apply_content(command, content, rst_markup(doc))
    nested = "none" if "nosubcommands" in options else "full"
    return command_events(command, prog, nested, set(), line, ctx, _as_written)


def _project_command(doc: DocState) -> str:
    """The ``module.function`` of the project's one console script: what an ``argparse``
    directive naming no parser documents. sphinx-argparse requires a parser; a project's own
    directive of that name defaults to its command (Streamlink 8.6's reads its CLI, and its
    cli.rst names none). "" when the project declares no script or several."""
    scripts = console_scripts(doc.includes) if doc.includes is not None else {}
    if len(scripts) != 1:
        return ""
    return next(iter(scripts.values())).replace(":", ".").strip()


def _without_defaults(command: CliCommand, flags_only: bool) -> CliCommand:
    """``command`` and its subcommands with no default shown, or (``flags_only``) none of an
    option that takes no value: mriqc 24.0.2 asks so, and each of its switches read
    "(default: False)", some "(default: config.workflow.min_len_dwi)", code as written.
    sphinx-argparse's ``:nodefaultconst:`` hides those of store_const, store_true and
    store_false; a count's and an append_const's go too, for a CliParam keeps no action."""
    params = tuple(
        replace(param, default="") if param.flag or not flags_only else param
        for param in command.params
    )
    subcommands = tuple(_without_defaults(sub, flags_only) for sub in command.subcommands)
    return replace(command, params=params, subcommands=subcommands)


def _script_parser(script: str, function: str, line: int, doc: DocState) -> CliCommand | None:
    """The parser ``function`` builds in the script sphinx-argparse's ``:filename:`` names,
    relative to the docs folder (where sphinx-build runs, as the option reads it); None, with
    a warning, when the script is unreadable or builds none."""
    code = included_text("/" + script.lstrip("/"), line, doc)
    if code is None:
        return None
    command = parser_in_script(code, PurePosixPath(script).stem, function)
    if command is None:
        doc.warn(line, f"argparse {script}:{function}: no argparse parser in that script")
    return command


def _as_written(text: str) -> str:
    """A help text already read as markup (help_as_markup, apply_content)."""
    return text
