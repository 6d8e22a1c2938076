"""Turn raw HTML and JSX found inside Markdown into plain text and the headings it declares.

One linear scan over the markup: text between tags is kept, tags and comments are dropped,
``<img>`` becomes its alt text (a status badge nothing: builder.parsers.badges), a Vue
element repeated over loaded data (``v-for``) nothing, block tags break lines (but a table
row's cells share one line, "a | b", as a Markdown table's do), and
``<h1>``..``<h6>`` become headings whose ``id`` attribute is their anchor. JSX attributes
holding ``{...}`` expressions (even ones containing ``>``) are recognised as part of their
tag, so MDX components such as ``<Tabs values={[...]}>`` disappear while their text children
stay; a ``<TabItem>`` leaves its label (or value) on a line of its own, and Hugging Face's
``<hfoption>`` its id, so the tabs' contents stay told apart, and any other component its
``title`` and ``description`` props; Mintlify's changelog entry, ``<Update label=...
description=...>``, a heading.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import dataclass

from lxml.html import defs as html_definitions

from builder.parsers.badges import is_badge, is_logo
from builder.parsers.markdown.callout_components import callout_kind
from builder.parsers.markdown.field_props import field_line

# How deep a JSX expression's braces may nest in an attribute: an object of arrays of objects
# (Starlight's <SidebarPreview config={[{ label: 'stars', items: [{ label: 'Vega' }] }]} />,
# <ThemeDesigner labels={{ presets: { label: 'Presets' } }}>) is three deep.
_EXPRESSION_DEPTH = 6


# An element inside an expression: Mintlify's and Docusaurus' icon={<svg ...>...</svg>},
# icon={<FaGithub />}. It holds no brace, so no tag a failed expression scans over can open
# an expression of its own.
_ELEMENT = r"<[^<>{}]*>"


def _braces(depth: int) -> str:
    """A ``{...}`` expression whose braces nest at most ``depth`` deep, any "<" in it opening
    an _ELEMENT."""
    pattern = rf"\{{[^{{}}<]*(?:{_ELEMENT}[^{{}}<]*)*\}}"
    for _ in range(depth - 1):
        pattern = rf"\{{[^{{}}<]*(?:(?:{pattern}|{_ELEMENT})[^{{}}<]*)*\}}"
    return pattern


# Every alternative stops at the next "<" that opens no brace-less element, so a failed match
# never rescans past it: the scan stays linear even on long lines of unbalanced quotes or
# brackets.
ATTRIBUTES = rf"""(?:"[^"<]*"|'[^'<]*'|{_braces(_EXPRESSION_DEPTH)}|[^<>"'{{}}])*+"""
_MARKUP = re.compile(
    r"<!--(?:.*?-->|.*)"
    r"|<!\[CDATA\[(?:.*?\]\]>|.*)"
    r"|<[!?][^<>]*>"
    rf"|<(/?)([A-Za-z][\w.:-]*+)({ATTRIBUTES})>",
    re.DOTALL,
)
TAG = re.compile(rf"</?[A-Za-z][\w.:-]*+{ATTRIBUTES}>")
_PIPE = re.compile(r"(?<!\\)\|")
_JSX_COMMENT = re.compile(r"\{/\*.*?\*/\}", re.DOTALL)
# A fragment's tags, "<>" and "</>", around JSX children (Nextra's card images).
_FRAGMENT = re.compile(r"</?>")
# A line break stays for markdown-it, which reads it as one as in Markdown pages: dropped, the
# words on each side ran together ("pages.<br/><br/>Function type" as "pages.Function type").
_LINE_BREAK = re.compile(r"<br\s*/?>", re.IGNORECASE)
# CommonMark's autolink, <https://example.org/page>, is a link, not a tag: MDX 1 (Docusaurus
# 2) shows it so, as Markdown does; MDX 2 refuses it, so no page that builds has one there.
_AUTOLINK = re.compile(r"<[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*>")
# An HTML element's tag written as HTML: a lowercase name, no expression in it.
_HTML_TAG = re.compile(r"</?[a-z][a-z0-9]*(?:\s[^{}<>]*)?/?>")
# A JSX expression that is a string literal shows that string: Prettier writes the space
# between a tag and text on another line as {" "}, left in the text as it was.
_JSX_STRING = re.compile(r"""\{(?:"([^"\\\n{}]*)"|'([^'\\\n{}]*)')\}""")
_ID = re.compile(r"""(?:^|\s)(?:id|name)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>/]+))""")
# An anchor alone in its paragraph: its attributes, then nothing but its closing tag.
_LONE_ANCHOR = re.compile(r"""<a(\s[^<>]*)>\s*</a\s*>""", re.IGNORECASE)
MAX_LONE_ANCHOR = 500
_ALT = re.compile(r"""(?:^|\s)alt\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>/]+))""")
_IMAGE_TAG = re.compile(r"<img(\s[^<>]*)?/?>", re.IGNORECASE)
_SRC = re.compile(r"""(?:^|\s)src\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))""")
# Docusaurus' and Starlight's <TabItem> and Fumadocs' <Tab> show the label (else the value) on
# their tab, as does a site's own tab wrapping one (TypeORM's <DatabaseTab value="mysql">).
TAB_PROPS = re.compile(
    r"""(?:^|\s)(label|value)\s*=\s*(?:"([^"]*)"|'([^']*)'|\{["'`]([^"'`]*)["'`]\})"""
)
_TAB_SUFFIXES = ("tabitem", "tab")
# Hugging Face's doc-builder shows each <hfoption id="TIES"> of an <hfoptions> set as a tab
# labelled by its id (PEFT's, Transformers' guides).
_ID_LABELLED_TAB = "hfoption"
_TAB_ID = re.compile(r"""(?:^|\s)id\s*=\s*(?:"([^"]*)"|'([^']*)')""")
_TAB_TAG = re.compile(r"<([A-Za-z][\w.:-]*)(.*)>", re.DOTALL)
# A component's title prop (<DetailedExplanation title="...">, <Admonition title="...">) is
# shown above its children; an HTML element's title is a tooltip and stays out, written in
# capitals too (old-style <IMG title="...">).
_TITLE = re.compile(r"""(?:^|\s)title\s*=\s*(?:"([^"]*)"|'([^']*)'|\{["'`]([^"'`]*)["'`]\})""")
# Its description prop is shown under the title (Starlight's <LinkCard> and <Card>).
_DESCRIPTION = re.compile(
    r"""(?:^|\s)description\s*=\s*(?:"([^"]*)"|'([^']*)'|\{["'`]([^"'`]*)["'`]\})"""
)
HTML_ELEMENTS = frozenset(html_definitions.tags)
# Mintlify's changelog entry, <Update label="2024-10-11" description="v0.1.0">: a release, an
# entry of the page's table of contents, so a heading at its top level.
_RELEASE_COMPONENT = "Update"
RELEASE_LEVEL = 2
_SPACES = re.compile(r"[ \t\r\n\f\v]+")
_HEADING_TAGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
_CENTERED = re.compile(r"""align\s*=\s*["']?center|text-align\s*:\s*center""", re.IGNORECASE)
_SKIPPED_CONTENT = frozenset({"script", "style", "template"})
# Elements HTML never closes: one repeated by v-for has no end tag to skip to.
_VOID_ELEMENTS = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
     "track", "wbr"}
)  # fmt: skip
# A Vue element repeated over data the page loads (VitePress' and VuePress' <div v-for="dep in
# data.deps">): its text is a template, "{{ dep.name }}", and shows nothing as it is written.
_VUE_LOOP = re.compile(r"(?:^|\s)v-for\s*=")
_BREAKING_TAGS = frozenset(
    {
        "address", "article", "aside", "blockquote", "br", "dd", "details", "dialog", "div",
        "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "header", "hr", "li",
        "main", "nav", "ol", "p", "pre", "section", "summary", "table", "tbody", "td", "tfoot",
        "th", "thead", "tr", "ul",
    }
)  # fmt: skip
_CELL_TAGS = frozenset({"td", "th"})
_ROW_BOUNDARIES = frozenset({"tr", "table", "thead", "tbody", "tfoot"})


