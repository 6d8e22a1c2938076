"""End each heading where a browser ends it: at the next heading's end tag, whatever level
that tag names, or at the next heading's start tag.

SQLite's pages write some headings with the wrong end tag (``<h2 align=center>Keyword
Index</h1>``, ``<h2>6.0 Representations And Warranties</h3>``) or none (``<h2>2.0
Agreement<h2>``). A browser ends the open heading at any heading's end or start tag (HTML's
parsing rules); libxml2 ignores a stray end tag and nests a heading in another, running the
heading on into the text after it: sqlite3-doc's keyword index and document list were one
heading each, their text lost. The page is mended so before parsing: an end tag is rewritten
to the open heading's level, a missing one written before the next heading, on the same line
(the lines stay where they were).
"""

from __future__ import annotations

import re

_HEADING_TAGS = re.compile(rb"<(/?)[hH]([1-6])(?=[\t\n\f\r />])")


def matched_heading_ends(source: bytes) -> bytes:
    """``source`` with each heading ended by an end tag of its own level; ``source`` itself
    when every one is."""
    pieces: list[bytes] = []
    done = 0  # the offset up to which ``source`` is in ``pieces``
    open_level = b""
    for tag in _HEADING_TAGS.finditer(source):
        level = tag.group(2)
        if not tag.group(1):
            if open_level:  # a heading opened in another ends that one first
                pieces += [source[done : tag.start()], b"</h" + open_level + b">"]
                done = tag.start()
            open_level = level
        elif open_level:
            if level != open_level:
                pieces += [source[done : tag.start(2)], open_level]
                done = tag.end(2)
            open_level = b""
    if not pieces:
        return source
    pieces.append(source[done:])
    return b"".join(pieces)
