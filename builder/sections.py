"""Turn a parser's raw sections into index-ready ones: bounded, unique, and never empty.

Parsers emit one section per heading. Here, in one place for every format:
- in a changelog, a release's category subsections join the release's section
  (builder.release_notes);
- an API entry's field subsections (Parameters, Returns, Example...) join the entry's section
  (builder.entry_fields);
- an API entry that is only its signature, right before an entry of the same object, joins
  it: Sphinx's way to show a second signature (more-itertools' ``.. function:: minmax(...)``
  then ``.. autofunction:: minmax(...)``) reads as one entry with both, under the first's
  anchor, which is where references to the object land;
- a titled section whose subsections are all API entries (``Section.kind == "api"``) and whose
  own text is empty or near-empty gets a short list of them after that text, one line per
  entry (its name and signature, and the first sentence of its description), so a question
  about the topic lands on the topic (not a topic with no text titled by its one entry's
  name: the entry itself is where such a question lands);
- a heading with no text and no subsections (joi's README heads its tagline "#### The most
  powerful schema description language..." and says nothing under it) is text written large:
  its words join the section it sits in, as a paragraph after that section's own text, where
  a reader finds them; kept as a section it would be one whose heading is all it has;
- a heading with no text over other subsections lists their headings, the outline the page
  shows under it, so the links to its anchor land (execa's docs link "#graceful-termination",
  a heading over "### Share a cancelSignal" and others, 8 times); the page's title is not
  kept so, as a link to the page lands on the page;
- a section with nothing to say (no body, nothing to list) is dropped; its title lives on in
  its children's heading paths. Dropped and near-empty sections are counted for the report;
- a body longer than MAX_SECTION_CHARS is split into parts that keep the heading path
  (builder.section_parts);
- over-long headings and over-deep heading paths are cut, with a warning;
- anchors are made unique within their file.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from builder.entry_fields import fold_entry_fields
from builder.model import ParsedFile, Section, Warning_
from builder.release_notes import fold_release_notes
from builder.section_parts import FENCE, iter_blocks, split_section
from schemas.anchors import TITLE_ANCHOR, unique_anchor
from schemas.shards import NEAR_EMPTY_CHARS

MAX_HEADING_CHARS = 200
MAX_PATH_DEPTH = 12
# A heading of this many words with nothing under it reads as text written large, not as a
# label over content the build does not show ("Table of Contents" over a toctree).
MIN_TEXT_HEADING_WORDS = 6
_FULL_WIDTH_SENTENCE_ENDS = ("。", "！", "？")
# An API entry whose body is shorter than NEAR_EMPTY_CHARS says next to nothing (autodoc that had
# no code to read names the object and stops); such entries are kept but counted, and a version
# where more than this share of sections are such entries fails a --strict build. A short prose
# section ("See `pino-test`.", a changelog line, one shell command) is counted by neither: the
# docs say what they mean to.
MAX_NEAR_EMPTY_SHARE = 0.01
# The list of API entries a topic section gets: at most this many lines, each this long.
MAX_LISTED_ENTRIES = 20
MAX_ENTRY_LINE_CHARS = 160
# Of which the parameters may take this many, so a long signature leaves room for the sentence.
MAX_ENTRY_PARAMETERS_CHARS = 60
_INLINE_CODE_LINE = re.compile(r"^`[^`]+`$")
# The line autodoc's :show-inheritance: puts under a class's signature (builder.api.render):
# part of the entry's header, not the first sentence of its description.
_BASES_LINE = re.compile(r"^Bases: `[^\n]*`$")
# A docstring's titled list (builder.api.render): "Parameters:" and its items, not a sentence
# that describes the entry (platformdirs' functions, whose docstrings start with ":param").
_TITLED_LIST = re.compile(r"^[A-Z][\w ]*:\n- ")
# A heading that only dates its topic by a release: "Since 1.1.11", "New in version 3.1",
# "Added in v2.0", "Available since 4.2", "v1.2+".
_VERSION_NOTE = re.compile(
    r"(?i:(?:(?:available\s+)?since|(?:new|added|introduced|available)\s+in(?:\s+version)?)"
    r"\s+v?\d+(?:\.\d+)*\+?|v\d+(?:\.\d+)+\+)"
)
_FIRST_SENTENCE = re.compile(r".+?[.!?](?=\s|$)")


@dataclass(frozen=True)
class FinalSections:
    """One file's index-ready sections, what was wrong with them, and how many said little:
    ``empty`` were dropped for having nothing to say, ``near_empty`` are API entries kept with
    a body under NEAR_EMPTY_CHARS."""

    sections: tuple[Section, ...]
    warnings: tuple[Warning_, ...]
    empty: int = 0
    near_empty: int = 0


def finalize_sections(parsed: ParsedFile) -> FinalSections:
    """Apply the rules above to one file's sections, in document order."""
    warnings: list[Warning_] = []
    folded = fold_entry_fields(fold_release_notes(parsed.sections))
    twins = join_signature_twins(folded)
    joined = join_empty_leaves(join_version_notes(twins))
    kept = list_api_entries(joined)
    taken: set[str] = set()
    result: list[Section] = []
    for section in kept:
        section = _bound_heading(section, warnings)
        for part in split_section(section):
            anchor = unique_anchor(part.anchor, taken)
            result.append(part if anchor == part.anchor else replace(part, anchor=anchor))
    return FinalSections(
        sections=tuple(result),
        warnings=tuple(warnings),
        # A folded section or a joined heading is not dropped: its text stays.
        empty=len(folded) - len(kept) - (len(twins) - len(joined)),
        near_empty=sum(names_only_its_object(section) for section in kept if section.kind == "api"),
    )