@dataclass(frozen=True)
class HtmlHeading:
    """An ``<hN>`` element: its depth, plain text, ``id`` (or ""), and 0-based offset line;
    ``banner`` when it is centred or shows only images, as a logo or the project's name is set
    over a page."""

    level: int
    text: str
    anchor: str
    line: int
    banner: bool = False


@dataclass(frozen=True)
class HtmlText:
    """Readable text between headings, and the 0-based offset line where its markup began."""

    text: str
    line: int


def lone_anchor_id(paragraph: str) -> str:
    """The id of a paragraph that is only an empty anchor (``<a id="opt-mixin"></a>``, as
    GitHub-flavoured docs mark the heading below for links), or ""."""
    if not paragraph.startswith("<a") or len(paragraph) > MAX_LONE_ANCHOR:
        return ""
    match = _LONE_ANCHOR.fullmatch(paragraph.strip())
    return attribute_id(match.group(1)) if match else ""


def attribute_id(attributes: str) -> str:
    """The ``id`` (or legacy ``name``) attribute value of a tag, or ""."""
    match = _ID.search(attributes)
    return next((group for group in match.groups() if group), "") if match else ""


def _attribute_alt(attributes: str) -> str:
    match = _ALT.search(attributes)
    return next((group for group in match.groups() if group), "") if match else ""


