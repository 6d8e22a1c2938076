"""reST directives written in a docstring a mkdocstrings block shows, as Markdown lines that
read as Sphinx shows them: code blocks fenced with their language, version notes as
sentences, images by their alternative text, math as a ``math`` fence, an attribute's or a
method's description as its signature over its text, a titled admonition by its title, a
rubric by its words; any other directive by its content (code fenced, text read), or not at
all when Sphinx shows nothing of it (``testsetup``, ``index``, ``only:: latex``).

Read as Markdown, such a directive's line stayed as written (asyncstdlib's ".. code::
python3", param's ".. versionadded:: 2.3.0", questionary's ".. image:: ../images/x.gif") and
its indented content became code without a language.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable, Sequence

from builder.parsers.labelled_text import labelled
from builder.parsers.rst.directive_names import (
    ADMONITIONS,
    DIAGRAMS,
    DROPPED,
    LITERAL_DIRECTIVES,
    TITLED,
    VERSION_NOTES,
)
from builder.parsers.rst.only_tags import shown_in_html
from builder.parsers.rst.python_content import is_python_source

# A directive's line, up to its argument: ".. code-block:: python", ".. versionadded:: 2.3",
# and with the one space docutils allows before the colons (".. code-block :: python").
# Matched on a line without trailing spaces: a lazy argument before optional spaces took the
# square of a run of spaces inside it.
_DIRECTIVE = re.compile(r"( *)\.\. +([a-z][\w:-]*?) ?::(?:[ \t]+(.*))?")
_CODE = frozenset({"code", "code-block", "sourcecode"})
_IMAGE = frozenset({"image", "figure"})
# The Python domain's object descriptions (".. attribute:: query_class" with ":type: int"),
# written in a class's docstring to describe what it holds, as the reST parser shows them:
# the object's signature as code, its description below.
_OBJECTS = frozenset({
    "attribute", "data", "method", "function", "class", "exception", "property",
    "classmethod", "staticmethod",
})  # fmt: skip
# Blocks whose argument is their title (sphinx-design's "dropdown", collapsed until opened:
# pyinaturalist's ".. dropdown:: Example Response" in its docstrings).
_TITLED = frozenset({"admonition", "dropdown"})
# Every directive read here.
_READ = _CODE | _IMAGE | _OBJECTS | VERSION_NOTES.keys() | {"math", "rubric"} | _TITLED
# Directives left as written when not read here: admonitions, which markdown_docstring shows
# as MkDocs' own, and those naming a file or holding markup for another format.
_LEFT = ADMONITIONS.keys() | {"include", "literalinclude", "raw"}
# A directive option's line (":linenos:", ":alt: text"), right under the directive.
_OPTION = re.compile(r"[ \t]*:([\w-]+):[ \t]*(.*)")
# A list item's marker and the spaces after it, which its text is indented by.
_LIST_ITEM = re.compile(r" *(?:[-*+]|\d+[.)]) +")
# Pygments' names of no language at all (Sphinx's ".. code-block:: text").
_NO_LANGUAGE = frozenset({"none", "default", "text", "guess"})


def directive_lines(
    lines: list[str],
    index: int,
    read: Callable[[list[str]], list[str]],
    enclosing: Sequence[int],
) -> tuple[list[str], int] | None:
    """The Markdown lines for the directive on ``lines[index]``, and the index after its
    options and indented content; None when that line holds no directive read here. ``read``
    reads the content of one that holds text (code and notes in it); ``enclosing`` is
    ``enclosing_lines(lines)``."""
    match = _DIRECTIVE.fullmatch(lines[index].rstrip())
    if match is None:
        return None
    lead, name, argument = match.group(1), match.group(2), match.group(3) or ""
    name = name.removeprefix("py:")
    if name not in _READ and (name in _LEFT or ":" in name):
        return None
    end = block_end(lines, index + 1, len(lead))
    lead = _markdown_lead(lines, enclosing[index], lead)
    options: dict[str, str] = {}
    body = index + 1
    while body < end and (option := _OPTION.fullmatch(lines[body])) is not None:
        options[option.group(1)] = option.group(2).strip()
        body += 1
    content = textwrap.dedent("\n".join(lines[body:end])).strip("\n").split("\n")
    content = [] if content == [""] else content
    if name not in _READ:
        shown = _other_lines(name, argument, content, lead, read)
        return None if shown is None else (shown, end)
    if name in _CODE:
        language = (argument.split() or [""])[0]
        language = "" if language in _NO_LANGUAGE else language
        return _fenced(lead, content, language), end
    if name == "math":
        formula = [argument] if argument else []
        return _fenced(lead, [*formula, *content], "math"), end
    if name in _OBJECTS:
        signature = f"`{_signature(argument, options)}`"
        return ["", f"{lead}{signature}", "", *_indented(lead, read(content))], end
    if name == "rubric":  # a title that opens no section: its words, as the reST parser shows
        return ["", f"{lead}{argument}"], end
    if name in _TITLED:  # its argument is its title, which the reST parser shows so
        # Its text runs on from the title, but a doctest starts a block only after a blank line.
        gap = [""] if content and content[0].startswith(">>>") else []
        return ["", f"{lead}{argument}:", *gap, *_indented(lead, read(content))], end
    if name in _IMAGE:
        # An image says no more than its alternative text; a figure adds its caption.
        shown = [options["alt"]] if options.get("alt") else []
        shown += content if name == "figure" else []
        return ["", *_indented(lead, shown)], end
    version, _, text = argument.partition(" ")
    label = f"{VERSION_NOTES[name]} {version}".strip()
    said = " ".join(part.strip() for part in (text, *content) if part.strip())
    return ["", f"{lead}{labelled(label, said) if said else label + '.'}"], end


def _other_lines(
    name: str, argument: str, content: list[str], lead: str, read: Callable[[list[str]], list[str]]
) -> list[str] | None:
    """The Markdown lines of a directive not read above that holds content, as the reST
    parser shows it; None for one without content, kept as written. An extension's or a
    project's own (pyvista's ".. pyvista-plot::" over an example's prose and doctests,
    ".. testcode::", ".. jupyter-execute::") stayed as written, its options ran into its
    line, and its content became one block of code, prose and all."""
    if name in DROPPED or name in DIAGRAMS or (name == "only" and not shown_in_html(argument)):
        return []
    if not content:
        return None
    # A tab's or a topic's argument is its title, shown above its content.
    title = ["", f"{lead}{argument}"] if name in TITLED and argument else []
    language = LITERAL_DIRECTIVES.get(name)
    if language is None and is_python_source(tuple(content)):
        language = "python"
    elif language is None and content[0].startswith("$ "):  # a shell session
        language = "console"
    if language is not None:
        return [*title, *_fenced(lead, content, language)]
    return [*title, "", *_indented(lead, read(content))]


def enclosing_lines(lines: list[str]) -> list[int]:
    """For each line of ``lines``, the index of the nearest line above it that is indented
    less (a directive's paragraph or list item), -1 for none or for a blank line. Found in
    one pass: looking back from each directive took a docstring's length each time, and a
    docstring of 4,000 directives a second and more."""
    enclosing: list[int] = []
    above: list[tuple[int, int]] = []  # (indent, index) of lines that may enclose, indents rising
    for index, line in enumerate(lines):
        if not line.strip():
            enclosing.append(-1)
            continue
        indent = len(line) - len(line.lstrip(" "))
        while above and above[-1][0] >= indent:
            above.pop()
        enclosing.append(above[-1][1] if above else -1)
        above.append((indent, index))
    return enclosing


def _markdown_lead(lines: list[str], enclosing: int, lead: str) -> str:
    """The indent the Markdown lines of a directive indented by ``lead`` under
    ``lines[enclosing]`` take: a list item's text's, in one, else none. reST reads a
    directive indented under a paragraph as a block quote; Markdown read optax's, four spaces
    in, as code, fence and all."""
    if enclosing < 0:
        return ""
    line = lines[enclosing]
    indent = len(line) - len(line.lstrip(" "))
    item = _LIST_ITEM.match(line)
    text_column = indent + len(item.group()) if item else indent
    return " " * min(text_column, len(lead))


def _signature(argument: str, options: dict[str, str]) -> str:
    """An object description's signature with its type and value, as the reST parser shows
    it; ``:annotation:`` is Sphinx's older option of text shown after the name."""
    shown = argument.strip()
    if kind := options.get("type"):
        shown += f": {kind}"
    if value := options.get("value"):
        shown += f" = {value}"
    if annotation := options.get("annotation"):
        shown += f" {annotation}" if annotation.startswith(("=", ":")) else f": {annotation}"
    return shown.replace("`", "")


def _indented(lead: str, lines: list[str]) -> list[str]:
    return [f"{lead}{line}".rstrip() for line in lines]


def block_end(lines: list[str], start: int, indent: int) -> int:
    """The index after the lines indented deeper than ``indent`` from ``start`` (blank lines
    among them), trailing blank lines left out."""
    end = start
    while end < len(lines) and (
        not lines[end].strip() or len(lines[end]) - len(lines[end].lstrip(" ")) > indent
    ):
        end += 1
    while end > start and not lines[end - 1].strip():
        end -= 1
    return end


def _fenced(lead: str, code: list[str], language: str) -> list[str]:
    while code and not code[0].strip():
        code.pop(0)
    return ["", f"{lead}```{language}", *_indented(lead, code), f"{lead}```"]
