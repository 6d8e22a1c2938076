"""The docstrings a compiled extension's C code declares for its functions, types and their members.

A package of C code and stubs (mmh3's ``src/mmh3/``: ``mmh3module.c`` and ``__init__.pyi``) is
documented by the docstrings the extension is built with, which Sphinx reads from the imported
module: ``PyDoc_STRVAR(hash_doc, "hash(key, seed=0) -> int\\n" ...)`` or a literal, named by the
``PyMethodDef`` and ``PyGetSetDef`` tables that list the module's functions and a type's
methods and properties, and by a type's ``tp_doc`` (a static ``PyTypeObject`` or the slots of
a ``PyType_Spec``). They are read here from the C source as text, never compiled.
"""

from __future__ import annotations

import re
from pathlib import Path

# A backslash before a newline splices the lines (bitarray's docstrings run on that way).
_STRING = r'"(?:[^"\\\n]|\\[\s\S])*"'
# Adjacent literals, which C joins into one string.
_STRINGS = rf"{_STRING}(?:\s*{_STRING})*"
_DOC_VALUE = rf"(PyDoc_STR\(\s*{_STRINGS}\s*\)|{_STRINGS}|\w+)"
_DOC_VARIABLE = re.compile(rf"PyDoc_STRVAR\(\s*(\w+)\s*,\s*({_STRINGS})\s*\)")
_TABLE = re.compile(r"\b(?:PyMethodDef|PyGetSetDef)\s+(\w+)\s*\[\s*\w*\s*\]\s*=\s*\{")
# A table's entry: its name, two fields (the C function and flags, or getter and setter), its doc.
_ENTRY = re.compile(rf'\{{\s*"(\w+)"\s*,[^,{{}}]*,[^,{{}}]*,\s*{_DOC_VALUE}')
_STATIC_TYPE = re.compile(r"\bPyTypeObject\s+(\w+)\s*=\s*\{")
_SPEC = re.compile(r"\bPyType_Spec\s+(\w+)\s*=\s*\{")
_SLOTS = re.compile(r"\bPyType_Slot\s+(\w+)\s*\[\s*\w*\s*\]\s*=\s*\{")
_SLOT = re.compile(rf"\{{\s*Py_tp_(doc|methods|getset)\s*,\s*(?:\([\w\s*]+\)\s*)?{_DOC_VALUE}")
_TYPE_NAME = re.compile(r'(?:\.(?:tp_)?name\s*=\s*)?"([\w.]+)"')
_FIELD = re.compile(
    rf"\.tp_(doc|methods|getset)\s*=\s*{_DOC_VALUE}|{_DOC_VALUE}\s*,?\s*/\*\s*tp_(doc|methods|getset)\s*\*/"
)
# A macro that stands for one table entry, as Argument Clinic writes them (python-isal's
# ``#define ISAL_ZLIB_ADLER32_METHODDEF {"adler32", ..., isal_zlib_adler32__doc__}``).
_ENTRY_MACRO = re.compile(r"^[ \t]*#[ \t]*define[ \t]+(\w+)[ \t]+(\{[^\n]*\})", re.M)
# A signature for Python to read, ended by a line "--" (Argument Clinic's, and hand-written
# ones like it): "adler32($module, data, value=1, /)\n--\n\n".
_TEXT_SIGNATURE = re.compile(r"([\w.]+)\((.*?)\)\n--\n\n?", re.S)
_BOUND_PARAMETER = re.compile(r"\$\w+\s*(?:,\s*(?:/\s*(?:,\s*|$))?|$)")
_MODULE_INIT = re.compile(r"\bPyInit_(\w+)\s*\(")
_ESCAPE = re.compile(r"\\(.)", re.S)
_ESCAPES = {"n": "\n", "t": "\t", "r": "", "0": "", "\n": ""}


def c_docstrings(folder: Path) -> dict[str, str]:
    """The docstrings the ``.c`` files in ``folder`` declare, by name: a function's
    (``hash``), a type's (``Hasher``, its ``tp_name`` without the module) and a type's method
    or property (``Hasher.update``)."""
    docs: dict[str, str] = {}
    for module_docs in c_docstrings_by_module(folder).values():
        docs.update(module_docs)
    return docs


