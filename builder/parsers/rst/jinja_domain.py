"""Jinja's ``jinja:filters`` and ``jinja:tests`` directives (pallets-sphinx-themes), filled from
the code as the theme fills them: the dict of names they point at (``DEFAULT_FILTERS``) gives
one function description per function, named by its longest name (a comparison's two-letter
name for the operators), in name order, with the other names as aliases, below a table of the
names. The signature leaves out the ``environment``, ``context`` or ``eval_ctx`` argument
Jinja passes itself, and an async filter is documented by the sync function it wraps
(``do_first`` by ``sync_do_first``), which holds the docstring. Functions outside the code
(``abs``, ``operator.eq``) keep their names and the generic ``(value)`` signature.
"""

from __future__ import annotations

from builder.api.model import ApiObject, ApiSource
from builder.parsers.rst.api_descriptions import render_api
from builder.parsers.rst.events import Context, DocState, Event, RenderBlocks, Text

DIRECTIVES = frozenset({"jinja:filters", "jinja:tests"})
_COMPARISONS = frozenset({"eq", "ge", "gt", "le", "lt", "ne"})
_PASSED_BY_JINJA = frozenset({"environment", "context", "eval_ctx"})
_TABLE_COLUMNS = 5


def render_mapped_functions(
    mapping_path: str, line: int, ctx: Context, doc: DocState, render: RenderBlocks
) -> list[Event]:
    """The table of names, then a description of each function the dict maps names to."""
    api = doc.code_for("jinja domain", line)
    if api is None:
        return [Text(f"`{mapping_path}`")]
    mapping = api.mapping(mapping_path)
    if not mapping:
        doc.warn(line, f"{mapping_path}: no dict of names in the code in {api.described}")
        return [Text(f"`{mapping_path}`")]
    names_of: dict[str, list[str]] = {}
    for name, target in mapping:
        names_of.setdefault(target, []).append(name)
    functions = sorted((*_primary(names), target) for target, names in names_of.items())
    events: list[Event] = [Text(_table([name for name, _, _ in functions]))]
    for name, aliases, target in functions:
        found = _documented(target, api, doc)
        signature = _signature(found) if found is not None else "(value)"
        listed = ", ".join(f"``{alias}``" for alias in sorted(aliases))
        content = (f":aliases: {listed}",) if aliases else ()
        events.extend(
            render_api("function", (f"{name}{signature}",), (), content, line, line + 1,
                       ctx, doc, render, documented=found)
        )  # fmt: skip
    return events


def _primary(names: list[str]) -> tuple[str, tuple[str, ...]]:
    """The longest name (a comparison's two-letter one), and the others."""
    ordered = sorted(names, key=lambda name: (name in _COMPARISONS, len(name)))
    return ordered[-1], tuple(ordered[:-1])


def _documented(target: str, api: ApiSource, doc: DocState) -> ApiObject | None:
    style = api.settings.docstring_style
    found = api.find(target, style)
    if found is not None and not found.doc:
        module, _, name = target.rpartition(".")
        synchronous = api.find(f"{module}.sync_{name}", style)
        found = synchronous or found
    if found is not None:
        doc.api_objects += 1
    return found


def _signature(found: ApiObject) -> str:
    """``(obj, name) -> ...`` of ``do_attr(environment, obj, name) -> ...``."""
    opened = found.signature.find("(")
    if opened < 0:
        return "(value)"
    parameters, rest = _split_parameters(found.signature[opened + 1 :])
    if parameters and parameters[0].split(":")[0].strip() in _PASSED_BY_JINJA:
        parameters = parameters[1:]
    return f"({', '.join(parameters)}){rest}"


def _split_parameters(text: str) -> tuple[list[str], str]:
    """The parameters before the closing parenthesis (split at top-level commas), and what
    follows it."""
    parameters: list[str] = []
    depth, start = 0, 0
    for index, char in enumerate(text):
        if char in "([{":
            depth += 1
        elif char in "}]" or (char == ")" and depth > 0):
            depth -= 1
        elif char == "," and depth == 0:
            parameters.append(text[start:index].strip())
            start = index + 1
        elif char == ")":
            last = text[start:index].strip()
            return [*parameters, *([last] if last else [])], text[index + 1 :]
    return [*parameters, text[start:].strip()], ""


def _table(names: list[str]) -> str:
    """The names in columns of ``_TABLE_COLUMNS``, read down then across, as the theme lays
    them out."""
    rows = len(names) // _TABLE_COLUMNS + bool(len(names) % _TABLE_COLUMNS)
    return "\n".join(" | ".join(names[row::rows]) for row in range(rows))
