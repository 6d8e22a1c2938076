"""A ``<pre>`` of built HTML as a fenced code block: its code without the line numbers
Pygments or a theme writes beside or inside it, and the language its markup names."""

from __future__ import annotations

import itertools
import re

from lxml.etree import _Element as Element

from builder.parsers.html.class_names import classes, has_class
from builder.parsers.html.element_text import is_element, text_of

# Pygments lexer names that mean "Python" in Sphinx output.
_LANGUAGE_ALIASES = {"python3": "python", "py": "python", "py3": "python", "default": "python"}
_PLAIN_LANGUAGES = frozenset({"none", "text", "plain", "plaintext", "nohighlight"})
_LANGUAGE_CLASS = re.compile(r"^(?:highlight|language|lang)-([\w+#.-]+)$")


def fence(pre: Element) -> str:
    """A ``<pre>`` as a fenced code block: its text verbatim, the language when markup names it."""
    lines = [line.rstrip() for line in _code_text(pre).split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    while lines and not lines[0]:
        lines.pop(0)
    code = "\n".join(lines)
    ticks = "````" if "```" in code else "```"
    return f"{ticks}{code_language(pre)}\n{code}\n{ticks}" if code else f"{ticks}\n{ticks}"


# Pygments' line numbers written inline, a span before each line (how Sphinx 4.0 and later
# number a ":linenos:" block): read with the code, each line began " 1import cherrypy". A line
# an ":emphasize-lines:" option marks holds its number in its span.hll, and a theme may wrap
# each line in a span of its own (Shibuya's <span data-line="1">, sphinxawesome's <code> of
# <span id="line-1">), the numbers inside.
_INLINE_LINE_NUMBERS = frozenset({"linenos", "linenos special"})
# How far above a block's <pre> the table of its line numbers may be (div, td, tr, tbody).
_LINE_NUMBER_TABLE_DEPTH = 5
# How many elements from the <pre> on (itself, Sphinx's empty span, a <code>, a line's span)
# the first line's number may be.
_FIRST_NUMBER_DEPTH = 6


def _code_text(pre: Element) -> str:
    """The text of ``pre`` without inline line numbers, which a reader copies the code without,
    and with a line break where a ``<br>`` is one: TypeDoc (0.26 on) ends each line of its
    highlighted code with one and no newline, and cheerio's examples read as one line."""
    # The first line's number opens the block (after the empty span Sphinx writes first, and
    # inside the first line's span), so blocks without one are told apart by their first
    # elements.
    opening = itertools.islice(pre.iter(), _FIRST_NUMBER_DEPTH)
    numbered = any(element.get("class") in _INLINE_LINE_NUMBERS for element in opening)
    if not numbered and next(pre.iter("br"), None) is None:
        return text_of(pre)
    pieces: list[str] = []
    _add_code_text(pre, pieces)
    return "".join(pieces)


def _add_code_text(element: Element, pieces: list[str]) -> None:
    """Add the text of ``element``'s content to ``pieces``, less its line numbers, each
    ``<br>`` a line break."""
    pieces.append(element.text or "")
    for child in element:
        if is_element(child) and child.tag == "br":
            pieces.append("\n")
        elif is_element(child) and child.get("class") not in _INLINE_LINE_NUMBERS:
            _add_code_text(child, pieces)
        pieces.append(child.tail or "")


def _outside_line_number_table(pre: Element) -> Element:
    """The table Pygments lays ``pre`` out in beside its line numbers (a :linenos: block of
    Sphinx before 4.0, pymdownx.highlight's linenums), whose cells and rows name no language:
    the element around the table does (div.highlight-python, div.language-py), further up
    than the few ancestors code_language reads. Else ``pre``."""
    for ancestor in itertools.islice(pre.iterancestors(), _LINE_NUMBER_TABLE_DEPTH):
        if ancestor.tag == "table" and has_class(ancestor, "highlighttable"):
            return ancestor
    return pre


def code_language(pre: Element) -> str:
    """Language named by a ``highlight-<lang>`` or ``language-<lang>`` class near the pre."""
    candidates: list[Element] = [pre]
    # The code element may sit deeper: mdBook writes <pre><pre class="playground"><code ...>.
    candidates.extend(itertools.islice(pre.iter("pre", "code"), 1, 3))
    for ancestor in _outside_line_number_table(pre).iterancestors():
        candidates.append(ancestor)
        if len(candidates) >= 5:
            break
    for candidate in candidates:
        for name in classes(candidate):
            match = _LANGUAGE_CLASS.match(name)
            if match:
                language = match.group(1).lower()
                if language in _PLAIN_LANGUAGES:
                    return ""
                return _LANGUAGE_ALIASES.get(language, language)
    return ""