def join_version_notes(sections: Sequence[Section]) -> list[Section]:
    """Each heading that only says which release brought its topic ("Since 1.1.11", "New in
    version 3.1", "Added in v2.0"), right below a heading with no text of its own and with no
    subsections, joined to that heading: its words the first line of the section's text.
    Elysia's configuration reference heads each option "## aot" over "###### Since 0.4.0", so
    the option's text was the section "Since 0.4.0", its name only in the heading path."""
    joined: list[Section] = []
    for index, section in enumerate(sections):
        above = joined[-1] if joined else None
        following = sections[index + 1] if index + 1 < len(sections) else None
        if (
            above is not None
            and not above.body.strip()
            and section.level > above.level
            and section.kind == above.kind == "text"
            and (following is None or following.level <= section.level)
            and _VERSION_NOTE.fullmatch(section.heading.strip())
        ):
            body = "\n\n".join(part for part in (section.heading.strip(), section.body) if part)
            joined[-1] = replace(above, body=body, line_end=max(above.line_end, section.line_end))
        else:
            joined.append(section)
    return joined


def join_empty_leaves(sections: Sequence[Section]) -> list[Section]:
    """Each heading that reads as a sentence and has no text and no subsections joined to the
    section around it: its words a paragraph after that section's own text (and its lines
    within that section's range when nothing comes between them). A heading with no section
    around it (the page's first level) has nowhere to go and stays, to be dropped with the
    other empty sections; so does a label ("Table of Contents", "Submodules") over content the
    build does not show as text (a toctree, an automodule without code)."""
    kept: list[Section] = []
    # By the index in ``kept`` of the section around: the leaves and the last line that
    # follows on from that section's own.
    joined: dict[int, tuple[list[str], int]] = {}
    around: list[int] = []  # indexes in ``kept`` of the sections open, outermost first
    last_host = -1  # the index in ``kept`` of the section the one before ended up in
    for index, section in enumerate(sections):
        while around and kept[around[-1]].level >= section.level:
            around.pop()
        following = sections[index + 1] if index + 1 < len(sections) else None
        is_leaf = following is None or following.level <= section.level
        if around and is_leaf and not section.body.strip() and reads_as_text(section.heading):
            host = around[-1]
            leaves, last_line = joined.get(host, ([], kept[host].line_end))
            # A run of such headings is already listed in the section's text by the Markdown
            # reader (builder.parsers.markdown.bare_headings): winston's "#### Contributors: ..."
            # was there twice.
            if section.heading.strip() not in _lines(kept[host].body):
                leaves.append(section.heading.strip())
            joined[host] = leaves, section.line_end if last_host == host else last_line
            last_host = host
            continue
        last_host = len(kept)
        around.append(len(kept))
        kept.append(section)
    # Gathered first and joined once: a page of many such headings under one section would
    # otherwise copy that section's growing body for each.
    for index, (leaves, last_line) in joined.items():
        around_section = kept[index]
        paragraphs = (around_section.body.strip(), *leaves)
        body = "\n\n".join(paragraph for paragraph in paragraphs if paragraph)
        line_end = max(around_section.line_end, last_line)
        kept[index] = replace(around_section, body=body, line_end=line_end)
    return kept


