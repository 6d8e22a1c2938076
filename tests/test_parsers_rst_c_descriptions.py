"""builder.parsers.rst.c_descriptions: the C domain's descriptions as entries of their page."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from builder.parsers import parse_file
from builder.parsers.rst.c_descriptions import c_name

# GSD 2.7.0's C API page, shortened.
PAGE = """C API
=====

Functions
---------

.. c:function:: int gsd_open(struct gsd_handle* handle, \\
                             const char *fname)

    Open a GSD file for reading and writing.

.. c:var:: gsd_error GSD_ERROR_IO

    IO error. Check ``errno`` for details.

Data structures
---------------

.. c:type:: gsd_handle

    Handle to an open GSD file.

    .. c:member:: char application[64]

        Name of the application that generated this file.
"""


def test_c_descriptions_are_entries_anchored_as_sphinx_anchors_them() -> None:
    parsed = parse_file("c-api.rst", PAGE)
    assert parsed is not None
    assert [(s.heading, s.anchor, s.body) for s in parsed.sections] == [
        ("C API", "c-api", ""),
        ("Functions", "functions", ""),
        (
            "gsd_open",
            "c.gsd_open",
            "`int gsd_open(struct gsd_handle* handle, const char *fname)`\n\n"
            "Open a GSD file for reading and writing.",
        ),
        (
            "GSD_ERROR_IO",
            "c.GSD_ERROR_IO",
            "`gsd_error GSD_ERROR_IO`\n\nIO error. Check `errno` for details.",
        ),
        ("Data structures", "data-structures", ""),
        ("gsd_handle", "c.gsd_handle", "`gsd_handle`\n\nHandle to an open GSD file."),
        # A member written in its type's content is the type's.
        (
            "gsd_handle.application",
            "c.gsd_handle.application",
            "`char application[64]`\n\nName of the application that generated this file.",
        ),
    ]


@pytest.mark.parametrize(
    ("kind", "signature", "name"),
    [
        (
            "function",
            "const struct entry_t *gsd_find_chunk(struct gsd_handle *h)",
            "gsd_find_chunk",
        ),
        ("macro", "Py_RETURN_NONE()", "Py_RETURN_NONE"),
        ("macro", "PyObject_HEAD", "PyObject_HEAD"),
        ("member", "int grid[2][3]", "grid"),
        ("enumerator", "GSD_SUCCESS = 0", "GSD_SUCCESS"),
        ("member", "unsigned int flag : 1", "flag"),
        ("function", "void", ""),
        # A function pointer's name is inside its declarator's parentheses (Apache Arrow's
        # stream callbacks, Overviewer's render backend), not the type's or a parameter's.
        ("member", "void (*release)(struct ArrowArrayStream*)", "release"),
        ("type", "int (*handler_t)(void *data)", "handler_t"),
        ("function", "void (*signal(int sig, void (*func)(int)))(int)", "signal"),
        # A member written under its type's name, as Sphinx's own example (and numpy's
        # PyArrayObject members) write it, is anchored by both.
        ("member", "PyObject *PyTypeObject.tp_bases", "PyTypeObject.tp_bases"),
    ],
)
def test_the_declared_name_is_read_from_the_signature(kind: str, signature: str, name: str) -> None:
    assert c_name(kind, signature) == name


def test_a_huge_signature_is_read_in_linear_time() -> None:
    """The name's patterns were tried from each position to the line's end, then the line
    again per suffix taken off: a signature of 200,000 letters, blanks or brackets took
    minutes (quadratic). The subprocess's timeout guards against that hang; it is no timing."""
    script = (
        "from builder.parsers.rst.c_descriptions import c_name\n"
        "print(c_name('member', 'a' * 200_000) == 'a' * 200_000)\n"
        "print(c_name('var', 'x' + ' ' * 200_000 + 'y'), c_name('function', 'f' + ' ' * 200_000))\n"
        "print(repr(c_name('member', '[' * 200_000)), c_name('member', 'f' + '[1]' * 60_000))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True, text=True, timeout=120, check=True, cwd=Path(__file__).parent.parent,
    )  # fmt: skip
    assert done.stdout.split("\n")[:3] == ["True", "y ", "'' f"]


def test_a_signature_of_many_continued_lines_is_joined_in_linear_time() -> None:
    """Each line ending in a backslash was added to the text of all the lines before it: a
    signature of 400,000 continued lines took minutes (quadratic). The subprocess's timeout
    guards against that hang; it is no timing."""
    script = (
        "from builder.parsers import parse_file\n"
        "page = 'C\\n=\\n\\n.. c:function:: int f(int a, \\\\\\n'\n"
        "page += '                 int b, \\\\\\n' * 400_000 + '                 int z)\\n'\n"
        "print([(s.heading, len(s.body)) for s in parse_file('c.rst', page).sections])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True, text=True, timeout=60, check=True, cwd=Path(__file__).parent.parent,
    )  # fmt: skip
    signature = "`int f(int a, " + "int b, " * 400_000 + "int z)`"
    assert done.stdout.split("\n")[0] == f"[('C', 0), ('f', {len(signature)})]"
