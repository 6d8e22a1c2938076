"""Read a BibTeX file's entries, and write each as a reference list shows it.

sphinxcontrib-bibtex's ``.. bibliography::`` lists entries of the project's ``.bib`` files,
formatted by pybtex's styles. Only what the page shows is read here: each entry's key, type
and fields (``{...}`` or ``"..."`` values, numbers, ``@string`` macros and ``#``
concatenation); ``@comment`` and ``@preamble`` are skipped. An entry is written as pybtex's
plain style writes it: the authors ("A, B, and C"), the title, where it was published, and the
year. TeX markup is reduced to its text (braces, ``\\&``, the common accents, ``--``).

Pure text in, entries out.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass

_ENTRY_START = re.compile(r"@[ \t]*(\w+)[ \t]*[{(]")
_FIELD_NAME = re.compile(r"\s*([\w:.+-]+)\s*=\s*")
_KEY = re.compile(r"\s*([^,\s{}()]+)\s*,")
_MACRO = re.compile(r"\s*([\w:.+-]+)")
_NUMBER = re.compile(r"\s*(\d+)")
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
# The characters ``@string`` macros may add to a file's values in all: a macro concatenated
# with itself ("@string{b = a # a}", then c of b # b...) doubles at each line, and 30 such
# lines held gigabytes. Past it a macro reads as its name, as an unknown one does.
MAX_MACRO_CHARS = 4 * 1024 * 1024
# TeX's accent commands and the combining mark each puts on its letter.
_ACCENTS = {"'": "\u0301", "`": "\u0300", '"': "\u0308", "^": "\u0302", "~": "\u0303",
            "=": "\u0304", ".": "\u0307", "c": "\u0327", "v": "\u030c", "u": "\u0306",
            "H": "\u030b", "k": "\u0328", "r": "\u030a"}  # fmt: skip
_ACCENT = re.compile(r"\{?\\([`'\"^~=.]|[cvuHkr](?=[\s{]))\s*\{?\\?([A-Za-z])\}?\}?")
_LETTERS = {"ss": "ß", "o": "ø", "O": "Ø", "ae": "æ", "AE": "Æ", "aa": "å", "AA": "Å",
            "l": "ł", "L": "Ł", "i": "ı", "oe": "œ", "OE": "Œ"}  # fmt: skip
_LETTER = re.compile(r"\\(ss|ae|AE|aa|AA|oe|OE|[oOlLi])\b\s*")
_COMMAND = re.compile(r"\\(?:emph|textit|textbf|textsc|texttt|url|mathrm|mbox)\s*")
_ESCAPED = re.compile(r"\\([&%$#_{}])")


@dataclass(frozen=True)
class BibEntry:
    key: str
    kind: str  # "article", "inproceedings"...
    fields: tuple[tuple[str, str], ...]  # lowercased name, TeX value

    def get(self, name: str) -> str:
        return next((value for field, value in self.fields if field == name), "")


# The bib files read last: every citing page and bibliography directive of a project reads
# the same few, and parsing one took about 0.13 s per MB each time.
_KEPT_FILES = 4


@functools.lru_cache(maxsize=_KEPT_FILES)
def read_bibtex(text: str) -> tuple[BibEntry, ...]:
    """The entries of a BibTeX file, in file order; a broken entry is skipped. The entries of
    the last few texts are kept: they are records that nothing changes."""
    return tuple(_read_entries(text))


def _read_entries(text: str) -> list[BibEntry]:
    macros = _Macros({month: month.capitalize() for month in _MONTHS})
    entries: list[BibEntry] = []
    position = 0
    while (start := _ENTRY_START.search(text, position)) is not None:
        kind = start.group(1).lower()
        position = start.end()
        if kind in ("comment", "preamble"):
            continue
        if kind == "string":
            fields, position = _fields(text, position, macros)
            macros.values.update(fields)
            continue
        key = _KEY.match(text, position)
        if key is None:
            continue
        fields, position = _fields(text, key.end(), macros)
        entries.append(BibEntry(key.group(1), kind, tuple(fields.items())))
    return entries


@dataclass
class _Macros:
    """A file's ``@string`` macros by lower-cased name, and the characters they may yet add."""

    values: dict[str, str]
    budget: int = MAX_MACRO_CHARS

    def expand(self, name: str) -> str:
        value = self.values.get(name.lower(), name)
        if len(value) > self.budget:
            return name
        self.budget -= len(value)
        return value


def _fields(text: str, position: int, macros: _Macros) -> tuple[dict[str, str], int]:
    """The ``name = value`` fields from ``position`` to the entry's end, and where it ends."""
    fields: dict[str, str] = {}
    while (name := _FIELD_NAME.match(text, position)) is not None:
        value, position = _value(text, name.end(), macros)
        fields[name.group(1).lower()] = value
        while position < len(text) and text[position] in " \t\r\n,":
            position += 1
    closing = position + 1 if position < len(text) and text[position] in "})" else position
    return fields, closing


def _value(text: str, position: int, macros: _Macros) -> tuple[str, int]:
    """A field's value (its parts joined by ``#``) and the position after it."""
    parts: list[str] = []
    while position < len(text):
        while position < len(text) and text[position].isspace():
            position += 1
        if position >= len(text):
            break
        opening = text[position]
        if opening == "{":
            end = _closing_brace(text, position)
            parts.append(text[position + 1 : end])
            position = end + 1
        elif opening == '"':
            end = _closing_quote(text, position)
            parts.append(text[position + 1 : end])
            position = end + 1
        elif (number := _NUMBER.match(text, position)) is not None:
            parts.append(number.group(1))
            position = number.end()
        elif (macro := _MACRO.match(text, position)) is not None:
            parts.append(macros.expand(macro.group(1)))
            position = macro.end()
        else:
            break
        # Not text[position:].lstrip(): a copy of the rest of the file per value was
        # quadratic in a long .bib file.
        after = position
        while after < len(text) and text[after].isspace():
            after += 1
        if not text.startswith("#", after):
            break
        position = after + 1
    return "".join(parts), position


