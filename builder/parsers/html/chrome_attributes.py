"""Chrome marked by its role or aria-label (``role="navigation"``, ``aria-label="breadcrumb"``):
found by one XPath, and only where the page's bytes can hold such an attribute on the lines of
the article, since themes put those roles around the article and the XPath over every element
takes a twentieth of the parse time."""

from __future__ import annotations

import re
from collections.abc import Iterator

from lxml import etree
from lxml.etree import _Element as Element

CHROME_ROLES = frozenset({"navigation", "search", "banner", "contentinfo"})
CHROME_LABELS = frozenset({"breadcrumb", "breadcrumbs"})
# The role and aria-label values that make an element chrome, as one XPath (the values hold
# no quote).
_CHROME_ATTRIBUTES = etree.XPath(
    " | ".join(
        f"descendant-or-self::*/@{name}[{' or '.join(f'.={value!r}' for value in sorted(values))}]"
        for name, values in (("role", CHROME_ROLES), ("aria-label", CHROME_LABELS))
    )
)


def may_hold_chrome_attributes(root: Element, source: bytes | None) -> bool:
    """False when no role or aria-label attribute with a chrome value is written on the lines
    of ``source`` that the elements under ``root`` are written on: then the XPath over every
    one of them (libxml2's XPath takes a twentieth of the parse time) cannot find one. Themes
    put navigation roles around the article (Sphinx's sidebars and related bars), not in it.

    libxml2 gives an element the line its start tag ends on, so the attributes of the elements
    under ``root`` are written from ``root``'s line to the line of the last of them. The source
    is searched as bytes, case folded, for the attribute names alone (no character reference
    can stand for a name); whatever is not plainly a quoted value outside the chrome values (a
    character reference in it, no quotes, lines the tree cannot be compared with) counts."""
    first = root.sourceline
    last = _last_line(root)
    if (
        source is None
        or not isinstance(first, int)
        or last is None
        or last >= _LINE_LIMIT
        or b"\r" in source  # libxml2 may count a lone CR as a line break
    ):
        return True
    lowered = source.lower()
    candidates = sorted(
        at
        for name, values in ((b"role", CHROME_ROLES), (b"aria-label", CHROME_LABELS))
        for at in _occurrences(lowered, name)
        if _may_be_value_of(source, at + len(name), values)
    )
    # Lines counted from one candidate to the next, as far as the last line under root.
    line, counted = 1, 0
    for at in candidates:
        line += source.count(b"\n", counted, at)
        counted = at
        if line > last:
            break
        if line >= first:
            return True
    return False


def _occurrences(data: bytes, name: bytes) -> Iterator[int]:
    at = data.find(name)
    while at >= 0:
        yield at
        at = data.find(name, at + len(name))


# libxml2 keeps line numbers past 65,535 only when asked: a root whose elements reach that far
# is not compared.
_LINE_LIMIT = 65_000
_QUOTED_VALUE = re.compile(rb"[ \t\n\f]*=[ \t\n\f]*(?:\"([^\"]*)\"|'([^']*)')")
_ANY_VALUE = re.compile(rb"[ \t\n\f]*=")


def _may_be_value_of(source: bytes, end: int, values: frozenset[str]) -> bool:
    """Whether the attribute name ending at ``end`` may have one of ``values`` (a superset:
    spaces around it and case are ignored); a name with no value has none."""
    quoted = _QUOTED_VALUE.match(source, end)
    if quoted is None:
        return _ANY_VALUE.match(source, end) is not None  # an unquoted value: maybe
    value = quoted.group(1) if quoted.group(1) is not None else quoted.group(2)
    if b"&" in value:
        return True
    return value.decode("utf-8", "replace").strip().lower() in values


def _last_line(root: Element) -> int | None:
    """The line of the last element under ``root`` in document order (``root``'s own when it
    has none), None when lxml does not know it."""
    node = root
    while len(node):
        node = node[-1]
    line = node.sourceline
    return line if isinstance(line, int) else None


def chrome_by_attribute(root: Element) -> set[Element]:
    """The elements under ``root`` (itself included) whose role or aria-label is chrome's."""
    found = _CHROME_ATTRIBUTES(root)
    values = found if isinstance(found, list) else []
    return {
        owner
        for value in values
        if isinstance(value, etree._ElementUnicodeResult)
        and (owner := value.getparent()) is not None
    }
