"""A VitePress or VuePress home page's hero and features, written in its front matter, read as
the text the page shows above its Markdown.

VitePress' default theme lays a page with ``layout: home`` out from its front matter: the
``hero`` (``name``, ``text``, ``tagline``) and a grid of ``features``, each a ``title`` over
its ``details``; VuePress does the same for ``home: true`` (``heroText``, ``tagline``,
``features``). Pinia's home page is nothing else (a script and a sponsors component below the
front matter): it read as no section, its features ("Pinia weighs ~1.5kb, you will forget
it's even there!") nowhere.
"""

from __future__ import annotations

import re
from typing import Any

from builder.parsers.markdown.embedded_html import TAG
from builder.parsers.markdown.front_matter import loaded_front_matter

# The keys that make a page a home page, as the themes read them.
_HOME = re.compile(r"^(?:layout:[ \t]*['\"]?home['\"]?|home:[ \t]*true)[ \t]*$", re.MULTILINE)
# Front matter is a few KiB; a larger block is no home page's and is not loaded.
MAX_HOME_FRONT_MATTER = 64 * 1024


def home_page_text(front_matter: str, title: str) -> str:
    """The hero's words (its name only when it is not the page's ``title``) and a line per
    feature, "Title: details"; "" for a page that is no home page."""
    if len(front_matter) > MAX_HOME_FRONT_MATTER or not _HOME.search(front_matter):
        return ""
    values = loaded_front_matter(front_matter)
    if not isinstance(values, dict):
        return ""
    hero = values.get("hero")
    hero = hero if isinstance(hero, dict) else {}
    name = _text(hero.get("name")) or _text(values.get("heroText"))
    words = [
        name if name.casefold() != title.casefold() else "",
        _text(hero.get("text")),
        _text(hero.get("tagline")) or _text(values.get("tagline")),
    ]
    parts = [word for word in words if word]
    features = values.get("features")
    lines = []
    # YAML's aliases repeat a value without writing it again: a list of "*feature" reads its
    # feature thousands of times over, so the text stops at the front matter's own size.
    room = MAX_HOME_FRONT_MATTER
    for feature in features if isinstance(features, list) else ():
        if isinstance(feature, dict):
            heading, details = _text(feature.get("title")), _text(feature.get("details"))
            line = f"- {heading}: {details}" if heading and details else f"- {heading or details}"
            if heading or details:
                room -= len(line)
                if room < 0:
                    break
                lines.append(line)
    if lines:
        parts.append("\n".join(lines))
    return "\n\n".join(parts)


def _text(value: Any) -> str:
    """A scalar as the theme shows it: its HTML tags (details may hold a ``<br>``) dropped,
    its lines joined."""
    if not isinstance(value, (str, int, float)) or isinstance(value, bool):
        return ""
    return " ".join(TAG.sub(" ", str(value)).split())