def _closing_brace(text: str, opening: int) -> int:
    depth = 0
    for position in range(opening, len(text)):
        character = text[position]
        if character == "\\":
            continue
        if character == "{" and text[position - 1] != "\\":
            depth += 1
        elif character == "}" and text[position - 1] != "\\":
            depth -= 1
            if depth == 0:
                return position
    return len(text)


def _closing_quote(text: str, opening: int) -> int:
    depth = 0
    for position in range(opening + 1, len(text)):
        character = text[position]
        if character == "{":
            depth += 1
        elif character == "}":
            depth -= 1
        elif character == '"' and depth == 0:
            return position
    return len(text)


def plain_text(value: str) -> str:
    """A TeX field value as the page shows it."""
    value = _ACCENT.sub(_accented, value)
    value = _LETTER.sub(lambda m: _LETTERS[m.group(1)], value)
    value = _COMMAND.sub("", value)
    value = _ESCAPED.sub(r"\1", value)
    value = value.replace("---", "\u2014").replace("--", "\u2013").replace("~", " ")
    value = value.replace("{", "").replace("}", "").replace("\\", "")
    return " ".join(value.split())


def _accented(match: re.Match[str]) -> str:
    return unicodedata.normalize("NFC", match.group(2) + _ACCENTS[match.group(1)])


def format_entry(entry: BibEntry) -> str:
    """The entry as pybtex's plain style shows it: authors (or editors), title, venue, year."""
    names = _names(entry.get("author")) or _names(entry.get("editor"))
    parts = [_sentence(_joined(names))] if names else []
    title = plain_text(entry.get("title"))
    if title:
        parts.append(_sentence(title))
    venue = _venue(entry)
    year = plain_text(entry.get("year"))
    tail = ", ".join(part for part in (venue, year) if part)
    if tail:
        parts.append(_sentence(tail))
    for field, shown in (("doi", "doi:"), ("url", "URL: ")):
        if entry.get(field):
            parts.append(f"{shown}{entry.get(field).strip()}.")
    return " ".join(parts)


def author_year(entry: BibEntry) -> tuple[str, str]:
    """Who wrote the entry and when, as an author-year citation names them: the authors' (or
    editors') last names ("Beck", "Beck and Teboulle", "Beck et al."), and the year."""
    names = _last_names(entry.get("author")) or _last_names(entry.get("editor"))
    if len(names) == 2 and names[1] != "others":
        who = f"{names[0]} and {names[1]}"
    elif len(names) > 1:
        who = f"{names[0]} et al."
    else:
        who = names[0] if names else ""
    return who, plain_text(entry.get("year"))


def _last_names(value: str) -> list[str]:
    """The last name of each of ``Last, First and First Last``; ``others`` as it is."""
    if not value.strip():
        return []
    names: list[str] = []
    for name in re.split(r"\s+and\s+", value.strip()):
        last, comma, _ = name.partition(",")
        if not comma:  # "First Last", or "First {Van der Walt}"
            braced = name.rfind("{")
            words = name.split() or [""]
            last = name[braced:] if name.rstrip().endswith("}") and braced >= 0 else words[-1]
        names.append(plain_text(last))
    return names


def _venue(entry: BibEntry) -> str:
    """Where the work appeared: the journal with volume, number and pages, the book of a
    paper ("In ..."), or the publisher, school or institution."""
    journal = plain_text(entry.get("journal"))
    volume, number = plain_text(entry.get("volume")), plain_text(entry.get("number"))
    pages = plain_text(entry.get("pages"))
    if journal:
        issue = f"{volume}({number})" if volume and number else volume or number
        where = ", ".join(part for part in (journal, issue) if part)
        return f"{where}:{pages}" if pages and issue else ", ".join(p for p in (where, pages) if p)
    book = plain_text(entry.get("booktitle"))
    publisher = next(
        (
            plain_text(entry.get(name))
            for name in ("publisher", "school", "institution", "organization", "howpublished")
            if entry.get(name)
        ),
        "",
    )
    parts = [f"In {book}" if book else "", f"volume {volume}" if volume and book else ""]
    parts += [pages, publisher]
    return ", ".join(part for part in parts if part)


def _names(value: str) -> list[str]:
    """``Last, First and First Last`` as ``First Last`` each; ``others`` is "et al."."""
    if not value.strip():
        return []
    names: list[str] = []
    for name in re.split(r"\s+and\s+", value.strip()):
        if name.strip() == "others":
            names.append("others")
            continue
        last, comma, first = name.partition(",")
        shown = f"{first.strip()} {last.strip()}" if comma else name
        names.append(plain_text(shown))
    return names


def _joined(names: list[str]) -> str:
    if names[-1] == "others":
        return (
            ", ".join(names[:-1]) + ", and others" if len(names) > 2 else f"{names[0]} and others"
        )
    if len(names) <= 2:
        return " and ".join(names)
    return ", ".join(names[:-1]) + ", and " + names[-1]


def _sentence(text: str) -> str:
    return text if text.endswith((".", "?", "!")) else f"{text}."
