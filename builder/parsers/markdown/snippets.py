"""pymdownx snippets: ``--8<-- "file.md"`` lines replaced by the file's lines, before parsing.

The snippets extension is a preprocessor, so it splices text anywhere, code fences included,
and indents the snippet like its marker. A snippet is found relative to the folder MkDocs runs
in; ``file.md:3:8`` takes lines 3 to 8, ``file.md:name`` the lines between the file's
``--8<-- [start:name]`` and ``--8<-- [end:name]`` markers, which never show. A block form
names one file a line between two bare ``--8<--`` lines. A marker escaped with ``;`` stays as
text, without the ``;``. Snippets may hold snippets, within the page's include budget
(include_budget: files each naming the next a hundred times made a million snippets).

An SVG file spliced so (Textual's pages put its terminal screenshots in a ``<div>`` that way)
is a picture drawn in the page, with no text to read: it is left out. Spliced whole, its blank
lines ended the HTML block it sat in, and its styles, shapes and base64 payloads read as code.
"""

from __future__ import annotations

import re

from builder.includes import MAX_INCLUDE_DEPTH, IncludeReader, IncludeRefused
from builder.parsers.include_budget import IncludeBudget
from builder.parsers.markdown.spliced import ExpandedLine, Spliced, spliced_from

_MARKER = r"-{1,}8<-{1,}"
_QUOTED = r"""(?P<name>"(?:\\"|[^"\n])+?"|'(?:\\'|[^'\n])+?')"""
_SINGLE = re.compile(rf"^(?P<space>[ \t]*)(?P<escape>;*){_MARKER}[ \t]+{_QUOTED}[ \t]*$")
_BLOCK = re.compile(rf"^(?P<space>[ \t]*)(?P<escape>;*){_MARKER}[ \t]*$")
# Found anywhere in a line (``re.search``). A match starts only where a run of ``;`` or ``-``
# starts: a lazy ``^.*?`` prefix would retry a long dash run from each of its positions.
_SECTION = re.compile(
    rf"(?<![-;])(?P<escape>;*){_MARKER}[ \t]+"
    r"\[[ \t]*(?P<kind>start|end)[ \t]*:[ \t]*(?P<name>[a-z][-_0-9a-z]*)[ \t]*\]",
    re.IGNORECASE,
)
# Files a snippet draws as a picture rather than reads as text.
_PICTURE_SUFFIXES = (".svg",)
_SELECTOR = re.compile(r"^(.+?)(?::(-?\d*)(?::(-?\d*))?|:([a-z][-_0-9a-z]*))?$", re.IGNORECASE)


def has_snippets(text: str) -> bool:
    """The quick test: a text without this sign has no snippet marker."""
    return "-8<-" in text


def splice_snippets(page: Spliced, relpath: str, reader: IncludeReader) -> Spliced:
    """``page`` with each snippet marker replaced by the snippet's lines."""
    lines = page.text.split("\n")
    return spliced_from(page, _expand(lines, relpath, reader, (), IncludeBudget()))


def _expand(
    lines: list[str],
    relpath: str,
    reader: IncludeReader,
    chain: tuple[str, ...],
    budget: IncludeBudget,
) -> list[ExpandedLine]:
    out: list[ExpandedLine] = []
    i, n = 0, len(lines)
    while i < n:
        line = lines[i]
        single = _SINGLE.match(line) if "8<" in line else None
        block = _BLOCK.match(line) if single is None and "8<" in line else None
        if single and single.group("escape"):
            out.append((line.replace(";", "", 1), i, ""))
        elif single:
            name = _unquote(single.group("name"))
            out.extend(_snippet(name, single.group("space"), i, relpath, reader, chain, budget))
        elif block and block.group("escape"):
            out.append((line.replace(";", "", 1), i, ""))
        elif block and (end := _block_end(lines, i + 1)) is not None:
            for k in range(i + 1, end):
                name = lines[k].strip()
                if name and not name.startswith(";"):
                    space = block.group("space")
                    out.extend(_snippet(name, space, i, relpath, reader, chain, budget))
            i = end
        elif (section := _section_marker(line)) is None:
            out.append((line, i, ""))
        elif section.group("escape"):
            out.append((_unescaped(line, section), i, ""))
        # a section marker never shows, in a snippet or in the page
        i += 1
    return out


def _block_end(lines: list[str], start: int) -> int | None:
    for k in range(start, len(lines)):
        if _BLOCK.match(lines[k]):
            return k
    return None


def _snippet(
    spec: str,
    indent: str,
    origin: int,
    relpath: str,
    reader: IncludeReader,
    chain: tuple[str, ...],
    budget: IncludeBudget,
) -> list[ExpandedLine]:
    """The lines of one snippet, all placed at ``origin``."""
    refused = budget.follow()
    if refused is not None:
        return [("", origin, refused)] if refused else []
    if spec.startswith(("http://", "https://")):
        return [("", origin, f"snippet {spec}: remote snippets are not fetched")]
    match = _SELECTOR.match(spec)
    path = match.group(1) if match else spec
    if path in chain or len(chain) >= MAX_INCLUDE_DEPTH:
        return [("", origin, f"snippet {path}: snippets nest in a loop or too deep")]
    if path.lower().endswith(_PICTURE_SUFFIXES):
        return []
    try:
        included = reader.read(relpath, path, snippet=True)
    except IncludeRefused as exc:
        return [("", origin, f"snippet not read: {exc}")]
    lines = included.text.split("\n")
    if lines and not lines[-1]:
        lines.pop()
    if match and match.group(4):
        lines = _section(lines, match.group(4))
    elif match and (match.group(2) or match.group(3)):
        lines = _line_range(lines, match.group(2), match.group(3))
    refused = budget.take(sum(len(line) + 1 for line in lines), path)
    if refused:
        return [("", origin, refused)]
    inner = _expand(lines, relpath, reader, (*chain, path), budget)
    # The indent repeats on every line the snippet brings, its snippets' lines among them.
    refused = budget.take(len(indent) * len(inner), path) if indent else ""
    if refused:
        return [("", origin, refused)]
    return [
        (indent + line if line and not warning else line, origin, warning)
        for line, _, warning in inner
    ]


def _section_marker(line: str) -> re.Match[str] | None:
    return _SECTION.search(line) if "8<" in line else None


def _unescaped(line: str, marker: re.Match[str]) -> str:
    return line[: marker.start()] + line[marker.start() + 1 :]


def _section(lines: list[str], name: str) -> list[str]:
    """The lines between the section's start and end markers; other sections' markers are
    dropped, escaped ones kept (``_expand`` takes their ``;`` off)."""
    kept: list[str] = []
    inside = False
    for line in lines:
        marker = _section_marker(line)
        if marker and not marker.group("escape") and marker.group("name") == name:
            inside = marker.group("kind") == "start"
            if not inside:
                break
        elif inside and not (marker and not marker.group("escape")):
            kept.append(line)
    return kept


def _line_range(lines: list[str], start: str | None, end: str | None) -> list[str]:
    """Lines ``start`` to ``end``, 1-based and inclusive; a negative number counts from the end."""
    count = len(lines)
    first = int(start) if start else 1
    last = int(end) if end else count
    if first < 0:
        first = max(count + first + 1, 1)
    if last < 0:
        last = count + last + 1
    return lines[max(first, 1) - 1 : last]


def _unquote(name: str) -> str:
    quote = name[0]
    return name[1:-1].replace("\\" + quote, quote).strip()
