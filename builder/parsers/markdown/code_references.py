"""Links to an object written as its name in code in brackets, ``[`Accelerator.prepare`]``,
read as that code.

Hugging Face's doc-builder (PEFT's, Accelerate's, Transformers' pages and docstrings) writes a
link to an object so, with no reference definition (as rustdoc's intra-doc links do): the
page shows the name as code, a leading ``~`` keeping its last part (``[`~utils.gather`]``
shows `gather`). CommonMark reads it as literal brackets around the code, ``~`` kept. A
bracketed name the page defines as a reference label is its link, left as it is; so is one
followed by a destination or a label (``[`x`](url)``, ``[`x`][y]``, the label on the next
line too, which Python-Markdown reads as one reference), or right after a word
(``list[`int`]``, though a link of its own in a subscript, ``Union[[`PeftType`], `str`]``,
is read), or inside a code span, which shows the syntax as written. Only a page that uses
doc-builder's syntax is read so (``uses_code_references``).
"""

from __future__ import annotations

import re
from collections.abc import Collection

from markdown_it.common.utils import normalizeReference

from builder.parsers.markdown.hugo_shortcodes import code_spans, in_code_span

# The name holds no backtick, so a failed match stops at the next one: linear on any line.
# Its parts are joined by dots or by rustdoc's "::" (``[`crate::Body::merge`]``). Only "(" right
# after the bracket is a destination (``[`x`] (once)`` is the name and a remark, as CommonMark
# reads it); a label may follow after spaces or on the next line, as Python-Markdown reads it.
# A bracket before it is a subscript's after a word (PEFT's types, "Union[[`PeftType`], `str`]",
# which doc-builder links), else another link's text around it ("[[`x`]](url)").
_NAME_REFERENCE = re.compile(
    r"(?<![\w\]`])(?:(?<=\w\[)|(?<!\[))"
    r"\[`(~?)([A-Za-z_]\w*(?:(?:\.|::)\w+)*(?:\(\))?)`\](?!\(|\s*\[)"
)
# Where a name's last part starts, which a leading "~" keeps.
_LAST_PART = re.compile(r"(?:\.|::)(?=\w+(?:\(\))?$)")


# The key of a page's env set when the page writes such links (``uses_code_references``).
CODE_REFERENCES_ENV_KEY = "doctrove_code_references"
# What a page written for doc-builder holds: its notice ("... contain specific syntax for our
# doc-builder (similar to MDX) ..."), a shortened name, an entry filled from the code.
_DOC_BUILDER_SIGNS = ("syntax for our doc-builder", "[`~", "[[autodoc]]")


def uses_code_references(page: str) -> bool:
    """Whether a page is written for doc-builder: it says so in the notice Hugging Face's pages
    open with, shortens a name (``[`~a.b`]``) or fills an entry (``[[autodoc]]``); PEFT
    v0.20.0: 33 of its 34 pages with such links. Elsewhere ``[`options`]`` is literal, and its
    brackets say something (uuid's README: an optional parameter), as CommonMark shows them."""
    return any(sign in page for sign in _DOC_BUILDER_SIGNS)


def has_code_references(markdown: str) -> bool:
    """The quick test: inline Markdown without "[`" links to no object so."""
    return "[`" in markdown


def resolve_code_references(markdown: str, defined: Collection[str] = ()) -> str:
    """``markdown`` with each ``[`name`]`` that links to an object read as its code."""
    spans: list[tuple[int, int]] | None = None

    def shown(match: re.Match[str]) -> str:
        nonlocal spans
        tilde, name = match.group(1), match.group(2)
        if normalizeReference(f"`{tilde}{name}`") in defined:
            return match.group(0)
        spans = code_spans(markdown) if spans is None else spans
        if in_code_span(spans, match.start()):
            return match.group(0)
        return f"`{_LAST_PART.split(name)[-1] if tilde else name}`"

    return _NAME_REFERENCE.sub(shown, markdown)
