"""builder.api.sibling_wildcards: a wildcard import from another package of the code's folder
brings its names, whichever package was loaded first."""

from __future__ import annotations

from pathlib import Path

from builder.api.code import GriffeSource
from builder.api.model import ApiSettings
from builder.api.sibling_wildcards import wildcard_packages
from builder.parsers import parse_file


def _write(root: Path, files: dict[str, str]) -> None:
    for relpath, text in files.items():
        (root / relpath).parent.mkdir(parents=True, exist_ok=True)
        (root / relpath).write_text(text, encoding="utf-8")


# pyodide 314.0.5's layout: pyodide/ffi/__init__.py does "from _pyodide._core_docs import *"
# and lists the names in __all__; _pyodide is a package beside pyodide in src/py.
FILES = {
    "_impl/__init__.py": "",
    "_impl/docs.py": (
        "class JsProxy:\n"
        '    """A proxy of a JavaScript object."""\n\n'
        "    def destroy(self) -> None:\n"
        '        """Destroy the proxy."""\n\n\n'
        "def to_js(obj: object) -> JsProxy:\n"
        '    """Convert a Python object to JavaScript."""\n'
    ),
    "public/__init__.py": '"""The public package."""\n',
    "public/ffi/__init__.py": (
        "from _impl.docs import *\n\n"
        "IN_BROWSER = False\n\n"
        "__all__ = ['JsProxy', 'to_js', 'IN_BROWSER']\n"
    ),
}


def test_a_wildcard_from_a_package_loaded_later_brings_its_names(tmp_path: Path) -> None:
    # "automodule:: pyodide.ffi" with :members: listed none of JsProxy, to_js and the rest of
    # pyodide.ffi's 34 names (219 objects in all, 124 before): griffe expands a wildcard
    # import only when its package is loaded already, and _pyodide was not.
    _write(tmp_path, FILES)
    source = GriffeSource(tmp_path, ApiSettings(), "the code", packages=("_impl", "public"))
    text = "FFI\n===\n\n.. automodule:: public.ffi\n   :members:\n"
    parsed = parse_file("ffi.rst", text, source)
    assert parsed is not None
    assert [(s.heading, s.body) for s in parsed.sections[1:]] == [
        ("public.ffi.JsProxy", "`JsProxy()`\n\nA proxy of a JavaScript object."),
        ("public.ffi.JsProxy.destroy", "`destroy() -> None`\n\nDestroy the proxy."),
        (
            "public.ffi.to_js",
            "`to_js(obj: object) -> JsProxy`\n\nConvert a Python object to JavaScript.",
        ),
    ]


def test_the_packages_wildcards_name_are_those_of_other_packages(tmp_path: Path) -> None:
    import griffe

    _write(tmp_path, {**FILES, "public/own.py": "from public.ffi import *\n"})
    _write(tmp_path, {"public/more.py": "from os.path import *\n"})
    loader = griffe.GriffeLoader(search_paths=[str(tmp_path)], allow_inspection=False)
    assert wildcard_packages(loader.load("public")) == ("_impl", "os")
