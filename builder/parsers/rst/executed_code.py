"""Directives whose code Sphinx runs while it builds, shown as the built page shows the code.

jupyter-sphinx's ``.. jupyter-execute::`` (xarray's user guide holds 778) and IPython's
``.. ipython::`` (statsmodels', pandas') are read, never run: their code is the text a reader
has. Read as paragraphs, a block that was not Python enough (``da[0, 0]``, a ``%magic`` line)
ran into prose. What the page hides is left out: a ``:hide-code:`` cell, an ipython block
marked ``:suppress:`` and the statement under an ``@suppress`` pseudo-decorator; the other
pseudo-decorators (``@savefig plot.png``, ``@verbatim``, ``@doctest``...) steer the run and
are dropped, their statement kept.
"""

from __future__ import annotations

import re

from builder.parsers.rst.events import fence

# jupyter-sphinx's cells: the code it runs, the code it only shows, the output it only shows.
JUPYTER_DIRECTIVES = {"jupyter-execute": "python", "jupyter-input": "python", "jupyter-output": ""}
IPYTHON_DIRECTIVE = "ipython"
_PSEUDO_DECORATOR = re.compile(r"\s*@(suppress|verbatim|savefig|doctest|okexcept|okwarning)\b")
# An IPython session's input prompt ("In [3]: x = 1"), as the directive's own form writes it.
_INPUT_PROMPT = re.compile(r"\s*In \[\d*\]:")
_OPENERS, _CLOSERS = "([{", ")]}"


def jupyter_code(name: str, options: dict[str, str], content: tuple[str, ...]) -> str:
    """A jupyter-sphinx cell's code (or shown output) as a fenced block; "" when hidden."""
    if name == "jupyter-execute" and "hide-code" in options:
        return ""
    if not any(line.strip() for line in content):
        return ""
    return fence(content, JUPYTER_DIRECTIVES[name])


def ipython_code(argument: str, options: dict[str, str], content: tuple[str, ...]) -> str:
    """An ipython block's shown code without its pseudo-decorators; "" when it is hidden.

    ``.. ipython:: python`` holds plain Python, a statement per input; without the argument it
    holds a session with ``In [n]:`` prompts, where an input runs to the next prompt.
    """
    if "suppress" in options:
        return ""
    session = argument.strip().lower() != "python"
    shown: list[str] = []
    k, n = 0, len(content)
    while k < n:
        decorator = _PSEUDO_DECORATOR.match(content[k])
        if decorator is None:
            shown.append(content[k])
            k += 1
            continue
        k += 1
        if decorator.group(1) == "suppress":
            k = _session_input_end(content, k) if session else _statement_end(content, k)
    code = fence(shown, "ipython" if session else "python")
    return "" if code.count("\n") < 2 else code


def _statement_end(lines: tuple[str, ...], start: int) -> int:
    """Where the Python statement starting at ``lines[start]`` ends: after its indented lines,
    its open brackets and its backslash continuations."""
    k, n = start, len(lines)
    while k < n and not lines[k].strip():
        k += 1
    depth = 0
    while k < n:
        line = lines[k]
        depth = max(0, depth + _bracket_balance(line))
        k += 1
        if depth or line.rstrip().endswith("\\"):
            continue
        if k < n and lines[k][:1].isspace() and lines[k].strip():
            continue
        break
    return k


def _session_input_end(lines: tuple[str, ...], start: int) -> int:
    """Where the session input starting at ``lines[start]`` ends: at the next prompt or
    pseudo-decorator (its continuation lines and its output go with it)."""
    k = start + 1
    while k < len(lines) and not (
        _INPUT_PROMPT.match(lines[k]) or _PSEUDO_DECORATOR.match(lines[k])
    ):
        k += 1
    return k


def _bracket_balance(line: str) -> int:
    """Brackets a line opens minus those it closes, outside its strings and comment."""
    balance = 0
    quote = ""
    for char in line:
        if quote:
            if char == quote:
                quote = ""
        elif char in "'\"":
            quote = char
        elif char == "#":
            break
        elif char in _OPENERS:
            balance += 1
        elif char in _CLOSERS:
            balance -= 1
    return balance
