"""mkdocstrings blocks (``::: package.Name`` and the YAML options under it) as API sections.

A block line starts with ``:::`` and a dotted path (a package's name alone when no bare
``:::`` line closes it as a Docusaurus container), or with ATX heading marks before them
(``# ::: package``, which mkdocstrings reads as the object's heading level); the lines
indented under it are YAML, of which the ``options:`` mapping counts. The block becomes a
section headed and anchored by the object's full path (as the reST parser names API
descriptions), its signature as code, its docstring (Markdown, as mkdocstrings reads it) as
text, and its members as sections below. An object the code does not have is warned about and
stays a signature-only section.

mkautodoc, the older extension with the same ``::: path`` line (HTTPX's docs), writes its
options as ``:docstring:`` and ``:members: name name`` lines instead: those show the docstring
only when asked, and the members named, in that order, inherited ones included.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from markdown_it.rules_block import StateBlock

from builder.api.docstrings import GRIFFE_SPHINX, INFERRED_STYLE
from builder.api.model import ApiObject, ApiSource
from builder.api.not_found import not_found
from builder.api.options import block_options, mkdocstrings_options
from builder.api.render import (
    RenderMarkup,
    bases_text,
    docstring_events,
    member_events,
    signature_text,
)
from builder.parsers.markdown.docstring_directives import (
    block_end,
    directive_lines,
    enclosing_lines,
)
from builder.parsers.markdown.mkdocs_flavor import mkdocs_markdown
from builder.parsers.markdown.spliced import lines_outside_fences
from builder.parsers.rst.click import render_click
from builder.parsers.rst.events import Context, DocState, Event, Heading, Text
from builder.parsers.rst.inline import render_role

TOKEN_TYPE = "mkdocstrings"
# The key of a block token's meta that marks its path as one from the package, not from the
# top (Hugging Face's ``[[autodoc]] BertModel``: builder.parsers.markdown.hf_autodoc).
PACKAGE_RELATIVE = "package relative"
# mkdocs-click's block (``::: mkdocs-click`` and ``:module:``, ``:command:`` lines) has the
# same form: a click command's reference, as sphinx-click's ``.. click::`` gives it.
MKDOCS_CLICK = "mkdocs-click"
# mkdocstrings reads ":::path" as "::: path" (its pattern is "::: ?"): supervision writes it so.
_BLOCK = re.compile(rf"(#{{1,6}}[ \t]*)?:::[ \t]*([A-Za-z_][\w.]*|{MKDOCS_CLICK})[ \t]*$")
_KEY = re.compile(r"([\w-]+):(?:[ \t]+(.*))?$")
# A colon that ends a mapping key, in an entry _KEY does not read (a quoted key, "key : value").
_MAPPING_ENTRY = re.compile(r":(?:[ \t]|$)")
_MKAUTODOC_OPTION = re.compile(r":([^:\s]*):[ \t]*(.*)")
# mkautodoc is a Markdown extension of that name (HTTPX's mkdocs.yml lists it).
MKAUTODOC = "mkautodoc"
# A line that closes a ":::" container, and where the parse's env keeps the last one's offset.
_BARE_CLOSER = re.compile(r"^[ \t]*:::[ \t]*$", re.MULTILINE)
_LAST_CLOSER = "mkdocstrings last bare ::: line"
# A key no mkdocstrings option has: whether a block shows the object's docstring.
_SHOW_DOCSTRING = "mkautodoc docstring"
# mkdocstrings' docstring styles, as the API reader names them.
_STYLES = {"google": "google", "numpy": "numpy", "sphinx": GRIFFE_SPHINX, "auto": INFERRED_STYLE}
# A fence's opening or closing line, up to three spaces in, as CommonMark reads one.
_FENCE = re.compile(r" {0,3}(`{3,}|~{3,})")
# A Sphinx role (":meth:`text`", ":py:class:`text`"), not right after a word or a backtick
# (code that shows one: "``:func:`name` ``").
_ROLE = re.compile(r"(?<![\w`]):((?:[A-Za-z][\w+-]*:)?[A-Za-z][\w+-]*):`([^`\n]+)`(?!`)")
# A role whose text goes on to the next line (":meth:`Cache.push" over "<pkg.Cache.push>`").
_OPEN_ROLE = re.compile(r"(?<![\w`]):(?:[A-Za-z][\w+-]*:)?[A-Za-z][\w+-]*:`[^`]*$")
# A reST hyperlink ("`io.open_code <https://...>`__"), which Markdown shows as code.
_REST_LINK = re.compile(r"(?<![\w`])`([^`<\n]*?)\s*<([^<>`\s]+)>`__?(?![\w`])")
# A list item's marker and the spaces after it, which its text's lines are indented by.
_LIST_MARKER = re.compile(r" *(?:[-*+]|\d+[.)]) +")
# A reST admonition directive (".. note::", ".. warning:: Text"), its text on the line or
# indented below it, as Sphinx-style docstrings write one; with the one space docutils allows
# before the colons (".. note ::").
_ADMONITION = re.compile(
    r"( *)\.\. +(note|warning|caution|attention|danger|error|hint|important|tip|seealso) ?::"
    r"[ \t]*(.*)"
)
# How deep directives nested in directives are read; deeper ones stay as written. Each level
# reads its content again, and a docstring of a thousand nested admonitions ran out of stack.
_DEEPEST_DIRECTIVE = 8


def mkdocstrings_rule(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """markdown-it block rule: a ``::: path`` line and the lines indented under it."""
    if state.sCount[start] - state.blkIndent >= 4:
        return False
    line = state.src[state.bMarks[start] + state.tShift[start] : state.eMarks[start]]
    match = _BLOCK.match(line)
    if not match:
        return False
    marks, path = match.group(1), match.group(2)
    if not marks and "." not in path and _closed_later(state, start):
        return False
    if silent:
        return True
    last = start
    following = start + 1
    while following < end:
        if not state.isEmpty(following):
            if state.sCount[following] <= state.sCount[start]:
                break
            last = following
        following += 1
    token = state.push(TOKEN_TYPE, "", 0)
    token.info = path
    token.markup = (marks or "").strip()  # the heading marks, which set the object's level
    token.content = state.getLines(start + 1, last + 1, state.sCount[start], False)
    token.map = [start, last + 1]
    state.line = last + 1
    return True


def _closed_later(state: StateBlock, start: int) -> bool:
    """Whether a bare ``:::`` line follows: then ``::: note`` opens a container (Docusaurus'
    admonition), which is closed so; an mkdocstrings block never is. The last such line is
    found once a page, so many blocks on one page cost one scan."""
    last = state.env.get(_LAST_CLOSER)
    if last is None:
        found = [match.start() for match in _BARE_CLOSER.finditer(state.src)]
        last = state.env[_LAST_CLOSER] = found[-1] if found else -1
    return bool(last > state.eMarks[start])


def block_level(markup: str, level: int, yaml: str, doc: DocState) -> int:
    """The level a block's object sits below: the one its heading marks give (``## ::: path``),
    else ``level``, or the one above its ``heading_level`` where that is deeper and the
    object's heading is shown (``show_root_heading``): starlette's TestClient at level 3 over
    the page's "### Debug information" is its sibling, as mkdocstrings shows it. Above every
    heading of a page (level 0), a block whose object is not shown as the page's title leaves
    the page its nav title or file name, as MkDocs titles it: inline-snapshot's external_file()
    page was titled after the module of its block."""
    if markup:
        return len(markup) - 1
    if (shown := _shown_heading_level(yaml, doc)) is not None and shown - 1 > max(level, 1):
        return shown - 1
    return 1 if level == 0 and not _shows_page_title(yaml, doc) else level


def _shown_heading_level(yaml: str, doc: DocState) -> int | None:
    """The ``heading_level`` of a block whose object's heading mkdocstrings shows."""
    if read_mkautodoc(yaml) is not None:
        return None
    options = _block_options(yaml, doc)
    heading_level = options.get("heading_level")
    if not options.get("show_root_heading", False) or not isinstance(heading_level, int):
        return None
    return heading_level


