"""builder.api.factory_properties: a class attribute a function of the project makes as a
property has the doc that function builds, read from its code without running it."""

from __future__ import annotations

import itertools
import tracemalloc
from pathlib import Path

from builder.api.code import GriffeSource
from builder.api.literal_values import MAX_TEXT_CHARS
from builder.api.model import ApiSettings

_DESCRIPTORS = """\
import sys

PY3 = sys.version_info[0] == 3
_not_given = object()
_NAMES = {"CONTENT_TYPE": "Content-Type"}
if PY3:
    string_types = str,
else:
    string_types = basestring,


def header_docstring(header, section):
    if isinstance(header, string_types) and header in _NAMES:
        header = _NAMES[header]
    major = section.split(".")[0]
    return "Gets the ``%s`` header (section %s of %s)." % (header, section, major)


def environ_getter(key, default=_not_given, section=None):
    if section:
        doc = header_docstring(key, section)
    else:
        doc = "Gets and sets the ``%s`` key in the environment." % key
    if default is _not_given:
        def fget(req):
            return req.environ[key]
    else:
        def fget(req):
            return req.environ.get(key, default)
    return property(fget, doc=doc)


def converter(prop, parse, convert_name=None):
    convert_name = convert_name or "``%s``" % parse.__name__
    doc = prop.__doc__ or ""
    doc += "  Converts it using %s." % convert_name
    return property(prop.fget, None, prop.fdel, doc)


def grid_property(name, docstring, read_only=False):
    def getter(self):
        return self._file[name]

    if read_only:
        docstring += "\\n\\nThis attribute is read-only."
    if not PY3:
        raise RuntimeError("Python 2")
    return property(getter, doc=docstring)


def looped(names):
    doc = ""
    for name in names:
        doc += name
    return property(doc=doc)


def guessed(flag):
    if flag.startswith("x"):
        doc = "One."
    else:
        doc = "Two."
    return property(doc=doc)


def wide(key):
    return property(doc="%999999999s" % key)


def again(key):
    return again(key)


def parse_int(value):
    return int(value)
"""

_REQUEST = '''\
from web.descriptors import (
    converter, environ_getter, grid_property, looped, guessed, wide, again, parse_int
)


class Request:
    """A request."""

    method = environ_getter("REQUEST_METHOD", "GET")
    content_type = environ_getter("CONTENT_TYPE", "", "14.17")
    _length_raw = environ_getter("CONTENT_LENGTH", None)
    content_length = converter(_length_raw, parse_int)
    verb = method
    filename = grid_property("filename", "Name of this file.", read_only=True)
    looped = looped(["a", "b"])
    decided = guessed("xy")
    guessed = guessed(unknown_name)
    wide = wide("x")
    again = again("x")
'''


def _source(tmp_path: Path) -> GriffeSource:
    package = tmp_path / "web"
    package.mkdir()
    (package / "__init__.py").write_text('"""Web."""\n', encoding="utf-8")
    (package / "descriptors.py").write_text(_DESCRIPTORS, encoding="utf-8")
    (package / "request.py").write_text(_REQUEST, encoding="utf-8")
    return GriffeSource(tmp_path, ApiSettings(), ".")


def _doc(source: GriffeSource, name: str) -> str:
    found = source.find(f"web.request.Request.{name}")
    assert found is not None
    return found.doc[0].text if found.doc else ""


def test_a_property_a_factory_makes_has_the_doc_it_builds(tmp_path: Path) -> None:
    # WebOb 1.8.6 (Debian python-webob-doc, api/request.html): BaseRequest.method is
    # environ_getter('REQUEST_METHOD', 'GET'), documented "Gets and sets the
    # ``REQUEST_METHOD`` key in the environment."; it and 50 more had no doc, and
    # ':members:' left them out.
    source = _source(tmp_path)
    assert _doc(source, "method") == "Gets and sets the ``REQUEST_METHOD`` key in the environment."
    # Through another function of the project, a dict constant, isinstance over six's
    # string_types (the Python 3 branch) and str's methods.
    assert _doc(source, "content_type") == "Gets the ``Content-Type`` header (section 14.17 of 14)."
    # A property wrapping another, read through the class's own constant, and a function's
    # __name__ (converter(_length_raw, parse_int)).
    assert _doc(source, "content_length") == (
        "Gets and sets the ``CONTENT_LENGTH`` key in the environment."
        "  Converts it using ``parse_int``."
    )
    assert _doc(source, "verb") == _doc(source, "method")  # another name for it
    # pymongo 3.11.0's GridIn.filename: _grid_in_property(..., read_only=True) adds a line;
    # the branch only Python 2 takes (it raises) is not taken.
    assert _doc(source, "filename") == "Name of this file.\n\nThis attribute is read-only."


def test_what_the_reading_cannot_tell_is_no_doc(tmp_path: Path) -> None:
    source = _source(tmp_path)
    assert _doc(source, "looped") == ""  # a loop is not followed
    assert _doc(source, "guessed") == ""  # a test on an unknown name: two docs it may be
    # The same test on a literal; the class body's own 'guessed' is set after it, so the
    # call is the module's function, as Python runs the body.
    assert _doc(source, "decided") == "One."
    assert _doc(source, "wide") == ""  # a field wider than any doc is not built
    assert _doc(source, "again") == ""  # a call that never ends is followed a few levels


