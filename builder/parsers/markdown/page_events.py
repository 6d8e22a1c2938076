"""What the Markdown parser reads a page's top-level blocks as, in order: headings, text, and
the end of a directive fence that held only API descriptions (or glossary terms); and what it
does to them once read (a lead text, a subtitle, the text after such a fence)."""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True)
class PageHeading:
    level: int
    text: str
    anchor: str
    line: int  # 0-based
    claim: int = -1  # 0-based first line the section owns, above the heading for a target
    kind: str = "text"  # "api" for an API description read from a directive
    last: int = -1  # 0-based last line of a description a fence ends; -1: the next heading's
    banner: bool = False  # an HTML heading centred or showing only images

    @property
    def first_line(self) -> int:
        return self.line if self.claim < 0 else self.claim


@dataclass(frozen=True)
class PageText:
    text: str
    line: int  # 0-based line where the text's block starts


@dataclass(frozen=True)
class FenceEnd:
    """The end of a directive fence that held only API descriptions: the last ``headings``
    headings before this are its own, and ``line`` (0-based) is its last line."""

    headings: int
    line: int


def with_lead_text(
    events: list[PageHeading | PageText], text: str, line: int
) -> list[PageHeading | PageText]:
    """``events`` led by ``text`` (at 0-based ``line``) when the page has no lead of its own:
    no text above its first heading, and that heading not a level 1 title (whose text is the
    lead). A page that opens with its "### Synopsis" under a front matter title (npm's docs)
    then reads its front matter description as the text under its title."""
    first = next((i for i, event in enumerate(events) if isinstance(event, PageHeading)), None)
    if not text or first is None or first > 0:
        return events
    heading = events[first]
    if isinstance(heading, PageHeading) and heading.level == 1:
        return events
    return [PageText(text, line), *events]


def with_subtitle(
    events: list[PageHeading | PageText], text: str, line: int
) -> list[PageHeading | PageText]:
    """``events`` with a front matter subtitle (at 0-based ``line``) under the page's title: first
    on the page, or right under a level 1 heading that opens it, as mystmd and Quarto show it."""
    if not text:
        return events
    first = 1 if events and isinstance(events[0], PageHeading) and events[0].level == 1 else 0
    return [*events[:first], PageText(text, line), *events[first:]]


def resumed_after_fences(
    events: list[PageHeading | PageText | FenceEnd],
) -> list[PageHeading | PageText]:
    """``events`` with the text after each API-only directive fence, up to the next heading,
    moved before the fence's descriptions: Sphinx puts it in the section around them, as the
    reST parser does text dedented out of a description. attrs' extending.md describes
    ``your_hook`` in an ``{eval-rst}`` fence, and the rest of "Automatic Field Transformation
    and Modification" (its example among it) read as the hook's description."""
    result: list[PageHeading | PageText] = []
    heads: list[int] = []  # where result's headings are
    # A fence's own headings and text, set aside while the text after the fence goes before
    # them (each event is set aside once: linear, where inserting each text was quadratic).
    held: list[PageHeading | PageText] = []

    def release() -> None:
        for held_event in held:
            if isinstance(held_event, PageHeading):
                heads.append(len(result))
            result.append(held_event)
        held.clear()

    for event in events:
        if isinstance(event, FenceEnd):
            release()
            if not heads:
                continue
            # Headings are always appended, so the fence's are the last ones.
            start = heads[max(len(heads) - event.headings, 0)]
            held.extend(result[start:])
            del result[start:]
            del heads[max(len(heads) - event.headings, 0) :]
            # The fence's last lines are its last written heading's (a sorted glossary's terms
            # are not in their lines' order).
            own = [i for i, e in enumerate(held) if isinstance(e, PageHeading)]
            at = max(own, key=lambda i: held[i].line)
            last = held[at]
            if isinstance(last, PageHeading):  # always: ``own`` holds headings alone
                held[at] = replace(last, last=event.line)
        elif isinstance(event, PageHeading):
            release()
            heads.append(len(result))
            result.append(event)
        else:
            result.append(event)
    release()
    return result
