"""markdown-callouts (the ``callouts`` extension of an MkDocs or Zensical site): a quote or a
paragraph that opens with a kind in capitals ("> NOTE: ...", "WARNING: ...") is an admonition
of that kind, as the extension draws it.
"""

from __future__ import annotations

import re

from markdown_it.token import Token

from builder.parsers.markdown.document import Document
from builder.parsers.markdown.mkdocs_flavor import mkdocs_markdown

# markdown-callouts' quoted blocks: "> NOTE: **Title**" an admonition, ">? NOTE:" a collapsed
# one (open: ">! NOTE:"), each labelled by its kind. The quote's text starts with the kind,
# and its first line has the mark right after the ">" (its pattern, "^ {0,3}>([!?])?
# ?([A-Z]{2,}):([ \n])": "> ? NOTE:" is a quote), which the text, stripped of "> ", no longer tells.
_QUOTED_CALLOUT = re.compile(r"(?:[?!] ?)?([A-Z]{2,}):(?: |\n|$)[ \t]*")
_CALLOUT_LINE = re.compile(r">[?!]? ?[A-Z]{2,}:(?: |$)")
_CALLOUTS_EXTENSION = "callouts"
# Its paragraph form: the kind at a paragraph's start ("NOTE: text", its pattern's "\A").
_PARAGRAPH_CALLOUT = re.compile(r"([A-Z]{2,}):[ \n][ \t]*")


def quoted_callout(doc: Document, quote: Token, text: str) -> re.Match[str] | None:
    """markdown-callouts' kind at the start of ``text``, the rendered text of ``quote`` (a
    blockquote_open token), when the MkDocs site loads it and the quote's first line puts the
    mark right after its ``>``."""
    mkdocs = mkdocs_markdown()
    if mkdocs is None or _CALLOUTS_EXTENSION not in mkdocs.extensions:
        return None
    callout = _QUOTED_CALLOUT.match(text)
    return callout if callout is not None and _opens_callout(doc, quote) else None


def paragraph_callout(doc: Document, index: int) -> re.Match[str] | None:
    """markdown-callouts' kind at the start of the paragraph opened at ``index``, when the
    MkDocs site loads it and the paragraph is in no quote: the extension reads a quote's
    paragraphs without this form, and a quote's own callout is ``quoted_callout``'s."""
    mkdocs = mkdocs_markdown()
    if mkdocs is None or _CALLOUTS_EXTENSION not in mkdocs.extensions:
        return None
    callout = _PARAGRAPH_CALLOUT.match(doc.tokens[index + 1].content)
    token = doc.tokens[index]
    if callout is None or token.map is None:
        return callout
    line = token.map[0] - doc.source_first
    if 0 <= line < len(doc.source) and ">" in doc.source[line].split(callout.group(1), 1)[0]:
        return None
    return callout


def _opens_callout(doc: Document, quote: Token) -> bool:
    """Whether the quote's first line puts the callout's mark right after its ``>``; true when
    the page's lines are not at hand."""
    line = quote.map[0] - doc.source_first if quote.map else -1
    if not 0 <= line < len(doc.source):
        return not doc.source
    return _CALLOUT_LINE.search(doc.source[line]) is not None
