"""builder.parsers.rst.signature_groups: the objects one description's signatures name."""

from __future__ import annotations

from builder.parsers.rst.signature_groups import object_groups


def _name(signature: str) -> str:
    """A stand-in for Sphinx's reading: the name before the parameters, none for 'x in d'."""
    return "" if " in " in signature else signature.partition("(")[0]


def test_each_new_name_starts_an_object_and_an_overload_stays_with_its_own() -> None:
    lines = ["read(size)", "readline()", "readline(limit)", "key in d", "close()"]
    assert object_groups(lines, _name) == [
        ["read(size)"],
        ["readline()", "readline(limit)", "key in d"],
        ["close()"],
    ]


def test_expressions_before_the_first_name_are_an_object_of_their_own() -> None:
    assert object_groups(["key in d", "x in d", "get(key)"], _name) == [
        ["key in d", "x in d"],
        ["get(key)"],
    ]
    assert object_groups(["only()"], _name) == [["only()"]]
    assert object_groups([], _name) == []
