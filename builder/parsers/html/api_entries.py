"""Recognise Sphinx API description entries and read their names, anchors and signatures.

Sphinx renders ``.. function:: json.dumps(obj, ...)`` as ``<dl class="py function">`` holding
``<dt id="json.dumps">`` (the signature) and ``<dd>`` (the description). Older Sphinx wrote
``<dl class="function">`` with ``descclassname``/``descname`` code elements. Each entry becomes
its own section so a search for ``json.dumps`` lands on it, anchored at the dt id.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lxml.etree import _Element as Element

from builder.parsers.html.body_text import plain_text
from builder.parsers.html.class_names import classes
from builder.parsers.html.element_text import is_element
from schemas.anchors import slugify

# Sphinx domains whose object descriptions are API entries; "rst" is its reST domain, which
# extensions' docs describe their directives, options and roles with (Sphinx's own: 211).
_DOMAINS = frozenset({"py", "c", "cpp", "js", "std", "rst"})
# Object types old Sphinx (before 4) used as the dl's only class.
_OBJECT_TYPES = frozenset(
    {
        "function", "class", "method", "attribute", "exception", "data", "property",
        "classmethod", "staticmethod", "decorator", "decoratormethod", "module", "member",
        "macro", "type", "var", "cmdoption", "envvar", "opcode",
    }
)  # fmt: skip
# The words Sphinx writes before a Python entry's name that only say its kind.
_KIND_WORDS = frozenset({"class", "exception", "property", "attribute", "data", "method"})
# Plain definition lists that share a class name with no API object.
_NOT_API = frozenset({"simple", "field-list", "glossary", "footnote", "citation", "option-list"})
# Domains whose dt ids are mangled ("_CPPv4N3foo3barEv", "c.PyObject_Call"), so the name as the
# page writes it reads better. Generic "std" objects (options, opcodes) and the reST domain's
# (".. toctree::", ":maxdepth:", whose ids are "directive-toctree"...) read best as signatures,
# as the reST reader heads them.
_NAME_FROM_TEXT_DOMAINS = frozenset({"c", "cpp"})
_NAME_FROM_SIGNATURE_DOMAINS = frozenset({"std", "rst"})
# The domains and old Sphinx's object types whose entries are named by their ids or names.
_NAMED_DOMAINS = (_DOMAINS - _NAME_FROM_SIGNATURE_DOMAINS) | _OBJECT_TYPES
# The classes of the parts of a name as the page writes it (module prefix, then name).
_NAME_PART_CLASSES = frozenset({"descclassname", "descname"})
# The attributes Python gives every class (and typing, abc and dataclasses add), which autodoc's
# :special-members: and :undoc-members: list as entries of their own: "__dict__ =
# mappingproxy({...})", "__module__ = 'bidict'", "__weakref__". Without a description of the
# project's own they are the interpreter's bookkeeping (Debian's python-bidict-doc: 174 of 656
# sections, one ranked second for "inverse").
_CLASS_MACHINERY = frozenset(
    {
        "__dict__", "__module__", "__weakref__", "__annotations__", "__parameters__",
        "__orig_bases__", "__abstractmethods__", "__slots__", "__doc__", "__match_args__",
        "__dataclass_fields__", "__dataclass_params__", "__firstlineno__",
        "__static_attributes__", "__annotate__", "__type_params__",
    }
)  # fmt: skip
# What autodoc shows for __weakref__ and __dict__ when it lists them: CPython's docstrings of
# the two slots (3.13 dropped "(if defined)" from __dict__'s), no word of the project's.
# bidict 0.22.1 (Debian's python-bidict-doc) has 15 such "list of weak references" entries, one
# ranked first for a question about a bidict's values being lists.
_INTERPRETER_DOCSTRINGS = frozenset(
    {
        "list of weak references to the object (if defined)",
        "list of weak references to the object",
        "dictionary for instance variables (if defined)",
        "dictionary for instance variables",
    }
)
# The id docutils makes up when the object's own is taken: an object described twice on one
# page (humanfriendly's api page documents dedent in humanfriendly and humanfriendly.text; the
# second, read into the first module, has "id2"). The name is then as the page writes it.
_MADE_UP_ID = re.compile(r"id\d+")
# What XPath's normalize-space treats as space, the separators of a class attribute's tokens.
_XML_SPACE = str.maketrans("\t\n\r", "   ")


@dataclass(frozen=True)
class ApiEntry:
    """One described object: its heading, its anchor and one signature line per ``<dt>``."""

    name: str
    anchor: str
    signatures: tuple[str, ...]


def entry_groups(
    description_list: Element,
) -> list[tuple[list[Element], Element | None]]:
    """The entries of a ``<dl>`` in order: each run of dt elements (one object's signatures, a
    glossary term and its synonyms) with the dd after it; a dd with no dt before it has none,
    and dt left at the end no dd."""
    groups: list[tuple[list[Element], Element | None]] = []
    terms: list[Element] = []
    for child in description_list:
        if not is_element(child):
            continue
        if child.tag == "dd":
            groups.append((terms, child))
            terms = []
        elif child.tag == "dt":
            terms.append(child)
    if terms:
        groups.append((terms, None))
    return groups


def object_terms(api_list: Element, terms: list[Element]) -> list[list[Element]]:
    """The ``<dt>`` elements ``terms`` of one ``<dd>`` split into one list per object they
    describe: a dt with an id of its own (not docutils' made-up one, which a second overload
    gets) starts an object, as Sphinx gives each object its target (traitlets'
    ``.. class:: CInt`` / ``CLong`` / ``CFloat``, one text for all). The C and C++ domains'
    overloads each get an id of their own: they stay one entry, as their name is one."""
    if classes(api_list) & _NAME_FROM_TEXT_DOMAINS:
        return [terms]
    groups: list[list[Element]] = []
    seen: set[str] = set()
    for term in terms:
        ident = (term.get("id") or "").strip()
        if groups and (not ident or _MADE_UP_ID.fullmatch(ident) or ident in seen):
            groups[-1].append(term)
        else:
            groups.append([term])
            seen.add(ident)
    return groups


def is_api_list(element: Element) -> bool:
    """True for a ``<dl>`` that Sphinx wrote for an object description."""
    if element.tag != "dl":
        return False
    names = classes(element)
    if names & _NOT_API:
        return False
    if names & _DOMAINS:
        return True
    # Old Sphinx gave the object type only; an id on the first dt tells it from a plain list.
    return (bool(names & _OBJECT_TYPES) or _is_own_object(element)) and _first_dt_has_id(element)


def _is_own_object(api_list: Element) -> bool:
    """Whether ``api_list`` describes an object of a project's own directive outside any
    domain (Django's ``.. django-admin-option:: --tag TAGS, -t TAGS``, <dl
    class="django-admin-option">): Sphinx 4 and later mark every object description's
    signature ``sig-object``, whoever defines the directive."""
    first = next((child for child in api_list if is_element(child) and child.tag == "dt"), None)
    return first is not None and "sig-object" in classes(first)


def is_class_machinery(api_list: Element, entry: ApiEntry, description: Element | None) -> bool:
    """True for an entry of an attribute Python gives every class (``__dict__``,
    ``__module__``...) that the project describes with nothing, or with the interpreter's own
    docstring of it."""
    if "py" not in classes(api_list) or entry.name.rpartition(".")[2] not in _CLASS_MACHINERY:
        return False
    text = "" if description is None else " ".join(plain_text(description).split())
    return not text or text in _INTERPRETER_DOCSTRINGS


def read_entry(api_list: Element, terms: list[Element], owner: str = "") -> ApiEntry:
    """The entry described by the ``<dt>`` elements ``terms`` of ``api_list``; ``owner`` is the
    name of the Python entry it is written in ("psycopg.Connection"), if any."""
    python = "py" in classes(api_list)
    signatures = tuple(text for text in (_signature_text(term, python) for term in terms) if text)
    first = terms[0] if terms else None
    ident = (first.get("id") or "").strip() if first is not None else ""
    domains = classes(api_list)
    # A directive outside the domains reads best as its signature, as "std" objects do.
    if (domains & _NAME_FROM_SIGNATURE_DOMAINS or not domains & _NAMED_DOMAINS) and signatures:
        name = signatures[0]
    elif first is not None and (
        domains & _NAME_FROM_TEXT_DOMAINS or not ident or _MADE_UP_ID.fullmatch(ident)
    ):
        name = _written_name(first) or ident
        # An entry Sphinx gives no id (:no-index:, a second overload) shows a member by its
        # name alone, as its class's entry around it says whose it is. A name Sphinx could not
        # parse (the Python docs' "__iter__(self):", the signature whole) is left as written.
        if name != ident and owner and name.isidentifier() and "py" in domains:
            name = f"{owner}.{name}"
    else:
        name = _without_repeated_module(ident, first)
    name = name or (signatures[0] if signatures else "") or "entry"
    return ApiEntry(name=name, anchor=ident or slugify(name), signatures=signatures)


def _without_repeated_module(ident: str, term: Element | None) -> str:
    """The dt id, or the name as the page writes it when the id repeats the module: a name
    written in full under ``currentmodule`` (``.. class:: scrapy.item.Item`` in module
    scrapy.item) gets the id ``scrapy.item.scrapy.item.Item`` from Sphinx, which shows it as
    ``scrapy.item.Item``."""
    first = ident.partition(".")[0]
    if term is None or f".{first}." not in ident:  # the usual id, tested without a walk
        return ident
    written = _written_name(term)
    if written.startswith(f"{first}.") and ident.endswith(f".{written}"):
        return written
    return ident


def _signature_text(term: Element, python: bool = False) -> str:
    """The text of a ``<dt>`` on one line; a C++ template's parameters, which Sphinx writes on a
    line of their own ("template<typename T>", a ``<br>``, the declaration), apart from it. Of
    the words Sphinx writes before a Python entry's name, those that only say its kind
    ("class", "property") are left out, as the reST reader writes the signature; those that
    say how it is called or defined ("async", "classmethod", "abstract") are kept."""
    for line_break in term.iter("br"):
        line_break.tail = " " + (line_break.tail or "")
    text = plain_text(term)
    words = _leading_annotation(term) if python else []
    written = " ".join(words)
    if not words or not text.startswith(written):
        return text
    kept = [word for word in words if word not in _KIND_WORDS]
    return " ".join([*kept, text[len(written) :].lstrip()])


def _leading_annotation(term: Element) -> list[str]:
    """The words of the ``<em class="property">`` elements Sphinx writes before a Python
    entry's name ("abstract", "async", "property")."""
    words: list[str] = []
    for child in term:
        if not is_element(child) or child.tag == "a":
            continue
        if child.tag != "em" or "property" not in classes(child):
            break
        words.extend(plain_text(child).split())
    return words


def _written_name(term: Element) -> str:
    """The module prefix and name as the page shows them ("json." + "dumps"): those of the
    last line that has one, as a C++ template's parameters, named as such on the line above
    ("template<typename T>"), are no part of it."""
    lines: list[list[Element]] = [[]]
    for element in term.iterdescendants():
        if element.tag == "br":
            lines.append([])
        elif _NAME_PART_CLASSES.intersection(
            (element.get("class") or "").translate(_XML_SPACE).split(" ")
        ):
            lines[-1].append(element)
    parts = next((line for line in reversed(lines) if line), [])
    return "".join(plain_text(part) for part in parts)


def _first_dt_has_id(element: Element) -> bool:
    for child in element:
        if is_element(child) and child.tag == "dt":
            return bool(child.get("id"))
    return False
