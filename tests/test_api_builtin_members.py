"""builder.api.builtin_members: a method a class inherits from a built-in type is documented
with what the interpreter's type says, as autodoc imports it; the project's own code first."""

from __future__ import annotations

from pathlib import Path

from builder.api.builtin_members import builtin_member
from builder.api.code import GriffeSource
from builder.api.model import ApiSettings

_CODE = '''\
"""Sorted things."""

import typing
from collections.abc import MutableMapping


class SortedDict(dict):
    """A dict kept in key order."""

    def __setitem__(self, key, value):
        """Store ``value`` under ``key``, in order."""


class Deeper(SortedDict):
    """Two levels above dict."""


class Failure(ValueError):
    """A bad value."""


class Store(MutableMapping, dict):
    """A mapping first, then a dict: tomlkit's _CustomDict."""


class Mixin(MutableMapping):
    """The project's mapping mixin."""


class Mixed(Mixin, dict):
    """A mixin of the project's over an ABC, then dict."""


class Plain:
    """No built-in base."""


class filter:
    """The project's own filter, no iterator."""


class Filtered(filter):
    """Its base is the class above, not builtins.filter."""


class Counts(dict[str, int]):
    """A subscripted built-in base."""


class Typed(typing.Dict[str, int]):
    """typing's alias of dict."""


class TypedMapping(typing.MutableMapping):
    """typing's alias of collections.abc's."""


class Hinted(typing.Generic):
    """typing's own class, no alias."""
'''


def _source(tmp_path: Path) -> GriffeSource:
    (tmp_path / "sorteds").mkdir()
    (tmp_path / "sorteds" / "__init__.py").write_text(_CODE, encoding="utf-8")
    return GriffeSource(tmp_path, ApiSettings(), str(tmp_path))


def test_a_method_a_builtin_base_defines_is_documented_as_the_interpreter_says(
    tmp_path: Path,
) -> None:
    # sortedcontainers 2.4.0's sorteddict.rst: automethod SortedDict.get, __len__, __contains__,
    # __eq__ (dict's) were 'not found in the code', six API entries with their name alone.
    source = _source(tmp_path)
    get = source.find("sorteds.SortedDict.get")
    assert get is not None
    assert (get.kind, get.signature) == ("function", "get(key, default=None, /)")
    assert get.doc[0].text == "Return the value for key if key is in the dictionary, else default."
    length = source.find("sorteds.SortedDict.__len__")
    assert length is not None and length.signature == "__len__()"
    # Through a base of the project's, and where the built-in type's own base defines it.
    assert source.find("sorteds.Deeper.__contains__") is not None
    traceback = source.find("sorteds.Failure.with_traceback")
    assert traceback is not None and "__traceback__" in traceback.doc[0].text
    # A standard library base comes before dict, as in Python's method resolution order
    # (tomlkit 0.15.3's TOMLDocument.get, clear and fromkeys were left out).
    mapping_get = source.find("sorteds.Store.get")
    assert mapping_get is not None and mapping_get.signature == "get(key, default=None)"
    assert mapping_get.doc[0].text.startswith("D.get(k[,d]) -> D[k] if k in D, else d.")
    fromkeys = source.find("sorteds.Store.fromkeys")
    assert fromkeys is not None and fromkeys.signature == "fromkeys(iterable, value=None, /)"


def test_the_project_s_own_method_wins_and_no_builtin_answers_for_what_none_has(
    tmp_path: Path,
) -> None:
    source = _source(tmp_path)
    own = source.find("sorteds.SortedDict.__setitem__")
    assert own is not None and own.doc[0].text == "Store ``value`` under ``key``, in order."
    assert own.file == "sorteds/__init__.py"
    assert source.find("sorteds.SortedDict.no_such_method") is None
    assert source.find("sorteds.Plain.get") is None  # object's methods are nobody's answer
    assert source.find("sorteds.Plain.__eq__") is None
    assert source.find("sorteds.get") is None  # a module has no built-in base


