"""sphinxcontrib-programoutput's ``.. program-output::`` (and ``.. command-output::``) of the
project's own command asked for its help: ``pip-compile --help``, read from the command's code.

Sphinx runs the command and shows what it prints; nothing is run here. When the command is a
script the project declares (builder.parsers.rst.console_scripts) and the words end in
``--help`` or ``-h``, the click command or argparse parser its entry point names is read as
``.. click::`` and ``.. argparse::`` read them: its help, usage, options and arguments, and
its subcommands listed; the words between the script and the flag name a subcommand.
``python -m package.module --help`` reads the function a script names in that module (or its
``__main__``), else the module's ``main``. Any other command stays as written (its output is
the run's). pip-tools' reference pages for pip-compile and pip-sync are such directives.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import replace

from builder.api.render import RenderMarkup
from builder.parsers.rst.click import command_events
from builder.parsers.rst.console_scripts import console_scripts
from builder.parsers.rst.events import Context, DocState, Event

DIRECTIVES = frozenset({"program-output", "command-output"})
_HELP_FLAGS = ("--help", "-h")
# The interpreter of a "python -m package.module --help" command: python, python3, python3.12.
_PYTHON = re.compile(r"python(\d+(\.\d+)?)?")


def render_program_output(
    argument: str, line: int, ctx: Context, doc: DocState, render_markup: RenderMarkup
) -> list[Event] | None:
    """The help of the project's command that ``argument`` asks for, as text under the
    current heading; None when it is not such a command (the caller shows it as written)."""
    try:
        words = shlex.split(argument)
    except ValueError:
        return None
    if len(words) < 2 or words[-1] not in _HELP_FLAGS or doc.includes is None:
        return None
    scripts = console_scripts(doc.includes)
    command_words = _module_command_words(words)
    target = scripts.get(words[0]) if command_words == 1 else _module_target(words[2], scripts)
    if target is None:
        return None
    api = doc.code_for("program-output", line)
    if api is None:
        return None
    path = target.replace(":", ".")
    command = api.command(path) or api.parser(path)
    for name in words[command_words:-1]:
        command = (
            next((c for c in command.subcommands if c.name == name), None) if command else None
        )
    if command is None:
        return None
    doc.api_objects += 1
    prog = " ".join(words[:-1])
    return command_events(command, prog, "short", set(), line, replace(ctx, sections=False),
                          render_markup)  # fmt: skip


def _module_command_words(words: list[str]) -> int:
    """How many of ``words`` name the command: 3 for ``python -m package.module``, else 1."""
    interpreter = _PYTHON.fullmatch(words[0].rpartition("/")[2])
    return 3 if interpreter and len(words) > 3 and words[1] == "-m" else 1


def _module_target(module: str, scripts: dict[str, str]) -> str:
    """The ``module:function`` that ``python -m module`` runs: the one a script of the project
    names in ``module`` (or its ``__main__``), else the module's ``main``."""
    for target in scripts.values():
        if target.partition(":")[0].strip() in (module, module + ".__main__"):
            return target
    return module + ":main"
