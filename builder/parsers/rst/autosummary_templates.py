"""The class templates a project gives autosummary: which options their ``autoclass`` has.

autosummary with ``:toctree:`` writes each object's page from a template: ``:template:
class.rst`` names one in the project's templates folders, and an ``autosummary/class.rst`` there
takes the place of Sphinx's own. A project's template often documents the members in full
(``.. autoclass:: {{ objname }}`` with ``:members:`` and ``:inherited-members:``, as tslearn's
does) where Sphinx's lists them. The template is not rendered: the ``autoclass`` over the
object's name is found in it and its options read as written (Jinja lines among them skipped),
and whether it lists the class's methods or attributes, and in tables that give each a page
(``:toctree:``), or documents each in full with an ``automethod`` in a loop over them.
Templates are looked for as Sphinx's AutosummaryRenderer does, in the folders of conf.py's
``templates_path`` in order, then among Sphinx's own, read as included files are, so an edit
to one reads the pages again.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import PurePosixPath

from builder.includes import IncludeRefused
from builder.parsers.rst.events import DocState

# The templates Sphinx's autosummary has of its own, found after the project's folders.
_SPHINX_TEMPLATES = frozenset(
    {"autosummary/base.rst", "autosummary/class.rst", "autosummary/module.rst"}
)
_AUTOCLASS = re.compile(r"^([ \t]*)\.\. +autoclass ?:: *\{\{-? *(?:objname|fullname|name)\b")
# A template for any kind of object (Sphinx's own base.rst) names the directive by objtype.
_AUTO_OBJTYPE = re.compile(
    r"^([ \t]*)\.\. +auto\{\{-? *objtype *-?\}\} ?:: *\{\{-? *(?:objname|fullname|name)\b"
)
# A directive's option in a template, and a line of the template's own Jinja (a statement
# or a comment), which Sphinx has rendered away before the directive is read.
OPTION = re.compile(r"^[ \t]+:([\w-]+):[ \t]*(.*?)[ \t]*$")
JINJA_LINE = re.compile(r"^[ \t]*\{[%#]")
_MEMBER_LOOP = re.compile(r"\{%-? *for +\w+ +in +(methods|attributes|properties)\b")
_MEMBER_LOOP_ITEM = re.compile(r"\{%-? *for +(\w+) +in +(methods|attributes|properties)\b")
_END_LOOP = re.compile(r"\{%-? *endfor\b")
_EXTENDS_CLASS = re.compile(r"\{%-? *extends +[\"']!?autosummary/class\.rst[\"']")
# ``.. automethod:: {{ item }}`` (or ``{{ name }}.{{ item }}``) in a loop over the members.
_MEMBER_DIRECTIVE = re.compile(
    r"^[ \t]*\.\. +auto(?:method|attribute|property) ?:: *"
    r"(?:\{\{-? *(?:name|objname|fullname) *-?\}\}\.)?\{\{-? *(\w+) *-?\}\}"
)
# A loop over any of the class's lists, and a test in it that lets through the names it
# lists: '{% for item in members %}' over '{% if item in ['__call__'] %}' (the Fatiando
# projects' template documents a callable's __call__ so, which no other list holds).
_ANY_LOOP_ITEM = re.compile(r"\{%-? *for +(\w+) +in +\w+")
_NAMES_TEST = re.compile(r"\{%-? *if +(\w+) +in +\[([^\]]*)\] *-?%\}")
_TOCTREE_OPTION = re.compile(r"^[ \t]+:toctree:", re.M)
_INIT_METHOD = re.compile(r"^[ \t]*\.\. +automethod ?:: *__init__[ \t]*$", re.M)


@dataclass(frozen=True)
class ClassTemplate:
    """What a project's class template asks of a class's page: its autoclass's options, and
    whether it lists the class's methods and attributes."""

    options: tuple[tuple[str, str], ...]
    lists_members: bool
    # The lists are autosummary tables with ``:toctree:``: each member has a page of its own
    # that documents it in full (scverse's and pandas' templates), not a summary line alone.
    member_pages: bool = False
    # The lists ("methods", "attributes") whose loop documents each member in full on the
    # class's page ('{% for item in methods %}' over '.. automethod:: {{ item }}').
    documented: tuple[str, ...] = ()
    # The members a loop documents in full by name, where the class has them ('{% if item in
    # ['__call__'] %}' over '.. automethod:: {{ objname }}.{{ item }}').
    named: tuple[str, ...] = ()


def class_template(template: str, doc: DocState) -> ClassTemplate | None:
    """The project's class template for an autosummary that names ``template`` (its
    ``:template:`` option, or "" for none), or Sphinx's base.rst when that is where the
    lookup ends; None for Sphinx's class.rst, or a template that holds no autoclass of the
    object (what it does is not known)."""
    if doc.includes is None or doc.api is None:
        return None
    for name in template_names(template):
        text = project_template(name, doc)
        if text is not None:
            return _read_template(text)
        own = name.removeprefix("!")
        if own == "autosummary/base.rst":  # Sphinx's: an autoclass without options
            return ClassTemplate((), lists_members=False)
        if own in _SPHINX_TEMPLATES:
            return None
    return None


