"""Footnotes in Markdown (MyST, GFM, Python-Markdown's extension), read as reST's are: the
labels a page defines, marks that cite them (which go), and whether an indented block goes on
with a definition. builder.parsers.markdown.body_text renders the definitions themselves.
"""

from __future__ import annotations

import re

from builder.parsers.markdown.document import Document

# A definition "[^label]: text" (it reads "[label] text"), and a mark "[^label]" where it is
# cited (it goes, for a label the page defines only: "[^a-z]" may be prose about a pattern).
FOOTNOTE_DEFINITION = re.compile(r"^ {0,3}\[\^([^\]\s]+)\]:[ \t]*", re.MULTILINE)
_FOOTNOTE_MARK = re.compile(r" ?\[\^([^\]\s]+)\]")


def footnote_labels(text: str) -> frozenset[str]:
    """The labels of the footnotes Markdown source ``text`` defines."""
    return frozenset(FOOTNOTE_DEFINITION.findall(text)) if "[^" in text else frozenset()


def without_footnote_marks(doc: Document, text: str) -> str:
    """``text`` without the marks citing footnotes ``doc`` defines."""
    return _FOOTNOTE_MARK.sub(
        lambda mark: "" if mark.group(1) in doc.footnotes else mark.group(0), text
    )


def continues_footnote(doc: Document, index: int) -> bool:
    """Whether the indented code block at ``index`` follows a paragraph that opens with a
    footnote's definition, so that it goes on with the footnote."""
    if not doc.footnotes or index < 3 or doc.tokens[index - 1].type != "paragraph_close":
        return False
    definition = FOOTNOTE_DEFINITION.match(doc.tokens[index - 2].content)
    return definition is not None and definition.group(1) in doc.footnotes
