"""Recognise the MDX-only parts of a document: ESM ``import``/``export`` blocks and JSX in prose.

MDX treats a top-level paragraph that starts with ``import`` or ``export`` as JavaScript, so
these functions work on the paragraphs markdown-it found, never on the raw file: an
``import`` line inside a fenced code block is code and stays.
"""

from __future__ import annotations

import re

from builder.parsers.markdown.embedded_html import strip_jsx

_ESM_START = re.compile(r"(?:import|export)(?=[\s{*'\"])")
# A whole ``import Name from "module";`` line: a default import, named ones
# (``{ Tabs, TabItem as Item }``) or both; and a tag using a component.
_COMPONENT_IMPORT = re.compile(
    r"""import[ \t]+(?P<names>[A-Za-z_$][\w$]*(?:[ \t]*,[ \t]*\{[^{}\n]*\})?|\{[^{}\n]*\})"""
    r"""[ \t]+from[ \t]*(?P<q>['"])(?P<module>[^'"\n]+)(?P=q)[ \t]*;?[ \t]*"""
)
# Module paths only Docusaurus' bundler resolves: a page importing from one is read as MDX.
_DOCUSAURUS_MODULE = re.compile(r"@(?:docusaurus|theme|site)/")
_IMPORTED_NAME = re.compile(r"(?:[\w$]+[ \t]+as[ \t]+)?(?P<name>[\w$]+)")
COMPONENT_TAG = re.compile(r"<([A-Z][\w$]*)[\s/>]")
_CODE_SPAN = re.compile(r"(`+)(.+?)\1", re.DOTALL)
_JSX_SIGN = re.compile(r"<[A-Za-z/]|\{/\*|\{[\"']")
_STRING = re.compile(
    r"\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'|`[^`]*`|//[^\n]*|/\*(?:.*?\*/|.*)", re.S
)
_OPENERS = str.maketrans("", "", "{[(")
_CLOSERS = str.maketrans("", "", "}])")


def is_esm(paragraph: str) -> bool:
    """Whether a top-level paragraph is an MDX ``import``/``export`` statement."""
    return _ESM_START.match(paragraph) is not None


def is_component_import(paragraph: str, components: set[str]) -> bool:
    """Whether a paragraph of a ``.md`` page only imports components the page uses as tags.

    Docusaurus reads ``.md`` pages as MDX too, so ``import TOCInline from '@theme/TOCInline';``
    above a ``<TOCInline />`` is code that never shows; an import line whose name the page
    never uses as a tag is left as the prose plain Markdown makes it, unless it imports from
    Docusaurus' own paths (``import useBaseUrl from '@docusaurus/useBaseUrl'``).
    """
    for line in paragraph.strip().split("\n"):
        match = _COMPONENT_IMPORT.fullmatch(line.strip())
        if match is None:
            return False
        if _DOCUSAURUS_MODULE.match(match.group("module")):
            continue
        names = [
            name.group("name")
            for part in match.group("names").replace("{", ",").replace("}", ",").split(",")
            if (name := _IMPORTED_NAME.fullmatch(part.strip())) is not None
        ]
        if not names or any(name not in components for name in names):
            return False
    return True


def bracket_balance(code: str) -> int:
    """Open brackets minus closed ones outside strings and comments.

    A statement whose balance stays above zero continues past the blank line that ended its
    paragraph (``export const meta = {`` ... blank line ... ``}``).
    """
    code = _STRING.sub("", code)
    return (len(code) - len(code.translate(_OPENERS))) - (len(code) - len(code.translate(_CLOSERS)))


def strip_inline_jsx(content: str) -> str:
    """Drop JSX tags and comments from a paragraph's source, leaving code spans untouched.

    markdown-it already reads well-formed tags as inline HTML; this catches the JSX it
    cannot, such as attributes holding ``{...}`` expressions.
    """
    if not _JSX_SIGN.search(content):
        return content
    pieces: list[str] = []
    position = 0
    for span in _CODE_SPAN.finditer(content):
        pieces.append(strip_jsx(content[position : span.start()]))
        pieces.append(span.group(0))
        position = span.end()
    pieces.append(strip_jsx(content[position:]))
    return "".join(pieces)
