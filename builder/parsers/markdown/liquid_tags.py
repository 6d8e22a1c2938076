"""Jekyll's Liquid tags that stand for Markdown, rewritten as it, line for line, before the
page is parsed: ``{% highlight yaml %}`` ... ``{% endhighlight %}`` as a fenced code block,
and ``{% link docs/page.md %}`` (or ``{% post_url 2024-01-01-name %}``) as the path it names.

Jekyll renders them before Markdown is read. Read as text, just-the-docs 0.12.0's highlighted
YAML ran into one line of a paragraph ("compress_html: ignore: envs: all"), and a link whose
target is a ``{% link %}`` tag was no link: its text showed with the raw tag,
"[Color Utilities]({% link docs/utilities/color.md %})". A tag in code is the page showing it
and stays.
"""

from __future__ import annotations

import re

from builder.parsers.markdown.hugo_shortcodes import code_lines, code_spans, in_code_span

# A highlight block's tags, each a line of its own: the language, then options (linenos)
# after a blank, so that the language's end is never tried at each of its letters.
_HIGHLIGHT = re.compile(
    r"([ \t]*)\{%-?[ \t]*highlight[ \t]+([\w+#.-]+)(?:[ \t][^%\n]*)?-?%\}[ \t]*"
)
_END_HIGHLIGHT = re.compile(r"([ \t]*)\{%-?[ \t]*endhighlight[ \t]*-?%\}[ \t]*")
# A tag that shows the address of a page of the site; its argument holds no space or quote.
_LINK = re.compile(r"\{%-?[ \t]*(?:link|post_url)[ \t]+([^\s%{}'\"]+)[ \t]*-?%\}")
_FENCE = "```"


def has_liquid_tags(text: str) -> bool:
    return "{%" in text and (
        _LINK.search(text) is not None or re.search(r"\{%-?[ \t]*highlight\b", text) is not None
    )


def rewrite_liquid_tags(text: str) -> str:
    """``text`` with its highlight blocks fenced and its link tags their paths, outside code;
    it keeps its number of lines."""
    lines = text.split("\n")
    inside_code = code_lines(lines)
    opened = -1  # the line of the highlight tag whose block is open
    for index, line in enumerate(lines):
        if "{%" not in line or (inside_code[index] and opened < 0):
            continue
        if opened < 0 and (start := _HIGHLIGHT.fullmatch(line)):
            lines[index] = f"{start.group(1)}{_FENCE}{start.group(2)}"
            opened = index
        elif opened >= 0 and (end := _END_HIGHLIGHT.fullmatch(line)):
            lines[index] = f"{end.group(1)}{_FENCE}"
            opened = -1
        elif opened < 0:
            lines[index] = _without_link_tags(line)
    if opened >= 0:  # never closed: Jekyll fails the page; the tag is left as written
        lines[opened] = text.split("\n")[opened]
    return "\n".join(lines)


def _without_link_tags(line: str) -> str:
    spans = code_spans(line)
    return _LINK.sub(lambda m: m.group(0) if in_code_span(spans, m.start()) else m.group(1), line)
