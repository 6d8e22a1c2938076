"""A page's headings, as the table of contents needs them, kept in the build cache by the page.

A rebuild after a one-page edit links every other page from the cache, yet the version's table
of contents and llms.txt list the headings of all of them: making those views again decoded
every record of the version. So each page's view without bodies (``PageView`` with empty
bodies) is kept beside the page, under a key made like the page's, and read back only when it
decodes as a ``PageView`` whose every field has its type (msgspec checks that while decoding);
any other entry is a miss and the view is made from the records again.

Those two files are kept by the views' sha256, so a rebuild whose headings did not change needs
no view but the edited page's: one entry per version (``KeptViews``) lists, by each page's
inputs, its view's sha256, title and section count, and the views themselves are read only when
the contents or llms.txt are rendered again. Reading the 500 views of the Python docs cost a
rebuild about a tenth of a second.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import msgspec

from builder.cache import BuildCache, cache_key
from builder.cache_objects import is_object_name
from builder.pages import PageHeadings, page_headings, view_sha256
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


class KeptViews:
    """The headings of one version's pages, rendered in ``context`` (a cache key naming what
    pages are made with): each page's from the version's list when its inputs are listed there,
    else from its kept view, else made. ``keep`` writes the list of this build's pages."""

    def __init__(self, cache: BuildCache, context: str, digest: Callable[[bytes], str]) -> None:
        self._cache = cache
        self._context = context
        self._digest = digest  # of a page's inputs
        self._list_key = cache_key("page-views", context)
        self._listed: dict[str, list[Any]] | None = None  # read when a page first asks
        self._pages: dict[str, list[Any]] = {}
        self._keys: list[str] = []

    def headings(self, inputs: bytes, make: Callable[[], PageView]) -> PageHeadings:
        """The headings of the page made of ``inputs``; ``make`` makes its view from its
        records (a ``builder.pages.ViewCache``)."""
        inputs_digest = self._digest(inputs)
        key = cache_key("page-view", self._context, inputs_digest)
        self._keys.append(key)
        if self._listed is None:
            self._listed = _listed_views(self._cache.load(self._list_key))
        listed = self._listed.get(inputs_digest)
        if listed is not None:
            sha256, path, title, sections = listed
            # The kept view is not read now: the sweep must keep it all the same.
            self._cache.used.add(key)
            view = functools.partial(self._view, key, sha256, make)
            headings = PageHeadings(sha256, path, title, sections, view)
        else:
            kept = load_view(self._cache, key)
            if kept is None:
                kept = make()
                keep_view(self._cache, key, kept)
            headings = page_headings(kept)
        self._pages[inputs_digest] = [
            headings.sha256,
            headings.path,
            headings.title,
            headings.sections,
        ]
        return headings

    def keep(self) -> list[str]:
        """Keep the list of this build's pages, when it is not the one kept; the keys of every
        entry a build of the same pages reads (the list and each page's view)."""
        if self._pages != self._listed:
            self._cache.store(self._list_key, self._pages)
        return [self._list_key, *self._keys]

    def _view(self, key: str, sha256: str, make: Callable[[], PageView]) -> PageView:
        # A view that is not the one listed (gone, or not what was kept) is made again: the
        # contents are rendered from what the records give, never from a stale entry.
        view = load_view(self._cache, key)
        if view is None or view_sha256(view) != sha256:
            view = make()
            keep_view(self._cache, key, view)
        return view


def _listed_views(loaded: Any) -> dict[str, list[Any]]:
    """A version's list of views as ``KeptViews.keep`` wrote it; empty when it is not that."""
    if not isinstance(loaded, dict):
        return {}
    for digest, listed in loaded.items():
        if not (
            is_object_name(digest)
            and isinstance(listed, list)
            and len(listed) == 4
            and isinstance(listed[0], str)
            and is_object_name(listed[0])
            and isinstance(listed[1], str)
            and isinstance(listed[2], str)
            and type(listed[3]) is int
        ):
            return {}
    return loaded
