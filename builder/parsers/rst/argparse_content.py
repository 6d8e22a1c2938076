"""The content of sphinx-argparse's ``.. argparse::`` directive, applied to the parser read.

Text that is not a definition list goes under the parser's description. Each definition
(``name : @classifier`` and the text indented under it) amends the option (``--upgrade``, or
all its names: ``-v, --verbose``), positional argument or subcommand of that name: its text
goes after the help (``@after``, the default), before it (``@before``), or replaces it
(``@replace``); ``@skip`` drops a subcommand's description. A subcommand's definition may
hold definitions of its own options, as sphinx-argparse's nested content does. pygcam's
'.. argparse::' writes each subcommand's description so (``addexp : @replace``). When the
parser cannot be read, the content still reads as written, its terms without classifiers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from builder.api.cli_commands import CliCommand, CliParam
from builder.api.render import RenderMarkup
from builder.parsers.rst.events import dedent

# The classifiers sphinx-argparse reads after a definition's term ("name : @replace").
_CLASSIFIERS = frozenset({"@before", "@after", "@replace", "@skip"})


@dataclass(frozen=True)
class _Definition:
    how: str  # "@before", "@after", "@replace" or "@skip"
    lines: tuple[str, ...]  # the text under the term, dedented


def apply_content(command: CliCommand, content: Sequence[str], render: RenderMarkup) -> CliCommand:
    """``command`` with the directive's ``content`` applied, its text read by ``render``."""
    prose, definitions = _split(dedent(list(content)))
    text = render("\n".join(prose)) if any(line.strip() for line in prose) else ""
    command = _amended(command, definitions, render)
    if text:
        command = replace(command, help="\n\n".join(p for p in (command.help, text) if p))
    return command


def content_as_written(content: Sequence[str]) -> list[str]:
    """The content's lines with the classifiers of its terms left out (``addexp : @replace``
    reads ``addexp``), for a parser that cannot be read."""
    return [_classified(line)[0] for line in content]


def _classified(term: str) -> tuple[str, str]:
    """A term's name and its classifier ("" when it has none): "addexp : @replace" is
    ("addexp", "@replace"). Read from the last colon, not by a regex, which tried each split
    of a line's blanks and took seconds over a long run of them."""
    head, colon, tail = term.rpartition(":")
    how = tail.strip()
    if colon and how in _CLASSIFIERS and head.strip() and head[-1].isspace() and tail[0].isspace():
        return head.rstrip(), how
    return term, ""


def _split(lines: list[str]) -> tuple[list[str], dict[str, _Definition]]:
    """The lines that are not definition list items, and each item by its term's name."""
    prose: list[str] = []
    definitions: dict[str, _Definition] = {}
    i = 0
    while i < len(lines):
        line = lines[i]
        follows = lines[i + 1] if i + 1 < len(lines) else ""
        if line.strip() and not line[0].isspace() and follows.strip() and follows[0].isspace():
            end = i + 1
            while end < len(lines) and (not lines[end].strip() or lines[end][0].isspace()):
                end += 1
            name, how = _classified(line.strip())
            body = tuple(dedent(lines[i + 1 : end]))
            definitions[name] = _Definition(how or "@after", body)
            i = end
            continue
        prose.append(line)
        i += 1
    return prose, definitions


def _amended(
    command: CliCommand, definitions: dict[str, _Definition], render: RenderMarkup
) -> CliCommand:
    """``command`` with its options, arguments and subcommands amended by ``definitions``."""
    params = tuple(_amended_param(param, definitions, render) for param in command.params)
    subcommands = []
    for sub in command.subcommands:
        definition = definitions.get(sub.name)
        if definition is not None:
            prose, nested = _split(list(definition.lines))
            sub = _amended(sub, nested, render)
            text = render("\n".join(prose)) if any(line.strip() for line in prose) else ""
            sub = replace(sub, help=_joined(sub.help, text, definition.how))
        subcommands.append(sub)
    return replace(command, params=params, subcommands=tuple(subcommands))


def _amended_param(
    param: CliParam, definitions: dict[str, _Definition], render: RenderMarkup
) -> CliParam:
    names = (", ".join(param.declarations), *param.declarations)
    definition = next((definitions[name] for name in names if name in definitions), None)
    if definition is None:
        return param
    text = render("\n".join(definition.lines))
    return replace(param, help=_joined(param.help, text, definition.how))


def _joined(help_text: str, text: str, how: str) -> str:
    """A help text with ``text`` put where the classifier ``how`` says."""
    if how == "@skip":
        return ""
    if how == "@replace":
        return text
    parts = (text, help_text) if how == "@before" else (help_text, text)
    return "\n\n".join(part for part in parts if part)
