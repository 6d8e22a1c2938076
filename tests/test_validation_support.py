"""tests/validation_support.validate raises what jsonschema.validate raises, schema checks too."""

from __future__ import annotations

import jsonschema
import pytest
from jsonschema.exceptions import SchemaError, ValidationError

from tests.validation_support import validate


def test_it_raises_the_error_jsonschema_validate_raises() -> None:
    schema = {"type": "object", "properties": {"a": {"type": "integer"}}, "required": ["a"]}
    validate({"a": 1}, schema)
    validate({"a": 2}, schema)  # the second call with the checked schema
    for bad in ({"a": "x"}, {}, []):
        with pytest.raises(ValidationError) as ours:
            validate(bad, schema)
        with pytest.raises(ValidationError) as theirs:
            jsonschema.validate(bad, schema)
        assert str(ours.value) == str(theirs.value)


def test_a_bad_schema_is_refused_even_once_changed_in_place() -> None:
    with pytest.raises(SchemaError):
        validate({}, {"type": 5})
    schema: dict[str, object] = {"type": "object"}
    validate({}, schema)
    schema["type"] = 5
    with pytest.raises(SchemaError):
        validate({}, schema)