def test_the_statements_a_reading_runs_are_bounded_over_all_its_calls(tmp_path: Path) -> None:
    # A body of calls to a body of calls: with a budget per body, each level multiplied the
    # statements run (150 ** 2 here, 150 ** 4 hours for one attribute); the reading stops at
    # MAX_STEPS in all, and the doc is unknown.
    package = tmp_path / "web"
    package.mkdir()
    levels = ['def level0(key):\n    return "Doc."\n']
    for level in range(1, 3):
        calls = f"    doc = level{level - 1}(key)\n" * 150
        levels.append(f"def level{level}(key):\n{calls}    return doc\n")
    factories = "\n\n".join(
        [*levels, "def fanned(key):\n    return property(doc=level2(key))\n",
         "def direct(key):\n    return property(doc=level0(key))\n"]
    )  # fmt: skip
    (package / "__init__.py").write_text('"""Web."""\n', encoding="utf-8")
    (package / "descriptors.py").write_text(factories, encoding="utf-8")
    (package / "request.py").write_text(
        "from web.descriptors import direct, fanned\n\n\n"
        'class Request:\n    """A request."""\n\n'
        '    fanned = fanned("x")\n    direct = direct("x")\n',
        encoding="utf-8",
    )
    source = GriffeSource(tmp_path, ApiSettings(), ".")
    assert _doc(source, "fanned") == ""
    assert _doc(source, "direct") == "Doc."


_WIDE = {
    "fstring": 'property(doc=f"{key:9999999999}")',
    "star": 'property(doc="%*s" % (9999999999, key))',
    "keyed": 'property(doc="%(key)9999999999s" % {"key": key})',
    "nested": 'property(doc="{:{}}".format(key, 9999999999))',
    "narrow": 'property(doc=f"[{key:>6}|" + "%(key)-4s|" % {"key": key} + "{:^5}]".format(key))',
}


def test_a_field_wider_than_any_doc_is_never_built(tmp_path: Path) -> None:
    # An f-string's width ('{key:9999999999}', read as no width: the pattern looked for one
    # after a ':' the spec does not hold), one given by an argument ('%*s', '{:{}}') or after
    # a mapping key ('%(key)9999999999s') built ten gigabytes: a MemoryError that stopped the
    # build. Each is unknown, no doc; a narrow field is built.
    package = tmp_path / "web"
    package.mkdir()
    factories = "".join(
        f"def {name}(key):\n    return {body}\n\n\n" for name, body in _WIDE.items()
    )
    attributes = "".join(f'    {name} = {name}("ab")\n' for name in _WIDE)
    (package / "__init__.py").write_text('"""Web."""\n', encoding="utf-8")
    (package / "descriptors.py").write_text(factories, encoding="utf-8")
    (package / "request.py").write_text(
        f"from web.descriptors import {', '.join(_WIDE)}\n\n\n"
        f'class Request:\n    """A request."""\n\n{attributes}',
        encoding="utf-8",
    )
    source = GriffeSource(tmp_path, ApiSettings(), ".")
    for name in ("fstring", "star", "keyed", "nested"):
        assert _doc(source, name) == "", name
    assert _doc(source, "narrow") == "[    ab|ab  | ab  ]"


def _doubled(name: str, start: str, times: int) -> str:
    return f"    {name} = {start}\n" + f"    {name} = {name} + {name}\n" * times


_LARGE = {
    # A list doubled at each statement: 2 ** 21 items here, 2 ** 190 within MAX_STEPS.
    "doubled": _doubled("items", '["a"]', 21) + '    return property(doc="%d" % len(items))\n',
    # A list of itself twice, twenty-one times: 2 ** 21 texts to show, built then dropped.
    "nested": '    items = "a"\n'
    + "    items = [items, items]\n" * 21
    + '    return property(doc="%d" % len(str(items)))\n',
    "bytes": _doubled("data", 'b"a"', 21) + '    return property(doc="%d" % len(data))\n',
    # A text of 8192 characters in place of each of its own: 67 million, built then dropped.
    "replaced": _doubled("doc", "key", 13) + '    return property(doc=doc.replace("a", doc))\n',
    # A text of 16,384 characters shown 200 times over by '%', format or an f-string: 3
    # million characters, built then dropped.
    "percented": _doubled("doc", "key", 14)
    + f'    return property(doc="{"%(a)s" * 200}" % {{"a": doc}})\n',
    "formatted": _doubled("doc", "key", 14)
    + f'    return property(doc="{"{0}" * 200}".format(doc))\n',
    "interpolated": _doubled("doc", "key", 14) + f'    return property(doc=f"{"{doc}" * 200}")\n',
    "small": '    items = ["a", "b"] + ["c"]\n    return property(doc="-".join(items))\n',
}


