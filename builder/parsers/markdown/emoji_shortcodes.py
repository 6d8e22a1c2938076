"""GitHub's emoji shortcodes (``:white_check_mark:``) read as the emoji GitHub shows.

A README's feature table marks each cell ``:heavy_check_mark:`` or ``:x:`` (got's comparison
with node-fetch, ky, axios and superagent: 93 of them), and a note opens with ``:warning:``;
read as written, the answer is in words a reader never sees, and "check" or "warning" in a
question matches every cell. Every name GitHub knows is read here (fast-glob's notes open
with ``:1234:`` and ``:book:``); any other name, a word between colons (``undici:request:create``,
``':memory:'``, ``10:30:00``), a URL and code stay as written. MkDocs' pymdownx.emoji is read
elsewhere (:mod:`builder.parsers.markdown.python_markdown`).
"""

from __future__ import annotations

import re
from pathlib import Path

# GitHub's emoji names (gemoji 4.1.0's db/emoji.json: every alias of every emoji, 1,913 names),
# one "name<TAB>emoji" a line. GitHub shows each of them; its own images (":octocat:") stay.
_EMOJI_TABLE = "gemoji.tsv"


def _read_emoji() -> dict[str, str]:
    table = Path(__file__).resolve().with_name(_EMOJI_TABLE).read_text(encoding="utf-8")
    pairs = (line.partition("\t") for line in table.splitlines())
    return {name: emoji for name, _, emoji in pairs}


EMOJI = _read_emoji()

# A shortcode, or a URL (matched first, kept whole): "https://example.org/x/:x:/" is an address.
_SHORTCODE = re.compile(
    r"(?<![a-z0-9+.-])[a-z][a-z0-9+.-]*://\S+|(?<!\w):([a-z0-9_+-]+):(?!\w)", re.IGNORECASE
)


def show_shortcodes(text: str) -> str:
    """``text`` (Markdown text outside code) with each known shortcode as its emoji."""
    if ":" not in text:
        return text
    return _SHORTCODE.sub(lambda match: EMOJI.get(match.group(1) or "", match.group(0)), text)
