"""A page's headings, as the table of contents needs them, kept in the build cache by the page.

A rebuild after a one-page edit links every other page from the cache, yet the version's table
of contents and llms.txt list the headings of all of them: making those views again decoded
every record of the version (a third of a second on a 500-page version). So each page's view
without bodies (``PageView`` with empty bodies) is kept beside the page, under a key made like
the page's, and read back only when every field has the type a view's field has; any other
entry is a miss and the view is made from the records again.
"""

from __future__ import annotations

from typing import Any

from builder.cache import BuildCache
from builder.pages_layout import PageView, SectionView


def keep_view(cache: BuildCache, key: str, view: PageView) -> None:
    """Keep ``view`` (a page without bodies) under ``key``: orjson writes a dataclass as the
    object ``asdict`` gives, without copying it first."""
    cache.store(key, view)


def load_view(cache: BuildCache, key: str) -> PageView | None:
    """The view kept under ``key``, or None when there is none or it does not read as one."""
    kept = cache.load(key)
    return view_from_json(kept) if kept is not None else None


def view_from_json(kept: Any) -> PageView | None:
    """The ``PageView`` that ``asdict`` of one gave as JSON, or None if ``kept`` is not one."""
    if not isinstance(kept, dict) or set(kept) != {"path", "title", "sources", "sections"}:
        return None
    path, title, sources, sections = (kept[k] for k in ("path", "title", "sources", "sections"))
    if not (isinstance(path, str) and isinstance(title, str) and _strings(sources)):
        return None
    if not isinstance(sections, list):
        return None
    views = [_section(section) for section in sections]
    if any(view is None for view in views):
        return None
    return PageView(path, title, tuple(sources), tuple(v for v in views if v is not None))


_SECTION_FIELDS = {"heading", "heading_path", "anchor", "body", "source", "lines", "upstream"}


def _section(kept: Any) -> SectionView | None:
    if not isinstance(kept, dict) or set(kept) != _SECTION_FIELDS:
        return None
    heading, anchor, body = kept["heading"], kept["anchor"], kept["body"]
    heading_path, source, lines, upstream = (
        kept["heading_path"],
        kept["source"],
        kept["lines"],
        kept["upstream"],
    )
    if not (isinstance(heading, str) and isinstance(anchor, str) and isinstance(body, str)):
        return None
    if not (_strings(heading_path) and _optional_str(source) and _optional_str(upstream)):
        return None
    if lines is not None and not (
        isinstance(lines, list) and len(lines) == 2 and all(type(n) is int for n in lines)
    ):
        return None
    return SectionView(
        heading=heading,
        heading_path=tuple(heading_path),
        anchor=anchor,
        body=body,
        source=source,
        lines=(lines[0], lines[1]) if lines is not None else None,
        upstream=upstream,
    )


def _strings(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def _optional_str(value: Any) -> bool:
    return value is None or isinstance(value, str)
