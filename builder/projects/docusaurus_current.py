"""Whether a Docusaurus site's current docs are its latest release, and the label they show.

A site with a ``versions.json`` serves the newest release it lists as the latest and its docs
folder as the next, unreleased version, unless the docs plugin's options say
``lastVersion: 'current'``: then the docs folder is the latest release, shown under the label
``versions: { current: { label } }`` gives it (socket.io's site: docs/ is '4.x', beside 3.x and
2.x in versioned_docs/). Read from the config's literal options, never run.
"""

from __future__ import annotations

import re
from pathlib import Path

from builder.projects.config_file import read_config_bytes, without_comments
from builder.projects.docusaurus import STRING_LITERAL, literal_text, options_start, own_text

_LAST_VERSION = re.compile(rf"(?<![\w.$])lastVersion\s*:\s*{STRING_LITERAL}")
_LABEL = re.compile(rf"(?<![\w.$])label\s*:\s*{STRING_LITERAL}")
CURRENT = "current"


def current_release_label(config: Path, instance: str = "") -> str | None:
    """The label of the docs folder of the site's docs plugin (``instance``, when another's)
    when its options make it the latest release ("" when they give it none); None when the
    docs folder is the next version, as by default."""
    raw = read_config_bytes(config, [], "")
    text = without_comments(raw.decode("utf-8", "replace")) if raw is not None else ""
    start = options_start(text, instance)
    if start is None:
        return None
    options, offsets = own_text(text, start)
    last = _LAST_VERSION.search(options)
    if last is None or literal_text(last) != CURRENT:
        return None
    versions = _object_of(text, options, offsets, "versions")
    if versions is None:
        return ""
    current, current_offsets = own_text(text, versions)
    entry = _object_of(text, current, current_offsets, CURRENT)
    label = _LABEL.search(own_text(text, entry)[0]) if entry is not None else None
    return literal_text(label).strip() if label is not None else ""


def _object_of(text: str, own: str, offsets: list[int], key: str) -> int | None:
    """Where the object the key ``key`` of an object holds begins, just after its ``{``; ``own``
    is that object's own text and ``offsets`` where its characters are in ``text``."""
    quoted = re.escape(key)
    found = re.search(rf"""(?<![\w.$])(?:{quoted}|'{quoted}'|"{quoted}")\s*:""", own)
    if found is None:
        return None
    position = offsets[found.end() - 1] + 1
    while position < len(text) and text[position].isspace():
        position += 1
    return position + 1 if text.startswith("{", position) else None
