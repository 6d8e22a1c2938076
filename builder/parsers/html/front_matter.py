"""The YAML front matter an HTML page opens with, which a static site generator reads and never
shows: Jekyll's, Eleventy's and Hugo's pages written in HTML (Leaflet's reference.html,
``---\\nlayout: v2\\ntitle: Documentation\\n---``). Read as HTML, it was the text of the page's
first section, and its title was lost.
"""

from __future__ import annotations

from builder.parsers.markdown.front_matter import yaml_front_matter, yaml_title

_FENCE = "---"


def split_front_matter(text: str) -> tuple[str, str]:
    """(the front matter's ``title``, or "", ``text`` with the front matter's lines blank, so
    the page's lines keep their numbers); ``text`` itself when it opens with none."""
    if not text.startswith(_FENCE):
        return "", text
    front = yaml_front_matter(text)
    if front is None:
        return "", text
    # The block's two fences and the lines between them.
    lines = front.count("\n") + 3
    end = 0
    for _ in range(lines):
        end = text.find("\n", end) + 1
        if end == 0:  # the closing fence ends the file
            end = len(text)
            break
    return yaml_title(front), "\n" * text.count("\n", 0, end) + text[end:]
