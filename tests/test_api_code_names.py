"""builder.api.code: objects reached through another name (class attributes, assignments,
imports under another name, a sibling package's re-exports)."""

from __future__ import annotations

from pathlib import Path

from builder.api.code import GriffeSource
from builder.api.model import ApiSettings
from tests.api_support import package_source


def test_a_class_attribute_naming_another_classs_method_is_that_method(tmp_path: Path) -> None:
    # sounddevice 0.5.6's RawInputStream: "read = _InputStreamBase._raw_read", which autodoc
    # documents as the method it names; it showed the assignment alone.
    (tmp_path / "streams").mkdir()
    (tmp_path / "streams" / "__init__.py").write_text(
        "class _Base:\n"
        "    def _raw_read(self, frames: int) -> bytes:\n"
        '        """Read frames from the stream."""\n\n\n'
        "class Raw(_Base):\n    read = _Base._raw_read\n",
        encoding="utf-8",
    )
    read = package_source(tmp_path).find("streams.Raw.read")
    assert read is not None
    assert (read.kind, read.signature) == ("function", "read(frames: int) -> bytes")
    assert read.doc[0].text == "Read frames from the stream."


def test_a_class_attribute_naming_a_function_by_its_module_is_that_function(
    tmp_path: Path,
) -> None:
    # h5netcdf 1.1.0's legacyapi.Group: "createGroup = core.Group.create_group", which
    # autodoc documents as the method it names; it showed the assignment alone.
    (tmp_path / "nc").mkdir()
    (tmp_path / "nc" / "core.py").write_text(
        "class Group:\n"
        "    def create_group(self, name: str) -> None:\n"
        '        """Create a group."""\n\n\n'
        "def _read(self, size: int) -> bytes:\n"
        '    """Read bytes."""\n',
        encoding="utf-8",
    )
    (tmp_path / "nc" / "legacy.py").write_text(
        "from nc import core\n\n\nclass Group(core.Group):\n"
        "    createGroup = core.Group.create_group\n    read = core._read\n",
        encoding="utf-8",
    )
    source = package_source(tmp_path)
    found = {}
    for name in ("createGroup", "read"):
        record = source.find(f"nc.legacy.Group.{name}")
        assert record is not None
        found[name] = (record.kind, record.signature, record.doc[0].text)
    assert found == {
        "createGroup": ("function", "createGroup(name: str) -> None", "Create a group."),
        "read": ("function", "read(size: int) -> bytes", "Read bytes."),
    }


def test_names_a_package_re_exports_from_a_sibling_package_are_found(tmp_path: Path) -> None:
    # griffe's layout: the public package imports everything from a private one beside it.
    (tmp_path / "_impl").mkdir()
    (tmp_path / "_impl" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "_impl" / "core.py").write_text(
        'def visit(path: str) -> int:\n    """Visit a file."""\n    return 0\n\n\n'
        'class Loader:\n    """Load packages."""\n\n'
        '    def load(self, name: str) -> None:\n        """Load one package."""\n',
        encoding="utf-8",
    )
    (tmp_path / "public").mkdir()
    (tmp_path / "public" / "__init__.py").write_text(
        "from _impl.core import Loader, visit\n\n__all__ = ['Loader', 'visit']\n",
        encoding="utf-8",
    )
    source = package_source(tmp_path)
    visit = source.find("public.visit")
    assert visit is not None
    assert (visit.signature, visit.doc[0].text) == ("visit(path: str) -> int", "Visit a file.")
    load = source.find("public.Loader.load")
    assert load is not None and load.doc[0].text == "Load one package."
    assert source.find("public.missing") is None


def test_a_package_whose_stubs_re_export_a_sibling_package_loads(tmp_path: Path) -> None:
    # attrs' layout: attrs re-exports attr's names, and its __init__.pyi too; griffe follows
    # those aliases while merging the stubs, so attr must be loaded first.
    (tmp_path / "attr").mkdir()
    (tmp_path / "attr" / "__init__.py").write_text(
        'def define(x):\n    """Define a class."""\n', encoding="utf-8"
    )
    (tmp_path / "attrs").mkdir()
    (tmp_path / "attrs" / "__init__.py").write_text("from attr import define\n", encoding="utf-8")
    (tmp_path / "attrs" / "__init__.pyi").write_text(
        "from typing import overload\nfrom attr import define as define\n\n"
        "@overload\ndef define(x: int) -> int: ...\n@overload\ndef define(x: str) -> str: ...\n",
        encoding="utf-8",
    )
    define = package_source(tmp_path).find("attrs.define")
    assert define is not None and define.doc[0].text == "Define a class."