def test_the_types_are_asked_in_python_s_method_resolution_order(tmp_path: Path) -> None:
    # class Mixed(Mixin, dict), class Mixin(MutableMapping): Python's order is Mixed, Mixin,
    # MutableMapping, Mapping, ..., dict, so Mixed.get is Mapping.get, where dict's was
    # answered, its base's bases read after dict.
    source = _source(tmp_path)
    get = source.find("sorteds.Mixed.get")
    assert get is not None and get.signature == "get(key, default=None)"
    assert get.doc[0].text.startswith("D.get(k[,d]) -> D[k] if k in D, else d.")
    fromkeys = source.find("sorteds.Mixed.fromkeys")  # no ABC has it: dict's
    assert fromkeys is not None and fromkeys.signature == "fromkeys(iterable, value=None, /)"


def test_a_name_the_first_type_defines_as_no_method_takes_no_later_type_s_method(
    tmp_path: Path,
) -> None:
    # Mapping sets __reversed__ = None (a mapping is not reversible by that), which Python finds
    # on Store(MutableMapping, dict) before dict.__reversed__.
    source = _source(tmp_path)
    assert source.find("sorteds.Store.__reversed__") is None
    assert source.find("sorteds.SortedDict.__reversed__") is not None  # dict's, as Python's


def test_a_base_is_what_the_module_binds_the_name_to(tmp_path: Path) -> None:
    # The project's own class named filter shadows the built-in one: Filtered.__next__ was
    # documented as builtins.filter's 'Implement next(self).', which Python does not find.
    source = _source(tmp_path)
    assert source.find("sorteds.Filtered.__next__") is None
    assert source.find("sorteds.Filtered.__iter__") is None
    # A built-in base written subscripted is that type, as class Counts(dict[str, int]) is.
    get = source.find("sorteds.Counts.get")
    assert get is not None and get.signature == "get(key, default=None, /)"


def test_a_typing_alias_is_the_class_it_stands_for(tmp_path: Path) -> None:
    # class Typed(typing.Dict[str, int]) has dict in its method resolution order, as autodoc
    # finds Typed.get; it was 'not found in the code'.
    source = _source(tmp_path)
    get = source.find("sorteds.Typed.get")
    assert get is not None and get.signature == "get(key, default=None, /)"
    mapping_get = source.find("sorteds.TypedMapping.get")
    assert mapping_get is not None and mapping_get.signature == "get(key, default=None)"
    assert source.find("sorteds.Hinted.__class_getitem__") is None  # typing's own: not read


def test_a_lattice_of_shared_bases_is_ordered_once_per_class(tmp_path: Path) -> None:
    # Six levels of four classes, each based on all four of the level below: a class's order
    # was made again on every path to it, exponential in the levels; now once per class.
    width, levels = 4, 6
    code = ['"""A lattice."""\n']
    code += [f"class L0_{i}(dict):\n    pass\n" for i in range(width)]
    for level in range(1, levels):
        bases = ", ".join(f"L{level - 1}_{j}" for j in range(width))
        code += [f"class L{level}_{i}({bases}):\n    pass\n" for i in range(width)]
    (tmp_path / "lattice").mkdir()
    (tmp_path / "lattice" / "__init__.py").write_text("\n".join(code), encoding="utf-8")
    source = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    top = source._target_at(f"lattice.L{levels - 1}_0")
    resolved: list[str] = []

    def resolve(path: str) -> object:
        resolved.append(path)
        return source._target_at(path)

    get = builtin_member(top, "get", "lattice.top.get", resolve)
    assert get is not None and get.signature == "get(key, default=None, /)"
    # The top's four bases, then each class's four once: 68 look-ups, where every path to a
    # class looked its bases up again (4 + 16 + 64 + 256 + 1,024 = 1,364).
    assert len(resolved) == width + width * width * (levels - 2)


