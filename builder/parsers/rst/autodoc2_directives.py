"""sphinx-autodoc2's directives, as the pages it generates (builder.projects.sphinx_autodoc2)
and hand-written pages use them: ``autodoc2-object`` documents an object as the autodoc
directive for its kind does, ``autodoc2-docstring`` shows an object's docstring (or, with
``:summary:``, its first line: the cells of autodoc2's summary tables).
"""

from __future__ import annotations

from builder.api.model import MemberOptions
from builder.api.not_found import not_found
from builder.parsers.rst.autodoc import docstring_events, first_docstring_line
from builder.parsers.rst.events import Context, DocState, Event, Text

AUTODOC2_DOCSTRING = "autodoc2-docstring"
AUTODOC2_OBJECT = "autodoc2-object"
# The autodoc directive that documents an object of each kind the code reader finds.
_AUTODOC_OF_KIND = {
    "module": "automodule", "class": "autoclass", "function": "autofunction",
    "property": "autoproperty",
}  # fmt: skip


def autodoc_equivalent(full: str, line: int, doc: DocState) -> tuple[str, str, list[str]] | None:
    """The autodoc directive, argument and options that document what ``autodoc2-object``
    names (a class or module with its members); its content is TOML settings for autodoc2's
    renderer, not text. None, with a warning when there is code to look in, when the code
    does not hold it."""
    api = doc.code_for(AUTODOC2_OBJECT, line)
    found = api.find(full, api.settings.docstring_style) if api is not None and full else None
    if found is None:
        if api is not None and full:
            doc.warn(line, not_found(AUTODOC2_OBJECT, full, api))
        return None
    kind = _AUTODOC_OF_KIND.get(found.kind, "autodata")
    return kind, full, [":members:"] if found.kind in ("module", "class") else []


def autodoc2_docstring(
    full: str, summary: bool, line: int, ctx: Context, doc: DocState
) -> list[Event]:
    """``autodoc2-docstring``: the object's docstring from the code, or with ``summary`` its
    first line. Nothing, and no warning, when the code does not have it: the page's own
    description of the object names it (a package autodoc2 cloned from git has thousands of
    such cells)."""
    api = doc.code_for(AUTODOC2_DOCSTRING, line)
    found = api.find(full, api.settings.docstring_style) if api is not None and full else None
    if found is None:
        return []
    doc.api_objects += 1
    if summary:
        first = first_docstring_line(found, doc)
        return [Text(first)] if first else []
    return docstring_events(found, MemberOptions(), line, ctx.nested(), doc)
