"""docclient's text output in UTF-8 on Windows, where a pipe or a file gets the ANSI code page
(cp1252 and the like) by default and printing a Chinese or Japanese section would fail with
UnicodeEncodeError. A Windows console already takes UTF-8, and elsewhere the locale's
encoding is what the terminal shows, so both are left alone.
"""

from __future__ import annotations

import codecs
import io
import os

# Whether text streams default to the ANSI code page (Windows); tests switch it.
STREAMS_USE_ANSI_CODE_PAGE = os.name == "nt"


def use_utf8(stream: object) -> None:
    """Make ``stream`` write UTF-8 when it is a text file in another encoding on Windows."""
    if not STREAMS_USE_ANSI_CODE_PAGE or not isinstance(stream, io.TextIOWrapper):
        return
    if codecs.lookup(stream.encoding).name != "utf-8":
        stream.reconfigure(encoding="utf-8")