def test_a_class_of_a_module_linked_in_from_outside_has_no_builtin_methods(
    tmp_path: Path,
) -> None:
    # The class itself is not this code's (GriffeSource.find answers None for it), and its
    # dict methods were documented all the same.
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "ext.py").write_text('class Ext(dict):\n    """Outside."""\n', "utf-8")
    project = tmp_path / "project"
    (project / "pkg").mkdir(parents=True)
    (project / "pkg" / "__init__.py").write_text('"""P."""\n', encoding="utf-8")
    (project / "pkg" / "ext.py").symlink_to(outside / "ext.py")
    source = GriffeSource(project, ApiSettings(), str(project))
    assert source.find("pkg.ext.Ext") is None
    assert source.find("pkg.ext.Ext.get") is None
    assert source.find("pkg.ext.Ext.keys") is None
    # The same class inside the project has them.
    (project / "pkg" / "ext.py").unlink()
    (project / "pkg" / "ext.py").write_text('class Ext(dict):\n    """Inside."""\n', "utf-8")
    inside = GriffeSource(project, ApiSettings(), str(project))
    assert inside.find("pkg.ext.Ext.get") is not None


def test_a_default_s_address_is_left_out_of_the_signature(tmp_path: Path) -> None:
    # tomlkit 0.15.3's TOMLDocument.pop is MutableMapping.pop, whose default is a marker
    # object: its repr's address differed between two builds of the same inputs.
    source = _source(tmp_path)
    pop = source.find("sorteds.Store.pop")
    assert pop is not None and pop.signature == "pop(key, default=<object object>)"


def test_a_method_overriding_a_built_in_one_without_a_docstring_has_its_docstring(
    tmp_path: Path,
) -> None:
    # pymongo 3.11.0's bson.son.SON(dict) (Debian python-pymongo-doc, api/bson/son.html):
    # its get, keys, clear, copy, ... have no docstring, and autodoc shows dict's, as
    # inspect.getdoc finds them; ':members:' left all ten out as undocumented.
    from builder.parsers import parse_file

    (tmp_path / "son").mkdir()
    (tmp_path / "son" / "__init__.py").write_text(
        "class SON(dict):\n"
        '    """Ordered data."""\n\n'
        "    def __init__(self, data=None):\n"
        "        pass\n\n"
        "    def get(self, key, default=None):\n"
        "        return default\n\n"
        "    def extra(self):\n"
        "        return 2\n",
        encoding="utf-8",
    )
    source = GriffeSource(tmp_path, ApiSettings(), ".")
    parsed = parse_file("son.rst", "Son\n===\n\n.. automodule:: son\n   :members:\n", source)
    assert parsed is not None
    assert [(s.heading, s.body) for s in parsed.sections[1:]] == [
        # Its __init__ has no text from dict's ("Initialize self..."): the class's stays.
        ("son.SON", "`SON(data=None)`\n\nOrdered data."),
        (
            "son.SON.get",
            "`get(key, default=None)`\n\n"
            + "Return the value for key if key is in the dictionary, else default.",
        ),
    ]


def test_a_method_overriding_a_standard_library_base_s_has_its_docstring(tmp_path: Path) -> None:
    # testtools 2.5.0's TestCase(unittest.TestCase) and TestResult(unittest.TestResult)
    # (Debian python-testtools-doc, api.html): setUp, tearDown, shortDescription, startTest,
    # stopTest, ... override unittest's without a docstring; autodoc shows unittest's.
    from builder.parsers import parse_file

    (tmp_path / "checks").mkdir()
    (tmp_path / "checks" / "__init__.py").write_text(
        "import logging\nimport unittest\n\n\n"
        "class TestCase(unittest.TestCase):\n"
        '    """Extensions to the basic TestCase."""\n\n'
        "    def setUp(self):\n"
        "        super().setUp()\n\n\n"
        "class Handler(logging.Handler):\n"
        '    """A handler."""\n\n'
        "    def emit(self, record):\n"
        "        pass\n",
        encoding="utf-8",
    )
    source = GriffeSource(tmp_path, ApiSettings(), ".")
    parsed = parse_file("c.rst", "C\n=\n\n.. automodule:: checks\n   :members:\n", source)
    assert parsed is not None
    bodies = {s.heading: s.body for s in parsed.sections[1:]}
    assert bodies["checks.TestCase.setUp"] == (
        "`setUp()`\n\nHook method for setting up the test fixture before exercising it."
    )
    assert bodies["checks.Handler.emit"].startswith(
        "`emit(record)`\n\nDo whatever it takes to actually log the specified logging record."
    )


