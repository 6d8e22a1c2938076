"""GitHub's emoji shortcodes (``:white_check_mark:``) read as the emoji GitHub shows.

A README's feature table marks each cell ``:heavy_check_mark:`` or ``:x:`` (got's comparison
with node-fetch, ky, axios and superagent: 93 of them), and a note opens with ``:warning:``;
read as written, the answer is in words a reader never sees, and "check" or "warning" in a
question matches every cell. The shortcodes docs use most are known here; any other name, a
word between colons (``undici:request:create``, ``':memory:'``, ``10:30:00``), a URL and code
stay as written. MkDocs' pymdownx.emoji is read elsewhere
(:mod:`builder.parsers.markdown.python_markdown`).
"""

from __future__ import annotations

import re

# From GitHub's emoji list (gemoji): the names documentation writes most.
EMOJI = {
    "+1": "👍", "-1": "👎", "100": "💯", "arrow_down": "⬇️", "arrow_left": "⬅️",
    "arrow_right": "➡️", "arrow_up": "⬆️", "ballot_box_with_check": "☑️", "bangbang": "‼️",
    "bell": "🔔", "book": "📖", "books": "📚", "boom": "💥", "bug": "🐛", "bulb": "💡",
    "chart_with_upwards_trend": "📈", "checkered_flag": "🏁", "clipboard": "📋",
    "computer": "💻", "construction": "🚧", "electric_plug": "🔌", "exclamation": "❗",
    "eyes": "👀", "fire": "🔥", "gear": "⚙️", "globe_with_meridians": "🌐",
    "green_circle": "🟢", "grey_exclamation": "❕", "grey_question": "❔",
    "hammer": "🔨", "hammer_and_wrench": "🛠️", "heart": "❤️", "heavy_check_mark": "✔️",
    "heavy_exclamation_mark": "❗", "heavy_minus_sign": "➖",
    "heavy_multiplication_x": "✖️", "heavy_plus_sign": "➕", "hourglass": "⌛",
    "information_source": "ℹ️", "key": "🔑", "large_blue_circle": "🔵", "link": "🔗",
    "lock": "🔒", "mag": "🔍", "memo": "📝", "negative_squared_cross_mark": "❎",
    "new": "🆕", "no_entry": "⛔", "no_entry_sign": "🚫", "ok_hand": "👌",
    "package": "📦", "pencil": "📝", "pencil2": "✏️", "point_right": "👉",
    "pushpin": "📌", "question": "❓", "red_circle": "🔴", "recycle": "♻️",
    "rocket": "🚀", "shield": "🛡️", "smile": "😄", "sparkles": "✨", "star": "⭐",
    "stop_sign": "🛑", "tada": "🎉", "test_tube": "🧪", "thumbsdown": "👎",
    "thumbsup": "👍", "triangular_flag_on_post": "🚩", "unlock": "🔓", "warning": "⚠️",
    "wave": "👋", "white_check_mark": "✅", "wrench": "🔧", "x": "❌",
    "yellow_circle": "🟡", "zap": "⚡",
}  # fmt: skip
# A shortcode, or a URL (matched first, kept whole): "https://example.org/x/:x:/" is an address.
_SHORTCODE = re.compile(
    r"(?<![a-z0-9+.-])[a-z][a-z0-9+.-]*://\S+|(?<!\w):([a-z0-9_+-]+):(?!\w)", re.IGNORECASE
)


def show_shortcodes(text: str) -> str:
    """``text`` (Markdown text outside code) with each known shortcode as its emoji."""
    if ":" not in text:
        return text
    return _SHORTCODE.sub(lambda match: EMOJI.get(match.group(1) or "", match.group(0)), text)
