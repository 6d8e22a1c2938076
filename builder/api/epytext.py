"""Read epytext docstrings (pydoctor's default format, Twisted's style) as Sphinx-style ones.

Epytext writes fields as ``@param name: text``, ``@type name: T``, ``@return: text``,
``@rtype: T``, ``@raise E: text`` and inline markup as a capital letter and braces:
``C{code}``, ``L{target}`` or ``L{text<target>}``, ``I{italic}``, ``B{bold}``, ``U{url}``,
``E{lb}`` for a brace. Left as they are, the fields read as stray text and the markup as
letters around braces. Here the fields become the Sphinx fields of the same meaning (which
``builder.api.docstrings`` groups into Parameters, Returns, Raises), the markup the reST that
shows the same, and ``@note:``, ``@see:``, ``@since:`` lines labelled paragraphs.
"""

from __future__ import annotations

import re

# A field line: "@name", arguments, a colon; only epytext's own field names and no call, so a
# decorator in an example ("@property", '@deprecated("since 2: use g")') is never one.
_FIELD = re.compile(
    r"^([ \t]*)@(param|parameter|arg|argument|keyword|kwarg|type|return|returns|rtype|raise|raises"
    r"|except|exception|ivar|cvar|var|note|see|seealso|since|deprecated|todo|warning|warn"
    r"|author|version|change|requires|precondition|postcondition|invariant)\b([^:\n()\"'=]*):",
    re.MULTILINE,
)
_SPHINX_NAMES = {
    "parameter": "param", "arg": "param", "argument": "param", "kwarg": "keyword",
    "raise": "raises", "except": "raises", "exception": "raises", "return": "returns",
}  # fmt: skip
_LABELS = {
    "note": "Note", "see": "See also", "seealso": "See also", "since": "Since",
    "deprecated": "Deprecated", "todo": "Todo", "warning": "Warning", "warn": "Warning",
    "author": "Author", "version": "Version", "change": "Changed", "requires": "Requires",
    "precondition": "Precondition", "postcondition": "Postcondition", "invariant": "Invariant",
}  # fmt: skip
_MARKUP_LETTERS = frozenset("CLIBUMEXS")
# Markup nested deeper than this reads as text: each level joins its content once more.
MAX_MARKUP_DEPTH = 8
_ESCAPES = {"lb": "{", "rb": "}"}
# Inline markup that is epytext's and not code's: a capital markup letter opening a word.
_MARKUP_SIGN = re.compile(r"(?<![\w$\\])[LCIBU]\{[^{}\n]+\}")
# Where "C{x}" is not epytext's: code spans, and docstrings that show another style's sections
# (a Google or NumPy header, a Sphinx field), which their own reading would lose.
_CODE_SPAN = re.compile(r"``[^\n]*?``|`[^`\n]*`")
_OTHER_STYLE = re.compile(
    r"^[ \t]*(?:(?:Args|Arguments|Parameters|Other Parameters|Keyword Args|Keyword Arguments"
    r"|Returns|Yields|Raises|Attributes|Examples?|Notes?)[ \t]*:?[ \t]*$|-{3,}[ \t]*$"
    r"|:(?:param|parameter|arg|type|returns?|rtype|raises?)\b)",
    re.MULTILINE,
)


def is_epytext(text: str) -> bool:
    """Whether ``text`` has an epytext field line (``@param x:``, ``@return:``...) or
    inline markup (``C{code}``, ``L{name}``)."""
    # Every docstring of every style comes here: a field needs an "@" and markup a "{", which a
    # substring test finds without trying a pattern at each position of the docstring.
    if "@" in text and _FIELD.search(text) is not None:
        return True
    if "{" not in text:
        return False
    return _MARKUP_SIGN.search(_CODE_SPAN.sub("", text)) is not None and not _OTHER_STYLE.search(
        text
    )


def to_sphinx(text: str) -> str:
    """``text`` with its epytext fields as Sphinx fields and its inline markup as reST."""
    return _FIELD.sub(_field, inline_markup(text))


def _field(match: re.Match[str]) -> str:
    indent, name, arguments = match.group(1), match.group(2), match.group(3).strip()
    if name in _LABELS:  # a paragraph of its own, not the end of the one above
        return f"\n{indent}{_LABELS[name]}:"
    name = _SPHINX_NAMES.get(name, name)
    return f"{indent}:{name}{' ' + arguments if arguments else ''}:"


def inline_markup(text: str) -> str:
    """Epytext's ``X{...}`` markup as reST, braces matched as epytext nests them; a brace that
    closes nothing, or markup left open, stays as written. One pass; a character is joined
    again only by the markup around it, at most MAX_MARKUP_DEPTH times."""
    out: list[str] = []
    # Each open markup: its letter and where its content starts in ``out``.
    opened: list[tuple[str, int]] = []
    depth = 0  # how many of ``opened`` are markup
    index = 0
    while index < len(text):
        char = text[index]
        if (
            char in _MARKUP_LETTERS
            and text.startswith("{", index + 1)
            and _starts_word(text, index)
            and depth < MAX_MARKUP_DEPTH
        ):
            opened.append((char, len(out)))
            depth += 1
            index += 2
            continue
        if char == "{":
            opened.append(("", len(out)))
            out.append(char)
        elif char == "}" and opened:
            letter, start = opened.pop()
            if letter:
                depth -= 1
                content = "".join(out[start:])
                del out[start:]
                out.append(_markup(letter, content))
            else:
                out.append(char)
        else:
            out.append(char)
        index += 1
    for letter, start in reversed(opened):  # left open: the letter and brace as written
        if letter:
            out.insert(start, letter + "{")
    return "".join(out)


def _starts_word(text: str, index: int) -> bool:
    return index == 0 or not (text[index - 1].isalnum() or text[index - 1] == "_")


def _markup(letter: str, content: str) -> str:
    if letter == "C":
        return f"``{content}``" if content.strip() and "``" not in content else content
    if letter == "L":
        link = _split_link(content)  # "L{text<target>}" shows the text
        shown = (link[0] if link and link[0] else content).strip()
        return f"``{shown}``" if shown and "``" not in shown else shown
    if letter in ("I", "B"):
        mark = "*" if letter == "I" else "**"
        return f"{mark}{content.strip()}{mark}" if content.strip() else content
    if letter == "U":
        link = _split_link(content)
        return f"{link[0]} ({link[1]})" if link and link[0] else content
    if letter == "E":
        return _ESCAPES.get(content.strip(), content)
    return content  # M{math}, X{index term}, S{symbol}: their text


def _split_link(content: str) -> tuple[str, str] | None:
    """A link's text and target (``text <target>``), or None when ``content`` does not end in
    a ``<target>``. String searches, not a regular expression: ``(.*?)\\s*<`` retried the
    whitespace before each ``<``, 1.2 s for a 100 KB ``U{}`` of spaced words."""
    body = content.rstrip()
    if not body.endswith(">"):
        return None
    text, bracket, target = body[:-1].rpartition("<")
    if not bracket or ">" in target:
        return None
    return text.rstrip(), target