def _lines(body: str) -> set[str]:
    return {line.strip() for line in body.splitlines()}


def reads_as_text(heading: str) -> bool:
    """Whether a heading is a sentence written large (a tagline, a pointer to the docs site)
    rather than a label: it ends as a sentence ends, or runs to MIN_TEXT_HEADING_WORDS."""
    words = heading.split()
    return (
        len(words) >= MIN_TEXT_HEADING_WORDS
        or (len(words) > 1 and heading.rstrip().endswith((".", "!", "?")))
        # Chinese and Japanese write no spaces between words: their full-width marks end a
        # sentence, never a label ("这是目前最强大的数据验证库。" under the title).
        or (len(heading.strip()) > 2 and heading.rstrip().endswith(_FULL_WIDTH_SENTENCE_ENDS))
    )


def join_signature_twins(sections: Sequence[Section]) -> list[Section]:
    """Each signature-only API entry joined to the entry of the same object right after it."""
    joined: list[Section] = []
    for section in sections:
        before = joined[-1] if joined else None
        if before is not None and _signature_twin(before, section):
            joined[-1] = replace(
                section,
                body=f"{before.body.strip()}\n\n{section.body}",
                anchor=before.anchor,
                line_start=before.line_start,
            )
        else:
            joined.append(section)
    return joined


def _signature_twin(before: Section, section: Section) -> bool:
    # The body's lines only for two entries of one name: every section of a page is asked
    # about the one before it, and splitting each body came to a tenth of finalize_sections.
    if not (
        before.kind == section.kind == "api"
        and (before.heading, before.heading_path, before.level)
        == (section.heading, section.heading_path, section.level)
    ):
        return False
    lines = [line for line in before.body.split("\n") if line.strip()]
    return bool(lines) and all(_INLINE_CODE_LINE.match(line) for line in lines)


def is_near_empty(section: Section) -> bool:
    return len(section.body.strip()) < NEAR_EMPTY_CHARS


def names_only_its_object(entry: Section) -> bool:
    """Whether an API entry is near-empty and says nothing past its signature, as autodoc
    with no code to read writes it. A short docstring is the docs saying what they mean to:
    TOML Kit's "`clear() -> None`" and "Clear the array." counted, and four such entries of
    its 118 sections failed a --strict build whose code was read."""
    if not is_near_empty(entry):
        return False
    return all(
        not line or _INLINE_CODE_LINE.match(line) or _BASES_LINE.match(line)
        for line in (line.strip() for line in entry.body.strip().splitlines())
    )


def list_api_entries(sections: Sequence[Section]) -> list[Section]:
    """The sections to keep: a topic that says next to nothing itself and whose subsections are
    all API entries gets the list of those entries added to its body; one with no text over
    other subsections, but the page's title, lists their headings; sections left with no body
    are dropped. A topic with text of its own is found by that text, and listing its entries
    too would make it outrank them on questions about one of them."""
    kept: list[Section] = []
    title = _page_title(sections)
    for index, section in enumerate(sections):
        # Children are looked for only under a topic that says next to nothing: looking under
        # every section would cost a file time in the square of its sections.
        children = (
            _direct_children(sections, index)
            if section.kind != "api" and is_near_empty(section)
            else []
        )
        body = section.body.strip()
        listed = children and all(child.kind == "api" for child in children)
        if listed and (body or not _titles_its_entry(section, children)):
            listing = _entry_list(children)
            section = replace(section, body=f"{body}\n\n{listing}" if body else listing)
        elif children and not listed and not body and index != title:
            # Kept, so its anchor lands: the outline the page shows under its heading.
            section = replace(section, body=_entry_list(children, _outline_line))
        if section.body.strip():
            kept.append(section)
    return kept


def _page_title(sections: Sequence[Section]) -> int:
    """The index of the page's title: its first heading, when it is a top-level one or every
    other is below it; -1 when a lower one has a sibling (a page titled by its front matter
    opens with "## Overview", a sibling of the "## Usage" after it, linked as #usage is)."""
    first = next((i for i, s in enumerate(sections) if s.anchor != TITLE_ANCHOR), -1)
    level = sections[first].level if first >= 0 else 1
    below = all(s.level > level for s in sections[first + 1 :])
    return first if level <= 1 or below else -1


def _outline_line(child: Section) -> str:
    return f"- {child.heading}"


