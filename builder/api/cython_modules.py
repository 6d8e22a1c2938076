"""A Cython module with no Python of its own, read as the Python its ``.pyx`` declares.

numcodecs 0.12.1 writes its Blosc, LZ4, Zstd and VLen codecs in ``.pyx`` files with no ``.py``
or ``.pyi`` beside them: Sphinx imports the compiled module and documents it, but griffe finds
no module at all, so ``.. automodule:: numcodecs.lz4`` and each ``autoclass`` and
``autofunction`` under it were "not found in the code". ``python_of_cython`` writes the Python
a reader of the compiled module sees: the module's docstring, its classes (``cdef class``
too), functions and methods (``def``, ``cpdef``; a ``cdef`` one is C's alone and never
shows), each with its docstring and its parameters without their C types (their Python
annotations kept), its one-line assignments at the module's and the classes' level, its
imports (a base class's module) and the decorators that change what a signature shows
(``@staticmethod``, ``@classmethod``, ``@property`` and a property's ``.setter`` and
``.deleter``); bodies are dropped. Each is written on its own line of the ``.pyx``, so the
line numbers griffe records are the file's. The files a ``.pyx`` splices in with a top-level
``include "name.pxi"`` are read after it, as its module's.
``add_cython_modules`` gives a loaded package such a module for each ``.pyx`` it lacks one for.
"""

from __future__ import annotations

import ast
import itertools
import re
import stat
from pathlib import Path
from typing import Any

import griffe

from builder.api.cython_docstrings import docstring_at, header_end
from builder.api.package_modules import package_modules

# A ``.pyx`` larger than this is not read (a generated one can be megabytes of C-like code).
MAX_PYX_BYTES = 2_000_000

_HEADER = re.compile(
    r"(?P<indent>[ \t]*)(?:"
    r"(?:cdef[ \t]+(?:(?:public|final|readonly|api)[ \t]+)*)?class[ \t]+(?P<cls>\w+)"
    r"|(?:async[ \t]+)?def[ \t]+(?P<def>\w+)"
    r"|cpdef[ \t]+(?:[^(=\n]*?[ \t*])?(?P<cpdef>\w+)[ \t]*\("
    r"|(?P<other>cdef|property|ctypedef|if|elif|else|for|while|with|try|except|finally)\b)"
)
_ASSIGNMENT = re.compile(r"(?P<indent>[ \t]*)[A-Za-z_]\w*[ \t]*(?::[^=]+)?=(?!=)")
# A module-level import of Python (a ``cimport`` is C's, and does not parse).
_IMPORT = re.compile(r"(?:from[ \t]+[\w.]+[ \t]+)?import[ \t]")
# A top-level Cython include: the named file's text is the module's, spliced in at that line.
_INCLUDE = re.compile(r'^include[ \t]+["\']([\w.-]+\.pxi)["\']', re.M)
_EMBED_DIRECTIVE = re.compile(r"^#[ \t]*cython:.*\bembedsignature[ \t]*=[ \t]*True", re.M)
_EMBED_DECORATOR = re.compile(r"@cython\.embedsignature\([ \t]*True[ \t]*\)")
_KEPT_DECORATOR = re.compile(r"@(?:staticmethod|classmethod|property|\w+\.(?:setter|deleter))")
_PARAMETER_NAME = re.compile(r"(\*{0,2})[ \t]*([A-Za-z_]\w*)[ \t]*$")
# The characters that change how what follows them reads, in code and in a string.
_CODE_MARK = re.compile(r"[#'\"()\[\]{}]")
_STRING_MARK = re.compile(r"[\\'\"]")
# What follows a signature's parameters when it declares what it returns: ``-> List[Vec2]:``.
_RETURN_ANNOTATION = re.compile(r"[ \t]*->[ \t]*(.+?)[ \t]*:[ \t]*$")


def add_cython_modules(loader: griffe.GriffeLoader, package: Any) -> None:
    """Give each package of ``package`` a module for each ``.pyx`` in its folder that it has
    none of (no ``.py``, ``.pyi`` or folder of that name), read by ``python_of_cython``."""
    for module in package_modules(package):
        if not module.is_init_module or not isinstance(module.filepath, Path):
            continue
        for path in sorted(module.filepath.parent.glob("*.pyx")):
            name = path.stem
            present = module.members.get(name)
            if not name.isidentifier() or (present is not None and not present.is_alias):
                continue
            try:
                if path.stat().st_size > MAX_PYX_BYTES:
                    continue
                code = python_with_includes(path)
            except (OSError, RecursionError):
                continue
            if code is None:
                continue
            try:
                made = griffe.visit(
                    name, path, code, parent=module,
                    lines_collection=loader.lines_collection,
                    modules_collection=loader.modules_collection,
                )  # fmt: skip
            except (SyntaxError, ValueError, RecursionError, griffe.GriffeError):
                continue
            module.set_member(name, made)


