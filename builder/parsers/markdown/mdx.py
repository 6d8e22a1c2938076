"""Recognise the MDX-only parts of a document: ESM ``import``/``export`` blocks and JSX in prose.

MDX treats a top-level paragraph that starts with ``import`` or ``export`` as JavaScript, so
these functions work on the paragraphs markdown-it found, never on the raw file: an
``import`` line inside a fenced code block is code and stays.
"""

from __future__ import annotations

import re

from builder.parsers.markdown.embedded_html import strip_jsx

_ESM_START = re.compile(r"(?:import|export)(?=[\s{*'\"])")
# A whole ``import Name from "module";`` line importing components: a default one, named ones
# (``{ Tabs, TabItem as Item }``) or both; and a tag using one.
_COMPONENT_IMPORT = re.compile(
    r"""import[ \t]+(?P<names>[A-Z][\w$]*(?:[ \t]*,[ \t]*\{[^{}\n]*\})?|\{[^{}\n]*\})"""
    r"""[ \t]+from[ \t]*(?P<q>['"])[^'"\n]+(?P=q)[ \t]*;?[ \t]*"""
)
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


# An import from Docusaurus' own modules, which only its bundler resolves.
_DOCUSAURUS_IMPORT = re.compile(
    r"""import[ \t][^\n]*?[ \t]from[ \t]*['"]@(?:docusaurus|theme|site)/"""
)
_FENCE = re.compile(r" {0,3}(`{3,}|~{3,})")
_SCRIPT = re.compile(r" {0,3}<script\b", re.IGNORECASE)
_SCRIPT_END = re.compile(r"</script\s*>", re.IGNORECASE)


def imports_docusaurus_module(text: str) -> bool:
    """Whether a ``.md`` page imports from Docusaurus' own modules (``import Tabs from
    '@theme/Tabs'``, ``'@site/src/components/X'``): a page written for Docusaurus, which
    compiles it as MDX. An import shown in a fenced code block is code, not the page's own
    (docusaurus-plugin-openapi-docs' README shows a docusaurus.config.ts that imports
    ``@docusaurus/types``), and one in a ``<script setup>`` is a VitePress page's (Vue's
    docs import ``@theme/components/...``, VitePress' alias for the site's theme)."""
    if "@" not in text:
        return False
    closing: re.Pattern[str] | str | None = None  # what ends the fence or script the line is in
    for line in text.split("\n"):
        if isinstance(closing, str):
            opening = _FENCE.match(line)
            if opening and opening[1].startswith(closing) and not line[opening.end() :].strip():
                closing = None
        elif closing is not None:
            if closing.search(line):
                closing = None
        elif opening := _FENCE.match(line):
            closing = opening[1]
        elif _SCRIPT.match(line):
            closing = None if _SCRIPT_END.search(line) else _SCRIPT_END
        elif line.startswith("import") and _DOCUSAURUS_IMPORT.match(line):
            return True
    return False


def is_component_import(paragraph: str, components: set[str]) -> bool:
    """Whether a paragraph of a ``.md`` page only imports components the page uses as tags.

    Docusaurus reads ``.md`` pages as MDX too, so ``import TOCInline from '@theme/TOCInline';``
    above a ``<TOCInline />`` is code that never shows; an import line whose name the page
    never uses as a tag is left as the prose plain Markdown makes it.
    """
    for line in paragraph.strip().split("\n"):
        match = _COMPONENT_IMPORT.fullmatch(line.strip())
        if match is None:
            return False
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
