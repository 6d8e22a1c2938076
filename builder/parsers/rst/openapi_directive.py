"""sphinxcontrib-openapi's ``openapi`` directive: the operations an OpenAPI spec file describes.

The directive reads a Swagger 2.0 or OpenAPI 3 spec (YAML or JSON, its path relative to the
page, as an include's) and writes each operation as sphinxcontrib-httpdomain's
``.. http:get:: /path`` with its summary, description, parameters and responses, which
Sphinx then renders. The page around it is often a sentence (jupyter_server's "The REST
API"): the spec is what it documents. The same reST is written here and read as the page's
own, for each path the ``:paths:`` option lists (all by default), that the ``:include:``
and ``:exclude:`` regular expressions let through, with the ``:methods:`` asked for.
Parameters and responses given by ``$ref`` are read where they point in the same file.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from builder.parsers.rst.events import Context, DocState, Event, RenderBlocks
from builder.parsers.rst.includes import included_text

DIRECTIVE = "openapi"
# The methods an OpenAPI path item may hold, in the order sphinxcontrib-openapi writes them.
_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
# The label Sphinx gives httpdomain's field for a parameter of each place.
_FIELDS = {
    "path": "Parameters",
    "query": "Query Parameters",
    "header": "Request Headers",
    "formData": "Form Parameters",
}
_STATUS = "Status Codes"
_REQUEST_JSON = "Request JSON Object"
_RESPONSE_JSON = "Response JSON Object"
# The most operations written from one spec, and how many $refs are followed in a row.
MAX_OPERATIONS = 2000
MAX_REF_DEPTH = 8


def render_openapi(
    argument: str,
    options: dict[str, str],
    line: int,
    ctx: Context,
    doc: DocState,
    render: RenderBlocks,
) -> list[Event]:
    """The spec's operations, as the httpdomain directives sphinxcontrib-openapi writes."""
    text = included_text(argument, line, doc) if argument else None
    if not text or not text.strip():
        return []
    spec = _loaded(text)
    if not isinstance(spec, dict) or not isinstance(spec.get("paths"), dict):
        doc.warn(line, f"openapi {argument}: not an OpenAPI spec with paths; nothing shown")
        return []
    lines = list(_operations_rst(spec, options))
    return render(lines, line, ctx.nested(), doc) if lines else []


def _loaded(text: str) -> Any:
    import yaml

    try:
        return yaml.safe_load(text)  # JSON is YAML too
    except (yaml.YAMLError, RecursionError, ValueError):
        return None


def _operations_rst(spec: dict[str, Any], options: dict[str, str]) -> Iterator[str]:
    paths: dict[Any, Any] = spec["paths"]
    listed = options.get("paths", "").split()
    included = _patterns(options.get("include", ""))
    excluded = _patterns(options.get("exclude", ""))
    methods = {m.lower() for m in options.get("methods", "").split()} or set(_METHODS)
    written = 0
    for path in listed or [str(p) for p in paths]:
        item = _resolved(spec, paths.get(path))
        if not isinstance(item, dict):
            continue
        if included and not any(p.match(path) for p in included):
            continue
        if any(p.match(path) for p in excluded):
            continue
        shared = item.get("parameters")
        for method in _METHODS:
            operation = _resolved(spec, item.get(method))
            if method not in methods or not isinstance(operation, dict):
                continue
            if written >= MAX_OPERATIONS:
                return
            written += 1
            yield from _operation_rst(spec, method, path, operation, shared)


def _operation_rst(
    spec: dict[str, Any], method: str, path: str, operation: dict[str, Any], shared: Any
) -> Iterator[str]:
    yield f".. http:{method}:: {path}"
    yield ""
    summary = _one_line(operation.get("summary"))
    if summary:
        yield f"   **{summary}**"
        yield ""
    description = operation.get("description")
    if isinstance(description, str) and description.strip():
        yield from (f"   {row}" if row.strip() else "" for row in description.strip().splitlines())
        yield ""
    fields = [
        *_parameter_fields(spec, shared, operation),
        *_response_fields(spec, operation),
        *_json_fields(spec, _REQUEST_JSON, _request_schema(spec, shared, operation)),
        *_json_fields(spec, _RESPONSE_JSON, _response_schema(spec, operation)),
    ]
    # Under the labels Sphinx gives httpdomain's fields, each a list.
    for label in dict.fromkeys(label for label, _ in fields):
        yield f"   {label}:"
        yield ""
        yield from (f"   - {item}" for given, item in fields if given == label)
        yield ""