def c_docstrings_by_module(folder: Path) -> dict[str, dict[str, str]]:
    """The docstrings of each ``.c`` file in ``folder`` (as :func:`c_docstrings`), by the
    module it builds: the name of its ``PyInit_`` function (``PyInit_igzip_lib``), or the
    file's when it has none. Two modules in one folder may name different objects alike
    (python-isal's ``igzip_lib.compress`` and ``isal_zlib.compress``)."""
    found: dict[str, dict[str, str]] = {}
    for path in sorted(folder.glob("*.c")):
        try:
            code = path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        init = _MODULE_INIT.search(code)
        found.setdefault(path.name if init is None else init[1], {}).update(_read_docstrings(code))
    return found


def _read_docstrings(code: str) -> dict[str, str]:
    """The docstrings of one C file, by name (as :func:`c_docstrings`)."""
    if "PyMethodDef" not in code and "tp_doc" not in code:
        return {}
    code = code.replace("\\\n", "")  # lines spliced first, as the C preprocessor does
    macros = {match[1]: match[2] for match in _ENTRY_MACRO.finditer(code)}
    variables = {match[1]: _joined(match[2]) for match in _DOC_VARIABLE.finditer(code)}

    def doc_of(value: str) -> str:
        return _joined(value) if value.startswith(('"', "PyDoc_STR(")) else variables.get(value, "")

    tables = {
        match[1]: {
            entry[1]: doc_of(entry[2])
            for entry in _ENTRY.finditer(_expanded(_braced(code, match.end()), macros))
        }
        for match in _TABLE.finditer(code)
    }
    docs: dict[str, str] = {}
    owned: set[str] = set()
    for name, fields in _types(code):
        docs[name] = doc_of(fields.get("doc", ""))
        for kind in ("methods", "getset"):
            table = fields.get(kind, "")
            owned.add(table)
            docs.update({f"{name}.{key}": text for key, text in tables.get(table, {}).items()})
    for table, entries in tables.items():
        if table not in owned:  # the module's functions
            docs.update(entries)
    return {name: _shown(text) for name, text in docs.items() if text}


def _types(code: str) -> list[tuple[str, dict[str, str]]]:
    """The types ``code`` defines, each by its name without the module, with the values its
    ``doc``, ``methods`` and ``getset`` fields name (a variable, or a literal doc)."""
    found: list[tuple[str, dict[str, str]]] = []
    for match in _STATIC_TYPE.finditer(code):
        body = _braced(code, match.end())
        name = _TYPE_NAME.search(body)
        if name is not None:
            fields = {field[1] or field[4]: field[2] or field[3] for field in _FIELD.finditer(body)}
            found.append((name[1].rpartition(".")[2], fields))
    slots = {
        match[1]: {slot[1]: slot[2] for slot in _SLOT.finditer(_braced(code, match.end()))}
        for match in _SLOTS.finditer(code)
    }
    for match in _SPEC.finditer(code):
        body = _braced(code, match.end())
        name = _TYPE_NAME.search(body)
        table = next((slots[word] for word in re.findall(r"\w+", body) if word in slots), None)
        if name is not None and table is not None:
            found.append((name[1].rpartition(".")[2], table))
    return found


def _braced(code: str, start: int) -> str:
    """The initializer that opens just before ``start``, up to its closing ``};``."""
    end = code.find("};", start)
    return code[start : len(code) if end < 0 else end]


def _expanded(table: str, macros: dict[str, str]) -> str:
    """A table's initializer with the entry macros it lists written out."""
    if not macros:
        return table
    return re.sub(r"\b\w+\b", lambda word: macros.get(word[0], word[0]), table)


def _shown(doc: str) -> str:
    """A docstring as Sphinx shows it. Python keeps a signature ended by a line "--" out of
    ``__doc__`` and gives it as the object's signature, less its ``$module`` or ``$self``;
    it is written here as the first line Sphinx reads a docstring's signature from."""
    match = _TEXT_SIGNATURE.match(doc)
    if match is None:
        return doc
    parameters = " ".join(_BOUND_PARAMETER.sub("", match[2], count=1).split())
    return f"{match[1]}({parameters})\n\n{doc[match.end() :]}"


def _joined(literals: str) -> str:
    """The string adjacent C literals (or a ``PyDoc_STR(...)`` of them) make."""
    parts = re.findall(_STRING, literals)
    return "".join(_ESCAPE.sub(lambda m: _ESCAPES.get(m[1], m[1]), part[1:-1]) for part in parts)