def test_what_a_reading_builds_is_bounded_before_it_is_built(tmp_path: Path) -> None:
    # Only a text's length was bounded: a list or bytes doubled at each statement, or a list
    # holding itself twice, grew past any memory within MAX_STEPS (2 ** 21 here, to fail
    # fast), and a join, replace, '%', format or f-string was built before its length was seen.
    package = tmp_path / "web"
    package.mkdir()
    factories = "".join(f"def {name}(key):\n{body}\n\n" for name, body in _LARGE.items())
    attributes = "".join(f'    {name} = {name}("a")\n' for name in _LARGE)
    (package / "__init__.py").write_text('"""Web."""\n', encoding="utf-8")
    (package / "descriptors.py").write_text(factories, encoding="utf-8")
    (package / "request.py").write_text(
        f"from web.descriptors import {', '.join(_LARGE)}\n\n\n"
        f'class Request:\n    """A request."""\n\n{attributes}',
        encoding="utf-8",
    )
    source = GriffeSource(tmp_path, ApiSettings(), ".")
    assert _doc(source, "small") == "a-b-c"
    for name in (
        "doubled",
        "nested",
        "bytes",
        "replaced",
        "percented",
        "formatted",
        "interpolated",
    ):
        tracemalloc.start()
        try:
            assert _doc(source, name) == "", name
            _, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
        # Bytes: what it would have made (3 to 67 megabytes) is never made.
        assert peak < 50 * MAX_TEXT_CHARS, name


def test_the_constants_a_reading_reads_count_toward_its_bound(tmp_path: Path) -> None:
    # A constant read from others, each read from others (A = B + B + ..., B = C + C + ...),
    # was read afresh at each reference, outside MAX_STEPS: 585 reads here, and constants
    # naming each other thirty times over hung the build (30 ** MAX_CALL_DEPTH).
    package = tmp_path / "web"
    package.mkdir()
    constants = "".join(
        f"{name} = {' + '.join([below] * 8)}\n" for name, below in itertools.pairwise("ABCDF")
    )
    (package / "__init__.py").write_text('"""Web."""\n', encoding="utf-8")
    (package / "descriptors.py").write_text(
        f'{constants}F = "ab"\nE = D + "."\n\n\n'
        "def wide(key):\n    return property(doc=A)\n\n\n"
        "def narrow(key):\n    return property(doc=E)\n",
        encoding="utf-8",
    )
    (package / "request.py").write_text(
        "from web.descriptors import narrow, wide\n\n\n"
        'class Request:\n    """A request."""\n\n'
        '    wide = wide("x")\n    narrow = narrow("x")\n',
        encoding="utf-8",
    )
    source = GriffeSource(tmp_path, ApiSettings(), ".")
    assert _doc(source, "wide") == ""
    assert _doc(source, "narrow") == "ab" * 8 + "."


_INSTRUMENT = '''\
from web.descriptors import parse_int


def strict_set(value, values):
    return value


class Instrument:
    """A device."""

    @staticmethod
    def control(get_command, set_command, docs, validator=lambda v, vs: v, values=(),
                map_values=False, get_process=lambda v: v, **kwargs):
        """Returns a property for the class based on the supplied commands."""
        if map_values and isinstance(values, dict):
            inverse = {v: k for k, v in values.items()}

        def fget(self):
            return get_process(self.ask(get_command))

        def fset(self, value):
            self.write(set_command % validator(value, values))

        # Add the specified document string to the getter
        fget.__doc__ = docs

        return property(fget, fset)


class Laser(Instrument):
    """A laser driver."""

    SLOTS = range(1, 9)
    current = Instrument.control(":ILD:SET?", ":ILD:SET %g", """Laser current.""")
    slot = Instrument.control(
        ":SLOT?", ":SLOT %d", "Slot selection.", validator=strict_set, values=SLOTS,
        map_values=False, check_set_errors=True,
    )
    listed = Instrument.control(":SLOT?", ":SLOT %d", "Slots: {}".format(SLOTS))
'''


def test_a_property_a_static_method_of_a_class_makes_has_the_doc_it_gives(
    tmp_path: Path,
) -> None:
    # PyMeasure 0.9.0 (Debian python-pymeasure-doc): each instrument's settings are
    # 'current = Instrument.control(":ILD:SET?", ":ILD:SET %g", """Laser current.""")', a
    # static method that sets 'fget.__doc__ = docs' and returns property(fget, fset). autodoc
    # shows the property's doc; read statically the 680 attributes had none and ':members:'
    # left them out (ThorlabsPro8000.LDCCurrent, Keithley2400.source_voltage...).
    source = _source(tmp_path)
    (tmp_path / "web" / "laser.py").write_text(_INSTRUMENT, encoding="utf-8")

    def doc(name: str) -> str:
        found = source.find(f"web.laser.Laser.{name}")
        assert found is not None
        return found.doc[0].text if found.doc else ""

    assert doc("current") == "Laser current."
    # Keywords the factory takes through **kwargs, and values it cannot read (a range).
    assert doc("slot") == "Slot selection."
    # A doc built from a value the reading cannot tell is none, not a guess.
    assert doc("listed") == ""