def _shows_page_title(yaml: str, doc: DocState) -> bool:
    """Whether the object of a block with options ``yaml`` has its heading shown as the
    page's title: mkdocstrings shows it only with ``show_root_heading``, and at
    ``heading_level`` (2 unless set), not 1, unless told; mkautodoc shows none."""
    return _shown_heading_level(yaml, doc) == 1


def _block_options(yaml: str, doc: DocState) -> dict[str, Any]:
    """A mkdocstrings block's options: its own over those the project's config gives."""
    if doc.api is None:
        return block_options(read_yaml(yaml))
    options = block_options(read_yaml(yaml), doc.api.settings.mkdocstrings_older_keys)
    return {**dict(doc.api.settings.mkdocstrings_options), **options}


def block_events(
    path: str,
    yaml: str,
    line: int,
    doc: DocState,
    render_markup: RenderMarkup,
    package_relative: bool = False,
) -> list[Event]:
    """The events of one block at source ``line``: the object's section and its members'.
    A ``package_relative`` path is one from a package of the code (the first that has it)."""
    if path == MKDOCS_CLICK:
        return _click_events(yaml, line, doc, render_markup)
    if package_relative and doc.api is not None:
        path = _from_package(path, doc.api)
    mkautodoc = read_mkautodoc(yaml)
    options = _block_options(yaml, doc) if mkautodoc is None else mkautodoc
    heading = Heading(title=path, line=line, last_line=line, claim_line=line, anchor=path,
                      api_depth=1)  # fmt: skip
    doc.api_asked = True
    if doc.api is None:
        if not doc.api_without_code:
            doc.api_without_code = f"mkdocstrings at {doc.relpath}:{line}"
        return [heading, Text(f"`{path}`")]
    style = str(options.get("docstring_style", "google"))
    style = _STYLES.get(style, "google")
    shown = mkdocstrings_options(options)
    found = doc.api.find(path, style, shown.inherited, module=True)  # as griffe reads it
    if found is None:
        doc.warn(line, not_found("mkdocstrings", path, doc.api))
        return [heading, Text(f"`{path}`")]
    if shown.inherited:
        shown = replace(shown, inherited_packages=_loaded_packages(found, options, doc.api))
    prefix = path.rpartition(".")[0] + "." if "." in path else ""
    signature = signature_text(
        found, prefix, overloads=shown.overloads, unwrap=shown.unwrap_annotated
    )
    events: list[Event] = [heading, *([Text(signature)] if signature else [])]
    if found.kind == "class" and shown.show_inheritance and (bases := bases_text(found, shown)):
        events.append(Text(bases))
    if options.get(_SHOW_DOCSTRING, True):
        events.extend(docstring_events(found, shown, render_markup, line))
    members = member_events(found, shown, doc.api, style, line, 2, render_markup)
    doc.api_objects += 1 + sum(1 for e in members if isinstance(e, Heading) and e.is_api)
    return [*events, *members]


