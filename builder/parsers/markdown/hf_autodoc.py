"""Hugging Face doc-builder's ``[[autodoc]] Name`` lines read as mkdocstrings blocks.

Transformers, PEFT, Accelerate, Diffusers and the other Hugging Face libraries write their
reference pages in Markdown for their doc-builder, which replaces a line ``[[autodoc]] Name``
with the object's signature and docstring, ``Name`` being a dotted path from the library's
package (``tuners.lora.config.LoraConfig`` in PEFT's docs, ``BertModel`` in Transformers').
The ``- name`` lines indented under it are the methods to show, in that order; ``- all``
adds the methods shown by default, which are those shown without a list, after the ones
named. Here such a line becomes the block an mkdocstrings ``::: path`` line makes
(builder.parsers.markdown.mkdocstrings), marked as a path from the package, with the methods
as its ``members`` option; with ``all`` the default members are shown, mkdocstrings', after
the ones named with it (an option of our own: mkdocstrings has no such list).
"""

from __future__ import annotations

import re

from markdown_it.rules_block import StateBlock

from builder.api.options import MEMBERS_FIRST
from builder.parsers.markdown.mkdocstrings import PACKAGE_RELATIVE, TOKEN_TYPE

_LINE = re.compile(r"\[\[autodoc\]\][ \t]+([A-Za-z_][\w.]*)[ \t]*$")
_METHOD = re.compile(r"-[ \t]+([A-Za-z_]\w*)[ \t]*$")
# The method doc-builder reads as "the methods shown by default, then the ones named".
_ALL = "all"


def hf_autodoc_rule(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """markdown-it block rule: an ``[[autodoc]] Name`` line and the ``- method`` lines
    indented under it."""
    if state.sCount[start] - state.blkIndent >= 4:
        return False
    match = _LINE.match(_line(state, start))
    if not match:
        return False
    if silent:
        return True
    methods: list[str] = []
    following = start + 1
    while following < end and state.sCount[following] > state.sCount[start]:
        method = _METHOD.match(_line(state, following))
        if method is None:
            break
        methods.append(method.group(1))
        following += 1
    token = state.push(TOKEN_TYPE, "", 0)
    token.info = match.group(1)
    token.meta = {PACKAGE_RELATIVE: True}
    named = [method for method in methods if method != _ALL]
    # A class's signature is its __init__'s, as doc-builder shows it, with no entry of its own.
    token.content = "options:\n  merge_init_into_class: true\n"
    if named:
        key = "members" if _ALL not in methods else MEMBERS_FIRST
        token.content += f"  {key}:\n" + "".join(f"    - {method}\n" for method in named)
    token.map = [start, following]
    state.line = following
    return True


def _line(state: StateBlock, number: int) -> str:
    """Line ``number`` of the source, without its indent."""
    return state.src[state.bMarks[number] + state.tShift[number] : state.eMarks[number]]