def python_with_includes(path: Path) -> str | None:
    """``python_of_cython`` of the ``.pyx`` at ``path``, followed by that of each file its
    top-level ``include "name.pxi"`` lines splice in, in order (lxml's etree.pyx defines
    XMLParser, XPath, XSLT and most of its module in 26 of them); the ``.pyx``'s own lines
    keep their numbers. An include not found, no regular file of the ``.pyx``'s folder (a
    link out of it, a FIFO), over the size limit or not read is left out."""
    text = path.read_text(encoding="utf-8", errors="replace")
    code = python_of_cython(text)
    if code is None:
        return None
    parts = [code]
    folder = path.parent.resolve()
    seen = {path.resolve()}
    budget = MAX_PYX_BYTES - len(text)
    embedded = _embeds_signatures(text)
    for name in _INCLUDE.findall(text):
        included = (path.parent / name).resolve()
        # A link out of the folder is no file of the module's; a FIFO or device would block
        # or never end, its size 0.
        if included in seen or not included.is_relative_to(folder):
            continue
        seen.add(included)
        try:
            status = included.stat()
            if not stat.S_ISREG(status.st_mode) or status.st_size > budget:
                continue
            budget -= status.st_size
            included_text = included.read_text(encoding="utf-8", errors="replace")
            python = python_of_cython(included_text, embedded=embedded)
        except OSError:
            continue
        parts.extend([python] if python is not None else [])
    return "\n".join(parts)


def python_of_cython(code: str, embedded: bool = False) -> str | None:
    """The Python a compiled ``.pyx`` module shows, line for line; None when what is read
    does not parse (Cython this reading does not follow). ``embedded``: the module that
    includes this file embeds its signatures."""
    lines = code.split("\n")
    masked, continued = _masked_lines(lines)
    out = [""] * len(lines)
    start = _first_statement(lines)
    doc, index = docstring_at(lines, start)
    if doc:
        out[start] = repr(doc)
    embedded = embedded or _embeds_signatures(code)
    # The blocks the line is in: (indentation, a class, its methods embed their signatures).
    scopes: list[tuple[int, bool, bool]] = []
    headers: list[tuple[int, int]] = []  # each header written: (line, its depth)
    decorators: list[tuple[int, str]] = []  # the ones above the next header: (line, text)
    while index < len(lines):
        line = lines[index]
        stripped = line.strip()
        if not stripped or stripped.startswith("#") or continued[index]:
            index += 1  # a line inside brackets or a string is no statement of its own
            continue
        indent = len(line) - len(line.lstrip())
        if stripped.startswith("@"):
            decorators.append((index, stripped.split("#", 1)[0].strip()))
            index += 1
            continue
        above, decorators = decorators, []
        header = _HEADER.match(line)
        if header is not None and not _opens_block(masked, continued, index):
            # "cdef int count", "if x: y", "cdef object f = re.compile(...)", a forward
            # "cdef class Name": no block of definitions
            header = None
        if header is None:
            if indent == 0 and _IMPORT.match(line) and _parses(stripped):
                scopes.clear()
                out[index] = stripped  # a base class's module, read for what it gives
            elif _ASSIGNMENT.match(line) is not None:
                while scopes and scopes[-1][0] >= indent:
                    scopes.pop()
                if all(scope[1] for scope in scopes) and (scopes or indent == 0):
                    out[index] = "    " * len(scopes) + _assignment(stripped)
            index += 1
            continue
        while scopes and scopes[-1][0] >= indent:
            scopes.pop()
        end, one_line = header_end(masked, index)
        shown = all(scope[1] for scope in scopes) and header["other"] is None
        if one_line or not shown:
            if not one_line:
                scopes.append((indent, False, False))
            index = end
            continue
        depth = len(scopes)
        # Cython's embedsignature (the file's directive, or a decorator of the definition or
        # its class) gives each function a docstring opening with its signature, so autodoc
        # shows one that has none of its own (cftime's datetime.to_tuple).
        embeds = embedded or any(_EMBED_DECORATOR.match(text) for _, text in above)
        embeds = embeds or (bool(scopes) and scopes[-1][2])
        for at, text in above:
            if _KEPT_DECORATOR.fullmatch(text):  # what a reader of the signature sees
                out[at] = "    " * depth + text
        written = _python_header(header, lines[index:end], masked[index:end])
        out[index] = "    " * depth + written
        headers.append((index, depth))
        scopes.append((indent, header["cls"] is not None, embeds))
        doc, index = docstring_at(lines, end)
        # A property's doc is its getter's own: Cython embeds no signature there (nor in its
        # setter's or deleter's).
        is_property = any(
            text == "@property" or text.endswith((".setter", ".deleter")) for _, text in above
        )
        if not doc and embeds and not header["cls"] and not is_property:
            doc = written.removeprefix("def ").removesuffix(":")
        if doc:
            out[end] = "    " * (depth + 1) + repr(doc)
    for at, depth in headers:
        _give_a_body(out, at, depth)
    text = "\n".join(out)
    try:
        ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    return text


