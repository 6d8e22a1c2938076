"""VitePress' ``{{ $frontmatter.key }}`` read as the value the page's front matter gives it.

VitePress (and VuePress) compile a page into a Vue template, so ``{{ $frontmatter.title }}``
in its text shows the front matter's ``title``: Rollup 4's pages each open with
``# {{ $frontmatter.title }}``, which was a heading of that text. Fenced code is shown as
written (VitePress wraps it in ``v-pre``) unless its language ends in ``-vue``
(```` ```html-vue ````), which interpolates and highlights as the language before it; Vue
Router's CDN addresses take the versions its front matter pins that way. Code spans and
``v-pre`` elements are shown as written too. In a Vue page (the project's flavour is VitePress,
or the page has a ``<script setup>``) an expression of anything but the front matter
(``{{ latestPost.title }}`` on knex's home page, a name of the page's ``<script setup>``) is
taken out of the text: its value is made as the page runs, and the expression is no text a
reader sees. Elsewhere it stays as written (a template's docs may mean the braces), and so
does a front matter expression whose value is no scalar. The page keeps its number of lines.
"""

from __future__ import annotations

import re
from typing import Any

from builder.parsers.markdown.flavor import VITEPRESS, reading_flavor
from builder.parsers.markdown.front_matter import loaded_front_matter, yaml_front_matter
from builder.parsers.markdown.hugo_shortcodes import code_spans, in_code_span

_SIGN = "$frontmatter"
# ``$frontmatter.a.b``, ``$frontmatter['a-b']``, ``$frontmatter["a"]``, ``$frontmatter[0]``:
# bounded parts, so a long line is scanned in linear time.
_PART = r"""\.[A-Za-z_$][\w$]{0,100}|\[\s?(?:'[^'\n]{0,100}'|"[^"\n]{0,100}"|\d{1,9})\s?\]"""
_EXPRESSION = re.compile(r"\{\{\s{0,8}\$frontmatter((?:" + _PART + r"){1,16})\s{0,8}\}\}")
# Any interpolation on one line, bounded so a line of many braces is scanned in linear time.
_ANY_EXPRESSION = re.compile(r"\{\{[^\n]{0,500}?\}\}")
# Where an expression was taken out of a line (a character no Markdown text holds), and the
# blanks around it that close up. A run of blanks is tried from its first one only: tried from
# each, a line's 10,000 blanks took 9 s (quadratic).
_GONE = "\x00"
_GONE_BEFORE_STOP = re.compile(r"(?<![ \t])[ \t]*\x00+(?=[,.;:!?)\]]|$)")
_GONE_BETWEEN_BLANKS = re.compile(r"(?<![ \t])[ \t]+(?:\x00+[ \t]+)+")
_KEY = re.compile(r"""\.([A-Za-z_$][\w$]*)|\[\s?(?:'([^']*)'|"([^"]*)"|(\d+))\s?\]""")
_FENCE = re.compile(r"[ \t]*(`{3,}|~{3,})[ \t]*([^\s`{]*)")
_VUE_SUFFIX = "-vue"
# A v-pre block over many lines: VitePress' ``::: v-pre`` container, or an element with v-pre
# whose closing tag is on a later line (``<div v-pre>`` ... ``</div>``).
_V_PRE_CONTAINER = re.compile(r"[ \t]*(:{3,})[ \t]*v-pre[ \t]*$")
_V_PRE_ELEMENT = re.compile(r"<([A-Za-z][\w-]{0,50})\s[^<>]{0,500}?\bv-pre\b[^<>]{0,500}>")


def has_frontmatter_references(text: str) -> bool:
    """The quick test: a page without the name refers to no front matter value, and one
    without braces, or not a Vue page, has no expression to take out."""
    return _SIGN in text or ("{{" in text and _is_vue_page(text))


def _is_vue_page(text: str) -> bool:
    return reading_flavor(VITEPRESS) or ("<script setup" in text and _has_script_setup(text))


def _has_script_setup(text: str) -> bool:
    """Whether the page has a ``<script setup>`` of its own, outside its code blocks: one a
    code block shows (a Vue component in a page of plain Markdown) makes no Vue page."""
    fence = ""
    for line in text.split("\n"):
        if fence:
            if line.strip().startswith(fence) and not line.strip().lstrip(fence[0]):
                fence = ""
        elif opening := _FENCE.match(line):
            fence = opening.group(1)
        elif line.lstrip().startswith("<script setup"):
            return True
    return False


