"""Expand the loops of a page that a conf.py renders as a Jinja template before Sphinx reads it.

A conf.py may connect a ``source-read`` handler that renders each page with Jinja
(``source[0] = app.builder.templates.render_string(source[0], rst_context)``), its context
naming the project's package (builder.projects.sphinx_page_templates). PyTorch Geometric writes
each autosummary's entries so::

    .. autosummary::
       :toctree: ../generated

       {% for name in torch_geometric.nn.conv.classes %}
         {{ name }}
       {% endfor %}

Read as written, the loop's tags were the entries and the package's classes were left out.
Here a ``for`` loop over a dotted name of a context module, perhaps sliced with literal bounds
(``classes[1:]``), whose body holds no other tag and writes only its variable, is expanded as
Jinja would (its ``-`` whitespace control included), the list read from the code without
running it (builder.api.static_lists). Any other tag, and a loop whose list is not read, stays
as written. The expanded page keeps, for each of its lines, the source line it came from.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from builder.api.model import ApiSource

# The most the expanded loops of one page may add, in characters.
MAX_EXPANDED_CHARS = 4 * 1024 * 1024

_CONTEXT: ContextVar[tuple[tuple[str, str], ...]] = ContextVar("page_templates", default=())
_LOOP = re.compile(
    r"\{%(?P<strip_before>-?)\s*for\s+(?P<var>[A-Za-z_]\w*)\s+in\s+"
    r"(?P<expr>[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)"
    r"(?:\[\s*(?P<lower>-?\d+)?\s*:\s*(?P<upper>-?\d+)?\s*\])?"
    r"\s*(?P<strip_open>-?)%\}"
    r"(?P<body>(?:(?!\{%).)*?)"
    r"\{%(?P<strip_body>-?)\s*endfor\s*(?P<strip_after>-?)%\}",
    re.DOTALL,
)
_OUTPUT = re.compile(r"\{\{(-?)\s*(.*?)\s*(-?)\}\}", re.DOTALL)


@contextmanager
def page_templates(context: tuple[tuple[str, str], ...] | None) -> Iterator[None]:
    """Expand the loops of the pages read within, their Jinja context ``context`` (each
    variable and the dotted module it names); None: the project renders no page so."""
    token = _CONTEXT.set(context or ())
    try:
        yield
    finally:
        _CONTEXT.reset(token)


def expand_loops(text: str, api: ApiSource | None) -> tuple[str, list[int]] | None:
    """``text`` with the loops it can read expanded, and the source line of each of its
    lines; None when the page is read as written (no loop read, or too much made)."""
    context = dict(_CONTEXT.get())
    if not context or api is None or "{%" not in text:
        return None
    # (text, the source line it starts on, whether all its lines are that one) in page order
    chunks: list[tuple[str, int, bool]] = []
    done = 0
    added = 0
    for loop in _LOOP.finditer(text):
        expanded = _expanded(loop, context, api)
        if expanded is None:
            continue
        added += len(expanded)
        if added > MAX_EXPANDED_CHARS:
            return None
        before = text[done : loop.start()]
        chunks.append(
            (before.rstrip() if loop["strip_before"] else before, _line_of(text, done), False)
        )
        chunks.append((expanded, _line_of(text, loop.start()), True))
        done = loop.end()
        if loop["strip_after"]:
            done = len(text) - len(text[done:].lstrip())
    if not chunks:
        return None
    chunks.append((text[done:], _line_of(text, done), False))
    origins = [1]
    for chunk, line, whole in chunks:
        at = 0
        while (newline := chunk.find("\n", at)) >= 0:
            line += 0 if whole else 1
            origins.append(line)
            at = newline + 1
    return "".join(chunk for chunk, _, _ in chunks), origins


def _line_of(text: str, position: int) -> int:
    return text.count("\n", 0, position) + 1


def _expanded(loop: re.Match[str], context: dict[str, str], api: ApiSource) -> str | None:
    root, _, rest = loop["expr"].partition(".")
    module = context.get(root)
    if module is None or not rest:
        return None
    items = api.names_list(f"{module}.{rest}")
    if items is None:
        return None
    lower = int(loop["lower"]) if loop["lower"] else None
    upper = int(loop["upper"]) if loop["upper"] else None
    body = loop["body"]
    if loop["strip_open"]:
        body = body.lstrip()
    if loop["strip_body"]:
        body = body.rstrip()
    # The body's text around its outputs of the variable, '-' whitespace control applied.
    around: list[str] = []
    done = 0
    strip_next = False
    for output in _OUTPUT.finditer(body):
        if output[2] != loop["var"]:
            return None  # another expression than the loop's variable: not read
        piece = body[done : output.start()]
        piece = piece.lstrip() if strip_next else piece
        around.append(piece.rstrip() if output[1] else piece)
        strip_next = bool(output[3])
        done = output.end()
    around.append(body[done:].lstrip() if strip_next else body[done:])
    chosen = items[lower:upper]
    if (
        len(chosen) * (len(body) + max(map(len, chosen), default=0) * len(around))
        > MAX_EXPANDED_CHARS
    ):
        return None
    return "".join(item.join(around) for item in chosen)
