"""The labels a reST page's footnotes and citations are shown with, read before its blocks are.

docutils numbers auto-numbered footnotes ("[#]_", "[#name]_") in the order the page defines
them, skipping the numbers manually numbered ones take; a reference reads as the label its
footnote is shown with, so the whole page is read for them first.
"""

from __future__ import annotations

import re

from builder.parsers.rst.markup_lines import FOOTNOTE, markup_line_numbers

_INLINE_LITERAL = re.compile(r"``.+?``")


def footnote_labels(
    lines: list[str], numbered: frozenset[str], included_footnotes: bool = False
) -> dict[str, str]:
    """The label each footnote and citation the page's ``lines`` define is shown with, by the
    label written in its references: a numbered one's and a citation's as written, a named
    auto-numbered one's ("#t1") its number, counted as ``DocState.footnote_label`` counts,
    and an anonymous one's ("#") or a symbol one's ("*") when it is the page's only one of
    its kind, with one mark ("[#]_", "[*]_"). A page whose included files number footnotes
    too (``included_footnotes``) leaves its auto-numbered ones out."""
    labels: dict[str, str] = {}
    counted = not included_footnotes
    number = 0
    anonymous: list[str] = []
    marks = {"#": 0, "*": 0}  # anonymous and symbol marks, outside literals
    symbols = 0
    for line in (lines[i] for i in markup_line_numbers(lines)):
        for mark in marks if "]_" in line else ():
            marks[mark] += _INLINE_LITERAL.sub("", line).count(f"[{mark}]_")
        footnote = FOOTNOTE.match(line.lstrip()) if ".. [" in line else None
        if footnote is None:
            continue
        label = footnote.group(1)
        if label.startswith("#"):
            number += 1
            while str(number) in numbered:
                number += 1
            if counted and len(label) > 1:
                labels[label] = str(number)
            elif counted:
                anonymous.append(str(number))
        elif label == "*":
            symbols += 1
        else:
            labels[label] = label
    # docutils gives the anonymous marks the anonymous footnotes' numbers in order; which
    # mark is which is not known here but when there is one of each (Sphinx's quickstart,
    # SQLAlchemy's ORM tutorial, setuptools' configfile page, each "[#]_" once).
    if len(anonymous) == 1 and marks["#"] == 1:
        labels["#"] = anonymous[0]
    if symbols == 1 and marks["*"] == 1:  # Celery's security guide: pickle "insecure [*]_"
        labels["*"] = "*"
    return labels


def numbered_footnotes(lines: list[str]) -> frozenset[str]:
    """The numbers the page's manually numbered footnotes (``.. [3]``) take, before or after
    its auto-numbered ones, and the names that are numbers (``.. [#3]``, named "3"): docutils
    numbers no footnote with a name the page already gives, and scikit-learn's "[#1]" to
    "[#8]" show as [9] to [16]."""
    return frozenset(
        footnote.group(1).removeprefix("#")
        for line in (lines[i] for i in markup_line_numbers(lines))
        if ".. [" in line
        and (footnote := FOOTNOTE.match(line.lstrip())) is not None
        and footnote.group(1).removeprefix("#").isdigit()
    )
