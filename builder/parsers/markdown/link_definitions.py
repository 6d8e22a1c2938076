"""A paragraph CommonMark refused as link reference definitions, which a renderer shows none
of: told apart from text, so the body does not keep it."""

from __future__ import annotations

import re

# A line defining a link reference, as CommonMark writes one: "[label]: destination 'title'".
# CommonMark refuses a label holding brackets, even in code (undici's
# "[`dispatcher.close([callback])`]: Dispatcher.md#dispatcherclosecallback"), and reads the
# page's definitions from there on as one paragraph of text; a renderer shows none of them.
_LINK_DEFINITION = re.compile(
    r"[ \t]{0,3}\[(?:\\.|[^\\\n])+\]:[ \t]*\S+"
    r"""(?:[ \t]+(?:"[^"\n]*"|'[^'\n]*'|\([^()\n]*\)))?[ \t]*"""
)


def is_link_definitions(paragraph: str) -> bool:
    """Whether each line of a paragraph defines a link reference (one CommonMark refused)."""
    return paragraph[:1] == "[" and all(
        _LINK_DEFINITION.fullmatch(line) for line in paragraph.split("\n")
    )