def _image_alt(attributes: str, linked: bool, alone: bool) -> str:
    """What an ``<img>`` reads as: its alt text, or nothing for a status badge, or for a logo
    ``alone`` on its line."""
    found = _SRC.search(attributes)
    source = next((g for g in found.groups() if g), "") if found else ""
    alt = html.unescape(_attribute_alt(attributes))
    if is_badge(source, linked) or (alone and is_logo(source, alt)):
        return ""
    return alt


def inline_image_alt(tag: str, linked: bool) -> str:
    """What the inline ``<img>`` tag ``tag`` reads as in a heading or a table's cell: its alt
    text, or nothing for a status badge (or a tag that is no ``<img>``)."""
    match = _IMAGE_TAG.fullmatch(tag)
    return _image_alt(match.group(1) or "", linked, alone=False) if match else ""


def _prop(attributes: str, name: str, pattern: re.Pattern[str]) -> str:
    """The value of the prop ``pattern`` finds (named ``name``), or ""."""
    match = pattern.search(attributes) if name in attributes else None
    return next((group for group in match.groups() if group), "") if match else ""


def _is_tab(name: str) -> bool:
    """Whether an element named ``name`` is a tab, which shows its label above its content."""
    lowered = name.lower()
    return lowered.endswith(_TAB_SUFFIXES) or lowered == _ID_LABELLED_TAB


def _tab_label(attributes: str, name: str = "") -> str:
    if name.lower() == _ID_LABELLED_TAB:
        return _prop(attributes, "id", _TAB_ID)
    found = {
        m.group(1): next((g for g in m.groups()[1:] if g), "")
        for m in TAB_PROPS.finditer(attributes)
    }
    return found.get("label") or found.get("value", "")


def _tidy(pieces: list[str]) -> str:
    """Collapse whitespace as a browser would, keeping the line breaks block tags made."""
    lines = (_SPACES.sub(" ", line).strip() for line in "".join(pieces).split("\n"))
    return "\n".join(line for line in lines if line)


def split_html(markup: str, *, mdx: bool = False) -> list[HtmlHeading | HtmlText]:
    """Split a run of HTML into text chunks and headings, in order. Lines count from 0."""
    if mdx:
        markup = _without_jsx_comments(markup, _blank_keeping_lines)
    scan = _Scan()
    position, line = 0, 0
    for match in _MARKUP.finditer(markup):
        scan.add_text(_text_shown(markup[position : match.start()], mdx), line)
        line += markup.count("\n", position, match.start())
        tag_line = line
        line += markup.count("\n", match.start(), match.end())
        position = match.end()
        if match.group(2):
            name = match.group(2)
            scan.add_tag(name.lower(), bool(match.group(1)), match.group(3), tag_line)
            # In MDX a capitalised tag is a component, whatever its name (Starlight's <Aside>);
            # a custom element is Vue's too (VuePress' <code-block title="JSON Schema">).
            capitalised = name[0].isupper() and not match.group(1)
            custom = "-" in name and not match.group(1)
            if name == _RELEASE_COMPONENT and mdx and not match.group(1):
                scan.add_release(match.group(3), tag_line)
            elif custom or (capitalised and (mdx or name.lower() not in HTML_ELEMENTS)):
                scan.add_component_title(name, match.group(3), tag_line)
    scan.add_text(_text_shown(markup[position:], mdx), line)
    scan.close_heading()
    scan.flush_text()
    return scan.parts


