"""builder.api.wrapped_calls: the object a call's functools.wraps function wraps."""

from __future__ import annotations

from pathlib import Path

from builder.api.code import GriffeSource
from builder.api.model import ApiSettings
from builder.parsers import parse_file

STATE = '''from functools import wraps


def stateful_transform(class_):
    """Make a transform of a class."""

    @wraps(class_)
    def wrapper(*args, **kwargs):
        return class_()(*args, **kwargs)

    return wrapper


def plain(class_):
    def wrapper(*args):
        return class_(*args)

    return wrapper


class Center:
    """center(x): subtract the mean of x."""


center = stateful_transform(Center)
unwrapped = plain(Center)
'''


def test_an_attribute_a_wraps_function_makes_reads_the_wrapped_docstring(tmp_path: Path) -> None:
    # patsy 1.0.3: "center = stateful_transform(Center)", which returns a function decorated
    # with "@wraps(class_)": autodoc shows Center's docstring; center showed its assignment.
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text(STATE, encoding="utf-8")
    page = "API\n===\n\n.. autofunction:: pkg.center\n\n.. autodata:: pkg.unwrapped\n"
    parsed = parse_file("api.rst", page, GriffeSource(tmp_path, ApiSettings(), str(tmp_path)))
    assert parsed is not None
    assert [(s.heading, s.body) for s in parsed.sections[1:]] == [
        (
            "pkg.center",
            "`pkg.center = stateful_transform(Center)`\n\ncenter(x): subtract the mean of x.",
        ),
        ("pkg.unwrapped", "`pkg.unwrapped = plain(Center)`"),
    ]


def test_attributes_one_function_makes_each_read_their_own_wrapped_docstring(
    tmp_path: Path,
) -> None:
    # The function's source is read once for all of them (a module of a thousand "x = make(K)"
    # parsed a long make() each time); what each wraps is still its own argument.
    many = "".join(
        f'\n\nclass K{number}:\n    """Kind {number}."""\n\n\n'
        f"k{number} = stateful_transform(K{number})\n"
        for number in range(3)
    )
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text(STATE + many, encoding="utf-8")
    page = "API\n===\n\n" + "".join(f".. autodata:: pkg.k{number}\n\n" for number in range(3))
    parsed = parse_file("api.rst", page, GriffeSource(tmp_path, ApiSettings(), str(tmp_path)))
    assert parsed is not None
    assert [s.body.split("\n\n")[-1] for s in parsed.sections[1:]] == [
        "Kind 0.",
        "Kind 1.",
        "Kind 2.",
    ]