def _loaded_packages(
    found: ApiObject, options: Mapping[str, Any], api: ApiSource
) -> frozenset[str]:
    """The packages griffe has loaded when it renders ``found``: the project's, those the
    options preload, and the one ``found`` is defined in (an installed package's class a
    project documents, as FastAPI does Starlette's Request). Its members inherit from those."""
    preloaded = options.get("preload_modules")
    names = (
        [str(name).partition(".")[0] for name in preloaded or ()]
        if isinstance(preloaded, list)
        else []
    )
    own = {member.package for member in found.members if not member.inherited and member.package}
    return frozenset({*api.packages, *names, *own})


def _from_package(path: str, api: ApiSource) -> str:
    """The full path of the object ``path`` names from one of ``api``'s packages, the first
    whose code has it; ``path`` itself when none has it."""
    for package in api.packages:
        if path == package or path.startswith(f"{package}."):
            return path
        if api.find(f"{package}.{path}") is not None:
            return f"{package}.{path}"
    return path


def _click_events(text: str, line: int, doc: DocState, render_markup: RenderMarkup) -> list[Event]:
    """mkdocs-click's block: the command ``:module:`` and ``:command:`` name, with every
    subcommand below it (``:prog_name:`` the name it is shown under), help texts read as the
    page's Markdown, where mkdocs-click puts them."""
    given = {
        match.group(1): match.group(2).strip()
        for raw in text.split("\n")
        if (match := _MKAUTODOC_OPTION.fullmatch(raw.strip())) is not None
    }
    module, command = given.get("module", ""), given.get("command", "")
    argument = f"{module}:{command}" if module and command else ""
    options = {"prog": given.get("prog_name", ""), "nested": "full"}
    if given.get("remove_ascii_art", "").lower() == "true":
        options["remove-ascii-art"] = ""
    if not argument:
        doc.warn(line, "mkdocs-click: a block needs :module: and :command:")
        return []
    return render_click(argument, options, line, Context(), doc, render_markup)


