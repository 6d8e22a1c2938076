"""Read a Jupyter notebook (``.ipynb``) as the Markdown page nbsphinx, myst-nb or
mkdocs-jupyter makes of it, and parse that page.

Markdown cells are the page's text; a code cell is a fenced block in the kernel's language,
followed by its text output (a stream, a result's or display's ``text/markdown``,
``text/latex`` or ``text/plain``, an error's name and value), cut at ``MAX_OUTPUT_CHARS``.
Images and HTML outputs are left out: they are pictures or tables a reader of the text cannot
use, and so is the ``<Figure size 640x480 with 1 Axes>`` text that stands for them. Cells the
tools hide are left out as they leave them out: the tags ``remove-cell``, ``remove-input``,
``remove-output`` (myst-nb) and ``"nbsphinx": "hidden"`` metadata. A raw cell is shown as
nbsphinx shows it, in its format (reST, Markdown, HTML) or not at all. Each cell is rendered
alone, so a comment or fence it leaves open ends with it. A section's lines are those of the
cells it came from in the notebook's JSON.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import orjson

from builder.model import ParsedFile, Warning_
from builder.parsers.converted_lines import on_source_lines
from builder.parsers.docutils_ids import docutils_id
from builder.parsers.markdown.flavor import NBSPHINX, reading_flavor
from builder.parsers.markdown.open_ends import closing_line

if TYPE_CHECKING:
    from builder.api.model import ApiSource
    from builder.includes import IncludeReader

# A cell's output beyond this is cut: a printed array or a log runs to megabytes.
MAX_OUTPUT_CHARS = 2000
_CELL_START = re.compile(r'"cell_type"\s*:')
_BACKTICKS = re.compile(r"`{3,}")
_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
# An object's default repr, or a list of them (``plt.plot`` returns one): no text to read.
_REPR = r"<(?:[\w.]+ (?:object )?at 0x[0-9a-fA-F]+|[\w.]+ object|Figure size [^<>\n]*)>"
_OBJECT_REPR = re.compile(rf"\[?{_REPR}(?:,\s*{_REPR})*\]?")
_IN_WORD_APOSTROPHE = re.compile(r"(?<=\w)'(?=\w)")
# The formats of raw cells nbsphinx puts on the HTML page.
_SHOWN_RAW = frozenset({"text/restructuredtext", "text/x-rst", "text/markdown", "text/html"})
_LANGUAGE = re.compile(r"[\w+#.-]{1,30}")


def parse(
    text: str,
    relpath: str,
    api: ApiSource | None = None,
    includes: IncludeReader | None = None,
) -> ParsedFile:
    """Parse one notebook into sections; a file that is not a notebook gives a warning."""
    from builder.parsers.markdown.parser import parse as parse_markdown

    notebook = _notebook(text)
    if notebook is None:
        return ParsedFile(
            relpath, "", (), warnings=(Warning_(relpath, "not a Jupyter notebook (JSON)"),)
        )
    cells = [cell if isinstance(cell, dict) else {} for cell in notebook["cells"]]
    language = _language(notebook.get("metadata"))
    document, origins = notebook_markdown(cells, language, _cell_lines(text, len(cells)))
    parsed = parse_markdown(document, relpath, api, includes)
    if reading_flavor(NBSPHINX):
        parsed = _jupyter_anchored(parsed)
    return on_source_lines(parsed, origins)


def _jupyter_anchored(parsed: ParsedFile) -> ParsedFile:
    """``parsed`` with each section anchored by its heading as nbsphinx anchors a notebook's
    sections, as Jupyter does (CreateNotebookSectionAnchors: the title, spaces made dashes,
    ``"`` written %22), where Sphinx's id is lowercased; a section a label names keeps it."""
    sections = tuple(
        replace(section, anchor=_jupyter_id(section.heading))
        if section.heading and section.anchor == docutils_id(section.heading)
        else section
        for section in parsed.sections
    )
    return replace(parsed, sections=sections)


def _jupyter_id(title: str) -> str:
    # nbsphinx has pandoc read the Markdown, whose smart quotes make an apostrophe in a word
    # a typographic one ("Wigner's" #Wigner’s-nearest-neighbor...).
    return _IN_WORD_APOSTROPHE.sub("\u2019", title).replace(" ", "-").replace('"', "%22")


def notebook_page(text: str, first_cell: int = 0) -> str | None:
    """The Markdown page of the notebook ``text`` from its cell ``first_cell`` on (nbsite's
    ``.. notebook::`` directive leaves out as many as its ``:offset:``); None when ``text`` is
    not a notebook."""
    notebook = _notebook(text)
    if notebook is None:
        return None
    cells = [cell if isinstance(cell, dict) else {} for cell in notebook["cells"]][first_cell:]
    document, _ = notebook_markdown(cells, _language(notebook.get("metadata")), [1] * len(cells))
    return document


def notebook_markdown(
    cells: list[dict[str, Any]], language: str, cell_lines: list[int]
) -> tuple[str, list[int]]:
    """The Markdown page of a notebook's cells, and for each of its lines the notebook line
    of the cell it came from."""
    lines: list[str] = []
    origins: list[int] = []
    for number, cell in enumerate(cells):
        blocks = _cell_blocks(cell, language)
        if not blocks:
            continue
        block_lines = [*"\n\n".join(blocks).split("\n"), ""]
        lines.extend(block_lines)
        origins.extend([cell_lines[number]] * len(block_lines))
    return "\n".join(lines), origins


def _cell_blocks(cell: dict[str, Any], language: str) -> list[str]:
    metadata = cell.get("metadata")
    metadata = metadata if isinstance(metadata, dict) else {}
    tags = metadata.get("tags")
    tags = {tag for tag in tags if isinstance(tag, str)} if isinstance(tags, list) else set()
    if "remove-cell" in tags or metadata.get("nbsphinx") == "hidden":
        return []
    source = _joined(cell.get("source"))
    kind = cell.get("cell_type")
    if kind == "markdown":
        return [_confined(source)] if source.strip() else []
    if kind == "raw":
        return _raw_blocks(source, metadata)
    if kind != "code":
        return []
    blocks = []
    if source.strip() and "remove-input" not in tags:
        blocks.append(_fence(source, language))
    if "remove-output" not in tags:
        output = _output_text(cell.get("outputs"))
        if output.strip():
            blocks.append(_fence(output, "text"))
    return blocks


def _raw_blocks(source: str, metadata: dict[str, Any]) -> list[str]:
    """A raw cell's text as nbsphinx shows it: reST (read through an ``eval-rst`` fence, so
    its directives and roles are read), Markdown or HTML; nothing in another format (LaTeX,
    Python) or in none."""
    mimetype = metadata.get("raw_mimetype") or metadata.get("format")
    if not source.strip() or not isinstance(mimetype, str) or mimetype not in _SHOWN_RAW:
        return []
    if mimetype in ("text/restructuredtext", "text/x-rst"):
        return [_fence(source, "{eval-rst}")]
    return [_confined(source)]


def _confined(source: str) -> str:
    """A Markdown or HTML cell with the comment, raw HTML or code fence it leaves open closed
    at its end, as rendering it alone closes it, so that it does not hide the cells below."""
    closer = closing_line(source)
    return f"{source.rstrip()}\n{closer}" if closer else source


def _output_text(outputs: Any) -> str:
    texts: list[str] = []
    for output in outputs if isinstance(outputs, list) else []:
        if not isinstance(output, dict):
            continue
        kind = output.get("output_type")
        if kind == "stream":
            texts.append(_joined(output.get("text")))
        elif kind in ("execute_result", "display_data"):
            texts.append(_result_text(output.get("data")))
        elif kind == "error":
            texts.append(f"{output.get('ename', '')}: {output.get('evalue', '')}")
    text = _ANSI.sub("", "\n".join(t.rstrip("\n") for t in texts if t.strip()))
    if len(text) > MAX_OUTPUT_CHARS:
        return text[:MAX_OUTPUT_CHARS].rstrip() + "\n…"
    return text


def _result_text(data: Any) -> str:
    """A result's or display's text: its Markdown or LaTeX (``IPython.display.Math`` of a
    fit's value), else its plain text unless that stands for an image or is only an object's
    default repr (``<matplotlib.lines.Line2D at 0x7f...>``)."""
    data = data if isinstance(data, dict) else {}
    text = _joined(data.get("text/markdown") or data.get("text/latex"))
    if text.strip():
        return text
    if any(kind.startswith("image/") for kind in data):
        return ""  # the plain text is the figure's repr
    text = _joined(data.get("text/plain"))
    return "" if _OBJECT_REPR.fullmatch(text.strip()) else text


def _fence(code: str, language: str) -> str:
    longest = max((len(run) for run in _BACKTICKS.findall(code)), default=2)
    fence = "`" * (longest + 1)
    return f"{fence}{language}\n{code.rstrip()}\n{fence}"


def _joined(source: Any) -> str:
    if isinstance(source, str):
        return source
    if isinstance(source, list):
        return "".join(part for part in source if isinstance(part, str))
    return ""


def _notebook(text: str) -> dict[str, Any] | None:
    try:
        notebook = orjson.loads(text)
    except orjson.JSONDecodeError:
        return None
    if isinstance(notebook, dict) and isinstance(notebook.get("cells"), list):
        return notebook
    return None


def _language(metadata: Any) -> str:
    metadata = metadata if isinstance(metadata, dict) else {}
    for key, field in (("kernelspec", "language"), ("language_info", "name")):
        value = metadata.get(key)
        name = value.get(field) if isinstance(value, dict) else None
        if isinstance(name, str) and _LANGUAGE.fullmatch(name):
            return name.lower()
    return "python"


def _cell_lines(text: str, count: int) -> list[int]:
    """The line each cell starts on in the JSON, found by its ``"cell_type"`` key, as
    Jupyter writes one a line; 1 for every cell when the file is laid out otherwise."""
    starts: list[int] = []
    line, counted = 1, 0
    for match in _CELL_START.finditer(text):
        line += text.count("\n", counted, match.start())
        counted = match.start()
        starts.append(line)
    return starts if len(starts) == count else [1] * count
