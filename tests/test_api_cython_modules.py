"""A Cython module with no Python of its own, read as the Python its ``.pyx`` declares."""

from __future__ import annotations

import os
from pathlib import Path

from builder.api.code import GriffeSource
from builder.api.cython_modules import python_of_cython, python_with_includes
from builder.api.model import ApiSettings

# After numcodecs 0.12.1's lz4.pyx and blosc.pyx.
PYX = '''\
# cython: embedsignature=True
"""Fast codecs."""
from cpython.buffer cimport PyBUF_ANY_CONTIGUOUS
from .abc import Codec


cdef extern from "lz4.h":
    int LZ4_compressBound(int inputSize) nogil

DEFAULT_ACCELERATION = 1


cdef int _check(int value) except -1:
    """C's alone."""
    return value


def compress(source, int acceleration=DEFAULT_ACCELERATION,
             object dest not None=None, *args, **kwargs):
    """Compress data."""
    cdef:
        char *source_ptr
    def helper():
        """A closure, not the module's."""
    return source


cdef class Fast(Codec):
    """Codec providing compression."""

    codec_id = 'fast'
    cdef public int level

    property size:
        def __get__(self):
            return self.level

    def encode(self, buf):
        return buf

    cpdef bytes decode(self, const unsigned char[:] buf, out=None):
        """Decode data."""
        return b""

    @staticmethod
    def from_config(config):
        """Make one."""
'''


def test_a_pyx_is_read_as_the_python_it_declares_line_for_line() -> None:
    code = python_of_cython(PYX)
    assert code is not None
    written = [(number, line) for number, line in enumerate(code.split("\n"), 1) if line]
    assert written == [
        (2, "'Fast codecs.'"),
        (4, "from .abc import Codec"),
        (10, "DEFAULT_ACCELERATION = 1"),
        (
            18,
            "def compress(source, acceleration=DEFAULT_ACCELERATION, dest=None, *args, **kwargs):",
        ),
        (20, "    'Compress data.'"),
        (28, "class Fast(Codec):"),
        (29, "    'Codec providing compression.'"),
        (31, "    codec_id = 'fast'"),
        (38, "    def encode(self, buf):"),
        # The file's embedsignature directive: the signature is its docstring.
        (39, "        'encode(self, buf)'"),
        (41, "    def decode(self, buf, out=None):"),
        (42, "        'Decode data.'"),
        (45, "    @staticmethod"),
        (46, "    def from_config(config):"),
        (47, "        'Make one.'"),
    ]


def test_a_pyx_module_without_python_is_found_with_its_docstrings(tmp_path: Path) -> None:
    # numcodecs 0.12.1's lz4, blosc, zstd and vlen exist only as .pyx: '.. automodule::
    # numcodecs.lz4' and each autoclass and autofunction under it were "not found in the
    # code", where Sphinx documents the compiled module.
    package = tmp_path / "squash"
    package.mkdir()
    (package / "__init__.py").write_text("from squash.fast import Fast\n", encoding="utf-8")
    (package / "abc.py").write_text(
        'class Codec:\n    """Base."""\n\n    def get_config(self):\n'
        '        """Return the configuration."""\n',
        encoding="utf-8",
    )
    (package / "fast.pyx").write_text(PYX, encoding="utf-8")
    source = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))

    def read(path: str, inherited: bool = False) -> tuple[str, str, str, int]:
        found = source.find(path, inherited=inherited)
        assert found is not None
        return found.kind, found.signature, found.doc[0].text if found.doc else "", found.line

    assert read("squash.fast")[0::2] == ("module", "Fast codecs.")
    assert read("squash.fast.compress") == (
        "function",
        "compress(source, acceleration=DEFAULT_ACCELERATION, dest=None, *args, **kwargs)",
        "Compress data.",
        18,
    )
    assert read("squash.fast.Fast.decode")[1:] == ("decode(buf, out=None)", "Decode data.", 41)
    assert read("squash.fast.Fast.from_config")[1] == "from_config(config)"  # static
    assert read("squash.Fast")[2] == "Codec providing compression."  # re-exported
    # A method the class inherits from its Python base, as autodoc finds it on the class.
    assert read("squash.fast.Fast.get_config", inherited=True)[2] == "Return the configuration."
    assert source.find("squash.fast._check") is None
    assert source.find("squash.fast.helper") is None


def test_a_pyx_parameter_with_a_python_annotation_keeps_its_name(tmp_path: Path) -> None:
    # ezdxf's acc/vector.pyx: 'def list(items: Iterable[UVec]) -> List[Vec2]:' read as
    # 'list(*args, **kwargs)', as if its parameters could not be told.
    package = tmp_path / "geometry"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "vector.pyx").write_text(
        "cdef class Vec2:\n"
        "    def list(items: Iterable[UVec], int count: int = 2) -> List[Vec2]:\n"
        '        """Vectors."""\n'
        "    def __getitem__(self, tuple index: Tuple[int, int]) -> float:\n"
        '        """A cell."""\n',
        encoding="utf-8",
    )
    source = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    found = source.find("geometry.vector.Vec2.list")
    assert found is not None
    assert found.signature == "list(items: Iterable[UVec], count: int = 2) -> List[Vec2]"
    item = source.find("geometry.vector.Vec2.__getitem__")
    assert item is not None
    assert item.signature == "__getitem__(index: Tuple[int, int]) -> float"


