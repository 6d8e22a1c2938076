"""Parse an HTML page (Sphinx output included) into one section per heading and per API entry.

The page's main content (``main_content``) is walked in document order. Headings ``h1``..``h6``
open sections; Sphinx object descriptions (``api_entries``) open sections one level below the
section around them, and the text after such an entry continues that section (its body, not its
line range, which would then overlap the entry's). A rubric in an entry's description over
member entries (flask-login's "General Configuration" in ``LoginManager``) heads a group of the
members after it, up to the next rubric. Everything else
is rendered to text (``body_text``) into the section that is open. Elements that hold no
heading or API entry are rendered whole, so only the path down to headings is walked node by
node.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import PurePosixPath

from lxml.etree import _Element as Element

from builder.errors import UnreadableDocument
from builder.model import ParsedFile, Section, Warning_
from builder.parsers import plain_text
from builder.parsers.html.api_entries import (
    entry_groups,
    is_api_list,
    is_class_machinery,
    object_terms,
    read_entry,
)
from builder.parsers.html.body_text import (
    BLOCK_TAGS,
    HEADING_TAGS,
    MAX_DEPTH,
    heading_text,
    join_inline,
    line_of,
    render_blocks,
    render_inline,
    render_row,
    space,
)
from builder.parsers.html.class_names import classes
from builder.parsers.html.content_end import load_main
from builder.parsers.html.dropped import drop_keeping_tails
from builder.parsers.html.element_text import is_element, text_of
from builder.parsers.html.front_matter import split_front_matter
from builder.parsers.html.generated_pages import (
    generated_index,
    generated_listing,
    generated_page,
    may_be_generated,
)
from builder.parsers.html.generator_blocks import (
    javadoc_comments,
    javadoc_member_heading,
    unnamed_member_heading,
)
from builder.parsers.html.generator_entries import (
    GeneratorEntry,
    built_by_sphinx,
    demote_label_headings,
    drop_haddock_links,
    generator_entries,
    read_generator_entry,
)
from builder.parsers.html.glossary_terms import TERM_ID, is_glossary_list
from builder.parsers.html.heading_anchors import heading_anchor
from builder.parsers.html.main_content import (
    find_main,
    first_h1,
    head_title,
    lines_source,
    load_document,
    opens_with_title,
    strip_chrome,
    strip_tags,
    without_site_name,
)
from builder.parsers.html.manpage_name import adopt_manpage_name
from builder.parsers.html.member_labels import show_name_separators, space_member_labels
from builder.parsers.html.mkdocstrings_headings import name_signature_headings
from builder.parsers.html.page_head import HADDOCK, JAVADOC, read_head
from builder.parsers.html.release_paragraphs import is_changelog, release_title
from builder.parsers.html.stub_pages import stub_page
from builder.parsers.html.tab_labels import interleave_tab_labels
from builder.parsers.html.template_pages import template_page
from builder.parsers.shared_text import SharedTextBudget
from schemas.anchors import TITLE_ANCHOR


def parse(text: str, relpath: str, utf8: bytes | None = None) -> ParsedFile:
    """Split an HTML page into sections of readable text (``utf8``: the text's UTF-8, when the
    caller has it); raise UnreadableDocument for an index or search page Sphinx generated, a
    source listing, a redirect stub, the not-found page or a theme's template."""
    front_title, shown = split_front_matter(text)
    if shown is not text:  # the bytes given are no longer the text's
        text, utf8 = shown, None
    head = read_head(text)
    skipped = stub_page(head, relpath) or generated_listing(head, relpath) or template_page(text)
    if skipped:
        raise UnreadableDocument(skipped)
    stem = PurePosixPath(relpath).stem or relpath
    # Most pages are parsed only as far as the end of their main content (content_end); one
    # that may be a page Sphinx generated is parsed whole, as generated_page looks at all of it.
    marked = may_be_generated(text, head)
    cut = None if marked else load_main(text, utf8)
    main, source = cut if cut is not None else (None, lines_source(text, utf8))
    document = load_document(text, utf8) if main is None else main.getroottree().getroot()
    if document is None:
        if not text.strip():
            return ParsedFile(relpath=relpath, title=stem, sections=())
        fallback = plain_text.parse(strip_tags(text), relpath)
        warning = Warning_(f"{relpath}:1", "HTML too malformed or deeply nested; read as text")
        return ParsedFile(relpath, fallback.title, fallback.sections, (warning,))
    generated = (generated_page(text, head, document) if marked else "") or generated_index(
        head, relpath, document
    )
    if generated:
        raise UnreadableDocument(generated)
    root = find_main(document, head) if main is None else main
    adopt_manpage_name(root)
    interleave_tab_labels(root, text)
    name_signature_headings(root, text)
    # A page Sphinx built holds none of the other generators' entries or labels, so their marks
    # are not looked for in its text: six scans of each page, 1% of a cold build's instructions.
    sphinx = built_by_sphinx(head)
    marks = "" if sphinx else text
    demote_label_headings(root, marks, head)
    drop_haddock_links(root, marks)
    space_member_labels(root, head)
    show_name_separators(root, head)
    # The <title> is read before chrome goes: a page without <body> loses its <head> with it.
    titled = head_title(document, head)
    # A cut page's chrome is looked for in the bytes parsed: the sidebar and footer after the
    # cut are not searched for roles and labels that no element of the tree can hold.
    strip_chrome(root, source, head, sphinx)
    # Haddock's <h1>s are a module's groups ("Documentation" where it has none), its name the
    # <title>: as the first <h1>, "Documentation" titled every such module and its entries.
    h1 = "" if head.names(HADDOCK) else first_h1(root)
    entries = generator_entries(root, marks)
    # A page with no <h1> (MkDocs' pages written from "##": 58 of python-typer-doc 0.7.0's
    # 60) is headed by its <title>, which its sections' paths name as an <h1> would be; one
    # whose first heading is its title (DocBook XSL's page of a section) is headed by that,
    # named once (Linux-PAM 1.5.2's guides: 350 of 449 sections named it twice).
    if not h1 and titled:
        titled = without_site_name(titled, document)
    titled = titled or front_title
    walker = _Walker(relpath, h1 or titled or stem, _structural(root, entries), frozenset(entries))
    walker.enclosed = javadoc_comments(root) if head.names(JAVADOC) else frozenset()
    walker.title_heads_page = not h1 and bool(titled) and not opens_with_title(root, titled)
    walker.walk(root, 0)
    return ParsedFile(relpath=relpath, title=h1 or titled or stem, sections=walker.sections())