class _Scan:
    """The state of one pass over HTML: the chunk or heading being collected, in order."""

    def __init__(self) -> None:
        self.parts: list[HtmlHeading | HtmlText] = []
        self.pieces: list[str] = []
        self.chunk_line = -1  # the line of the chunk's first text; -1 while it has none
        self.heading: list[str] | None = None  # text of the open <hN>, while one is open
        self.heading_alt: list[str] = []
        self.heading_level, self.heading_anchor, self.heading_line = 0, "", 0
        self.heading_centered = False
        self.skipping = ""  # the tag whose content is dropped (script, style, a Vue loop)
        self.skipped_depth = 0  # how many of those elements are open, nested in each other
        self.row_cells = 0  # cells so far in the table row being read
        self.in_link = False  # inside an <a>: an SVG image there is a badge

    def add_text(self, text: str, line: int) -> None:
        if not text or self.skipping:
            return
        if self.heading is not None:
            self.heading.append(html.unescape(text))
            return
        if self.chunk_line < 0 and text.strip():
            self.chunk_line = line + text.count("\n", 0, len(text) - len(text.lstrip()))
        if not self.row_cells:
            self.pieces.append(html.unescape(text))
            return
        # A row reads as its cells joined by " | ": a pipe a cell shows is written escaped, as
        # a Markdown table's is (a union type, "Foo | null", is one cell, not two).
        self.pieces.append(_PIPE.sub(r"\\|", html.unescape(text.replace("\n", " "))))

    def add_tag(self, name: str, closing: bool, attributes: str, line: int) -> None:
        if self.skipping:
            if name == self.skipping and not attributes.rstrip().endswith("/"):
                self.skipped_depth += -1 if closing else 1
                self.skipping = self.skipping if self.skipped_depth else ""
        elif name in _SKIPPED_CONTENT or _VUE_LOOP.search(attributes):
            # A repeated element without content (<img v-for>) has no end tag to skip to: it
            # alone shows nothing.
            if name in _SKIPPED_CONTENT or not (
                name in _VOID_ELEMENTS or attributes.rstrip().endswith("/")
            ):
                self.skipping, self.skipped_depth = ("", 0) if closing else (name, 1)
        elif name == "a" and self.heading is None:
            self.in_link = not closing
        elif name in _HEADING_TAGS:
            self.close_heading()
            if not closing:
                self.flush_text()
                self.heading, self.heading_alt = [], []
                self.heading_level, self.heading_line = int(name[1]), line
                self.heading_anchor = attribute_id(attributes)
                self.heading_centered = bool(_CENTERED.search(attributes))
        elif name == "img":
            # A logo in a heading names it; on a line of text it is a word of that text.
            on_text = bool(self.pieces) and bool(self.pieces[-1].rpartition("\n")[2].strip())
            alone = self.heading is None and not on_text
            alt = _image_alt(attributes, self.in_link, alone)
            if self.heading is not None:
                self.heading_alt.append(alt)
            elif alt:
                self.chunk_line = line if self.chunk_line < 0 else self.chunk_line
                self.pieces.append(f" {alt} ")
        elif self.heading is not None:
            if name == "a" and not self.heading_anchor and not closing:
                self.heading_anchor = attribute_id(attributes)
            self.heading.append(" " if name in _BREAKING_TAGS else "")
        elif _is_tab(name) and not closing:
            label = html.unescape(_tab_label(attributes, name))
            self.chunk_line = line if self.chunk_line < 0 and label else self.chunk_line
            self.pieces.append(f"\n{label}:\n" if label else "\n")
        elif name in _CELL_TAGS:
            # A row's cells on one line, "a | b", as a Markdown table's rows read.
            if not closing:
                self.pieces.append(" | " if self.row_cells else "\n")
                self.row_cells += 1
        elif name in _ROW_BOUNDARIES:
            self.row_cells = 0
            self.pieces.append("\n")
        elif name in _BREAKING_TAGS or _is_tab(name):
            self.pieces.append(" " if self.row_cells else "\n")  # a cell's lines stay in its row

    def add_component_title(self, component: str, attributes: str, line: int) -> None:
        """A block JSX component's ``title``, ``description`` and ``alt`` props, or the field an
        API field component names (``field_props``), each on a line of its own before its
        children; a callout's kind (``callout_components``) before its title."""
        field = field_line(component, attributes)
        shown = [field] if field else []
        shown += [
            text
            for name, pattern in (("title", _TITLE), ("description", _DESCRIPTION))
            if (text := _prop(attributes, name, pattern))
        ]
        # An image component's alt text, as an <img>'s reads (Haystack's <ClickableImage>).
        if "alt" in attributes and _image_alt(attributes, self.in_link, alone=True):
            shown.append(_attribute_alt(attributes))
        if kind := callout_kind(component, attributes):  # "Caution: Heads up", or "Note:"
            title = _prop(attributes, "title", _TITLE)
            shown = [f"{kind}: {title}" if title else f"{kind}:", *shown[bool(title) :]]
        if not shown or self.skipping or self.heading is not None:
            return
        if self.pieces and self.pieces[-1].rpartition("\n")[2].strip():
            return  # inside a line of text: an inline component, whose title is a tooltip
        self.chunk_line = line if self.chunk_line < 0 else self.chunk_line
        self.pieces.append("".join(f"\n{html.unescape(text)}\n" for text in shown))

    def add_release(self, attributes: str, line: int) -> None:
        """A changelog entry's label and description as a heading: each release a section,
        where they ran into one another (mem0's sdk.mdx, 25 parts of SDK & Tools)."""
        label = _tab_label(attributes)
        description = _prop(attributes, "description", _DESCRIPTION)
        text = " — ".join(html.unescape(p).strip() for p in (label, description) if p.strip())
        if not text or self.skipping or self.heading is not None:
            self.add_component_title(_RELEASE_COMPONENT, attributes, line)
            return
        self.flush_text()
        self.parts.append(HtmlHeading(RELEASE_LEVEL, _SPACES.sub(" ", text), "", line))

    def close_heading(self) -> None:
        if self.heading is not None:
            shown = _tidy(self.heading).replace("\n", " ")
            text = shown or _tidy([" ".join(self.heading_alt)])
            banner = self.heading_centered or not shown
            self.parts.append(
                HtmlHeading(
                    self.heading_level, text, self.heading_anchor, self.heading_line, banner
                )
            )
            self.heading = None

    def flush_text(self) -> None:
        text = _tidy(self.pieces)
        if text:
            self.parts.append(HtmlText(text, self.chunk_line))
        self.pieces.clear()
        self.chunk_line = -1