def test_an_undocumented_name_for_a_function_is_documented_as_that_function(
    tmp_path: Path,
) -> None:
    # more-itertools 11.2.1's stubs write `batched = _batched`, which read as the attribute
    # '`batched = _batched`'; autodoc imports the function, its signature and docstring.
    (tmp_path / "recipes").mkdir()
    (tmp_path / "recipes" / "__init__.py").write_text(
        "def _batched(iterable, n, *, strict=False):\n"
        '    """Batch data into tuples of length *n*."""\n\n\n'
        "batched = _batched\n"
        "#: Documented on its own.\n"
        "chunks = _batched\n"
        "limit = len\n\n\n"
        "class Base:\n"
        '    """A base."""\n\n\n'
        "Alias = Base\n",
        encoding="utf-8",
    )
    # cattrs.cols re-exports cattrs.gen's name for a function under a name of its own.
    (tmp_path / "recipes" / "cols.py").write_text(
        "from recipes import batched as grouped\n", encoding="utf-8"
    )
    source = package_source(tmp_path)
    grouped = source.find("recipes.cols.grouped")
    assert grouped is not None and grouped.signature == "grouped(iterable, n, *, strict=False)"
    batched = source.find("recipes.batched")
    assert batched is not None
    assert (batched.kind, batched.signature) == (
        "function",
        "batched(iterable, n, *, strict=False)",
    )
    assert batched.doc[0].text == "Batch data into tuples of length *n*."
    chunks, limit = source.find("recipes.chunks"), source.find("recipes.limit")
    assert chunks is not None and chunks.kind == "attribute"
    assert chunks.doc[0].text == "Documented on its own."
    assert limit is not None and limit.kind == "attribute"
    alias = source.find("recipes.Alias")  # autodoc: "alias of Base"
    assert alias is not None and (alias.kind, alias.signature) == ("attribute", "Alias = Base")


def test_a_function_imported_under_another_name_is_signed_with_that_name(tmp_path: Path) -> None:
    # cattrs.cols writes 'from ._compat import is_mutable_set as is_set' and lists is_set in
    # __all__: autodoc documents 'is_set(type)', the page said 'is_mutable_set(type: Any)'.
    (tmp_path / "kinds").mkdir()
    (tmp_path / "kinds" / "_compat.py").write_text(
        'def is_mutable_set(type) -> bool:\n    """A predicate for sets."""\n', encoding="utf-8"
    )
    (tmp_path / "kinds" / "__init__.py").write_text(
        'from ._compat import is_mutable_set as is_set\n\n__all__ = ["is_set"]\n',
        encoding="utf-8",
    )
    source = package_source(tmp_path)
    found = source.find("kinds.is_set")
    assert found is not None and found.signature == "is_set(type) -> bool"
    assert found.doc[0].text == "A predicate for sets."


def test_an_undocumented_name_for_a_method_of_an_instance_is_documented_as_that_method(
    tmp_path: Path,
) -> None:
    # cattrs writes `structure = global_converter.structure` (global_converter = Converter()):
    # autodoc imports a bound method and shows its signature, without self, and docstring.
    (tmp_path / "hooks").mkdir()
    (tmp_path / "hooks" / "__init__.py").write_text(
        "class Base:\n"
        "    def structure(self, obj, cl):\n"
        '        """Convert *obj* to *cl*."""\n\n\n'
        "class Converter(Base):\n"
        '    """A converter."""\n\n'
        "    threshold = 3\n\n\n"
        "converter = Converter()\n"
        "structure = converter.structure\n"
        "threshold = converter.threshold\n"
        "split = str.split\n",
        encoding="utf-8",
    )
    source = package_source(tmp_path)
    structure = source.find("hooks.structure")
    assert structure is not None
    assert (structure.kind, structure.signature) == ("function", "structure(obj, cl)")
    assert structure.doc[0].text == "Convert *obj* to *cl*."
    threshold, split = source.find("hooks.threshold"), source.find("hooks.split")
    assert threshold is not None and threshold.kind == "attribute"
    assert split is not None and split.kind == "attribute"


