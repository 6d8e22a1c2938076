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
