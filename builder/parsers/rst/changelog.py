"""Render the directives of the ``changelog`` Sphinx extension (SQLAlchemy, Alembic, Mako),
and of Litestar's extension of the same names.

``.. changelog::`` holds one release: its ``:version:`` heads a section of its own below the
page's title, as the extension's HTML heads it, with the ``:released:`` date under it. Each
``.. change::`` inside is one entry, its ``:tags:`` before its text and its ``:tickets:``
after, as the extension shows them ("[bug] [mysql] Fixed ... References: #1492"). Without
this the whole changelog read as one section of entries whose release could not be told.
``.. changelog_imports::`` includes an older changelog only so that the extension can tell
which entries it holds too: it shows nothing (SQLAlchemy's 2.0 changelog repeated the whole
1.4 changelog through it). Litestar's (litestar-org's projects) names the release in the
directive's argument, its date in ``:date:``, and each change's title in its argument, with its
``:type:``, ``:breaking:``, ``:issue:`` and ``:pr:``: the title leads the entry, after its
type. Lowdown's (ftrack's projects) ``.. release:: 0.2.1`` is Litestar's ``changelog`` by
another name, and its ``.. change:: fixed`` names the change's category in one word, a label as
a type is.
"""

from __future__ import annotations

import re
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
from builder.parsers.rst.inline import render_inline

DIRECTIVES = frozenset({"changelog", "change", "changelog_imports", "release"})


def render_changelog(
    name: str,
    argument: str,
    options: Mapping[str, str],
    content: list[str],
    line: int,
    content_first: int,
    ctx: Context,
    doc: DocState,
    render: RenderBlocks,
) -> list[Event]:
    """A release (``changelog``, Lowdown's ``release``) or one entry of it (``change``), the
    directive on source line ``line`` (``argument``: the text after its name) and its content
    from ``content_first``."""
    if name == "changelog_imports":
        return []
    rendered = render(content, content_first, ctx.nested(sections=False), doc)
    if name == "change":
        title = render_inline(argument.strip())
        if title and " " not in title and "type" not in options:
            # Lowdown's (ftrack's projects) one word is the change's category ("new",
            # "fixed"), which it shows as a label, not a title.
            options = {**options, "type": title}
            title = ""
        body = join_events(rendered)
        return [Text(_entry(options, f"{title}\n\n{body}".strip() if title else body))]
    version = options.get("version", "") or argument.strip()
    released = options.get("released", "") or options.get("date", "")
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
    breaking = ["breaking"] if "breaking" in options else []
    # A tag may hold a space (dogpile.cache's ":tags: change: py3k"); only commas part tags.
    written = [options.get("type", ""), *options.get("tags", "").split(",")]
    labels = [*(tag.strip() for tag in written if tag.strip()), *breaking]
    tags = " ".join(f"[{tag}]" for tag in labels)
    issues = options.get("tickets", "") or options.get("ticket", "") or options.get("issue", "")
    tickets = _listed(issues)
    pulls = _listed(options.get("pullreq", "") or options.get("pr", ""))
    references = [*(f"#{t}" for t in tickets), *(f"pull request {p}" for p in pulls)]
    text = body
    if tags:  # on a line of its own above a block, as a label is
        text = f"{tags}\n{body}" if body.startswith(("```", "- ", "1. ")) else f"{tags} {body}"
    if references:
        text = f"{text.rstrip()}\n\nReferences: {', '.join(references)}"
    return text.strip()


def _listed(value: str) -> list[str]:
    """The references of an option, comma- or space-separated (Litestar's ``:pr: 4990 4991``)."""
    return [item for item in re.split(r"[,\s]+", value) if item]
