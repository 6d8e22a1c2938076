"""An argparse parser's help texts read as the reST its Sphinx directive parses them as.

sphinx-argparse (``.. argparse::``) and sphinxcontrib-autoprogram parse the description and
each option's help as reST; sphinx-argparse-cli parses an option's help so, after quoting
``'x'``, ``"x"`` and ``{x}`` as literals, adds no default of its own to a help that names
one, and shows a description as plain text. pypa/build 1.6.1 writes "Cannot be used together
with ``--metadata``": the page shows code, not the doubled backticks."""

from __future__ import annotations

import re
from dataclasses import replace

from builder.api.cli_commands import CliCommand, CliParam
from builder.api.render import RenderMarkup

# The directive whose descriptions are plain text and whose option help is quoted first.
_ARGPARSE_CLI = "sphinx_argparse_cli"

# What may stand before and after an inline literal for reST to read it as one.
_BEFORE = r"(?<![^\s'\"(\[{<\-/:])"
_AFTER = r"(?![^\s'\")\]}>\-/:.,;!?\\])"

# sphinx-argparse-cli's substitutions of a help text before it is parsed, in its order; only
# where reST then reads a literal: inside a word ("don't ... isn't", or an f-string's
# "{srcdir}{os.sep}dist" as written) its doubled backticks would show as such. Each is
# (the pattern, the same tried only where a run of quotes begins or at its second quote, the
# literal): a match tried further into a run goes on as one tried at its second quote, and
# trying every position of a run to its end took 7 s for a help of 20,000 quotes.
_CLI_LITERALS = tuple(
    (
        re.compile(_BEFORE + pattern + _AFTER),
        re.compile(guard + _BEFORE + pattern + _AFTER),
        literal,
    )
    for guard, pattern, literal in (
        ("(?<!'')", r"[']+([^']+?)[']+", "``'\\1'``"),
        ('(?<!"")', r'["]+([^"]+?)["]+', '``"\\1"``'),
        ("", r"[{]([^{}]+?)[}]", "``{\\1}``"),
    )
)


# A help sphinx-argparse-cli takes to name its default already: it then shows none of its own
# (build 1.6.1's "installer to use (defaults to pip)" read "... (default: pip)" after it).
# Matched as it matches, on the help's first line.
_NAMES_DEFAULT = re.compile(r".*[ (]default[s]? .*")


def help_as_markup(command: CliCommand, directive: str, render: RenderMarkup) -> CliCommand:
    """``command`` and its subcommands with their help texts read by ``render`` as the
    ``directive`` reads them."""
    cli = directive == _ARGPARSE_CLI
    params = tuple(_param_read(param, cli, render) for param in command.params)
    subcommands = tuple(help_as_markup(sub, directive, render) for sub in command.subcommands)
    text = command.help if cli or not command.help.strip() else render(command.help)
    return replace(command, help=text, params=params, subcommands=subcommands)


def _param_read(param: CliParam, cli: bool, render: RenderMarkup) -> CliParam:
    if not param.help.strip():
        return param
    text, default = param.help, param.default
    if cli:
        default = "" if _NAMES_DEFAULT.match(text) else default
        for pattern, guarded, literal in _CLI_LITERALS:
            text = _substituted(text, pattern, guarded, literal)
    return replace(param, help=render(text), default=default)


def _substituted(
    text: str, pattern: re.Pattern[str], guarded: re.Pattern[str], literal: str
) -> str:
    """``pattern.sub(literal, text)``, ``guarded`` searching past where the last match ended
    (where a match may begin inside a run of quotes it split)."""
    parts: list[str] = []
    position = 0
    while found := pattern.match(text, position) or guarded.search(text, position):
        parts += [text[position : found.start()], found.expand(literal)]
        position = found.end()
    return "".join([*parts, text[position:]])
