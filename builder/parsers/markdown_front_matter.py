"""Read the title from Markdown front matter (YAML ``---`` or TOML ``+++``) without PyYAML.

Only a top-level ``title`` key is needed, so a line scan is enough: ``title: Text``,
``title: "Text"``, a folded ``title: >`` block, or TOML's ``title = "Text"``.
"""

from __future__ import annotations

import re

_YAML_TITLE = re.compile(r"^title[ \t]*:[ \t]*(.*?)[ \t]*$")
_TOML_TITLE = re.compile(r"^title[ \t]*=[ \t]*(.*?)[ \t]*$")
_TOML_FENCE = "+++"
# Bounds the search for a closing "+++" so a stray opening line cannot make us scan a huge file.
_MAX_FRONT_MATTER_LINES = 2000


def _unquote(value: str) -> str:
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        inner = value[1:-1]
        return inner.replace("''", "'") if value[0] == "'" else inner.replace('\\"', '"')
    return value.split(" #", 1)[0].strip()  # a YAML comment after a plain scalar


def yaml_title(front_matter: str) -> str:
    """The ``title`` of a YAML front matter block's content, or ""."""
    lines = front_matter.split("\n")
    for index, line in enumerate(lines):
        match = _YAML_TITLE.match(line)
        if not match:
            continue
        value = match.group(1)
        if value[:1] not in (">", "|"):
            return _unquote(value)
        # A block scalar: the indented lines that follow, joined as YAML folds them.
        folded: list[str] = []
        for continuation in lines[index + 1 :]:
            if continuation.strip() and not continuation[:1].isspace():
                break
            folded.append(continuation.strip())
        return " ".join(part for part in folded if part)
    return ""


def split_toml_front_matter(text: str) -> tuple[str, str]:
    """Return (title, text with the TOML front matter lines blanked), line numbers unchanged.

    Text without a closed ``+++`` block at its first line comes back unchanged, title "".
    """
    if not text.startswith(_TOML_FENCE):
        return "", text
    lines = text.split("\n", _MAX_FRONT_MATTER_LINES + 1)
    if lines[0].rstrip() != _TOML_FENCE:
        return "", text
    for end in range(1, min(len(lines), _MAX_FRONT_MATTER_LINES + 1)):
        if lines[end].rstrip() == _TOML_FENCE:
            title = ""
            for line in lines[1:end]:
                match = _TOML_TITLE.match(line)
                if match:
                    title = _unquote(match.group(1))
                    break
            rest = "\n".join(lines[end + 1 :])
            return title, "\n" * (end + 1) + rest
    return "", text
