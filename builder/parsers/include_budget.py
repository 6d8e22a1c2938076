"""What one page's includes may bring in all: Markdown's (Jekyll's ``{% include %}``, Quarto's
``{{< include >}}``, pymdownx snippets, MyST's ``{include}``, include-markdown, VitePress'
includes and snippet imports, MDX partials and raw imports, code includes, mdBook's links,
markdown-it-include's ``!!!include()!!!``),
reST's ``include`` and ``literalinclude``, and AsciiDoc's ``include::``.

The include reader refuses a file once the page's reads pass MAX_FILE_BYTES, but each tag is
still followed and each refusal is a warning: files each naming the next a hundred times made
a million tags from 30 kilobytes (a Quarto page took 46 s and 375 MB). So a page follows at
most MAX_INCLUDE_TAGS tags, with one warning for the rest, and its included text, counted as
it is spliced (a parameter's value each time it fills the text, an indent on every line it
is repeated on), stays within MAX_FILE_BYTES.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from builder.includes import IncludeRefused
from builder.sources import MAX_FILE_BYTES

# The most include tags one page's splice follows, nested ones among them.
MAX_INCLUDE_TAGS = 1000
# What the page is told, once, when its tags run out.
TAGS_RUN_OUT = f"include tags past the first {MAX_INCLUDE_TAGS} show nothing"


@dataclass
class IncludeBudget:
    """What a page's includes may still bring: characters of text, and tags followed."""

    chars: int = MAX_FILE_BYTES
    tags: int = MAX_INCLUDE_TAGS
    told: bool = False  # whether the page was told its tags ran out

    def follow(self) -> str | None:
        """Counts one tag: None when it may be followed; else the warning to give, the first
        time, then "" (the tags past the limit show nothing)."""
        if self.tags > 0:
            self.tags -= 1
            return None
        if self.told:
            return ""
        self.told = True
        return TAGS_RUN_OUT

    def take(self, size: int, name: str) -> str:
        """Counts ``size`` characters ``name`` brings: "" when they fit, else the warning (and
        the include shows nothing)."""
        if size > self.chars:
            return f"include {name}: the page's includes would bring over {MAX_FILE_BYTES} bytes"
        self.chars -= size
        return ""


def read_within_budget(
    budget: IncludeBudget,
    read: Callable[[], str],
    name: str,
    note: Callable[[str], object],
    unread: str | None = None,
) -> str | None:
    """The text ``read`` gives of the file ``name``, one tag followed and its size spent from
    ``budget``; None when the budget refuses it or the reader does (IncludeRefused), each with
    its warning given to ``note``: a reader's refusal only when ``unread`` names what was not
    read ("code include": "code include not read: ...")."""
    refused = budget.follow()
    if refused is not None:
        if refused:
            note(refused)
        return None
    try:
        text = read()
    except IncludeRefused as exc:
        if unread is not None:
            note(f"{unread} not read: {exc}")
        return None
    if refused := budget.take(len(text), name):
        note(refused)
        return None
    return text