def _first_statement(lines: list[str]) -> int:
    """The index of the first line that is neither blank nor a comment."""
    start = 0
    while start < len(lines) and (not lines[start].strip() or lines[start].lstrip()[:1] == "#"):
        start += 1
    return start


def _embeds_signatures(code: str) -> bool:
    """Whether the comments that head ``code`` turn Cython's embedsignature on."""
    lines = code.split("\n")
    return _EMBED_DIRECTIVE.search("\n".join(lines[: _first_statement(lines)])) is not None


def _python_header(header: re.Match[str], lines: list[str], masked: list[str]) -> str:
    """``class Name(bases):`` or ``def name(parameters):`` for a definition's header lines
    (``masked``: the same lines as ``_masked_lines`` gives them)."""
    spans = [(len(m) - len(m.lstrip()), len(m.rstrip())) for m in masked]
    text = " ".join(line[start:end] for line, (start, end) in zip(lines, spans, strict=True))
    code = " ".join(line[start:end] for line, (start, end) in zip(masked, spans, strict=True))
    if header["cls"]:
        bases = ""
        opened = code.find("(")
        if opened >= 0 and (closed := _closing(code, opened)) > opened:
            written = text[opened + 1 : closed].strip()
            bases = f"({written})" if written and _parses(f"f({written})") else ""
        return f"class {header['cls']}{bases}:"
    name = header["def"] or header["cpdef"]
    opened = code.find("(", code.find(name) + len(name))
    closed = _closing(code, opened) if opened >= 0 else -1
    inside = slice(opened + 1, closed)
    parameters = _parameters(text[inside], code[inside]) if closed > opened else ""
    returned = _RETURN_ANNOTATION.match(text[closed + 1 :]) if closed > opened else None
    shown = f" -> {returned[1]}" if returned and _parses(returned[1]) else ""
    return f"def {name}({parameters}){shown}:"


def _parameters(written: str, code: str) -> str:
    """The parameters of a Cython signature as Python writes them: ``int level=1`` is
    ``level=1``, ``object buf not None`` is ``buf``; a default that is no Python expression
    is ``...``. ``code`` is ``written`` masked (``_masked_lines``), where its brackets and
    separators are found."""
    shown = []
    for parameter, masked in _split_top_level(written, code, ","):
        if parameter.strip() in ("", "*", "/"):
            shown.extend([parameter.strip()] if parameter.strip() else [])
            continue
        left, equals, default, masked_left = _split_first(parameter, masked, "=")
        # A Python annotation after the name (ezdxf's 'items: Iterable[UVec]'), shown as
        # Python shows it; a C type before the name is not.
        left, colon, annotation, _ = _split_first(left, masked_left, ":")
        left = re.sub(r"[ \t]+(?:not|or)[ \t]+None[ \t]*$", "", left.strip())
        named = _PARAMETER_NAME.search(left)
        if named is None:
            return "*args, **kwargs"
        stars = "*" * left.count("*") if left.lstrip().startswith("*") else ""
        annotation = annotation.strip()
        annotated = f": {annotation}" if colon and _parses(annotation) else ""
        value = default.strip()
        value = value if not equals or _parses(value) else "..."
        assigned = "" if not equals else f" = {value}" if annotated else f"={value}"
        shown.append(f"{stars}{named[2]}{annotated}{assigned}")
    return ", ".join(shown)