def fill_frontmatter_references(text: str) -> str:
    """``text`` with each ``{{ $frontmatter... }}`` that Vue interpolates replaced by its value,
    and ``-vue`` taken off the languages of the code blocks that interpolate; in a Vue page,
    without the other expressions of its text."""
    front_matter = yaml_front_matter(text)
    values = loaded_front_matter(front_matter) if front_matter is not None else None
    vue_page = "{{" in text and _is_vue_page(text)
    if not isinstance(values, dict):
        if not vue_page:
            return text
        values = {}
    lines = text.split("\n")
    fence, interpolated = "", False
    verbatim_end: re.Pattern[str] | None = None  # the end of the v-pre block the line is in
    for index, line in enumerate(lines):
        if verbatim_end is not None:
            if verbatim_end.search(line):
                verbatim_end = None
        elif fence:
            if line.strip().startswith(fence) and not line.strip().lstrip(fence[0]):
                fence = ""
            elif interpolated:
                lines[index] = _filled(line, values, code=True)
        elif opening := _FENCE.match(line):
            fence, language = opening.group(1), opening.group(2)
            interpolated = language.endswith(_VUE_SUFFIX)
            if interpolated:
                start, end = opening.span(2)
                lines[index] = line[:start] + language[: -len(_VUE_SUFFIX)] + line[end:]
        elif "v-pre" in line:
            verbatim_end = _v_pre_end(line)
        elif vue_page and "{{" in line:
            lines[index] = _shown(line, values)
        elif _SIGN in line:
            lines[index] = _filled(line, values, code=False)
    return "\n".join(lines)


def _v_pre_end(line: str) -> re.Pattern[str] | None:
    """What ends the v-pre block ``line`` opens and does not close, if it opens one."""
    if container := _V_PRE_CONTAINER.match(line):
        return re.compile(rf"^[ \t]*{container.group(1)}[ \t]*$")
    element = _V_PRE_ELEMENT.search(line)
    if element is None or element.group(0).endswith("/>"):
        return None
    closing = re.compile(rf"</{re.escape(element.group(1))}\s*>")
    return None if closing.search(line, element.end()) else closing


def _filled(line: str, values: dict[Any, Any], code: bool) -> str:
    spans = [] if code else code_spans(line)

    def value_of(match: re.Match[str]) -> str:
        if in_code_span(spans, match.start()):
            return match.group(0)
        value = _lookup(values, match.group(1))
        return match.group(0) if value is None else value

    return _EXPRESSION.sub(value_of, line)


def _shown(line: str, values: dict[Any, Any]) -> str:
    """A line of a Vue page's text as the reader sees it: front matter values filled in, and
    other expressions (whose values the page makes as it runs) taken out; code spans kept."""
    spans = code_spans(line)

    def shown(match: re.Match[str]) -> str:
        if in_code_span(spans, match.start()):
            return match.group(0)
        reference = _EXPRESSION.fullmatch(match.group(0))
        if reference is None:
            return _GONE
        value = _lookup(values, reference.group(1))
        return match.group(0) if value is None else value

    line = _ANY_EXPRESSION.sub(shown, line)
    if _GONE not in line:
        return line
    # The blanks around an expression taken out close up: "Hello {{ user.name }}, see" reads
    # "Hello, see", not "Hello , see".
    return _GONE_BETWEEN_BLANKS.sub(" ", _GONE_BEFORE_STOP.sub("", line)).replace(_GONE, "")


def _lookup(values: dict[Any, Any], path: str) -> str | None:
    """The scalar at ``path`` (".a['b']") in the front matter, as Vue shows it; None when
    there is none."""
    found: Any = values
    for part in _KEY.finditer(path):
        name, single, double, number = part.groups()
        if isinstance(found, list) and number is not None and int(number) < len(found):
            found = found[int(number)]
        elif isinstance(found, dict):
            key = next(k for k in (name, single, double, number) if k is not None)
            if key not in found:
                return None
            found = found[key]
        else:
            return None
    if isinstance(found, bool):
        return "true" if found else "false"
    if isinstance(found, (str, int, float)):
        return " ".join(str(found).split("\n"))
    return None
