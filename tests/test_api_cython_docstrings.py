"""The docstrings of a Cython module, read from its ``.pyx`` for the fallback beside it."""

from __future__ import annotations

from pathlib import Path

from builder.api.code import GriffeSource
from builder.api.cython_docstrings import read_docstrings
from builder.api.model import ApiSettings

# After msgpack 1.1.0's _unpacker.pyx.
PYX = '''\
cdef class Unpacker:
    """Streaming unpacker."""
    cdef object file_like

    def __init__(self, file_like=None, *, Py_ssize_t read_size=0,
                 bint use_list=True):
        self.file_like = file_like

    cdef read_from_file(self):
        """C's alone."""

    def feed(self, object next_bytes):
        """Append `next_bytes` to internal buffer."""
        cdef Py_buffer pybuff

    cpdef Py_ssize_t tell(self) except -1:

        r"""Returns the current position
        in bytes."""
        return 0

    def skip(self):
        return None

def unpackb(object packed, *, object object_hook=None):
    \'\'\'Unpack packed_bytes to object.\'\'\'
'''


def test_the_docstrings_of_defs_classes_and_cpdefs_are_read_by_name() -> None:
    assert read_docstrings(PYX) == {
        "Unpacker": "Streaming unpacker.",
        "Unpacker.feed": "Append `next_bytes` to internal buffer.",
        "Unpacker.tell": "Returns the current position\n        in bytes.",
        "unpackb": "Unpack packed_bytes to object.",
    }


def test_a_fallback_s_undocumented_members_take_the_cython_module_s_docstrings(
    tmp_path: Path,
) -> None:
    # msgpack 1.1.0 imports _cmsgpack (built from .pyx), else fallback.py, whose Unpacker
    # methods have no docstrings: its 7 documented methods were missing from its page.
    package = tmp_path / "fastpack"
    package.mkdir()
    (package / "_unpacker.pyx").write_text(PYX, encoding="utf-8")
    (package / "__init__.py").write_text(
        "try:\n    from ._cfast import Unpacker\n"
        "except ImportError:\n    from .fallback import Unpacker\n",
        encoding="utf-8",
    )
    (package / "fallback.py").write_text(
        "class Unpacker:\n"
        '    """The fallback\'s own."""\n\n'
        "    def feed(self, next_bytes):\n        pass\n\n"
        "    def skip(self):\n        pass\n",
        encoding="utf-8",
    )
    source = GriffeSource(tmp_path, ApiSettings(), "src")
    unpacker = source.find("fastpack.Unpacker")
    assert unpacker is not None and unpacker.doc[0].text == "The fallback's own."
    feed, skip = source.find("fastpack.Unpacker.feed"), source.find("fastpack.Unpacker.skip")
    assert feed is not None and feed.doc[0].text == "Append `next_bytes` to internal buffer."
    assert skip is not None and skip.doc == ()


def test_a_definition_with_its_body_on_its_line_has_no_docstring() -> None:
    # Cython properties are often written 'def __get__(self): return self.num': the line has
    # no colon at its end, so the next line that had one ('class Plain:') was taken for its
    # header, Plain's docstring for __get__'s, and Plain's methods for Packer's.
    code = (
        "cdef class Packer:\n"
        '    """Packer doc."""\n'
        "    property size:\n"
        "        def __get__(self): return len(self.buffer)\n"
        "class Plain:\n"
        '    """Plain doc."""\n'
        "    def meth(self):\n"
        '        """Meth doc."""\n'
    )
    assert read_docstrings(code) == {
        "Packer": "Packer doc.",
        "Plain": "Plain doc.",
        "Plain.meth": "Meth doc.",
    }
