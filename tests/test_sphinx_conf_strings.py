"""The string operations a conf.py does on text it holds, read without running it."""

import ast
from typing import Any

import pytest

from builder.sphinx_conf import read_sphinx_conf
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


def test_what_a_conf_py_makes_of_its_text_is_bounded_all_told() -> None:
    # Each operation was bounded alone, and an f-string not at all: a megabyte of conf.py
    # could hold 40,000 copies of a 500 KB literal (20 GB), or f-strings doubling a text on
    # each line. What one file's operations make is bounded; past that, a name is no literal.
    copies = "".join(f"copy{number} = text.lower()\n" for number in range(40))
    doubled = "".join(f"twice{n + 1} = f'{{twice{n}}}{{twice{n}}}'\n" for n in range(22))
    conf = read_sphinx_conf(f"text = '{'x' * 600_000}'\n{copies}")
    assert len(conf.get("copy26")) == 600_000 and "copy27" in conf.not_literal
    conf = read_sphinx_conf(f"twice0 = 'xy'\n{doubled}")
    assert len(conf.get("twice19")) == 2**20 and "twice20" in conf.not_literal
