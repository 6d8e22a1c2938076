"""MyST's ``{include}`` at a page's top level: the file's Markdown spliced into the page.

MyST parses an included file into the page where the directive stands, so its headings are
the page's sections (``heading-offset`` pushes them down). Splicing the text before the page
is parsed gives the same sections; ``origins`` keeps every spliced line on the directive's
line. ``:parser: rst`` text is spliced inside an ``{eval-rst}`` fence. An include with
``literal`` or ``code`` is code, left to the directive renderer, as are includes nested in
other blocks. Included files may include others, within the page's include budget
(include_budget: files each including the next a hundred times made a million includes, each
file parsed for its own).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from markdown_it.token import Token

from builder.includes import MAX_INCLUDE_DEPTH, IncludeReader, IncludeRefused
from builder.parsers.include_budget import IncludeBudget
from builder.parsers.included_lines import SelectionError, select_include
from builder.parsers.markdown.myst_syntax import read_directive, top_level_directives
from builder.parsers.markdown.spliced import SpliceBuilder, Spliced

Tokenize = Callable[[str], Sequence[Token]]


def has_includes(text: str) -> bool:
    return "{include}" in text


def splice_includes(
    page: Spliced, relpath: str, reader: IncludeReader, tokenize: Tokenize
) -> Spliced:
    """``page`` with each top-level ``{include}`` fence replaced by the file it names."""
    return _splice(page, relpath, reader, tokenize, IncludeBudget(), ())


def _splice(
    page: Spliced,
    relpath: str,
    reader: IncludeReader,
    tokenize: Tokenize,
    budget: IncludeBudget,
    chain: tuple[str, ...],
) -> Spliced:
    """``page`` with its includes spliced; ``page`` is the text of the last file of ``chain``
    when there is one (an include nested in others), and ``relpath`` the page's own path."""
    lines = page.text.split("\n")
    builder = SpliceBuilder()
    done = 0
    for token, start, end in top_level_directives(tokenize(page.text), "include"):
        directive = read_directive(token.info, token.content)
        options = dict(directive.options) if directive else {}
        if directive is None or "literal" in options or "code" in options:
            continue
        refused = budget.follow()
        inner = None
        if refused is None:
            inner = _included(directive.argument, options, relpath, reader, tokenize, budget, chain)
            if inner is None:
                continue  # the fence stays: the directive renderer says why nothing is included
        for k in range(done, start):
            builder.add(lines[k], k)
        done = end
        if inner is None:  # past the budget the include shows nothing
            if refused:
                builder.note(start, refused)
            continue
        builder.add("", start)  # the included text is a block of its own
        builder.add_spliced(inner, start)
        builder.add("", start)
    if not done:
        return page
    for k in range(done, len(lines)):
        builder.add(lines[k], k)
    return builder.build(page)


def _included(
    target: str,
    options: dict[str, str],
    relpath: str,
    reader: IncludeReader,
    tokenize: Tokenize,
    budget: IncludeBudget,
    chain: tuple[str, ...],
) -> Spliced | None:
    """The included file's text, its own includes spliced, or None when it cannot be read."""
    if len(chain) >= MAX_INCLUDE_DEPTH:
        return None
    try:
        included = reader.read(relpath, target, included_by=chain[-1] if chain else "")
        text = select_include(included.text, options)
    except (IncludeRefused, SelectionError):
        return None
    refused = budget.take(len(text), target)
    if refused:
        return Spliced("", (0,), ((1, refused),), changed=True)
    if "rst" in options.get("parser", "") or "restructuredtext" in options.get("parser", ""):
        fence = "`" * max(3, _longest_backticks(text) + 1)
        return Spliced.unchanged(f"{fence}{{eval-rst}}\n{text.strip(chr(10))}\n{fence}")
    offset = options.get("heading-offset", "").strip()
    if offset.isdigit() and int(offset):
        text = _headings_down(text, int(offset), tokenize)
    inner = Spliced.unchanged(text)
    if has_includes(text):
        inner = _splice(inner, relpath, reader, tokenize, budget, (*chain, included.path))
    return inner


def _headings_down(text: str, offset: int, tokenize: Tokenize) -> str:
    """Top-level headings ``offset`` levels deeper (at most level 6), a setext heading
    rewritten as an ATX one on as many lines, so the text keeps its line count."""
    lines = text.split("\n")
    for token in tokenize(text):
        if token.type != "heading_open" or token.level or not token.map:
            continue
        level = int(token.tag[1:])
        marks = "#" * min(level + offset, 6)
        first, end = token.map
        if token.markup in ("=", "-"):  # the title's lines, then the underline
            title = " ".join(line.strip() for line in lines[first : end - 1])
            lines[first:end] = [f"{marks} {title}", *([""] * (end - first - 1))]
        else:
            stripped = lines[first].lstrip(" ")
            lines[first] = marks + stripped[level:]
    return "\n".join(lines)


def _longest_backticks(text: str) -> int:
    runs = re.findall(r"`+", text)
    return max((len(run) for run in runs), default=0)