# A string's brackets, commas and '#' are no code, nor are the lines a string or a call goes on
# over (after lxml 6.2.1's etree.pyx, and a template's text).
PYX_WITH_STRINGS = '''\
cdef object _find_invalid = re.compile(
    ur"[^\\x20a-zA-Z0-9'()+,./:=?;!*#@$_%-]+").search

def loadtxt(fname, comments='#', delimiter=",", quote="(", *, skip=0):
    """Load text."""

TEMPLATE = """
def not_the_modules(x):
    pass
"""

cdef class _Element:
    """Element class."""
    table = dict(
        alpha=1,
    )
    @cython.boundscheck(
        False)
    def tag(self):
        """The tag."""
'''


def test_a_pyx_string_or_continuation_line_is_not_read_as_code() -> None:
    code = python_of_cython(PYX_WITH_STRINGS)
    assert code is not None
    written = [(number, line) for number, line in enumerate(code.split("\n"), 1) if line]
    assert written == [
        (4, """def loadtxt(fname, comments='#', delimiter=",", quote="(", *, skip=0):"""),
        (5, "    'Load text.'"),
        (7, "..."),
        (12, "class _Element:"),
        (13, "    'Element class.'"),
        (14, "    ..."),
        (19, "    def tag(self):"),
        (20, "        'The tag.'"),
    ]


def test_a_pyx_property_with_a_setter_stays_a_property(tmp_path: Path) -> None:
    # selectolax's lexbor.pyx and ezdxf's acc/matrix44.pyx: '@x.setter' over a second
    # 'def x' was dropped, so the setter replaced the property and 'x' read as a method 'x()'.
    package = tmp_path / "shapes"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "box.pyx").write_text(
        "# cython: embedsignature=True\n"
        "cdef class Box:\n"
        "    @property\n"
        "    def width(self):\n"
        '        """The width."""\n'
        "    @width.setter\n"
        "    def width(self, value):\n"
        "        self._width = value\n",
        encoding="utf-8",
    )
    found = GriffeSource(tmp_path, ApiSettings(), str(tmp_path)).find("shapes.box.Box.width")
    assert found is not None
    assert (found.kind, found.signature, found.doc[0].text) == ("attribute", "width", "The width.")


def test_the_pxi_files_a_pyx_includes_are_read_as_its_module(tmp_path: Path) -> None:
    # lxml 6.2.1's etree.pyx splices in 26 .pxi files with 'include "parser.pxi"' ...:
    # XMLParser, XPath, XSLT, iterparse and 88 more of its 131 public names were not found.
    package = tmp_path / "tree"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "etree.pyx").write_text(
        '# cython: embedsignature=True\n"""Trees."""\n\ninclude "parser.pxi"  # parsers\n\n'
        'include "missing.pxi"\n\ndef parse(source):\n    """Parse it."""\n',
        encoding="utf-8",
    )
    (package / "parser.pxi").write_text(
        "# A comment.\ncdef class XMLParser:\n"
        '    """An XML parser."""\n    def feed(self, data):\n        pass\n',
        encoding="utf-8",
    )
    source = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    parser = source.find("tree.etree.XMLParser")
    feed = source.find("tree.etree.XMLParser.feed")
    parse = source.find("tree.etree.parse")
    assert parser is not None and feed is not None and parse is not None
    assert (parser.kind, parser.doc[0].text) == ("class", "An XML parser.")
    # The including module's embedsignature holds for the included file's functions too.
    assert (feed.kind, feed.doc[0].text) == ("function", "feed(self, data)")
    assert parse.doc[0].text == "Parse it."


def test_an_include_that_links_out_of_its_folder_or_is_no_file_is_not_read(
    tmp_path: Path,
) -> None:
    # A .pxi that is a link to a file outside the module's folder is none of its source; a
    # FIFO (or a link to /dev/zero) reports size 0 and its read blocks or never ends.
    outside = tmp_path / "outside.py"
    outside.write_text("def secret():\n    pass\n", encoding="utf-8")
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "m.pyx").write_text(
        'include "linked.pxi"\ninclude "fifo.pxi"\n\ndef own():\n    pass\n', encoding="utf-8"
    )
    (package / "linked.pxi").symlink_to(outside)
    code = python_with_includes(package / "m.pyx")
    assert code is not None and "def own" in code and "secret" not in code
    os.mkfifo(package / "fifo.pxi")
    assert python_with_includes(package / "m.pyx") == code