def documents_init(template: str, doc: DocState) -> bool:
    """Whether the class template autosummary writes a class's page with documents its
    ``__init__`` (``.. automethod:: __init__``): Sphinx's own class.rst does, and so do the
    project templates copied from it; base.rst does not."""
    if doc.includes is None or doc.api is None:
        return False
    for name in template_names(template):
        text = project_template(name, doc)
        if text is not None:
            return _INIT_METHOD.search(text) is not None
        if name.removeprefix("!") in _SPHINX_TEMPLATES:
            return name.removeprefix("!") == "autosummary/class.rst"
    return False


def project_template(name: str, doc: DocState) -> str | None:
    """The text of the project's template ``name`` from the first of its ``templates_path``
    folders that holds it; None when none does, or the name starts with "!" (it is looked
    for among Sphinx's own templates only)."""
    if name.startswith("!") or doc.includes is None or doc.api is None:
        return None
    for folder in doc.api.settings.templates_path:
        path = PurePosixPath("/", folder, name).as_posix()
        try:
            return doc.includes.read(doc.page or doc.relpath, path).text
        except IncludeRefused:
            continue
    return None


def template_names(template: str, objtype: str = "class") -> tuple[str, ...]:
    """The names Sphinx's AutosummaryRenderer tries for the page of an ``objtype``, first
    found wins: the ``:template:`` as named, or, without one, the objtype; then
    ``autosummary/<that>.rst`` (``autosummary/class.rst.rst`` for ``:template: class.rst``),
    then ``autosummary/base.rst``."""
    name = template or objtype
    names = (name, f"autosummary/{name}.rst", "autosummary/base.rst")
    return tuple(name for name in names if ".." not in name.split("/"))


def _read_template(text: str) -> ClassTemplate | None:
    """The options of the template's ``autoclass`` of the object, or, without one, of its
    ``auto{{ objtype }}`` (which is an autoclass on a class's page), or of Sphinx's class.rst
    that it extends; and the member lists its loops document in full."""
    lines = text.split("\n")
    found = [k for k, line in enumerate(lines) if _AUTOCLASS.match(line)]
    found = found or [k for k, line in enumerate(lines) if _AUTO_OBJTYPE.match(line)]
    if not found and _EXTENDS_CLASS.search(text):
        # Sphinx's class.rst with blocks of its own (kindred's methods block documents each
        # method): Sphinx's autoclass, without options, and its lists where not replaced.
        return ClassTemplate((), True, False, _documented_lists(lines), _named_members(lines))
    for k in found[:1]:
        options = directive_options(lines, k + 1)
        documented = _documented_lists(lines)
        loops = {loop.group(1) for loop in _MEMBER_LOOP.finditer(text)}
        lists = bool(loops - set(documented))
        pages = lists and _TOCTREE_OPTION.search(text) is not None
        return ClassTemplate(options, lists, pages, documented, _named_members(lines))
    return None


def _documented_lists(lines: list[str]) -> tuple[str, ...]:
    """The member lists a template's loops document in full, each member with an auto*
    directive of the loop's item (``.. automethod:: {{ item }}``); a loop's body is read up
    to its endfor or the next loop, so each line once."""
    documented: list[str] = []
    for k, line in enumerate(lines):
        loop = _MEMBER_LOOP_ITEM.search(line)
        if loop is None:
            continue
        for following in (lines[j] for j in range(k + 1, len(lines))):
            if _END_LOOP.search(following) or _MEMBER_LOOP_ITEM.search(following):
                break
            directive = _MEMBER_DIRECTIVE.match(following)
            if directive is not None and directive.group(1) == loop.group(1):
                documented.append(loop.group(2))
                break
    return tuple(dict.fromkeys(documented))


def _named_members(lines: list[str]) -> tuple[str, ...]:
    """The names a loop's test lets through to an auto* directive of the loop's item ('{%
    for item in members %}' / '{% if item in ['__call__'] %}' / '.. automethod:: {{ objname
    }}.{{ item }}'), read up to the loop's endfor; a loop whose test is anything else
    documents no name here."""
    named: list[str] = []
    for k, line in enumerate(lines):
        loop = _ANY_LOOP_ITEM.search(line)
        if loop is None:
            continue
        names: list[str] = []
        for following in (lines[j] for j in range(k + 1, len(lines))):
            if _END_LOOP.search(following) or _ANY_LOOP_ITEM.search(following):
                break
            test = _NAMES_TEST.search(following)
            if test is not None and test.group(1) == loop.group(1):
                names = _listed_names(test.group(2))
            directive = _MEMBER_DIRECTIVE.match(following)
            if names and directive is not None and directive.group(1) == loop.group(1):
                named.extend(names)
                break
    return tuple(dict.fromkeys(named))


def _listed_names(written: str) -> list[str]:
    """The names of a test's literal list ("'__call__', '__len__'"); none when it is not one."""
    try:
        value = ast.literal_eval(f"[{written}]")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []
    return [name for name in value if isinstance(name, str) and name.isidentifier()]


def directive_options(lines: list[str], first: int) -> tuple[tuple[str, str], ...]:
    """The options written from ``lines[first]`` on below a template's directive, as
    (name, value), the template's Jinja lines among them skipped: read up to the first line
    that is neither."""
    options: list[tuple[str, str]] = []
    for following in (lines[j] for j in range(first, len(lines))):
        if JINJA_LINE.match(following):
            continue
        option = OPTION.match(following)
        if option is None:
            break
        options.append((option.group(1), option.group(2)))
    return tuple(options)
