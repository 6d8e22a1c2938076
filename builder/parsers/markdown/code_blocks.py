"""How a Markdown code block reads in a section body: between fences long enough for what it
holds, with its language, under the title its fence's info string gives it."""

from __future__ import annotations

import re
import textwrap

from builder.parsers.rst.events import labelled

# A code block's title in its fence's info string: Docusaurus and pymdownx write
# ``title="app.js"``, Nextra ``filename="app.js"``, Node.js' doc tooling (undici's API pages)
# ``displayName="Basic instantiation"``, VitePress a bracketed ``[app.js]`` (also a code
# group's tab label).
_FENCE_TITLE = re.compile(
    r"""\b(?:title|filename|displayName)=(?:"([^"]*)"|'([^']*)'|(\S+))|\[([^\[\]]+)\]"""
)
# Terminal output (VitePress' "<<< ./snippets/output.ansi"): its control sequences.
ANSI = "ansi"
_ANSI_ESCAPE = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]")
# pymdownx.superfences' attribute form: the first class in the braces is the language.
_BRACED_LANGUAGE = re.compile(r"\s*\{\s*\.([\w+#-]+)")
# Python-Markdown's CodeHilite reads an indented block's first line as its header: ":::python"
# or "#!python" names the language and leaves the code, "#!/usr/bin/python" names it and stays.
CODEHILITE = frozenset({"codehilite", "markdown.extensions.codehilite"})
_CODEHILITE_HEADER = re.compile(r"(?:::+|#!)((?:/\w+)*[/ ])?([\w#.+-]*)")


def titled_fence(info: str, code: str) -> str:
    """A fenced block under the title its info string gives (a file name, a tab's label),
    its language without VitePress' line marks (``js{4}``). An empty fence shows nothing: a
    custom fence that draws its output from elsewhere (Textual's ``{.textual path=app.py}``
    screenshots) is empty in the page, and its fences alone read as a code block of nothing."""
    if not code.strip():
        return ""
    words = info.split(maxsplit=1)
    language = words[0].split("{", 1)[0].split("[", 1)[0] if words else ""
    if not language and (braced := _BRACED_LANGUAGE.match(info)):
        language = braced.group(1)  # superfences' "{ .yaml .annotate }"
    # A fence may give options and no language (``` title="db.env"): an option is no language.
    language = "" if "=" in language else language
    match = _FENCE_TITLE.search(info, len(language))
    title = next((group for group in match.groups() if group), "").strip() if match else ""
    if language == ANSI:  # Shiki shows a terminal's colours, not the escapes that set them
        code = _ANSI_ESCAPE.sub("", code)
    block = fenced(language, code)
    return labelled(title, block) if title else block


def fenced(language: str, code: str) -> str:
    """Code between fences longer than any backtick run starting one of its lines (Markdown
    that shows Markdown); code left unclosed at the end of its text still ends on its own line."""
    newline = "" if code.endswith("\n") or not code else "\n"
    longest = max((len(line) - len(line.lstrip("`")) for line in code.split("\n")), default=0)
    ticks = "`" * max(3, longest + 1)
    return f"{ticks}{language}\n{code}{newline}{ticks}"


def python_markdown_code(code: str, codehilite: bool) -> str:
    """An indented code block of an MkDocs page as Python-Markdown shows it: without the
    indent CommonMark's two-column list items leave on every line (Python-Markdown's items
    indent four), and, with ``codehilite``, in the language its header line names."""
    code = textwrap.dedent(code)
    header = _CODEHILITE_HEADER.match(code) if codehilite else None
    if header is None:
        return fenced("", code)
    kept = code if header.group(1) else code.partition("\n")[2]
    return fenced(header.group(2).lower(), kept) if kept.strip() else ""
