"""What the readers that order a site's content folder by its pages (Hugo's weights, Starlight's
``sidebar.order``, Nextra's ``_meta`` files) share: how deep they walk it, and a page's front
matter read from its first bytes, as text (never run).
"""

from __future__ import annotations

from pathlib import Path

# How deep a content folder is walked, so that a linked loop or a huge tree ends.
MAX_FOLDER_DEPTH = 12
# Enough of a page to hold its front matter.
HEAD_BYTES = 16 * 1024
# YAML's and TOML's (Hugo's) front matter fences.
_FENCES = ("---", "+++")


def front_matter_text(page: Path) -> str:
    """The front matter of ``page``: the lines between its opening fence and the next (or the
    end of HEAD_BYTES), ending in a line break; "" when it has none or cannot be read."""
    try:
        with page.open("rb") as file:
            head = file.read(HEAD_BYTES).decode("utf-8", "replace")
    except OSError:
        return ""
    fence = head[:3]
    if fence not in _FENCES:
        return ""
    end = head.find(f"\n{fence}", 3)
    return head[3 : end if end > 0 else len(head)] + "\n"
