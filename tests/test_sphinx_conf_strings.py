"""The string operations a conf.py does on text it holds, read without running it."""

import ast
from typing import Any

import pytest

from builder.sphinx_conf_strings import string_operation

KNOWN = {"release": "2.15.1", "parts": ["a", "b"]}


def value_of(node: ast.expr) -> Any:
    if isinstance(node, ast.Name) and node.id in KNOWN:
        return KNOWN[node.id]
    read, value = string_operation(node, value_of)
    return value if read else ast.literal_eval(node)


@pytest.mark.parametrize(
    ("expression", "value"),
    [
        ('".".join(release.split(".")[:2])', "2.15"),
        ('release.rsplit(".", 1)[0]', "2.15"),
        ('release.partition(".")', ["2", ".", "15.1"]),
        ('"-".join(parts)', "a-b"),
        ("release[-1]", "1"),
    ],
)
def test_an_operation_on_known_text_is_read(expression: str, value: Any) -> None:
    assert value_of(ast.parse(expression, mode="eval").body) == value


@pytest.mark.parametrize(
    "expression",
    ['"-".join(release)', "release.format(1)", "release[parts]", "unknown.split()"],
)
def test_anything_else_is_no_literal(expression: str) -> None:
    with pytest.raises(ValueError):
        value_of(ast.parse(expression, mode="eval").body)
