"""Render markdown-it block tokens as the plain-text section bodies every parser produces.

Inline code keeps its backticks, struck-through text its ``~~``, links become their text,
images their alt text (a status badge nothing: builder.parsers.badges), lists
"- item" / "1. item" with nested content indented two spaces, tables "cell | cell" rows,
block quotes "> text", admonitions "Note: text", definition lists "term" then the definition
indented two spaces, and code as fenced blocks. MyST roles read as their text, ``{{ name }}``
substitutions as their value, and directive fences are handed to the renderer the document
carries (:mod:`builder.parsers.markdown.myst_directives`); MyST targets, comments and block breaks
leave nothing behind.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from urllib.parse import unquote

from markdown_it.token import Token

from builder.parsers.labelled_text import labelled
from builder.parsers.markdown.classed_callouts import classed_callout
from builder.parsers.markdown.code_annotations import code_without_markers
from builder.parsers.markdown.code_blocks import (
    CODEHILITE,
    fenced,
    python_markdown_code,
    runs_unshown,
    terminal_code,
    titled_fence,
)
from builder.parsers.markdown.code_references import (
    CODE_REFERENCES_ENV_KEY,
    has_code_references,
    resolve_code_references,
)
from builder.parsers.markdown.docsify import split_callout
from builder.parsers.markdown.document import Document, match_closers
from builder.parsers.markdown.embedded_html import attribute_id, html_to_text, inline_image_alt
from builder.parsers.markdown.emoji_shortcodes import show_shortcodes
from builder.parsers.markdown.footnotes import (
    FOOTNOTE_DEFINITION,
    continues_footnote,
    without_footnote_marks,
)
from builder.parsers.markdown.highlight_comments import without_highlight_comments
from builder.parsers.markdown.inline_tokens import (
    CODE_TAG,
    is_myst_autolink,
    is_picture_part,
    joins_wide_text,
    marks_code_span,
    next_type,
    reads_as_nothing,
)
from builder.parsers.markdown.jsdoc_links import has_inline_links, show_inline_links
from builder.parsers.markdown.link_definitions import is_link_definitions
from builder.parsers.markdown.markdown_callouts import paragraph_callout, quoted_callout
from builder.parsers.markdown.mdbook_code import shown_lines
from builder.parsers.markdown.mdx import strip_inline_jsx
from builder.parsers.markdown.mkdocs_flavor import mkdocs_markdown
from builder.parsers.markdown.mkdocstrings import TOKEN_TYPE as MKDOCSTRINGS_TOKEN
from builder.parsers.markdown.myst_syntax import directive_name, render_role
from builder.parsers.markdown.pandoc_divs import callout_kind
from builder.parsers.markdown.python_markdown import (
    code_span_text,
    drop_abbreviations,
    read_bracketed_spans,
    read_marks,
    resolve_cross_references,
    strip_attributes_and_icons,
)
from builder.parsers.markdown.svelte_code import code_metadata
from builder.parsers.markdown.switched_code import has_filename_mark, switched_blocks
from builder.parsers.markdown.tabbed import OPEN as TABBED_OPEN
from builder.parsers.markdown.tabbed import TABS_CONTAINER
from builder.parsers.markdown.table_code_pipes import escape_cell_bars
from builder.parsers.markdown.twoslash import is_twoslash, is_twoslash_include, shown_code
from builder.parsers.reference_titles import (
    document_title,
    humane_label,
    label_title,
    names_a_generated_page,
)
from builder.parsers.rst.events import METADATA_FIELDS
from builder.parsers.wide_breaks import join_wide_lines

# Content without these characters renders to itself, so most paragraphs skip inline parsing.
_NEEDS_INLINE = re.compile(r"[\\`*_\[\]!<&~$]| \n|\{\{|\{@")
# markdown-it's inline parser runs at well under 1 MB/s on dense markup; a paragraph longer
# than this is not prose a person wrote, so it is kept as its raw text instead.
MAX_INLINE_CHARS = 100_000
_WHITESPACE = re.compile(r"\s{2,}|[\t\n]")
# A dotted Python name ("myst_parser.sphinx_ext.main.setup_sphinx"), which a label is not.
_PYTHON_NAME = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+")
_LINE_BREAK = re.compile(r"<br\s*/?>", re.IGNORECASE)
# Inline HTML that opens or closes a block (a list in a table cell, which Markdown cannot hold:
# "<ul><li>CPython</li><li>Jython</li></ul>"): what it holds is apart from the text around it.
_BLOCK_TAG = re.compile(
    r"</?(?:blockquote|dd|div|dl|dt|h[1-6]|hr|li|ol|p|table|td|th|tr|ul)\b[^>]*>", re.IGNORECASE
)
# Inline HTML that strikes text through, read as Markdown's "~~" marks.
_STRUCK_TAG = re.compile(r"</?(?:s|del|strike)\s*>", re.IGNORECASE)
_ALERT = re.compile(r"\[!(\w+)\]\s*")
# A list item that is only a MyST {ref} (with or without a title).
_REF_ONLY = re.compile(r"\{(?:std:)?ref\}`(?:([^`<]+)|[^`<]*<([^`>]+)>)`\.?")
# The alerts' earlier form, GitHub's beta of 2022: the kind in bold alone on the quote's first
# line ("> **Note**", "> **Warning:**"); in a sentence ("> **Note** that ...") it is emphasis.
_BOLD_ALERT = re.compile(
    r"\*\*(Note|Tip|Important|Warning|Caution)(:?)\*\*:?[ \t]*\n(?=\S)", re.IGNORECASE
)
_ADMONITION_KIND = re.compile(r"\{?([A-Za-z][\w-]*)\}?")
# remark-directive's container: a name, its label in brackets, attributes in braces.
_CONTAINER_ATTRIBUTES = re.compile(r"(?:^|(?<![ \t])[ \t]+)\{[^{}\n]*\}[ \t]*$")
_DIRECTIVE_HEADER = re.compile(r"([A-Za-z][\w-]*)(?:\[([^\]\n]*)\])?(?:\{[^{}\n]*\})?")
# pymdownx.blocks whose title is the whole label: a collapsible part, a tab.
_TITLED_BLOCKS = frozenset({"details", "tab", "admonition"})
_BLOCK_OPTION = re.compile(r"[\w-]+:(?:[ \t].*)?")  # a YAML "key: value" line
_SUBSTITUTION = re.compile(r"\{\{\s*([\w.-]+)\s*\}\}")
# A link reference definition on a line of its own under a footnote's definition: it shows
# nothing (block_rules reads a "[^1]: link" line as a footnote's, not as a reference
# definition, so the definitions below it are lines of its paragraph).
_REFERENCE_LINE = re.compile(r"^ {0,3}\[(?!\^)[^\]\n]+\]:[ \t]*\S[^\n]*\n?", re.MULTILINE)
# Blocks that only steer MyST's build: a ``(label)=`` target, a ``% comment``, a ``+++`` break.
# A mkdocstrings block inside another block is described apart (mkdocstrings_page).
_SILENT_BLOCKS = frozenset({"hr", "front_matter", "myst_target", "myst_line_comment",
                            "myst_block_break", MKDOCSTRINGS_TOKEN})  # fmt: skip


def _footnote_definitions(doc: Document, content: str) -> str:
    """A paragraph that opens with a footnote's definition, one "[label] text" each: a line
    that starts "[^label]:" starts the next one, blank line or not (Python-Markdown, GFM)."""
    starts = [m for m in FOOTNOTE_DEFINITION.finditer(content) if m.group(1) in doc.footnotes]
    notes = []
    for definition, following in zip(starts, [*starts[1:], None], strict=True):
        end = following.start() if following else len(content)
        written = _REFERENCE_LINE.sub("", content[definition.end() : end])
        text = render_inline(doc, written)[0]
        notes.append(f"[{definition.group(1)}] {text}".rstrip())
    return "\n\n".join(notes)


def render_inline(
    doc: Document, content: str, *, heading: bool = False, cell: bool = False
) -> tuple[str, str]:
    """Plain text of inline Markdown source, and the first ``id``/``name`` of inline HTML in it.

    Headings drop the backticks around code: their text is a title, not prose. In a heading or
    a table's ``cell`` a logo keeps its alt text: it names the heading, or the cell's column.
    """
    if doc.mdx:
        content = strip_inline_jsx(content)
    if (mkdocs := mkdocs_markdown()) is not None:
        content = read_marks(content, mkdocs.extensions)
    elif len(content) <= MAX_INLINE_CHARS:  # its code spans are matched as the parse would
        content = read_bracketed_spans(content)
    if len(content) > MAX_INLINE_CHARS or not _NEEDS_INLINE.search(content):
        # Python-Markdown's attribute lists and icons go even where no inline parse runs.
        content = strip_attributes_and_icons(content)
        if _shows_shortcodes(content, heading) and len(content) <= MAX_INLINE_CHARS:
            content = show_shortcodes(content)  # no code span: it would need the parse
        return _WHITESPACE.sub(" ", join_wide_lines(content)).strip(), ""
    children: list[Token] = []
    references = doc.env.get("references", {})
    markdown = resolve_cross_references(content, references, wrapped=mkdocs is not None)
    if doc.env.get(CODE_REFERENCES_ENV_KEY) and has_code_references(markdown):
        markdown = resolve_code_references(markdown, references)
    doc.md.inline.parse(markdown, doc.md, doc.env, children)
    anchor: list[str] = []
    text = "".join(_inline_text(doc, children, heading, anchor, named=heading or cell))
    return text.strip(), anchor[0] if anchor else ""


def _inline_text(
    doc: Document,
    children: Sequence[Token],
    heading: bool,
    anchor: list[str],
    named: bool = False,
) -> list[str]:
    out: list[str] = []
    in_code = 0  # how many <code>, <pre> or <tt> tags are open
    pictures_only = not (heading or named) and all(map(is_picture_part, children))
    for position, child in enumerate(children):
        kind = child.type
        if kind == "html_inline" and (tag := CODE_TAG.fullmatch(child.content)):
            in_code = max(in_code - 1, 0) if tag.group(1) else in_code + 1
            if not heading and marks_code_span(children, position, tag):
                out.append("`")
        if kind == "text":
            content = child.content
            if is_myst_autolink(children, position):  # "<project:#label>": as "[](...)" reads
                content = _link_target_text(doc, str(children[position - 1].attrs["href"]))
            if "{{" in content:
                content = _SUBSTITUTION.sub(lambda match: _substitute(doc, match), content)
            content = strip_attributes_and_icons(content)
            if _shows_shortcodes(content, heading) and not in_code:
                content = show_shortcodes(content)
            if doc.footnotes and "[^" in content:
                content = without_footnote_marks(doc, content)
            if has_inline_links(content):
                content = show_inline_links(content)
            # HTML shows a run of spaces as one; dropped tags must not leave double spaces.
            text = _WHITESPACE.sub(" ", content)
            out.append(
                text[1:] if text[:1] == " " and out and out[-1][-1:] in (" ", "\n") else text
            )
        elif kind == "text_special":
            out.append(child.content)
        elif kind in ("s_open", "s_close") and not heading:
            # Struck through is said of a feature or option the project no longer has (mockjs'
            # "~~Generate simulated data according to HTML-based templates~~"): without its
            # marks the line says the opposite.
            out.append(child.markup)
        elif kind == "html_inline" and not heading and _STRUCK_TAG.fullmatch(child.content):
            out.append("~~")  # <s>, <del>, <strike>: a deprecated prop's row (wot-design-uni)
        elif kind == "myst_role":
            out.append(render_role(child.meta["name"], child.content, doc.labels, heading=heading))
        elif kind in ("math_inline", "math_inline_double"):
            out.append(f"{child.markup}{child.content}{child.markup}")
        elif kind == "code_inline":
            code = child.content
            if (mkdocs := mkdocs_markdown()) is not None:
                code = code_span_text(code, mkdocs.extensions)
            fence = "" if heading else child.markup
            pad = " " if code[:1] == "`" or code[-1:] == "`" else ""
            out.append(f"{fence}{pad}{code}{pad}{fence}" if fence else code)
        elif kind in ("softbreak", "hardbreak") and out and out[-1][-1:] == "\n":
            continue  # the end of a line a <br> already broke
        elif kind == "softbreak" and out and joins_wide_text(out[-1], children, position):
            continue  # a line wrapped between two Chinese characters reads as none
        elif kind == "softbreak":
            out.append(" ")
        elif kind == "hardbreak":
            out.append(" " if heading else "\n")
        elif kind == "link_open" and next_type(children, position) == "link_close":
            # MyST's "[](#label)": a link without text reads as what it points to.
            out.append(_link_target_text(doc, str(child.attrs.get("href", ""))))
        elif kind == "image" and reads_as_nothing(children, position, pictures_only):
            continue
        elif kind == "image":
            out.extend(_inline_text(doc, child.children or [], heading, anchor))
        elif kind == "html_inline" and named and child.content[:4].lower() == "<img":
            # A logo written as HTML names its heading as a Markdown image does (Waterline's
            # "# [<img alt="Waterline logo"/>](...)" headed its page with nothing).
            linked = position > 0 and children[position - 1].type == "link_open"
            out.append(inline_image_alt(child.content, linked))
        elif kind == "html_inline" and _LINE_BREAK.fullmatch(child.content):
            # Dropped with the other tags, a <br> ran the words or code spans on each side
            # together ("`eslint Release`<br>`RELEASE_TYPE`" became one code span).
            out.append(" " if heading else "\n")
        elif kind == "html_inline" and _BLOCK_TAG.fullmatch(child.content):
            if out and out[-1][-1:] not in (" ", "\n"):
                out.append(" " if heading else "\n")
        elif kind == "html_inline" and not anchor and child.content[:2].lower() == "<a":
            found = attribute_id(child.content[2:])
            if found:
                anchor.append(found)
    return out


def _shows_shortcodes(text: str, heading: bool) -> bool:
    """Whether ``text`` may hold emoji shortcodes to show. MkDocs reads its own with the
    marks; a heading keeps its shortcodes, which its GitHub anchor is made from
    ("## :sparkles: Features" is #sparkles-features)."""
    return ":" in text and not heading and mkdocs_markdown() is None


def _link_target_text(doc: Document, href: str) -> str:
    """What a MyST link without text shows: a document's title, the heading a label names (in
    this file, else in the version), a Python object's name as code, an intersphinx object's
    name, else the target's last part in words. Quarto's interlinks filter links to an object
    as "[](`package.name`)": the object's name, as code (with a leading ~, its last part, as
    Sphinx shortens a role's target)."""
    name = unquote(href)
    if len(name) > 2 and name[0] == name[-1] == "`" and "`" not in name[1:-1]:
        shown = name[1:-1].strip()
        return f"`{shown[1:].rpartition('.')[2] if shown.startswith('~') else shown}`"
    if name.startswith("inv:"):  # "inv:sphinx:std:confval#today_fmt", "inv:#*.Sphinx"
        shown = name.rpartition("#")[2].strip("*.") or name
        # A document's path ("inv:sphinx#usage/configuration") reads as its name in words.
        return humane_label(shown.rpartition("/")[2]) if "/" in shown else shown
    target = href.removeprefix("project:").removeprefix("path:")
    if "://" in href or not target.lstrip("#"):
        return href
    if "#" not in target and (title := document_title(target)):
        return title
    label = target.rpartition("#")[2] or target
    title = doc.labels.get(label.lower()) or label_title(label)
    if title:
        return title
    if target[:1] == "#" and _PYTHON_NAME.fullmatch(label):  # "[](#pkg.func)": the object
        return f"`{label}`"
    return humane_label(label.rpartition("/")[2].removesuffix(".md"))


def _substitute(doc: Document, match: re.Match[str]) -> str:
    """A ``{{ name }}`` substitution's value (one level deep; a value of several lines, the
    text of its blocks), else the name itself."""
    value = doc.substitutions.get(match.group(1))
    if value is None:
        return match.group(1)
    if "\n" in value:  # blocks (a table cell's note), read as one line
        return " ".join(" ".join(_value_blocks(doc, match.group(1), value)).split())
    if "{{" in value or not _NEEDS_INLINE.search(value):
        return value
    return render_inline(doc, value)[0]


def _block_substitution(doc: Document, index: int) -> str | None:
    """A paragraph that is only ``{{ name }}`` of a value that spans lines: the blocks its
    value's Markdown makes, as MyST reads a substitution on a line of its own (MyST-Parser's
    docs: a ``{note}`` fence); None for any other paragraph."""
    reference = _SUBSTITUTION.fullmatch(doc.tokens[index + 1].content.strip())
    value = doc.substitutions.get(reference.group(1)) if reference else None
    if reference is None or value is None or "\n" not in value:
        return None
    return "\n\n".join(_value_blocks(doc, reference.group(1), value))


def _value_blocks(doc: Document, name: str, value: str) -> list[str]:
    """The blocks substitution ``name``'s Markdown ``value`` makes, the values of several
    lines it names read as their names: one naming itself, or a few naming each other many
    times over, would not end or would fill the memory."""
    others = {k: v for k, v in doc.substitutions.items() if "\n" not in v}
    return _markdown_blocks(doc, value, others)


def _markdown_blocks(doc: Document, text: str, substitutions: Mapping[str, str]) -> list[str]:
    """The blocks Markdown ``text`` makes, read as a part of ``doc``."""
    tokens = doc.md.parse(text, doc.env)
    nested = replace(
        doc,
        tokens=tokens,
        closers=match_closers(tokens),
        substitutions=substitutions,
        source=text.split("\n"),
        source_first=0,
    )
    return render_blocks(nested, 0, len(tokens))


def render_blocks(doc: Document, start: int, end: int) -> list[str]:
    """Render the block tokens in ``[start, end)`` as a list of text blocks."""
    blocks: list[str] = []
    index = start
    tokens = doc.tokens
    while index < end:
        token = tokens[index]
        close = doc.closers[index]
        text = _render_block(doc, token, index, close)
        if text:
            blocks.append(text)
        index = close + 1
    return blocks


def _render_block(doc: Document, token: Token, index: int, close: int) -> str:
    kind = token.type
    if kind == "paragraph_open" and (callout := split_callout(doc.tokens[index + 1].content)):
        return labelled(callout[0], render_inline(doc, callout[1])[0])
    if kind == "paragraph_open" and (kind_mark := paragraph_callout(doc, index)):
        text = doc.tokens[index + 1].content[kind_mark.end() :]
        return labelled(kind_mark.group(1).capitalize(), render_inline(doc, text)[0])
    if kind == "paragraph_open" and doc.footnotes:
        content = doc.tokens[index + 1].content
        definition = FOOTNOTE_DEFINITION.match(content)
        if definition and definition.group(1) in doc.footnotes:
            return _footnote_definitions(doc, content)
    if kind == "paragraph_open" and is_link_definitions(doc.tokens[index + 1].content):
        return ""
    if kind == "paragraph_open" and (blocks := _block_substitution(doc, index)) is not None:
        return blocks
    if kind == "paragraph_open":
        return render_inline(doc, drop_abbreviations(doc.tokens[index + 1].content))[0]
    if kind == "heading_open":
        return render_inline(doc, doc.tokens[index + 1].content)[0]
    if kind in ("fence", "colon_fence") and doc.directive and directive_name(token.info):
        return doc.directive(doc, token)
    if kind == "fence" and (runs_unshown(token.info) or is_twoslash_include(token.info)):
        return ""
    if kind == "fence":
        code = code_without_markers(doc.tokens, index, doc.closers)
        before = doc.tokens[index - 1] if index else None
        if before is not None and before.type == "html_block":
            code = terminal_code(before.content, code)
        code = shown_code(code) if is_twoslash(token.info) else code
        code = shown_lines(code, token.info)
        if has_filename_mark(code):  # NestJS' "@@filename(app.module)", "@@switch"
            return switched_blocks(token.info, code)
        language = token.info.split(maxsplit=1)[0] if token.info.strip() else ""
        file, code = code_metadata(code, language)
        block = titled_fence(token.info, without_highlight_comments(code, token.info))
        return labelled(file, block) if file and block else block
    if kind in ("math_block", "math_block_label", "amsmath"):
        return f"```math\n{token.content.strip()}\n```"
    if kind == "code_block" and continues_footnote(doc, index):
        # An indented block under a footnote's definition is more of the footnote (its next
        # paragraphs, code, a directive), in Python-Markdown, GFM and MyST alike: no code.
        return "\n\n".join(_markdown_blocks(doc, token.content, doc.substitutions))
    if kind == "code_block":
        mkdocs = mkdocs_markdown()
        if mkdocs is not None:
            return python_markdown_code(token.content, not CODEHILITE.isdisjoint(mkdocs.extensions))
        return fenced("", token.content)
    if kind == "html_block":
        return html_to_text(token.content, mdx=doc.mdx)
    if kind in ("bullet_list_open", "ordered_list_open"):
        return _render_list(doc, index, close)
    if kind == "blockquote_open":
        return _render_quote(doc, index, close)
    if kind == "table_open":
        return _render_table(doc, index, close)
    if kind == "admonition_open" or kind.startswith("container_"):
        return _render_admonition(doc, token, index, close)
    if kind == TABBED_OPEN:  # '=== "pip"': the tab's title, then what it shows
        title = render_inline(doc, token.info, heading=True)[0]
        return _tab(title, render_blocks(doc, index + 1, close))
    if kind == "dl_open":
        return _render_definitions(doc, index, close)
    if kind == "field_list_open":
        return _render_fields(doc, token, index, close)
    if kind in _SILENT_BLOCKS or token.nesting == -1:
        return ""
    if token.nesting == 1:
        return "\n\n".join(render_blocks(doc, index + 1, close))
    return token.content.strip()


def _tab(title: str, blocks: list[str]) -> str:
    """A tab's title, then what it shows; a tab that shows no text (a screenshot drawn from
    elsewhere) leaves nothing, its title alone being no content."""
    shown = "\n\n".join(block for block in blocks if block)
    if not shown:
        return ""
    # A tab whose first block is titled as the tab is (Textual's '=== "app.py"' over a
    # ```python title="app.py" fence) shows the title once, as Material does.
    if shown.startswith(labelled(title, "") + "\n"):
        return shown
    return labelled(title, shown)


def _indent(text: str, first: str) -> str:
    """Prefix the first line with ``first`` and indent the others two spaces."""
    lines = text.split("\n")
    rest = [f"  {line}" if line else "" for line in lines[1:]]
    return "\n".join([f"{first}{lines[0]}".rstrip(), *rest])


def _render_list(doc: Document, index: int, close: int) -> str:
    items: list[str] = []
    ordered = doc.tokens[index].type == "ordered_list_open"
    item = index + 1
    while item < close:
        token = doc.tokens[item]
        item_close = doc.closers[item]
        if token.type == "list_item_open" and not _links_to_a_generated_page(doc, item):
            marker = f"{token.info or len(items) + 1}. " if ordered else "- "
            blocks = render_blocks(doc, item + 1, item_close)
            tight = item + 1 < item_close and doc.tokens[item + 1].hidden
            items.append(_indent(("\n" if tight else "\n\n").join(blocks), marker))
        item = item_close + 1
    return "\n".join(items)


def _links_to_a_generated_page(doc: Document, item: int) -> bool:
    """Whether the list item at ``item`` is only a MyST ``{ref}`` to a page Sphinx generates
    (sphinx-quickstart's "Indices and tables", kept in a MyST index.md)."""
    if doc.closers[item] != item + 4 or doc.tokens[item + 2].type != "inline":
        return False
    link = _REF_ONLY.fullmatch(doc.tokens[item + 2].content.strip())
    return link is not None and names_a_generated_page(link.group(1) or link.group(2))


def _render_definitions(doc: Document, index: int, close: int) -> str:
    """Each term on its own line, its definitions below it indented two spaces."""
    entries: list[str] = []
    item = index + 1
    while item < close:
        token = doc.tokens[item]
        if token.type == "dt_open":
            entries.append(render_inline(doc, doc.tokens[item + 1].content)[0])
        elif token.type == "dd_open":
            text = "\n\n".join(render_blocks(doc, item + 1, doc.closers[item]))
            entry = entries.pop() if entries else ""
            entries.append(f"{entry}\n{_indent(text, '  ')}".strip("\n"))
        item = doc.closers[item] + 1
    return "\n\n".join(entries)


def _render_fields(doc: Document, token: Token, index: int, close: int) -> str:
    """Each field "name: body" on a line of its own, the body's further lines indented two
    spaces, as the reST parser reads a field list; at the page's top level the fields Sphinx
    reads as file-wide metadata (``:orphan:``) show nothing."""
    fields: list[str] = []
    name = ""
    item = index + 1
    while item < close:
        kind = doc.tokens[item].type
        if kind == "fieldlist_name_open":
            name = render_inline(doc, doc.tokens[item + 1].content)[0]
        elif kind == "fieldlist_body_open" and not (
            token.level == 0 and name.lower() in METADATA_FIELDS
        ):
            body = "\n\n".join(render_blocks(doc, item + 1, doc.closers[item]))
            fields.append(_indent(body, f"{name}: "))
        item = doc.closers[item] + 1
    return "\n".join(fields)


def _render_quote(doc: Document, index: int, close: int) -> str:
    text = "\n\n".join(render_blocks(doc, index + 1, close))
    alert = _ALERT.match(text)
    if alert:  # GitHub's "> [!NOTE]" alerts read as admonitions
        return labelled(alert.group(1).capitalize(), text[alert.end() :].lstrip().rstrip())
    first = doc.tokens[index + 2] if doc.tokens[index + 1].type == "paragraph_open" else None
    bold = _BOLD_ALERT.match(first.content) if first is not None else None
    if bold and text.startswith(bold.group(1)):
        rest = text[len(bold.group(1)) :].removeprefix(":")
        return labelled(bold.group(1).capitalize(), rest.strip())
    if first is not None and (classed := classed_callout(first.content, text)) is not None:
        return classed
    callout = quoted_callout(doc, doc.tokens[index], text)
    if callout is not None:
        return labelled(callout.group(1).capitalize(), text[callout.end() :].rstrip())
    return "\n".join(f"> {line}" if line else ">" for line in text.split("\n"))


def _render_table(doc: Document, index: int, close: int) -> str:
    rows: list[str] = []
    cells: list[str] = []
    for token in doc.tokens[index + 1 : close]:
        if token.type == "inline":  # a cell is one line, whatever breaks it holds
            # A logo alone in a cell names it (axios' row of browser logos under their names
            # read "|  |  |  |"); a pipe it shows is escaped, or it splits the cell.
            text = render_inline(doc, token.content, cell=True)[0]
            cells.append(escape_cell_bars(text.replace("\n", " ")))
        elif token.type == "tr_close":
            # A row of empty cells (the blank header of uuid's two-column tables) says
            # nothing; it read as a lone "|" line over the table.
            if any(cells):
                rows.append(" | ".join(cells).strip())
            cells = []
    return "\n".join(rows)


def _after_block_options(doc: Document, token: Token, body_start: int, close: int) -> int:
    """Where a pymdownx block's text starts: after its options, YAML lines indented right
    under the header ("    type: warning"), which markdown-it reads as an indented code block."""
    first = doc.tokens[body_start] if body_start < close else None
    if (
        first is not None
        and first.type == "code_block"
        and first.map
        and token.map
        and first.map[0] == token.map[0] + 1
        and all(_BLOCK_OPTION.fullmatch(line.strip()) for line in first.content.strip().split("\n"))
    ):
        return body_start + 1
    return body_start


def _render_admonition(doc: Document, token: Token, index: int, close: int) -> str:
    """``!!! tip "Title"``, ``:::tip Title`` and ``/// tip | Title`` become "Tip: Title" then
    their text; a ``/// details | Title`` or ``/// tab | Title`` block reads "Title: text"."""
    body_start = index + 1
    if token.type == "admonition_open":
        classes = str(token.attrs.get("class", "")).split()
        kind = classes[1] if len(classes) > 1 else "note"
        title = ""
        if doc.tokens[body_start].type == "admonition_title_open":
            title = render_inline(doc, doc.tokens[body_start + 1].content)[0]
            body_start = doc.closers[body_start] + 1
    elif token.type == "container_blocks_open":
        name, _, title = (part.strip() for part in token.info.partition("|"))
        kind, title = name or "note", render_inline(doc, title)[0]
        body_start = _after_block_options(doc, token, body_start, close)
        if kind.lower() in _TITLED_BLOCKS and title:  # "//// tab | Python 3.8+"
            return _tab(title, render_blocks(doc, body_start, close))
    else:
        words = token.info.strip().split(maxsplit=1)
        if words[:1] == [TABS_CONTAINER]:  # vitepress-plugin-tabs: its tabs, no label
            return "\n\n".join(block for block in render_blocks(doc, body_start, close) if block)
        match = _ADMONITION_KIND.fullmatch(words[0]) if words else None
        kind = match.group(1) if match else "note"
        # VitePress gives a container attributes after its title ("::: details Title {open}"),
        # and renders the title as inline Markdown ("::: warning WARNING <Version>3.2.0</Version>").
        title = (
            render_inline(doc, _CONTAINER_ATTRIBUTES.sub("", words[1]))[0] if len(words) > 1 else ""
        )
        directive = _DIRECTIVE_HEADER.match(token.info.strip()) if match is None else None
        if directive is not None:  # ":::tip[Did you know?]{icon="heart"}"
            kind = directive.group(1)
            title = render_inline(doc, directive.group(2) or "")[0]
    label = callout_kind(kind).replace("-", " ").capitalize()  # Quarto's "::: callout-tip"
    parts = ([title] if title and title.lower() != label.lower() else []) + render_blocks(
        doc, body_start, close
    )
    return labelled(label, "\n\n".join(parts))