def _titles_its_entry(section: Section, children: list[Section]) -> bool:
    """Whether a topic holds one API entry and is titled by its name, as Sphinx API pages
    title one class ('Table.Meta', 'Column' over django_tables2.columns.Column): the list
    would be that entry's first sentence again, above the entry."""
    title = section.heading.strip("`").removesuffix("()")
    name = children[0].heading
    return len(children) == 1 and bool(title) and (name == title or name.endswith(f".{title}"))


def _direct_children(sections: Sequence[Section], index: int) -> list[Section]:
    """The sections one step below ``sections[index]``, in a list where levels may skip."""
    level = sections[index].level
    children: list[Section] = []
    shallowest: int | None = None
    # By index: a copy of every later section for each topic was quadratic in a page of many
    # empty headings.
    for section in (sections[k] for k in range(index + 1, len(sections))):
        if section.level <= level:
            break
        if shallowest is None or section.level <= shallowest:
            children.append(section)
            shallowest = section.level
    return children


def _entry_list(entries: list[Section], line: Callable[[Section], str] | None = None) -> str:
    lines = [(line or _entry_line)(entry) for entry in entries[:MAX_LISTED_ENTRIES]]
    if len(entries) > MAX_LISTED_ENTRIES:
        lines.append(f"… and {len(entries) - MAX_LISTED_ENTRIES} more")
    return "\n".join(lines)


def _entry_line(entry: Section) -> str:
    """ "- name(signature): first sentence.", cut to MAX_ENTRY_LINE_CHARS."""
    # The body's blocks are read only as far as its first paragraph of prose.
    signatures: list[str] = []
    prose = ""
    leading = True  # still in the signature lines the body starts with
    for block in iter_blocks(entry.body):
        lines = block.split("\n")
        if leading and all(_INLINE_CODE_LINE.match(line) for line in lines):
            signatures.extend(line[1:-1] for line in lines)
            continue
        if leading and _BASES_LINE.match(block):
            continue
        leading = False
        if _TITLED_LIST.match(block) or block[:1] == " ":
            # A list's item, or a paragraph indented under one (a parameter's second
            # paragraph): the object's own prose starts at the margin.
            continue
        if not FENCE.match(lines[0]):  # a fenced block is code, whatever its length
            prose = block
            break
    name = _entry_name(entry.heading, signatures[0] if signatures else "")
    prose = " ".join(prose.split())
    match = _FIRST_SENTENCE.match(prose)
    sentence = match.group() if match else prose
    line = f"- {name}: {sentence}" if sentence else f"- {name}"
    if len(line) > MAX_ENTRY_LINE_CHARS:
        line = line[: MAX_ENTRY_LINE_CHARS - 1].rstrip() + "…"
    return line


def _entry_name(heading: str, signature: str) -> str:
    """The qualified name with the parameters its signature shows: the heading is the full
    dotted name, the signature may spell it shorter and add a prefix ("coroutine", "class")."""
    short = heading.rpartition(".")[2]
    at = signature.find(short + "(") if short else -1
    if at < 0:
        return heading
    parameters = signature[at + len(short) :]
    if len(parameters) > MAX_ENTRY_PARAMETERS_CHARS:
        cut = parameters.rfind(", ", 0, MAX_ENTRY_PARAMETERS_CHARS)
        parameters = parameters[:cut] + ", …)" if cut > 0 else "(…)"
    return heading + parameters


def _bound_heading(section: Section, warnings: list[Warning_]) -> Section:
    where = f"{section.source}:{section.line_start}"
    heading, path = section.heading, section.heading_path
    if len(heading) > MAX_HEADING_CHARS:
        warnings.append(
            Warning_(where, f"heading of {len(heading)} characters cut to {MAX_HEADING_CHARS}")
        )
        heading = heading[: MAX_HEADING_CHARS - 1].rstrip() + "…"
    if len(path) > MAX_PATH_DEPTH or any(len(p) > MAX_HEADING_CHARS for p in path):
        if len(path) > MAX_PATH_DEPTH:
            warnings.append(
                Warning_(
                    where,
                    f"headings nested {len(path) + 1} deep; the heading "
                    f"path keeps the outermost and innermost {MAX_PATH_DEPTH}",
                )
            )
            half = MAX_PATH_DEPTH // 2
            path = path[:half] + path[-half:]
        path = tuple(
            p if len(p) <= MAX_HEADING_CHARS else p[: MAX_HEADING_CHARS - 1] + "…" for p in path
        )
    if (heading, path) == (section.heading, section.heading_path):
        return section
    return replace(section, heading=heading, heading_path=path)
