"""builder.api.decorator_docs: docstrings a decorator of the project writes."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

from builder.api.literal_values import MAX_TEXT_CHARS
from builder.parsers import parse_file
from tests.api_support import package_source

# sentry-sdk 1.9.10's api.py: each top-level function's docstring is its Hub method's, which
# the decorator copies in under an "Alias for" line.
HUB = (
    "class Hub:\n"
    "    def capture_event(self, event, hint=None):\n"
    '        """Captures an event.\n\n        :param event: A ready-made event.\n        """\n'
)
API = (
    "import inspect\nfrom sdk.hub import Hub\n\n\n"
    "def hubmethod(f):\n"
    "    # type: (F) -> F\n"
    '    f.__doc__ = "%s\\n\\n%s" % (\n'
    '        "Alias for :py:meth:`sdk.Hub.%s`" % f.__name__,\n'
    "        inspect.getdoc(getattr(Hub, f.__name__)),\n"
    "    )\n"
    "    return f\n\n\n"
    "def titled(f):\n"
    '    f.__doc__ = "{}: {kind}".format(f.__name__.upper(), kind="tool")\n'
    "    return f\n\n\n"
    "def formatted(f):\n"
    '    f.__doc__ = "{} runs.".format(f.__name__) + " " + Hub.capture_event.__doc__\n'
    "    return f\n\n\n"
    "def padded(f):\n"
    '    f.__doc__ = "%999999999s" % f.__name__\n'
    "    return f\n\n\n"
    "def wrapper(f):\n"
    '    f.__doc__ = "Wrapped."\n'
    "    return print\n\n\n"
    "@hubmethod\ndef capture_event(event, hint=None):\n    pass\n\n\n"
    "@titled\ndef unread(x):\n    pass\n\n\n"
    "@formatted\ndef joined(x):\n    pass\n\n\n"
    "@padded\ndef wide(x):\n    pass\n\n\n"
    "@wrapper\ndef other(x):\n    pass\n"
)


def test_a_docstring_a_decorator_writes_is_the_function_s(tmp_path: Path) -> None:
    (tmp_path / "sdk").mkdir()
    (tmp_path / "sdk" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "sdk" / "hub.py").write_text(HUB, encoding="utf-8")
    (tmp_path / "sdk" / "api.py").write_text(API, encoding="utf-8")
    text = "API\n===\n\n.. automodule:: sdk.api\n   :members:\n"
    parsed = parse_file("api.rst", text, package_source(tmp_path))
    assert parsed is not None
    assert [(section.heading, section.body) for section in parsed.sections[1:]] == [
        (
            "sdk.api.capture_event",
            "`capture_event(event, hint=None)`\n\nAlias for `sdk.Hub.capture_event`\n\n"
            "Captures an event.\n\nParameters:\n- event: A ready-made event.",
        ),
        (
            "sdk.api.joined",
            "`joined(x)`\n\njoined runs. Captures an event.\n\nParameters:\n"
            "- event: A ready-made event.",
        ),
    ]
    # A method called on a part (upper()) is not worked out, a field as wide as
    # '%999999999s' is not built, and a decorator that returns another function than the
    # one it is given documents that one: none of them is read.
    listed = parsed.sections[0].body + "".join(s.heading for s in parsed.sections)
    assert "unread" not in listed and "wide" not in listed and "other" not in listed


def test_a_value_nested_past_python_s_limit_leaves_the_docstring_as_written(
    tmp_path: Path,
) -> None:
    # A left-deep chain of '+' (1,200 terms, 7,000 characters, within MAX_DECORATOR_CHARS)
    # recursed past Python's limit in the evaluation, and a template's attribute field
    # ('{0.missing}') raised AttributeError: either escaped and emptied the whole automodule.
    chained = " + ".join(['"a"'] * 1_200)
    source = (
        "class Hub:\n"
        '    """A hub."""\n\n\n'
        f"def chained(f):\n    f.__doc__ = {chained}\n    return f\n\n\n"
        'def fielded(f):\n    f.__doc__ = "{0.missing}".format(f.__name__)\n    return f\n\n\n'
        "@chained\ndef deep(x):\n    pass\n\n\n"
        "@fielded\ndef field(x):\n    pass\n"
    )
    (tmp_path / "sdk").mkdir()
    (tmp_path / "sdk" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "sdk" / "api.py").write_text(source, encoding="utf-8")
    text = "API\n===\n\n.. automodule:: sdk.api\n   :members:\n"
    parsed = parse_file("api.rst", text, package_source(tmp_path))
    assert parsed is not None
    assert [section.heading for section in parsed.sections] == ["API", "sdk.api.Hub"]


def test_a_value_too_long_is_refused_before_it_is_made(tmp_path: Path) -> None:
    # A decorator showing one 16,000-character docstring in each of 200 fields made 3.2
    # million characters before their length was seen; each of '%' and format is sized
    # from its parts first.
    fields = ", ".join(["Hub.__doc__"] * 200)
    source = (
        f'class Hub:\n    """{"h" * 16_000}"""\n\n\n'
        f'def percented(f):\n    f.__doc__ = "{"%s" * 200}" % ({fields})\n    return f\n\n\n'
        f'def formatted(f):\n    f.__doc__ = "{"{0}" * 200}".format(Hub.__doc__)\n'
        "    return f\n\n\n"
        "@percented\ndef many(x):\n    pass\n\n\n"
        "@formatted\ndef named(x):\n    pass\n"
    )
    (tmp_path / "sdk").mkdir()
    (tmp_path / "sdk" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "sdk" / "api.py").write_text(source, encoding="utf-8")
    text = "API\n===\n\n.. automodule:: sdk.api\n   :members:\n"
    tracemalloc.start()
    try:
        parsed = parse_file("api.rst", text, package_source(tmp_path))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert parsed is not None
    assert [section.heading for section in parsed.sections] == ["API", "sdk.api.Hub"]
    assert peak < 50 * MAX_TEXT_CHARS  # bytes: the 3.2 million characters are never made
