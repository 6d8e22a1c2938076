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


SYNC = '''import functools


def run_sync(coro):
    def wrapped(*args, **kwargs):
        return coro(*args, **kwargs)

    wrapped.__doc__ = coro.__doc__
    return wrapped


def updated(function):
    def inner(*args):
        return function(*args)

    functools.update_wrapper(inner, function)
    return inner


def copies_elsewhere(coro):
    def wrapped(*args):
        return coro(*args)

    other = wrapped
    other.__doc__ = coro.__doc__
    return wrapped


class Manager:
    async def _async_restart(self, now=False):
        """Restart the kernel."""

    async def _async_stop(self):
        """Stop the kernel."""

    restart = run_sync(_async_restart)
    stop = updated(_async_stop)
    again = copies_elsewhere(_async_restart)
'''


def test_an_inner_function_given_its_parameter_s_docstring_wraps_it(tmp_path: Path) -> None:
    # jupyter_client 7.4.9: "restart_kernel = run_sync(_async_restart_kernel)", whose inner
    # function takes the coroutine's docstring by "wrapped.__doc__ = coro.__doc__": autodoc
    # shows "Restarts a kernel..."; the method showed its assignment alone.
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text(SYNC, encoding="utf-8")
    source = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    texts = {}
    for name in ("restart", "stop", "again"):
        found = source.find(f"pkg.Manager.{name}")
        assert found is not None
        texts[name] = found.doc[0].text if found.doc else ""
    assert texts == {"restart": "Restart the kernel.", "stop": "Stop the kernel.", "again": ""}
