"""The names of reStructuredText directives the renderer treats alike, by what they hold: notes
and version notes with their labels, directives that draw or steer the build (nothing to read),
verbatim ones with their fence language, titled containers, cards, descriptions and modules.

The Markdown readers (MyST directives, directives in docstrings read as Markdown) render the
same directives, so they take the same tables from here.
"""

from __future__ import annotations

ADMONITIONS = {
    "note": "Note",
    "warning": "Warning",
    "tip": "Tip",
    "important": "Important",
    "caution": "Caution",
    "danger": "Danger",
    "attention": "Attention",
    "hint": "Hint",
    "error": "Error",
    "seealso": "See also",
    "todo": "Todo",
}
VERSION_NOTES = {
    "versionadded": "Added in version",
    "versionchanged": "Changed in version",
    "deprecated": "Deprecated since version",
    "versionremoved": "Removed in version",
    # Sphinx 9's names for them; the old ones stay as aliases.
    "version-added": "Added in version",
    "version-changed": "Changed in version",
    "version-deprecated": "Deprecated since version",
    "version-removed": "Removed in version",
}
# The methods sphinxcontrib-httpdomain has a directive for ('.. http:get::').
HTTP_METHODS = frozenset(
    {"get", "head", "post", "put", "patch", "delete", "options", "trace", "connect", "copy", "any"}
)
# Directives that steer the build or draw pictures: nothing in them is prose for a reader.
DROPPED = frozenset(
    {
        "toctree", "index", "meta", "contents", "sectnum", "header", "footer",
        "title", "tabularcolumns", "sectionauthor", "moduleauthor", "codeauthor", "default-role",
        "default-domain", "role",
        "target-notes", "testsetup", "testcleanup", "highlightlang",
        "youtube", "video", "iframe", "jinja", "spelling:word-list",
        # sphinx-toolbox's space in the PDF (repo_helper's pages: ".. latex:vspace:: -20px").
        "latex:vspace",
    }
)  # fmt: skip
# Directives that draw a diagram from code or a file (Sphinx's graphviz and
# inheritance-diagram, sphinxcontrib-plantuml's uml): only the caption Sphinx shows under it
# is text for a reader.
DIAGRAMS = frozenset({"graphviz", "digraph", "graph", "inheritance-diagram", "uml"})
# docutils' class directive (Sphinx names it rst-class; cssclass is its old name) gives a
# class to its content, which shows as it stands (Polyfactory's and Advanced Alchemy's
# landing pages say what the library is in '.. rst-class:: lead'), else to the next element.
CLASS_DIRECTIVES = frozenset({"rst-class", "cssclass"})
# sphinx.ext.doctest's blocks that take ':hide:': given it, a block is run by the doctests
# and not shown (requests-mock's pages set up a session so before each example).
HIDDEN_BY_OPTION = frozenset({"doctest", "testcode", "testoutput"})
# Directives whose content is verbatim text, and the fence language it gets.
LITERAL_DIRECTIVES = {
    "doctest": "pycon",
    "testcode": "python",
    "testoutput": "",
    "math": "math",
    "productionlist": "",
    "parsed-literal": "",
    # Pallets' click domain: an example's code, and the code of a run whose output Sphinx
    # shows (it is not run here, so the invoke() calls show which command and arguments).
    "click:example": "python",
    "click:run": "python",
    # sphinxcontrib-mermaid: the diagram's source says in words what points to what, as a
    # Markdown page's ```mermaid fence does (kept as code there). One read from a file
    # (its argument, no content, or a MyST fence's one blank line) stays out, as before.
    "mermaid": "mermaid",
}
# sphinx-book-theme's margin (a sidebar in the margin) and mystmd's aside and margin take a
# title as their argument, as a sidebar does; docutils' table takes its caption so.
TITLED = frozenset(
    {"topic", "sidebar", "card", "grid-item-card", "dropdown", "tab", "tab-item", "group-tab",
     "margin", "aside", "table"}
)  # fmt: skip
# sphinx-design's cards: a line of ^^^ ends the header, a line of +++ starts the footer.
CARDS = frozenset({"card", "grid-item-card"})
# Descriptions of objects Sphinx makes no target for: their signature stays as code.
DESCRIPTIONS = frozenset({"describe", "object"})
MODULE_DIRECTIVES = frozenset({"module", "currentmodule", "automodule"})