def read_mkautodoc(text: str) -> dict[str, Any] | None:
    """mkautodoc's ``:name: value`` option lines as mkdocstrings options, or None when the
    block's lines are not all written so, or when the page is an MkDocs project's whose config
    does not enable mkautodoc: mkdocstrings reads such lines as YAML keys it ignores, and the
    config's options hold (marimo 0.24.0's "  :members:" under ``::: marimo.ui.date``)."""
    mkdocs = mkdocs_markdown()
    if mkdocs is not None and MKAUTODOC not in mkdocs.extensions:
        return None
    lines = [line.strip() for line in text.split("\n") if line.strip()]
    matches = [_MKAUTODOC_OPTION.fullmatch(line) for line in lines]
    given = {match.group(1): match.group(2) for match in matches if match is not None}
    if not lines or None in matches:
        return None
    members = given.get("members")
    return {
        # Named members are shown whoever defines them, in the order named.
        "members": members.split() if members else members == "",
        "inherited_members": bool(members),
        _SHOW_DOCSTRING: "docstring" in given,
        "show_bases": False,  # mkautodoc's template shows none
    }


def read_yaml(text: str) -> dict[str, Any]:
    """The small YAML subset mkdocstrings options are written in: nested mappings, scalars,
    ``[a, b]`` and ``- item`` lists. Anything else reads as a string."""
    root: dict[str, Any] = {}
    stack: list[tuple[int, Any]] = [(-1, root)]
    last_key: tuple[dict[str, Any], str] | None = None
    for raw in text.split("\n"):
        stripped = raw.split(" #", 1)[0].rstrip()
        if not stripped.strip() or stripped.lstrip().startswith("#"):
            continue
        indent = len(stripped) - len(stripped.lstrip())
        item = stripped.strip()
        while len(stack) > 1 and stack[-1][0] >= indent:
            stack.pop()
        parent = stack[-1][1]
        if item.startswith("- ") and last_key is not None:
            owner, key = last_key
            if not isinstance(owner[key], list):
                owner[key] = []
            owner[key].append(_scalar(item[2:].strip()))
            continue
        match = _KEY.match(item)
        if (
            match is None
            and last_key is not None
            and last_key[0][last_key[1]] == {}
            and not _MAPPING_ENTRY.search(item)
        ):
            # A key's value on the line below it ("members:" over an indented "false"), as
            # optimistix writes its blocks: a scalar, not the mapping the key seemed to open
            # (whose first entry may be one this reader skips: '"heading_level": 2').
            owner, key = last_key
            owner[key] = _scalar(item)
            if stack[-1][1] is not root and not stack[-1][1]:
                stack.pop()
            last_key = None
            continue
        if not match or not isinstance(parent, dict):
            continue
        key, value = match.group(1), (match.group(2) or "").strip()
        if value:
            parent[key] = _scalar(value)
            last_key = None
        else:
            parent[key] = {}
            stack.append((indent, parent[key]))
            last_key = (parent, key)
    return root


def _scalar(value: str) -> Any:
    if value.startswith("[") and value.endswith("]"):
        return [_scalar(part.strip()) for part in value[1:-1].split(",") if part.strip()]
    lowered = value.lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    if lowered in ("null", "~"):
        return None
    if re.fullmatch(r"-?\d+", value):
        return int(value)
    return value.strip("\"'")


def markdown_docstring(docstring: str) -> str:
    """``docstring`` (Markdown) as its author means it, where mkdocstrings shows it as written:
    each doctest block (a paragraph whose first line starts with ``>>>``, outside a fence) is
    fenced as ``pycon`` code, as griffe fences those of an Examples section, and a Sphinx role
    outside code (``:meth:`~pkg.Name.run```) reads as Sphinx shows it. Sphinx-style docstrings
    write both: read as Markdown, the prompts were nested quotes and the lines of code ran into
    one ("> > > g() 2"), and the roles kept their marks."""
    out: list[str] = []
    fence = ""  # the marks of the fenced code open, if any
    in_doctest = False
    previous = ""
    admonition = -1  # the indent of the reST admonition whose text follows, if any
    body = -1  # the indent of its text's first line below it
    for line in _roles_on_one_line(_fenced_literal_blocks(docstring.split("\n"))):
        marks = _FENCE.match(line)
        if admonition >= 0 and line.strip():
            indent = len(line) - len(line.lstrip(" "))
            body = indent if body < 0 else body
            if indent > admonition:
                line = " " * (admonition + 4) + line[min(indent, body) :]
            else:
                admonition = -1
        if (
            admonition < 0
            and not fence
            and not in_doctest
            and ((directive := _ADMONITION.fullmatch(line)) is not None)
        ):
            # Read as Markdown, ".. note::" stayed as written and its indented text became
            # code; "!!! note" is the admonition MkDocs shows for it.
            lead, kind, text = directive.groups()
            admonition, body = len(lead), -1
            out.append(f"{lead}!!! {kind}")
            line = f"{lead}    {_ROLE.sub(lambda role: render_role(role[1], role[2]), text)}"
        elif in_doctest and not line.strip():
            out.append("```")
            in_doctest = False
        elif fence:
            closing = line.strip()
            if marks and closing == fence[0] * len(closing) and len(closing) >= len(fence):
                fence = ""
        elif marks:
            fence = marks.group(1)
        elif not in_doctest and not previous.strip() and line.startswith(">>>"):
            out.append("```pycon")
            in_doctest = True
        elif not in_doctest and "`" in line:
            line = _ROLE.sub(lambda role: render_role(role[1], role[2]), line)
            line = _REST_LINK.sub(lambda link: f"[{link[1] or link[2]}]({link[2]})", line)
        out.append(line)
        previous = line
    if in_doctest:
        out.append("```")
    return "\n".join(out)


