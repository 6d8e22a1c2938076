"""The MCP tools as plain data: names, descriptions, argument and result schemas, argument folding.

This module imports no MCP SDK (client.mcp_server and the transports do); it says what each tool
takes and returns, checks the arguments an agent sent, calls the DocService and shapes the outcome
(structured content plus its text rendering), so the server, the schema tests and the docs share
one definition. Names, parameters and result keys are the Node doctrove's (catalog_lookup,
catalog_releases, doc_extract {id, version, focus, maxSections}); maxTokens and doc_read are ours.

Every failure becomes a tool result, never a protocol error, so the model sees it and can correct
itself: ``{"error": {"code", "message", "hints"}}`` with ``isError``, code one of
client.errors.ERROR_CODES. Argument mistakes (wrong type, missing, out of range, arguments that
are not an object) are code "validation" like any other bad request. An argument the tool does not
take is ignored, as doctrove does, and named in the answer's ``warnings`` (and in the text, right
below its first line), so a misspelt optional argument does not pass unnoticed.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Literal, TypeVar, cast

import msgspec

from client.errors import ClientError, InvalidRequest
from client.limits import (
    DEFAULT_LOOKUP_LIMIT,
    DEFAULT_MAX_SECTIONS,
    DEFAULT_MAX_TOKENS,
    MAX_ANCHOR_CHARS,
    MAX_FOCUS_CHARS,
    MAX_ID_CHARS,
    MAX_LOOKUP_LIMIT,
    MAX_NEIGHBOURS,
    MAX_PAGE_CHARS,
    MAX_QUERY_CHARS,
    MAX_SECTIONS,
    MAX_TOKENS,
    MAX_VERSION_CHARS,
    MIN_SECTIONS,
    MIN_TOKENS,
    SHA256_HEX_CHARS,
)
from client.mcp_schemas import (
    EXTRACT_RESULT,
    LOOKUP_RESULT,
    READ_RESULT,
    RELEASES_RESULT,
    output_schema,
)
from client.render import (
    render_extract,
    render_lookup,
    render_read,
    render_releases,
    with_warnings,
)
from client.rewritten_answers import Rewriter
from client.service import EXPECTED_HASH_REFUSAL, DocService
from schemas.answers import (
    Answer,
    ErrorAnswer,
    ErrorCode,
    ErrorDetail,
    ExtractAnswer,
    LookupAnswer,
    ReadAnswer,
    ReleasesAnswer,
)

log = logging.getLogger(__name__)

STATUS_URI = "doctrove://status"
SERVER_INSTRUCTIONS = (
    "Versioned library documentation. Workflow: catalog_lookup to find the library id; "
    "catalog_releases to see which versions are documented; doc_extract with the version the "
    "project uses and ONE concept per focus; doc_read with an anchor and its page (and "
    "expectedHash) to read a section whole before quoting it. Every answer says which version "
    "was served and where the text came from."
)


SERVER_NAME = "doctrove"
SERVER_TITLE = "Doctrove: versioned library docs"
# What resources/list shows, in wire form (both servers list this one resource).
STATUS_RESOURCE: dict[str, Any] = {
    "uri": STATUS_URI,
    "name": "status",
    "title": "Doctrove sources, freshness and cache",
    "description": "Which sites answer, how fresh each copy is, and cache figures.",
    "mimeType": "application/json",
}
STATUS_MIME_TYPE = "application/json"


@dataclass(frozen=True)
class Param:
    """One argument of a tool: what its input schema says, and what fold_arguments checks."""

    name: str
    kind: Literal["string", "integer"]
    description: str
    required: bool = False
    minimum: int | None = None
    maximum: int | None = None
    max_length: int | None = None
    pattern: str | None = None
    default: int | None = None
    mismatch: str | None = None  # the refusal of a value the pattern does not match

    def schema(self) -> dict[str, Any]:
        schema: dict[str, Any] = {"type": self.kind, "description": self.description}
        if self.kind == "string" and self.required:
            schema["minLength"] = 1
        for key, value in (
            ("minimum", self.minimum),
            ("maximum", self.maximum),
            ("maxLength", self.max_length),
            ("pattern", self.pattern),
            ("default", self.default),
        ):
            if value is not None:
                schema[key] = value
        return schema


ToolAnswer = TypeVar("ToolAnswer", LookupAnswer, ReleasesAnswer, ExtractAnswer, ReadAnswer)


@dataclass(frozen=True)
class ToolSpec(Generic[ToolAnswer]):
    """One tool: its MCP definition and how it asks the service and renders the answer."""

    name: str
    title: str
    description: str
    params: tuple[Param, ...]
    result_schema: dict[str, Any]
    # The service, the checked arguments, and the host's rewriter (doc_extract alone uses it).
    ask: Callable[[DocService, dict[str, Any], Rewriter | None], ToolAnswer]
    render: Callable[[ToolAnswer], str]

    @property
    def input_schema(self) -> dict[str, Any]:
        return {
            "type": "object",
            "properties": {param.name: param.schema() for param in self.params},
            "required": [param.name for param in self.params if param.required],
            # Open, as doctrove's: a key the tool does not take is ignored with a warning, so a
            # client that checks arguments against this schema must not refuse it first.
            "additionalProperties": True,
        }

    @property
    def output_schema(self) -> dict[str, Any]:
        return output_schema(self.result_schema)


@dataclass(frozen=True)
class ToolOutcome:
    """What a tools/call answers: structured content (the answer's model, encoded), its text
    rendering, and the error flag."""

    structured: dict[str, Any]
    text: str
    is_error: bool


_ID = Param(
    "id",
    "string",
    "The library's canonical id, as catalog_lookup returns it (e.g. 'werkzeug', 'express').",
    required=True,
    max_length=MAX_ID_CHARS,
)
_VERSION_HELP = (
    "Pin the version the project uses: exact ('2.3.8', 'v2.3.8', '==2.3.8'), a prefix ('2', "
    "'2.3', '2.x': the latest matching release) or 'latest' (the newest stable release)."
)

TOOLS: tuple[ToolSpec[Any], ...] = (
    ToolSpec(
        name="catalog_lookup",
        title="Find a library's id",
        description=(
            "Search the documentation catalog by library name, alias, package name or "
            "description. Call this first whenever you are not sure of a library's canonical "
            "id, then pass the returned id to catalog_releases, doc_extract or doc_read. Results "
            "are ranked by a 0-1 score with the signals that matched (exact name 1.0, exact "
            "alias 0.95, name prefix 0.90, alias prefix 0.85, name words 0.60-0.83, summary "
            "words 0.30-0.50) and list each library's versions, newest first, and the source; "
            "total counts every library that matched."
        ),
        params=(
            Param(
                "query",
                "string",
                "A library name, alias, package name or a few words of what it does.",
                required=True,
                max_length=MAX_QUERY_CHARS,
            ),
            Param(
                "limit",
                "integer",
                "How many libraries to return.",
                minimum=1,
                maximum=MAX_LOOKUP_LIMIT,
                default=DEFAULT_LOOKUP_LIMIT,
            ),
        ),
        result_schema=LOOKUP_RESULT,
        ask=lambda service, a, _rewriter: service.lookup(a["query"], a.get("limit")),
        render=render_lookup,
    ),
    ToolSpec(
        name="catalog_releases",
        title="List a library's documented versions",
        description=(
            "List the documented versions of a library (newest first), its latest stable "
            "version and its prereleases. Use it to check that the version the project uses "
            "(see its lock file or requirements) is documented before calling doc_extract, "
            "which accepts the same version syntax: exact '3.1.2', prefix '3' or '3.1' (the "
            "latest matching release), or 'latest'."
        ),
        params=(_ID,),
        result_schema=RELEASES_RESULT,
        ask=lambda service, a, _rewriter: service.releases(a["id"]),
        render=render_releases,
    ),
    ToolSpec(
        name="doc_extract",
        title="Extract documentation sections on one concept",
        description=(
            "Return the sections of a library's documentation that answer one concept, best "
            "first, for the version asked. Get the id from catalog_lookup first. Pin version to "
            "the one the project uses instead of relying on latest. Put ONE concept in focus "
            "('routing converters', not 'routing, sessions and testing') and make one call per "
            "concept. Without focus the answer is the version's first maxSections sections in "
            "document order and its table of contents. Every section "
            "carries its anchor, source file, line range, sha256 and link: quote from it, or "
            "read it whole with doc_read. maxTokens bounds the whole text of the answer "
            "(about four characters a token); 'omitted' says how many relevant sections did "
            "not fit. "
            "'confidence' (0-1) is how likely the first section answers; when none of the first "
            "sections is likely to, the answer is empty with a hint rather than a guess. "
            "'unmentioned' lists the focus' "
            "words these docs never use (not English words): often what this version lacks."
        ),
        params=(
            _ID,
            Param(
                "version",
                "string",
                _VERSION_HELP + " Omitted: latest.",
                max_length=MAX_VERSION_CHARS,
            ),
            Param(
                "focus",
                "string",
                "One concept to look for, in the docs' words (e.g. 'route converters', "
                "'json.dumps', '拼音风格'). Omitted: the first sections and the table of "
                "contents.",
                max_length=MAX_FOCUS_CHARS,
            ),
            Param(
                "maxSections",
                "integer",
                "At most this many sections.",
                minimum=MIN_SECTIONS,
                maximum=MAX_SECTIONS,
                default=DEFAULT_MAX_SECTIONS,
            ),
            Param(
                "maxTokens",
                "integer",
                "Size budget of the answer's whole text, about four characters a token.",
                minimum=MIN_TOKENS,
                maximum=MAX_TOKENS,
                default=DEFAULT_MAX_TOKENS,
            ),
        ),
        result_schema=EXTRACT_RESULT,
        ask=lambda service, a, rewriter: service.extract(
            a["id"],
            a.get("version"),
            a.get("focus"),
            a.get("maxSections"),
            a.get("maxTokens"),
            rewriter,
        ),
        render=render_extract,
    ),
    ToolSpec(
        name="doc_read",
        title="Read one section whole",
        description=(
            "Read one documentation section whole by its anchor and page (the `anchor` and "
            "`source` of a doc_extract section or table of contents entry; 'page#anchor' in "
            "anchor works too), with `neighbours` sections before and after it on the same "
            "page when asked. An anchor that several pages share, without its page, fails with "
            "code 'validation' and the candidates (page#anchor) in error.hints. Use the version "
            "doc_extract served. Pass the sha256 you saw as "
            "expectedHash: if the docs changed since, the call fails with code 'version' and the "
            "new hash in error.hints, so you re-read and quote fresh text, never stale evidence."
        ),
        params=(
            _ID,
            Param("version", "string", _VERSION_HELP, required=True, max_length=MAX_VERSION_CHARS),
            Param(
                "anchor",
                "string",
                "The section's anchor as doc_extract returned it, or page#anchor (its source "
                "file, '#', its anchor) when several pages share the anchor.",
                required=True,
                max_length=MAX_ANCHOR_CHARS,
            ),
            Param(
                "page",
                "string",
                "The section's page: its `source` file as doc_extract returned it. Needed when "
                "the anchor is on several pages (e.g. 'top'); omitted: any page.",
                max_length=MAX_PAGE_CHARS,
            ),
            Param(
                "expectedHash",
                "string",
                "The section's sha256 as you last saw it; the call is refused if it changed.",
                max_length=SHA256_HEX_CHARS,
                pattern=f"^[0-9a-f]{{{SHA256_HEX_CHARS}}}$",
                mismatch=EXPECTED_HASH_REFUSAL,
            ),
            Param(
                "neighbours",
                "integer",
                "Also this many sections before and after, from the same page.",
                minimum=0,
                maximum=MAX_NEIGHBOURS,
                default=0,
            ),
        ),
        result_schema=READ_RESULT,
        ask=lambda service, a, _rewriter: service.read(
            a["id"],
            a["version"],
            a["anchor"],
            a.get("expectedHash"),
            a.get("neighbours"),
            a.get("page"),
        ),
        render=render_read,
    ),
)
TOOLS_BY_NAME: dict[str, ToolSpec[Any]] = {tool.name: tool for tool in TOOLS}


def _json_type(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    return "an array" if isinstance(value, list) else "an object"


def _check(param: Param, value: object) -> object:
    """``value`` as the service wants it, or InvalidRequest saying what a good value looks like."""
    if param.kind == "integer":
        span = f"from {param.minimum} to {param.maximum}"
        # JSON has one number type: 5.0 is the integer 5 (JSON Schema agrees).
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidRequest(
                f"{param.name} must be a whole number {span}, not {_json_type(value)}"
            )
        if (param.minimum is not None and value < param.minimum) or (
            param.maximum is not None and value > param.maximum
        ):
            raise InvalidRequest(f"{param.name} must be {span}, not {value}")
        return value
    if not isinstance(value, str):
        raise InvalidRequest(f"{param.name} must be a string, not {_json_type(value)}")
    if param.required and not value.strip():
        raise InvalidRequest(f"{param.name} must not be empty")
    if param.max_length is not None and len(value) > param.max_length:
        raise InvalidRequest(f"{param.name} is longer than {param.max_length} characters")
    if param.pattern is not None and not re.fullmatch(param.pattern, value):
        raise InvalidRequest(param.mismatch or f"{param.name} must match {param.pattern}")
    return value


def _given(tool: ToolSpec[Any], arguments: object) -> Mapping[str, Any]:
    """The call's arguments as a mapping (absent: none), or InvalidRequest when they are not a
    JSON object."""
    if arguments is None:
        return {}
    if not isinstance(arguments, Mapping):
        raise InvalidRequest(
            f"{tool.name}'s arguments must be a JSON object of named arguments, not "
            f"{_json_type(arguments)}; it takes {_takes(tool)}",
            hints=[param.name for param in tool.params],
        )
    return arguments


def _takes(tool: ToolSpec[Any]) -> str:
    return ", ".join(param.name for param in tool.params)


def ignored_arguments(tool: ToolSpec[Any], arguments: object) -> list[str]:
    """The warnings for the arguments ``tool`` does not take (none when arguments are not an
    object: that is an error of its own)."""
    if not isinstance(arguments, Mapping):
        return []
    known = {param.name for param in tool.params}
    return [
        f"ignored argument {name!r}: {tool.name} takes {_takes(tool)}"
        for name in sorted(str(name) for name in arguments if name not in known)
    ]


def fold_arguments(tool: ToolSpec[Any], arguments: object) -> dict[str, Any]:
    """The checked arguments of one call; a null optional argument counts as absent, and an
    argument the tool does not take is left out (see ignored_arguments)."""
    given = _given(tool, arguments)
    folded: dict[str, Any] = {}
    for param in tool.params:
        value = given.get(param.name)
        if value is None:
            if param.required:
                raise InvalidRequest(
                    f"{tool.name} needs {param.name!r}: {param.description}",
                    hints=[param.name],
                )
            continue
        folded[param.name] = _check(param, value)
    return folded


def error_answer(error: ClientError) -> ErrorAnswer:
    # Every ClientError's code is one of ERROR_CODES, the values ErrorCode names.
    code = cast(ErrorCode, error.code)
    return ErrorAnswer(error=ErrorDetail(code=code, message=error.message, hints=list(error.hints)))


def render_error(error: ClientError) -> str:
    hints = f"\nhints: {', '.join(error.hints)}" if error.hints else ""
    return f"error ({error.code}): {error.message}{hints}"


def call_tool(
    service: DocService,
    tool: ToolSpec[Any],
    arguments: object,
    rewriter: Rewriter | None = None,
) -> ToolOutcome:
    """Run one tool call to its outcome; every failure, even a bug, is an error result.

    ``arguments`` is whatever the call carried (a JSON object, normally); the ignored ones are
    listed in ``warnings``, on answers and errors alike."""
    warnings = ignored_arguments(tool, arguments)
    try:
        answer = tool.ask(service, fold_arguments(tool, arguments), rewriter)
    except ClientError as error:
        return _outcome(error_answer(error), render_error(error), warnings, is_error=True)
    except Exception:
        # A bug, not the caller's fault: the traceback goes to the log (stderr), the model gets
        # a code it can act on instead of a dropped connection.
        log.exception("%s failed", tool.name)
        bug = ClientError(
            f"{tool.name} failed inside docclient (a bug; details are in its log on stderr); "
            "retrying the same call will fail the same way, try other arguments"
        )
        return _outcome(error_answer(bug), render_error(bug), warnings, is_error=True)
    return _outcome(answer, tool.render(answer), warnings, is_error=False)


def _outcome(answer: Answer, text: str, warnings: list[str], *, is_error: bool) -> ToolOutcome:
    # The answer may be the service's cached one: copied with the warnings, never changed.
    if warnings:
        answer = msgspec.structs.replace(answer, warnings=warnings)
    return ToolOutcome(msgspec.to_builtins(answer), with_warnings(text, warnings), is_error)


def tool_definitions() -> list[dict[str, Any]]:
    """The tools as tools/list shows them, in wire form: the SDK server validates these into
    its models, the lean server sends them as they are."""
    return [
        {
            "name": tool.name,
            "title": tool.title,
            "description": tool.description,
            "inputSchema": tool.input_schema,
            "outputSchema": tool.output_schema,
            "annotations": {
                "title": tool.title,
                "readOnlyHint": True,
                "destructiveHint": False,
                "idempotentHint": True,
                "openWorldHint": False,
            },
        }
        for tool in TOOLS
    ]
