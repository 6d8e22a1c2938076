"""Highlighting comments in code blocks read as the code the page shows.

Docusaurus highlights lines by magic comments, each on a line of its own (``//
highlight-next-line``, ``# highlight-start`` ... ``# highlight-end``, ``{/* highlight-next-line
*/}`` in JSX, ``<!-- highlight-start -->`` in HTML), and leaves those lines out of the block it
shows; only in the comment forms of the block's language (a Markdown block's ``//`` line is
text: Docusaurus' own guide shows ``// highlight-next-line`` in a ```` ```md ```` example), and
not in a block whose info string gives the lines to highlight (```` ```js {2,4} ````).

Shiki's notation comments (VitePress, and any site with @shikijs/transformers) end the line
they mark: ``// [!code highlight]``, ``[!code focus]``, ``[!code error]``, ``[!code
warning]``, ``[!code word:name]``; the page shows the line without them. ``// [!code ++]`` and
``// [!code --]`` mark a line added or removed (``[!code ++:3]`` three lines from there), and
the page shows it with a ``+`` or ``-`` in the block's margin, so a block holding such lines
reads with that margin, a space for the lines neither marks (unless each marked line already
starts with a sign). A comment alone on its line goes
with the line and marks the next. ``[!!code`` is how a page shows the notation itself (VitePress'
own guide); it reads ``[!code``.
"""

from __future__ import annotations

import re

# Docusaurus' default magic comments alone on their line, in the comment forms it reads in a
# block of each language (codeBlockUtils' getAllMagicCommentDirectiveStyles).
_DIRECTIVE = r"[ \t]*+highlight-(?:next-line|start|end)[ \t]*+"
_COMMENT_FORMS = {
    "js": f"//{_DIRECTIVE}",
    "jsBlock": rf"/\*{_DIRECTIVE}\*/",
    "jsx": rf"\{{[ \t]*/\*{_DIRECTIVE}\*/[ \t]*\}}",
    "bash": f"#{_DIRECTIVE}",
    "html": f"<!--{_DIRECTIVE}-->",
    "lua": f"--{_DIRECTIVE}",
    "tex": f"%{_DIRECTIVE}",
    "wasm": f";;{_DIRECTIVE}",
}
_LANGUAGE_FORMS = {
    ("js", "javascript", "ts", "typescript"): ("js", "jsBlock"),
    ("jsx", "tsx"): ("js", "jsBlock", "jsx"),
    ("html",): ("js", "jsBlock", "html"),
    ("python", "py", "bash"): ("bash",),
    ("markdown", "md"): ("html", "jsx", "bash"),
    ("tex", "latex", "matlab"): ("tex",),
    ("lua", "haskell", "sql"): ("lua",),
    ("wasm",): ("wasm",),
}


def _magic_comment(forms: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile(rf"[ \t]*+(?:{'|'.join(_COMMENT_FORMS[form] for form in forms)})[ \t]*+")


_MAGIC_COMMENTS = {
    language: _magic_comment(forms)
    for languages, forms in _LANGUAGE_FORMS.items()
    for language in languages
}
# Any other language (or none): the popular forms.
_MAGIC_COMMENT = _magic_comment(("js", "jsBlock", "jsx", "bash", "html"))
# Lines to highlight in the info string: Docusaurus then reads no magic comment.
_LINE_RANGE = re.compile(r"\{[\d,-]+\}")
# A Shiki notation comment at the end of a line, in the comment forms its transformers read.
_NOTATION = re.compile(
    r"(?://|/\*|\{/\*|#|<!--|--|%|;;?)[ \t]*+\[!code[ \t]++"
    r"(?P<kind>\+\+|--|highlight|hl|focus|error|warning|word:(?:\\.|[^:\]\\])++)"
    r"(?::(?P<lines>\d+))?\][ \t]*+(?:\*/\}|\*/|-->)?[ \t]*+$"
)
_MARGIN = {"++": "+ ", "--": "- "}


def without_highlight_comments(code: str, info: str = "") -> str:
    """``code`` of a block with ``info`` without the lines that only hold a highlighting
    comment, and without the notation comments that end a line, added and removed lines in a
    ``+``/``-`` margin."""
    if "highlight-" in code and not _LINE_RANGE.search(info):
        language = info.split(maxsplit=1)[0].lower() if info.strip() else ""
        magic = _MAGIC_COMMENTS.get(language, _MAGIC_COMMENT)
        code = "\n".join(line for line in code.split("\n") if not magic.fullmatch(line))
    if "[!code" in code:
        code = _without_notations(code)
    return code.replace("[!!code", "[!code")


def _without_notations(code: str) -> str:
    shown: list[str] = []
    margins: list[str] = []
    marking = ""  # the diff mark the lines still to come take
    left = 0
    for line in code.split("\n"):
        notation = _NOTATION.search(line) if "[!code" in line else None
        if notation is not None:
            line = line[: notation.start()].rstrip()
            kind = notation.group("kind")
            if kind in _MARGIN:
                marking, left = kind, int(notation.group("lines") or 1)
            if not line.strip():
                continue
        shown.append(line)
        margins.append(_MARGIN[marking] if left else "  ")
        left = max(left - 1, 0)
    marked = [(margin, line) for margin, line in zip(margins, shown, strict=True) if margin != "  "]
    # No margin, or one the block draws itself: TanStack's migration guides write '- ' and
    # '+ ' before the lines they also mark, which read '- - const query' with one more.
    if all(line[:1] in ("+", "-") for _, line in marked):  # a '+' it marks '--' is a typo
        return "\n".join(shown)
    return "\n".join((margin + line).rstrip() for margin, line in zip(margins, shown, strict=True))
