"""The events reStructuredText block rendering yields, the state it threads, and its text helpers.

Block rendering turns source lines into a flat stream of events: ``Text`` (one rendered body
block), ``Heading`` (a section starts here) and ``Resume`` (an API description ended, so what
follows belongs to the section around it again). ``builder.parsers.rst.parser`` folds that
stream into sections; everything else works on plain lists of source lines whose first line
number is known, because every nested block (directive content, list item, block quote) is a
contiguous run of source lines.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from builder.api.model import ApiSource
from builder.includes import IncludeReader
from builder.model import ApiUse, Warning_
from builder.parsers.include_budget import IncludeBudget
from builder.parsers.shared_text import SharedTextBudget

# zzzeeksphinx's SQL markers in code whose language ends in "+sql": {execsql}, {printsql},
# {opensql}, {sql}, {stop} (and {exexsql}, a typo in two of SQLAlchemy 2.0's examples).
_SQL_MARKER = re.compile(r"\{(?:stop|[a-z]*sql)\}")
# Sphinx's file-wide metadata, written as fields at the top of a page (reST, or MyST with its
# fieldlist extension); not prose.
METADATA_FIELDS = frozenset({"orphan", "nocomments", "tocdepth", "nosearch", "hide-toc"})
# Deeper than this, nested blocks render as plain text: real documents stop long before, and it
# keeps hostile inputs from exhausting the Python stack.
MAX_DEPTH = 60


@dataclass(frozen=True)
class Text:
    """One rendered body block; ``is_list`` lets a list item keep a nested list tight under it."""

    text: str
    is_list: bool = False
    # The ``only`` block the text is written in (as ``Heading.only_block``): text after a
    # block whose titles opened sections is the section's around the block again.
    only_block: int = 0


@dataclass(frozen=True)
class Heading:
    """The start of a section: a title (``style`` set) or an API description (``api_depth`` >= 1).

    ``claim_line`` is the first line the section owns, so that labels written above a title
    count as part of the section they name rather than the one before it.
    """

    title: str
    line: int
    last_line: int
    claim_line: int
    anchor: str = ""
    style: str = ""
    api_depth: int = 0
    # A Markdown file's heading in a reST page, or a docstring's title: this many levels below
    # the page's title around it, with no adornment style of its own to claim a level with.
    below_title: int = 0
    # The ``only`` block a title is written in (numbered from 1 in the page; 0: none), whose
    # adornment styles Sphinx counts afresh (see ``parser._TitleLevels``).
    only_block: int = 0
    # A member an autodoc directive documents inside its object's description: no Resume of
    # its own follows it; the object's ends it too.
    member: bool = False
    # A glossary's term: nested and ended (Resume) as a description is, but a section of
    # text, not an API entry.
    term: bool = False

    @property
    def is_api(self) -> bool:
        return not self.style and not self.below_title


@dataclass(frozen=True)
class Resume:
    """The content of the API description opened by the matching ``Heading`` ended.

    Text dedented back out of ``.. function::`` belongs to the section the description sits in,
    not to the description, whose source lines end at ``last_line``.
    """

    last_line: int
    # The description said nothing of its own (no content, no docstring) at the top of its
    # section: the text after it, up to the next heading, is its description. Sphinx shows
    # that text right under the signature, and authors who leave it unindented mean it so
    # (pytest's list of ".. envvar::" entries, each followed by a flush-left paragraph).
    adopt: bool = False
    # The description names an object before the last one of the same description or run
    # (builder.parsers.rst.signature_groups): the text the next one takes after it (adopt)
    # is this one's too, as Sphinx shows it under all of them.
    shared: bool = False


Event = Text | Heading | Resume


def description_end(
    content: Sequence[str], content_first: int, line: int, *, top_level: bool = False
) -> Resume:
    """The end of a description on source line ``line`` whose content starts on
    ``content_first``: text after it returns to the section around it, unless the description
    is ``top_level`` (not inside another block) and has no content to say anything with."""
    written = [offset for offset, text in enumerate(content) if text.strip()]
    last_line = content_first + written[-1] if written else content_first - 1
    return Resume(last_line=max(last_line, line), adopt=top_level and not written)


@dataclass(frozen=True)
class Context:
    """What a nested block inherits lexically from the blocks around it."""

    depth: int = 0
    sections: bool = True
    klass: str = ""
    klass_module: str = ""
    api_depth: int = 0
    # Inside the content of an automodule read at the top level (its titles are the page's):
    # an automodule there reads its own one level down, so nesting them is bounded.
    module_content: bool = False
    # Inside the content of an ``only`` block read at the top level (its titles are the
    # page's): an ``only`` there reads its titles as lines, so nesting them is bounded.
    only_content: bool = False

    def nested(self, *, sections: bool | None = None) -> Context:
        return Context(
            depth=self.depth + 1,
            sections=self.sections if sections is None else sections,
            klass=self.klass,
            klass_module=self.klass_module,
            api_depth=self.api_depth,
            module_content=self.module_content,
            only_content=self.only_content,
        )


@dataclass
class DocState:
    """What one document's directives change for everything after them, in source order."""

    relpath: str
    module: str = ""
    program: str = ""  # the command ``.. program::`` named, whose options follow
    rst_directive: str = ""  # the ``.. rst:directive::`` whose content is being read
    c_scope: str = ""  # the C type (``.. c:struct::``) whose content is being read
    highlight: str = ""
    labels: list[tuple[str, int]] = field(default_factory=list)
    warnings: list[Warning_] = field(default_factory=list)
    api: ApiSource | None = None  # the version's code, for autodoc directives
    api_asked: bool = False  # an API directive was met, so the file depends on the code
    api_objects: int = 0  # objects documented from code
    api_without_code: str = ""  # the first API directive met when there was no code
    includes: IncludeReader | None = None  # reads the files include directives name
    include_depth: int = 0  # how many includes deep the text being read is
    include_budget: IncludeBudget = field(default_factory=IncludeBudget)  # what includes may bring
    # What the copies of the text a description's names share may add to the page.
    shared_budget: SharedTextBudget = field(default_factory=SharedTextBudget)
    only_blocks: int = 0  # ``only`` blocks whose titles were read, numbering the next
    footnotes: int = 0  # auto-numbered footnotes ("[#]", "[#name]") so far, numbering the next
    symbols: int = 0  # symbol footnotes ("[*]") so far, choosing the next one's symbol
    numbered_footnotes: frozenset[str] = frozenset()  # the numbers "[3]" footnotes take
    page: str = ""  # the page's own relpath while ``relpath`` names a file it includes
    # The files being included, outermost first, each with the options that cut it.
    include_chain: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)
    # The objects an autosummary ``:toctree:`` has had Sphinx generate a page for: one page
    # each, however many of the page's tables list it.
    generated: set[str] = field(default_factory=set)
    # The ids the page's glossary terms took, which Sphinx gives once, and how many terms it
    # numbered (term-0, term-1) for an id it could not make or had given, numbering the next.
    term_ids: set[str] = field(default_factory=set)
    numbered_terms: int = 0

    def api_use(self) -> ApiUse | None:
        """What the file's API directives took from the code; None when it has none."""
        if not self.api_asked:
            return None
        return ApiUse(self.api_objects, self.api_without_code)

    def code_for(self, directive: str, line: int) -> ApiSource | None:
        """The version's code, for an API ``directive`` at ``line``: the file depends on it
        from now on, and without code the first such directive is remembered for the note."""
        self.api_asked = True
        if self.api is None and not self.api_without_code:
            self.api_without_code = f"{directive} at {self.relpath}:{line}"
        return self.api

    def warn(self, line: int, message: str) -> None:
        self.warnings.append(Warning_(where=f"{self.relpath}:{line}", message=message))

    def footnote_label(self, label: str) -> str:
        """The label Sphinx shows for the next footnote, written ``label``: an auto-numbered
        one's (``[#]``, ``[#name]``) is the next number on the page that no numbered one
        (``[3]``) takes, as docutils counts them (setuptools' "[#setup.py] New projects are
        advised ..." was shown as written); a symbol one's the next symbol (Celery's
        optimizing guide read "[*]" over each of its three notes, docutils "*", "†", "‡")."""
        if label == "*":
            self.symbols += 1
            return footnote_symbol(self.symbols)
        if not label.startswith("#"):
            return label
        self.footnotes += 1
        while str(self.footnotes) in self.numbered_footnotes:
            self.footnotes += 1
        return str(self.footnotes)


