"""NumPy docstring sections underlined with ``=``, as numpydoc and napoleon read them.

griffe takes a NumPy section only under a line of dashes; numpydoc takes ``=`` too, and
napoleon any punctuation under the titles it knows. sympy underlines its every section so
("Examples\\n========"): the titles and their text ran into paragraphs ("Explanation
=========== It will convert..."), a module docstring's sections became the page's titles,
and no Examples or See Also section was read. Such underlines are written as dashes before
griffe reads the docstring.
"""

from __future__ import annotations

import re

# A title line and, under it, a line of one punctuation character (3 or more of it).
_TITLED = re.compile(
    r"^([ \t]*)([A-Za-z][A-Za-z ]{0,40}?)[ \t]*\n[ \t]*([=~^*+#_:'\"`<>])\3{2,}[ \t]*$", re.M
)


def dashed_underlines(text: str, style: str, known_titles: frozenset[str]) -> str:
    """``text`` with its section underlines written as dashes: for numpydoc ("numpydoc",
    "numpy") a line of ``=`` at least as long as the title, for napoleon ("auto") any such
    line under a title it knows."""
    if style not in ("numpy", "numpydoc", "auto"):
        return text

    def dashes(match: re.Match[str]) -> str:
        indent, title = match.group(1), match.group(2)
        underline = match.group(0).split("\n", 1)[1]
        length = len(underline.strip())
        if style == "auto":
            fits = title.lower() in known_titles
        else:
            fits = match.group(3) == "=" and length >= len(title)
        if not fits:
            return match.group(0)
        return f"{indent}{title}\n{indent}{'-' * length}"

    return _TITLED.sub(dashes, text)
