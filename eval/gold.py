"""Gold sections, written as (file, heading) in the docs' own terms, matched to built sections.

A heading matches when both read the same once markup and spacing are set aside: reST link
markup (`` `0.54.0`_ ``), backquotes, emphasis stars, a trailing ``()`` or pilcrow, case. The
parts of a section the builder split ("Heading (part 2 of 3)") all match their heading. Case is
set aside only when the file has no heading written as the gold is: Python's asyncio docs hold
the function ``asyncio.timeout`` and the class ``asyncio.Timeout``, and gold naming one is not
answered by the other.

Gold that matches no built section is either a gap of the product (the docs have it, the index
lost it: an autodoc member nobody generated, an API-only section dropped) or a mistake in the
question file (no such heading in the docs). ``find_in_docs`` tells the two apart by reading the
docs themselves, so the question files are checked without trusting the builder.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from eval.dataset import Gold
from schemas.anchors import whole_heading

_LINK = re.compile(r"`([^`<]*?)\s*(?:<[^>]*>)?`_{1,2}")
_MARKUP = re.compile(r"[`*¶]")
_CALL = re.compile(r"\(\)$")
_SPACES = re.compile(r"\s+")
_TAG = re.compile(r"<[^>]+>")
_DOTTED = re.compile(r"^[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)+$")


def normalize_heading(text: str) -> str:
    """The heading as compared: markup, part numbers, call parentheses and case set aside."""
    return _cased(text).casefold()


def _cased(text: str) -> str:
    """The heading with markup, part numbers and call parentheses set aside, but not case."""
    text = _LINK.sub(r"\1", text)
    text = _MARKUP.sub("", text)
    text = whole_heading(text.strip())
    text = _CALL.sub("", text.strip())
    return _SPACES.sub(" ", text).strip()


@dataclass(frozen=True)
class BuiltSection:
    """What the evaluation knows of a section in a shard: its key and where it came from."""

    key: str  # "source#anchor", "#anchor" when the section has no source file
    source: str
    heading: str


Table = Mapping[tuple[str, str], Mapping[str, str]]


def index_sections(sections: Iterable[BuiltSection]) -> dict[tuple[str, str], dict[str, str]]:
    """(source, normalized heading) -> the key of each section with that heading in that file,
    with its heading as written (case kept)."""
    table: dict[tuple[str, str], dict[str, str]] = {}
    for section in sections:
        where = (section.source, normalize_heading(section.heading))
        table.setdefault(where, {})[section.key] = _cased(section.heading)
    return table


def resolve(gold: Iterable[Gold], table: Table) -> set[str]:
    """The keys of every built section that one of ``gold`` names: those whose heading is
    written as the gold's, or when there are none, those whose heading differs only in case."""
    keys: set[str] = set()
    for entry in gold:
        found = table.get((entry.file, normalize_heading(entry.heading)), {})
        cased = _cased(entry.heading)
        keys |= {key for key, heading in found.items() if heading == cased} or set(found)
    return keys


def find_in_docs(entry: Gold, docs: Path, code_roots: Iterable[Path] = ()) -> bool:
    """Whether the docs folder really holds ``entry``: its file exists and its heading is written
    there, or (an API object documented from code) its dotted name's last part is defined in the
    file or in the version's code."""
    path = docs / entry.file
    if not entry.file or not path.is_file():
        return False
    text = path.read_text(encoding="utf-8", errors="replace")
    wanted = normalize_heading(entry.heading)
    # HTML headings hold inline tags between their words; their ids stay in the raw text.
    for form in (text, html.unescape(_TAG.sub("", text))):
        if wanted in normalize_heading(form):
            return True
    if not _DOTTED.match(entry.heading.strip().removesuffix("()")):
        return False
    last = entry.heading.strip().removesuffix("()").rsplit(".", 1)[1]
    name = re.escape(last)
    # A def or class, or an assignment (also ``self.name = ...`` in __init__, documented by a
    # ``#:`` comment, which autodoc lists as an attribute).
    definition = re.compile(rf"\b(def|class)\s+{name}\b|^\s*(self\.)?{name}\s*(:[^=]*)?=")
    for root in code_roots:
        for module in root.rglob("*.py"):
            source = module.read_text(encoding="utf-8", errors="replace")
            if any(definition.search(line) for line in source.splitlines()):
                return True
    return False