def test_inherited_members_list_the_methods_of_a_built_in_base(tmp_path: Path) -> None:
    # xsdata 22.12 (Debian python-xsdata-doc), autosummary's class pages with ':members:' and
    # ':inherited-members:': XmlHexBinary(bytes) lists bytes' decode, hex, ...; XmlDate
    # (NamedTuple) tuple's count and index. Only the class's own members were listed.
    from builder.api.options import autodoc_options, mkdocstrings_options
    from builder.api.render import select_members
    from builder.parsers import parse_file

    (tmp_path / "kinds").mkdir()
    (tmp_path / "kinds" / "__init__.py").write_text(
        "from typing import NamedTuple\n\n\n"
        "class Hex(bytes):\n"
        '    """Base16 bytes."""\n\n'
        "    def hex(self):\n"
        '        """The project\'s own."""\n\n\n'
        "class Date(NamedTuple):\n"
        '    """A date."""\n\n'
        "    year: int\n",
        encoding="utf-8",
    )
    source = GriffeSource(tmp_path, ApiSettings(), ".")
    text = (
        "K\n=\n\n.. autoclass:: kinds.Hex\n   :members:\n   :inherited-members:\n"
        "   :member-order: bysource\n"
    )
    parsed = parse_file("k.rst", text, source)
    assert parsed is not None
    bodies = {s.heading: s.body for s in parsed.sections[1:]}
    assert bodies["kinds.Hex.hex"] == "`hex()`\n\nThe project's own."  # its own, first
    assert bodies["kinds.Hex.decode"].startswith(
        "`decode(encoding='utf-8', errors='strict')`\n\nDecode the bytes"
    )
    assert "kinds.Hex.__add__" not in bodies  # no :special-members:
    # By source: the class's own, then the built-in's in name order, as autodoc sorts
    # the members the source does not place.
    headings = [s.heading for s in parsed.sections[2:]]
    assert headings[:3] == ["kinds.Hex.hex", "kinds.Hex.capitalize", "kinds.Hex.center"]
    date = source.find("kinds.Date", inherited=True)
    assert date is not None
    names = [member.name for member in date.members]
    assert {"count", "index", "__getitem__"} <= set(names)
    # autodoc imports the class; mkdocstrings reads griffe's, which has no built-in type's.
    shown = select_members(
        date, autodoc_options((("members", ""), ("inherited-members", "")), ApiSettings())
    )
    assert {"count", "index"} <= {member.name for member in shown}
    # ':inherited-members: tuple' stops at tuple, as autodoc's lookup does.
    stopped = autodoc_options((("members", ""), ("inherited-members", "tuple")), ApiSettings())
    assert not {"count", "index"} & {member.name for member in select_members(date, stopped)}
    griffe_shown = select_members(date, mkdocstrings_options({"inherited_members": True}))
    assert not {"count", "index"} & {member.name for member in griffe_shown}


def test_a_standard_library_base_the_project_imports_again_is_followed(tmp_path: Path) -> None:
    # WebOb 1.8.6: 'from webob.compat import MutableMapping', which compat imports from
    # collections.abc; griffe resolves no alias into a module it has not loaded, and
    # MultiDict's clear read as undocumented where autodoc shows MutableMapping's.
    (tmp_path / "web").mkdir()
    (tmp_path / "web" / "__init__.py").write_text('"""Web."""\n', encoding="utf-8")
    (tmp_path / "web" / "compat.py").write_text(
        "from collections.abc import MutableMapping\n", encoding="utf-8"
    )
    (tmp_path / "web" / "multi.py").write_text(
        "from web.compat import MutableMapping\n\n\n"
        "class MultiDict(MutableMapping):\n"
        '    """Many values a key."""\n\n'
        "    def clear(self):\n"
        "        pass\n",
        encoding="utf-8",
    )
    source = GriffeSource(tmp_path, ApiSettings(), ".")
    clear = source.find("web.multi.MultiDict.clear")
    assert clear is not None and clear.doc[0].text.startswith("D.clear() -> None.")
    popitem = source.find("web.multi.MultiDict.popitem")  # inherited, not the project's
    assert popitem is not None and popitem.doc[0].text.startswith("D.popitem()")