def _roles_on_one_line(lines: list[str]) -> list[str]:
    """``lines`` with each role that a line break cuts (docstrings wrap at a width, in a role's
    text too: diskcache's ":meth:`Cache.push" then "<diskcache.Cache.push>`") joined onto one
    line, outside code (a doctest's paragraph is code: its lines, a role's text in a string,
    ran into one); a Markdown paragraph reads the break as a space all the same."""
    prose = lines_outside_fences(lines)
    # The lines each output line joins, and whether the last ends in a role's open text,
    # told from the line last joined alone (one without a backtick leaves the role open):
    # joining each line onto the one before and searching that again took the square of a
    # paragraph's length when a role never closed.
    joins: list[list[str]] = []
    role_open = in_doctest = False
    for number, line in enumerate(lines):
        if not line.strip():
            in_doctest = False
        elif not joins or not joins[-1][-1].strip():
            in_doctest = line.lstrip().startswith(">>>")
        joinable = line.strip() and not in_doctest and number in prose and number - 1 in prose
        if role_open and joinable:
            joins[-1].append(line.lstrip())
            role_open = "`" not in line or _OPEN_ROLE.search(line) is not None
            continue
        joins.append([line])
        role_open = not in_doctest and _OPEN_ROLE.search(line) is not None
    return [" ".join([*(part.rstrip() for part in parts[:-1]), parts[-1]]) for parts in joins]


def _fenced_literal_blocks(lines: list[str], depth: int = 0) -> list[str]:
    """``lines`` with each reST literal block ("Usage::", a blank line, lines indented below
    it) fenced as code, its marker read as Sphinx shows it: "Usage:", nothing for "::" alone.
    Read as Markdown, prompt_toolkit's "::" stayed and a block in a list ran into one line.
    ``depth`` is how many directives ``lines`` are the content of."""

    def read(content: list[str]) -> list[str]:
        return _fenced_literal_blocks(content, depth + 1)

    enclosing = enclosing_lines(lines)
    out: list[str] = []
    fence = ""
    index = 0
    while index < len(lines):
        line = lines[index]
        index += 1
        marks = _FENCE.match(line)
        if fence or marks:
            closing = line.strip()
            if not fence:
                fence = marks.group(1) if marks else ""
            elif marks and closing == fence[0] * len(closing) and len(closing) >= len(fence):
                fence = ""
            out.append(line)
            continue
        if depth < _DEEPEST_DIRECTIVE and (
            (directive := directive_lines(lines, index - 1, read, enclosing)) is not None
        ):
            block, index = directive
            out += block
            continue
        stripped = line.rstrip()
        if not stripped.endswith("::") or stripped.lstrip().startswith(".. "):  # a directive
            out.append(line)
            continue
        indent = len(line) - len(line.lstrip(" "))
        start = index
        while start < len(lines) and not lines[start].strip():
            start += 1
        end = block_end(lines, start, indent)
        if start == index or end == start:  # no blank line under it, or nothing indented
            out.append(line)
            continue
        marker = stripped[:-2]
        if marker.strip():
            out.append(marker.rstrip() if marker[-1].isspace() else marker + ":")
        item = _LIST_MARKER.match(line)
        lead = " " * (len(item.group()) if item else indent)
        block = textwrap.dedent("\n".join(lines[start:end])).split("\n")
        out += ["", f"{lead}```", *(f"{lead}{code}".rstrip() for code in block), f"{lead}```"]
        index = end
    return out
