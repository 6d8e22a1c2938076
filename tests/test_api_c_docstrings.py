"""The docstrings of a compiled extension's objects, read from its C code beside its stubs."""

from __future__ import annotations

from pathlib import Path

from builder.api.c_docstrings import c_docstrings
from builder.api.code import GriffeSource
from builder.api.model import ApiSettings

# After mmh3 5.1.0's mmh3module.c: a static type with designated fields, and a heap type.
C_CODE = r"""
PyDoc_STRVAR(
    hash_doc,
    "hash(key, seed=0) -> int\n"
    "\n"
    "Return a \"hash\" as a 32-bit integer.\n");

PyDoc_STRVAR(Hasher_update_doc, "update(data)\n\nUpdate the state.");

static PyMethodDef Hasher_methods[] = {
    {"update", (PyCFunction)Hasher_update, METH_O,
     Hasher_update_doc},
    {NULL} /* Sentinel */
};

static PyGetSetDef Hasher_getsetters[] = {
    {"digest_size", (getter)Hasher_get_digest_size, NULL,
     "int: Number of bytes in the digest", NULL},
    {NULL}
};

static PyTypeObject HasherType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "fasthash.Hasher",
    .tp_doc = PyDoc_STR("Hasher(data=None)\n\nAn incremental hasher."),
    .tp_methods = Hasher_methods,
    .tp_getset = Hasher_getsetters,
};

static PyMethodDef Stream_methods[] = {
    {"feed", (PyCFunction)(void(*)(void))Stream_feed, METH_FASTCALL,
     PyDoc_STR("Feed bytes.")},
    {NULL, NULL, 0, NULL}
};

static PyType_Slot Stream_slots[] = {
    {Py_tp_doc, (void *)"A stream of hashes."},
    {Py_tp_methods, Stream_methods},
    {0, NULL},
};

static PyType_Spec Stream_spec = {
    .name = "fasthash.Stream",
    .basicsize = sizeof(Stream),
    .slots = Stream_slots,
};

static PyMethodDef module_methods[] = {
    {"hash", (PyCFunction)fasthash_hash, METH_FASTCALL | METH_KEYWORDS, hash_doc},
    {"undocumented", (PyCFunction)undocumented, METH_NOARGS, NULL},
    {NULL, NULL, 0, NULL}
};
"""

STUB = """\
class Hasher:
    def __init__(self, data: bytes | None = None) -> None: ...
    def update(self, data: bytes) -> None: ...
    @property
    def digest_size(self) -> int: ...

class Stream:
    def feed(self, data: bytes) -> None: ...
    def flush(self) -> None:
        \"\"\"The stub's own docstring.\"\"\"

def hash(key: bytes, seed: int = 0) -> int: ...
def undocumented() -> None: ...
"""


def test_the_docstrings_a_c_file_declares_are_read_by_name(tmp_path: Path) -> None:
    (tmp_path / "fasthashmodule.c").write_text(C_CODE, encoding="utf-8")
    assert c_docstrings(tmp_path) == {
        "hash": 'hash(key, seed=0) -> int\n\nReturn a "hash" as a 32-bit integer.\n',
        "Hasher": "Hasher(data=None)\n\nAn incremental hasher.",
        "Hasher.update": "update(data)\n\nUpdate the state.",
        "Hasher.digest_size": "int: Number of bytes in the digest",
        "Stream": "A stream of hashes.",
        "Stream.feed": "Feed bytes.",
    }


def test_a_stub_s_objects_take_the_docstrings_of_the_c_code_beside_it(tmp_path: Path) -> None:
    # mmh3 5.1.0: 25 objects typed in __init__.pyi, documented only in mmh3module.c.
    package = tmp_path / "fasthash"
    package.mkdir()
    (package / "fasthashmodule.c").write_text(C_CODE, encoding="utf-8")
    (package / "__init__.pyi").write_text(STUB, encoding="utf-8")
    source = GriffeSource(tmp_path, ApiSettings(docstring_signature=True), "src")
    hashed = source.find("fasthash.hash")
    assert hashed is not None
    # The docstring's first line is the signature Sphinx shows, as for any such docstring.
    assert hashed.signature == "hash(key, seed=0) -> int"
    assert [part.text for part in hashed.doc] == ['Return a "hash" as a 32-bit integer.']
    hasher = source.find("fasthash.Hasher")
    assert hasher is not None and hasher.signature == "Hasher(data=None)"
    update = source.find("fasthash.Hasher.update")
    assert update is not None and update.doc[0].text == "Update the state."
    size = source.find("fasthash.Hasher.digest_size")
    assert size is not None and "Number of bytes" in size.doc[0].text
    feed, flush = source.find("fasthash.Stream.feed"), source.find("fasthash.Stream.flush")
    assert feed is not None and feed.doc[0].text == "Feed bytes."
    assert flush is not None and flush.doc[0].text == "The stub's own docstring."
    undocumented = source.find("fasthash.undocumented")
    assert undocumented is not None and undocumented.doc == ()


