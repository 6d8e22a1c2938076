"""A NumPy docstring's "See Also" section read as numpydoc shows it: a list of entries.

Each entry is a line of names (``numpy.sum``, ``mean, median``, ``:func:`cov```), optionally
`` : `` and a description that indented lines continue. griffe keeps the section as one text,
which ran into a single paragraph ("See Also: pandas.Series.cov : corresponding pandas
function xarray.corr : respective function..."): xarray, polars and statsmodels write about a
thousand. A section that is not made of such lines (prose, as a Google docstring's can be)
stays text.
"""

from __future__ import annotations

import re

from builder.api.model import DocField

# One name: dotted (a leading "~" or "." as Sphinx's roles allow), or a role around one.
_NAME = r"(?::[\w:]+:`[^`\n]+`|[~.]?[A-Za-z_][\w.]*(?:\(\))?)"
_NAMES = re.compile(_NAME)
_ENTRY = re.compile(rf"({_NAME}(?:[ \t]*,[ \t]*{_NAME})*)[ \t]*,?[ \t]*(?::[ \t]*(.*))?")
# A role with an explicit title (":func:`Dataset.isel <Dataset.isel>`") shows the title.
_ROLE = re.compile(r":[\w:]+:`~?([^`\n]+?)(?:\s+<[^`\n]*>)?`")
TEXT_REFERENCE = re.compile(r":(?:std:)?(?:ref|doc):`[^`\n]+`")


def see_also_entries(text: str) -> tuple[DocField, ...]:
    """The entries of a See Also section's ``text``; () when a line is not an entry."""
    entries: list[tuple[str, list[str]]] = []
    for line in text.split("\n"):
        if not line.strip():
            continue
        if line[:1].isspace():
            if not entries:
                return ()
            entries[-1][1].append(line.strip())
            continue
        entry = _ENTRY.fullmatch(line.rstrip())
        if entry is None:
            return ()
        description = (entry.group(2) or "").strip()
        entries.append((_names(entry.group(1)), [description] if description else []))
    return tuple(DocField(names, "", " ".join(lines)) for names, lines in entries)


def _names(written: str) -> str:
    """The entry's names as code, roles reduced to their target: "`mean`, `median`". A
    reference to a page or a label (":ref:`agg`", xarray's link to its user guide) names no
    object: it stays a role, for the renderer to show the title it links to."""
    # Each name whole: a role's title may hold a comma (":ref:`Grouping, binning <groupby>`").
    return ", ".join(_name(name) for name in _NAMES.findall(written))


def _name(written: str) -> str:
    if TEXT_REFERENCE.fullmatch(written):
        return written
    return "`" + _ROLE.sub(r"\1", written) + "`"
