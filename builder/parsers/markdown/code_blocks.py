"""How a Markdown code block reads in a section body: between fences long enough for what it
holds, with its language, under the title its fence's info string gives it."""

from __future__ import annotations

import html
import re
import textwrap

from builder.parsers.labelled_text import labelled

# A code block's title in its fence's info string: Docusaurus and pymdownx write
# ``title="app.js"``, Nextra ``filename="app.js"``, Node.js' doc tooling (undici's API pages)
# ``displayName="Basic instantiation"``, VitePress a bracketed ``[app.js]`` (also a code
# group's tab label). Brackets of line numbers mark lines, as an option's value or alone
# (React Router's ``tsx lines=[7-10,28-32]`` and ``tsx [2]``): never a title.
_FENCE_TITLE = re.compile(
    r"""\b(?:title|filename|displayName)=(?:"([^"]*)"|'([^']*)'|(\S+))"""
    r"""|(?<!=)\[(?![\d\s,-]*\])([^\[\]]+)\]"""
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
# markdown-exec runs a block whose info string says exec="yes" (any value but these) and
# shows what it printed in place of the code, which stays only beside a source="above" (or
# "tabbed-left", ...). Its Markdown, file trees and Pyodide editors show their own text.
_EXEC_OPTION = re.compile(r"""(?:^|\s)exec=(?:"([^"]*)"|'([^']*)'|(\S*))""")
_EXEC_OFF = frozenset({"", "no", "off", "false", "0"})
_SOURCE_OPTION = re.compile(r"""(?:^|\s)source=(?:"[^"]|'[^']|[^\s"'])""")
_EXEC_HIDES_CODE = frozenset({"bash", "console", "octave", "py", "python", "pycon", "sh"})
# FastAPI's and Typer's animated terminals: a console block inside <div class="termy">, each
# line of which their script sets as HTML. Rich's colours are <font> and <span> tags there, and
# a "<str>" the terminal prints is written "&lt;str&gt;".
_TERMINAL_DIV = re.compile(r"""<div\s[^>]*\bclass=["']?(?:[^"'>]*\s)?termy\b""")
_TAG = re.compile(r"</?[A-Za-z][^<>]*>")


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


def runs_unshown(info: str) -> bool:
    """Whether markdown-exec runs the fenced block with this info string and shows only its
    output: the page has no such code (a credits page's generator script, its licence and
    templates), and the output is made at build time, out of reach here."""
    option = _EXEC_OPTION.search(info)
    if option is None or _SOURCE_OPTION.search(info):
        return False
    value = next((group for group in option.groups() if group is not None), "")
    language = info.split(maxsplit=1)[0] if info.strip() else ""
    return value.lower() not in _EXEC_OFF and language in _EXEC_HIDES_CODE


def terminal_code(opening: str, code: str) -> str:
    """The code of a block as the page shows it, after the HTML ``opening`` it sits in: the
    text of a termy terminal's lines, any other block's code as written."""
    if not _TERMINAL_DIV.search(opening):
        return code
    return html.unescape(_TAG.sub("", code))


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