def test_a_time_zone_s_overrides_have_tzinfo_s_docstrings(tmp_path: Path) -> None:
    # pymongo 3.11.0's bson.tz_util.FixedOffset(tzinfo) (Debian python-pymongo-doc,
    # api/bson/tz_util.html): utcoffset, tzname and dst have no docstring; autodoc shows
    # tzinfo's, and ':members:' left the three out.
    (tmp_path / "zones").mkdir()
    (tmp_path / "zones" / "__init__.py").write_text(
        "from datetime import timedelta, tzinfo\n\n\n"
        "class FixedOffset(tzinfo):\n"
        '    """Fixed offset in minutes east from UTC."""\n\n'
        "    def utcoffset(self, dt):\n"
        "        return timedelta(0)\n",
        encoding="utf-8",
    )
    source = GriffeSource(tmp_path, ApiSettings(), ".")
    offset = source.find("zones.FixedOffset.utcoffset")
    assert offset is not None
    assert offset.doc[0].text.startswith("datetime -> timedelta")


def test_an_enum_lists_none_of_enum_s_methods(tmp_path: Path) -> None:
    # xsdata 22.12's DocstringStyle(Enum) under ':inherited-members:': Enum's 'name' and
    # 'value' raise on the class, and the whole class read as not found; Python's dir() of
    # an enum class leaves Enum's methods out, and autodoc lists none of them.
    (tmp_path / "styles").mkdir()
    (tmp_path / "styles" / "__init__.py").write_text(
        "from enum import Enum, IntEnum\n\n\n"
        "class Style(Enum):\n"
        '    """Docstring styles."""\n\n'
        '    RST = "reStructuredText"\n\n\n'
        "class Level(IntEnum):\n"
        '    """Levels."""\n\n'
        "    LOW = 1\n",
        encoding="utf-8",
    )
    source = GriffeSource(tmp_path, ApiSettings(), ".")
    style = source.find("styles.Style", inherited=True)
    assert style is not None and style.doc[0].text == "Docstring styles."
    assert not {"name", "value", "__format__"} & {member.name for member in style.members}
    level = source.find("styles.Level", inherited=True)  # int's methods, as dir() has them
    assert level is not None and "bit_length" in {member.name for member in level.members}


def test_an_executor_s_override_has_concurrent_futures_docstring(tmp_path: Path) -> None:
    # futurist 2.4.1 (Debian python-futurist-doc, reference/index.html): ThreadPoolExecutor,
    # SynchronousExecutor and GreenThreadPoolExecutor (bases concurrent.futures.Executor, by
    # "from concurrent import futures as _futures") override shutdown without a docstring;
    # autodoc shows Executor's, and ":members:" left them out as undocumented.
    from builder.parsers import parse_file

    (tmp_path / "pools").mkdir()
    (tmp_path / "pools" / "__init__.py").write_text(
        "from concurrent import futures as _futures\n\n\n"
        "class ThreadPoolExecutor(_futures.Executor):\n"
        '    """Runs calls in threads."""\n\n'
        "    def shutdown(self, wait=True):\n"
        "        pass\n",
        encoding="utf-8",
    )
    source = GriffeSource(tmp_path, ApiSettings(), ".")
    parsed = parse_file("p.rst", "P\n=\n\n.. automodule:: pools\n   :members:\n", source)
    assert parsed is not None
    bodies = {s.heading: s.body for s in parsed.sections[1:]}
    assert bodies["pools.ThreadPoolExecutor.shutdown"].startswith(
        "`shutdown(wait=True)`\n\nClean-up the resources associated with the Executor."
    )