@dataclass
class _OpenSection:
    """A section still collecting text; becomes a frozen Section at the end."""

    heading: str
    heading_path: tuple[str, ...]
    anchor: str
    level: int
    line_start: int
    line_end: int
    kind: str = "text"
    # Set once a section opens inside this one: text after an API entry still joins this
    # body, but a line range cannot hold both parts, so it keeps its first.
    range_closed: bool = False
    blocks: list[str] = field(default_factory=list)
    # An API entry's blocks: where its description starts (after its signatures), and where
    # the first entry inside it opened (None: none did); what lies between is its own text.
    described_from: int = 0
    children_from: int | None = None
    # The entries of the objects named before it in its description, which share its text,
    # and so the text it takes after its list when it says nothing.
    sharers: list[_OpenSection] = field(default_factory=list)

    def own_text(self) -> list[str]:
        """The description's blocks before the first entry inside it."""
        end = len(self.blocks) if self.children_from is None else self.children_from
        return self.blocks[self.described_from : end]


class _Walker:
    """Walks the content tree, keeping the stack of sections the current position is inside."""

    def __init__(
        self,
        relpath: str,
        title: str,
        structural: set[Element],
        generator_entries: frozenset[Element],
    ) -> None:
        self.relpath = relpath
        self.structural = structural
        # The RDoc, Haddock, pdoc and pydoctor entries the page's query found: only these are
        # read as such, not every structural element (each Sphinx section) tried again.
        self.generator_entries = generator_entries
        title_section = _OpenSection(title, (), TITLE_ANCHOR, 0, 0, 0)
        self.opened: list[_OpenSection] = [title_section]
        self.stack: list[_OpenSection] = [title_section]
        # Headings inside an API entry's description must not close the entry's ancestors.
        self.floor = 1
        # Whether the page's title (not an <h1>) is the first name in its sections' paths.
        self.title_heads_page = False
        # Blocks whose headings open sections inside them alone (javadoc's doc comments), and
        # how many levels the headings of the one walked are moved down.
        self.enclosed: frozenset[Element] = frozenset()
        self.shift = 0
        self.releases: set[int] = set()  # the sections bold release lines opened, by id
        self.changelog = is_changelog(relpath)
        # What the copies of the text one description's objects share may add to the page.
        self.shared_budget = SharedTextBudget()

    def sections(self) -> tuple[Section, ...]:
        result: list[Section] = []
        for index, section in enumerate(self.opened):
            body = "\n\n".join(section.blocks).strip()
            if index == 0 and not body:
                continue
            result.append(
                Section(
                    heading=section.heading,
                    heading_path=section.heading_path,
                    body=body,
                    source=self.relpath,
                    line_start=max(section.line_start, 1),
                    line_end=max(section.line_end, section.line_start, 1),
                    anchor=section.anchor,
                    level=section.level,
                    kind=section.kind,
                )
            )
        return tuple(result)

    def walk(self, element: Element, depth: int) -> None:
        """Route each child: headings and API entries open sections, other content is rendered."""
        if depth > MAX_DEPTH:
            self.add(render_blocks(element, depth), element)
            return
        text = element.text
        # Whitespace alone does not open a run (see join_inline).
        run: list[str] = [space(text)] if text and not text.isspace() else []
        # The rows of a table walked row by row (it holds a heading, as Doxygen's member
        # tables do) between two headings: one block, a line each, as a whole table reads.
        rows: list[str] = []
        # The stack's depth below an entry that said nothing and takes the text after it,
        # and where that text starts in its blocks.
        adopting: int | None = None
        adopted_from = 0
        for child in element:
            tag = child.tag
            if rows and tag != "tr" and isinstance(tag, str):
                self.flush_rows(rows)
            if adopting is not None and (tag in HEADING_TAGS or child in self.structural):
                self.flush(run)
                self.end_adoption(adopting, adopted_from)
                adopting = None
            if not isinstance(tag, str):  # a comment: only its tail is text
                pass
            elif tag in HEADING_TAGS:
                self.flush(run)
                self.open_heading(child)
            elif child in self.structural:
                self.flush(run)
                self.flush_rows(rows)
                if child in self.enclosed:
                    self.walk_enclosed(child, depth + 1)
                elif is_api_list(child):
                    said_nothing = self.open_api_entries(child, depth + 1)
                    if said_nothing is not None:
                        adopting, adopted_from = len(self.stack), len(said_nothing.blocks)
                        self.stack.append(said_nothing)
                elif is_glossary_list(child):
                    self.open_glossary_terms(child, depth + 1)
                elif (
                    child in self.generator_entries
                    and (entry := read_generator_entry(child)) is not None
                ):
                    self.open_generator_entry(child, entry, depth + 1)
                else:
                    self.walk(child, depth + 1)
            elif tag == "tr":
                self.flush(run)
                row = render_row(child, depth + 1)
                if row:
                    rows.append(row)
                    self.touch(child)
            elif tag == "p" and self.heads_members(child):
                self.flush(run)
                self.open_member_group(child)
            elif tag == "p" and self.changelog and (release := release_title(child)) is not None:
                self.flush(run)
                self.open_release(release, child)
            elif tag in BLOCK_TAGS:
                self.flush(run)
                self.add(render_blocks(child, depth + 1), child)
            else:
                inline = render_inline(child, depth + 1)
                run.append(inline)
                if inline.strip():
                    self.touch(child)
            tail = child.tail
            if tail and (run or not tail.isspace()):
                run.append(space(tail))
        self.flush_rows(rows)
        self.flush(run)
        if adopting is not None:
            self.end_adoption(adopting, adopted_from)

    def end_adoption(self, depth: int, start: int) -> None:
        """Close the entry at ``depth`` of the stack that took the text after its list (its
        blocks from ``start`` on), which the objects named before it share."""
        adopter = self.stack[depth]
        taken = adopter.blocks[start:]
        for sharer in adopter.sharers:
            if self.shared_budget.take(taken):
                sharer.blocks.extend(taken)
        del self.stack[depth:]

    def open_heading(self, heading: Element) -> None:
        level = int(heading.tag[1]) + self.shift
        while len(self.stack) > self.floor and self.stack[-1].level >= level:
            self.stack.pop()
        level = max(level, self.stack[-1].level + 1)
        text = javadoc_member_heading(heading, heading_text(heading))
        text = text or unnamed_member_heading(heading)
        self.push(text, heading_anchor(heading), level, heading)

    def heads_members(self, paragraph: Element) -> bool:
        """Whether ``paragraph`` is a rubric in an API entry's description right above member
        entries; one above text (numpydoc's "Examples", "Notes") stays in the entry's body."""
        if "rubric" not in classes(paragraph) or self.stack[self.floor - 1].kind != "api":
            return False
        after = paragraph.getnext()
        while after is not None and not is_element(after):
            after = after.getnext()
        return after is not None and is_api_list(after)

    def open_release(self, title: str, paragraph: Element) -> None:
        """Open a section for a bold release line, closing the previous release's: one level
        below the heading around them."""
        while len(self.stack) > self.floor and id(self.stack[-1]) in self.releases:
            self.stack.pop()
        self.push(title, heading_anchor(paragraph), self.stack[-1].level + 1, paragraph)
        self.releases.add(id(self.stack[-1]))

    def walk_enclosed(self, block: Element, depth: int) -> None:
        """Walk ``block`` with the sections its headings open under the current one, closed
        at its end."""
        saved_depth, saved_floor, saved_shift = len(self.stack), self.floor, self.shift
        # Its headings keep their levels one to another: its highest one under the current. A
        # comment may hold none, only what else makes it walked node by node (an API list).
        under = self.stack[-1].level + 1
        top = min((int(heading.tag[1]) for heading in block.iter(*HEADING_TAGS)), default=under)
        self.floor, self.shift = saved_depth, max(under - top, 0)
        self.walk(block, depth)
        del self.stack[saved_depth:]
        self.floor, self.shift = saved_floor, saved_shift

    def open_member_group(self, rubric: Element) -> None:
        """Close the group the entry's previous rubric opened, and open one for ``rubric``."""
        del self.stack[self.floor :]
        level = self.stack[-1].level + 1
        self.push(heading_text(rubric), heading_anchor(rubric), level, rubric)

    def open_api_entries(self, api_list: Element, depth: int) -> _OpenSection | None:
        """Open one section per object of ``api_list``; its dd is walked inside the section
        of its last object, and the objects named before it get that text as well, as the
        reST reader gives them (builder.parsers.rst.signature_groups). The last entry when
        it says nothing (an empty dd, at the top of its section): the text after the list,
        up to the next heading or entry, is its description, as the reST reader reads a
        description with no content (Django's '.. django-admin-option:: --deploy' over a
        paragraph at the margin, which Sphinx shows under the option)."""
        last: _OpenSection | None = None
        description: Element | None = None
        for terms, description in entry_groups(api_list):
            *named_before, own = object_terms(api_list, terms) or [terms]
            before = [self.open_api_entry(api_list, group, None, depth) for group in named_before]
            last = self.open_api_entry(api_list, own, description, depth)
            sharers = [section for section in before if section is not None]
            shared = last.own_text() if last is not None else []
            for section in sharers:
                if self.shared_budget.take(shared):
                    section.blocks.extend(shared)
            if last is not None:
                last.sharers = sharers
        said_nothing = description is None or not text_of(description).strip()
        at_top = self.stack[-1].kind != "api"
        return last if last is not None and said_nothing and at_top else None

    def open_api_entry(
        self,
        api_list: Element,
        terms: list[Element],
        description: Element | None,
        depth: int,
    ) -> _OpenSection | None:
        """The section of the object ``terms`` name, its ``description`` walked inside it;
        None for an attribute every class has that the project does not describe."""
        parent = self.stack[-1]
        entry = read_entry(api_list, terms, parent.heading if parent.kind == "api" else "")
        if is_class_machinery(api_list, entry, description):
            return None
        saved_depth, saved_floor = len(self.stack), self.floor
        self.push(
            entry.name,
            entry.anchor,
            self.stack[-1].level + 1,
            terms[0] if terms else api_list,
            kind="api",
        )
        section = self.stack[-1]
        self.floor = len(self.stack)
        if entry.signatures:
            self.add(["\n".join(f"`{signature}`" for signature in entry.signatures)], terms[-1])
        section.described_from = len(section.blocks)
        if description is not None:
            self.walk(description, depth + 1)
        del self.stack[saved_depth:]
        self.floor = saved_floor
        return section

    def open_glossary_terms(self, glossary: Element, depth: int) -> None:
        """Open a section per glossary term, its definition walked inside it; a term's
        synonyms (the other dt of its definition) lead its body."""
        for terms, definition in entry_groups(glossary):
            if not terms:  # a definition with no term above it: nothing to name a section
                continue
            saved_depth, saved_floor = len(self.stack), self.floor
            names = [name for name in (heading_text(term) for term in terms) if name]
            anchor = heading_anchor(terms[0])
            # A term with no text (only its permalink) is named by its id, as its address is.
            names = names or [anchor.removeprefix(TERM_ID)]
            self.push(names[0], anchor, self.stack[-1].level + 1, terms[0])
            self.floor = len(self.stack)
            if len(names) > 1:
                self.add([", ".join(names[1:])], terms[-1])
            if definition is not None:
                self.walk(definition, depth + 1)
            del self.stack[saved_depth:]
            self.floor = saved_floor

    def open_generator_entry(self, container: Element, entry: GeneratorEntry, depth: int) -> None:
        """Open a section for an RDoc or Haddock entry; the rest of ``container`` is its body."""
        saved_depth, saved_floor = len(self.stack), self.floor
        api = entry.entry
        self.push(api.name, api.anchor, self.stack[-1].level + 1, entry.signature, kind="api")
        self.floor = len(self.stack)
        if api.signatures:
            self.add([f"`{api.signatures[0]}`"], entry.signature)
        drop_keeping_tails([entry.signature])
        self.walk(container, depth)
        del self.stack[saved_depth:]
        self.floor = saved_floor

    def push(
        self, heading: str, anchor: str, level: int, element: Element, kind: str = "text"
    ) -> None:
        parent = self.stack[-1]
        parent.range_closed = True
        if parent.children_from is None:
            parent.children_from = len(parent.blocks)
        path = (
            (*parent.heading_path, parent.heading)
            if parent.level > 0 or self.title_heads_page
            else ()
        )
        line = line_of(element) or parent.line_end
        section = _OpenSection(heading, path, anchor, level, line, line, kind)
        self.opened.append(section)
        self.stack.append(section)

    def add(self, blocks: list[str], element: Element) -> None:
        if blocks:
            self.stack[-1].blocks.extend(blocks)
            self.touch(element)

    def touch(self, element: Element) -> None:
        """Extend the open section's line range over ``element``."""
        section = self.stack[-1]
        start = line_of(element) or section.line_end
        if not section.line_start:
            section.line_start = start
        if section.range_closed:
            return
        text = text_of(element).rstrip()
        section.line_end = max(section.line_end, start + text.count("\n"))

    def flush_rows(self, rows: list[str]) -> None:
        """Close a run of table rows (each already in the section's line range) as one block."""
        if rows:
            self.stack[-1].blocks.append("\n".join(rows))
            rows.clear()

    def flush(self, run: list[str]) -> None:
        """Close the run of loose inline text as one paragraph of the open section."""
        if not run:
            return
        text = join_inline(run)
        if text:
            self.stack[-1].blocks.append(text)
        run.clear()


def _structural(root: Element, entries: list[Element]) -> set[Element]:
    """Headings, API entries (``entries``: those RDoc and Haddock write) and every element
    above them: the parts walked node by node."""
    marked: set[Element] = set()
    for element in (*root.iter("h1", "h2", "h3", "h4", "h5", "h6", "dl"), *entries):
        if element.tag == "dl" and not (is_api_list(element) or is_glossary_list(element)):
            continue
        node: Element | None = element
        while node is not None and node not in marked:
            marked.add(node)
            if node is root:
                break
            node = node.getparent()
    return marked