def html_to_text(markup: str, *, mdx: bool = False) -> str:
    """Readable text of a run of HTML; any headings in it become plain lines."""
    return "\n".join(part.text for part in split_html(markup, mdx=mdx) if part.text)


def strip_jsx(text: str) -> str:
    """Drop JSX tags, fragments and ``{/* comments */}`` from a run of MDX prose, keeping
    their text and a tab's label."""
    shown = TAG.sub(_tag_shown, _without_jsx_comments(text, ""))
    return _JSX_STRING.sub(_string_shown, _FRAGMENT.sub("", shown))


def _without_jsx_comments(text: str, shown: str | Callable[[re.Match[str]], str]) -> str:
    """``text`` with each ``{/* comment */}`` replaced by ``shown``. No comment opens after
    the last '*/}', so the search stops there: an opening with no end looked for one through
    the rest of the text, and a line of many (each '{/*') took quadratic time."""
    end = text.rfind("*/}") + 3
    return _JSX_COMMENT.sub(shown, text[:end]) + text[end:] if end > 2 else text


def _tag_shown(match: re.Match[str]) -> str:
    """A tag in prose shows nothing, but a tab's opening tag its label on a line of its own:
    markdown-it reads ``<Tabs items={["A", "B"]}>`` and the ``<Tab value="A">`` below it as a
    paragraph, not as HTML, its braces being no HTML attribute; and a callout's opening tag
    at the paragraph's start its kind. An HTML element's tag written as HTML and an autolink
    are left to markdown-it, which reads them as in a Markdown page (a <code> as code)."""
    if _LINE_BREAK.fullmatch(match.group(0)) or _AUTOLINK.fullmatch(match.group(0)):
        return match.group(0)
    tag = _TAB_TAG.match(match.group(0))
    if tag and match.start() == 0 and (kind := callout_kind(tag.group(1), tag.group(2))):
        return f"{kind}: "  # a callout opening its paragraph: <Warning>Text.</Warning>
    if tag is None or not _is_tab(tag.group(1)):
        return match.group(0) if _HTML_TAG.fullmatch(match.group(0)) else ""
    label = html.unescape(_tab_label(tag.group(2), tag.group(1)))
    return f"\n{label}:\n" if label else ""


def _text_shown(text: str, mdx: bool) -> str:
    """Text between tags as the page shows it: in MDX, string expressions read as strings."""
    return _JSX_STRING.sub(_string_shown, text) if mdx and "{" in text else text


def _string_shown(match: re.Match[str]) -> str:
    double_quoted = match.group(1)
    return double_quoted if double_quoted is not None else match.group(2)


def _blank_keeping_lines(match: re.Match[str]) -> str:
    return "\n" * match.group(0).count("\n")
