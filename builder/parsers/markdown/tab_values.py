"""Docusaurus' ``<Tabs values={[{label: 'TOML config provider', value: 'toml'}, ...]}>``: each
``<TabItem value="toml">`` inside shows the label its parent's ``values`` gives it.

A ``<TabItem>`` without a ``label`` of its own reads as its ``value`` (``toml:``, ``claude:``)
where the page shows the label of the ``values`` entry with that value ("TOML config
provider", "Claude Code"): dlt 1.26.0's docs write 39 tab sets so. Each such tab's opening tag
gets that ``label`` here, before Markdown is read (builder.parsers.markdown.embedded_html reads
it); the text keeps its lines. Tab sets nest: a tab belongs to the innermost open one. Tags in
fenced code or in code spans are the page showing them and stay as written.
"""

from __future__ import annotations

import html
import re

from builder.parsers.markdown.embedded_html import TAB_PROPS
from builder.parsers.markdown.hugo_shortcodes import code_spans, in_code_span
from builder.parsers.markdown.spliced import lines_outside_fences

_TAG = re.compile(r"<(/?)(Tabs|TabItem)\b")
# The opening tag's props, bounded: a values array is a few entries.
MAX_TABS_TAG_CHARS = 4000
_TABS_TAG = re.compile(r"<Tabs\b([^<>]{0," + str(MAX_TABS_TAG_CHARS) + r"})>")
_VALUES = re.compile(r"\bvalues\s*=\s*\{\s*\[([^\]]*)\]")
_ENTRY = re.compile(r"\{([^{}]*)\}")
_KEY = re.compile(r"""["']?(label|value)["']?\s*:\s*(?:"([^"\n]*)"|'([^'\n]*)'|`([^`\n]*)`)""")
_ITEM_TAG = re.compile(r"<TabItem\b([^<>]*)>")
# How many lines after its start an opening <Tabs> tag may run on.
_TAG_LINES = 50


def has_tab_values(text: str) -> bool:
    """The quick test: a page without both names labels no tab from a values prop."""
    return "<Tabs" in text and "values" in text


def label_tab_items(text: str) -> str:
    """``text`` with each ``<TabItem>`` that gives no label labelled from its tab set's
    ``values``."""
    lines = text.split("\n")
    prose = lines_outside_fences(lines)
    open_sets: list[dict[str, str]] = []
    for number in sorted(prose):
        line = lines[number]
        if "<Tab" not in line and "</Tabs" not in line:
            continue
        spans = code_spans(line)
        pieces: list[str] = []
        done = 0
        for tag in _TAG.finditer(line):
            if in_code_span(spans, tag.start()):
                continue
            if tag.group(1):
                if tag.group(2) == "Tabs" and open_sets:
                    open_sets.pop()
            elif tag.group(2) == "Tabs":
                open_sets.append(_labels(_tag_text(lines, number, tag.start())))
            elif open_sets and open_sets[-1]:
                item = _ITEM_TAG.match(line, tag.start())
                label = _missing_label(item.group(1), open_sets[-1]) if item else ""
                if item and label:
                    pieces.append(line[done : tag.end()] + f' label="{html.escape(label)}"')
                    done = tag.end()
        lines[number] = "".join(pieces) + line[done:]
    return "\n".join(lines)


def _tag_text(lines: list[str], number: int, start: int) -> str:
    """The text from a ``<Tabs`` tag at ``start`` of line ``number`` on, as far as its props
    may run: the following lines only when no bracket ends the tag on its own line, which
    only the line's last tag can run past (a line of many tags is read in linear time)."""
    text = lines[number][start : start + MAX_TABS_TAG_CHARS + 2]
    if "<" in text[1:] or ">" in text:
        return text
    following = (line[: MAX_TABS_TAG_CHARS + 2] for line in lines[number + 1 : number + _TAG_LINES])
    return "\n".join((text, *following))[: MAX_TABS_TAG_CHARS + 2]


def _labels(tag_text: str) -> dict[str, str]:
    """The labels of the values the ``<Tabs>`` tag ``tag_text`` opens with names, by value."""
    tag = _TABS_TAG.match(tag_text)
    values = _VALUES.search(tag.group(1)) if tag else None
    labels: dict[str, str] = {}
    for entry in _ENTRY.finditer(values.group(1) if values else ""):
        keys = {m.group(1): _value(m) for m in _KEY.finditer(entry.group(1))}
        if keys.get("value") and keys.get("label"):
            labels[keys["value"]] = keys["label"]
    return labels


def _missing_label(props: str, labels: dict[str, str]) -> str:
    """The label a tab of these props takes from its set: none when it gives its own."""
    found = {m.group(1): _value(m) for m in TAB_PROPS.finditer(props)}
    if "label" in found:
        return ""
    return labels.get(found.get("value", ""), "")


def _value(match: re.Match[str]) -> str:
    return next((group for group in match.groups()[1:] if group), "")