def _parameter_fields(
    spec: dict[str, Any], shared: Any, operation: dict[str, Any]
) -> list[tuple[str, str]]:
    """A field per parameter, the operation's over the path's of the same name and place."""
    by_key: dict[tuple[str, str], dict[str, Any]] = {}
    for given in (shared, operation.get("parameters")):
        for parameter in given if isinstance(given, list) else []:
            found = _resolved(spec, parameter)
            if isinstance(found, dict) and isinstance(found.get("name"), str):
                by_key[(str(found.get("in")), found["name"])] = found
    fields = []
    for (place, name), parameter in by_key.items():
        label = _FIELDS.get(place)
        if label is None:
            continue
        required = bool(parameter.get("required")) and place != "path"
        fields.append((label, _item(name, parameter, required)))
    return fields


def _response_fields(spec: dict[str, Any], operation: dict[str, Any]) -> list[tuple[str, str]]:
    responses = operation.get("responses")
    if not isinstance(responses, dict):
        return []
    fields = []
    for code, response in responses.items():
        found = _resolved(spec, response)
        text = _one_line(found.get("description")) if isinstance(found, dict) else ""
        fields.append((_STATUS, f"{code}: {text}" if text else str(code)))
    return fields


def _request_schema(spec: dict[str, Any], shared: Any, operation: dict[str, Any]) -> Any:
    """The schema of the request's JSON body: OpenAPI 3's ``requestBody``, Swagger's
    parameter ``in: body``."""
    body = _resolved(spec, operation.get("requestBody"))
    if isinstance(body, dict):
        return _json_schema(spec, body)
    for given in (operation.get("parameters"), shared):
        for parameter in given if isinstance(given, list) else []:
            found = _resolved(spec, parameter)
            if isinstance(found, dict) and found.get("in") == "body":
                return _resolved(spec, found.get("schema"))
    return None


def _response_schema(spec: dict[str, Any], operation: dict[str, Any]) -> Any:
    """The schema of the JSON body of the operation's first success response."""
    responses = operation.get("responses")
    if not isinstance(responses, dict):
        return None
    for code, response in responses.items():
        found = _resolved(spec, response)
        if str(code).startswith("2") and isinstance(found, dict):
            return _json_schema(spec, found)
    return None


def _json_schema(spec: dict[str, Any], described: dict[str, Any]) -> Any:
    """A response's or request body's schema: Swagger's ``schema``, OpenAPI 3's under its
    JSON ``content``."""
    if "schema" in described:
        return _resolved(spec, described["schema"])
    content = described.get("content")
    media = content.get("application/json") if isinstance(content, dict) else None
    return _resolved(spec, media.get("schema")) if isinstance(media, dict) else None


def _json_fields(spec: dict[str, Any], label: str, schema: Any) -> list[tuple[str, str]]:
    """The properties of a JSON object (of each item of an array of them), as httpdomain's
    ``:>json:`` fields show them: their types and descriptions, required ones marked."""
    if isinstance(schema, dict) and schema.get("type") == "array":
        schema = _resolved(spec, schema.get("items"))
    properties = schema.get("properties") if isinstance(schema, dict) else None
    if not isinstance(properties, dict):
        return []
    required = schema.get("required") if isinstance(schema.get("required"), list) else []
    fields = []
    for name, value in properties.items():
        found = _resolved(spec, value)
        if isinstance(found, dict):
            fields.append((label, _item(str(name), found, name in required)))
    return fields


def _item(name: str, described: dict[str, Any], required: bool) -> str:
    """``name`` (type): description, as Sphinx writes a typed field; "(required)" after."""
    kind = described.get("type")
    if not isinstance(kind, str) and isinstance(described.get("schema"), dict):
        kind = described["schema"].get("type")  # OpenAPI 3 types a parameter by its schema
    text = f"``{name}``" + (f" ({kind})" if isinstance(kind, str) else "")
    description = _one_line(described.get("description"))
    text += f": {description}" if description else ""
    return f"{text} (required)" if required else text


def _resolved(spec: dict[str, Any], value: Any) -> Any:
    """``value``, or what its ``$ref`` to a place in the same file points at."""
    for _ in range(MAX_REF_DEPTH):
        reference = value.get("$ref") if isinstance(value, dict) else None
        if not isinstance(reference, str) or not reference.startswith("#/"):
            return value
        value = spec
        for part in reference[2:].split("/"):
            key = part.replace("~1", "/").replace("~0", "~")
            value = value.get(key) if isinstance(value, dict) else None
    return None


def _patterns(given: str) -> list[re.Pattern[str]]:
    patterns = []
    for pattern in given.split():
        try:
            patterns.append(re.compile(pattern))
        except re.error:
            continue
    return patterns


def _one_line(value: Any) -> str:
    return " ".join(value.split()) if isinstance(value, str) else ""
