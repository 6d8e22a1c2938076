"""Gold sections, written as (file, heading) in the docs' own terms, matched to built sections.

A heading matches when both read the same once markup and spacing are set aside: reST link
markup (`` `0.54.0`_ ``), backquotes, emphasis stars, a trailing ``()`` or pilcrow, case. The
parts of a section the builder split ("Heading (part 2 of 3)") all match their heading.

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

_LINK = re.compile(r"`([^`<]*?)\s*(?:<[^>]*>)?`_{1,2}")
_MARKUP = re.compile(r"[`*¶]")
_PART = re.compile(r"\s*\(part \d+ of \d+\)$")
_CALL = re.compile(r"\(\)$")
_SPACES = re.compile(r"\s+")
_TAG = re.compile(r"<[^>]+>")
_DOTTED = re.compile(r"^[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)+$")


def normalize_heading(text: str) -> str:
    """The heading as compared: markup, part numbers, call parentheses and case set aside."""
    text = _LINK.sub(r"\1", text)
    text = _MARKUP.sub("", text)
    text = _PART.sub("", text.strip())
    text = _CALL.sub("", text.strip())
    return _SPACES.sub(" ", text).strip().casefold()


@dataclass(frozen=True)
class BuiltSection:
    """What the evaluation knows of a section in a shard: its key and where it came from."""

    key: str  # "source#anchor", "#anchor" when the section has no source file
    source: str
    heading: str


def index_sections(sections: Iterable[BuiltSection]) -> dict[tuple[str, str], set[str]]:
    """(source, normalized heading) -> keys of the sections with that heading in that file."""
    table: dict[tuple[str, str], set[str]] = {}
    for section in sections:
        table.setdefault((section.source, normalize_heading(section.heading)), set()).add(
            section.key
        )
    return table


def resolve(gold: Iterable[Gold], table: Mapping[tuple[str, str], set[str]]) -> set[str]:
    """The keys of every built section that one of ``gold`` names."""
    keys: set[str] = set()
    for entry in gold:
        keys |= table.get((entry.file, normalize_heading(entry.heading)), set())
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