# docutils' footnote symbols, in order; past the last they start again, doubled, then tripled.
_FOOTNOTE_SYMBOLS = "*†‡§¶#♠♥♦♣"


def footnote_symbol(number: int) -> str:
    """The symbol of a page's ``number``-th symbol footnote (from 1), as docutils gives it."""
    times, index = divmod(number - 1, len(_FOOTNOTE_SYMBOLS))
    return _FOOTNOTE_SYMBOLS[index] * (times + 1)


class RenderBlocks(Protocol):
    """The block renderer, handed to directive handlers so they can render their content."""

    def __call__(self, lines: list[str], first: int, ctx: Context, doc: DocState) -> list[Event]:
        """Render ``lines`` (source line ``first`` onwards) into events."""


def split_lines(text: str) -> list[str]:
    """Source lines, right-stripped, tabs expanded to 8-column stops as docutils does."""
    text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    if "\x0b" in text or "\x0c" in text:
        text = text.replace("\x0b", " ").replace("\x0c", " ")
    lines = text.split("\n")
    return [line.expandtabs(8).rstrip() if "\t" in line else line.rstrip() for line in lines]


def indent_of(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def dedent(lines: list[str]) -> list[str]:
    """Remove the smallest indentation of the non-blank lines from every line."""
    indents = [indent_of(line) for line in lines if line]
    cut = min(indents, default=0)
    return [line[cut:] for line in lines] if cut else list(lines)


def indented_end(lines: list[str], start: int) -> int:
    """Index after the indented block starting at ``start``, trailing blank lines excluded."""
    end = start
    j = start
    n = len(lines)
    while j < n and (not lines[j] or lines[j][0] == " "):
        if lines[j]:
            end = j + 1
        j += 1
    return end


def skip_blank(lines: list[str], start: int) -> int:
    while start < len(lines) and not lines[start]:
        start += 1
    return start


_FENCE_OPEN = re.compile(r"(`{3,})\S*$")


def fence(code: Iterable[str], language: str = "") -> str:
    """A fenced block, its fence longer than any backtick run starting a line of the code."""
    if language.endswith("+sql"):
        code = _without_sql_markers(code)
    body = [line.rstrip() for line in code]
    while body and not body[-1]:
        body.pop()
    while body and not body[0]:
        body.pop(0)
    longest = max((len(line) - len(line.lstrip("`")) for line in body), default=0)
    ticks = "`" * max(3, longest + 1)
    return "\n".join([ticks + language, *body, ticks])


def _without_sql_markers(code: Iterable[str]) -> list[str]:
    """SQLAlchemy's console examples (``pycon+sql``) without the markers its docs theme turns
    into a "show SQL" toggle (``{execsql}SELECT ...{stop}``): the SQL stays, the markers go,
    and so does a line that held nothing else."""
    lines: list[str] = []
    for line in code:
        plain = _SQL_MARKER.sub("", line)
        if plain.strip() or not line.strip():
            lines.append(plain)
    return lines


def indent_text(text: str, prefix: str) -> str:
    """Indent prose lines by ``prefix``; fenced blocks stay at column 0 so they remain fences."""
    out: list[str] = []
    closing = ""
    for line in text.split("\n"):
        if closing:
            out.append(line)
            if line == closing:
                closing = ""
            continue
        match = _FENCE_OPEN.match(line)
        if match:
            closing = match.group(1)
            out.append(line)
        else:
            out.append(prefix + line if line else line)
    return "\n".join(out)


def join_events(events: list[Event], *, tight_lists: bool = True) -> str:
    """Body text of events rendered inside a container; a nested list sits tight under its text
    (unless not ``tight_lists``: a docstring's blocks are a body's, a blank line apart)."""
    parts: list[str] = []
    for event in events:
        if isinstance(event, Resume):
            continue
        text = event.text if isinstance(event, Text) else event.title
        if not text:
            continue
        if parts and tight_lists and isinstance(event, Text) and event.is_list:
            parts.append("\n")
        elif parts:
            parts.append("\n\n")
        parts.append(text)
    return "".join(parts)
