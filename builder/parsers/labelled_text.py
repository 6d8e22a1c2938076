"""A label before its text, as every reader writes one: an admonition's title, a field's
name, a table cell's column header, a code block's caption.

Kept apart from the reST reader's events, which use it too, so that the HTML reader's
tables load no reST module.
"""

from __future__ import annotations

from collections.abc import Sequence

# The marks a label can end with that a colon after would double.
_SENTENCE_ENDS = ("?", "!", ":", ".")


def labelled(label: str, body: str) -> str:
    """ "Label: text", or the label on a line of its own above code, a list or a table. A
    label that ends a sentence gets no colon: beets' "admonition:: Need more information?"
    read "Need more information?:"."""
    colon = "" if label.endswith(_SENTENCE_ENDS) else ":"
    if not body:
        return f"{label}{colon}"
    if body.startswith(("```", "- ", "1. ")) or "\n" in body.split("\n\n", 1)[0]:
        return f"{label}{colon}\n{body}"
    return f"{label}{colon} {body}"


def labelled_record(labels: Sequence[str], cells: Sequence[str]) -> str:
    """A table row read as a record: each cell with text under its column's label (when the
    column has one), the cells in paragraphs; "" when no cell has text."""
    return "\n\n".join(
        labelled(labels[column], body) if column < len(labels) and labels[column] else body
        for column, body in enumerate(cells)
        if body
    )