def _opens_block(masked: list[str], continued: list[bool], index: int) -> bool:
    """Whether the statement at line ``index`` opens a block: it ends with its colon, on
    its line or on the last line it goes on over (a ``cdef`` function's parameters)."""
    end = index + 1
    while end < len(masked) and continued[end]:
        end += 1
    return masked[end - 1].rstrip().endswith(":")


def _masked_lines(lines: list[str]) -> tuple[list[str], list[bool]]:
    """Each line with what its string literals hold as ``x`` and its comment as spaces (so a
    ``,``, ``#``, ``(`` or ``:`` in a default's string is no code: numpy's
    ``comments='#'``), each the same length as the line; and whether the line goes on a
    statement begun above it, inside brackets or a string (a ``def`` in a template's text, a
    call's keyword arguments over several lines, which are not the module's)."""
    masked: list[str] = []
    continued: list[bool] = []
    quote = ""  # the string open at this point: ', ", ''' or """
    depth = 0
    joined = False  # the line above ends with a backslash
    for line in lines:
        continued.append(bool(quote) or depth > 0 or joined)
        characters = list(line)
        position = 0
        while position < len(line):
            mark = (_STRING_MARK if quote else _CODE_MARK).search(line, position)
            if quote:
                at = len(line) if mark is None else mark.start()
                characters[position:at] = "x" * (at - position)
                if mark is None:
                    break
                if line.startswith(quote, at):
                    position, quote = at + len(quote), ""
                    continue
                # A backslash and what it escapes, or the other quote: the string's.
                position = min(at + (2 if mark[0] == "\\" else 1), len(line))
                characters[at:position] = "x" * (position - at)
                continue
            if mark is None:
                break
            character, position = mark[0], mark.end()
            if character == "#":
                characters[mark.start() :] = " " * (len(line) - mark.start())
                break
            if character in "'\"":
                tripled = line.startswith(character * 3, mark.start())
                quote = character * 3 if tripled else character
                position = mark.start() + len(quote)
            elif character in "([{":
                depth += 1
            else:
                depth = max(depth - 1, 0)
        joined = line.rstrip().endswith("\\") and not line.rstrip().endswith("\\\\")
        if len(quote) == 1 and not joined:
            quote = ""  # a one-line string does not go on past its line
        masked.append("".join(characters))
    return masked, continued


def _assignment(stripped: str) -> str:
    """A one-line assignment as Python reads it, or ``...`` when it does not parse alone (it
    goes on over several lines, or is Cython's)."""
    return stripped if _parses(stripped) else "..."


def _give_a_body(out: list[str], line: int, depth: int) -> None:
    """Write ``...`` under the header at ``line`` when nothing deeper follows it."""
    body = "    " * (depth + 1)
    for later in range(line + 1, len(out)):
        if out[later]:
            if out[later].startswith(body):
                return
            break
    if line + 1 < len(out) and not out[line + 1]:
        out[line + 1] = f"{body}..."
    else:
        out[line] += " ..."


def _closing(text: str, opened: int) -> int:
    """The index of the bracket that closes the one at ``opened``; -1 when none does."""
    depth = 0
    for index in range(opened, len(text)):
        if text[index] in "([{":
            depth += 1
        elif text[index] in ")]}":
            depth -= 1
            if depth == 0:
                return index
    return -1


def _split_top_level(text: str, code: str, separator: str) -> list[tuple[str, str]]:
    """``text`` split at each ``separator`` outside brackets, found in ``code`` (``text``
    masked): each part of ``text`` with the same part of ``code``."""
    cuts = [-1]
    depth = 0
    for position, character in enumerate(code):
        if character in "([{":
            depth += 1
        elif character in ")]}":
            depth -= 1
        elif character == separator and depth == 0:
            cuts.append(position)
    cuts.append(len(code))
    return [(text[a + 1 : b], code[a + 1 : b]) for a, b in itertools.pairwise(cuts)]


def _split_first(text: str, code: str, separator: str) -> tuple[str, str, str, str]:
    """``text`` before and after its first top-level ``separator`` (as ``str.partition``),
    and the masked part before it."""
    parts = _split_top_level(text, code, separator)
    if len(parts) == 1:
        return text, "", "", code
    cut = len(parts[0][0])
    return text[:cut], separator, text[cut + 1 :], code[:cut]


def _parses(expression: str) -> bool:
    try:
        ast.parse(expression)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return True
