"""Find the pages autosummary wrote on an earlier build that lie among a Sphinx project's files.

``.. autosummary::`` with ``:toctree: generated/`` has Sphinx write a page for each object it
lists, ``generated/<module>.<name>.rst``, the name qualified with the current module as
autosummary's own stub writer qualifies it. docbuild writes those pages itself, as sections
below the table's (builder.parsers.rst.api_descriptions), so a stub kept from an earlier
build (an archive that ships its docs' build output, a repository that commits the folder)
read as a page of its own documented every object twice. Only stubs of the objects written
below the table are found here: a module's stub stays a page, as it is not written there.

Pure text in, relpaths out.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterator, Mapping

_AUTOSUMMARY = re.compile(r"^([ \t]*)\.\. +autosummary ?::[ \t]*$")
# The directives that set the module autosummary qualifies a name with.
_MODULE = re.compile(
    r"^[ \t]*\.\. +(?:py:)?(?:currentmodule|module|automodule) ?::[ \t]*(\S*)[ \t]*$"
)
_OPTION = re.compile(r"^:([\w-]+):[ \t]*(.*?)[ \t]*$")
# A stub of an object docbuild writes below the table, and not of a module.
_OBJECT_STUB = re.compile(
    r"^[ \t]*\.\. +(?:py:)?auto(?:class|function|method|attribute|property|data|exception) ?::",
    re.M,
)
_MODULE_STUB = re.compile(r"^[ \t]*\.\. +(?:py:)?automodule ?::", re.M)


def autosummary_stubs(texts: Mapping[str, str]) -> frozenset[str]:
    """The relpaths among ``texts`` (every page's text by relpath) that are stubs an
    ``autosummary`` table with ``:toctree:`` wrote for an object documented below it."""
    by_docname = {posixpath.splitext(relpath)[0]: relpath for relpath in texts}
    found: set[str] = set()
    for relpath, text in texts.items():
        if "autosummary" not in text:
            continue
        folder = posixpath.dirname(relpath)
        for toctree, name in generated_names(text):
            docname = posixpath.normpath(posixpath.join(folder, toctree, name))
            stub = by_docname.get(docname)
            if stub is not None and stub != relpath and _documents_an_object(texts[stub]):
                found.add(stub)
    return frozenset(found)


def generated_names(text: str) -> Iterator[tuple[str, str]]:
    """(toctree folder, qualified name) of each entry of the text's autosummary tables that
    have a ``:toctree:``."""
    module = ""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        if (current := _MODULE.match(lines[i])) is not None:
            module = "" if current.group(1) == "None" else current.group(1)
        start = _AUTOSUMMARY.match(lines[i])
        i += 1
        if start is None:
            continue
        indent = len(start.group(1).expandtabs())
        toctree: str | None = None
        names: list[str] = []
        while i < len(lines) and (
            not lines[i].strip() or len(lines[i]) - len(lines[i].lstrip()) > indent
        ):
            line = lines[i].strip()
            i += 1
            option = _OPTION.match(line)
            if option is not None:
                toctree = option.group(2) if option.group(1) == "toctree" else toctree
            elif line and not line.startswith(".."):
                names.append(line.split()[0].lstrip("~"))
        if toctree is None:
            continue
        for name in names:
            qualified = name if not module or name.startswith(f"{module}.") else f"{module}.{name}"
            yield toctree or ".", qualified


def _documents_an_object(stub: str) -> bool:
    return bool(_OBJECT_STUB.search(stub)) and not _MODULE_STUB.search(stub)
