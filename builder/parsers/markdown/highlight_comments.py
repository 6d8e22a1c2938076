"""Highlighting comments in code blocks read as the code the page shows.

Docusaurus highlights lines by magic comments, each on a line of its own (``//
highlight-next-line``, ``# highlight-start`` ... ``# highlight-end``, ``{/* highlight-next-line
*/}`` in JSX, ``<!-- highlight-start -->`` in HTML), and leaves those lines out of the block it
shows.
"""

from __future__ import annotations

import re

# Docusaurus' default magic comments, in the comment forms it reads (codeBlockUtils: //, /* */,
# {/* */}, #, <!-- -->, --, %, ;;), alone on their line.
_MAGIC_COMMENT = re.compile(
    r"[ \t]*(?://|/\*|\{/\*|#|<!--|--|%|;;)[ \t]*"
    r"highlight-(?:next-line|start|end)[ \t]*(?:\*/\}|\*/|-->)?[ \t]*"
)


def without_highlight_comments(code: str) -> str:
    """``code`` without the lines that only hold a highlighting comment."""
    if "highlight-" not in code:
        return code
    return "\n".join(line for line in code.split("\n") if not _MAGIC_COMMENT.fullmatch(line))
