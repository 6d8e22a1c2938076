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
