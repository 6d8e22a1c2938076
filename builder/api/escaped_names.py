"""Parameter names written with reST backslash escapes, read as docutils reads them.

Sphinx warns of a lone ``*`` or a trailing ``_``, so docstrings escape them: ``\\*\\*kwargs``,
``type\\_``. docutils shows each such name without its backslashes. Read as written, a Sphinx
field's name kept them (alembic's ":param type\\_:" read "type\\_"), a Google item's too, and
griffe's NumPy reader took no ``\\*args : int`` line for a parameter, so the whole
"Parameters" section stayed text.
"""

from __future__ import annotations

import re

_ESCAPE = re.compile(r"\\(.)")
# At a line's start, a name of word characters, escaped underscores and up to two leading
# escaped stars, with an escape in it, before what a Google or NumPy item puts after a name
# (" (type):", ":", " : type") or the line's end (a NumPy item without a type).
_ITEM_NAME = re.compile(r"^([ \t]*)((?:\\?\*){0,2}(?:\w|\\_)+)(?=[ \t]*(?:\(|:|$))", re.M)


def unescaped_name(text: str) -> str:
    """``text`` without its backslash escapes: ``\\*\\*kwargs`` reads ``**kwargs``."""
    return _ESCAPE.sub(r"\1", text) if "\\" in text else text


def unescaped_item_names(docstring: str) -> str:
    """``docstring`` with each line-leading parameter name that holds a backslash escape
    written without its backslashes, for griffe's Google and NumPy readers."""
    if "\\" not in docstring:
        return docstring
    return _ITEM_NAME.sub(
        lambda m: m.group(1) + unescaped_name(m.group(2)) if "\\" in m.group(2) else m.group(0),
        docstring,
    )
