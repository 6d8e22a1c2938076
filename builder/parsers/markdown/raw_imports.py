"""Code a page imports as text and shows in a component: ``import Example from
'!!raw-loader!./example.py'`` (webpack's raw-loader, Docusaurus' way; Vite's and Astro's
``'./example.py?raw'``), then ``<CodeBlock language="python">{Example}</CodeBlock>``.

The site shows the file's text as a code block where the component stands; read as Markdown,
only ``{Example}`` was left (crawlee 1.9.2's guides: 221 imported examples, each read as its
name). A component (``<CodeBlock>``, a site's own ``<RunnableCodeBlock>``) whose one child is
an imported name, its tags on lines of their own or on one line, is replaced by a fenced block
of the file, in its ``language`` (or ``className="language-x"``, else the file's suffix).
Paths are read as partials' are (builder.parsers.markdown.mdx_partials): beside the page,
from ``@site/``, or through a ``tsconfig.json`` alias. A page shows at most MAX_INCLUDE_TAGS
such components (include_budget), with one warning for the rest: each reads its file again.
"""

from __future__ import annotations

import posixpath
import re

from builder.includes import IncludedText, IncludeReader, IncludeRefused
from builder.parsers.include_budget import IncludeBudget
from builder.parsers.markdown.code_blocks import fenced
from builder.parsers.markdown.path_aliases import aliased_path
from builder.parsers.markdown.spliced import SpliceBuilder, Spliced, lines_outside_fences

_IMPORT = re.compile(
    r"""[ \t]*import[ \t]+(?P<name>[A-Za-z_$][\w$]{0,100})[ \t]+from[ \t]+"""
    r"""(?P<q>['"])(?P<spec>[^'"\n]{1,500})(?P=q)[ \t]*;?[ \t]*"""
)
_LOADERS = re.compile(r"!*(?:[\w@/.-]*-loader(?:\?[^!]*)?!)+")
_RAW_QUERY = "?raw"
# A component whose one child is a name: its opening tag (props bounded, a prop's braces
# holding no others), the name in braces, its closing tag; on one line or several.
MAX_PROPS_CHARS = 2000
_COMPONENT = re.compile(
    r"[ \t]*<(?P<tag>[A-Z][\w.]{0,100})(?P<props>(?:[^<>{}]|\{[^<>{}\n]{0,200}\}){0,"
    + str(MAX_PROPS_CHARS)
    + r"})>\s*\{\s*(?P<name>[A-Za-z_$][\w$]{0,100})\s*\}\s*</(?P=tag)\s*>[ \t]*"
)
_LANGUAGE = re.compile(r"""\blanguage\s*=\s*["']([\w+#.-]{1,40})["']""")
_CLASS_LANGUAGE = re.compile(r"""\bclassName\s*=\s*["'][^"'\n]*?\blanguage-([\w+#.-]{1,40})""")
_SITE = "@site/"
# How many lines a component may span (its props and its name on lines of their own).
_MAX_COMPONENT_LINES = 40


def has_raw_imports(text: str) -> bool:
    """The quick test: a page naming no raw loader or ``?raw`` import has none."""
    return "raw-loader!" in text or f"{_RAW_QUERY}'" in text or f'{_RAW_QUERY}"' in text


def splice_raw_imports(page: Spliced, relpath: str, reader: IncludeReader) -> Spliced:
    """``page`` with each component showing a raw import replaced by the file's code."""
    lines = page.text.split("\n")
    prose = lines_outside_fences(lines)
    imports = {
        match.group("name"): path
        for number in prose
        if (match := _IMPORT.fullmatch(lines[number]))
        and (path := _raw_path(match.group("spec"))) is not None
    }
    builder = SpliceBuilder()
    budget = IncludeBudget()
    number = 0
    while number < len(lines):
        line = lines[number]
        shown = None
        if imports and number in prose and line.lstrip().startswith("<"):
            window = "\n".join(lines[number : number + _MAX_COMPONENT_LINES])
            component = _COMPONENT.match(window)
            # The component's lines are replaced whole: nothing may follow its closing tag.
            if (
                component is not None
                and component.group("name") in imports
                and window[component.end() : component.end() + 1] in ("", "\n")
            ):
                shown = component
        if shown is None:
            builder.add(line, number)
            number += 1
            continue
        last = number + shown.group(0).count("\n")
        refused = budget.follow()
        if refused is not None:  # the component shows nothing
            if refused:
                builder.note(number, refused)
            number = last + 1
            continue
        code = _code(shown, imports[shown.group("name")], relpath, reader)
        if code is None:
            builder.note(number, f"code {imports[shown.group('name')]}: not read")
            builder.add(line, number)
            number += 1
            continue
        for text in code.split("\n"):
            builder.add(text, number)
        number = last + 1
    return builder.build(page)


def _raw_path(spec: str) -> str | None:
    """The file a raw import names, or None when the import is no raw one."""
    if spec.startswith(("!!", "raw-loader!")) and "raw-loader" in spec:
        path = _LOADERS.sub("", spec, count=1) if _LOADERS.match(spec) else ""
        return path or None
    if spec.endswith(_RAW_QUERY):
        return spec.removesuffix(_RAW_QUERY) or None
    return None


def _code(shown: re.Match[str], path: str, relpath: str, reader: IncludeReader) -> str | None:
    """The fenced block of the file ``path`` in the language ``shown``'s props give."""
    included = _read(path, relpath, reader)
    if included is None:
        return None
    props = shown.group("props")
    language = _LANGUAGE.search(props) or _CLASS_LANGUAGE.search(props)
    name = language.group(1) if language else posixpath.splitext(path)[1].lstrip(".")
    return fenced(name, included.text.rstrip("\n"))


def _read(path: str, relpath: str, reader: IncludeReader) -> IncludedText | None:
    try:
        if path.startswith(_SITE):
            return reader.read(relpath, path.removeprefix(_SITE), snippet=True)
        if path.startswith("@") or "://" in path:
            aliased = aliased_path(path, reader) if path.startswith("@") else None
            return reader.read_in_project(aliased) if aliased is not None else None
        return reader.read(relpath, path)
    except IncludeRefused:
        return None
