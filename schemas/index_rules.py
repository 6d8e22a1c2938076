"""Validate a doctrove-index@1 document: the JSON Schema plus the rules a schema cannot state.

Each problem names its place as a JSON pointer (RFC 6901), so a user can find it in the file.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import msgspec

from schemas import INDEX_SCHEMA, load_schema
from schemas.documents import Index, Section

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator, ValidationError

MAX_REPORTED_PROBLEMS = 200


@dataclass(frozen=True)
class Problem:
    pointer: str
    message: str

    def __str__(self) -> str:
        return f"{self.pointer or '/'}: {self.message}"


def _escape(token: object) -> str:
    return str(token).replace("~", "~0").replace("/", "~1")


def pointer(*tokens: object) -> str:
    """Join path tokens into a JSON pointer: pointer("entries", 0, "id") == "/entries/0/id"."""
    return "".join("/" + _escape(t) for t in tokens)


def _validator() -> Draft202012Validator:
    # Imported when a whole document is checked (docbuild check, an imported index): a build
    # checks its own records with the typed model below, and jsonschema takes ~0.1 s to import.
    from jsonschema import Draft202012Validator

    return Draft202012Validator(load_schema(INDEX_SCHEMA))


def schema_problems(document: Any) -> list[Problem]:
    """Problems the JSON Schema finds, in document order."""
    errors = sorted(_validator().iter_errors(document), key=lambda e: [str(p) for p in e.path])
    return [Problem(pointer(*e.absolute_path), _readable(e)) for e in errors]


def _readable(error: ValidationError) -> str:
    if error.validator == "pattern" and error.validator_value == r"\S":
        return "must be a non-empty string (not blank)"
    return error.message


def cross_reference_problems(document: Any) -> list[Problem]:
    """The two rules JSON Schema cannot express: unique ids, and a volume for every version."""
    problems: list[Problem] = []
    entries = document.get("entries") if isinstance(document, dict) else None
    if not isinstance(entries, list):
        return problems
    first_seen: dict[str, int] = {}
    for i, entry in enumerate(entries):
        if not isinstance(entry, dict):
            continue
        entry_id = entry.get("id")
        if isinstance(entry_id, str):
            if entry_id in first_seen:
                problems.append(
                    Problem(
                        pointer("entries", i, "id"),
                        f"duplicate id {entry_id!r} "
                        f"(first used at /entries/{first_seen[entry_id]})",
                    )
                )
            else:
                first_seen[entry_id] = i
        versions, volumes = entry.get("versions"), entry.get("volumes")
        if isinstance(versions, list) and isinstance(volumes, dict):
            for j, version in enumerate(versions):
                if isinstance(version, str) and version not in volumes:
                    problems.append(
                        Problem(
                            pointer("entries", i, "versions", j),
                            f"version {version!r} has no volume in /entries/{i}/volumes",
                        )
                    )
    return problems


def index_problems(document: Any) -> list[Problem]:
    """Every problem in ``document``, schema rules first; empty when the document is valid."""
    problems = schema_problems(document) + cross_reference_problems(document)
    return problems[:MAX_REPORTED_PROBLEMS]


@functools.cache
def _volume_validator() -> Draft202012Validator:
    from jsonschema import Draft202012Validator

    root = load_schema(INDEX_SCHEMA)
    return Draft202012Validator({"$defs": root["$defs"], "$ref": "#/$defs/Volume"})


def volume_problems(volume: Any, where: str = "") -> list[Problem]:
    """Schema problems of one volume on its own, for writers that stream volume by volume."""
    return [
        Problem(where + pointer(*e.absolute_path), _readable(e))
        for e in _volume_validator().iter_errors(volume)
    ][:MAX_REPORTED_PROBLEMS]


# The typed model the JSON Schema is generated from, compiled once: a writer checks its own
# records with it at a small fraction of jsonschema's cost; `docbuild check` still runs the schema.
_SECTIONS = msgspec.json.Decoder(list[Section])
# msgspec names the place as "... - at `$[3].lines[0]`".
_MESSAGE_AT = re.compile(r"(?P<message>.*?)(?: - at `\$(?P<path>[^`]*)`)?", re.DOTALL)
_PATH_STEP = re.compile(r"\[(\d+)\]|\.([^.\[]+)")


def section_problems(records: Sequence[bytes], where: str = "") -> list[Problem]:
    """The first problem of a volume's sections, each given as its JSON bytes; empty when every
    section is valid. Places read ``where`` + ``/sections/<n>/...``, as ``volume_problems``'."""
    try:
        _SECTIONS.decode(b"[" + b",".join(records) + b"]")
    except msgspec.DecodeError as error:
        return [_typed_problem(error, where + pointer("sections"))]
    return []


def assembled_index_problems(document: Any) -> list[Problem]:
    """``index_problems`` for an index a builder assembled from parts it checked already (its
    volumes' sections are left empty): the first problem the typed model finds (the model the
    JSON Schema is generated from), then the cross-reference rules. A build needs no jsonschema,
    whose import alone costs about 0.1 s."""
    try:
        msgspec.convert(document, Index)
    except msgspec.ValidationError as error:
        return [_typed_problem(error, "")]
    return cross_reference_problems(document)[:MAX_REPORTED_PROBLEMS]


def _typed_problem(error: msgspec.MsgspecError, where: str) -> Problem:
    """A msgspec error as a Problem placed under ``where``."""
    found = _MESSAGE_AT.fullmatch(str(error))
    message, path = (found["message"], found["path"] or "") if found else (str(error), "")
    steps = [int(index) if index else key for index, key in _PATH_STEP.findall(path)]
    return Problem(where + pointer(*steps), message)