def test_a_literal_run_on_with_a_backslash_is_read_whole(tmp_path: Path) -> None:
    # bitarray 3.12.3's _bitarray.c writes every docstring this way: 8 of its 50 were read.
    code = (
        "PyDoc_STRVAR(all_doc,\n"
        '"all() -> bool\\n\\\n\\n\\\nReturn `True` when all bits are 1.\\n\\\n'
        '`a.all()` is faster.");\n\n'
        "static PyMethodDef bitarray_methods[] = {\n"
        '    {"all", (PyCFunction) bitarray_all, METH_NOARGS,\n     all_doc},\n    {NULL}\n};\n'
    )
    (tmp_path / "_bitarray.c").write_text(code, encoding="utf-8")
    assert c_docstrings(tmp_path) == {
        "all": "all() -> bool\n\nReturn `True` when all bits are 1.\n`a.all()` is faster."
    }


def test_a_table_s_entries_written_by_argument_clinic_macros_are_read(tmp_path: Path) -> None:
    # python-isal's isal_zlibmodule.c lists its functions and methods as ..._METHODDEF
    # macros, each defined over two lines: of the 30 objects its stubs type, 5 were documented.
    code = (
        'PyDoc_STRVAR(isal_zlib_adler32__doc__, "Compute an Adler-32 checksum of data.");\n\n'
        "#define ISAL_ZLIB_ADLER32_METHODDEF    \\\n"
        '    {"adler32", (PyCFunction)(void(*)(void))isal_zlib_adler32, METH_FASTCALL, \\\n'
        "     isal_zlib_adler32__doc__}\n\n"
        "static PyMethodDef IsalZlibMethods[] = {\n"
        "    ISAL_ZLIB_ADLER32_METHODDEF,\n    {NULL}\n};\n"
    )
    (tmp_path / "isal_zlibmodule.c").write_text(code, encoding="utf-8")
    assert c_docstrings(tmp_path) == {"adler32": "Compute an Adler-32 checksum of data."}


def test_a_signature_ended_by_a_dashes_line_is_shown_as_python_gives_it(tmp_path: Path) -> None:
    # python-isal: "compress($module, data, /, level=...)\n--\n\n" showed '$module' in each
    # of 16 signatures and '--' as each text's first line; Python gives the signature without
    # '$module' (or '$self') and keeps it, up to the '--', out of __doc__.
    code = (
        "PyDoc_STRVAR(zlib_compressobj__doc__,\n"
        '"compressobj($module, /, level=ISAL_DEFAULT_COMPRESSION,\\n"\n'
        '"            wbits=MAX_WBITS)\\n"\n"--\\n"\n"\\n"\n"Return a compressor object.");\n'
        'PyDoc_STRVAR(Compress_flush__doc__, "flush($self, mode=Z_FINISH, /)\\n--\\n\\nFlush.");\n'
        "static PyMethodDef methods[] = {\n"
        '    {"compressobj", (PyCFunction)compressobj, METH_FASTCALL, zlib_compressobj__doc__},\n'
        '    {"flush", (PyCFunction)flush, METH_FASTCALL, Compress_flush__doc__},\n    {NULL}\n};\n'
    )
    (tmp_path / "isal_zlibmodule.c").write_text(code, encoding="utf-8")
    assert c_docstrings(tmp_path) == {
        "compressobj": "compressobj(level=ISAL_DEFAULT_COMPRESSION, wbits=MAX_WBITS)\n\n"
        "Return a compressor object.",
        "flush": "flush(mode=Z_FINISH, /)\n\nFlush.",
    }


def test_each_module_takes_the_docstrings_of_the_c_file_that_builds_it(tmp_path: Path) -> None:
    # python-isal: igzip_lib.compress and isal_zlib.compress, both in src/isal/, showed
    # isal_zlibmodule.c's docstring (the later file's), its signature another function's.
    package = tmp_path / "isal"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    for module, doc in (("igzip_lib", "Compress to gzip."), ("isal_zlib", "Compress to zlib.")):
        (package / f"{module}module.c").write_text(
            "static PyMethodDef methods[] = {\n"
            f'    {{"compress", (PyCFunction)compress, METH_FASTCALL, "{doc}"}},\n'
            "    {NULL}\n};\n"
            f"PyMODINIT_FUNC\nPyInit_{module}(void)\n{{\n}}\n",
            encoding="utf-8",
        )
        (package / f"{module}.pyi").write_text("def compress(data: bytes) -> bytes: ...\n")
    source = GriffeSource(tmp_path, ApiSettings(), "src")
    for module, doc in (("igzip_lib", "Compress to gzip."), ("isal_zlib", "Compress to zlib.")):
        found = source.find(f"isal.{module}.compress")
        assert found is not None and [part.text for part in found.doc] == [doc]