def test_a_class_a_module_binds_by_assignment_is_looked_up_through_that_name(
    tmp_path: Path,
) -> None:
    # psycopg 3.3 re-exports its classes as `Copy = _copy.Copy` (psycopg/copy.py), then
    # `from .copy import Copy`: autodoc imports psycopg.Copy and finds the class and its methods.
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text(
        "from .copy import Copy, Renamed\n", encoding="utf-8"
    )
    (tmp_path / "pkg" / "_copy.py").write_text(
        "class Copy:\n"
        '    """Manage a COPY operation."""\n\n'
        "    def write_row(self, row: tuple) -> None:\n"
        '        """Write a record."""\n',
        encoding="utf-8",
    )
    (tmp_path / "pkg" / "copy.py").write_text(
        "from . import _copy\n\nCopy = _copy.Copy\nRenamed = _copy.Copy\n", encoding="utf-8"
    )
    source = package_source(tmp_path)
    copy = source.find("pkg.Copy")
    assert copy is not None and copy.kind == "class"
    assert copy.doc[0].text == "Manage a COPY operation."
    assert [m.name for m in copy.members] == ["write_row"]
    write_row = source.find("pkg.Copy.write_row")
    assert write_row is not None and write_row.doc[0].text == "Write a record."
    assert source.find("pkg.Renamed.write_row") is not None
    renamed = source.find("pkg.Renamed")  # autodoc: "alias of Copy"
    assert renamed is not None and renamed.kind == "attribute"
    assert source.find("pkg.Copy.missing") is None


def test_another_name_for_an_undocumented_method_takes_the_base_s_docstring(
    tmp_path: Path,
) -> None:
    # WebOb 1.8.6's NestedMultiDict(MultiDict): 'add = clear = ... = _readonly', a function
    # without a docstring. autodoc's getdoc looks each name up along the bases, as for a
    # method: MultiDict.add's docstring, MutableMapping.clear's through MultiDict's own
    # undocumented clear; ':members:' left all six out as undocumented.
    (tmp_path / "multi").mkdir()
    (tmp_path / "multi" / "__init__.py").write_text(
        "from collections.abc import MutableMapping\n\n\n"
        "class MultiDict(MutableMapping):\n"
        '    """Many values a key."""\n\n'
        "    def add(self, key, value):\n"
        '        """Add the key and value, not overwriting any previous value."""\n\n'
        "    def clear(self):\n"
        "        pass\n\n\n"
        "class Nested(MultiDict):\n"
        '    """Read only."""\n\n'
        "    def _readonly(self, *args, **kw):\n"
        '        raise KeyError("read-only")\n\n'
        "    add = _readonly\n"
        "    clear = _readonly\n"
        "    named = _readonly\n",
        encoding="utf-8",
    )
    source = GriffeSource(tmp_path, ApiSettings(), ".")
    add = source.find("multi.Nested.add")
    assert add is not None and add.signature == "add(*args, **kw)"
    assert add.doc[0].text == "Add the key and value, not overwriting any previous value."
    clear = source.find("multi.Nested.clear")
    assert clear is not None and clear.doc[0].text.startswith("D.clear() -> None.")
    named = source.find("multi.Nested.named")  # no base has the name: nothing to inherit
    assert named is not None and named.doc == ()
    listed = source.find("multi.Nested")
    assert listed is not None
    documented = {member.name for member in listed.members if member.documented}
    assert {"add", "clear"} <= documented and "named" not in documented


def test_another_name_is_looked_up_where_it_is_bound_first(tmp_path: Path) -> None:
    # attrs 22.2.0 (Debian python-attr-doc, api.html): attr/__init__.py and its .pyi stub
    # write 's = attributes = attrs', the stub's attrs only overloads. griffe reads the name
    # in the merged stub, where it named nothing, or once the top-level package 'attrs' was
    # loaded, that package: 'autofunction::
    # attr.s' and 'attr.ib' showed no docstring, 1,600 and 800 words of the page.
    (tmp_path / "deco").mkdir()
    (tmp_path / "deco" / "_make.py").write_text(
        'def attrs(maybe_cls=None):\n    """A class decorator that adds dunder methods."""\n',
        encoding="utf-8",
    )
    (tmp_path / "deco" / "__init__.py").write_text(
        "from ._make import attrs\n\ns = attributes = attrs\n", encoding="utf-8"
    )
    (tmp_path / "deco" / "__init__.pyi").write_text(
        "from typing import Any, overload\n\n"
        "@overload\ndef attrs(maybe_cls: None = ...) -> Any: ...\n"
        "@overload\ndef attrs(maybe_cls: type) -> type: ...\n\n"
        "s = attributes = attrs\n",
        encoding="utf-8",
    )
    (tmp_path / "attrs").mkdir()
    (tmp_path / "attrs" / "__init__.py").write_text(
        '"""The newer namespace."""\n\nfrom deco import s as define\n', encoding="utf-8"
    )
    source = GriffeSource(tmp_path, ApiSettings(), ".")
    assert source.find("attrs") is not None  # the package of the same name, loaded first
    found = source.find("deco.s")
    assert found is not None and found.kind == "function"
    assert found.doc[0].text == "A class decorator that adds dunder methods."
