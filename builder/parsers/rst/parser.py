"""Parse a reStructuredText or Sphinx source file into sections, without docutils.

docutils stops at Sphinx's roles and directives and is slow, so this is a line-based reader of
the same syntax: ``blocks`` renders the body into a stream of text blocks and headings (section
titles, and Python API descriptions that Sphinx gives their own permalink), and this module folds
that stream into sections. Title levels follow docutils: each adornment style gets the next level
the first time it appears, an overlined style being distinct from the same character underlined.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import PurePosixPath

from builder.api.model import ApiSource
from builder.includes import IncludeReader
from builder.model import ParsedFile, Section
from builder.parsers.converted_lines import on_source_lines
from builder.parsers.docutils_ids import docutils_id
from builder.parsers.rst.bibliography import page_citations
from builder.parsers.rst.blocks import render_blocks
from builder.parsers.rst.events import (
    Context,
    DocState,
    Event,
    Heading,
    Resume,
    Text,
    split_lines,
)
from builder.parsers.rst.footnotes import footnote_labels, numbered_footnotes
from builder.parsers.rst.includes import includes_footnotes
from builder.parsers.rst.inline import page_footnotes
from builder.parsers.rst.page_templates import expand_loops
from builder.parsers.rst.role_aliases import page_roles
from builder.parsers.rst.substitutions import page_substitutions
from builder.parsers.shared_text import SharedTextBudget
from schemas.anchors import TITLE_ANCHOR

__all__ = ["parse", "split_lines"]


@dataclass
class _Open:
    """A section being filled: its heading and the body blocks seen so far."""

    heading: str
    heading_path: tuple[str, ...]
    level: int
    anchor: str
    line_start: int
    last_line: int
    claim_line: int
    is_title: bool = False
    kind: str = "text"
    end_line: int = 0  # where an API description's own lines end (0: at the next section)
    follows_text: bool = False  # an API description placed right after its section's text
    blocks: list[str] = field(default_factory=list)


def parse(
    text: str,
    relpath: str,
    api: ApiSource | None = None,
    includes: IncludeReader | None = None,
) -> ParsedFile:
    """Sections of one reStructuredText file, in document order; never raises on bad markup.
    ``api`` is the version's code, which autodoc directives are filled from; ``includes``
    reads the files its include directives name (without it they bring in nothing)."""
    expanded = expand_loops(text, api)
    origins: list[int] = []
    if expanded is not None:  # a page its conf.py renders as a template (page_templates)
        text, origins = expanded
    lines = split_lines(text)
    doc = DocState(
        relpath=relpath, api=api, includes=includes, numbered_footnotes=numbered_footnotes(lines)
    )
    labels = footnote_labels(lines, doc.numbered_footnotes, includes_footnotes(lines, doc))
    with (
        page_substitutions(lines),
        page_roles(lines),
        page_footnotes(labels),
        page_citations(lines, doc),
    ):
        events = render_blocks(lines, 1, Context(), doc)
    opened = _fold(events, lines, doc.shared_budget)
    title = next((s.heading for s in opened if s.is_title and s.level == 1), "")
    titled = bool(title)
    title = title or PurePosixPath(relpath).stem
    sections: list[Section] = []
    for k, section in enumerate(opened):
        body = "\n\n".join(block for block in section.blocks if block).strip("\n")
        start = section.line_start
        anchor = section.anchor or docutils_id(section.heading or title)
        if start == 0:  # text before the first heading
            if not body:
                continue
            start = _first_non_blank(lines)
            if titled:  # the title's own id stays the title section's, as on Sphinx's page
                anchor = TITLE_ANCHOR
        limit = opened[k + 1].claim_line - 1 if k + 1 < len(opened) else len(lines)
        if section.end_line:
            limit = min(limit, section.end_line)
        end = max(_last_non_blank(lines, limit), section.last_line, start)
        sections.append(
            Section(
                heading=section.heading or title,
                heading_path=section.heading_path,
                body=body,
                source=relpath,
                line_start=start,
                line_end=end,
                anchor=anchor,
                level=section.level,
                kind=section.kind,
            )
        )
    parsed = ParsedFile(
        relpath=relpath,
        title=title,
        sections=tuple(sections),
        warnings=tuple(doc.warnings),
        api=doc.api_use(),
    )
    return on_source_lines(parsed, origins) if origins else parsed


@dataclass
class _TitleLevels:
    """Each adornment style's level: the next one the first time a style appears.

    Sphinx's ``only`` directive parses its content with the styles seen so far set aside and
    puts them back after it: a style used first inside the block takes no level outside it.
    The block's sections sit where its first title's style puts them among the page's styles,
    or under the section around the block when the page has not used that style. The page's
    parser never enters a block's sections, so the next block sits under that same section:
    consecutive blocks are siblings, not each nested in the one before.
    """

    levels: dict[str, int] = field(default_factory=dict)
    block: int = 0  # the ``only`` block being read, 0 outside one
    base: int = 0  # the level the block's first style's level is counted from
    outside: dict[str, int] = field(default_factory=dict)  # the page's, while in a block
    around: int = 0  # the level of the page's section the block sits in

    def level(self, heading: Heading, current: int) -> int:
        """The level of the title ``heading`` inside a section of level ``current``."""
        if heading.only_block != self.block:
            if self.block:
                self.levels, self.block, self.base = self.outside, 0, 0
                current = self.around
            if heading.only_block:
                page = self.levels
                known = page.get(heading.style, 0)
                self.outside, self.levels = page, {}
                self.block, self.around = heading.only_block, current
                self.base = known - 1 if known else current
        return self.base + self.levels.setdefault(heading.style, len(self.levels) + 1)


def _fold(events: list[Event], lines: list[str], budget: SharedTextBudget) -> list[_Open]:
    """Group body blocks under their headings, assigning levels and heading paths.

    Text after an API description goes back to the section that was open before it: to its
    body, though not to its line range, which ends where the description starts (one range
    cannot hold both parts), and the description's range ends with its own content. A lone
    description between two runs of that text leaves its signature line there, where Sphinx
    shows it: the text before it often ends with a colon that introduces it ("and manage the
    final termination procedure:"), and the text after it speaks of it ("This method ...").
    """
    styles = _TitleLevels()
    stack: list[tuple[int, str]] = []
    title_level = 0
    run_base: int | None = None
    current = _Open(heading="", heading_path=(), level=0, anchor="", line_start=0,
                    last_line=0, claim_line=1)  # fmt: skip
    opened = [current]
    # Each open API description, and the section it sits in.
    around_api: list[tuple[_Open, _Open]] = []
    # The section around a description that took the text after it (Resume.adopt): where the
    # text after the next description returns to.
    home: _Open | None = None
    # Descriptions whose text is the next one's (Resume.shared), and the one that took the
    # text after it with where that text starts in its blocks and who shares it.
    sharing: list[_Open] = []
    taken: tuple[_Open, int, list[_Open]] | None = None
    after_text = False  # the last event was text of the open section
    signature = ""  # of a lone description just closed, owed to the text that follows it
    # The ``only`` block whose titles opened sections, and the page's section around it (with
    # its title level and the headings above it): what follows the block is that section's
    # again, as Sphinx parses the block apart from the page (a next block too sits in it).
    only: tuple[int, _Open, int, list[tuple[int, str]]] | None = None
    for event in events:
        if isinstance(event, Resume) or only is None or event.only_block == only[0]:
            pass
        elif isinstance(event, Heading) and event.only_block:
            only = (event.only_block, *only[1:])
        else:
            _, current, title_level, stack = only
            only, run_base = None, None
        if isinstance(event, Heading) and event.style and event.only_block and only is None:
            only = (event.only_block, current, title_level, list(stack))
        if isinstance(event, Text):
            if signature and event.text:
                current.blocks.append(signature)
            current.blocks.append(event.text)
            after_text, signature = after_text or bool(event.text), ""
            continue
        followed_text, after_text = after_text, False
        if isinstance(event, Resume):
            if around_api:
                around, described = around_api.pop()
                if event.adopt:  # what follows stays in the description
                    home = around
                    taken = (described, len(described.blocks), sharing) if sharing else None
                else:
                    current = around
                    described.end_line = event.last_line
                    signature = _signature_line(described) if described.follows_text else ""
                sharing = [*sharing, described] if event.shared else []
            continue
        signature = ""
        if taken is not None:  # the text a description took ends at the next heading
            _share_taken(*taken, budget)
            taken = None
        if event.style:
            level = title_level = styles.level(event, title_level)
            run_base = None
        elif event.below_title:
            # A run of titles placed below the title around them (a docstring's, an included
            # Markdown file's) counts from that title; each holds what follows it, as a
            # title does.
            run_base = title_level if run_base is None else run_base
            level = title_level = run_base + event.below_title
        else:
            level = title_level + event.api_depth
        while stack and stack[-1][0] >= level:
            stack.pop()
        for _, described in around_api:  # a sibling after it: one of a run, not alone
            described.follows_text = described.follows_text and described.level < level
        around = home if home is not None and event.is_api else current
        home = None
        current = _Open(
            heading=event.title,
            heading_path=tuple(heading for _, heading in stack),
            level=level,
            anchor=event.anchor,
            line_start=event.line,
            last_line=event.last_line,
            claim_line=event.claim_line,
            is_title=bool(event.style),
            kind="api" if event.is_api and not event.term else "text",
            # A glossary's text after its last term is the section's, not the term's to name.
            follows_text=(
                followed_text and around is current and _holds_text(current) and not event.term
            ),
        )
        if event.is_api and not event.member:
            around_api.append((around, current))
        stack.append((level, event.title))
        opened.append(current)
    if taken is not None:
        _share_taken(*taken, budget)
    return opened


def _share_taken(taker: _Open, start: int, sharers: list[_Open], budget: SharedTextBudget) -> None:
    """Give ``sharers`` the text ``taker`` took after it (its blocks from ``start`` on), as
    far as the page's ``budget`` goes."""
    taken = taker.blocks[start:]
    for sharer in sharers:
        if budget.take(taken):
            sharer.blocks.extend(taken)


def _holds_text(section: _Open) -> bool:
    """Whether a section holds text of its own: a description's first block is its signature."""
    return len(section.blocks) > (1 if section.kind == "api" else 0)


def _signature_line(described: _Open) -> str:
    """The line a description's body starts with when it is its signature, else its name."""
    first = described.blocks[0] if described.blocks else ""
    is_signature = first.startswith("`") and first.endswith("`") and "\n" not in first
    return first if is_signature else f"`{described.heading}`"


def _first_non_blank(lines: list[str]) -> int:
    return next((i + 1 for i, line in enumerate(lines) if line), 1)


def _last_non_blank(lines: list[str], limit: int) -> int:
    """The 1-based number of the last non-blank line at or before line ``limit``."""
    i = min(limit, len(lines))
    while i > 0 and not lines[i - 1]:
        i -= 1
    return i
