"""Render the directives of the ``changelog`` Sphinx extension (SQLAlchemy, Alembic, Mako).

``.. changelog::`` holds one release: its ``:version:`` heads a section of its own below the
page's title, as the extension's HTML heads it, with the ``:released:`` date under it. Each
``.. change::`` inside is one entry, its ``:tags:`` before its text and its ``:tickets:``
after, as the extension shows them ("[bug] [mysql] Fixed ... References: #1492"). Without
this the whole changelog read as one section of entries whose release could not be told.
``.. changelog_imports::`` includes an older changelog only so that the extension can tell
which entries it holds too: it shows nothing (SQLAlchemy's 2.0 changelog repeated the whole
1.4 changelog through it).
"""

from __future__ import annotations

from collections.abc import Mapping

from builder.parsers.docutils_ids import docutils_id
from builder.parsers.rst.events import (
    Context,
    DocState,
    Event,
    Heading,
    RenderBlocks,
    Text,
    join_events,
)

DIRECTIVES = frozenset({"changelog", "change", "changelog_imports"})


def render_changelog(
    name: str,
    options: Mapping[str, str],
    content: list[str],
    line: int,
    content_first: int,
    ctx: Context,
    doc: DocState,
    render: RenderBlocks,
) -> list[Event]:
    """A release (``changelog``) or one entry of it (``change``), the directive on source line
    ``line`` and its content from ``content_first``."""
    if name == "changelog_imports":
        return []
    rendered = render(content, content_first, ctx.nested(sections=False), doc)
    if name == "change":
        return [Text(_entry(options, join_events(rendered)))]
    version = options.get("version", "")
    released = options.get("released", "")
    events: list[Event] = []
    if version and ctx.sections and ctx.depth == 0:
        anchor = docutils_id(f"change-{version}")
        heading = Heading(version, line, line, line, anchor=anchor, below_title=1)
        events.append(heading)
    elif version:
        events.append(Text(version))
    if released:
        events.append(Text(f"Released: {released}"))
    return [*events, *rendered]


def _entry(options: Mapping[str, str], body: str) -> str:
    tags = " ".join(f"[{tag}]" for tag in _listed(options.get("tags", "")))
    tickets = _listed(options.get("tickets", "") or options.get("ticket", ""))
    pulls = _listed(options.get("pullreq", ""))
    references = [*(f"#{t}" for t in tickets), *(f"pull request {p}" for p in pulls)]
    text = body
    if tags:  # on a line of its own above a block, as a label is
        text = f"{tags}\n{body}" if body.startswith(("```", "- ", "1. ")) else f"{tags} {body}"
    if references:
        text = f"{text.rstrip()}\n\nReferences: {', '.join(references)}"
    return text.strip()


def _listed(value: str) -> list[str]:
    return [item.strip() for item in value.split(",") if item.strip()]
