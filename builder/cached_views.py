"""A page's headings, as the table of contents needs them, kept in the build cache by the page.

A rebuild after a one-page edit links every other page from the cache, yet the version's table
of contents and llms.txt list the headings of all of them: making those views again decoded
every record of the version. So each page's view without bodies (``PageView`` with empty
bodies) is kept beside the page, under a key made like the page's, and read back only when it
decodes as a ``PageView`` whose every field has its type (msgspec checks that while decoding);
any other entry is a miss and the view is made from the records again.
"""

from __future__ import annotations

import msgspec

from builder.cache import BuildCache
from builder.pages_layout import PageView

_VIEW = msgspec.json.Decoder(PageView)
# JSON integers have no bound, but the view is written out again as JSON by orjson, which
# takes 64-bit ones only: a line number beyond that is an entry nobody wrote, so a miss.
_LINE_LIMIT = 2**63


def keep_view(cache: BuildCache, key: str, view: PageView) -> None:
    """Keep ``view`` (a page without bodies) under ``key``: orjson writes a dataclass as the
    object ``asdict`` gives, without copying it first."""
    cache.store(key, view)


def load_view(cache: BuildCache, key: str) -> PageView | None:
    """The view kept under ``key``, or None when there is none or it does not read as one."""
    payload = cache.load_bytes(key)
    if payload is None:
        return None
    try:
        view = _VIEW.decode(payload)
    except msgspec.DecodeError:
        return None
    for section in view.sections:
        if section.lines is not None and not all(0 <= n < _LINE_LIMIT for n in section.lines):
            return None
    return view
