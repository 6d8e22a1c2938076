"""The line an MDX API field component shows: Mintlify's ``<ParamField>`` and ``<ResponseField>``.

``<ParamField query="page" type="integer" required>The page number.</ParamField>`` shows the
field's name, its type and a "required" mark above its description; the name is in a prop
(``query``, ``path``, ``body`` or ``header`` for a parameter, where it is sent; ``name`` for a
response field), so dropping the tag left the description without the field it describes.
"""

from __future__ import annotations

import re

# A prop: its name, then a quoted value, a string in braces, or {true}/{false}; or the name
# alone (a bare ``required``). No pattern nests, so a scan stays linear.
_PROP = re.compile(
    r"""(?:^|\s)([A-Za-z][\w-]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|\{["'`]([^"'`]*)["'`]\}|\{(true|false)\}))?"""
)
# Mintlify's. Not any name ending in "Field": a page showing a form renders <TextField
# name="email" type="email" /> as an input box, not the words "email (email)".
_FIELD_COMPONENTS = frozenset({"ParamField", "ResponseField"})
# The props naming a parameter, which also say where it is sent.
_LOCATIONS = ("path", "query", "header", "body")
_MAX_SHOWN = 200  # characters of a name, type or default shown; a longer one is not a label


def field_line(component: str, attributes: str) -> str:
    """ "page (query, integer, required)" for a ``ParamField`` or ``ResponseField`` naming its
    field; "" for any other component."""
    if component not in _FIELD_COMPONENTS:
        return ""
    props: dict[str, str] = {}
    for match in _PROP.finditer(attributes):
        value = next((group for group in match.groups()[1:] if group is not None), "true")
        props.setdefault(match.group(1), value.strip())
    location = next((where for where in _LOCATIONS if props.get(where, "true") != "true"), "")
    name = props.get(location) if location else props.get("name")
    if not name or name == "true" or len(name) > _MAX_SHOWN:
        return ""
    notes = [location] if location else []
    kind = props.get("type", "")
    if kind and kind != "true" and len(kind) <= _MAX_SHOWN:
        notes.append(kind)
    if props.get("required") == "true":
        notes.append("required")
    default = props.get("default", "")
    if default and len(default) <= _MAX_SHOWN:
        notes.append(f"default: {default}")
    return f"{name} ({', '.join(notes)})" if notes else name
