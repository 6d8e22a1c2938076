"""sphinx-jsonschema's ``jsonschema`` directive: the settings a JSON Schema describes, a line each.

The directive draws a schema file (or the JSON in its content) as tables of properties with
their types, descriptions and defaults; the page around it is often one sentence
(scikit-build-core's ``schema.md``: "The full schema ... is below"), so the schema's own
descriptions are what answers a question about a setting. Each property reads as its dotted
path, its type and its description; objects' properties follow under their parent's path.
"""

from __future__ import annotations

from typing import Any

import orjson

from builder.parsers.rst.events import DocState, Event, Text
from builder.parsers.rst.includes import included_text
from builder.parsers.rst.inline import render_inline

DIRECTIVE = "jsonschema"
# Properties nest only this deep, and a schema lists at most this many, however it is built.
MAX_SCHEMA_DEPTH = 12
MAX_SCHEMA_PROPERTIES = 5000


def render_jsonschema(argument: str, content: list[str], line: int, doc: DocState) -> list[Event]:
    """The schema's description, then one line per property: ``path`` (type): description."""
    path, _, pointer = argument.partition("#")
    text = included_text(path, line, doc) if path else "\n".join(content)
    if not text or not text.strip():
        return []
    try:
        schema = orjson.loads(text)
    except orjson.JSONDecodeError as exc:
        doc.warn(line, f"jsonschema {argument}: not JSON ({exc}); nothing shown")
        return []
    schema = _pointed(schema, pointer)
    if not isinstance(schema, dict):
        return []
    lines: list[str] = []
    _describe_properties(schema, "", 0, lines)
    lead = _text(schema.get("description")) or _text(schema.get("title"))
    events: list[Event] = [Text(lead)] if lead else []
    return [*events, Text("\n".join(lines), is_list=True)] if lines else events


def _pointed(schema: Any, pointer: str) -> Any:
    """The part of ``schema`` a JSON pointer (``/$defs/item``) names; the whole without one."""
    for part in (p for p in pointer.split("/") if p):
        if not isinstance(schema, dict):
            return None
        schema = schema.get(part.replace("~1", "/").replace("~0", "~"))
    return schema


def _describe_properties(schema: dict[str, Any], prefix: str, depth: int, out: list[str]) -> None:
    properties = schema.get("properties")
    if not isinstance(properties, dict) or depth >= MAX_SCHEMA_DEPTH:
        return
    for name, value in properties.items():
        if len(out) >= MAX_SCHEMA_PROPERTIES or not isinstance(value, dict):
            continue
        dotted = f"{prefix}.{name}" if prefix else str(name)
        kind = _type(value)
        line = f"- `{dotted}`" + (f" ({kind})" if kind else "")
        description = _text(value.get("description"))
        if description:
            line += f": {description}"
        if "default" in value:
            line += f" Default: `{orjson.dumps(value['default']).decode()}`."
        out.append(line)
        _describe_properties(value, dotted, depth + 1, out)


def _type(schema: dict[str, Any]) -> str:
    """A property's type as the schema writes it: ``string``, ``array of string``, ``a | b``."""
    kind = schema.get("type")
    if isinstance(kind, list):
        return " | ".join(str(k) for k in kind)
    if kind == "array" and isinstance(schema.get("items"), dict):
        inner = schema["items"].get("type")
        return f"array of {inner}" if isinstance(inner, str) else "array"
    if isinstance(kind, str):
        return kind
    enum = schema.get("enum")
    if isinstance(enum, list):
        return "one of " + ", ".join(orjson.dumps(item).decode() for item in enum)
    return ""


def _text(value: Any) -> str:
    """A description or title on one line, its reST markup read (``pyproject.toml``,
    ``:pep:`517```): sphinx-jsonschema parses the tables it writes them into as reST."""
    return render_inline(" ".join(value.split())) if isinstance(value, str) else ""
