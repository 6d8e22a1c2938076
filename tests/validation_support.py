"""``jsonschema.validate`` that checks each schema once per process instead of once per call.

Checking a tool's output schema against the metaschema costs 25-60 ms of CPU, some 60 times
what validating one answer against it costs, and the suite validates over a hundred answers
against a handful of schemas. Same checks, same errors: the schema is checked (SchemaError)
the first time it is met, and an invalid answer raises the error jsonschema.validate picks.
"""

from __future__ import annotations

from typing import Any

import orjson
from jsonschema.exceptions import best_match
from jsonschema.protocols import Validator
from jsonschema.validators import validator_for

# By the schema's text, so that a schema changed in place is checked again.
_checked: dict[bytes, Validator] = {}


def validate(instance: Any, schema: dict[str, Any]) -> None:
    """Raise what ``jsonschema.validate(instance, schema)`` raises."""
    key = orjson.dumps(schema, option=orjson.OPT_SORT_KEYS)
    validator = _checked.get(key)
    if validator is None:
        cls = validator_for(schema)
        cls.check_schema(schema)
        validator = _checked[key] = cls(schema)
    error = best_match(validator.iter_errors(instance))
    if error is not None:
        raise error
