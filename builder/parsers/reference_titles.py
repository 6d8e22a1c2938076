"""The titles ``:ref:`` and ``:doc:`` references without a title of their own read as.

Sphinx shows ``:ref:`label``` as the title of the section the label stands above and
``:doc:`path``` as the title of that document, wherever in the project they are. A page is
parsed alone, so before parsing the build scans every reST and MyST page of a version once for
its labels and its title (builder.reference_scan: lines, not a parse), and the parsers read
the titles through :func:`reading_references` while they parse one page. The parse notes each
reference it resolves, wherever it is written (the page, a file it includes, a docstring an API
directive reads), and the page's cache entry counts only while those references still read as
they did (:meth:`ReferenceTitles.read_as_noted`): editing a labelled title re-parses the pages
that refer to it and no others.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

# Page suffixes Sphinx takes as documents, stripped from a :doc: target and a docname.
_DOCUMENT_SUFFIXES = (".rst", ".rest", ".txt", ".md", ".markdown")
# An intersphinx inventory's name before a :doc: target ("python:library/pdb"): another
# project's document, whose title is not known here.
_INVENTORY = re.compile(r"^[A-Za-z][\w.+-]*:(?=[\w./])")
# The document a Sphinx project opens with (its root_doc's default).
_FRONT_PAGE = "index"

# A resolved reference: ``"ref:label"`` or ``"doc:docname"``, and the title it read as.
Resolved = tuple[str, str | None]


@dataclass(frozen=True)
class ReferenceTitles:
    """A version's label titles (lowercase label → title) and document titles (docname, the
    page's path without its suffix → title)."""

    labels: Mapping[str, str] = field(default_factory=dict)
    documents: Mapping[str, str] = field(default_factory=dict)

    def resolve(self, reference: str) -> str | None:
        """The title ``reference`` (``"ref:label"`` or ``"doc:docname"``) reads as."""
        kind, _, target = reference.partition(":")
        return (self.labels if kind == "ref" else self.documents).get(target)

    def read_as_noted(self, noted: object) -> bool:
        """Whether the references a page's parse resolved (a kept ``[[reference, title],
        ...]``) still read as they did then; anything else kept is not."""
        if not isinstance(noted, list):
            return False
        for item in noted:
            if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], str)):
                return False
            if self.resolve(item[0]) != item[1]:
                return False
        return True


NO_REFERENCES = ReferenceTitles()
# The labels Sphinx gives the pages it generates (sphinx-quickstart's "Indices and tables").
_GENERATED_PAGES = frozenset({"genindex", "modindex", "py-modindex", "search"})
# What the page being parsed reads references through: the titles, its relpath, and the
# references resolved so far (for its cache entry).
_READING: ContextVar[tuple[ReferenceTitles, str, dict[str, str | None]] | None] = ContextVar(
    "reading_references", default=None
)


@contextmanager
def reading_references(titles: ReferenceTitles, page: str) -> Iterator[Mapping[str, str | None]]:
    """Resolve references through ``titles`` while ``page`` (its relpath) is parsed; yields
    the references resolved meanwhile and the titles they read as."""
    resolved: dict[str, str | None] = {}
    token = _READING.set((titles, page, resolved))
    try:
        yield resolved
    finally:
        _READING.reset(token)


def label_title(label: str) -> str | None:
    """The title of the section ``label`` stands above, anywhere in the version being read."""
    return _resolve("ref:" + label_key(label))


def names_a_generated_page(label: str) -> bool:
    """Whether a ``:ref:`` to ``label`` links a page Sphinx generates (the general index, the
    module index, the search page), which a doctrove site does not have; not when the project
    labels a section so itself (Sphinx then links there)."""
    return label_key(label) in _GENERATED_PAGES and label_title(label) is None


def document_title(target: str) -> str | None:
    """The title of the document ``target`` names (relative to the page being read, or to the
    docs folder when it starts with ``/``)."""
    reading = _READING.get()
    return _resolve("doc:" + docname(target, reading[1] if reading else ""))


def other_project_document(target: str, *, external: bool = False) -> str | None:
    """What a :doc: reference to another project's document (``python:library/pdb``, through
    an intersphinx inventory, or any target of an ``external`` role) reads as: its name as
    words ("pdb"), as its title is not known here; None for a target without an inventory's
    name (a document path has no colon)."""
    inventory = _INVENTORY.match(target.strip())
    if not external and not inventory:
        return None
    name = _INVENTORY.sub("", target.strip()).rstrip("/").rpartition("/")[2]
    for suffix in _DOCUMENT_SUFFIXES:
        name = name.removesuffix(suffix)
    if name == _FRONT_PAGE and inventory and "/" not in target:
        # A project's front page is the project: aiohttp 3.8.4's changelog links
        # ":doc:`multidict:index`", shown with multidict's title, not as "index".
        return humane_label(inventory.group().rstrip(":"))
    return humane_label(name)


def other_project_label(target: str, *, external: bool = False) -> str | None:
    """What a :ref: to another project's label (``sqla:constraint_naming_conventions``, through
    an intersphinx inventory, or any target of an ``external`` role) reads as: the label as
    words, as its section's title is not known here; None for a target without an
    inventory's name."""
    label = target.strip() if external else _INVENTORY.sub("", target.strip())
    # A label with a space is no inventory's: sphinx.ext.autosectionlabel's "usage:Type
    # coercion" (a page's name, then its title) reads as written when it does not resolve.
    if (not external and label == target.strip()) or any(c.isspace() for c in label):
        return None
    return humane_label(label)


def humane_label(label: str) -> str:
    """A label or document name as words: ``how-slotted-classes`` reads "how slotted classes"."""
    words = label.replace("-", " ").replace("_", " ").split()
    return " ".join(words) or label


def _resolve(reference: str) -> str | None:
    reading = _READING.get()
    if reading is None:
        return None
    titles, _, resolved = reading
    title = resolved[reference] = titles.resolve(reference)
    return title


def label_key(label: str) -> str:
    """A label as Sphinx compares it: whitespace runs as one space, any case."""
    return " ".join(label.split()).lower()


def docname(target: str, page: str) -> str:
    """The docname a :doc: ``target`` written in ``page`` names."""
    target = target.strip()
    for suffix in _DOCUMENT_SUFFIXES:
        target = target.removesuffix(suffix)
    if target.startswith("/"):
        return posixpath.normpath(target.lstrip("/"))
    return posixpath.normpath(posixpath.join(posixpath.dirname(page), target))
