"""builder.api.module_doc_names: a module docstring given by another object's."""

from __future__ import annotations

from pathlib import Path

from builder.parsers import parse_file
from tests.api_support import package_source


def test_a_module_s_doc_assigned_from_another_object_is_its_docstring(tmp_path: Path) -> None:
    # pyFFTW 0.13.0's pyfftw/builders/__init__.py: 'from .builders import *' then
    # '__doc__ = builders.__doc__'; the package had no docstring, its overview was lost.
    package = tmp_path / "fftdocs"
    (package / "builders").mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "builders" / "__init__.py").write_text(
        "from .core import *\nfrom . import core\n\n__doc__ = core.__doc__\n", encoding="utf-8"
    )
    (package / "builders" / "core.py").write_text(
        '"""Functions that return plans.\n\nEach works as numpy.fft does."""\n', encoding="utf-8"
    )
    (package / "replaced.py").write_text(
        '"""Its own docstring."""\nimport fftdocs.builders.core as core\n\n'
        "__doc__ = core.__doc__\n",
        encoding="utf-8",
    )
    (package / "unknown.py").write_text("__doc__ = missing.__doc__\n", encoding="utf-8")
    text = (
        "B\n=\n\n.. automodule:: fftdocs.builders\n\n"
        "K\n=\n\n.. automodule:: fftdocs.replaced\n\nU\n=\n\n.. automodule:: fftdocs.unknown\n"
    )
    parsed = parse_file("b.rst", text, package_source(tmp_path))
    assert parsed is not None
    assert [(s.heading, s.body) for s in parsed.sections] == [
        ("B", "Functions that return plans.\n\nEach works as numpy.fft does."),
        # The assignment replaces a docstring written at the top, as the module runs; a
        # name the code cannot follow gives none.
        ("K", "Functions that return plans.\n\nEach works as numpy.fft does."),
        ("U", ""),
    ]


def test_a_doc_assigned_from_a_module_that_assigns_its_own_is_that_one(tmp_path: Path) -> None:
    # The package's '__doc__ = shapes.__doc__' runs after 'from . import shapes', whose own
    # '__doc__ = core.__doc__' has run by then: the package shows core's docstring. The
    # package was read first, while shapes had none yet, and was left with none. A cycle of
    # such assignments ends (Python gives both the docstring of the one imported first).
    package = tmp_path / "chain"
    package.mkdir()
    (package / "__init__.py").write_text(
        "from . import shapes\n\n__doc__ = shapes.__doc__\n", encoding="utf-8"
    )
    (package / "shapes.py").write_text(
        "from . import core\n\n__doc__ = core.__doc__\n", encoding="utf-8"
    )
    (package / "core.py").write_text('"""Shapes and their sides."""\n', encoding="utf-8")
    (package / "ping.py").write_text(
        '"""Ping."""\nfrom . import pong\n\n__doc__ = pong.__doc__\n', encoding="utf-8"
    )
    (package / "pong.py").write_text(
        '"""Pong."""\nfrom . import ping\n\n__doc__ = ping.__doc__\n', encoding="utf-8"
    )
    text = "C\n=\n\n.. automodule:: chain\n\nP\n=\n\n.. automodule:: chain.ping\n"
    parsed = parse_file("c.rst", text, package_source(tmp_path))
    assert parsed is not None
    assert [s.heading for s in parsed.sections] == ["C", "P"]
    assert parsed.sections[0].body == "Shapes and their sides."
    assert parsed.sections[1].body in {"Ping.", "Pong."}
